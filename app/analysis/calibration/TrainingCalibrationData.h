#pragma once

#include "app/analysis/Workload.h"
#include "app/analysis/calibration/CalibrationData.h"
#include "db/Benchmark.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"

#include <QString>
#include <QStringList>
#include <QVector>

// Turns measured rows of resources/seed/benchmarks-training-calibration.csv (training at scale: MosaicML
// llm-foundry's FSDP tables, NVIDIA NeMo 24.07's performance summary, Megatron-LM's GPT-3 175B run) into
// points TrainingModel can predict: a GPU record, a training workload with the run's parallel layout,
// batches and recomputation, the profile of the framework (llm-foundry: fsdp; NeMo and Megatron-LM:
// megatron), which output to compare and the measured value. Rows the estimator cannot describe are listed
// with the reason, as CalibrationData does for the offline set.
enum class TrainingMetric
{
    TokensPerSPerGpu,     // training tokens per second per GPU
    MfuPercent,           // model FLOPs utilisation, % of the dense peak of the run precision (llm-foundry)
    ModelTflopsPerGpu,    // model TFLOP/s per GPU, recomputation not counted (NeMo)
    HardwareTflopsPerGpu, // achieved TFLOP/s per GPU, recomputation counted (Megatron-LM, Narayanan 2021)
    StepTimeS,            // one optimizer step (iteration), seconds
};

struct TrainingPoint
{
    QString benchId;
    QString source;    // "llm-foundry", "NeMo", "Megatron-LM"
    QString profileId; // fsdp, megatron
    GpuSpec gpu;
    Workload workload;
    TrainingMetric metric = TrainingMetric::TokensPerSPerGpu;
    double measured = 0.0;
    QString assumption; // what the row does not say and the point assumes, one line each
    // The fit objective uses one throughput per run (tokens/s per GPU, or Megatron-LM's TFLOP/s); the MFU,
    // model-TFLOP/s and step-time rows of the same runs are reported only (they restate the throughput under
    // a FLOP-counting convention, see docs/estimator-accuracy.md).
    bool fitted = false;
    // Compared as a fitted run would be but never fitted: the one throughput of a hybrid model's run
    // (Nemotron 3, Qwen3-Next), a held-out check of the Mamba-2 / Gated DeltaNet layers.
    bool heldOut = false;
};

struct TrainingCalibrationSet
{
    QVector<TrainingPoint> points;
    QVector<SkippedRow> skipped;
};

namespace TrainingCalibrationData {

// Inter-node network per GPU, Gb/s, where a row's source does not state one (see the assumptions of the
// points): llm-foundry's A100 tables state 1600 Gbps RoCE per 8-GPU node; DGX H100 has one 400 Gb/s
// ConnectX-7 per GPU; Selene (DGX A100) one 200 Gb/s HDR InfiniBand port per GPU.
inline constexpr double kA100RoceGbps = 200.0;
inline constexpr double kH100NetworkGbps = 400.0;
inline constexpr double kSeleneGbps = 200.0;

TrainingCalibrationSet build(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                             const QVector<ModelSpec> &models);

QString metricName(TrainingMetric metric); // "tokens/s/GPU", "MFU %", ...
// The report's metric group: "Tokens/s per GPU" or "MFU / TFLOP/s" (MFU, model and hardware TFLOP/s), or
// "Step time".
QString metricGroup(TrainingMetric metric);
QStringList metricGroups();
QStringList sources();
// "llm-foundry A100-40GB" etc.: llm-foundry per GPU, the other sources as they are.
QString reportGroup(const TrainingPoint &point);
QStringList reportGroups();

} // namespace TrainingCalibrationData
