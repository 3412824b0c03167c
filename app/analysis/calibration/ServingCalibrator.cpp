#include "app/analysis/calibration/ServingCalibrator.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/calibration/CalibrationDescent.h"

#include <algorithm>
#include <cmath>

namespace ServingCalibrator {

namespace {

double pick(const LatencyStats &stats, ServingStatistic statistic)
{
    return statistic == ServingStatistic::P50 ? stats.p50 : stats.mean;
}

// The serving points' fit: the keyed factors searched before the defaults.
const CalibrationDescent::Model<ServingPoint> kModel{
    predict, [](const ServingPoint &point) { return point.notFitted.isEmpty(); },
    CalibrationDescent::Order::KeyedFirst};

} // namespace

double predict(const ServingPoint &point, const EfficiencyParameters &parameters)
{
    const Estimate e = Estimator::estimate(point.gpu, point.workload, parameters, EstimateOptions{false});
    if (!e.serving)
        return 0.0;
    const ServingResult &s = *e.serving;
    switch (point.metric) {
    case ServingMetric::TtftMs:
        return pick(s.ttftMs, point.statistic);
    case ServingMetric::TpotMs:
        return pick(s.tpotMs, point.statistic);
    case ServingMetric::ItlMs:
        return pick(s.itlMs, point.statistic);
    case ServingMetric::E2eMs:
        return pick(s.e2eMs, point.statistic);
    case ServingMetric::OutputTokensPerS:
        return s.outputTokensPerS;
    case ServingMetric::RequestsPerS:
        return s.requestsPerS;
    }
    return 0.0;
}

double predictStatic(const ServingPoint &point, const EfficiencyParameters &parameters)
{
    Workload w = point.workload;
    w.traffic.reset();
    w.batch = point.staticBatch;
    const Estimate e = Estimator::estimate(point.gpu, w, parameters, EstimateOptions{false});
    if (!e.inference)
        return 0.0;
    const InferenceResult &r = *e.inference;
    switch (point.metric) {
    case ServingMetric::TtftMs:
        return r.ttftMs;
    case ServingMetric::TpotMs:
    case ServingMetric::ItlMs:
        return r.tpotMs;
    case ServingMetric::E2eMs:
        return r.ttftMs + std::max(0, w.outputTokens - 1) * r.tpotMs;
    case ServingMetric::OutputTokensPerS:
        return r.throughputTokensPerS;
    case ServingMetric::RequestsPerS:
        return w.outputTokens > 0 ? r.throughputTokensPerS / w.outputTokens : 0.0;
    }
    return 0.0;
}

QVector<double> absolutePercentageErrors(const QVector<ServingPoint> &points, const Profiles &profiles)
{
    return CalibrationDescent::absolutePercentageErrors(points, profiles, predict);
}

QVector<double> staticAbsolutePercentageErrors(const QVector<ServingPoint> &points, const Profiles &profiles)
{
    return CalibrationDescent::absolutePercentageErrors(points, profiles, predictStatic);
}

Profiles fit(const QVector<ServingPoint> &training, const Profiles &start, const QVector<ProfileFit> &fits)
{
    return CalibrationDescent::fit(kModel, training, start, fits, kOwnFitMinimum,
                                   [](Profiles &, const ProfileFit &, const QStringList &) {});
}

QVector<double> leaveGroupOut(const QVector<ServingPoint> &points, const Profiles &start,
                              const QVector<ProfileFit> &fits,
                              const std::function<QString(const ServingPoint &)> &group)
{
    return CalibrationDescent::absoluteErrors(points, leaveGroupOutPredictions(points, start, fits, group));
}

QVector<double> leaveGroupOutPredictions(const QVector<ServingPoint> &points, const Profiles &start,
                                         const QVector<ProfileFit> &fits,
                                         const std::function<QString(const ServingPoint &)> &group)
{
    return CalibrationDescent::leaveGroupOutPredictions(
        kModel, points, group,
        [&](const QVector<ServingPoint> &training) { return fit(training, start, fits); });
}

} // namespace ServingCalibrator
