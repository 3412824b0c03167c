#include "app/analysis/EstimateRanges.h"

#include "app/analysis/OutputQuantity.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace EstimateRanges {

namespace {

// What each kind is called where a number has no band: "no measurements for vllm's decode speed".
QString nameOfKind(const QString &kind)
{
    static const QMap<QString, const char *> names{
        {UncertaintyTable::kDecode, QT_TRANSLATE_NOOP("EstimateRanges", "decode speed")},
        {UncertaintyTable::kPrefill, QT_TRANSLATE_NOOP("EstimateRanges", "prefill speed")},
        {UncertaintyTable::kThroughput, QT_TRANSLATE_NOOP("EstimateRanges", "offline throughput")},
        {UncertaintyTable::kTraining, QT_TRANSLATE_NOOP("EstimateRanges", "training speed")},
        {UncertaintyTable::kServingTtft, QT_TRANSLATE_NOOP("EstimateRanges", "TTFT under load")},
        {UncertaintyTable::kServingTpot, QT_TRANSLATE_NOOP("EstimateRanges", "TPOT under load")},
        {UncertaintyTable::kServingE2e, QT_TRANSLATE_NOOP("EstimateRanges", "latency under load")},
        {UncertaintyTable::kServingThroughput, QT_TRANSLATE_NOOP("EstimateRanges", "throughput under load")},
        {UncertaintyTable::kServingTail, QT_TRANSLATE_NOOP("EstimateRanges", "queueing under load")},
    };
    return QCoreApplication::translate("EstimateRanges", names.value(kind, ""));
}

enum class Direction
{
    Rate,    // tokens/s, MFU: the band as it is
    Inverse, // a time or a price per token: the band inverted
};

struct Number
{
    QString path;
    double value;
    QString kind;
    Direction direction;
    QVector<MathTermId> terms; // the math terms that compute it
};

using K = UncertaintyTable;
constexpr Direction rate = Direction::Rate;
constexpr Direction inverse = Direction::Inverse;

void addInference(const InferenceResult &r, QVector<Number> &numbers)
{
    numbers << Number{OutputQuantities::jsonPath(OutputQuantity::Ttft),
                      r.ttftMs,
                      K::kPrefill,
                      inverse,
                      {MathTermId::TimeToFirstToken}}
            << Number{QStringLiteral("inference.prefill_tokens_per_s"),
                      r.prefillTokensPerS,
                      K::kPrefill,
                      rate,
                      {MathTermId::PrefillTokensPerSecond, MathTermId::SamplesPerSecond}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::Tpot),
                      r.tpotMs,
                      K::kDecode,
                      inverse,
                      {MathTermId::TimePerOutputToken}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::Decode),
                      r.decodeTokensPerS,
                      K::kDecode,
                      rate,
                      {MathTermId::DecodeTokensPerSecond}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::Throughput),
                      r.throughputTokensPerS,
                      K::kThroughput,
                      rate,
                      {MathTermId::EndToEndThroughput}};
}

// Under a load: four statistics of each latency and of the queue, then the throughput.
void addServing(const ServingResult &s, QVector<Number> &numbers)
{
    const auto latency = [&](const char *key, const LatencyStats &stats, const QString &kind,
                             QVector<MathTermId> p90Terms = {}) {
        const auto path = [key](const char *statistic) {
            return QStringLiteral("serving.%1.%2").arg(QLatin1String(key), QLatin1String(statistic));
        };
        numbers << Number{path(LatencyKeys::kMean), stats.mean, kind, inverse, {}}
                << Number{path(LatencyKeys::kP50), stats.p50, kind, inverse, {}}
                // The tails take their metric's band: the calibration measures means and medians,
                // and a tail under load is the same steps' times queued (kServingTail: the queue).
                << Number{path(LatencyKeys::kP90), stats.p90, kind, inverse, p90Terms}
                << Number{path(LatencyKeys::kP99), stats.p99, kind, inverse, {}};
    };
    latency("ttft_ms", s.ttftMs, K::kServingTtft, {MathTermId::ServingTtftP90});
    latency("tpot_ms", s.tpotMs, K::kServingTpot, {MathTermId::ServingTpotP90});
    latency("itl_ms", s.itlMs, K::kServingTpot);
    latency("e2e_ms", s.e2eMs, K::kServingE2e);
    for (const auto &[key, value] :
         {std::pair{LatencyKeys::kMean, s.queueMs.mean}, std::pair{LatencyKeys::kP50, s.queueMs.p50},
          std::pair{LatencyKeys::kP90, s.queueMs.p90}, std::pair{LatencyKeys::kP99, s.queueMs.p99}})
        numbers << Number{QStringLiteral("serving.queue_ms.%1").arg(QLatin1String(key)),
                          value,
                          K::kServingTail,
                          inverse,
                          {}};
    numbers << Number{OutputQuantities::jsonPath(OutputQuantity::ServingThroughput),
                      s.outputTokensPerS,
                      K::kServingThroughput,
                      rate,
                      {MathTermId::ServingOutputTokensPerSecond}}
            << Number{QStringLiteral("serving.output_tokens_per_s_per_gpu"),
                      s.outputTokensPerSPerGpu,
                      K::kServingThroughput,
                      rate,
                      {}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::ServingRequests),
                      s.requestsPerS,
                      K::kServingThroughput,
                      rate,
                      {}};
}

// Training's budget in money and energy comes with its numbers, where the estimate has them.
void addTraining(const Estimate &e, QVector<Number> &numbers)
{
    const TrainingResult &t = *e.training;
    numbers << Number{OutputQuantities::jsonPath(OutputQuantity::TrainingTokens),
                      t.tokensPerS,
                      K::kTraining,
                      rate,
                      {MathTermId::TrainingTokensPerSecond}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::TrainingTokensPerGpu),
                      t.tokensPerSPerGpu,
                      K::kTraining,
                      rate,
                      {}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::TrainingSamples),
                      t.samplesPerS,
                      K::kTraining,
                      rate,
                      {MathTermId::TrainingSamplesPerSecond}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::Mfu),
                      t.mfu,
                      K::kTraining,
                      rate,
                      {MathTermId::Mfu}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::Hfu),
                      t.hfu,
                      K::kTraining,
                      rate,
                      {MathTermId::Hfu}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::StepTime),
                      t.stepTimeS,
                      K::kTraining,
                      inverse,
                      {MathTermId::StepTime}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::BudgetGpuHours),
                      t.budgetGpuHours,
                      K::kTraining,
                      inverse,
                      {MathTermId::BudgetGpuHours}}
            << Number{OutputQuantities::jsonPath(OutputQuantity::BudgetDays),
                      t.budgetHours / 24.0,
                      K::kTraining,
                      inverse,
                      {MathTermId::BudgetHours}};
    if (e.cost.usdForBudget)
        numbers
            << Number{OutputQuantities::jsonPath(OutputQuantity::CostForBudget),
                      *e.cost.usdForBudget,
                      K::kTraining,
                      inverse,
                      {MathTermId::RentalForBudget}}
            << Number{QStringLiteral("cost.usd_for_budget"), *e.cost.usdForBudget, K::kTraining, inverse, {}};
    if (e.powerKnown)
        numbers << Number{OutputQuantities::jsonPath(OutputQuantity::BudgetEnergy),
                          t.budgetEnergyKwh,
                          K::kTraining,
                          inverse,
                          {}};
}

// Cost and energy per token divide by the speed: they follow its band (speedKind), inverted.
void addPerToken(const Estimate &e, const QString &speedKind, QVector<Number> &numbers)
{
    if (e.cost.usdPerMillionTokens)
        numbers << Number{costPath(e),
                          *e.cost.usdPerMillionTokens,
                          speedKind,
                          inverse,
                          {MathTermId::RentalPerMillionTokens}};
    if (e.missingForEnergy().isEmpty())
        numbers << Number{OutputQuantities::jsonPath(OutputQuantity::EnergyPerToken),
                          e.cost.joulesPerToken,
                          speedKind,
                          inverse,
                          {MathTermId::EnergyPerToken}}
                << Number{OutputQuantities::jsonPath(OutputQuantity::ElectricityPerMillion),
                          e.cost.electricityUsdPerMillionTokens,
                          speedKind,
                          inverse,
                          {MathTermId::ElectricityPerMillionTokens}};
}

// The numbers of the estimate that have a range, each with the band it takes; per token ones after the
// speed they divide by (the last of inference, serving and training that the estimate has).
QVector<Number> numbersOf(const Estimate &e)
{
    QVector<Number> numbers;
    QString speedKind;
    if (e.inference) {
        addInference(*e.inference, numbers);
        speedKind = K::kThroughput;
    }
    if (e.serving) {
        addServing(*e.serving, numbers);
        speedKind = K::kServingThroughput;
    }
    if (e.training) {
        addTraining(e, numbers);
        speedKind = K::kTraining;
    }
    if (!speedKind.isEmpty())
        addPerToken(e, speedKind, numbers);
    return numbers;
}

// The band behind a number and what it is called ("llama.cpp decode speed"; named by profile and kind,
// which translate, not by the calibration category's English).
struct Basis
{
    UncertaintyBand band;
    QString name;
};

// The share of a request's time spent in prefill, TTFT / (TTFT + output x TPOT): the output length comes
// back from throughput = requests x output / (TTFT + output x TPOT) with requests = decode tokens/s x TPOT.
// nullopt where the numbers do not give it.
std::optional<double> prefillShareOf(const Estimate &e)
{
    if (!e.inference)
        return std::nullopt;
    const InferenceResult &r = *e.inference;
    const double prefillS = r.ttftMs / 1000.0;
    const double tpotS = r.tpotMs / 1000.0;
    const double rest = r.decodeTokensPerS * tpotS - r.throughputTokensPerS * tpotS;
    if (!(prefillS > 0.0) || !(rest > 0.0))
        return std::nullopt;
    const double decodeS = r.throughputTokensPerS * prefillS / rest * tpotS;
    return prefillS / (prefillS + decodeS);
}

// The band of a number's kind for the profile. Offline throughput where the profile measured only its
// phases (llama.cpp: prefill and decode): its time is the prefill's plus the decode's, so its band is the
// two bands weighted by the time each phase takes (both erring the same way: the cautious sum), or their
// envelope where the shares are not known.
std::optional<Basis> basisOf(const UncertaintyTable &table, const QString &kind, const Estimate &e)
{
    const QString &profileId = e.profileId;
    if (const UncertaintyBand *band = table.find(kind, profileId))
        return Basis{*band,
                     QCoreApplication::translate("EstimateRanges", "%1 %2").arg(profileId, nameOfKind(kind))};
    if (const UncertaintyBand *pooled = table.find(kind, UncertaintyTable::kAnyProfile))
        return Basis{
            *pooled,
            QCoreApplication::translate("EstimateRanges", "every serving engine's %1").arg(nameOfKind(kind))};
    if (kind != UncertaintyTable::kThroughput)
        return std::nullopt;
    const UncertaintyBand *prefill = table.find(UncertaintyTable::kPrefill, profileId);
    const UncertaintyBand *decode = table.find(UncertaintyTable::kDecode, profileId);
    if (!prefill || !decode)
        return std::nullopt;
    UncertaintyBand combined = *prefill;
    combined.kind = kind;
    combined.points = prefill->points + decode->points;
    if (const std::optional<double> share = prefillShareOf(e)) {
        // A rate's band inverted is its time's; the time's bounds add by share.
        const double fastest =
            *share * std::exp(-prefill->highLog) + (1.0 - *share) * std::exp(-decode->highLog);
        const double slowest =
            *share * std::exp(-prefill->lowLog) + (1.0 - *share) * std::exp(-decode->lowLog);
        combined.lowLog = -std::log(slowest);
        combined.highLog = -std::log(fastest);
    } else {
        combined.lowLog = std::min(prefill->lowLog, decode->lowLog);
        combined.highLog = std::max(prefill->highLog, decode->highLog);
    }
    return Basis{combined,
                 QCoreApplication::translate("EstimateRanges", "%1 prefill and decode speed").arg(profileId)};
}

// How far a GPU's numbers may stray beyond the band for each factor it inherits rather than has measured,
// on a log scale each way:
//  - a software stack the profile never measured: kUnmeasuredStackLog (EstimateRanges.h);
//  - no matmul microbenchmark: the 10th-90th percentile of the 20 measured matmul shares about the typical
//    0.80 (0.59 to 1.05): about ln(1.05 / 0.80) = 0.27 to ln(0.80 / 0.59) = 0.30, taken as 0.29;
//  - no memory microbenchmark: the same of the 9 measured memory shares about 0.87 (0.80 to 0.92): 0.08.
constexpr double kDerivedMatmulShareLog = 0.29;
constexpr double kDerivedMemoryShareLog = 0.08;

// How much the factors the estimate inherits widen its band each way, and what they are.
double inheritedWidening(const Estimate &e, QStringList &why)
{
    double widen = 0.0;
    if (!e.uncalibratedStack.isEmpty()) {
        widen += kUnmeasuredStackLog;
        why << QCoreApplication::translate("EstimateRanges", "no %1 measurements").arg(e.uncalibratedStack);
    }
    if (e.matmulShareDerived) {
        widen += kDerivedMatmulShareLog;
        why << QCoreApplication::translate("EstimateRanges", "matmul share assumed");
    } else if (e.memoryShareDerived) {
        widen += kDerivedMemoryShareLog;
        why << QCoreApplication::translate("EstimateRanges", "memory share assumed");
    }
    return widen;
}

// The band widened on both sides for the factors the estimate inherits, and named so.
Basis widenedForInherited(Basis basis, const Estimate &e)
{
    QStringList why;
    const double widen = inheritedWidening(e, why);
    if (widen <= 0.0)
        return basis;
    basis.band.lowLog -= widen;
    basis.band.highLog += widen;
    basis.name = QCoreApplication::translate("EstimateRanges", "%1, widened: %2")
                     .arg(basis.name, why.join(QStringLiteral("; ")));
    return basis;
}

ValueRange rangeOf(const Number &number, const Basis &basis)
{
    const UncertaintyBand &band = basis.band;
    const double lowFactor =
        number.direction == Direction::Rate ? std::exp(band.lowLog) : std::exp(-band.highLog);
    const double highFactor =
        number.direction == Direction::Rate ? std::exp(band.highLog) : std::exp(-band.lowLog);
    return ValueRange{number.value * lowFactor, number.value * highFactor, number.value, basis.name,
                      band.points};
}

} // namespace

void attach(Estimate &e, const UncertaintyTable &table)
{
    e.ranges.clear();
    e.unranged.clear();
    if (!e.speedKnown())
        return;
    if (e.memoryKnown())
        e.unranged.insert(OutputQuantities::jsonPath(OutputQuantity::MemoryPerGpu),
                          QCoreApplication::translate(
                              "EstimateRanges", "no measurements for memory: a formula, not calibrated"));
    for (const Number &number : numbersOf(e)) {
        if (!std::isfinite(number.value) || number.value <= 0.0)
            continue;
        QString text;
        if (std::optional<Basis> basis = basisOf(table, number.kind, e)) {
            if (e.inheritsFactors())
                basis = widenedForInherited(*basis, e);
            const ValueRange range = rangeOf(number, *basis);
            e.ranges.insert(number.path, range);
            text = range.text();
        } else {
            text = QCoreApplication::translate("EstimateRanges", "no measurements for %1's %2")
                       .arg(e.profileId, nameOfKind(number.kind));
            e.unranged.insert(number.path, text);
        }
        for (MathTerm &term : e.math)
            if (number.terms.contains(term.id))
                term.range = text;
    }
}

QString speedPath(const Estimate &e)
{
    if (e.training)
        return OutputQuantities::jsonPath(OutputQuantity::TrainingTokens);
    if (e.serving)
        return OutputQuantities::jsonPath(OutputQuantity::ServingThroughput);
    return OutputQuantities::jsonPath(OutputQuantity::Throughput);
}

QString costPath(const Estimate &)
{
    return OutputQuantities::jsonPath(OutputQuantity::CostPerMillion);
}

std::optional<NumberKind> kindOf(const Estimate &e, const QString &path)
{
    for (const Number &number : numbersOf(e))
        if (number.path == path)
            return NumberKind{number.kind, number.direction == Direction::Inverse};
    return std::nullopt;
}

QString kindName(const QString &kind)
{
    return nameOfKind(kind);
}

double inheritedLog(const Estimate &e)
{
    QStringList why;
    return e.inheritsFactors() ? inheritedWidening(e, why) : 0.0;
}

const ValueRange *find(const Estimate &e, const QString &path)
{
    const auto it = e.ranges.constFind(path);
    return it == e.ranges.cend() ? nullptr : &it.value();
}

} // namespace EstimateRanges
