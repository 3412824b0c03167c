// TrainingModel on MoE training runs it was never fitted on
// (resources/seed/benchmarks-training-calibration-moe.csv: NeMo AutoModel and Megatron-Core MoE on H100,
// sources in each row), with the shipped fsdp and megatron profiles, which were fitted on dense runs only.
// Each run is compared once: tokens/s per GPU where its source gives it, else model TFLOP/s per GPU (the step
// times restate them).

#include "app/analysis/CommunicationModel.h"
#include "app/analysis/calibration/TrainingCalibrationData.h"
#include "app/analysis/calibration/TrainingCalibrator.h"
#include "tests/analysis/CalibrationFixture.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <string>

namespace {

using Loaded = CalibrationFixture::Loaded<TrainingCalibrationSet>;

const Loaded &loaded()
{
    static const Loaded data =
        CalibrationFixture::load("benchmarks-training-calibration-moe.csv", TrainingCalibrationData::build);
    return data;
}

double errorOf(const char *benchId)
{
    return CalibrationFixture::errorOf(CalibrationFixture::find(loaded().set.points, benchId, "MoE training"),
                                       loaded().profiles, TrainingCalibrator::predict);
}

} // namespace

// Over the 20 compared runs of DeepSeek-V3, Kimi K2, Qwen3-30B-A3B, Qwen3-235B-A22B and Mixtral 8x7B (8 to
// 1,024 H100, ep 8 to 64, in one node and across up to eight): median |error| 14.3%, with the routed
// experts' grouped matmuls at their own size, the routing traffic and dropless routing's imbalance. The
// worst are two Megatron-Core baselines (+51%, +67%: pp 32 with the plain A2A dispatcher; tp 4 with no
// recomputation listed), which the model takes for faster than they ran.
TEST(MoeTrainingAccuracy, MedianOverTheHeldOutRunsWithinTwentyPercent)
{
    std::vector<double> errors;
    for (const TrainingPoint &p : loaded().set.points)
        if (p.fitted)
            errors.push_back(
                std::fabs(TrainingCalibrator::predict(p, loaded().profiles[p.profileId]) / p.measured - 1.0));
    ASSERT_EQ(errors.size(), 20u);
    std::sort(errors.begin(), errors.end());
    const double median = (errors[9] + errors[10]) / 2.0;
    EXPECT_LE(median, 0.20);
}

// Megatron-LM MoE README (8xH100 servers, InfiniBand 8x400 Gb/s): Mixtral 8x7B, ep 8 pp 4 vpp 8, 468 TFLOP/s
// per GPU (Megatron-Core v0.9). Eight experts, two per token, in one node.
TEST(MoeTrainingAccuracy, MixtralOnSixtyFourH100)
{
    EXPECT_LE(errorOf("mcoremoe-h100-mixtral8x7b-v09-tflops"), 0.10);
}

// Megatron-MoE-ModelZoo (yanring/Megatron-MoE-ModelZoo): Qwen3-235B-A22B on 256 H100, tp 2 ep 32 pp 8 vpp 4,
// DeepEP: 245 and 276 TFLOP/s per GPU. The expert group spans four nodes: each token crosses the network to
// the 2.7 other nodes its eight experts sit on, not eight times; counted eight times the model gave 155.
TEST(MoeTrainingAccuracy, Qwen3With32ExpertGroupsAcrossFourNodes)
{
    EXPECT_LE(errorOf("mcoremz-h100-qwen3-235b-g256-xep32-a-tflops"), 0.10);
    EXPECT_LE(errorOf("mcoremz-h100-qwen3-235b-g256-xep32-b-tflops"), 0.10);
}

// NeMo AutoModel performance summary (NVIDIA-NeMo/Automodel@36044ad3d1 docs/performance-summary.mdx): Kimi K2
// on 256 H100, pp 8 vpp 4 ep 32, FSDP2, 924 tokens/s per GPU (estimated +15%); DeepSeek-V3 on 1,024 H100,
// 865 (-0.5%). AutoModel runs Transformer Engine's kernels and DeepEP, so it is estimated with the megatron
// profile (the fsdp one is llm-foundry's eager FSDP, 310 us a layer and pass: -17% and -3.7% before).
TEST(MoeTrainingAccuracy, KimiK2AndDeepSeekV3WithFsdp2AndExpertParallelism)
{
    EXPECT_LE(errorOf("amodel-h100-kimik2-g256-tps"), 0.20);
    EXPECT_LE(errorOf("amodel-h100-deepseekv3-g1024-tps"), 0.10);
}

// The hybrid models of the set (Nemotron 3 Nano/Super/Ultra: Mamba-2 layers; Qwen3-Next: Gated DeltaNet),
// estimated with their layer patterns and never fitted: a held-out check. Their 11 rows are 4 runs, each
// compared once (AutoModel tokens/s per GPU, Megatron-Core model TFLOP/s per GPU); the other 7 restate them
// (model TFLOP/s, step times) and are printed only. Measured with the shipped profiles (AutoModel's runs with
// megatron's, as it runs Transformer Engine's kernels): Nano -5.1% (8 H100, ep 8), Super -8.8% (64 H100,
// ep 64; its latent MoE dispatches 1,024-wide tokens), Ultra +32% (128 H100, ep 64; the one run whose
// experts are plain torch matmuls, kernels=TE+DeepEP+torch_mm, not a grouped GEMM), Qwen3-Next +105%
// (128 H100, pp 4 vpp 3 ep 32, 89 TFLOP/s per GPU, a run its source calls "not well tuned"): median
// |error| 20.4% over the 4 runs. The Nemotron runs used AutoModel's balanced fake gate.
TEST(MoeTrainingAccuracy, HybridModelsHeldOut)
{
    int hybridRows = 0;
    std::vector<double> errors;
    for (const TrainingPoint &p : loaded().set.points) {
        if (p.workload.model.layerPattern.isEmpty())
            continue;
        ++hybridRows;
        EXPECT_FALSE(p.fitted) << p.benchId.toStdString();
        const double predicted = TrainingCalibrator::predict(p, loaded().profiles[p.profileId]);
        const double error = predicted / p.measured - 1.0;
        std::printf("%-48s %-20s measured %10.3f estimated %10.3f  %+6.1f%%%s\n", qPrintable(p.benchId),
                    qPrintable(TrainingCalibrationData::metricName(p.metric)), p.measured, predicted,
                    100.0 * error, p.heldOut ? "  (compared)" : "");
        if (p.heldOut)
            errors.push_back(std::fabs(error));
    }
    for (const SkippedRow &s : loaded().set.skipped)
        EXPECT_FALSE(s.reason.contains(QLatin1String("hybrid"))) << s.benchId.toStdString();
    EXPECT_EQ(hybridRows, 11);
    ASSERT_EQ(errors.size(), 4u);
    std::sort(errors.begin(), errors.end());
    const double median = (errors[1] + errors[2]) / 2.0;
    std::printf("hybrid held-out median |error| %.1f%%, worst %.1f%%\n", 100.0 * median, 100.0 * errors[3]);
    EXPECT_LE(median, 0.21);
    for (const char *id : {"amodel-h100-nemotronv3nano30b-g8-tps", "amodel-h100-nemotronv3super120b-g64-tps"})
        EXPECT_LE(errorOf(id), 0.10) << id;
    EXPECT_LE(errorOf("amodel-h100-nemotronv3ultra550b-g128-tps"), 0.35);
    // The untuned Qwen3-Next run is slower than the model: the model must not call it faster than it ran.
    const TrainingPoint *next = CalibrationFixture::find(
        loaded().set.points, "mcoremz-h100-qwen3next-80b-g128-tflops", "MoE training");
    ASSERT_TRUE(next);
    EXPECT_GT(TrainingCalibrator::predict(*next, loaded().profiles[next->profileId]), next->measured);
}

// One dispatch of 1,000 tokens of 8 KB, top-8, over a 32-GPU expert group on four 8-GPU nodes: over the
// network each token goes to (n - 1)(1 - (1 - 1/n)^k) = 3 x (1 - 0.75^8) = 2.70 other nodes on average; over
// NVLink every copy once, 7/8 of 8 copies. The slower of the two sets the time.
TEST(ExpertAllToAll, CrossesTheNetworkOncePerOtherNode)
{
    CommunicationModel::ExpertGroup group;
    group.ep = 32;
    group.gpusPerNode = 8;
    group.inside = {450.0, true, false, QStringLiteral("NVLink")};
    group.network = {50.0, false, true, QStringLiteral("network")};
    const double tokens = 1000.0;
    const double bytes = 8192.0;
    const double remote = 3.0 * (1.0 - std::pow(0.75, 8.0));
    EXPECT_NEAR(remote, 2.6997, 1e-4);
    const double network = tokens * bytes * remote / 50e9 + CommunicationModel::kCollectiveLatencyS;
    const double nvlink = tokens * bytes * 8.0 * 7.0 / 8.0 / 450e9 + CommunicationModel::kCollectiveLatencyS;
    EXPECT_NEAR(CommunicationModel::expertAllToAllSeconds<double>(tokens, bytes, 8.0, group),
                std::max(network, nvlink), 1e-12);
    // Within one node only NVLink: an 8-GPU group sends 7/8 of each token's copies.
    group.ep = 8;
    EXPECT_NEAR(CommunicationModel::expertAllToAllSeconds<double>(tokens, bytes, 8.0, group), nvlink, 1e-12);
    group.ep = 1;
    EXPECT_EQ(CommunicationModel::expertAllToAllSeconds<double>(tokens, bytes, 8.0, group), 0.0);
}

// Megatron-MoE-ModelZoo's long-context table (Qwen3-235B-A22B on 256 H100, tp 4 pp 8 ep 8, cp 1-8): each
// length measured with forced load balance and with dropless routing, 295/237, 335/277, 368/320 and 389/357
// TFLOP/s per GPU at 16k, 32k, 64k and 128k tokens. The profile's dropless imbalance is set from these four
// ratios (docs/estimator-accuracy.md); what it must reproduce is that the cost shrinks as attention, which
// routing does not touch, takes more of the step: each ratio within 5%.
TEST(MoeTrainingAccuracy, DroplessRoutingCostsWhatTheLongContextPairsMeasured)
{
    for (const char *length : {"16k", "32k", "64k", "128k"}) {
        const std::string prefix = std::string("mcoremz-h100-qwen3-235b-lc") + length;
        const TrainingPoint *forced = CalibrationFixture::find(
            loaded().set.points, (prefix + "-forcedbal-tflops").c_str(), "MoE training");
        const TrainingPoint *dropless = CalibrationFixture::find(
            loaded().set.points, (prefix + "-dropless-tflops").c_str(), "MoE training");
        ASSERT_TRUE(forced && dropless) << length;
        EXPECT_EQ(forced->workload.moeRouting, MoeRouting::Balanced);
        EXPECT_EQ(dropless->workload.moeRouting, MoeRouting::Dropless);
        const auto predict = [](const TrainingPoint &p) {
            return TrainingCalibrator::predict(p, loaded().profiles[p.profileId]);
        };
        const double measuredRatio = dropless->measured / forced->measured;
        const double predictedRatio = predict(*dropless) / predict(*forced);
        EXPECT_NEAR(predictedRatio / measuredRatio, 1.0, 0.05)
            << length << ": measured " << measuredRatio << ", predicted " << predictedRatio;
    }
}
