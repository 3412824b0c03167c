#include "app/analysis/CostModel.h"

#include "app/analysis/MathExpr.h"
#include "app/analysis/NumberText.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace CostModel {

QString tokensCounted(Task task)
{
    return Tasks::isTraining(task) ? QCoreApplication::translate("CostModel", "training tokens")
                                   : QCoreApplication::translate("CostModel", "output tokens");
}

QString tokenCounted(Task task)
{
    return Tasks::isTraining(task) ? QCoreApplication::translate("CostModel", "training token")
                                   : QCoreApplication::translate("CostModel", "output token");
}

namespace {

// The words of the formulas, translated when the math is built.
constexpr const char *kGpus = QT_TRANSLATE_NOOP("MathExpr", "GPUs");
constexpr const char *kUtilisation = QT_TRANSLATE_NOOP("MathExpr", "utilisation");
constexpr const char *kBusy = QT_TRANSLATE_NOOP("MathExpr", "busy fraction");
constexpr const char *kFloor = QT_TRANSLATE_NOOP("MathExpr", "floor");
constexpr const char *kBusyDraw = QT_TRANSLATE_NOOP("MathExpr", "busy draw");
constexpr const char *kTokensPerSecond = QT_TRANSLATE_NOOP("MathExpr", "tokens per second");
constexpr const char *kUsdPerGpuHour = QT_TRANSLATE_NOOP("MathExpr", "$/GPU-hour");
constexpr const char *kBudgetHours = QT_TRANSLATE_NOOP("MathExpr", "budget hours");
constexpr const char *kLaunchPrice = QT_TRANSLATE_NOOP("MathExpr", "launch price");
constexpr const char *kYears = QT_TRANSLATE_NOOP("MathExpr", "years");
constexpr const char *kHoursAYear = QT_TRANSLATE_NOOP("MathExpr", "hours a year");

// Power per GPU, in W, as the math shows it.
template <typename T> T powerPerGpu(const GpuSpec &gpu, const Workload &w, double busyFraction)
{
    const T tdp = Math::input<T>("TDP", *gpu.tdpW);
    if (w.utilisation)
        return tdp * Math::input<T>(kUtilisation, *w.utilisation);
    const T floor = Math::input<T>(kFloor, kFloorPowerFraction);
    return tdp * (floor + (Math::input<T>(kBusyDraw, kBusyPowerFraction) - floor) *
                              Math::input<T>(kBusy, busyFraction));
}

bool hasPurchasePrice(const GpuSpec &gpu)
{
    return gpu.priceUsd.value_or(0.0) > 0.0;
}

bool hasRentalPrice(const GpuSpec &gpu, const Workload &w)
{
    return bool(w.usdPerGpuHour) || bool(gpu.usdPerGpuHour);
}

// Which price a GPU-hour has (run()'s order).
CostBasis basisOf(const GpuSpec &gpu, const Workload &w)
{
    const bool launchPrice = hasPurchasePrice(gpu);
    if (w.priceBasis == CostBasis::Rental)
        return hasRentalPrice(gpu, w) ? CostBasis::Rental : CostBasis::None;
    if (w.priceBasis == CostBasis::Owned)
        return launchPrice ? CostBasis::Owned : CostBasis::None;
    if (w.usdPerGpuHour)
        return CostBasis::Rental;
    if (w.ownsCards && launchPrice)
        return CostBasis::Owned;
    if (gpu.usdPerGpuHour)
        return CostBasis::Rental;
    return launchPrice ? CostBasis::Owned : CostBasis::None;
}

template <typename T>
CostResult runOf(const GpuSpec &gpu, const Workload &w, int gpus, double busyFraction, double tokensPerS,
                 double budgetHours, MathLog *math)
{
    using Id = MathTermId;
    CostResult r;
    r.busyFraction = std::clamp(busyFraction, 0.0, 1.0);
    r.basis = basisOf(gpu, w);
    r.comparisonBasis = w.priceBasis.value_or(r.basis);
    const T gpuCount = Math::input<T>(kGpus, gpus);
    if (powerKnown(gpu)) {
        const T power = powerPerGpu<T>(gpu, w, r.busyFraction) * gpuCount;
        r.powerW = Math::value(power);
        Math::record(math, Id::Power, power);
        if (tokensPerS > 0.0) {
            const T joules = Math::named(power, Id::Power) / Math::input<T>(kTokensPerSecond, tokensPerS);
            r.joulesPerToken = Math::value(joules);
            Math::record(math, Id::EnergyPerToken, joules);
            const T electricity =
                Math::named(joules, Id::EnergyPerToken) * 1e6 / 3.6e6 * Math::input<T>("$/kWh", w.usdPerKwh);
            r.electricityUsdPerMillionTokens = Math::value(electricity);
            Math::record(math, Id::ElectricityPerMillionTokens, electricity);
        }
    }
    if (r.basis == CostBasis::Rental)
        r.usdPerGpuHour = w.usdPerGpuHour ? w.usdPerGpuHour : gpu.usdPerGpuHour;
    if (r.basis == CostBasis::Owned) {
        // Paid off over the years at every hour of them: a card busy half the time costs twice as much per
        // hour of work.
        const T purchase = Math::input<T>(kLaunchPrice, *gpu.priceUsd) /
                           (Math::input<T>(kYears, w.ownYears) * Math::input<T>(kHoursAYear, kHoursPerYear));
        r.ownedPurchaseUsdPerHour = Math::value(purchase);
        r.ownYears = w.ownYears;
        r.usdPerKwh = w.usdPerKwh;
        T owned = purchase;
        if (powerKnown(gpu)) {
            const T electricity =
                powerPerGpu<T>(gpu, w, r.busyFraction) / 1000.0 * Math::input<T>("$/kWh", w.usdPerKwh);
            r.ownedPowerUsdPerHour = Math::value(electricity);
            owned = owned + electricity;
        }
        r.usdPerGpuHour = Math::value(owned);
        Math::record(math, Id::OwnedPerGpuHour, owned);
    }
    if (tokensPerS > 0.0 && r.usdPerGpuHour) {
        const T cost = Math::input<T>(kUsdPerGpuHour, *r.usdPerGpuHour) * gpuCount / 3600.0 /
                       Math::input<T>(kTokensPerSecond, tokensPerS) * 1e6;
        r.usdPerMillionTokens = Math::value(cost);
        Math::record(math, Id::RentalPerMillionTokens, cost);
    }
    if (r.usdPerGpuHour && budgetHours > 0.0) {
        const T cost = Math::input<T>(kUsdPerGpuHour, *r.usdPerGpuHour) * gpuCount *
                       Math::input<T>(kBudgetHours, budgetHours);
        r.usdForBudget = Math::value(cost);
        Math::record(math, Id::RentalForBudget, cost);
    }
    return r;
}

} // namespace

bool powerKnown(const GpuSpec &gpu)
{
    return gpu.tdpW.value_or(0.0) > 0.0;
}

double inferenceBusyFraction(double floorS, int outputTokens, double ttftS, double tpotS)
{
    const double seconds = ttftS + std::max(0, outputTokens) * tpotS;
    if (!(seconds > 0.0) || !(floorS >= 0.0))
        return 1.0; // nothing to judge by: as busy as it gets, the higher power
    return std::clamp(1.0 - (1.0 + std::max(0, outputTokens)) * floorS / seconds, 0.0, 1.0);
}

double trainingBusyFraction(const TrainingResult::Breakdown &b)
{
    const double total = b.total();
    return total > 0.0 ? std::clamp((b.compute + b.recompute + b.optimizer) / total, 0.0, 1.0) : 1.0;
}

double powerFraction(const Workload &w, double busyFraction)
{
    if (w.utilisation)
        return *w.utilisation;
    return kFloorPowerFraction +
           (kBusyPowerFraction - kFloorPowerFraction) * std::clamp(busyFraction, 0.0, 1.0);
}

CostBasis comparisonBasis(const QVector<GpuSpec> &gpus, const Workload &w)
{
    if (w.usdPerGpuHour)
        return CostBasis::Rental;
    if (w.ownsCards)
        return CostBasis::Owned;
    const auto rented = std::count_if(gpus.cbegin(), gpus.cend(),
                                      [&w](const GpuSpec &gpu) { return hasRentalPrice(gpu, w); });
    const auto owned = std::count_if(gpus.cbegin(), gpus.cend(), hasPurchasePrice);
    if (rented == gpus.size())
        return CostBasis::Rental;
    if (owned == gpus.size())
        return CostBasis::Owned;
    return owned > rented ? CostBasis::Owned : CostBasis::Rental;
}

Workload withComparisonBasis(const QVector<GpuSpec> &gpus, Workload w)
{
    if (!w.priceBasis)
        w.priceBasis = comparisonBasis(gpus, w);
    return w;
}

QString comparisonBasisText(const QVector<Estimate> &estimates)
{
    if (estimates.isEmpty())
        return {};
    const CostBasis basis = estimates.first().cost.comparisonBasis;
    if (basis == CostBasis::Rental)
        return QCoreApplication::translate("CostModel", "costs rented at each GPU's rental rate");
    if (basis != CostBasis::Owned)
        return {};
    // The years and the electricity price are the workload's, the same on every owned GPU.
    const auto owned = std::find_if(estimates.cbegin(), estimates.cend(),
                                    [](const Estimate &e) { return e.cost.basis == CostBasis::Owned; });
    if (owned == estimates.cend())
        return QCoreApplication::translate("CostModel", "costs owned (no GPU here has a purchase price)");
    const double years = owned->cost.ownYears;
    return QCoreApplication::translate("CostModel",
                                       "costs owned over %1 years: purchase price plus power at $%2/kWh")
        .arg(NumberText::fixed(years, years == std::floor(years) ? 0 : 1),
             NumberText::fixed(owned->cost.usdPerKwh, 2));
}

QString basisText(const CostResult &cost)
{
    switch (cost.basis) {
    case CostBasis::None:
        if (cost.comparisonBasis == CostBasis::Rental)
            return QCoreApplication::translate("CostModel", "no rental price");
        if (cost.comparisonBasis == CostBasis::Owned)
            return QCoreApplication::translate("CostModel", "no purchase price");
        return QCoreApplication::translate("CostModel", "no price");
    case CostBasis::Rental:
        return QCoreApplication::translate("CostModel", "rental");
    case CostBasis::Owned:
        break;
    }
    const QString years =
        NumberText::fixed(cost.ownYears, cost.ownYears == std::floor(cost.ownYears) ? 0 : 1);
    const QString purchase = QStringLiteral("$") + NumberText::fixed(cost.ownedPurchaseUsdPerHour, 2);
    if (cost.powerW <= 0.0)
        return QCoreApplication::translate("CostModel", "owned: %1/h over %2 y, power unknown")
            .arg(purchase, years);
    return QCoreApplication::translate("CostModel", "owned: %1/h over %2 y + power at $%3/kWh")
        .arg(purchase, years, NumberText::fixed(cost.usdPerKwh, 2));
}

CostResult run(const GpuSpec &gpu, const Workload &w, int gpus, double busyFraction, double tokensPerS,
               double budgetHours, MathLog *math)
{
    return math ? runOf<MathExpr>(gpu, w, gpus, busyFraction, tokensPerS, budgetHours, math)
                : runOf<double>(gpu, w, gpus, busyFraction, tokensPerS, budgetHours, nullptr);
}

} // namespace CostModel
