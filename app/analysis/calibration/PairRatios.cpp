#include "app/analysis/calibration/PairRatios.h"

#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/ServingCalibrator.h"
#include "app/analysis/calibration/TrainingCalibrator.h"

#include <QMap>
#include <cmath>
#include <utility>

namespace PairRatios {

namespace {

double predictionOf(const Point &point, Prediction prediction)
{
    switch (prediction) {
    case Prediction::Calibrated:
        return point.calibrated;
    case Prediction::CrossValidated:
        return point.crossValidated;
    case Prediction::Roofline:
        return point.roofline;
    case Prediction::ArchitectureHeldOut:
        return point.architectureHeldOut;
    }
    return 0.0;
}

// The points of one category grouped by conditions, in the order the conditions first appear; only groups
// with two or more GPUs.
QVector<QVector<const Point *>> workloadsOf(const QVector<Point> &points, const QString &category)
{
    QStringList order;
    QMap<QString, QVector<const Point *>> groups;
    for (const Point &point : points) {
        if (point.category != category || point.measured <= 0.0)
            continue;
        if (!groups.contains(point.conditions))
            order << point.conditions;
        groups[point.conditions].append(&point);
    }
    QVector<QVector<const Point *>> workloads;
    for (const QString &conditions : order) {
        const QVector<const Point *> &group = groups[conditions];
        for (const Point *point : group)
            if (point->gpuId != group.first()->gpuId) {
                workloads.append(group);
                break;
            }
    }
    return workloads;
}

// Calls pair(larger, smaller) for every two points of a workload on different GPUs, the one with the larger
// measured value first.
template <typename Pair> void forEachPair(const QVector<const Point *> &workload, const Pair &pair)
{
    for (qsizetype i = 0; i < workload.size(); ++i)
        for (qsizetype j = i + 1; j < workload.size(); ++j) {
            if (workload[i]->gpuId == workload[j]->gpuId)
                continue;
            const bool firstLarger = workload[i]->measured >= workload[j]->measured;
            pair(*(firstLarger ? workload[i] : workload[j]), *(firstLarger ? workload[j] : workload[i]));
        }
}

bool wide(const Point &larger, const Point &smaller)
{
    return larger.measured > smaller.measured * (1.0 + kWideGap);
}

QString percent(double value)
{
    return QString::number(value * 100.0, 'f', 1) + u'%';
}

QString ratioCell(const Summary &s)
{
    return s.pairs == 0 ? QStringLiteral("-") : percent(s.medianRatioError);
}

QString orderCell(const Summary &s)
{
    if (s.widePairs == 0)
        return QStringLiteral("-");
    return QStringLiteral("%1 of %2 (%3)")
        .arg(s.wrongOrder)
        .arg(s.widePairs)
        .arg(percent(double(s.wrongOrder) / s.widePairs));
}

// The points of one calibration set: describe(point) gives its category and conditions, predict its value
// with a profile.
template <typename SetPoint, typename Describe>
QVector<Point> pointsOf(const QVector<SetPoint> &set, const QMap<QString, EfficiencyParameters> &profiles,
                        const QVector<double> &crossValidated, const QVector<double> &architectureHeldOut,
                        double (*predict)(const SetPoint &, const EfficiencyParameters &),
                        const Describe &describe)
{
    QVector<Point> points;
    for (qsizetype i = 0; i < set.size(); ++i) {
        const SetPoint &p = set[i];
        const EfficiencyParameters &profile = profiles[p.profileId];
        const auto [category, conditions] = describe(p);
        points << Point{category,
                        conditions,
                        p.gpu.gpuId,
                        p.measured,
                        predict(p, profile),
                        crossValidated.value(i),
                        predict(p, Calibrator::idealOf(profile)),
                        architectureHeldOut.value(i)};
    }
    return points;
}

} // namespace

Summary summarise(const QVector<Point> &points, const QString &category, Prediction prediction)
{
    Summary s;
    QVector<double> errors;
    for (const QVector<const Point *> &workload : workloadsOf(points, category)) {
        ++s.workloads;
        forEachPair(workload, [&](const Point &larger, const Point &smaller) {
            const double measuredRatio = larger.measured / smaller.measured;
            const double a = predictionOf(larger, prediction);
            const double b = predictionOf(smaller, prediction);
            const bool valid = a > 0.0 && b > 0.0 && std::isfinite(a) && std::isfinite(b);
            ++s.pairs;
            errors << (valid ? std::fabs(a / b / measuredRatio - 1.0) : 1.0);
            if (wide(larger, smaller)) {
                ++s.widePairs;
                if (!valid || a <= b)
                    ++s.wrongOrder;
            }
        });
    }
    s.medianRatioError = Calibrator::median(errors);
    return s;
}

QVector<WrongPair> wrongPairs(const QVector<Point> &points, const QString &category, Prediction prediction)
{
    QVector<WrongPair> wrong;
    for (const QVector<const Point *> &workload : workloadsOf(points, category))
        forEachPair(workload, [&](const Point &larger, const Point &smaller) {
            const double a = predictionOf(larger, prediction);
            const double b = predictionOf(smaller, prediction);
            if (wide(larger, smaller) && !(a > b && b > 0.0))
                wrong.append({larger.conditions, larger.gpuId, smaller.gpuId,
                              larger.measured / smaller.measured, b > 0.0 ? a / b : 0.0});
        });
    return wrong;
}

QStringList categories(const QVector<Point> &points)
{
    QStringList names;
    for (const Point &point : points)
        if (!names.contains(point.category))
            names << point.category;
    return names;
}

QString conditionsOf(const QString &source, const QString &metric, const Workload &w)
{
    QStringList parts{source,
                      metric,
                      w.model.modelId,
                      Tasks::name(w.task),
                      Precisions::name(w.weightPrecision),
                      Precisions::name(w.activationPrecision),
                      Precisions::name(w.kvPrecision),
                      QStringLiteral("batch %1/%2").arg(w.batch).arg(w.microBatch),
                      Tasks::isTraining(w.task)
                          ? QStringLiteral("seq %1").arg(w.sequenceLength)
                          : QStringLiteral("in %1 out %2").arg(w.inputTokens).arg(w.outputTokens),
                      QStringLiteral("%1 GPUs tp %2 pp %3 cp %4 zero %5")
                          .arg(w.gpuCount)
                          .arg(w.tensorParallel)
                          .arg(w.pipelineParallel)
                          .arg(w.contextParallel)
                          .arg(w.zeroStage),
                      Recomputes::name(w.recompute)};
    if (w.traffic)
        parts << QStringLiteral("concurrency %1 rate %2")
                     .arg(w.traffic->concurrency)
                     .arg(w.traffic->requestRate);
    return parts.join(QStringLiteral(", "));
}

QVector<Point> offlinePoints(const QVector<CalibrationPoint> &set,
                             const QMap<QString, EfficiencyParameters> &profiles,
                             const QVector<double> &crossValidated,
                             const QVector<double> &architectureHeldOut)
{
    return pointsOf(set, profiles, crossValidated, architectureHeldOut, Calibrator::predict,
                    [](const CalibrationPoint &p) {
                        return std::pair<QString, QString>(
                            p.category,
                            conditionsOf(p.source, CalibrationData::metricName(p.metric), p.workload));
                    });
}

QVector<Point> servingPoints(const QVector<ServingPoint> &set,
                             const QMap<QString, EfficiencyParameters> &profiles,
                             const QVector<double> &crossValidated,
                             const QVector<double> &architectureHeldOut)
{
    return pointsOf(set, profiles, crossValidated, architectureHeldOut, ServingCalibrator::predict,
                    [](const ServingPoint &p) {
                        return std::pair<QString, QString>(
                            QStringLiteral("Serving: ") + ServingCalibrationData::metricGroup(p.metric),
                            conditionsOf(p.source, ServingCalibrationData::metricName(p.metric, p.statistic),
                                         p.workload));
                    });
}

QVector<Point> trainingPoints(const QVector<TrainingPoint> &set,
                              const QMap<QString, EfficiencyParameters> &profiles,
                              const QVector<double> &crossValidated,
                              const QVector<double> &architectureHeldOut)
{
    return pointsOf(
        set, profiles, crossValidated, architectureHeldOut, TrainingCalibrator::predict,
        [](const TrainingPoint &p) {
            return std::pair<QString, QString>(
                QStringLiteral("Training at scale: ") + TrainingCalibrationData::metricGroup(p.metric),
                conditionsOf(p.source, TrainingCalibrationData::metricName(p.metric), p.workload));
        });
}

QStringList table(const QVector<Point> &points, bool crossValidated)
{
    QStringList lines{
        QStringLiteral("| Category | Workloads | GPU pairs | Ratio error, calibrated | Ratio error, "
                       "leave-one-GPU-out | Ratio error, leave-one-architecture-out | Ratio error, ideal "
                       "roofline | Wrong order, calibrated | Wrong order, leave-one-GPU-out | Wrong order, "
                       "leave-one-architecture-out | Wrong order, ideal roofline |"),
        QStringLiteral("|---|---|---|---|---|---|---|---|---|---|---|")};
    for (const QString &category : categories(points)) {
        const Summary calibrated = summarise(points, category, Prediction::Calibrated);
        if (calibrated.pairs == 0)
            continue;
        const Summary held = summarise(points, category, Prediction::CrossValidated);
        const Summary architecture = summarise(points, category, Prediction::ArchitectureHeldOut);
        const Summary roofline = summarise(points, category, Prediction::Roofline);
        const QString notRun = QStringLiteral("not run");
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |")
                     .arg(category)
                     .arg(calibrated.workloads)
                     .arg(calibrated.pairs)
                     .arg(ratioCell(calibrated), crossValidated ? ratioCell(held) : notRun,
                          crossValidated ? ratioCell(architecture) : notRun, ratioCell(roofline),
                          orderCell(calibrated), crossValidated ? orderCell(held) : notRun,
                          crossValidated ? orderCell(architecture) : notRun, orderCell(roofline));
    }
    return lines;
}

} // namespace PairRatios
