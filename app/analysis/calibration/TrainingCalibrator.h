#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/TrainingCalibrationData.h"

#include <QMap>
#include <QString>
#include <QVector>
#include <functional>

// Fits the training factors of the fsdp and megatron profiles to the training points, the way
// ServingCalibrator fits the serving factors, and measures the error.
//   predict:   Estimator::estimate of the point's training workload, the matching output of
//              Estimate::training (tokens/s per GPU; MFU x 100; model TFLOP/s = MFU x dense peak of the run
//              precision; hardware TFLOP/s = HFU x that peak; step time)
//   objective: mean over the fitted points (one throughput per run) of |ln(predicted / measured)|
//   method:    coordinate descent over each profile's listed factors from fixed start values (deterministic)
//   transfer:  a profile with fewer than kOwnFitMinimum fitted points in a training set is fitted on every
//              training point together: the framework-agnostic factors a new framework or GPU would get
namespace TrainingCalibrator {

using Profiles = QMap<QString, EfficiencyParameters>;

struct ProfileFit
{
    QString profileId;
    QVector<Calibrator::FitParameter> parameters;
    // Tables taken from another profile's fit before this one is fitted (a hardware property both
    // frameworks share, e.g. FP8 matmuls relative to BF16): that profile's fitted value, or its listed start
    // value when it had too few points of its own.
    QString copyFrom;
    QStringList copiedTables;
};

inline constexpr int kOwnFitMinimum = 8;

double predict(const TrainingPoint &point, const EfficiencyParameters &parameters);

// |predicted / measured - 1| per point, each with its profile from `profiles`.
QVector<double> absolutePercentageErrors(const QVector<TrainingPoint> &points, const Profiles &profiles);

Profiles fit(const QVector<TrainingPoint> &training, const Profiles &start, const QVector<ProfileFit> &fits);

// Errors of every point (in the order of `points`) when the points sharing its group (GPU, source) were
// left out of the fit.
QVector<double> leaveGroupOut(const QVector<TrainingPoint> &points, const Profiles &start,
                              const QVector<ProfileFit> &fits,
                              const std::function<QString(const TrainingPoint &)> &group);

// Predictions of every point (in the order of `points`) from the fit without its group: leaveGroupOut's
// errors are |prediction / measured - 1| of these.
QVector<double> leaveGroupOutPredictions(const QVector<TrainingPoint> &points, const Profiles &start,
                                         const QVector<ProfileFit> &fits,
                                         const std::function<QString(const TrainingPoint &)> &group);

} // namespace TrainingCalibrator
