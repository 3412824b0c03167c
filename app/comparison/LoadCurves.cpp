#include "app/comparison/LoadCurves.h"

#include "widgets/charts/ChartPalette.h"
#include "widgets/common/ValueFormat.h"

#include <algorithm>

namespace {

constexpr int kMinUsers = 256;
constexpr int kMaxUsers = 4096;

} // namespace

QVector<int> LoadCurves::userCounts(const Workload &workload)
{
    const int users = workload.traffic ? workload.traffic->concurrency : 0;
    return ServingCurve::userCounts(std::clamp(2 * users, kMinUsers, kMaxUsers));
}

QVector<LoadCurves::Curve> LoadCurves::compute(const Input &input, const std::function<bool()> &cancelled)
{
    const QVector<int> users = userCounts(input.workload);
    QVector<Curve> curves;
    for (const GpuSpec &gpu : input.gpus) {
        Curve curve;
        // Point by point, so that a superseded computation stops within one simulation.
        for (int count : users) {
            if (cancelled && cancelled())
                return curves;
            curve += ServingCurve::curve(gpu, input.workload, input.parameters, {count});
        }
        curves << curve;
    }
    return curves;
}

ChartData LoadCurves::placeholder(const QString &footnote)
{
    ChartData chart;
    chart.title = tr("Latency under load: p90 against concurrent users");
    chart.xAxisLabel = tr("Concurrent users");
    chart.panelAxisLabels = {tr("Time to first token, p90 (ms)"), tr("Time per output token, p90 (ms)")};
    chart.unit = QStringLiteral("ms");
    chart.footnote = footnote;
    return chart;
}

ChartData LoadCurves::chart(const Input &input, const QVector<Curve> &curves)
{
    ChartData chart = placeholder(QString());
    const QVector<int> users = userCounts(input.workload);
    for (int count : users) {
        chart.categories << QString::number(count);
        chart.xValues << count;
    }
    for (int g = 0; g < input.gpus.size(); ++g) {
        const Curve curve = curves.value(g);
        QVector<std::optional<double>> ttft(users.size());
        QVector<std::optional<double>> tpot(users.size());
        for (const ServingCurve::Point &point : curve) {
            const int i = static_cast<int>(users.indexOf(point.concurrency));
            if (i < 0)
                continue;
            ttft[i] = point.ttftP90Ms;
            tpot[i] = point.tpotP90Ms;
        }
        const QString name = curve.isEmpty() ? tr("%1 (does not fit)").arg(input.gpus.at(g).displayName())
                                             : input.gpus.at(g).displayName();
        const QColor color = ChartPalette::colorAt(g);
        chart.series << ChartSeries{name, ttft, color, 0} << ChartSeries{name, tpot, color, 1};
    }
    if (const auto &traffic = input.workload.traffic) {
        if (traffic->ttftP90TargetMs)
            chart.referenceLines << ChartReferenceLine{
                0, *traffic->ttftP90TargetMs,
                tr("target %1").arg(ValueFormat::withUnit(*traffic->ttftP90TargetMs, QStringLiteral("ms")))};
        if (traffic->tpotP90TargetMs)
            chart.referenceLines << ChartReferenceLine{
                1, *traffic->tpotP90TargetMs,
                tr("target %1").arg(ValueFormat::withUnit(*traffic->tpotP90TargetMs, QStringLiteral("ms")))};
    }
    chart.footnote = tr("%1. Each user sends the next request when the last one is answered; continuous "
                        "batching simulated step by step at each user count. Dashed: the p90 targets.")
                         .arg(input.summary);
    return chart;
}
