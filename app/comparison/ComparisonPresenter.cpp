#include "app/comparison/ComparisonPresenter.h"

#include "app/analysis/CostModel.h"
#include "app/analysis/MissingSpecs.h"
#include "app/analysis/OutputQuantity.h"
#include "app/analysis/WorkloadResolver.h"
#include "app/comparison/AnswerSummary.h"
#include "app/comparison/ComparisonCharts.h"
#include "app/comparison/RangeRows.h"
#include "app/comparison/UserRunBenchmarks.h"
#include "db/Quantity.h"
#include "widgets/common/ValueFormat.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <functional>

namespace {

using Better = QuantityBetter;
using Value = std::optional<double>;

using Q = OutputQuantity;

bool isServingRow(const QString &rowId)
{
    return OutputQuantities::isKind(rowId, QuantityKind::Serving);
}

// A workload row as the table of quantities names it, its cells still empty.
ComparisonRow quantityRow(const QString &section, Q quantity)
{
    return ComparisonRow{OutputQuantities::rowId(quantity),
                         section,
                         OutputQuantities::label(quantity),
                         OutputQuantities::unit(quantity),
                         OutputQuantities::info(quantity).better,
                         {},
                         {},
                         {},
                         {},
                         {}};
}

// What a workload row's number needs that this GPU's record lacks: the memory rows the memory size, the
// compute rate row its field, the price row nothing (a catalogue value shown as such), the energy rows
// everything and the board power, the rest everything.
QString missingFor(Q quantity, const Estimate &e)
{
    // The energy rows also need the board power (TDP): without it they would read 0, the best.
    if (quantity == Q::EnergyPerToken || quantity == Q::ElectricityPerMillion ||
        quantity == Q::BudgetEnergy || quantity == Q::PowerPerGpu)
        return MissingSpecs::needsText(e.missingForEnergy());
    if (e.speedKnown() || quantity == Q::PricePerGpuHour)
        return {};
    if (quantity == Q::PeakCompute) {
        QVector<GpuField::Id> compute;
        for (GpuField::Id field : e.missing)
            if (field != GpuField::MemoryGb && field != GpuField::MemoryBandwidthGBs)
                compute << field;
        return MissingSpecs::needsText(compute);
    }
    if (OutputQuantities::info(quantity).kind == QuantityKind::Fit)
        return MissingSpecs::needsText(e.missingForMemory());
    return MissingSpecs::needsText(e.missing);
}

// A speed or cost from an out-of-range estimate (a datasheet value far off) is marked as such in its cell.
bool outOfRange(Q quantity, const Estimate &e)
{
    return e.speedOutOfRange && OutputQuantities::info(quantity).kind != QuantityKind::Fit &&
           quantity != Q::PricePerGpuHour;
}

// One catalogue figure shown in the Specs section.
struct SpecRow
{
    QString id;
    QString label;
    QString unit;
    std::function<Value(const GpuSpec &)> value;
    std::function<QString(const GpuSpec &)> note;
    bool sparse = false;
    Better better = Better::Higher; // a datasheet rate or size: more is better
};

QVector<SpecRow> specRows()
{
    // "GDDR6 (ECC)" -> "GDDR6": the table cell names the kind; the catalogue keeps the detail.
    auto memoryType = [](const GpuSpec &g) { return g.memoryType.section(QStringLiteral(" ("), 0, 0); };
    auto linkKind = [](const GpuSpec &g) {
        if (g.interconnectKind == QStringLiteral("nvlink-switch"))
            return ComparisonPresentation::tr("NVSwitch");
        if (g.interconnectKind == QStringLiteral("nvlink-bridge"))
            return ComparisonPresentation::tr("NVLink bridge");
        if (g.interconnectKind == QStringLiteral("infinity-fabric"))
            return ComparisonPresentation::tr("Infinity Fabric");
        return ComparisonPresentation::tr("PCIe only");
    };
    return {
        {QStringLiteral("spec.fp16"),
         ComparisonPresentation::tr("FP16/BF16 tensor, dense"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.fp16DenseTflops; },
         {}},
        {QStringLiteral("spec.fp16.sparse"),
         ComparisonPresentation::tr("FP16/BF16 tensor, sparse 2:4"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.fp16SparseTflops; },
         {},
         true},
        {QStringLiteral("spec.fp8"),
         ComparisonPresentation::tr("FP8 tensor, dense"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.fp8DenseTflops; },
         {}},
        {QStringLiteral("spec.fp8.sparse"),
         ComparisonPresentation::tr("FP8 tensor, sparse 2:4"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.fp8SparseTflops; },
         {},
         true},
        {QStringLiteral("spec.int8"),
         ComparisonPresentation::tr("INT8 tensor, dense"),
         QStringLiteral("TOPS"),
         [](const GpuSpec &g) { return g.int8DenseTops; },
         {}},
        {QStringLiteral("spec.int8.sparse"),
         ComparisonPresentation::tr("INT8 tensor, sparse 2:4"),
         QStringLiteral("TOPS"),
         [](const GpuSpec &g) { return g.int8SparseTops; },
         {},
         true},
        {QStringLiteral("spec.fp4"),
         ComparisonPresentation::tr("FP4 tensor, dense"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.fp4DenseTflops; },
         {}},
        {QStringLiteral("spec.tf32"),
         ComparisonPresentation::tr("TF32 tensor, dense"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.tf32DenseTflops; },
         {}},
        {QStringLiteral("spec.tf32.sparse"),
         ComparisonPresentation::tr("TF32 tensor, sparse 2:4"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.tf32SparseTflops; },
         {},
         true},
        {QStringLiteral("spec.fp32"),
         ComparisonPresentation::tr("FP32 (non-tensor)"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.fp32Tflops; },
         {}},
        {QStringLiteral("spec.fp64"),
         ComparisonPresentation::tr("FP64 (non-tensor)"),
         QStringLiteral("TFLOPS"),
         [](const GpuSpec &g) { return g.fp64Tflops; },
         {}},
        {QStringLiteral("spec.memory"), ComparisonPresentation::tr("Memory"), QStringLiteral("GB"),
         [](const GpuSpec &g) { return g.memoryGb; }, memoryType},
        {QStringLiteral("spec.bandwidth"),
         ComparisonPresentation::tr("Memory bandwidth"),
         QStringLiteral("GB/s"),
         [](const GpuSpec &g) { return g.memoryBandwidthGBs; },
         {}},
        {QStringLiteral("spec.interconnect"), ComparisonPresentation::tr("GPU-to-GPU link, bidirectional"),
         QStringLiteral("GB/s"), [](const GpuSpec &g) { return g.interconnectGBs; }, linkKind},
        {QStringLiteral("spec.pcie"),
         ComparisonPresentation::tr("PCIe, bidirectional"),
         QStringLiteral("GB/s"),
         [](const GpuSpec &g) { return g.pcieGBs; },
         {}},
        {QStringLiteral("spec.tdp"),
         ComparisonPresentation::tr("Board power (TDP)"),
         QStringLiteral("W"),
         [](const GpuSpec &g) { return g.tdpW; },
         {},
         false,
         Better::None}, // a cost and a capability at once: the efficiency axis judges it
        {QStringLiteral("spec.price"),
         ComparisonPresentation::tr("Rental price (catalogue default)"),
         QStringLiteral("$/GPU-h"),
         [](const GpuSpec &g) { return g.usdPerGpuHour; },
         {},
         false,
         Better::Lower},
    };
}

} // namespace

ComparisonPresentation ComparisonPresentation::build(const ComparisonInput &input)
{
    ComparisonPresentation presentation;
    presentation.m_gpus = input.gpus;
    presentation.m_estimates = input.estimates;
    for (const GpuSpec &gpu : input.gpus)
        presentation.m_table.columnTitles << gpu.displayName();
    // The workload's results first, then what was measured, then the datasheet: folded once there is a
    // workload, so the answer to the question is what the table opens on.
    presentation.addWorkloadRows(input);
    presentation.addMeasuredRows(input);
    presentation.addSpecRows(input);
    if (!input.estimates.isEmpty())
        presentation.m_table.foldedSections << specSection();
    RangeRows::annotate(presentation.m_table, input.estimates);
    presentation.m_charts = ComparisonCharts::build(input);
    presentation.buildVerdicts(input);
    presentation.m_answers = AnswerSummary::build(input);
    return presentation;
}

QString ComparisonPresentation::specSection()
{
    return tr("Specs (datasheet)");
}

void ComparisonPresentation::addSpecRows(const ComparisonInput &input)
{
    for (const SpecRow &spec : specRows()) {
        if (spec.sparse && !input.showSparse)
            continue;
        ComparisonRow row;
        row.id = spec.id;
        row.section = specSection();
        row.label = spec.label;
        row.unit = spec.unit;
        row.betterWhen = spec.better;
        bool any = false;
        for (const GpuSpec &gpu : input.gpus) {
            const Value value = spec.value(gpu);
            any = any || value.has_value();
            row.values << value;
            row.notes << (spec.note ? spec.note(gpu) : QString());
        }
        if (any || !spec.sparse) // a sparse row nobody has is noise; a missing dense figure is information
            m_table.rows << row;
    }
}

void ComparisonPresentation::addWorkloadRows(const ComparisonInput &input)
{
    if (input.estimates.isEmpty())
        return;
    const bool training = Tasks::isTraining(input.estimates.first().task);

    // Returns the row added, valid until the next one, for the callers that name it their own way.
    auto addRow = [this, &input](const QString &section, Q quantity, bool needsFit,
                                 const std::function<QString(const Estimate &)> &note = {}) {
        ComparisonRow row = quantityRow(section, quantity);
        const auto value = OutputQuantities::info(quantity).value;
        for (const Estimate &estimate : input.estimates) {
            row.missing << missingFor(quantity, estimate);
            if (!row.missing.constLast().isEmpty()) {
                row.values << std::nullopt;
                row.notes << QString();
                continue;
            }
            if (needsFit && !estimate.fits) {
                row.values << std::nullopt;
                row.notes << tr("does not fit");
                continue;
            }
            row.values << value(estimate);
            row.notes << (outOfRange(quantity, estimate) ? ComparisonPresentation::tr("out of range")
                          : note                         ? note(estimate)
                                                         : QString());
        }
        m_table.rows << row;
        return &m_table.rows.last();
    };

    const QString memory = tr("Workload: memory");
    addRow(memory, Q::MemoryPerGpu, false,
           [](const Estimate &e) { return e.fits ? QString() : tr("does not fit"); });
    addRow(memory, Q::FewestGpus, false,
           [](const Estimate &e) { return e.minGpus > 0 ? QString() : tr("none up to 1024"); });
    // How the batch splits over this GPU's replicas: the same load for every column, split its own way.
    addRow(memory, Q::Replicas, false, [](const Estimate &e) {
        if (e.parallelism.tensor == 1 && e.parallelism.pipeline == 1)
            return tr("1 GPU each");
        return tr("TP %1 × PP %2 each").arg(e.parallelism.tensor).arg(e.parallelism.pipeline);
    });
    addRow(memory, Q::PeakCompute, false, [](const Estimate &e) {
        // FP16 and BF16 share one tensor rate on every GPU of the catalogue: not a fallback.
        auto sixteenBit = [](Precision p) { return p == Precision::Fp16 || p == Precision::Bf16; };
        const bool fellBack = e.computePrecisionUsed != e.activationPrecision &&
                              !(sixteenBit(e.computePrecisionUsed) && sixteenBit(e.activationPrecision));
        return fellBack ? tr("%1 rate: no %2 tensor cores")
                              .arg(Precisions::name(e.computePrecisionUsed),
                                   Precisions::name(e.activationPrecision))
                        : QString();
    });

    const bool serving = !training && std::any_of(input.estimates.cbegin(), input.estimates.cend(),
                                                  [](const Estimate &e) { return e.serving.has_value(); });
    if (serving)
        addServingRows(input);
    if (!training) {
        // Under a load these rows describe one batch that starts together: say so next to the serving rows.
        const QString speed =
            serving ? tr("Workload: one static batch (no queueing)") : tr("Workload: inference speed");
        addRow(speed, Q::RequestsInFlight, true, [](const Estimate &e) {
            return e.inference ? tr("%1 per replica").arg(e.inference->batch) : QString();
        });
        for (Q quantity : {Q::Ttft, Q::Tpot, Q::Decode, Q::Throughput})
            addRow(speed, quantity, true);
        addRow(speed, Q::MaxBatch, false);
        addRow(speed, Q::MaxContext, false);
    } else {
        addTrainingRows(input);
    }

    const QString cost = tr("Workload: cost and energy");
    addRow(cost, Q::PricePerGpuHour, false, [](const Estimate &e) {
        return e.cost.basis == CostBasis::Rental ? QString()
               : e.cost.basis == CostBasis::None ? tr("no price in the catalogue")
                                                 : CostModel::basisText(e.cost);
    });
    const auto owned = [](const Estimate &e) {
        return e.cost.basis == CostBasis::Owned ? tr("owned") : QString();
    };
    const QString tokens = CostModel::tokensCounted(input.estimates.first().task);
    addRow(cost, Q::CostPerMillion, true, owned)->label =
        serving ? tr("GPU cost per million %1 at this load").arg(tokens)
                : OutputQuantities::label(Q::CostPerMillion).arg(tokens);
    if (training) {
        addRow(cost, Q::CostForBudget, true, owned);
        addRow(cost, Q::BudgetEnergy, true);
    }
    // The power follows how busy the estimate keeps the GPU (CostModel::powerFraction), unless the user set
    // it. A share that rounds to 0% says nothing the power does not (issue 59: "171.43 (0% busy)").
    addRow(cost, Q::PowerPerGpu, true, [](const Estimate &e) {
        const double percent = std::round(e.cost.busyFraction * 100.0);
        return percent > 0.0 ? tr("%1% busy").arg(QLocale().toString(percent, 'f', 0)) : QString();
    });
    addRow(cost, Q::EnergyPerToken, true)->label =
        OutputQuantities::label(Q::EnergyPerToken).arg(CostModel::tokenCounted(input.estimates.first().task));
    addRow(cost, Q::ElectricityPerMillion, true)->label =
        OutputQuantities::label(Q::ElectricityPerMillion).arg(tokens);
}

QString ComparisonPresentation::layoutText(const Parallelism &p)
{
    QString text = tr("TP %1 × PP %2 × DP %3").arg(p.tensor).arg(p.pipeline).arg(p.data);
    if (p.context > 1)
        text += tr(", CP %1").arg(p.context);
    if (p.expert > 1)
        text += tr(", EP %1").arg(p.expert);
    if (p.virtualStages > 1)
        text += tr(", VPP %1").arg(p.virtualStages);
    return text;
}

void ComparisonPresentation::addTrainingRows(const ComparisonInput &input)
{
    QString section;
    auto addRow = [this, &input, &section](Q quantity,
                                           const std::function<QString(const Estimate &)> &note = {}) {
        ComparisonRow row = quantityRow(section, quantity);
        const auto value = OutputQuantities::info(quantity).value;
        for (const Estimate &estimate : input.estimates) {
            row.missing << missingFor(quantity, estimate);
            const bool lacking = !row.missing.constLast().isEmpty();
            const bool shown = estimate.fits && estimate.training && !lacking;
            row.values << (shown ? value(estimate) : std::nullopt);
            row.notes << (lacking                                   ? QString()
                          : !estimate.fits                          ? tr("does not fit")
                          : shown && outOfRange(quantity, estimate) ? tr("out of range")
                          : shown && note                           ? note(estimate)
                                                                    : QString());
        }
        m_table.rows << row;
        return &m_table.rows.last();
    };

    section = tr("Workload: training speed");
    addRow(Q::GlobalBatch, [](const Estimate &e) {
        return tr("micro-batch %1 × %2 steps × %n replica(s)", nullptr, e.parallelism.data)
            .arg(e.training->microBatch)
            .arg(e.training->gradientAccumulation);
    });
    addRow(Q::Accumulation);
    addRow(Q::Layout, [](const Estimate &e) { return layoutText(e.parallelism); });
    // The recipe estimated: the user's values, or the fastest that fits this GPU (TrainingRecipe).
    addRow(Q::ZeroStage, [](const Estimate &e) {
        return tr("%1 recompute").arg(WorkloadResolver::recomputeLabel(e.training->recompute));
    });
    addRow(Q::Nodes, [](const Estimate &e) {
        const TrainingResult &t = *e.training;
        return t.nodes > 1
                   ? tr("× %1 GPUs, %2 Gb/s").arg(t.gpusPerNode).arg(ValueFormat::number(t.networkGbps))
                   : tr("%1 GPUs per node, no network").arg(t.gpusPerNode);
    });
    for (Q quantity :
         {Q::StepTime, Q::TrainingTokens, Q::TrainingTokensPerGpu, Q::TrainingSamples, Q::Mfu, Q::Hfu})
        addRow(quantity);

    // Where a step's time goes; the parts add up to the step time.
    section = tr("Workload: step time breakdown");
    const QString exposed = tr("Exposed: the part of the communication that does not overlap with compute.");
    addRow(Q::BreakdownCompute);
    addRow(Q::BreakdownRecompute);
    addRow(Q::BreakdownModelParallelComm)->detail = exposed;
    addRow(Q::BreakdownDataParallelComm)->detail = exposed;
    addRow(Q::BreakdownBubble);
    addRow(Q::BreakdownOptimizer);

    section = tr("Workload: token budget");
    addRow(Q::BudgetDays, [](const Estimate &e) {
        return tr("%1 hours").arg(ValueFormat::number(e.training->budgetHours));
    });
    addRow(Q::BudgetGpuHours);
}

QString ComparisonPresentation::servingSection(const ServingResult &serving)
{
    return serving.concurrency > 0
               ? tr("Workload: serving %n concurrent user(s)", nullptr, serving.concurrency)
               : tr("Workload: serving %1 requests/s").arg(ValueFormat::number(serving.requestRate));
}

void ComparisonPresentation::addServingRows(const ComparisonInput &input)
{
    const auto first = std::find_if(input.estimates.cbegin(), input.estimates.cend(),
                                    [](const Estimate &e) { return e.serving.has_value(); });
    const QString section = servingSection(*first->serving);
    auto addRow = [this, &input, &section](Q quantity,
                                           const std::function<QString(const ServingResult &)> &note = {}) {
        ComparisonRow row = quantityRow(section, quantity);
        row.detail =
            tr("TTFT: time to first token. TPOT: time per output token. Continuous batching simulated step "
               "by step under this load, as vLLM, TensorRT-LLM and SGLang schedule: latencies include the "
               "time a request waits for a place in the batch.");
        const auto value = OutputQuantities::info(quantity).value;
        for (const Estimate &estimate : input.estimates) {
            row.missing << missingFor(quantity, estimate);
            const bool shown = estimate.fits && estimate.serving;
            row.values << (shown ? value(estimate) : std::nullopt);
            row.notes << (!row.missing.constLast().isEmpty()        ? QString()
                          : !estimate.fits                          ? tr("does not fit")
                          : shown && outOfRange(quantity, estimate) ? tr("out of range")
                          : shown && note                           ? note(*estimate.serving)
                                                                    : QString());
        }
        m_table.rows << row;
    };
    // A p90 over its target says so in its cell (the verdicts say by how much): the result's one judgement.
    auto overTarget = [](const ServingResult &s, MissedTarget::Which which) {
        const auto missed = [which](const MissedTarget &m) { return m.which == which; };
        return std::any_of(s.missedTargets.cbegin(), s.missedTargets.cend(), missed) ? tr("over target")
                                                                                     : QString();
    };
    const bool judged = std::any_of(input.estimates.cbegin(), input.estimates.cend(), [](const Estimate &e) {
        return e.serving && e.serving->maxConcurrencyWithinSlo.has_value();
    });
    addRow(Q::ServingTtftP50);
    addRow(Q::ServingTtftP90,
           [&](const ServingResult &s) { return overTarget(s, MissedTarget::Which::TtftP90); });
    addRow(Q::ServingTpotP50);
    addRow(Q::ServingTpotP90,
           [&](const ServingResult &s) { return overTarget(s, MissedTarget::Which::TpotP90); });
    addRow(Q::ServingQueueP90);
    addRow(Q::ServingThroughput, [](const ServingResult &s) { // one GPU: the same number twice says nothing
        return s.outputTokensPerSPerGpu == s.outputTokensPerS
                   ? QString()
                   : tr("%1 per GPU").arg(ValueFormat::number(s.outputTokensPerSPerGpu));
    });
    addRow(Q::ServingRequests);
    addRow(Q::ServingKvCache);
    if (judged) // a search's cap is no limit found: "or more"
        addRow(Q::ServingMaxUsers, [](const ServingResult &s) {
            return s.maxConcurrencyCapped ? tr("or more: the search stops here") : QString();
        });
}

void ComparisonPresentation::addMeasuredRows(const ComparisonInput &input)
{
    // One row per measured run (the same metric, model, framework and setting on each GPU), named by its
    // conditions; a value under each GPU that was measured, "n/a" under the others. Beside each value the
    // estimator's number for the run's own conditions (not the form's) and the difference, flagged when
    // it is far beyond the typical error of such estimates.
    QVector<ComparisonRow> rows;
    for (qsizetype i = 0; i < input.measured.size(); ++i) {
        const Benchmark &benchmark = input.measured.at(i);
        const MeasuredComparison compared = i < input.measuredEstimates.size()
                                                ? input.measuredEstimates.at(i)
                                                : MeasuredEstimates::conditionsOnly(benchmark);
        const QString key = benchmark.metric + u'|' + benchmark.model + u'|' + benchmark.framework + u'|' +
                            benchmark.precision + u'|' + benchmark.batchSize + u'|' + benchmark.inputLength +
                            u'|' + benchmark.outputLength + u'|' + QString::number(benchmark.gpuCount);
        auto it =
            std::find_if(rows.begin(), rows.end(), [&key](const ComparisonRow &r) { return r.id == key; });
        if (it == rows.end()) {
            ComparisonRow row;
            row.id = key;
            row.section = benchmark.category == UserRunBenchmarks::kCategory
                              ? tr("Measured (your runs)")
                              : tr("Measured (catalogue benchmarks)");
            row.label = compared.conditions;
            row.detail = tr("%1 · %2\nmodel %3 · batch %4 · input %5 · output %6\nsource: %7")
                             .arg(benchmark.metric, benchmark.framework, benchmark.model, benchmark.batchSize,
                                  benchmark.inputLength, benchmark.outputLength, benchmark.source);
            if (!compared.estimate && !compared.noEstimate.isEmpty())
                row.detail += u'\n' + tr("No estimate for these conditions: %1").arg(compared.noEstimate);
            row.unit = benchmark.unit;
            row.betterWhen = Better::None;
            row.values.fill(std::nullopt, input.gpus.size());
            row.notes.fill(QString(), input.gpus.size());
            rows << row;
            it = rows.end() - 1;
        }
        for (int column = 0; column < input.gpus.size(); ++column) {
            if (input.gpus.at(column).gpuId != benchmark.gpuId)
                continue;
            // The GPU count is in the row's name: runs on other counts are other rows.
            it->values[column] = benchmark.value;
            it->notes[column] = compared.estimate
                                    ? tr("%1est. %2, %3")
                                          .arg(compared.outlier ? outlierMarker() + u' ' : QString(),
                                               ValueFormat::number(*compared.estimate),
                                               MeasuredEstimates::differenceText(compared.difference))
                                    : QString();
            it->cellDetails.resize(input.gpus.size());
            it->cellDetails[column] = compared.outlier ? compared.doubt : QString();
        }
    }
    m_table.rows += rows;
}

QString ComparisonPresentation::outlierMarker()
{
    return QStringLiteral("\u26a0"); // ⚠
}

void ComparisonPresentation::buildVerdicts(const ComparisonInput &input)
{
    if (!input.estimates.isEmpty()) {
        m_trainingRecipe = input.estimates.first().trainingVerdict.recipe;
        m_inferenceRecipe = input.estimates.first().inferenceVerdict.recipe;
    }
    for (int i = 0; i < input.estimates.size() && i < input.gpus.size(); ++i) {
        const Estimate &estimate = input.estimates.at(i);
        const bool training = Tasks::isTraining(estimate.task);
        m_verdicts << VerdictData{input.gpus.at(i).displayName(),
                                  estimate.trainingVerdict.level,
                                  estimate.trainingVerdict.reasons,
                                  estimate.inferenceVerdict.level,
                                  estimate.inferenceVerdict.reasons,
                                  reasonRows(estimate.trainingVerdict, estimate, training),
                                  reasonRows(estimate.inferenceVerdict, estimate, !training)};
    }
}

QStringList ComparisonPresentation::reasonRows(const Verdict &verdict, const Estimate &estimate,
                                               bool judgedHere)
{
    // The other task's verdict judged its own recipe, whose numbers the table does not show: only its
    // datasheet reasons have a cell.
    const QString speedRow = AnswerSummary::speedRow(estimate);
    QStringList rows;
    for (VerdictTopic topic : verdict.topics) {
        switch (topic) {
        case VerdictTopic::Links:
            rows << QStringLiteral("spec.pcie"); // the reason names the PCIe rate the traffic falls back to
            break;
        case VerdictTopic::DenseCompute:
            rows << QStringLiteral("spec.fp16");
            break;
        case VerdictTopic::Fit:
            rows << (!judgedHere     ? QString()
                     : estimate.fits ? OutputQuantities::rowId(Q::MemoryPerGpu)
                                     : OutputQuantities::rowId(Q::FewestGpus));
            break;
        case VerdictTopic::MissingSpecs: // the cell says what the record lacks
            rows << (!judgedHere              ? QString()
                     : estimate.memoryKnown() ? speedRow
                                              : OutputQuantities::rowId(Q::MemoryPerGpu));
            break;
        case VerdictTopic::Speed:
            rows << (judgedHere ? speedRow : QString());
            break;
        case VerdictTopic::Load:
            rows << (judgedHere ? OutputQuantities::rowId(Q::ServingTtftP90) : QString());
            break;
        case VerdictTopic::Cost:
            rows << (judgedHere ? OutputQuantities::rowId(Q::CostPerMillion) : QString());
            break;
        case VerdictTopic::Other:
            rows << QString();
            break;
        }
    }
    return rows;
}

QString ComparisonPresentation::mathTitle(const QString &rowId, int gpuColumn) const
{
    const auto row = std::find_if(m_table.rows.cbegin(), m_table.rows.cend(),
                                  [&rowId](const ComparisonRow &r) { return r.id == rowId; });
    if (row == m_table.rows.cend() || gpuColumn < 0 || gpuColumn >= m_gpus.size())
        return {};
    return tr("%1, %2").arg(row->label, m_gpus.at(gpuColumn).displayName());
}

QVector<MathTermId> ComparisonPresentation::mathTermsFor(const QString &rowId)
{
    const OutputQuantityInfo *quantity = OutputQuantities::find(rowId);
    return quantity ? quantity->mathTerms : QVector<MathTermId>{};
}

bool ComparisonPresentation::needsEstimateMath(const QString &rowId)
{
    // A serving row is explained by its simulation, which every estimate already carries.
    return !rowId.startsWith(QStringLiteral("spec.")) && !isServingRow(rowId);
}

QVector<MathTermView> ComparisonPresentation::servingMath(const QString &rowId,
                                                          const Estimate &estimate) const
{
    if (!estimate.serving)
        return {};
    const ServingResult &s = *estimate.serving;
    const QString load =
        s.concurrency > 0
            ? tr("closed loop: %n user(s), each sending the next request when the last ends", nullptr,
                 s.concurrency)
            : tr("open loop: Poisson arrivals at %1 requests/s").arg(ValueFormat::number(s.requestRate));
    QVector<MathTermView> terms{
        {tr("serving simulation"), tr("continuous batching, one engine step at a time"),
         tr("%1; %n request(s) simulated", nullptr, s.numRequests).arg(load), std::nullopt, QString()},
        {tr("most running sequences"), tr("per replica (max num seqs)"), QString(), Value(s.maxNumSeqs),
         QString()},
        {tr("most tokens per step"), tr("per replica (max batched tokens, chunked prefill)"), QString(),
         Value(s.maxBatchedTokens), tr("tokens")},
        {tr("KV cache"), tr("tokens the cache holds, per replica"), QString(), Value(double(s.kvCacheTokens)),
         tr("tokens")},
        {tr("running sequences"), tr("mean per replica over the steps"), QString(),
         Value(s.meanRunningSequences), QString()},
    };
    // The distribution behind a latency row.
    const OutputQuantityInfo *quantity = OutputQuantities::find(rowId);
    const Q shown = quantity ? quantity->quantity : Q::ServingKvCache;
    const LatencyStats *stats = shown == Q::ServingTtftP50 || shown == Q::ServingTtftP90   ? &s.ttftMs
                                : shown == Q::ServingTpotP50 || shown == Q::ServingTpotP90 ? &s.tpotMs
                                : shown == Q::ServingQueueP90                              ? &s.queueMs
                                                                                           : nullptr;
    if (stats) {
        const QString percentiles =
            tr("mean %1 · p50 %2 · p90 %3 · p99 %4 ms")
                .arg(ValueFormat::number(stats->mean), ValueFormat::number(stats->p50),
                     ValueFormat::number(stats->p90), ValueFormat::number(stats->p99));
        terms << MathTermView{tr("over the simulated requests"), QString(), percentiles, std::nullopt,
                              QString()};
    }
    if (shown == Q::ServingThroughput || shown == Q::ServingRequests)
        terms << MathTermView{
            tr("end-to-end latency"), tr("p50 and p90"),
            tr("%1 ms and %2 ms").arg(ValueFormat::number(s.e2eMs.p50), ValueFormat::number(s.e2eMs.p90)),
            std::nullopt, QString()};
    if (s.maxConcurrencyWithinSlo)
        terms << MathTermView{tr("most users within the targets"),
                              tr("the largest user count whose p90s meet them"), QString(),
                              Value(*s.maxConcurrencyWithinSlo), tr("users")};
    return terms;
}

QVector<MathTermView> ComparisonPresentation::math(const QString &rowId, int gpuColumn,
                                                   const Estimate *withMath) const
{
    const auto row = std::find_if(m_table.rows.cbegin(), m_table.rows.cend(),
                                  [&rowId](const ComparisonRow &r) { return r.id == rowId; });
    if (row == m_table.rows.cend() || gpuColumn < 0 || gpuColumn >= m_gpus.size())
        return {};
    const GpuSpec &gpu = m_gpus.at(gpuColumn);
    const Value value = row->values.value(gpuColumn);

    // No formula to show for a number this GPU's record cannot give: what it lacks instead.
    const QString missing = row->missing.value(gpuColumn);
    if (!missing.isEmpty())
        return {MathTermView{
            row->label, missing,
            tr("%1 has no value for it in the catalogue; add it on the Catalogue tab").arg(gpu.displayName()),
            std::nullopt, row->unit}};

    if (isServingRow(rowId))
        return gpuColumn < m_estimates.size() ? servingMath(rowId, m_estimates.at(gpuColumn))
                                              : QVector<MathTermView>{};
    if (!needsEstimateMath(rowId)) {
        // A datasheet figure: no formula, its source.
        return {MathTermView{row->label, tr("datasheet value"), tr("source: %1").arg(gpu.sources), value,
                             row->unit},
                MathTermView{tr("confidence"), gpu.confidence, gpu.notes, std::nullopt, QString()}};
    }
    if (gpuColumn >= m_estimates.size())
        return {};
    const Estimate &estimate = withMath ? *withMath : m_estimates.at(gpuColumn);
    // A row without its own list (a measured figure) shows every term of the estimate.
    const QVector<MathTermId> ids = mathTermsFor(rowId);
    QVector<MathTermView> terms;
    for (const MathTerm &term : estimate.math) {
        if (ids.isEmpty() || ids.contains(term.id))
            terms << MathTermView{MathTerms::displayName(term.id),
                                  term.formula,
                                  term.substituted,
                                  term.value,
                                  term.unit,
                                  term.range};
    }
    for (const QString &note : estimate.notes)
        terms << MathTermView{tr("note"), QString(), note, std::nullopt, QString()};
    return terms;
}
