#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/ServingCalibrationData.h"

#include <QMap>
#include <QString>
#include <QVector>
#include <functional>

// Fits the serving factors of each engine profile to the serving points, the way Calibrator fits the
// offline set, and measures the error.
//   predict:   Estimator::estimate with the point's traffic, the matching output of Estimate::serving
//   baseline:  the same workload without traffic at batch = the point's concurrency: Estimate::inference
//              (TTFT, TPOT, output tokens/s; requests/s = tokens/s / output; end-to-end = TTFT + (output -
//              1) x TPOT), today's batch-static answer on the same rows
//   objective: mean over points of |ln(predicted / measured)|
//   method:    coordinate descent over each profile's listed factors from fixed start values (deterministic)
//   transfer:  a profile with fewer than kOwnFitMinimum points in a training set is fitted on every
//              training point together (the other profiles' own factors fixed at their fits): the
//              engine-agnostic factors a new engine or GPU would get
namespace ServingCalibrator {

using Profiles = QMap<QString, EfficiencyParameters>;

struct ProfileFit
{
    QString profileId;
    QVector<Calibrator::FitParameter> parameters; // tables, or "kv_memory_fraction" (key "default")
};

inline constexpr int kOwnFitMinimum = 12;

double predict(const ServingPoint &point, const EfficiencyParameters &parameters);
double predictStatic(const ServingPoint &point, const EfficiencyParameters &parameters);

// |predicted / measured - 1| per point, each with its profile from `profiles`.
QVector<double> absolutePercentageErrors(const QVector<ServingPoint> &points, const Profiles &profiles);
QVector<double> staticAbsolutePercentageErrors(const QVector<ServingPoint> &points, const Profiles &profiles);

// Every profile in `fits` fitted on `training` (see "transfer" above), starting from `start`.
Profiles fit(const QVector<ServingPoint> &training, const Profiles &start, const QVector<ProfileFit> &fits);

// Errors of every point (in the order of `points`) when the points sharing its group (GPU, source) were
// left out of the fit.
QVector<double> leaveGroupOut(const QVector<ServingPoint> &points, const Profiles &start,
                              const QVector<ProfileFit> &fits,
                              const std::function<QString(const ServingPoint &)> &group);

// Predictions of every point (in the order of `points`) from the fit without its group: leaveGroupOut's
// errors are |prediction / measured - 1| of these.
QVector<double> leaveGroupOutPredictions(const QVector<ServingPoint> &points, const Profiles &start,
                                         const QVector<ProfileFit> &fits,
                                         const std::function<QString(const ServingPoint &)> &group);

} // namespace ServingCalibrator
