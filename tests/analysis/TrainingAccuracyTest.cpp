// TrainingModel with the shipped fsdp and megatron profiles against measured training runs
// (resources/seed/benchmarks-training-calibration.csv; sources in each row): the accuracy issue 18 asks for,
// checked on every run. docs/estimator-accuracy.md ("Training at scale") has the full report;
// gpucompare-calibrate refits the factors. No refit here: the profiles are read from profiles.json.

#include "app/analysis/calibration/TrainingCalibrationData.h"
#include "app/analysis/calibration/TrainingCalibrator.h"
#include "tests/analysis/CalibrationFixture.h"

#include <QMap>
#include <cmath>
#include <gtest/gtest.h>

namespace {

using Loaded = CalibrationFixture::Loaded<TrainingCalibrationSet>;

const Loaded &loaded()
{
    static const Loaded data =
        CalibrationFixture::load("benchmarks-training-calibration.csv", TrainingCalibrationData::build);
    return data;
}

const TrainingPoint *point(const char *benchId)
{
    return CalibrationFixture::find(loaded().set.points, benchId, "training");
}

double predicted(const char *benchId)
{
    const TrainingPoint *p = point(benchId);
    return p ? TrainingCalibrator::predict(*p, loaded().profiles[p->profileId]) : 0.0;
}

// |predicted / measured - 1| of one row with the shipped profile of its framework.
double errorOf(const char *benchId)
{
    return CalibrationFixture::errorOf(point(benchId), loaded().profiles, TrainingCalibrator::predict);
}

constexpr double kAim = 0.15;    // issue 18: tokens/s per GPU within 15% (a median)
constexpr double kRowAim = 0.20; // one row of a systematically low group (H100 full-recompute FSDP runs)

} // namespace

// llm-foundry (mosaicml/llm-foundry@8c8dd48f: scripts/train/benchmarking/README.md line 75): MPT-70B on 512
// H100, FSDP FULL_SHARD, full activation checkpointing, micro-batch 8: 1,007 tokens/s per GPU. The H100
// full-recompute rows are the fit's low group (about -16%), hence the row tolerance.
TEST(TrainingAccuracy, LlmFoundryMpt70bOn512H100)
{
    const TrainingPoint *p = point("llmfoundry-h100-70b-s2048-g512-amp_bf16-L75-tps");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->measured, 1007.0);
    EXPECT_EQ(p->workload.gpuCount, 512);
    EXPECT_EQ(p->workload.zeroStage, 3);
    EXPECT_EQ(p->workload.recompute, Recompute::Full);
    EXPECT_LE(errorOf("llmfoundry-h100-70b-s2048-g512-amp_bf16-L75-tps"), kRowAim);
}

// llm-foundry, A100 40GB with 1600 Gbps RoCE (README line 259): MPT-3B on 128 GPUs, 9,538 tokens/s/GPU.
TEST(TrainingAccuracy, LlmFoundryA100FortyGbOnSixteenNodes)
{
    EXPECT_LE(errorOf("llmfoundry-a10040-3b-s2048-g128-bf16-L259-tps"), kAim);
}

// Megatron-LM README line 353 (NVIDIA/Megatron-LM@d514c6fa): GPT-3 175B on 1,024 A100, TP8 PP16, 138 TFLOP/s
// per GPU counting the recomputed forward (HFU x FP16 peak), about 32 s per iteration.
TEST(TrainingAccuracy, MegatronGpt3OnThousandA100)
{
    EXPECT_LE(errorOf("megatronlm-readme-gpt3_175b-a100x1024-tflops"), kAim);
    EXPECT_LE(errorOf("megatronlm-readme-gpt3_175b-a100x1024-step"), kAim);
}

// NeMo 24.07 performance summary (NVIDIA/NeMo@070a0bb1: docs/source/performance/performance_summary.md):
// Llama-2-70B FP8 on 64 H100, TP4 PP4 VP20, 1,707 tokens/s per GPU.
TEST(TrainingAccuracy, NemoLlama2On64H100)
{
    EXPECT_LE(errorOf("nemo2407-pre-LLAMA2-70B-g64-gbs128-tps"), kAim);
}

// The second node costs no jump: the same per-GPU batch of MPT-13B on 8 and on 16 H100 (measured 4,792 and
// 4,767 tokens/s/GPU) is predicted within 10% of each other, and so are the measured runs.
TEST(TrainingAccuracy, NoJumpAtTheNodeBoundary)
{
    const double eight = predicted("llmfoundry-h100-13b-s2048-g8-amp_bf16-L112-tps");
    const double sixteen = predicted("llmfoundry-h100-13b-s2048-g16-amp_bf16-L111-tps");
    ASSERT_GT(eight, 0.0);
    EXPECT_LE(std::fabs(sixteen / eight - 1.0), 0.10) << eight << " vs " << sixteen;
    EXPECT_LE(errorOf("llmfoundry-h100-13b-s2048-g16-amp_bf16-L111-tps"), kAim);
}

// The per-metric, per-source median errors of docs/estimator-accuracy.md ("Training at scale", calibrated
// column), held to within one percentage point so a change to the model or the profiles that loses accuracy
// fails here (regenerate the report with gpucompare-calibrate when it gains).
TEST(TrainingAccuracy, MedianErrorsHoldTheReportedFigures)
{
    struct Figure
    {
        const char *group;
        const char *source; // a report group, "llm-foundry" (every GPU) or "all"
        int points;
        double mdape;
    };
    const Figure figures[] = {
        {"Tokens/s per GPU", "llm-foundry A100-40GB", 78, 0.046},
        {"Tokens/s per GPU", "llm-foundry A100-80GB", 61, 0.065},
        {"Tokens/s per GPU", "llm-foundry H100", 77, 0.122},
        {"Tokens/s per GPU", "llm-foundry", 216, 0.086},
        {"Tokens/s per GPU", "NeMo", 15, 0.100},
        {"Tokens/s per GPU", "all", 231, 0.088},
        {"MFU / TFLOP/s", "llm-foundry", 216, 0.120},
        {"MFU / TFLOP/s", "NeMo", 15, 0.102},
        {"MFU / TFLOP/s", "Megatron-LM", 1, 0.006},
        {"MFU / TFLOP/s", "all", 232, 0.114},
    };
    const Loaded &data = loaded();
    ASSERT_GT(data.set.points.size(), 400);
    const QVector<double> errors =
        TrainingCalibrator::absolutePercentageErrors(data.set.points, data.profiles);
    for (const Figure &figure : figures) {
        QVector<double> picked;
        for (qsizetype i = 0; i < data.set.points.size(); ++i) {
            const TrainingPoint &p = data.set.points[i];
            if (TrainingCalibrationData::metricGroup(p.metric) == QLatin1String(figure.group) &&
                (qstrcmp(figure.source, "all") == 0 || p.source == QLatin1String(figure.source) ||
                 TrainingCalibrationData::reportGroup(p) == QLatin1String(figure.source)))
                picked << errors[i];
        }
        EXPECT_EQ(picked.size(), figure.points) << figure.group << " / " << figure.source;
        EXPECT_LE(Calibrator::median(picked), figure.mdape + 0.01) << figure.group << " / " << figure.source;
    }
}

// Every row of the file is a point (every model has a preset); each run has one fitted throughput, and every
// point a shipped profile.
TEST(TrainingAccuracy, EveryTrainingRowIsAPoint)
{
    const Loaded &data = loaded();
    EXPECT_EQ(data.set.points.size(), 464);
    EXPECT_TRUE(data.set.skipped.isEmpty());
    int fitted = 0;
    for (const TrainingPoint &p : data.set.points) {
        EXPECT_GT(p.measured, 0.0) << p.benchId.toStdString();
        EXPECT_EQ(p.workload.task, Task::Training) << p.benchId.toStdString();
        EXPECT_TRUE(data.profiles.contains(p.profileId)) << p.profileId.toStdString();
        fitted += p.fitted ? 1 : 0;
    }
    EXPECT_EQ(fitted, 216 + 15 + 1);
}
