#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Workload.h"
#include "app/analysis/calibration/CalibrationData.h"
#include "app/analysis/calibration/ServingCalibrationData.h"
#include "app/analysis/calibration/TrainingCalibrationData.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

// How well the estimator answers "which GPU is faster, and by how much": for every workload measured on two
// or more GPUs under the same conditions, every pair of those GPUs.
//   ratio error: |(predicted_a / predicted_b) / (measured_a / measured_b) - 1|, a the GPU with the larger
//                measured value (the error of a ratio and of its inverse differ; this fixes which is taken)
//   wrong order: among pairs whose measured values differ by more than kWideGap, the share the prediction
//                puts the other way round (or calls equal)
// Each is reported for four predictions of the same points: the calibrated profile, the profile fitted
// without the GPU being predicted (leave-one-GPU-out: both GPUs of a pair come from fits that never saw
// them), the profile fitted without every GPU of its architecture family (leave-one-architecture-out: how a
// new architecture is predicted) and the ideal roofline.
namespace PairRatios {

inline constexpr double kWideGap = 0.10;

// One measured value and the three predictions of it.
struct Point
{
    QString category;   // report category ("llama.cpp prefill", "Serving: TTFT")
    QString conditions; // everything that defines the workload except the GPU
    QString gpuId;
    double measured = 0.0;
    double calibrated = 0.0;
    double crossValidated = 0.0; // leave-one-GPU-out; 0 when not run
    double roofline = 0.0;
    double architectureHeldOut = 0.0; // leave-one-architecture-out; 0 when not run
};

enum class Prediction
{
    Calibrated,
    CrossValidated,
    Roofline,
    ArchitectureHeldOut,
};

struct Summary
{
    int workloads = 0; // conditions measured on two or more GPUs
    int pairs = 0;
    double medianRatioError = 0.0;
    int widePairs = 0;  // measured values more than kWideGap apart
    int wrongOrder = 0; // of the wide pairs, those the prediction orders the other way or calls equal
};

// A pair the prediction orders the other way round, for the report's list.
struct WrongPair
{
    QString conditions;
    QString higherGpu; // the GPU with the larger measured value (the faster, or for a latency the slower)
    QString lowerGpu;
    double measuredRatio = 0.0;  // larger / smaller measured value
    double predictedRatio = 0.0; // the same GPUs' predictions, same order
};

// The summary of the points of `category` with one of their predictions.
Summary summarise(const QVector<Point> &points, const QString &category, Prediction prediction);

// The wide pairs of `category` whose order that prediction gets wrong.
QVector<WrongPair> wrongPairs(const QVector<Point> &points, const QString &category, Prediction prediction);

// The categories of `points` in the order they first appear.
QStringList categories(const QVector<Point> &points);

// The conditions key of a workload: the source (benchmark and framework), the metric and every workload
// field a benchmark's conditions set (model, task, precisions, batch, lengths, GPU count, parallel layout,
// traffic). Not the network or node size: the calibration sets assume those per GPU.
QString conditionsOf(const QString &source, const QString &metric, const Workload &workload);

// The points of each calibration set with their four predictions: `profiles` by id (each point its own),
// `crossValidated` the leave-one-GPU-out predictions in the order of `set` (empty: not run, 0 each),
// `architectureHeldOut` the leave-one-architecture-out ones (the same); the
// roofline is Calibrator::idealOf of the point's profile. Categories: the offline set's own ("llama.cpp
// prefill"), "Serving: " and "Training at scale: " with the metric group.
QVector<Point> offlinePoints(const QVector<CalibrationPoint> &set,
                             const QMap<QString, EfficiencyParameters> &profiles,
                             const QVector<double> &crossValidated,
                             const QVector<double> &architectureHeldOut = {});
QVector<Point> servingPoints(const QVector<ServingPoint> &set,
                             const QMap<QString, EfficiencyParameters> &profiles,
                             const QVector<double> &crossValidated,
                             const QVector<double> &architectureHeldOut = {});
QVector<Point> trainingPoints(const QVector<TrainingPoint> &set,
                              const QMap<QString, EfficiencyParameters> &profiles,
                              const QVector<double> &crossValidated,
                              const QVector<double> &architectureHeldOut = {});

// The report's table, one row per category (the header included); crossValidated false writes "not run"
// in the leave-one-GPU-out cells.
QStringList table(const QVector<Point> &points, bool crossValidated);

} // namespace PairRatios
