#include "app/analysis/calibration/TrainingCalibrator.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/calibration/CalibrationDescent.h"

#include <algorithm>
#include <cmath>

namespace TrainingCalibrator {

double predict(const TrainingPoint &point, const EfficiencyParameters &parameters)
{
    const Estimate e = Estimator::estimate(point.gpu, point.workload, parameters, EstimateOptions{false});
    if (!e.training)
        return 0.0;
    const TrainingResult &r = *e.training;
    const double peak = GpuCapabilities::peak(point.gpu, point.workload.activationPrecision).tflops;
    switch (point.metric) {
    case TrainingMetric::TokensPerSPerGpu:
        return r.tokensPerSPerGpu;
    case TrainingMetric::MfuPercent:
        return r.mfu * 100.0;
    case TrainingMetric::ModelTflopsPerGpu:
        return r.mfu * peak;
    case TrainingMetric::HardwareTflopsPerGpu:
        return r.hfu * peak;
    case TrainingMetric::StepTimeS:
        return r.stepTimeS;
    }
    return 0.0;
}

namespace {

// The training points' fit: the supported factors searched in their listed order.
const CalibrationDescent::Model<TrainingPoint> kModel{
    predict, [](const TrainingPoint &point) { return point.fitted; }, CalibrationDescent::Order::Listed};

} // namespace

QVector<double> absolutePercentageErrors(const QVector<TrainingPoint> &points, const Profiles &profiles)
{
    return CalibrationDescent::absolutePercentageErrors(points, profiles, predict);
}

Profiles fit(const QVector<TrainingPoint> &training, const Profiles &start, const QVector<ProfileFit> &fits)
{
    // Before a profile is fitted, its copied tables take the other profile's fitted value, or that profile's
    // start value when it had too few points of its own.
    const auto copyTables = [&fits](Profiles &fitted, const ProfileFit &f, const QStringList &ownFits) {
        for (const QString &table : f.copiedTables)
            for (const ProfileFit &source : fits)
                if (source.profileId == f.copyFrom)
                    for (const Calibrator::FitParameter &p : source.parameters)
                        if (p.table == table)
                            CalibrationDescent::assign(
                                fitted[f.profileId], p,
                                ownFits.contains(source.profileId)
                                    ? CalibrationDescent::current(fitted[source.profileId], p)
                                    : p.start);
    };
    return CalibrationDescent::fit(kModel, training, start, fits, kOwnFitMinimum, copyTables);
}

QVector<double> leaveGroupOut(const QVector<TrainingPoint> &points, const Profiles &start,
                              const QVector<ProfileFit> &fits,
                              const std::function<QString(const TrainingPoint &)> &group)
{
    return CalibrationDescent::absoluteErrors(points, leaveGroupOutPredictions(points, start, fits, group));
}

QVector<double> leaveGroupOutPredictions(const QVector<TrainingPoint> &points, const Profiles &start,
                                         const QVector<ProfileFit> &fits,
                                         const std::function<QString(const TrainingPoint &)> &group)
{
    return CalibrationDescent::leaveGroupOutPredictions(
        kModel, points, group,
        [&](const QVector<TrainingPoint> &training) { return fit(training, start, fits); });
}

} // namespace TrainingCalibrator
