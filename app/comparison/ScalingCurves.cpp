#include "app/comparison/ScalingCurves.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "widgets/charts/ChartPalette.h"
#include "widgets/common/ValueFormat.h"

#include <QLocale>
#include <QSet>
#include <algorithm>
#include <cmath>

namespace {

constexpr int kFirstCount = 8;
constexpr int kLastCount = 1024;

} // namespace

QVector<int> ScalingCurves::gpuCounts()
{
    QVector<int> counts;
    for (int count = kFirstCount; count <= kLastCount; count *= 2)
        counts << count;
    return counts;
}

int ScalingCurves::nodeSize(const GpuSpec &gpu, const Workload &workload)
{
    return GpuCapabilities::gpusPerNode(gpu, workload.gpusPerNode);
}

Workload ScalingCurves::workloadAt(const Workload &workload, int gpus)
{
    Workload w = workload;
    const double perGpu = double(std::max(1, workload.batch)) / std::max(1, workload.gpuCount);
    w.gpuCount = gpus;
    w.batch = std::max(1, int(std::lround(perGpu * gpus)));
    return w;
}

QVector<ScalingCurves::Curve> ScalingCurves::compute(const Input &input,
                                                     const std::function<bool()> &cancelled)
{
    const QVector<int> counts = gpuCounts();
    EstimateOptions options;
    options.buildMath = false;
    QVector<Curve> curves;
    for (const GpuSpec &gpu : input.gpus) {
        Curve curve;
        const int node = nodeSize(gpu, input.workload);
        for (int count : counts) {
            if (cancelled && cancelled())
                return curves;
            const Workload w = workloadAt(input.workload, count);
            Point point{count, w.batch, (count + node - 1) / node, std::nullopt, 0.0};
            const Estimate estimate = Estimator::estimate(gpu, w, input.parameters, options);
            if (estimate.fits && estimate.training && estimate.training->tokensPerSPerGpu > 0.0) {
                point.tokensPerSPerGpu = estimate.training->tokensPerSPerGpu;
                point.mfu = estimate.training->mfu;
                point.nodes = estimate.training->nodes;
            }
            curve << point;
        }
        curves << curve;
    }
    return curves;
}

ChartData ScalingCurves::placeholder(const QString &footnote)
{
    ChartData chart;
    chart.title = tr("Scaling: training throughput per GPU against GPU count");
    chart.xAxisLabel = tr("GPUs (global batch grows with them)");
    chart.panelAxisLabels = {tr("Tokens/s per GPU")};
    chart.unit = tr("tokens/s");
    chart.linearValueAxis = true;
    chart.footnote = footnote;
    for (int count : gpuCounts()) {
        chart.categories << QLocale().toString(count);
        chart.xValues << count;
    }
    return chart;
}

ChartData ScalingCurves::chart(const Input &input, const QVector<Curve> &curves)
{
    ChartData chart = placeholder(QString());
    const QVector<int> counts = gpuCounts();
    // The x axis names the nodes when every GPU of the comparison shares a node size; otherwise the
    // markers name each size.
    QVector<int> sizes;
    for (const GpuSpec &gpu : input.gpus)
        if (const int size = nodeSize(gpu, input.workload); !sizes.contains(size))
            sizes << size;
    std::sort(sizes.begin(), sizes.end());
    if (sizes.size() == 1) {
        for (int i = 0; i < counts.size(); ++i) {
            const int nodes = (counts.at(i) + sizes.first() - 1) / sizes.first();
            const QString count = QLocale().toString(counts.at(i));
            chart.categories[i] = nodes == 1 ? tr("%1\n1 node").arg(count)
                                             : tr("%1\n%2 nodes").arg(count, QLocale().toString(nodes));
        }
    }
    for (int size : std::as_const(sizes)) {
        // The last count that fits in one node: past it the data-parallel traffic crosses the network.
        QStringList names;
        for (const GpuSpec &gpu : input.gpus)
            if (nodeSize(gpu, input.workload) == size)
                names << gpu.displayName();
        const QString label =
            sizes.size() == 1 ? tr("1 node = %1 GPUs").arg(size)
                              : tr("1 node = %1 GPUs: %2").arg(size).arg(names.join(QStringLiteral(", ")));
        if (size >= counts.first() && size <= counts.last())
            chart.xMarkers << ChartMarker{double(size), label};
    }
    for (int g = 0; g < input.gpus.size(); ++g) {
        const Curve curve = curves.value(g);
        QVector<std::optional<double>> values(counts.size());
        bool any = false;
        for (const Point &point : curve) {
            const int i = static_cast<int>(counts.indexOf(point.gpus));
            if (i < 0)
                continue;
            values[i] = point.tokensPerSPerGpu;
            any = any || point.tokensPerSPerGpu.has_value();
        }
        const QString name = any ? input.gpus.at(g).displayName()
                                 : tr("%1 (does not fit)").arg(input.gpus.at(g).displayName());
        chart.series << ChartSeries{name, values, ChartPalette::colorAt(g), 0};
    }
    const double perGpu = double(std::max(1, input.workload.batch)) / std::max(1, input.workload.gpuCount);
    const QString network =
        input.workload.networkGbps > 0.0
            ? tr("%1 Gb/s per GPU between nodes").arg(ValueFormat::number(input.workload.networkGbps))
            : tr("one node only (no network: larger counts are not estimated)");
    chart.footnote = tr("%1. At every count: %2 sequences per GPU in the global batch, the same recipe, "
                        "%3. A gap: does not fit, or no layout at that count.")
                         .arg(input.summary, ValueFormat::number(perGpu), network);
    return chart;
}
