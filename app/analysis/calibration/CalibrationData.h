#pragma once

#include "app/analysis/Workload.h"
#include "db/Benchmark.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"

#include <QMap>
#include <QString>
#include <QVector>

// Turns measured rows of resources/seed/benchmarks-calibration.csv into points the estimator can
// predict: a GPU record, a workload, the profile that describes the software, which output to compare
// and the measured value. Rows the estimator cannot describe (no preset for the model, time-to-train
// without the dataset size, server scenarios with latency bounds) are listed with the reason.
enum class CalibrationMetric
{
    DecodeTokensPerS,     // llama.cpp tg, single stream: batch / TPOT
    PrefillTokensPerS,    // llama.cpp pp
    ThroughputTokensPerS, // offline output tokens/s over all GPUs
    SamplesPerS,          // inference samples/s (ResNet-50, BERT) over all GPUs
    TrainingSamplesPerS,  // images or sequences per second over all GPUs
    TtftMs,               // first-token latency
};

struct CalibrationPoint
{
    QString benchId;
    QString category; // report category: "llama.cpp decode", "llama.cpp prefill", "Lambda training", ...
    QString source;   // the row's benchmark and framework: GPUs compare under the same ones only
    QString profileId;
    GpuSpec gpu;
    Workload workload;
    CalibrationMetric metric = CalibrationMetric::ThroughputTokensPerS;
    double measured = 0.0;
    QString assumption; // what the row does not say and the point assumes
};

struct SkippedRow
{
    QString benchId;
    QString reason;
};

struct CalibrationSet
{
    QVector<CalibrationPoint> points;
    QVector<SkippedRow> skipped;
};

namespace CalibrationData {

CalibrationSet build(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                     const QVector<ModelSpec> &models);
// The set the profiles are fitted and scored on: build's, less the rows whose notes say the source's run
// was broken ("do not use for validation"), listed as skipped. The window still compares those rows with
// their estimate (and doubts the measurement).
CalibrationSet buildForCalibration(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                                   const QVector<ModelSpec> &models);

QString metricName(CalibrationMetric metric);

// The record with this id, or null (the serving set shares them).
const ModelSpec *findModel(const QVector<ModelSpec> &models, const QString &id);
const GpuSpec *findGpu(const QVector<GpuSpec> &gpus, const QString &id);

// Helpers the three sets share to read a row.
// The number a text starts with ("128 (mean)" -> 128), or `fallback`.
int leadingInt(const QString &text, int fallback);
// Whether `text` contains `needle`, ignoring case.
bool has(const QString &text, const char *needle);
// A constraints cell, "tp=4;pp=8;gbs=256" -> {tp: 4, pp: 8, gbs: 256}; values kept as text
// ("dp=8(derived ...)").
QMap<QString, QString> constraintsOf(const QString &text);

} // namespace CalibrationData
