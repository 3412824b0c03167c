#include "app/cli/EstimateOutput.h"

#include "app/analysis/CostModel.h"
#include "app/analysis/EstimateJson.h"
#include "app/analysis/MathTerm.h"
#include "app/analysis/MissingSpecs.h"
#include "app/analysis/NumberText.h"
#include "app/analysis/OutputQuantity.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <functional>
#include <optional>

namespace EstimateOutput {

namespace {

QString num(double value, int decimals = 1)
{
    return NumberText::fixed(value, decimals);
}

QString big(double value)
{
    return NumberText::fixed(value, value >= 100.0 ? 0 : value >= 10.0 ? 1 : 2);
}

// An energy figure, or what it needs: without the board power (TDP) there is none, never 0 J.
QString energyText(const Estimate &e, const QString &figure)
{
    return e.powerKnown ? figure : QStringLiteral("energy: ") + MissingSpecs::needsText({GpuField::TdpW});
}

void writeVerdict(QTextStream &out, const QString &task, const Verdict &verdict)
{
    out << "  " << task << " verdict: " << VerdictLevels::name(verdict.level) << "\n";
    // The verdict of the task not asked for judges that task's own recipe: say which.
    if (!verdict.recipe.isEmpty())
        out << "    recipe: " << verdict.recipe << "\n";
    for (const QString &reason : verdict.reasons)
        out << "    - " << reason << "\n";
}

void writeMath(QTextStream &out, const Estimate &e)
{
    out << "  math:\n";
    for (const MathTerm &term : e.math)
        out << "    " << term.name << ": " << term.formula << "\n      = " << term.substituted << " = "
            << MathLog::number(term.value) << ' ' << term.unit << "\n";
}

// The math's precision as asked; the rate it runs at only when the GPU falls back to another (BF16 shares
// FP16's tensor rate, which is no fallback).
QString mathPrecision(const Estimate &e)
{
    const auto sixteenBit = [](Precision p) { return p == Precision::Bf16 || p == Precision::Fp16; };
    const QString asked = Precisions::name(e.activationPrecision);
    if (e.peakTflopsUsed <= 0.0 || e.computePrecisionUsed == e.activationPrecision ||
        (sixteenBit(e.computePrecisionUsed) && sixteenBit(e.activationPrecision)))
        return asked;
    return QStringLiteral("%1 (at the %2 rate)").arg(asked, Precisions::name(e.computePrecisionUsed));
}

QString header(const Estimate &e)
{
    return QStringLiteral("%1 (%2) x%3, tp %4 pp %5 dp %6: %7 %8, %9 weights, %10 math, %11 KV, profile %12")
        .arg(e.gpuName, e.gpuId)
        .arg(e.parallelism.gpus)
        .arg(e.parallelism.tensor)
        .arg(e.parallelism.pipeline)
        .arg(e.parallelism.data)
        .arg(e.modelId, Tasks::name(e.task), Precisions::name(e.weightPrecision), mathPrecision(e),
             Precisions::name(e.kvPrecision), e.profileId);
}

} // namespace

void writeJson(QTextStream &out, const QVector<Estimate> &estimates, const QVector<AnswerLine> &answer,
               const QVector<PairRatio> &pairs)
{
    QJsonArray results;
    for (const Estimate &e : estimates)
        results.append(EstimateJson::toJson(e));
    QJsonObject root;
    root.insert(QStringLiteral("results"), results);
    if (!answer.isEmpty()) {
        const auto ids = [&estimates](const QVector<int> &columns) {
            QJsonArray array;
            for (int column : columns)
                array.append(estimates.at(column).gpuId);
            return array;
        };
        QJsonArray lines;
        QJsonObject picks;
        for (const AnswerLine &line : answer) {
            lines.append(QJsonObject{{QStringLiteral("task"), line.taskKey},
                                     {QStringLiteral("title"), line.title},
                                     {QStringLiteral("text"), line.text()}});
            if (!line.fastest.isEmpty() || !line.cheapest.isEmpty())
                picks.insert(line.taskKey, QJsonObject{{QStringLiteral("fastest"), ids(line.fastest)},
                                                       {QStringLiteral("cheapest"), ids(line.cheapest)}});
        }
        root.insert(QStringLiteral("answer"),
                    QJsonObject{{QStringLiteral("lines"), lines}, {QStringLiteral("picks"), picks}});
    }
    if (!answer.isEmpty()) { // compare: each pair of GPUs on each headline number, with the ratio's range
        QJsonArray array;
        const auto orNull = [](const std::optional<double> &v) { return v ? QJsonValue(*v) : QJsonValue(); };
        for (const PairRatio &p : pairs)
            array.append(QJsonObject{{QStringLiteral("first"), estimates.at(p.first).gpuId},
                                     {QStringLiteral("second"), estimates.at(p.second).gpuId},
                                     {QStringLiteral("path"), p.path},
                                     {QStringLiteral("ratio"), p.ratio},
                                     {QStringLiteral("ratio_low"), orNull(p.low)},
                                     {QStringLiteral("ratio_high"), orNull(p.high)},
                                     {QStringLiteral("calibration_pairs"), p.pairs},
                                     {QStringLiteral("basis"), p.basis}});
        root.insert(QStringLiteral("pairs"), array);
    }
    out << QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

void writePairs(QTextStream &out, const QVector<Estimate> &estimates, const QVector<PairRatio> &pairs)
{
    if (pairs.isEmpty())
        return;
    out << "pairs (first / second, the ratio's 80% range from the calibration's GPU pairs):\n";
    for (const PairRatio &p : pairs)
        out << "  " << estimates.at(p.first).gpuId << " / " << estimates.at(p.second).gpuId << " " << p.path
            << ": " << p.text() << (p.aboutTheSame() ? ", about the same" : "") << "\n";
}

void writeAnswer(QTextStream &out, const QVector<AnswerLine> &answer)
{
    if (answer.isEmpty())
        return;
    out << "answer:\n";
    for (const AnswerLine &line : answer)
        out << "  " << line.title << ": " << line.text() << "\n";
}

void writeDetails(QTextStream &out, const QVector<Estimate> &estimates, bool showMath)
{
    for (const Estimate &e : estimates) {
        out << header(e) << "\n";
        for (const QString &note : e.notes)
            out << "  note: " << note << "\n";
        if (!e.memoryKnown()) {
            out << "  memory per GPU: " << MissingSpecs::needsText(e.missingForMemory()) << "\n";
            out << "  speed and cost: " << MissingSpecs::needsText(e.missing) << "\n";
            writeVerdict(out, QStringLiteral("training"), e.trainingVerdict);
            writeVerdict(out, QStringLiteral("inference"), e.inferenceVerdict);
            if (showMath)
                writeMath(out, e);
            out << "\n";
            continue;
        }
        const MemoryBreakdown &m = e.memory;
        out << "  memory per GPU: " << num(e.perGpuGb) << " GB of " << num(e.capacityGb, 0) << " GB, "
            << (e.fits ? QStringLiteral("fits") : QStringLiteral("does not fit"));
        out << "; fewest GPUs: "
            << (e.minGpus > 0 ? QString::number(e.minGpus) : QStringLiteral("more than 1024")) << "\n";
        out << "    weights " << num(m.weightsGb, 2) << ", KV cache " << num(m.kvCacheGb, 2)
            << ", activations " << num(m.activationsGb, 2) << ", gradients " << num(m.gradientsGb, 2)
            << ", optimizer " << num(m.optimizerGb, 2) << ", adapters " << num(m.adaptersGb, 2)
            << ", overhead " << num(m.overheadGb, 2);
        if (m.recurrentStateGb > 0.0)
            out << ", recurrent state " << num(m.recurrentStateGb, 2);
        out << " (GB)\n";
        if (e.inference) {
            const InferenceResult &r = *e.inference;
            out << "  " << r.requestsInFlight << (r.requestsInFlight == 1 ? " request" : " requests")
                << " in flight (" << r.batch << " per replica x " << r.replicas
                << (r.replicas == 1 ? " replica" : " replicas") << "): TTFT " << big(r.ttftMs) << " ms, TPOT "
                << big(r.tpotMs) << " ms, prefill " << big(r.prefillTokensPerS) << " tokens/s, decode "
                << big(r.decodeTokensPerS) << " tokens/s, throughput " << big(r.throughputTokensPerS)
                << " tokens/s (all GPUs)\n";
            out << "  most requests in flight that fit: " << r.maxBatch
                << "; longest context at this batch: " << r.maxContext << " tokens; decode is "
                << (r.decodeComputeBound ? "compute" : "memory") << "-bound\n";
        }
        if (e.serving) {
            const ServingResult &r = *e.serving;
            const auto stats = [](const LatencyStats &l) {
                return QStringLiteral("mean %1, p50 %2, p90 %3, p99 %4 ms")
                    .arg(big(l.mean), big(l.p50), big(l.p90), big(l.p99));
            };
            QString lengths = r.dataset;
            if (r.dataset == QLatin1String("random"))
                lengths += QStringLiteral(" x [%1, %2]")
                               .arg(num(1.0 - r.randomRangeRatio, 2), num(1.0 + r.randomRangeRatio, 2));
            const QString load =
                r.replayedTrace ? QStringLiteral("the trace's own arrivals")
                : r.concurrency > 0
                    ? QStringLiteral("%1 concurrent users starting together").arg(r.concurrency)
                : r.burstiness != 1.0 ? QStringLiteral("%1 requests/s, burstiness %2")
                                            .arg(big(r.requestRate), num(r.burstiness, 2))
                                      : QStringLiteral("%1 requests/s (Poisson)").arg(big(r.requestRate));
            out << "  under load: " << load << ", " << lengths << " lengths, " << r.numRequests
                << " requests simulated"
                << (r.warmupRequests > 0 ? QStringLiteral(" after %1 warm-up").arg(r.warmupRequests)
                                         : QString())
                << ", " << num(r.requestOverheadMs, 1)
                << " ms per request outside the GPU (engine: " << r.maxNumSeqs << " sequences, "
                << r.maxBatchedTokens << " tokens per step, KV cache " << r.kvCacheTokens
                << " tokens per replica)\n";
            out << "    TTFT " << stats(r.ttftMs) << "\n    TPOT " << stats(r.tpotMs) << "\n    ITL  "
                << stats(r.itlMs) << "\n    end-to-end " << stats(r.e2eMs) << "\n    queue "
                << stats(r.queueMs) << "\n";
            out << "    " << big(r.outputTokensPerS) << " output tokens/s (" << big(r.outputTokensPerSPerGpu)
                << " per GPU), " << big(r.requestsPerS) << " requests/s, KV cache use up to "
                << num(r.kvCacheUse * 100.0, 0) << "%, " << num(r.meanRunningSequences, 1)
                << " sequences running on average\n";
            if (r.meetsSlo)
                out << "    targets: " << (*r.meetsSlo ? "met" : "missed")
                    << "; most users within them: " << (r.maxConcurrencyCapped ? ">= " : "")
                    << r.maxConcurrencyWithinSlo.value_or(0)
                    << (r.maxConcurrencyCapped ? " (the search stops there)" : "") << "\n";
        }
        if (e.training) {
            const TrainingResult &r = *e.training;
            // The split is rounded up per replica, so the product can pass the global batch.
            const int replicas = e.parallelism.data;
            const bool exact = r.microBatch * r.gradientAccumulation * replicas == r.globalBatch;
            out << "  global batch " << r.globalBatch << (exact ? " = " : " ~ ") << "micro-batch "
                << r.microBatch << " x accumulation " << r.gradientAccumulation << " x " << replicas
                << (replicas == 1 ? " dp replica" : " dp replicas");
            if (!exact)
                out << " (" << r.sequencesPerReplica << " sequences per replica)";
            out << "\n";
            out << "  recipe ZeRO-" << r.zeroStage << ", micro-batch " << r.microBatch << ", "
                << Recomputes::name(r.recompute) << " recompute";
            if (r.fp8Recipe)
                out << ", FP8 " << Fp8Recipes::name(*r.fp8Recipe) << " scaling";
            if (r.layoutsSearched > 0)
                out << " (the fastest of " << r.layoutsSearched << " layouts searched that fits)";
            out << "\n";
            out << "  layout tp " << e.parallelism.tensor << " x pp " << e.parallelism.pipeline;
            if (e.parallelism.virtualStages > 1)
                out << " (vpp " << e.parallelism.virtualStages << ")";
            if (e.parallelism.context > 1)
                out << " x cp " << e.parallelism.context;
            out << " x dp " << e.parallelism.data;
            if (e.parallelism.expert > 1)
                out << " (ep " << e.parallelism.expert << ")";
            out << "; " << r.nodes << (r.nodes == 1 ? " node" : " nodes") << " of " << r.gpusPerNode;
            if (r.nodes > 1)
                out << ", network " << big(r.networkGbps) << " Gb/s per GPU";
            out << "\n";
            out << "  step " << big(r.stepTimeS) << " s, " << big(r.tokensPerS) << " tokens/s ("
                << big(r.tokensPerSPerGpu) << " per GPU), " << big(r.samplesPerS) << " samples/s, MFU "
                << num(r.mfu * 100.0) << "%, HFU " << num(r.hfu * 100.0)
                << "%; largest micro-batch that fits: " << r.maxBatch << "\n";
            const TrainingResult::Breakdown &b = r.breakdown;
            out << "  step breakdown (s): compute " << big(b.compute) << ", recompute " << big(b.recompute)
                << ", tp/cp/ep/pp communication " << big(b.modelParallelComm) << ", dp communication "
                << big(b.dataParallelComm) << ", pipeline bubble " << big(b.pipelineBubble) << ", optimizer "
                << big(b.optimizer) << "\n";
            if (r.budgetGpuHours > 0.0) {
                out << "  token budget: " << big(r.budgetHours / 24.0) << " days, " << big(r.budgetGpuHours)
                    << " GPU-hours";
                if (e.cost.usdForBudget)
                    out << ", $" << big(*e.cost.usdForBudget);
                out << ", " << energyText(e, big(r.budgetEnergyKwh) + QStringLiteral(" kWh")) << "\n";
            }
        }
        const CostResult &c = e.cost;
        QString price = c.usdPerGpuHour ? QStringLiteral("$%1/GPU-hour").arg(num(*c.usdPerGpuHour, 2))
                                        : CostModel::basisText(c); // "no rental price", "no purchase price"
        if (c.basis == CostBasis::Owned)                           // the same words as the window's
            price += QStringLiteral(" (%1)").arg(CostModel::basisText(c));
        if (!e.speedKnown()) {
            out << "  speed and cost: " << MissingSpecs::needsText(e.missing) << "\n";
            out << "  price: " << price << "\n";
        } else {
            out << "  cost: " << price
                << (c.usdPerMillionTokens
                        ? QStringLiteral(", $%1 per million %2")
                              .arg(num(*c.usdPerMillionTokens, 3), CostModel::tokensCounted(e.task))
                        : QString())
                << ", "
                << energyText(e, QStringLiteral("%5 W per GPU (%6% busy), %1 J per %3, electricity $%2 per "
                                                "million %4")
                                     .arg(big(c.joulesPerToken), num(c.electricityUsdPerMillionTokens, 3),
                                          CostModel::tokenCounted(e.task), CostModel::tokensCounted(e.task),
                                          num(c.powerW / std::max(1, e.parallelism.gpus), 0),
                                          num(c.busyFraction * 100.0, 0)))
                << "\n";
        }
        writeVerdict(out, QStringLiteral("training"), e.trainingVerdict);
        writeVerdict(out, QStringLiteral("inference"), e.inferenceVerdict);
        if (showMath)
            writeMath(out, e);
        out << "\n";
    }
}

void writeComparison(QTextStream &out, const QVector<Estimate> &estimates, bool showMath)
{
    if (estimates.isEmpty())
        return;
    using Q = OutputQuantity;
    // The command line keeps its own short English labels; what a row is, its value and which way is
    // better come from the quantity it shows. The capacity is the GPU's, no estimated quantity.
    struct Row
    {
        QString label;
        std::function<std::optional<double>(const Estimate &)> value;
        bool higherIsBetter;
        int decimals;
        std::optional<Q> quantity;
    };
    const auto quantity = [](const char *label, Q q, int decimals) {
        const OutputQuantityInfo &info = OutputQuantities::info(q);
        return Row{QLatin1String(label), info.value, info.better == QuantityBetter::Higher, decimals, q};
    };
    const QVector<Row> rows{
        // A number the GPU's record cannot give is none here, never the estimator's 0.
        {QStringLiteral("memory per GPU (GB)"),
         [](const Estimate &e) { return e.memoryKnown() ? std::optional<double>(e.perGpuGb) : std::nullopt; },
         false, 1, Q::MemoryPerGpu},
        {QStringLiteral("capacity (GB)"),
         [](const Estimate &e) {
             return e.memoryKnown() ? std::optional<double>(e.capacityGb) : std::nullopt;
         },
         true, 0, std::nullopt},
        quantity("fewest GPUs", Q::FewestGpus, 0),
        {QStringLiteral("peak used (TFLOPS)"),
         [](const Estimate &e) {
             return e.peakTflopsUsed > 0.0 ? std::optional<double>(e.peakTflopsUsed) : std::nullopt;
         },
         true, 1, Q::PeakCompute},
        quantity("TTFT (ms)", Q::Ttft, 1),
        quantity("TPOT (ms)", Q::Tpot, 2),
        quantity("decode tokens/s", Q::Decode, 0),
        quantity("throughput tokens/s", Q::Throughput, 0),
        quantity("most requests in flight", Q::MaxBatch, 0),
        quantity("load TTFT p50 (ms)", Q::ServingTtftP50, 0),
        quantity("load TTFT p90 (ms)", Q::ServingTtftP90, 0),
        quantity("load TPOT p50 (ms)", Q::ServingTpotP50, 1),
        quantity("load TPOT p90 (ms)", Q::ServingTpotP90, 1),
        quantity("load output tokens/s", Q::ServingThroughput, 0),
        quantity("most users in targets", Q::ServingMaxUsers, 0),
        quantity("step time (s)", Q::StepTime, 3),
        quantity("training tokens/s", Q::TrainingTokens, 0),
        quantity("samples/s", Q::TrainingSamples, 2),
        quantity("tokens/s per GPU", Q::TrainingTokensPerGpu, 0),
        quantity("MFU (%)", Q::Mfu, 1),
        quantity("days for budget", Q::BudgetDays, 2),
        quantity("GPU-hours for budget", Q::BudgetGpuHours, 0),
        quantity("$/GPU-hour", Q::PricePerGpuHour, 2),
        quantity("$ per million tokens", Q::CostPerMillion, 3),
        {QStringLiteral("joules per token"),
         [](const Estimate &e) {
             return e.missingForEnergy().isEmpty() ? std::optional<double>(e.cost.joulesPerToken)
                                                   : std::nullopt;
         },
         false, 2, Q::EnergyPerToken},
    };
    const int labelWidth = 24;
    int columnWidth = 16;
    for (const Estimate &e : estimates)
        columnWidth = std::max(columnWidth, int(e.gpuId.size()) + 2);
    const Estimate &first = estimates.constFirst();
    out << first.modelId << ", " << Tasks::name(first.task) << ", " << Precisions::name(first.weightPrecision)
        << " weights, " << first.parallelism.gpus << " GPU(s) of each, profile " << first.profileId
        << " (* = best in the row";
    if (std::any_of(estimates.cbegin(), estimates.cend(),
                    [](const Estimate &e) { return !e.missingForEnergy().isEmpty(); }))
        out << "; needs spec = a value the catalogue lacks, named below";
    out << ")\n\n";
    out << QString(labelWidth, u' ');
    for (const Estimate &e : estimates)
        out << e.gpuId.rightJustified(columnWidth);
    out << "\n";
    for (const Row &row : rows) {
        // The memory figures show on a GPU the workload does not fit; the rest say "no fit".
        const bool memoryRow =
            !row.quantity || row.quantity == Q::MemoryPerGpu || row.quantity == Q::FewestGpus;
        const bool specRow =
            memoryRow || row.quantity == Q::PeakCompute || row.quantity == Q::PricePerGpuHour;
        const bool priceRow = row.quantity == Q::PricePerGpuHour;  // a catalogue value: n/a
        const bool energyRow = row.quantity == Q::EnergyPerToken;  // needs the TDP too
        const bool memoryPerGpu = row.quantity == Q::MemoryPerGpu; // shown even when no GPU has it
        std::optional<double> best;
        bool any = false;
        for (const Estimate &e : estimates) {
            const auto value = row.value(e);
            if (!value || (!e.fits && row.quantity && !memoryPerGpu))
                continue;
            any = true;
            if (!best || (row.higherIsBetter ? *value > *best : *value < *best))
                best = value;
        }
        if (!any && !memoryPerGpu)
            continue;
        out << row.label.leftJustified(labelWidth);
        for (const Estimate &e : estimates) {
            const auto value = row.value(e);
            // A value the GPU's record lacks: the notes below say which ("needs memory bandwidth").
            const bool needsSpec = !value && !priceRow &&
                                   (memoryRow   ? !e.memoryKnown()
                                    : energyRow ? !e.missingForEnergy().isEmpty()
                                                : !e.speedKnown());
            QString cell = needsSpec             ? QStringLiteral("needs spec")
                           : !e.fits && !specRow ? QStringLiteral("no fit")
                           : value               ? NumberText::fixed(*value, row.decimals)
                                                 : QStringLiteral("n/a");
            // The search's cap is no limit found: at least that many.
            if (value && row.quantity == Q::ServingMaxUsers && e.serving && e.serving->maxConcurrencyCapped)
                cell = QStringLiteral(">=") + cell;
            if (value && best && *value == *best && estimates.size() > 1 && (e.fits || specRow))
                cell += u'*';
            else
                cell += u' ';
            out << cell.rightJustified(columnWidth);
        }
        out << "\n";
    }
    out << QStringLiteral("fits").leftJustified(labelWidth);
    for (const Estimate &e : estimates)
        out << QString(!e.memoryKnown() ? QStringLiteral("needs spec ")
                       : e.fits         ? QStringLiteral("yes ")
                                        : QStringLiteral("no "))
                   .rightJustified(columnWidth);
    out << "\n\n";
    for (const Estimate &e : estimates) {
        out << e.gpuName << " (" << e.gpuId << ")\n";
        for (const QString &note : e.notes)
            out << "  note: " << note << "\n";
        // The task asked for leads; the other task's verdict (its own recipe) folds to its level, as the
        // window's companion does: its reasons are in --json and `estimate`.
        const bool training = Tasks::isTraining(e.task);
        writeVerdict(out, training ? QStringLiteral("training") : QStringLiteral("inference"),
                     training ? e.trainingVerdict : e.inferenceVerdict);
        out << "  " << (training ? "inference" : "training")
            << " verdict (the other task, folded; --json has its reasons): "
            << VerdictLevels::name(training ? e.inferenceVerdict.level : e.trainingVerdict.level) << "\n";
        if (showMath)
            writeMath(out, e);
    }
}

} // namespace EstimateOutput
