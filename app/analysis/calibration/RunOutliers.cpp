#include "app/analysis/calibration/RunOutliers.h"

#include "app/analysis/calibration/Calibrator.h"

#include <QCoreApplication>
#include <QMap>
#include <algorithm>
#include <cmath>

namespace RunOutliers {

namespace {

QString ratioText(double logRatio)
{
    return QString::number(std::exp(logRatio), 'g', 2) + u'x';
}

} // namespace

QVector<Outlier> find(const QVector<MeasuredRunCase> &cases, const QVector<QVector<double>> &predictions)
{
    // Per measured number (metric and statistic): each run's ln(measured / estimate).
    struct Entry
    {
        qsizetype index;
        double logRatio;
        QString name;
    };
    QMap<int, QVector<Entry>> byMetric;
    for (qsizetype i = 0; i < cases.size(); ++i)
        for (qsizetype v = 0; v < cases[i].values.size(); ++v) {
            const MeasuredValue &value = cases[i].values[v];
            const double predicted = predictions.value(i).value(v);
            if (!(predicted > 0.0) || !(value.measured > 0.0))
                continue;
            byMetric[int(value.metric) * 2 + (value.median ? 1 : 0)].append(
                Entry{i, std::log(value.measured / predicted), MeasuredRunCases::metricName(value)});
        }
    QVector<Outlier> outliers;
    const double limit = std::log(kFactor);
    for (const QVector<Entry> &entries : std::as_const(byMetric)) {
        if (entries.size() < kFewestRuns)
            continue;
        QVector<double> ratios;
        for (const Entry &e : entries)
            ratios << e.logRatio;
        const double median = Calibrator::median(ratios);
        for (const Entry &e : entries) {
            if (std::fabs(e.logRatio - median) <= limit)
                continue;
            if (std::any_of(outliers.cbegin(), outliers.cend(),
                            [&e](const Outlier &o) { return o.index == e.index; }))
                continue; // one reason a run is enough
            double low = INFINITY, high = -INFINITY;
            for (const Entry &other : entries)
                if (other.index != e.index) {
                    low = std::min(low, other.logRatio);
                    high = std::max(high, other.logRatio);
                }
            outliers << Outlier{e.index,
                                QCoreApplication::translate("RunOutliers",
                                                            "run %1: its %2 is %3 the estimate, the other "
                                                            "runs' %4 to %5")
                                    .arg(cases[e.index].runId)
                                    .arg(e.name, ratioText(e.logRatio), ratioText(low), ratioText(high))};
        }
    }
    std::sort(outliers.begin(), outliers.end(),
              [](const Outlier &a, const Outlier &b) { return a.index < b.index; });
    return outliers;
}

} // namespace RunOutliers
