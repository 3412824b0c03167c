#include "app/analysis/CostModel.h"

#include "app/analysis/MathExpr.h"

#include <QCoreApplication>

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
constexpr const char *kTokensPerSecond = QT_TRANSLATE_NOOP("MathExpr", "tokens per second");
constexpr const char *kUsdPerGpuHour = QT_TRANSLATE_NOOP("MathExpr", "$/GPU-hour");
constexpr const char *kBudgetHours = QT_TRANSLATE_NOOP("MathExpr", "budget hours");

template <typename T>
CostResult runOf(const GpuSpec &gpu, const Workload &w, int gpus, double tokensPerS, double budgetHours,
                 MathLog *math)
{
    using Id = MathTermId;
    CostResult r;
    r.usdPerGpuHour = w.usdPerGpuHour ? w.usdPerGpuHour : gpu.usdPerGpuHour;
    const T gpuCount = Math::input<T>(kGpus, gpus);
    if (powerKnown(gpu)) {
        const T power =
            Math::input<T>("TDP", *gpu.tdpW) * Math::input<T>(kUtilisation, w.utilisation) * gpuCount;
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
    if (tokensPerS > 0.0 && r.usdPerGpuHour) {
        const T rental = Math::input<T>(kUsdPerGpuHour, *r.usdPerGpuHour) * gpuCount / 3600.0 /
                         Math::input<T>(kTokensPerSecond, tokensPerS) * 1e6;
        r.usdPerMillionTokens = Math::value(rental);
        Math::record(math, Id::RentalPerMillionTokens, rental);
    }
    if (r.usdPerGpuHour && budgetHours > 0.0) {
        const T rental = Math::input<T>(kUsdPerGpuHour, *r.usdPerGpuHour) * gpuCount *
                         Math::input<T>(kBudgetHours, budgetHours);
        r.usdForBudget = Math::value(rental);
        Math::record(math, Id::RentalForBudget, rental);
    }
    return r;
}

} // namespace

bool powerKnown(const GpuSpec &gpu)
{
    return gpu.tdpW.value_or(0.0) > 0.0;
}

CostResult run(const GpuSpec &gpu, const Workload &w, int gpus, double tokensPerS, double budgetHours,
               MathLog *math)
{
    return math ? runOf<MathExpr>(gpu, w, gpus, tokensPerS, budgetHours, math)
                : runOf<double>(gpu, w, gpus, tokensPerS, budgetHours, nullptr);
}

} // namespace CostModel
