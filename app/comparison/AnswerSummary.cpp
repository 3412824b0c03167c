#include "app/comparison/AnswerSummary.h"

#include "app/analysis/CostModel.h"
#include "app/analysis/EstimateRanges.h"
#include "app/analysis/MissingSpecs.h"
#include "app/analysis/OutputQuantity.h"
#include "app/analysis/PairRanges.h"
#include "widgets/common/ValueFormat.h"
#include "widgets/compare/VerdictPanel.h"

#include <QMap>
#include <algorithm>
#include <cmath>
#include <functional>

namespace {

// Stands for the list of GPU names in a translated pattern, which is then split around it.
const QString kNames = QStringLiteral("\u0001");

using Parts = QVector<AnswerPart>;

// "A", "A and B", "A, B and C", each name a link to its column and row.
Parts nameList(const QVector<int> &columns, const QVector<GpuSpec> &gpus, const QString &rowId)
{
    // The last two are joined as the missing-values list joins them ("%1 and %2"), the others by commas.
    const QString pattern = QCoreApplication::translate("MissingSpecs", "%1 and %2");
    const qsizetype first = pattern.indexOf(QStringLiteral("%1")) + 2;
    const QString lastJoin = pattern.mid(first, pattern.indexOf(QStringLiteral("%2")) - first);
    Parts parts;
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (i > 0)
            parts << AnswerPart{i + 1 < columns.size() ? QStringLiteral(", ") : lastJoin};
        parts << AnswerPart{gpus.at(columns.at(i)).displayName(), columns.at(i), rowId};
    }
    return parts;
}

// A sentence whose pattern holds kNames where the names go.
Parts sentence(const QString &pattern, const Parts &names)
{
    Parts parts;
    const qsizetype at = pattern.indexOf(kNames);
    if (at < 0)
        return {AnswerPart{pattern}};
    if (at > 0)
        parts << AnswerPart{pattern.left(at)};
    parts << names;
    if (at + 1 < pattern.size())
        parts << AnswerPart{pattern.mid(at + 1)};
    return parts;
}

// Clauses joined by a separator.
Parts joined(const QVector<Parts> &clauses, const QString &separator)
{
    Parts parts;
    for (const Parts &clause : clauses) {
        if (clause.isEmpty())
            continue;
        if (!parts.isEmpty())
            parts << AnswerPart{separator};
        parts << clause;
    }
    return parts;
}

QString tokensPerSecond(double value)
{
    // The table's unit for the same row.
    return ValueFormat::withUnit(value, QCoreApplication::translate("ComparisonPresentation", "tokens/s"));
}

// The columns whose value reads as the best one does (the table shows numbers this way: a tie is what
// the user would see as equal).
QVector<int> bestOf(const QMap<int, double> &values, bool lowest, const std::function<QString(double)> &shown)
{
    if (values.isEmpty())
        return {};
    double best = values.first();
    for (double value : values)
        best = lowest ? std::min(best, value) : std::max(best, value);
    QVector<int> columns;
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        if (shown(it.value()) == shown(best))
            columns << it.key();
    return columns;
}

// Adds to the best columns those the estimator cannot tell from the leader: the 80% range of the ratio of
// the two GPUs' numbers at path(estimate) straddles 1 (PairRanges: the ratio's own range from the
// calibration's GPU pairs, far narrower than either number's, as both err together). Returns the leader's
// ratio to the closest other column (the runner-up, or the closest of those added; one tied with it is no
// ratio).
std::optional<PairRatio> addAboutTheSame(QVector<int> &best, const QMap<int, double> &values,
                                         const QVector<Estimate> &estimates,
                                         const std::function<QString(const Estimate &)> &path)
{
    if (best.isEmpty())
        return std::nullopt;
    const int leader = best.first();
    const double leading = values.value(leader);
    const QVector<int> tied = best; // equal numbers: a tie, no ratio to say
    std::optional<PairRatio> closest;
    double closestGap = 0.0;
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        if (tied.contains(it.key()))
            continue;
        const std::optional<PairRatio> ratio =
            PairRanges::ratio(estimates, leader, it.key(), path(estimates.at(leader)));
        if (!ratio)
            continue;
        if (ratio->aboutTheSame() && !best.contains(it.key()))
            best << it.key();
        const double gap = std::fabs(std::log(it.value() / leading));
        if (!closest || gap < closestGap) {
            closest = ratio;
            closestGap = gap;
        }
    }
    std::sort(best.begin(), best.end());
    return closest;
}

// "B200 is 1.34x H100 (1.18-1.52x, 80%)", or for a cost "H100 costs 0.77x B200's (0.66-0.90x, 80%)".
Parts ratioClause(const PairRatio &ratio, const QVector<GpuSpec> &gpus, const QString &rowId, bool cost)
{
    const QString pattern =
        cost ? AnswerSummary::tr("%1 costs %2 %3's (%4)") : AnswerSummary::tr("%1 is %2 %3 (%4)");
    // Plain text: the names linked to the row are the GPUs the clause before it picks.
    Q_UNUSED(rowId);
    return {AnswerPart{pattern.arg(gpus.at(ratio.first).displayName(), ratio.ratioText(),
                                   gpus.at(ratio.second).displayName(), ratio.rangeText())}};
}

// "$0.42 per million output tokens": the tokens counted follow the task (CostModel::tokensCounted).
QString dollars(double usd, Task task)
{
    return AnswerSummary::tr("$%1 per million %2")
        .arg(ValueFormat::number(usd), CostModel::tokensCounted(task));
}

// "TPOT p90 78.7 ms, target 50 ms" for each target the serving result misses (its one judgement,
// ServingLoad::missedTargets); empty when it meets them.
QString missedText(const ServingResult &r)
{
    QStringList missed;
    const auto ms = [](double value) { return ValueFormat::withUnit(value, QStringLiteral("ms")); };
    for (const MissedTarget &m : r.missedTargets)
        if (m.which == MissedTarget::Which::TtftP90)
            missed << AnswerSummary::tr("TTFT p90 %1, target %2").arg(ms(m.value), ms(m.target));
        else if (m.which == MissedTarget::Which::TpotP90)
            missed << AnswerSummary::tr("TPOT p90 %1, target %2").arg(ms(m.value), ms(m.target));
    return missed.join(QStringLiteral(", "));
}

} // namespace

QString AnswerSummary::speedRow(const Estimate &e)
{
    return Tasks::isTraining(e.task) ? OutputQuantities::rowId(OutputQuantity::TrainingTokens)
           : e.serving               ? OutputQuantities::rowId(OutputQuantity::ServingThroughput)
                                     : OutputQuantities::rowId(OutputQuantity::Throughput);
}

double AnswerSummary::speedOf(const Estimate &e)
{
    // As the verdicts compare them (VerdictRules): under a load, what the deployment sustains.
    if (e.training)
        return e.training->tokensPerS;
    if (e.serving)
        return e.serving->outputTokensPerS;
    if (e.inference)
        return e.inference->throughputTokensPerS;
    return 0.0;
}

QVector<AnswerLine> AnswerSummary::build(const ComparisonInput &input)
{
    if (input.estimates.isEmpty() || input.estimates.size() != input.gpus.size())
        return {};
    QVector<AnswerLine> lines{workloadLine(input)};
    const AnswerLine other = otherTaskLine(input);
    if (!other.parts.isEmpty())
        lines << other;
    return lines;
}

AnswerLine AnswerSummary::workloadLine(const ComparisonInput &input)
{
    const QVector<GpuSpec> &gpus = input.gpus;
    const QVector<Estimate> &estimates = input.estimates;
    const bool training = Tasks::isTraining(estimates.first().task);
    AnswerLine line{
        VerdictPanel::taskName(training ? VerdictPanel::Task::Training : VerdictPanel::Task::Inference)};
    line.detail = input.workloadSummary;
    line.taskKey = training ? QStringLiteral("training") : QStringLiteral("inference");
    const Task task = estimates.first().task;
    const auto dollarsOf = [task](double usd) { return dollars(usd, task); };
    // The table's speed row under a load is the serving one as soon as any GPU has a serving result (a first
    // GPU that does not fit has none).
    const auto serving =
        std::find_if(estimates.cbegin(), estimates.cend(), [](const Estimate &e) { return bool(e.serving); });
    const QString speedRowId = speedRow(serving != estimates.cend() ? *serving : estimates.first());
    const QString costRowId = OutputQuantities::rowId(OutputQuantity::CostPerMillion);

    // Who runs it and is compared: fits, every value it needs, a speed in range, and under a load with
    // targets, meets them: a GPU that misses them is no answer to the question, however fast or cheap.
    QMap<int, double> speeds;
    QMap<int, double> costs;
    QMap<int, QString> missing; // column -> the targets it misses
    for (int i = 0; i < estimates.size(); ++i) {
        const Estimate &e = estimates.at(i);
        if (!e.fits || !e.speedKnown() || e.speedOutOfRange || speedOf(e) <= 0.0)
            continue;
        if (e.serving && !e.serving->missedTargets.isEmpty()) {
            missing.insert(i, missedText(*e.serving));
            continue;
        }
        speeds.insert(i, speedOf(e));
        if (e.cost.usdPerMillionTokens)
            costs.insert(i, *e.cost.usdPerMillionTokens);
    }

    QVector<Parts> clauses;
    QVector<int> fastest = bestOf(speeds, false, tokensPerSecond);
    QVector<int> cheapest = bestOf(costs, true, dollarsOf);
    const double topSpeed = speeds.value(fastest.value(0));
    const double lowestCost = costs.value(cheapest.value(0));
    const std::optional<PairRatio> speedRatio =
        addAboutTheSame(fastest, speeds, estimates, EstimateRanges::speedPath);
    const std::optional<PairRatio> costRatio =
        addAboutTheSame(cheapest, costs, estimates, EstimateRanges::costPath);
    const bool speedSame = speedRatio && speedRatio->aboutTheSame();
    const bool costSame = costRatio && costRatio->aboutTheSame();
    if (gpus.size() == 1 && speeds.size() == 1) {
        // One GPU: nothing to compare, its numbers.
        const QString pattern =
            costs.isEmpty()
                ? tr("%1: %2").arg(kNames, tokensPerSecond(speeds.first()))
                : tr("%1: %2, %3").arg(kNames, tokensPerSecond(speeds.first()), dollarsOf(costs.first()));
        clauses << sentence(pattern, nameList({0}, gpus, speedRowId));
    } else if (speeds.size() == 1) {
        clauses << sentence(
            (missing.isEmpty() ? tr("only %1 runs it (%2)") : tr("only %1 meets the targets (%2)"))
                .arg(kNames, tokensPerSecond(speeds.first())),
            nameList(fastest, gpus, speedRowId));
    } else if (speeds.size() > 1) {
        // Within the ranges of the estimates, GPUs are about the same, not faster or cheaper.
        Parts fast = sentence(
            speedSame ? tr("%1 about the same speed (up to %2)").arg(kNames, tokensPerSecond(topSpeed))
            : fastest.size() > 1 ? tr("%1 tie for fastest (%2)").arg(kNames, tokensPerSecond(topSpeed))
            // A lead on a factor the GPU inherits (no measurements of its stack, no
            // microbenchmark of its rates) is said to be one, never plainly first.
            : estimates.at(fastest.first()).inheritsFactors()
                ? tr("%1 fastest (%2) on factors it inherits, unmeasured (see its notes)")
                      .arg(kNames, tokensPerSecond(topSpeed))
                : tr("%1 fastest (%2)").arg(kNames, tokensPerSecond(topSpeed)),
            nameList(fastest, gpus, speedRowId));
        if (speedRatio)
            fast = joined({fast, ratioClause(*speedRatio, gpus, speedRowId, false)}, QStringLiteral(": "));
        // An owned card's cost (its purchase paid off, and its power) says so: it is not a rental price.
        const auto costOf = [&](int column, double usd) {
            return estimates.at(column).cost.basis == CostBasis::Owned ? tr("%1, owned").arg(dollarsOf(usd))
                                                                       : dollarsOf(usd);
        };
        const QString lowest = cheapest.isEmpty() ? QString() : costOf(cheapest.first(), lowestCost);
        Parts cheap;
        if (costs.size() > 1)
            cheap = sentence(costSame ? tr("%1 about the same cost (from %2)").arg(kNames, lowest)
                             : cheapest.size() > 1 ? tr("%1 tie for cheapest (%2)").arg(kNames, lowest)
                             : estimates.at(cheapest.first()).inheritsFactors()
                                 ? tr("%1 cheapest (%2) on factors it inherits, unmeasured (see its notes)")
                                       .arg(kNames, lowest)
                                 : tr("%1 cheapest (%2)").arg(kNames, lowest),
                             nameList(cheapest, gpus, costRowId));
        else if (costs.size() == 1)
            cheap =
                sentence(tr("only %1 has a price (%2)").arg(kNames, costOf(costs.firstKey(), costs.first())),
                         nameList(cheapest, gpus, costRowId));
        else
            cheap = {AnswerPart{tr("no prices to compare")}};
        if (costs.size() > 1 && costRatio)
            cheap = joined({cheap, ratioClause(*costRatio, gpus, costRowId, true)}, QStringLiteral(": "));
        clauses << joined({fast, cheap},
                          speedRatio || costRatio ? QStringLiteral("; ") : QStringLiteral(", "));
    } else if (!missing.isEmpty()) {
        clauses << Parts{AnswerPart{tr("no GPU here meets the targets")}};
    } else {
        clauses << Parts{AnswerPart{tr("no GPU here runs it as asked")}};
    }
    line.fastest = fastest;
    line.cheapest = cheapest;
    for (auto it = missing.cbegin(); it != missing.cend(); ++it)
        clauses << sentence(tr("%1 misses the targets (%2)").arg(kNames, it.value()),
                            nameList({it.key()}, gpus, speedRowId));

    // Those that do not fit, grouped by what they need.
    QMap<QPair<int, QString>, QVector<int>> unfit;
    QVector<int> noneServed; // their memory fits, but under load the engine has no room for one request
    QVector<int> unknownMemory;
    QVector<int> unknownSpeed;
    QVector<int> outOfRange;
    for (int i = 0; i < estimates.size(); ++i) {
        const Estimate &e = estimates.at(i);
        if (!e.memoryKnown())
            unknownMemory << i;
        else if (!e.fits && !e.unfitReason.isEmpty())
            noneServed << i;
        else if (!e.fits) {
            const QString capacity =
                e.parallelism.gpus > 1
                    ? tr("%1 × %2 GB").arg(e.parallelism.gpus).arg(ValueFormat::number(e.capacityGb))
                    : tr("%1 GB").arg(ValueFormat::number(e.capacityGb));
            unfit[{e.minGpus, capacity}] << i;
        } else if (!e.speedKnown())
            unknownSpeed << i;
        else if (e.speedOutOfRange)
            outOfRange << i;
    }
    for (auto it = unfit.cbegin(); it != unfit.cend(); ++it) {
        const int needed = it.key().first;
        const bool several = it.value().size() > 1;
        // The GPU count in the resolver's words ("2 GPUs").
        const QString count = QCoreApplication::translate("WorkloadResolver", "%n GPU(s)", nullptr, needed);
        const QString pattern = needed > 0 ? (several ? tr("%1 do not fit in %2: need %3")
                                                      : tr("%1 does not fit in %2: needs %3"))
                                                 .arg(kNames, it.key().second, count)
                                           : (several ? tr("%1 do not fit in %2, nor on up to 1,024 GPUs")
                                                      : tr("%1 does not fit in %2, nor on up to 1,024 GPUs"))
                                                 .arg(kNames, it.key().second);
        clauses << sentence(pattern,
                            nameList(it.value(), gpus, OutputQuantities::rowId(OutputQuantity::FewestGpus)));
    }
    if (!noneServed.isEmpty())
        clauses << sentence(
            (noneServed.size() > 1
                 ? tr("%1 serve none of this load: no room in their KV cache for one request")
                 : tr("%1 serves none of this load: no room in its KV cache for one request"))
                .arg(kNames),
            nameList(noneServed, gpus, OutputQuantities::rowId(OutputQuantity::MemoryPerGpu)));
    // A record that lacks a value: said, never a speed.
    auto lacking = [&](const QVector<int> &columns, const QString &rowId) {
        for (int column : columns)
            clauses << sentence(tr("%1: not estimated, %2 (not in the catalogue)")
                                    .arg(kNames, MissingSpecs::needsText(estimates.at(column).missing)),
                                nameList({column}, gpus, rowId));
    };
    lacking(unknownMemory, OutputQuantities::rowId(OutputQuantity::MemoryPerGpu));
    lacking(unknownSpeed, speedRowId);
    if (!outOfRange.isEmpty())
        clauses << sentence(tr("%1: speed out of range, check the datasheet values").arg(kNames),
                            nameList(outOfRange, gpus, speedRowId));
    // One price basis for the whole comparison (CostModel::comparisonBasis), said once; a GPU without a
    // price on it is named rather than priced on the other basis.
    if (gpus.size() > 1 && !costs.isEmpty()) {
        clauses << Parts{AnswerPart{CostModel::comparisonBasisText(estimates)}};
        QVector<int> unpriced;
        for (auto it = speeds.cbegin(); it != speeds.cend(); ++it)
            if (!costs.contains(it.key()))
                unpriced << it.key();
        if (!unpriced.isEmpty())
            clauses << sentence(
                tr("%1: %2").arg(kNames, CostModel::basisText(estimates.at(unpriced.first()).cost)),
                nameList(unpriced, gpus, costRowId));
    }
    line.parts = joined(clauses, QStringLiteral("; "));
    return line;
}

AnswerLine AnswerSummary::otherTaskLine(const ComparisonInput &input)
{
    // The verdicts of the task the form does not ask for, made under that task's recipe: the table has
    // none of its numbers, so the names select the column alone.
    const bool training = Tasks::isTraining(input.estimates.first().task);
    const VerdictPanel::Task task = training ? VerdictPanel::Task::Inference : VerdictPanel::Task::Training;
    AnswerLine line{VerdictPanel::taskName(task)};
    line.taskKey = training ? QStringLiteral("inference") : QStringLiteral("training");
    QVector<Parts> clauses;
    for (VerdictLevel level : {VerdictLevel::Recommended, VerdictLevel::Suitable, VerdictLevel::Limited,
                               VerdictLevel::Unsuitable}) {
        QVector<int> columns;
        for (int i = 0; i < input.estimates.size(); ++i) {
            const Verdict &verdict =
                training ? input.estimates.at(i).inferenceVerdict : input.estimates.at(i).trainingVerdict;
            if (verdict.reasons.isEmpty())
                continue; // not judged
            line.detail = verdict.recipe;
            if (verdict.level == level)
                columns << i;
        }
        if (!columns.isEmpty())
            clauses << sentence(QCoreApplication::translate("VerdictPanel", "%1: %2")
                                    .arg(VerdictPanel::levelText(level), kNames),
                                nameList(columns, input.gpus, QString()));
    }
    line.parts = joined(clauses, QStringLiteral("; "));
    if (!line.detail.isEmpty()) // the verdict panel's words for it
        line.detail = (task == VerdictPanel::Task::Training
                           ? QCoreApplication::translate("VerdictPanel", "Training verdicts judge: %1")
                           : QCoreApplication::translate("VerdictPanel", "Inference verdicts judge: %1"))
                          .arg(line.detail);
    return line;
}
