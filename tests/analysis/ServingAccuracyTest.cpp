// The serving simulation with the shipped profiles against measured serving rows
// (resources/seed/benchmarks-serving-calibration.csv; sources in each row): the accuracy issue 17 asks
// for, checked on every run. docs/estimator-accuracy.md ("Serving under load") has the full report;
// gpucompare-calibrate refits the factors. No refit here: the profiles are read from profiles.json.

#include "app/analysis/calibration/ServingCalibrationData.h"
#include "app/analysis/calibration/ServingCalibrator.h"
#include "tests/analysis/CalibrationFixture.h"

#include <QMap>
#include <gtest/gtest.h>

namespace {

using Loaded = CalibrationFixture::Loaded<ServingCalibrationSet>;

const Loaded &loaded()
{
    static const Loaded data = CalibrationFixture::load(
        {"benchmarks-serving-calibration.csv", "benchmarks-serving-calibration-inferencex.csv"},
        ServingCalibrationData::build);
    return data;
}

const ServingPoint *point(const char *benchId)
{
    return CalibrationFixture::find(loaded().set.points, benchId, "serving");
}

// |predicted / measured - 1| of one row with the shipped profile of its engine.
double errorOf(const char *benchId)
{
    return CalibrationFixture::errorOf(point(benchId), loaded().profiles, ServingCalibrator::predict);
}

double staticErrorOf(const char *benchId)
{
    return CalibrationFixture::errorOf(point(benchId), loaded().profiles, ServingCalibrator::predictStatic);
}

constexpr double kTtftAim = 0.25; // issue 17: TTFT p50 within 25%
constexpr double kTpotAim = 0.15; // TPOT (and inter-token latency) and throughput within 15%

} // namespace

// NVIDIA NIM 1.8 (TensorRT-LLM), Llama-3.3-70B-Instruct FP8 TP2 on 2x H100, 5,000 in / 500 out, closed loop
// (AIPerf); https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance.md. The headline rows:
// at 50 users the batch-static estimate said 22.9 s TTFT against 0.83 s measured.
TEST(ServingAccuracy, NimTwoH100AtOneFiftyAndTwoHundredFiftyUsers)
{
    for (const char *users : {"1", "50", "250"}) {
        const std::string prefix = std::string("nim180-llama33_70b-h100x2-tp2-fp8-5000in500out-c") + users;
        const std::string ttft = prefix + "-ttft";
        const std::string itl = prefix + "-itl"; // AIPerf's ITL: per request (latency - TTFT) / (output - 1)
        EXPECT_LE(errorOf(ttft.c_str()), kTtftAim) << ttft;
        EXPECT_LE(errorOf(itl.c_str()), kTpotAim) << itl;
    }
    // Under load the simulation is the better answer by far: queueing and chunked prefill, not one batch.
    EXPECT_GT(staticErrorOf("nim180-llama33_70b-h100x2-tp2-fp8-5000in500out-c50-ttft"), 10.0);
    EXPECT_LT(errorOf("nim180-llama33_70b-h100x2-tp2-fp8-5000in500out-c50-ttft"), 0.25);
}

// LMDeploy v0.1.0a1 TurboMind, static batches on A100-80G (InternLM/lmdeploy@3e391df4:
// docs/en/benchmark/a100_fp16.md): `batch` requests of fixed lengths starting together, batches 1 to 64,
// TP1 and TP4. Per-token latency p50 and output throughput within 15%, first-token latency within 25%. Not
// every static row is this close: 1-token prompts (client jitter), 128-token prompts at batch 1 (TurboMind's
// prefill costs twice a decode step) and Llama-2-13B at batch 64 with 2,048-token outputs (TurboMind queued
// there: 7.8 s first token against the simulation's 1.1 s) are the report's outliers. With the KV cache
// allocated on demand (profile kv_admission) the 7B batch of 64 with 2,048-token outputs is 550 ms against
// 535 measured; reserving whole sequences had it queue for 11.7 s.
TEST(ServingAccuracy, LmdeployStaticBatchesOnA100)
{
    for (const char *row : {"lmdeploy010-static-llama2-7b-tp1-b1-128in128out-tokp50",
                            "lmdeploy010-static-llama2-7b-tp1-b16-128in128out-tokp50",
                            "lmdeploy010-static-llama2-13b-tp1-b32-128in128out-tokp50",
                            "lmdeploy010-static-llama2-7b-tp1-b64-2048in128out-tokp50",
                            "lmdeploy010-static-llama2-70b-tp4-b16-128in128out-tokp50"})
        EXPECT_LE(errorOf(row), kTpotAim) << row;
    for (const char *row : {"lmdeploy010-static-llama2-7b-tp1-b1-128in128out-tput",
                            "lmdeploy010-static-llama2-7b-tp1-b16-128in128out-tput",
                            "lmdeploy010-static-llama2-13b-tp1-b32-128in128out-tput",
                            "lmdeploy010-static-llama2-7b-tp1-b64-128in128out-tput",
                            "lmdeploy010-static-llama2-70b-tp4-b64-2048in128out-tput"})
        EXPECT_LE(errorOf(row), kTpotAim) << row;
    for (const char *row : {"lmdeploy010-static-llama2-7b-tp1-b1-2048in128out-ftl",
                            "lmdeploy010-static-llama2-13b-tp1-b16-128in128out-ftl",
                            "lmdeploy010-static-llama2-7b-tp1-b64-2048in128out-ftl",
                            "lmdeploy010-static-llama2-70b-tp4-b16-128in2048out-ftl"})
        EXPECT_LE(errorOf(row), kTtftAim) << row;
}

// One engine version a profile (issue 55): TensorRT-LLM 1.1 (tensorrt-llm) on InferenceX's DeepSeek-R1 FP8
// runs on 8x H200 (SemiAnalysisAI/InferenceX-app@3a600f1d:
// packages/app/cypress/fixtures/api/benchmarks.json), tp 8 with ep 8, 1k/1k at 4 and 64 users: the median
// TPOT (1000 / interactivity), the output throughput and the median TTFT, counted as its vllm-bench-style
// client counts (every request from a cold start).
TEST(ServingAccuracy, TensorRtLlmOneOnInferenceXH200)
{
    for (const char *users : {"c4", "c64"}) {
        const std::string run = std::string("ix-h200-dsr1-fp8-trt-tp8ep8-1k1k-") + users;
        EXPECT_LE(errorOf((run + "-median_intvty").c_str()), kTpotAim) << run;
        EXPECT_LE(errorOf((run + "-output_tput_per_gpu").c_str()), kTpotAim) << run;
        EXPECT_LE(errorOf((run + "-median_ttft").c_str()), kTtftAim) << run;
    }
    // The 2024 profile of the same engine is not today's: NIM 1.8's fixed time read on these rows is off.
    const ServingPoint *c4 = point("ix-h200-dsr1-fp8-trt-tp8ep8-1k1k-c4-median_intvty");
    ASSERT_NE(c4, nullptr);
    EXPECT_EQ(c4->profileId, QStringLiteral("tensorrt-llm"));
}

// SGLang 0.5.9 (sglang) on InferenceX's DeepSeek-R1 FP8 runs on 8x H200, tp 8, 1k/8k and 8k/1k at 4 and 16
// users (the same source).
TEST(ServingAccuracy, SglangOnInferenceXH200)
{
    for (const char *run :
         {"ix-h200-dsr1-fp8-sglang-tp8ep1-1k8k-c4", "ix-h200-dsr1-fp8-sglang-tp8ep1-1k8k-c16",
          "ix-h200-dsr1-fp8-sglang-tp8ep1-8k1k-c4"}) {
        const std::string id(run);
        EXPECT_LE(errorOf((id + "-median_intvty").c_str()), kTpotAim) << run;
        EXPECT_LE(errorOf((id + "-output_tput_per_gpu").c_str()), kTpotAim) << run;
        EXPECT_LE(errorOf((id + "-median_ttft").c_str()), kTtftAim) << run;
    }
}

// vLLM V1 (vllm, 0.14 and later) on vLLM 0.19's request traces (casys-kaist/LLMServingSim@5daddb21:
// bench/examples/.../vllm/requests.jsonl): 300 ShareGPT requests at 10/s on an RTX PRO 6000, TPOT mean and
// output throughput within 25%.
TEST(ServingAccuracy, VllmV1OnTheRequestTraces)
{
    for (const char *row :
         {"trace-rtx-pro-6000-llama-3.1-8b-tpot-mean", "trace-rtx-pro-6000-llama-3.1-8b-tput",
          "trace-rtx-pro-6000-qwen3-30b-a3b-dp2-ep-tpot-mean"})
        EXPECT_LE(errorOf(row), 0.25) << row;
}

// Lambda's vLLM v0.5.4 report (LambdaLabsML/vllm-benchmark@0e8fc5d0:benchmark_v0.md), 320 ShareGPT prompts
// at once on 2x H100 TP2, Llama-3.1-70B-Instruct-FP8, with the 2024 profile (vllm-0.5): the inter-token
// latency within 40% (35%). It was within 15% while the profile was fitted on Lambda's latency rows alone;
// its throughput rows (65% off: the report gives no lengths, the ShareGPT mix is scaled to assumed means)
// pull the same fitted constants the other way (issue 37, docs/estimator.md).
TEST(ServingAccuracy, LambdaVllmRow)
{
    const ServingPoint *row = point("lambda-v054-2xH100-80GB-SXM-Meta-Llama-3.1-70B-Instruct-FP8-np320-lat");
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->profileId, QStringLiteral("vllm-0.5"));
    EXPECT_LE(errorOf("lambda-v054-2xH100-80GB-SXM-Meta-Llama-3.1-70B-Instruct-FP8-np320-lat"), 0.40);
}

// The per-metric, per-source median errors of docs/estimator-accuracy.md ("Serving under load", calibrated
// column), held to within one percentage point so a change to the simulation or the profiles that loses
// accuracy fails here (regenerate the report with gpucompare-calibrate when it gains).
TEST(ServingAccuracy, MedianErrorsHoldTheReportedFigures)
{
    struct Figure
    {
        const char *group;
        const char *source; // "all": every source
        int points;
        double mdape;
    };
    const Figure figures[] = {
        {"TTFT", "NIM", 10, 0.061},
        {"TTFT", "LMDeploy", 70, 0.242},
        {"TTFT", "vLLM traces", 6, 0.160},
        {"TTFT", "InferenceX TRT-LLM", 25, 0.114},
        {"TTFT", "InferenceX SGLang", 8, 0.031},
        {"TTFT", "all", 119, 0.150},
        {"TPOT / ITL", "NIM", 9, 0.073},
        {"TPOT / ITL", "LMDeploy", 63, 0.082},
        {"TPOT / ITL", "Lambda vLLM", 36, 0.306},
        {"TPOT / ITL", "vLLM traces", 3, 0.102},
        {"TPOT / ITL", "InferenceX TRT-LLM", 25, 0.035},
        {"TPOT / ITL", "InferenceX SGLang", 8, 0.042},
        {"TPOT / ITL", "all", 144, 0.076},
        {"Throughput", "NIM", 9, 0.079},
        {"Throughput", "LMDeploy", 80, 0.079},
        {"Throughput", "Lambda vLLM", 36, 0.650},
        {"Throughput", "vLLM CI", 3, 0.114},
        {"Throughput", "vLLM traces", 3, 0.061},
        {"Throughput", "InferenceX TRT-LLM", 25, 0.040},
        {"Throughput", "InferenceX SGLang", 8, 0.048},
        {"Throughput", "all", 164, 0.096},
        {"End-to-end latency", "vLLM CI", 3, 0.575},
        {"End-to-end latency", "InferenceX TRT-LLM", 25, 0.028},
        {"End-to-end latency", "InferenceX SGLang", 8, 0.027},
        {"End-to-end latency", "all", 36, 0.029},
    };
    const Loaded &data = loaded();
    ASSERT_GT(data.set.points.size(), 250);
    const QVector<double> errors =
        ServingCalibrator::absolutePercentageErrors(data.set.points, data.profiles);
    for (const Figure &figure : figures) {
        QVector<double> picked;
        for (qsizetype i = 0; i < data.set.points.size(); ++i) {
            const ServingPoint &p = data.set.points[i];
            if (ServingCalibrationData::metricGroup(p.metric) == QLatin1String(figure.group) &&
                (qstrcmp(figure.source, "all") == 0 || p.source == QLatin1String(figure.source)))
                picked << errors[i];
        }
        EXPECT_EQ(picked.size(), figure.points) << figure.group << " / " << figure.source;
        EXPECT_LE(Calibrator::median(picked), figure.mdape + 0.01) << figure.group << " / " << figure.source;
    }
}

// Every row of the file is a point or is skipped because its model has no preset (InternLM-20B,
// Mistral-Nemo, Mistral-Large); every point has traffic and a shipped profile.
TEST(ServingAccuracy, EveryServingRowOfAPresetModelIsAPoint)
{
    const Loaded &data = loaded();
    // 413 rows of the file, 165 of InferenceX's and 12 points of the three vLLM request traces
    // (resources/datasets/traces). InferenceX's 33 total-throughput rows repeat its output throughput's runs.
    EXPECT_EQ(data.set.points.size() + data.set.skipped.size(), 413 + 165 + 12);
    int repeated = 0;
    for (const SkippedRow &row : data.set.skipped) {
        if (row.benchId.endsWith(QLatin1String("-tput_per_gpu")) &&
            !row.benchId.contains(QLatin1String("output"))) {
            ++repeated;
            continue;
        }
        EXPECT_TRUE(row.reason.startsWith(QStringLiteral("no preset for"))) << row.benchId.toStdString();
    }
    EXPECT_EQ(repeated, 33);
    for (const ServingPoint &p : data.set.points) {
        EXPECT_GT(p.measured, 0.0) << p.benchId.toStdString();
        EXPECT_TRUE(p.workload.traffic.has_value()) << p.benchId.toStdString();
        EXPECT_TRUE(data.profiles.contains(p.profileId)) << p.profileId.toStdString();
    }
}
