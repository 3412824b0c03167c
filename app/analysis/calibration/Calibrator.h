#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/calibration/CalibrationData.h"

#include <QString>
#include <QVector>

// Fits a profile's factors to calibration points and measures the error.
//   objective: mean over points of |ln(predicted / measured)| (symmetric in over- and under-estimates)
//   method:    coordinate descent over the listed factors, each tried on a log-spaced grid around its
//              current value, five rounds with a shrinking span, from fixed start values: deterministic and
//              independent of the values already in profiles.json, so reruns reproduce it
//   error:     median absolute percentage error, |predicted / measured - 1|
//   hold-out:  leave one GPU out: fit on the other GPUs' points, predict the left-out GPU's points
namespace Calibrator {

struct FitParameter
{
    QString table; // "memory_efficiency"
    QString key;   // "default", "HBM", "Hopper", "cnn"
    double minimum = 0.0;
    double maximum = 1.0;
    double start = 0.5; // every fit starts here, so reruns reproduce the same factors
};

double predict(const CalibrationPoint &point, const EfficiencyParameters &parameters);
double objective(const QVector<CalibrationPoint> &points, const EfficiencyParameters &parameters);
QVector<double> absolutePercentageErrors(const QVector<CalibrationPoint> &points,
                                         const EfficiencyParameters &parameters);
double median(QVector<double> values);
// The value a fit parameter has in these parameters (its table's key, else the table's default).
double currentValue(const EfficiencyParameters &parameters, const FitParameter &p);

EfficiencyParameters fit(const QVector<CalibrationPoint> &points, const EfficiencyParameters &start,
                         const QVector<FitParameter> &parameters);

// The prediction of every point (in the order of `points`) from the fit without its GPU: what the pair
// ratios of GPUs the profile never saw are made of.
QVector<double> leaveOneGpuOutPredictions(const QVector<CalibrationPoint> &points,
                                          const EfficiencyParameters &start,
                                          const QVector<FitParameter> &parameters);

// The same with every GPU of the predicted one's architecture family left out of its fit (fit without every
// Hopper GPU, predict Hopper): how a new architecture is predicted.
QVector<double> leaveOneArchitectureOutPredictions(const QVector<CalibrationPoint> &points,
                                                   const EfficiencyParameters &start,
                                                   const QVector<FitParameter> &parameters);

// The same profile with every factor neutral (eta = 1, no overheads): the ideal roofline with the
// profile's batch and split rules, for the comparison on the same points.
EfficiencyParameters idealOf(const EfficiencyParameters &parameters);

} // namespace Calibrator
