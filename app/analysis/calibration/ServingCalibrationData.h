#pragma once

#include "app/analysis/Workload.h"
#include "app/analysis/calibration/CalibrationData.h"
#include "db/Benchmark.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"

#include <QString>
#include <QVector>

// Turns measured rows of resources/seed/benchmarks-serving-calibration.csv (serving under load: NIM,
// LMDeploy, Lambda's vLLM report, vLLM CI) into points the serving simulation can predict: a GPU record,
// a workload with its traffic (Workload::traffic), the profile of the engine, which output to compare and
// the measured value. Rows the estimator cannot describe (no preset for the model) are listed with the
// reason, as CalibrationData does for the offline set.
enum class ServingMetric
{
    TtftMs,           // time to first token
    TpotMs,           // per request: (end-to-end - TTFT) / (output - 1), e.g. AIPerf's "ITL"
    ItlMs,            // every gap between two tokens (LMDeploy per-token latency, vLLM benchmark ITL)
    E2eMs,            // end-to-end latency of a request
    OutputTokensPerS, // output tokens per second over the deployment
    RequestsPerS,     // completed requests per second over the deployment
};

enum class ServingStatistic
{
    Mean,
    P50,
};

struct ServingPoint
{
    QString benchId;
    QString source;    // report source: "NIM", "LMDeploy", "Lambda vLLM", "vLLM CI"
    QString profileId; // the engine: tensorrt-llm, lmdeploy, vllm
    GpuSpec gpu;
    Workload workload; // traffic set: what the serving simulation runs
    ServingMetric metric = ServingMetric::OutputTokensPerS;
    ServingStatistic statistic = ServingStatistic::Mean;
    double measured = 0.0; // ms for latencies, per second for throughputs
    int staticBatch = 1;   // the batch-static baseline: requests in flight at once (= concurrency)
    QString assumption;    // what the row does not say and the point assumes, one line each
    // Reported, but left out of the fit objective: the measured value depends on something the simulation
    // does not model (the spread of request lengths), so no factor should be bent towards it.
    QString notFitted;
};

struct ServingCalibrationSet
{
    QVector<ServingPoint> points;
    QVector<SkippedRow> skipped;
};

namespace ServingCalibrationData {

// Mean lengths assumed for rows over ShareGPT whose table gives none (Lambda, vLLM CI throughput): the
// means the LMDeploy request-throughput rows of the same file imply for Llama-2 models (3,000 ShareGPT
// prompts: output tok/s / req/s and (total - output) tok/s / req/s).
inline constexpr int kShareGptInputTokens = 247;
inline constexpr int kShareGptOutputTokens = 233;

ServingCalibrationSet build(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                            const QVector<ModelSpec> &models);

QString metricName(ServingMetric metric, ServingStatistic statistic); // "TTFT mean", "ITL p50", ...
// The report's metric group: "TTFT", "TPOT / ITL", "Throughput", "End-to-end latency".
QString metricGroup(ServingMetric metric);
QStringList metricGroups();
QStringList sources();

} // namespace ServingCalibrationData
