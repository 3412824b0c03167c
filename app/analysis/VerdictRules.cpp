#include "app/analysis/VerdictRules.h"

#include "app/analysis/CostModel.h"
#include "app/analysis/EstimateRanges.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/MissingSpecs.h"
#include "app/analysis/NumberText.h"
#include "app/analysis/PairRanges.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace VerdictLevels {
QString name(VerdictLevel level)
{
    // Identifiers for --json and the command line, not translated; the window shows VerdictPanel::levelText.
    switch (level) {
    case VerdictLevel::Recommended:
        return QStringLiteral("recommended");
    case VerdictLevel::Suitable:
        return QStringLiteral("suitable");
    case VerdictLevel::Limited:
        return QStringLiteral("limited");
    case VerdictLevel::Unsuitable:
        return QStringLiteral("unsuitable");
    }
    return {};
}
} // namespace VerdictLevels

namespace VerdictRules {

namespace {

double deploymentSpeedOf(const Estimate &estimate)
{
    if (estimate.training)
        return estimate.training->tokensPerS;
    if (estimate.serving) // under load: what the deployment sustains, not one batch
        return estimate.serving->outputTokensPerS;
    if (estimate.inference)
        return estimate.inference->throughputTokensPerS;
    return 0.0;
}

// Deployments of different sizes (the other task's verdict, each GPU on the fewest that hold it) are compared
// per GPU: 32 H100 against 16 H200 says nothing about either GPU.
bool differentSizes(const QVector<Estimate> &estimates)
{
    int gpus = 0;
    for (const Estimate &e : estimates) {
        if (!e.fits)
            continue;
        if (gpus != 0 && e.parallelism.gpus != gpus)
            return true;
        gpus = e.parallelism.gpus;
    }
    return false;
}

// In the user's locale, as the table writes its numbers ("18,32" in German); the command line sets en_US.
QString fmt(double value, int decimals = 0)
{
    return NumberText::fixed(value, decimals, QLocale());
}

// A reason's list, after noting what the reason is about (Verdict::topics, one per reason).
QStringList &reason(Verdict &verdict, VerdictTopic topic)
{
    verdict.topics << topic;
    return verdict.reasons;
}

void worsen(Verdict &verdict, VerdictLevel level)
{
    verdict.level = std::max(verdict.level, level);
}

// The ratio of a's number at `path` to b's with its 80% range from the calibration's GPU pairs
// (PairRanges, as the answer strip says it), when that range holds 1: the estimator cannot tell the two
// apart, so neither is called faster or cheaper. nullopt when it can, or the ratio has no range.
std::optional<PairRatio> sameAs(const Estimate &a, const Estimate &b, const QString &path,
                                const UncertaintyTable &table)
{
    const std::optional<PairRatio> ratio = PairRanges::ratio({a, b}, 0, 1, path, table);
    if (ratio && ratio->aboutTheSame())
        return ratio;
    return std::nullopt;
}

// The load the user described, and the targets when set: a missed target outweighs speed and price.
void judgeLoad(const ServingResult &s, Verdict &v)
{
    const QString load =
        s.concurrency > 0
            ? QCoreApplication::translate("VerdictRules", "at %n concurrent user(s)", nullptr, s.concurrency)
            : QCoreApplication::translate("VerdictRules", "at %1 requests/s")
                  .arg(QString::number(s.requestRate, 'g', 4));
    const QString latency = QCoreApplication::translate("VerdictRules", "TTFT p90 %1 ms, TPOT p90 %2 ms")
                                .arg(fmt(s.ttftMs.p90), fmt(s.tpotMs.p90, 1));
    if (!s.meetsSlo) {
        reason(v, VerdictTopic::Load)
            << QCoreApplication::translate("VerdictRules", "%1: %2").arg(load, latency);
        return;
    }
    // The one judgement (ServingLoad::missedTargets): the same list the answer strip and the table read.
    const int most = s.maxConcurrencyWithinSlo.value_or(0);
    const QString upTo =
        s.maxConcurrencyCapped
            ? QCoreApplication::translate("VerdictRules", "at least %n user(s) (the search stops there)",
                                          nullptr, most)
            : QCoreApplication::translate("VerdictRules", "up to %n user(s)", nullptr, most);
    if (s.missedTargets.isEmpty()) {
        reason(v, VerdictTopic::Load)
            << QCoreApplication::translate("VerdictRules", "meets the targets %1: %2; %3")
                   .arg(load, latency, upTo);
        return;
    }
    QStringList missed;
    for (const MissedTarget &m : s.missedTargets)
        if (m.which != MissedTarget::Which::Served)
            missed << QCoreApplication::translate("VerdictRules", "%1 over its target of %2 ms")
                          .arg(m.which == MissedTarget::Which::TtftP90
                                   ? QCoreApplication::translate("VerdictRules", "TTFT p90")
                                   : QCoreApplication::translate("VerdictRules", "TPOT p90"),
                               fmt(m.target, m.target == std::round(m.target) ? 0 : 1));
    const QString which = missed.isEmpty()
                              ? latency
                              : latency + QStringLiteral(" (") + missed.join(QStringLiteral(", ")) + u')';
    worsen(v, most == 0 ? VerdictLevel::Unsuitable : VerdictLevel::Limited);
    reason(v, VerdictTopic::Load)
        << (most == 0
                ? QCoreApplication::translate("VerdictRules",
                                              "misses the targets %1: %2; not even one user meets them")
                      .arg(load, which)
                : QCoreApplication::translate("VerdictRules", "misses the targets %1: %2; meets them %3")
                      .arg(load, which, upTo));
}

// What every GPU is measured against: the fastest and the cheapest fitting GPU of the comparison, and the
// strongest dense compute. Worked out once, before any verdict, as each verdict compares with all GPUs.
struct Leaders
{
    bool perGpu = false; // differentSizes: speeds are compared per GPU
    QString unit;        // the speed's unit in the reasons
    double best = 0.0;
    QString bestName;
    const Estimate *bestEstimate = nullptr;
    double cheapest = 0.0;
    const Estimate *cheapestEstimate = nullptr;
    double bestDense = 0.0;
    QString bestDenseName;
    const UncertaintyTable *table = nullptr; // the pair ranges' residuals

    double speedOf(const Estimate &e) const
    {
        return perGpu ? deploymentSpeedOf(e) / std::max(1, e.parallelism.gpus) : deploymentSpeedOf(e);
    }
};

Leaders leadersOf(const QVector<GpuSpec> &gpus, const QVector<Estimate> &estimates, bool training)
{
    Leaders l;
    l.perGpu = differentSizes(estimates);
    for (qsizetype i = 0; i < estimates.size(); ++i) {
        const Estimate &e = estimates[i];
        if (e.fits && !e.speedOutOfRange && l.speedOf(e) > l.best) {
            l.best = l.speedOf(e);
            l.bestName = e.gpuName;
            l.bestEstimate = &e;
        }
        if (e.fits && e.cost.usdPerMillionTokens &&
            (l.cheapest == 0.0 || *e.cost.usdPerMillionTokens < l.cheapest)) {
            l.cheapest = *e.cost.usdPerMillionTokens;
            l.cheapestEstimate = &e;
        }
        const double dense = gpus[i].fp16DenseTflops.value_or(0.0);
        if (dense > l.bestDense) {
            l.bestDense = dense;
            l.bestDenseName = gpus[i].displayName();
        }
    }
    l.unit = l.perGpu   ? (training ? QCoreApplication::translate("VerdictRules", "training tokens/s per GPU")
                                    : QCoreApplication::translate("VerdictRules", "tokens/s per GPU"))
             : training ? QCoreApplication::translate("VerdictRules", "training tokens/s")
                        : QCoreApplication::translate("VerdictRules", "tokens/s");
    return l;
}

// Rule 0, first half: without the memory size nothing can be judged; without the bandwidth or the compute
// rate the fit and the links are judged, the speed is not (cannotJudgeSpeed). True when the verdict is final.
bool cannotJudge(const Estimate &e, Verdict &v)
{
    if (!e.memoryKnown()) {
        v.level = VerdictLevel::Unsuitable;
        reason(v, VerdictTopic::MissingSpecs)
            << QCoreApplication::translate("VerdictRules", "cannot judge it: %1 (not in the catalogue)")
                   .arg(MissingSpecs::needsText(e.missing));
        return true;
    }
    if (e.speedKnown() && !e.inference && !e.training) {
        v.level = VerdictLevel::Unsuitable;
        reason(v, VerdictTopic::Other)
            << (e.notes.isEmpty() ? QCoreApplication::translate("VerdictRules", "cannot estimate this GPU")
                                  : e.notes.constFirst());
        return true;
    }
    return false;
}

// Rule 1: does it fit, and if not, on how many GPUs would it.
void judgeFit(const Estimate &e, const GpuSpec &gpu, Verdict &v)
{
    if (e.fits) {
        reason(v, VerdictTopic::Fit) << QCoreApplication::translate(
                                            "VerdictRules", "fits: %1 GB of %2 GB per GPU on %n GPU(s)",
                                            nullptr, e.parallelism.gpus)
                                            .arg(fmt(e.perGpuGb, 1), fmt(e.capacityGb, 0));
        return;
    }
    if (!e.unfitReason.isEmpty()) {
        worsen(v, VerdictLevel::Limited);
        reason(v, VerdictTopic::Fit) << e.unfitReason;
    } else if (e.minGpus == 0) {
        worsen(v, VerdictLevel::Unsuitable);
        reason(v, VerdictTopic::Fit) << QCoreApplication::translate(
                                            "VerdictRules",
                                            "does not fit: %1 GB per GPU needed of %2 GB, and no count up to "
                                            "1024 GPUs holds it")
                                            .arg(fmt(e.perGpuGb, 1), fmt(e.capacityGb, 0));
    } else if (e.minGpus > 8) {
        // Beyond one node: routine for switch-fabric GPUs (HGX/DGX, OAM platforms, joined by the
        // cluster network), impractical for cards that link in pairs or over PCIe only.
        const bool scalesOut = gpu.interconnectKind == QStringLiteral("nvlink-switch") ||
                               gpu.interconnectKind == QStringLiteral("infinity-fabric");
        worsen(v, scalesOut ? VerdictLevel::Limited : VerdictLevel::Unsuitable);
        reason(v, VerdictTopic::Fit)
            << (scalesOut ? QCoreApplication::translate(
                                "VerdictRules", "needs %1 GPUs, more than one 8-GPU node: a multi-node "
                                                "cluster whose network sets the pace; %2 GB per GPU with %3")
                          : QCoreApplication::translate(
                                "VerdictRules", "needs %1 GPUs, more than one 8-GPU node, and this card "
                                                "has no switch fabric to scale out; %2 GB per GPU with %3"))
                   .arg(e.minGpus)
                   .arg(fmt(e.perGpuGb, 1))
                   .arg(e.parallelism.gpus);
    } else {
        worsen(v, VerdictLevel::Limited);
        reason(v, VerdictTopic::Fit)
            << QCoreApplication::translate(
                   "VerdictRules", "does not fit on %n GPU(s): %1 GB per GPU needed of %2 GB; needs %3 GPUs",
                   nullptr, e.parallelism.gpus)
                   .arg(fmt(e.perGpuGb, 1), fmt(e.capacityGb, 0))
                   .arg(e.minGpus);
    }
}

// Rule 2: the links between the GPUs it runs on, or would need when it does not fit.
void judgeLinks(const Estimate &e, const GpuSpec &gpu, bool training, Verdict &v)
{
    const int groupSize = e.fits ? e.parallelism.gpus : std::max(e.parallelism.gpus, e.minGpus);
    if (groupSize <= 1)
        return;
    const LinkInfo link = GpuCapabilities::link(gpu, groupSize);
    if (link.nvlink)
        return;
    worsen(v, training ? VerdictLevel::Limited : VerdictLevel::Suitable);
    reason(v, VerdictTopic::Links)
        << (training ? QCoreApplication::translate("VerdictRules",
                                                   "no NVLink for %1 GPUs: gradient all-reduce and tensor "
                                                   "parallelism go over PCIe "
                                                   "(%2 GB/s per direction), poor for multi-GPU training")
                     : QCoreApplication::translate("VerdictRules",
                                                   "no NVLink for %1 GPUs: tensor/pipeline traffic goes over "
                                                   "PCIe (%2 GB/s per direction)"))
               .arg(groupSize)
               .arg(fmt(link.unidirectionalGBs));
}

// Rule 0, second half: never recommended on a speed it cannot estimate, nor on one out of range; never the
// best either (leadersOf skips them). True when the verdict is final: speed and cost are not judged.
bool cannotJudgeSpeed(const Estimate &e, Verdict &v)
{
    if (!e.speedKnown()) {
        worsen(v, VerdictLevel::Limited);
        reason(v, VerdictTopic::MissingSpecs)
            << QCoreApplication::translate("VerdictRules",
                                           "cannot judge its speed: %1 (not in the catalogue)")
                   .arg(MissingSpecs::needsText(e.missing));
        return true;
    }
    if (e.speedOutOfRange) {
        worsen(v, VerdictLevel::Unsuitable);
        reason(v, VerdictTopic::Speed) << QCoreApplication::translate(
            "VerdictRules", "speed out of range: a datasheet value of this GPU is far off; check its "
                            "compute and bandwidth in the catalogue");
        return true;
    }
    return false;
}

// Rule 3: the speed against the fastest fitting GPU; about the same when their ranges cannot tell them
// apart (not compared so across deployments of different sizes).
void judgeSpeed(const Estimate &e, const Leaders &l, Verdict &v)
{
    if (!(e.fits && l.best > 0.0))
        return;
    const double speed = l.speedOf(e);
    const double ratio = speed / l.best;
    const std::optional<PairRatio> same =
        ratio < 1.0 && !l.perGpu ? sameAs(e, *l.bestEstimate, EstimateRanges::speedPath(e), *l.table)
                                 : std::nullopt;
    if (same) {
        reason(v, VerdictTopic::Speed)
            << QCoreApplication::translate("VerdictRules",
                                           "%1 %2, about the same as the fastest here (%3 %4, %5)")
                   .arg(fmt(speed), l.unit, same->ratioText(), l.bestName, same->rangeText());
    } else if (ratio >= 0.75) {
        reason(v, VerdictTopic::Speed)
            << QCoreApplication::translate("VerdictRules", "%1 %2, %3% of the fastest here")
                   .arg(fmt(speed), l.unit, fmt(ratio * 100.0));
    } else if (ratio >= 0.35) {
        worsen(v, VerdictLevel::Suitable);
        reason(v, VerdictTopic::Speed)
            << QCoreApplication::translate("VerdictRules", "%1 %2, %3% of the fastest here (%4)")
                   .arg(fmt(speed), l.unit, fmt(ratio * 100.0), l.bestName);
    } else {
        worsen(v, VerdictLevel::Limited);
        reason(v, VerdictTopic::Speed)
            << QCoreApplication::translate("VerdictRules", "slow: %1 %2, %3% of the fastest here (%4)")
                   .arg(fmt(speed), l.unit, fmt(ratio * 100.0), l.bestName);
    }
}

// The fastest on a factor it inherits is said to be so; on a stack nobody measured it is not
// recommended on speed it was never seen to reach.
void judgeInheritedLead(const Estimate &e, const Leaders &l, qsizetype gpuCount, Verdict &v)
{
    if (!e.fits || &e != l.bestEstimate || gpuCount <= 1 || !e.inheritsFactors())
        return;
    if (!e.uncalibratedStack.isEmpty())
        worsen(v, VerdictLevel::Suitable);
    reason(v, VerdictTopic::Speed)
        << (e.uncalibratedStack.isEmpty()
                ? QCoreApplication::translate("VerdictRules",
                                              "fastest here with an achievable share assumed, not "
                                              "measured (see the notes)")
                : QCoreApplication::translate("VerdictRules",
                                              "fastest here on efficiencies measured on other stacks "
                                              "than %1 (see the notes)")
                      .arg(e.uncalibratedStack));
}

// Rule 4: the cost against the cheapest fitting GPU; a costly one drops a level unless the ranges cannot
// tell the two costs apart.
void judgeCost(const Estimate &e, const Leaders &l, Verdict &v)
{
    if (!(e.fits && e.cost.usdPerMillionTokens && l.cheapest > 0.0))
        return;
    const double usd = *e.cost.usdPerMillionTokens;
    const double ratio = usd / l.cheapest;
    const std::optional<PairRatio> same =
        ratio > 1.05 ? sameAs(e, *l.cheapestEstimate, EstimateRanges::costPath(e), *l.table) : std::nullopt;
    if (same) {
        reason(v, VerdictTopic::Cost)
            << QCoreApplication::translate("VerdictRules",
                                           "$%1 per million %2, about the same as the cheapest here "
                                           "(%3 its cost, %4)")
                   .arg(fmt(usd, 2), CostModel::tokensCounted(e.task), same->ratioText(), same->rangeText());
    } else if (ratio > 2.0) {
        worsen(v, v.level == VerdictLevel::Recommended ? VerdictLevel::Suitable : VerdictLevel::Limited);
        reason(v, VerdictTopic::Cost)
            << QCoreApplication::translate("VerdictRules",
                                           "costly: $%1 per million %3, %2x the cheapest here")
                   .arg(fmt(usd, 2), fmt(ratio, 1), CostModel::tokensCounted(e.task));
    } else if (ratio <= 1.05) {
        reason(v, VerdictTopic::Cost)
            << QCoreApplication::translate("VerdictRules", "lowest cost here: $%1 per million %2")
                   .arg(fmt(usd, 2), CostModel::tokensCounted(e.task));
    }
}

// Rule 5, training only (compute decides training; decode is decided by bandwidth): dense against the
// strongest, and a warning where another GPU's sparse figure would mislead.
void judgeDenseCompute(const GpuSpec &gpu, const QVector<GpuSpec> &gpus, const Leaders &l, Verdict &v)
{
    const double dense = gpu.fp16DenseTflops.value_or(0.0);
    const double sparse = gpu.fp16SparseTflops.value_or(0.0);
    if (dense > 0.0 && dense < l.bestDense)
        reason(v, VerdictTopic::DenseCompute)
            << QCoreApplication::translate(
                   "VerdictRules", "dense FP16/BF16 tensor %1 TFLOPS, %2x the strongest here (%3, %4)")
                   .arg(fmt(dense, 1), fmt(dense / l.bestDense, 2), l.bestDenseName, fmt(l.bestDense, 1));
    const GpuSpec *misleading = nullptr;
    for (const GpuSpec &other : gpus) {
        const double otherDense = other.fp16DenseTflops.value_or(0.0);
        // Only where the sparse figure changes the picture: dense within 1.5x of the other (or below),
        // not equal.
        if (&other == &gpu || otherDense <= 0.0 || sparse <= otherDense || dense > 1.5 * otherDense ||
            std::abs(dense - otherDense) <= 0.01 * otherDense)
            continue;
        if (!misleading || otherDense > misleading->fp16DenseTflops.value_or(0.0))
            misleading = &other;
    }
    if (!(misleading && dense > 0.0))
        return;
    const double otherDense = misleading->fp16DenseTflops.value_or(0.0);
    reason(v, VerdictTopic::DenseCompute)
        << QCoreApplication::translate("VerdictRules",
                                       "against %1: dense %2 vs %3 TFLOPS is %4x; a table that prints "
                                       "this GPU's 2:4 sparse %5 TFLOPS "
                                       "next to dense figures suggests %6x; the verdict uses dense")
               .arg(misleading->displayName(), fmt(dense, 1), fmt(otherDense, 1), fmt(dense / otherDense, 2),
                    fmt(sparse, 0), fmt(sparse / otherDense, 2));
}

} // namespace

// The rules in the order of VerdictRules.h; the reasons come out in that order.
QVector<Verdict> judge(const QVector<GpuSpec> &gpus, const QVector<Estimate> &estimates, bool training,
                       const UncertaintyTable &table)
{
    QVector<Verdict> verdicts(estimates.size());
    Leaders leaders = leadersOf(gpus, estimates, training);
    leaders.table = &table;
    for (qsizetype i = 0; i < estimates.size(); ++i) {
        const Estimate &e = estimates[i];
        const GpuSpec &gpu = gpus[i];
        Verdict &v = verdicts[i];
        v.level = VerdictLevel::Recommended;
        if (cannotJudge(e, v))
            continue;
        judgeFit(e, gpu, v);
        judgeLinks(e, gpu, training, v);
        if (cannotJudgeSpeed(e, v))
            continue;
        judgeSpeed(e, leaders, v);
        judgeInheritedLead(e, leaders, estimates.size(), v);
        if (e.fits && e.serving)
            judgeLoad(*e.serving, v);
        judgeCost(e, leaders, v);
        if (training)
            judgeDenseCompute(gpu, gpus, leaders, v);
    }
    return verdicts;
}

} // namespace VerdictRules
