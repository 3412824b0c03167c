#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Workload.h"
#include "db/GpuSpec.h"
#include "db/MeasurementRepository.h"
#include "db/ModelSpec.h"
#include "db/StoredMeasurement.h"

#include <QString>
#include <QVector>
#include <optional>

// A user's measured run (`measurements import`) read as the estimator can predict it: the GPU, the
// workload of the run's conditions, the profile of its engine and the numbers it measured. The bundled
// calibration sets read their rows the same way (CalibrationData, ServingCalibrationData,
// TrainingCalibrationData); this reads the typed runs of the measurement readers instead of table cells.
enum class MeasuredMetric
{
    TtftMs,             // serving: time to first token (median, else mean)
    TpotMs,             // serving: time per output token after the first (median, else mean)
    OutputTokensPerS,   // serving: output tokens per second, all GPUs
    PrefillTokensPerS,  // one stream: prompt tokens per second (llama-bench pp)
    DecodeTokensPerS,   // one stream: generated tokens per second (llama-bench tg)
    TrainingTokensPerS, // training: tokens per second per GPU
    StepTimeS,          // training: one optimizer step
    Mfu,                // training: model FLOPs utilisation, a fraction
};

struct MeasuredValue
{
    MeasuredMetric metric = MeasuredMetric::OutputTokensPerS;
    bool median = false; // a latency's median (true) or mean
    double measured = 0.0;
};

struct MeasuredRunCase
{
    qint64 runId = 0; // StoredMeasuredRun::rowId
    QString profileId;
    GpuSpec gpu;
    Workload workload;
    QVector<MeasuredValue> values;
    QStringList assumptions; // what the run does not say and the case assumes
};

namespace MeasuredRunCases {

// Serving runs are simulated with at most this many requests: enough for stable medians and means,
// and a refit predicts each run hundreds of times.
inline constexpr int kMostRequestsSimulated = 400;

struct Built
{
    std::optional<MeasuredRunCase> runCase;
    QString reason; // why there is none: the run's conditions the estimator cannot express
};

// A profile name that reads a run whatever its engine, to learn what it measured and whether the
// estimator can express it, never to estimate it.
inline const QString kAnyProfile = QStringLiteral("(any)");

// The run read under `profileId` (the run's own profile when empty).
Built build(const StoredMeasuredRun &run, const QVector<GpuSpec> &gpus, const QVector<ModelSpec> &models,
            const QString &profileId = {});

// The first run of the files the estimator cannot express, as "results.csv, run 2: the run does not give
// its mean prompt and output lengths"; empty when it can express every one. Both doors refuse such an
// import whole: a stored run must be comparable with its estimate.
QString firstInexpressible(const QVector<MeasurementRepository::FileImport> &files,
                           const QVector<GpuSpec> &gpus, const QVector<ModelSpec> &models);

// The estimator's number for each of the case's values, in their order and units; 0 where it gives none
// (the workload does not fit).
QVector<double> predict(const MeasuredRunCase &runCase, const EfficiencyParameters &parameters);

// "TTFT median", "output tokens/s", "tokens/s/GPU".
QString metricName(const MeasuredValue &value);
// The unit of the metric's values: "ms", "s", "tokens/s", "tokens/s/GPU"; "" for MFU (a fraction).
QString unit(MeasuredMetric metric);
// A time (the estimate's range inverted) rather than a rate.
bool isTime(MeasuredMetric metric);
// The kind of estimated number the value measures (UncertaintyTable's kinds).
QString uncertaintyKind(MeasuredMetric metric);

} // namespace MeasuredRunCases
