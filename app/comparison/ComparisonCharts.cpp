#include "app/comparison/ComparisonCharts.h"

#include "app/analysis/MissingSpecs.h"
#include "app/comparison/LoadCurves.h"
#include "app/comparison/RangeRows.h"
#include "app/comparison/ScalingCurves.h"
#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/ChartPalette.h"
#include "widgets/charts/LineChartWidget.h"
#include "widgets/charts/RadarChartWidget.h"

#include <algorithm>
#include <functional>

namespace {

using Value = std::optional<double>;

// The 80% range of each bar, from the table row its link names (RangeRows): error bars on the chart.
void addRanges(ChartData &chart, const QVector<Estimate> &estimates)
{
    bool any = false;
    for (ChartSeries &series : chart.series) {
        series.ranges.clear();
        for (qsizetype c = 0; c < series.values.size(); ++c) {
            const ChartPointLink link = series.links.value(c);
            const bool ranged = link.isValid() && link.column < estimates.size() && series.values.at(c);
            series.ranges << (ranged ? RangeRows::interval(estimates.at(link.column), link.rowId,
                                                           *series.values.at(c))
                                     : std::nullopt);
            any = any || series.ranges.constLast().has_value();
        }
    }
    if (any)
        chart.footnote +=
            u' ' + ComparisonCharts::tr("Error bars: the 80% range of the estimate (calibration "
                                        "residuals, leave-one-GPU-out); none where no measurement "
                                        "backs the number.");
}

// One series per GPU; rowIds name the table row each category's value comes from (an empty id: none), so
// that a click on the bar selects that cell of the GPU's column.
ChartSeries seriesFor(const GpuSpec &gpu, int index, QVector<Value> values, const QStringList &rowIds = {})
{
    ChartSeries series{gpu.displayName(), std::move(values), ChartPalette::colorAt(index)};
    for (const QString &rowId : rowIds)
        series.links << ChartPointLink{rowId, index};
    return series;
}

// value / best among the GPUs, for the radar: 1 is the best of this comparison.
QVector<Value> normalised(const QVector<Value> &values)
{
    double best = 0.0;
    for (const Value &value : values)
        if (value)
            best = std::max(best, *value);
    QVector<Value> result;
    for (const Value &value : values)
        result << (value && best > 0.0 ? Value(*value / best) : std::nullopt);
    return result;
}

// One bar group per metric, one series per GPU; rowIds: the table row of each metric, for clicks on its bars.
ChartData singleMetric(const QVector<GpuSpec> &gpus, const QString &title, const QStringList &metricNames,
                       const QString &axis, const QString &unit,
                       const std::function<QVector<Value>(int)> &values, const QString &footnote,
                       const QStringList &rowIds)
{
    ChartData chart;
    chart.title = title;
    chart.valueAxisLabel = axis;
    chart.unit = unit;
    chart.categories = metricNames;
    chart.footnote = footnote;
    for (int i = 0; i < gpus.size(); ++i)
        chart.series << seriesFor(gpus.at(i), i, values(i), rowIds);
    return chart;
}

// GPU i's value, none where the workload does not fit it.
Value valueIfFits(const QVector<Estimate> &estimates, int i,
                  const std::function<Value(const Estimate &)> &value)
{
    if (i >= estimates.size() || !estimates.at(i).fits)
        return std::nullopt;
    return value(estimates.at(i));
}

bool isTraining(const ComparisonInput &input)
{
    return !input.estimates.isEmpty() && Tasks::isTraining(input.estimates.first().task);
}

Value ratio(Value numerator, Value denominator)
{
    if (!numerator || !denominator || *denominator <= 0.0)
        return std::nullopt;
    return *numerator / *denominator;
}

} // namespace

QHash<ChartKind, ChartData> ComparisonCharts::build(const ComparisonInput &input)
{
    QHash<ChartKind, ChartData> charts;
    charts.insert(ChartKind::Compute, compute(input));
    charts.insert(
        ChartKind::Memory,
        singleMetric(input.gpus, tr("Memory capacity"), {tr("Memory per GPU")}, tr("Memory (GB)"),
                     QStringLiteral("GB"), [&](int i) { return QVector<Value>{input.gpus.at(i).memoryGb}; },
                     tr("Usable memory per GPU from the datasheet."), {QStringLiteral("spec.memory")}));
    charts.insert(ChartKind::Bandwidth,
                  singleMetric(input.gpus, tr("Bandwidth"), {tr("Memory"), tr("GPU-to-GPU link"), tr("PCIe")},
                               tr("Bandwidth (GB/s)"), QStringLiteral("GB/s"),
                               [&](int i) {
                                   const GpuSpec &g = input.gpus.at(i);
                                   return QVector<Value>{g.memoryBandwidthGBs, g.interconnectGBs, g.pcieGBs};
                               },
                               tr("Links are bidirectional totals; no bar means the GPU has no such link."),
                               {QStringLiteral("spec.bandwidth"), QStringLiteral("spec.interconnect"),
                                QStringLiteral("spec.pcie")}));
    charts.insert(ChartKind::Radar, radar(input.gpus));

    // Workload charts: empty (no series) when there are no estimates.
    charts.insert(ChartKind::Fit, fit(input));
    const auto [latency, throughput] = speed(input);
    charts.insert(ChartKind::Latency, latency);
    charts.insert(ChartKind::Throughput, throughput);
    charts.insert(ChartKind::Cost, cost(input));
    for (const ChartKind kind : {ChartKind::Latency, ChartKind::Throughput, ChartKind::Cost})
        addRanges(charts[kind], input.estimates);

    const QVector<Estimate> &estimates = input.estimates;
    const bool training = isTraining(input);

    // Its curves take many simulations: the window fills them in when computed (ChartJobRunner).
    if (estimates.isEmpty())
        charts.insert(ChartKind::Serving, LoadCurves::placeholder(tr("No estimate for this workload.")));
    else if (training)
        charts.insert(ChartKind::Serving, LoadCurves::placeholder(tr(
                                              "Latency under load is estimated for inference workloads.")));
    else
        charts.insert(ChartKind::Serving,
                      LoadCurves::placeholder(tr("Simulating the load at each user count…")));

    charts.insert(ChartKind::Breakdown, breakdown(input));
    // Each point is an estimate at another GPU count: the window fills them in when computed.
    if (estimates.isEmpty())
        charts.insert(ChartKind::Scaling, ScalingCurves::placeholder(tr("No estimate for this workload.")));
    else if (!training)
        charts.insert(ChartKind::Scaling, ScalingCurves::placeholder(
                                              tr("Scaling over GPUs is estimated for training workloads.")));
    else
        charts.insert(ChartKind::Scaling,
                      ScalingCurves::placeholder(tr("Estimating the run at each GPU count…")));
    return charts;
}

ChartData ComparisonCharts::compute(const ComparisonInput &input)
{
    const QVector<GpuSpec> &gpus = input.gpus;
    // One group per precision, one bar per GPU; categories nobody has are left out.
    struct Category
    {
        QString name;
        std::function<Value(const GpuSpec &)> dense;
        std::function<Value(const GpuSpec &)> sparse;
        QString denseRow; // the table rows of the figures
        QString sparseRow;
    };
    const QVector<Category> categories{
        {tr("FP64"), [](const GpuSpec &g) { return g.fp64Tflops; }, {}, QStringLiteral("spec.fp64"), {}},
        {tr("FP32"), [](const GpuSpec &g) { return g.fp32Tflops; }, {}, QStringLiteral("spec.fp32"), {}},
        {tr("TF32"), [](const GpuSpec &g) { return g.tf32DenseTflops; },
         [](const GpuSpec &g) { return g.tf32SparseTflops; }, QStringLiteral("spec.tf32"),
         QStringLiteral("spec.tf32.sparse")},
        {tr("FP16/BF16"), [](const GpuSpec &g) { return g.fp16DenseTflops; },
         [](const GpuSpec &g) { return g.fp16SparseTflops; }, QStringLiteral("spec.fp16"),
         QStringLiteral("spec.fp16.sparse")},
        {tr("FP8"), [](const GpuSpec &g) { return g.fp8DenseTflops; },
         [](const GpuSpec &g) { return g.fp8SparseTflops; }, QStringLiteral("spec.fp8"),
         QStringLiteral("spec.fp8.sparse")},
        {tr("INT8 (TOPS)"), [](const GpuSpec &g) { return g.int8DenseTops; },
         [](const GpuSpec &g) { return g.int8SparseTops; }, QStringLiteral("spec.int8"),
         QStringLiteral("spec.int8.sparse")},
        // The table has no sparse FP4 row: that bar selects nothing.
        {tr("FP4"),
         [](const GpuSpec &g) { return g.fp4DenseTflops; },
         [](const GpuSpec &g) { return g.fp4SparseTflops; },
         QStringLiteral("spec.fp4"),
         {}},
    };
    ChartData compute;
    compute.title = input.showSparse ? tr("Compute per precision: dense and sparse 2:4")
                                     : tr("Compute per precision (dense)");
    compute.valueAxisLabel = tr("Throughput (TFLOPS; INT8 in TOPS)");
    compute.unit = QStringLiteral("TFLOPS");
    QVector<Category> shown;
    for (const Category &category : categories) {
        const bool any =
            std::any_of(gpus.begin(), gpus.end(), [&](const GpuSpec &g) { return category.dense(g); });
        if (any) {
            shown << category;
            compute.categories << category.name;
        }
    }
    for (int i = 0; i < gpus.size(); ++i) {
        QVector<Value> dense;
        QVector<Value> sparse;
        QStringList denseRows;
        QStringList sparseRows;
        for (const Category &category : shown) {
            dense << category.dense(gpus.at(i));
            sparse << (category.sparse ? category.sparse(gpus.at(i)) : std::nullopt);
            denseRows << category.denseRow;
            sparseRows << category.sparseRow;
        }
        compute.series << seriesFor(gpus.at(i), i, dense, denseRows);
        if (input.showSparse) {
            ChartSeries series = seriesFor(gpus.at(i), i, sparse, sparseRows);
            series.name = tr("%1 (sparse)").arg(series.name);
            series.color = series.color.lighter(150);
            compute.series << series;
        }
    }
    compute.footnote =
        tr("Datasheet figures. FP64 and FP32 are non-tensor; the others are tensor-core rates. "
           "Sparse 2:4 figures need structured-sparse weights and are labelled.");
    return compute;
}

// Each axis normalised to the best GPU of this comparison.
ChartData ComparisonCharts::radar(const QVector<GpuSpec> &gpus)
{
    ChartData radar;
    radar.title = tr("Overview, relative to the best of this comparison");
    radar.valueAxisLabel = tr("Fraction of the best (1 = best)");
    radar.categories = {tr("Compute"),      tr("Memory"),           tr("Bandwidth"),
                        tr("Interconnect"), tr("Power efficiency"), tr("Price efficiency")};
    QVector<QVector<Value>> axes(radar.categories.size());
    for (const GpuSpec &g : gpus) {
        axes[0] << g.fp16DenseTflops;
        axes[1] << g.memoryGb;
        axes[2] << g.memoryBandwidthGBs;
        axes[3] << (g.interconnectGBs ? g.interconnectGBs : g.pcieGBs);
        axes[4] << ratio(g.fp16DenseTflops, g.tdpW);
        axes[5] << ratio(g.fp16DenseTflops, g.usdPerGpuHour);
    }
    for (QVector<Value> &axis : axes)
        axis = normalised(axis);
    for (int i = 0; i < gpus.size(); ++i) {
        QVector<Value> values;
        for (const QVector<Value> &axis : axes)
            values << axis.at(i);
        // Each point selects the datasheet figure it comes from; the efficiency axes the figure they divide
        // the FP16/BF16 rate by (board power, rental price).
        const GpuSpec &g = gpus.at(i);
        radar.series << seriesFor(
            g, i, values,
            {QStringLiteral("spec.fp16"), QStringLiteral("spec.memory"), QStringLiteral("spec.bandwidth"),
             g.interconnectGBs ? QStringLiteral("spec.interconnect") : QStringLiteral("spec.pcie"),
             QStringLiteral("spec.tdp"), QStringLiteral("spec.price")});
    }
    radar.footnote = tr("Compute: FP16/BF16 dense. Interconnect: NVLink/Infinity Fabric, else PCIe. "
                        "Power efficiency: TFLOPS per W. Price efficiency: TFLOPS per $/GPU-hour.");
    return radar;
}

QString ComparisonCharts::lacking(const QVector<Estimate> &estimates, bool memoryOnly)
{
    QStringList lines;
    for (const Estimate &e : estimates) {
        const QVector<GpuField::Id> missing = memoryOnly ? e.missingForMemory() : e.missing;
        if (!missing.isEmpty())
            lines << tr("n/a for %1: %2 (not in the catalogue).")
                         .arg(e.gpuName, MissingSpecs::needsText(missing));
    }
    return lines.isEmpty() ? QString() : u' ' + lines.join(u' ');
}

ChartData ComparisonCharts::workloadChart(const ComparisonInput &input, const QString &title,
                                          const QStringList &names, const QString &axis, const QString &unit,
                                          const std::function<QVector<Value>(int)> &values,
                                          const QStringList &rowIds, bool memoryOnly)
{
    ChartData chart = singleMetric(input.gpus, title, names, axis, unit, values,
                                   tr("%1. n/a: does not fit on that many GPUs.").arg(input.workloadSummary) +
                                       lacking(input.estimates, memoryOnly),
                                   rowIds);
    if (input.estimates.isEmpty())
        chart.series.clear();
    return chart;
}

ChartData ComparisonCharts::quantityChart(const ComparisonInput &input, const QString &title,
                                          const QStringList &names, const QString &axis,
                                          const QVector<OutputQuantity> &quantities)
{
    QStringList rowIds;
    for (OutputQuantity quantity : quantities)
        rowIds << OutputQuantities::rowId(quantity);
    const auto valuesOf = [&](int i) {
        QVector<Value> values;
        for (OutputQuantity quantity : quantities)
            values << valueIfFits(input.estimates, i, OutputQuantities::info(quantity).value);
        return values;
    };
    return workloadChart(input, title, names, axis, OutputQuantities::unit(quantities.first()), valuesOf,
                         rowIds);
}

ChartData ComparisonCharts::fit(const ComparisonInput &input)
{
    const QVector<Estimate> &estimates = input.estimates;
    return workloadChart(
        input, tr("Memory needed per GPU against capacity"), {tr("Needed"), tr("Capacity")},
        tr("Memory per GPU (GB)"), OutputQuantities::unit(OutputQuantity::MemoryPerGpu),
        [&](int i) {
            if (i >= estimates.size() || !estimates.at(i).memoryKnown())
                return QVector<Value>{std::nullopt, std::nullopt};
            return QVector<Value>{estimates.at(i).perGpuGb, estimates.at(i).capacityGb};
        },
        {OutputQuantities::rowId(OutputQuantity::MemoryPerGpu), QStringLiteral("spec.memory")}, true);
}

std::pair<ChartData, ChartData> ComparisonCharts::speed(const ComparisonInput &input)
{
    using Q = OutputQuantity;
    const QVector<Estimate> &estimates = input.estimates;
    std::pair<ChartData, ChartData> charts; // latency, throughput
    if (isTraining(input)) {
        charts.first =
            quantityChart(input, tr("Training step time"), {tr("Step")}, tr("Step time (s)"), {Q::StepTime});
        charts.second = quantityChart(input, tr("Training throughput"), {tr("All GPUs")},
                                      tr("Throughput (tokens/s)"), {Q::TrainingTokens});
    } else if (std::any_of(estimates.cbegin(), estimates.cend(),
                           [](const Estimate &e) { return bool(e.serving); })) {
        // Under a load the question is the load's: the simulated percentiles the table and the targets
        // judge, not one static batch.
        charts.first =
            quantityChart(input, tr("Time to first token under the load"), {tr("Median"), tr("p90")},
                          tr("Time to first token (ms)"), {Q::ServingTtftP50, Q::ServingTtftP90});
        charts.second = quantityChart(input, tr("Output tokens per second under the load"), {tr("All GPUs")},
                                      tr("Throughput, all GPUs (tokens/s)"), {Q::ServingThroughput});
    } else {
        // No load: one static batch, named as such.
        charts.first = quantityChart(input, tr("Time to first token, one static batch"), {tr("TTFT")},
                                     tr("Time to first token (ms)"), {Q::Ttft});
        charts.second = quantityChart(input, tr("Output tokens per second, one static batch"),
                                      {tr("Decode"), tr("End-to-end")}, tr("Throughput, all GPUs (tokens/s)"),
                                      {Q::Decode, Q::Throughput});
    }
    return charts;
}

ChartData ComparisonCharts::cost(const ComparisonInput &input)
{
    return quantityChart(input, tr("Rental cost per million tokens"), {tr("$ per million tokens")},
                         tr("Cost ($ per million tokens)"), {OutputQuantity::CostPerMillion});
}

ChartData ComparisonCharts::breakdown(const ComparisonInput &input)
{
    ChartData chart;
    chart.title = tr("Training step time breakdown");
    chart.valueAxisLabel = tr("Time per optimizer step (s)");
    chart.unit = QStringLiteral("s");
    chart.stacked = true;
    const QVector<Estimate> &estimates = input.estimates;
    const bool training = isTraining(input);
    if (!training) {
        chart.footnote = estimates.isEmpty()
                             ? tr("No estimate for this workload.")
                             : tr("The step time breakdown is estimated for training workloads.");
        return chart;
    }
    for (const GpuSpec &gpu : input.gpus)
        chart.categories << gpu.displayName();
    struct StepPart
    {
        QString name; // shorter than the table's labels: a legend's
        OutputQuantity quantity;
    };
    using Q = OutputQuantity;
    const QVector<StepPart> parts{
        {tr("Compute"), Q::BreakdownCompute},
        {tr("Recomputation"), Q::BreakdownRecompute},
        {tr("TP/CP/EP/PP communication"), Q::BreakdownModelParallelComm},
        {tr("DP communication"), Q::BreakdownDataParallelComm},
        {tr("Pipeline bubble"), Q::BreakdownBubble},
        {tr("Optimizer"), Q::BreakdownOptimizer},
    };
    for (int p = 0; p < parts.size(); ++p) {
        ChartSeries series{parts.at(p).name, {}, ChartPalette::colorAt(p)};
        const OutputQuantityInfo &part = OutputQuantities::info(parts.at(p).quantity);
        for (int i = 0; i < input.gpus.size(); ++i) {
            series.links << ChartPointLink{QString::fromLatin1(part.rowId), i}; // the categories are the GPUs
            const Estimate *e = i < estimates.size() ? &estimates.at(i) : nullptr;
            series.values << (e && e->fits ? part.value(*e) : std::nullopt);
        }
        chart.series << series;
    }
    chart.footnote = tr("%1. Exposed communication only (what overlaps with compute is not counted); "
                        "n/a: does not fit on that many GPUs.")
                         .arg(input.workloadSummary);
    for (const Estimate &e : estimates)
        if (!e.speedKnown())
            chart.footnote += u' ' + tr("n/a for %1: %2 (not in the catalogue).")
                                         .arg(e.gpuName, MissingSpecs::needsText(e.missing));
    return chart;
}

std::unique_ptr<ChartView> ComparisonCharts::createView(ChartKind kind)
{
    switch (kind) {
    case ChartKind::Radar:
        return std::make_unique<RadarChartWidget>();
    case ChartKind::Serving:
    case ChartKind::Scaling:
        return std::make_unique<LineChartWidget>();
    default:
        return std::make_unique<BarChartWidget>();
    }
}
