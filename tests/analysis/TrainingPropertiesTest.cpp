// What a team lead planning a training run relies on, whatever the fitted factors: the time to train, the
// network, MFU and memory move the way the hardware says they must.

#include "app/analysis/Estimator.h"
#include "tests/analysis/TestCatalogue.h"

#include <gtest/gtest.h>

namespace {

Workload mpt13b(int gpus, int globalBatch)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("mpt-13b"));
    w.task = Task::Training;
    w.sequenceLength = 2048;
    w.gpuCount = gpus;
    w.tensorParallel = 1;
    w.pipelineParallel = 1;
    w.zeroStage = 3;
    w.recompute = Recompute::Full;
    w.batch = globalBatch;
    w.microBatch = 4;
    return w;
}

TrainingResult train(const GpuSpec &gpu, const Workload &w, const QString &profile = QStringLiteral("fsdp"))
{
    const Estimate e = Estimator::estimate(gpu, w, TestCatalogue::profile(profile), EstimateOptions{false});
    EXPECT_TRUE(e.training.has_value());
    return e.training.value_or(TrainingResult{});
}

} // namespace

TEST(TrainingProperties, MoreGpusInOneNodeNeverRaiseTheTimeToTrain)
{
    for (const GpuSpec &gpu : {TestCatalogue::h100Sxm(), TestCatalogue::a100Sxm80()}) {
        double previous = 1e300;
        for (int gpus : {1, 2, 4, 8}) {
            Workload w = mpt13b(gpus, 64); // the same global batch: 64 sequences per step
            w.trainTokens = 1e9;
            const TrainingResult r = train(gpu, w);
            EXPECT_LE(r.budgetHours, previous * (1.0 + 1e-9)) << gpu.gpuId.toStdString() << " " << gpus;
            previous = r.budgetHours;
        }
    }
}

TEST(TrainingProperties, ASlowerNetworkNeverSpeedsUpAMultiNodeRun)
{
    for (const char *profile : {"fsdp", "megatron"}) {
        for (int tp : {1, 4}) {
            Workload w = mpt13b(64, 512);
            w.tensorParallel = tp;
            w.zeroStage = QLatin1String(profile) == QLatin1String("fsdp") ? 3 : 1;
            double previous = 0.0;
            for (double gbps : {25.0, 100.0, 200.0, 400.0, 800.0, 3200.0}) {
                w.networkGbps = gbps;
                const TrainingResult r = train(TestCatalogue::h100Sxm(), w, QString::fromLatin1(profile));
                EXPECT_EQ(r.nodes, 8);
                EXPECT_GE(r.tokensPerS, previous * (1.0 - 1e-9)) << profile << " tp " << tp << " " << gbps;
                previous = r.tokensPerS;
            }
        }
    }
}

TEST(TrainingProperties, InsideOneNodeTheNetworkChangesNothing)
{
    Workload w = mpt13b(8, 64);
    w.networkGbps = 100.0;
    const double slow = train(TestCatalogue::h100Sxm(), w).stepTimeS;
    w.networkGbps = 400.0;
    EXPECT_DOUBLE_EQ(train(TestCatalogue::h100Sxm(), w).stepTimeS, slow);
}

TEST(TrainingProperties, MfuStaysBelowOneAndHfuCountsTheRecomputation)
{
    for (const char *modelId : {"mpt-125m", "mpt-13b", "llama-2-70b", "gpt-3-175b"}) {
        for (const Recompute recompute : {Recompute::None, Recompute::Selective, Recompute::Full}) {
            for (const char *profile : {"roofline", "fsdp", "megatron"}) {
                Workload w = mpt13b(1024, 2048);
                w.model = TestCatalogue::model(QString::fromLatin1(modelId));
                w.tensorParallel = 8;
                w.pipelineParallel = 4;
                w.microBatch = 1;
                w.recompute = recompute;
                const TrainingResult r = train(TestCatalogue::h100Sxm(), w, QString::fromLatin1(profile));
                EXPECT_GT(r.mfu, 0.0);
                EXPECT_LE(r.mfu, 1.0) << modelId << " " << profile;
                EXPECT_LE(r.hfu, 1.0) << modelId << " " << profile;
                if (recompute == Recompute::None)
                    EXPECT_DOUBLE_EQ(r.hfu, r.mfu);
                else
                    EXPECT_GT(r.hfu, r.mfu) << modelId << " " << profile;
                EXPECT_NEAR(r.breakdown.total(), r.stepTimeS, 1e-9 * r.stepTimeS);
                EXPECT_GT(r.breakdown.pipelineBubble, 0.0) << "pp 4";
            }
        }
    }
}

TEST(TrainingProperties, MemoryFallsWithTheZeroStageAndWithRecomputation)
{
    const GpuSpec gpu = TestCatalogue::h100Sxm();
    const EfficiencyParameters fsdp = TestCatalogue::profile(QStringLiteral("fsdp"));
    Workload w = mpt13b(8, 64);
    double previous = 1e300;
    for (int zero : {0, 1, 2, 3}) {
        w.zeroStage = zero;
        const double gb = Estimator::estimate(gpu, w, fsdp, EstimateOptions{false}).perGpuGb;
        EXPECT_LT(gb, previous) << "ZeRO " << zero;
        previous = gb;
    }
    previous = 1e300;
    for (const Recompute recompute : {Recompute::None, Recompute::Selective, Recompute::Full}) {
        w.recompute = recompute;
        w.flashAttention = false; // selective recomputation drops the stored attention scores
        const double gb = Estimator::estimate(gpu, w, fsdp, EstimateOptions{false}).perGpuGb;
        EXPECT_LT(gb, previous) << int(recompute);
        previous = gb;
    }
}

TEST(TrainingProperties, InterleavingShrinksTheBubbleAndMicroBatchesAreAccumulated)
{
    // Few micro-batches per step, where the bubble matters (with many, interleaving's extra stage-to-stage
    // sends can cost more than the bubble it saves).
    Workload w = mpt13b(16, 16);
    w.tensorParallel = 2;
    w.pipelineParallel = 4;
    w.microBatch = 1;
    w.zeroStage = 1;
    const TrainingResult plain = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    EXPECT_EQ(plain.gradientAccumulation, 8); // 16 / (2 replicas x 1)
    w.virtualStages = 5;                      // 40 layers = 4 stages x 5 chunks x 2 layers
    const TrainingResult interleaved = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    EXPECT_NEAR(interleaved.breakdown.pipelineBubble, plain.breakdown.pipelineBubble / 5.0,
                1e-9 * plain.breakdown.pipelineBubble);
    EXPECT_LT(interleaved.stepTimeS, plain.stepTimeS);
}

TEST(TrainingProperties, ExpertParallelismSplitsTheExpertsMemory)
{
    // Mixtral 8x7B: 46.7B parameters, about 45B of them in the experts.
    Workload w = mpt13b(8, 64);
    w.model = TestCatalogue::model(QStringLiteral("mixtral-8x7b"));
    w.zeroStage = 1;
    const EfficiencyParameters megatron = TestCatalogue::profile(QStringLiteral("megatron"));
    const Estimate whole = Estimator::estimate(TestCatalogue::h100Sxm(), w, megatron, EstimateOptions{false});
    w.expertParallel = 8;
    const Estimate split = Estimator::estimate(TestCatalogue::h100Sxm(), w, megatron, EstimateOptions{false});
    EXPECT_EQ(split.parallelism.expert, 8);
    // Weights: 2 bytes x 46.7B on every GPU, against the shared 1.6B plus one expert of 8 per GPU.
    EXPECT_LT(split.memory.weightsGb, whole.memory.weightsGb / 4.0);
    EXPECT_GT(split.memory.weightsGb, whole.memory.weightsGb / 8.0);
    EXPECT_LT(split.memory.gradientsGb, whole.memory.gradientsGb / 4.0);
    ASSERT_TRUE(split.training && whole.training);
    EXPECT_GT(split.training->breakdown.modelParallelComm, 0.0) << "the all-to-alls";
}

namespace {

// Qwen3-30B-A3B on 8 GPUs as NeMo AutoModel runs it: ep 8, ZeRO-3, micro-batch 4, 4,096 tokens.
Workload qwen3Moe(Precision math = Precision::Bf16)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("qwen3-30b-a3b"));
    w.task = Task::Training;
    w.sequenceLength = 4096;
    w.gpuCount = 8;
    w.tensorParallel = 1;
    w.pipelineParallel = 1;
    w.expertParallel = 8;
    w.zeroStage = 3;
    w.recompute = Recompute::Selective;
    w.batch = 512;
    w.microBatch = 4;
    w.activationPrecision = math;
    return w;
}

} // namespace

// Dropless routing waits for the busiest expert GPU: never faster than forced balance, and the difference
// is the profile's imbalance on the experts' share of the step only.
TEST(TrainingProperties, DroplessRoutingIsSlowerThanForcedBalanceByTheExpertsShare)
{
    const EfficiencyParameters megatron = TestCatalogue::profile(QStringLiteral("megatron"));
    ASSERT_GT(megatron.moeDroplessImbalance.value({}, {}, {}), 1.0);
    Workload w = qwen3Moe();
    w.moeRouting = MoeRouting::Balanced;
    const TrainingResult balanced = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    w.moeRouting = MoeRouting::Dropless;
    const TrainingResult dropless = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    EXPECT_GT(dropless.stepTimeS, balanced.stepTimeS * 1.02);
    EXPECT_LT(dropless.stepTimeS, balanced.stepTimeS * megatron.moeDroplessImbalance.value({}, {}, {}));
    // Without expert parallelism each GPU runs every expert on its own tokens: no GPU waits for another.
    w.expertParallel = 1;
    w.moeRouting = MoeRouting::Balanced;
    const double noEpBalanced = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron")).stepTimeS;
    w.moeRouting = MoeRouting::Dropless;
    EXPECT_DOUBLE_EQ(train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron")).stepTimeS, noEpBalanced);
    // A dense model has no router: the setting changes nothing.
    Workload dense = mpt13b(8, 64);
    dense.moeRouting = MoeRouting::Balanced;
    const double denseBalanced = train(TestCatalogue::h100Sxm(), dense).stepTimeS;
    dense.moeRouting = MoeRouting::Dropless;
    EXPECT_DOUBLE_EQ(train(TestCatalogue::h100Sxm(), dense).stepTimeS, denseBalanced);
}

// Fewer tokens per expert make smaller grouped matmuls: spreading the same experts over fewer GPUs per
// expert group (ep 8 -> 2, the same tokens per GPU) gives each local expert fewer tokens, and the step's
// compute grows; the dense layers' compute does not change.
TEST(TrainingProperties, FewerTokensPerExpertRunTheExpertsSlower)
{
    Workload w = qwen3Moe();
    w.moeRouting = MoeRouting::Balanced;
    const TrainingResult wide = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    w.expertParallel = 2;
    const TrainingResult narrow = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    // 8,192 tokens per expert at ep 8 (size factor 0.97 of the tokens' half), 2,048 at ep 2 (0.89).
    EXPECT_GT(narrow.breakdown.compute, wide.breakdown.compute * 1.03);
}

// FP8 recipes: tensorwise current scaling reads every matmul input once more than delayed scaling (its amax
// pass), so it is slower and the rest are not; MXFP8 runs only where the tensor cores apply MX scales, and
// auto picks it there and tensorwise elsewhere.
TEST(TrainingProperties, Fp8RecipesCostTheirScalingPassAndMxfp8NeedsDataCentreBlackwell)
{
    const GpuSpec h100 = TestCatalogue::h100Sxm();
    const GpuSpec b200 = TestCatalogue::seedGpu(QStringLiteral("b200_sxm_180gb"));
    const GpuSpec rtxPro = TestCatalogue::seedGpu(QStringLiteral("rtx_pro_6000_server_96gb"));
    Workload w = mpt13b(8, 64);
    w.activationPrecision = Precision::Fp8;
    w.fp8Recipe = Fp8Recipe::Delayed;
    const TrainingResult delayed = train(h100, w);
    w.fp8Recipe = Fp8Recipe::Tensorwise;
    const TrainingResult tensorwise = train(h100, w);
    EXPECT_GT(tensorwise.stepTimeS, delayed.stepTimeS * 1.005);
    EXPECT_EQ(tensorwise.fp8Recipe, Fp8Recipe::Tensorwise);
    w.fp8Recipe = Fp8Recipe::Auto;
    EXPECT_EQ(train(h100, w).fp8Recipe, Fp8Recipe::Tensorwise);
    EXPECT_EQ(train(b200, w).fp8Recipe, Fp8Recipe::Mxfp8);
    EXPECT_EQ(train(rtxPro, w).fp8Recipe, Fp8Recipe::Tensorwise);
    w.fp8Recipe = Fp8Recipe::Mxfp8;
    const EfficiencyParameters fsdp = TestCatalogue::profile(QStringLiteral("fsdp"));
    const Estimate onH100 = Estimator::estimate(h100, w, fsdp, EstimateOptions{false});
    EXPECT_FALSE(onH100.fits);
    EXPECT_TRUE(onH100.unfitReason.contains(QLatin1String("MXFP8"))) << onH100.unfitReason.toStdString();
    EXPECT_TRUE(Estimator::estimate(b200, w, fsdp, EstimateOptions{false}).fits);
    // Math asked in MXFP8 is that recipe, refused the same way on the GDDR7 Blackwell card (sm_120).
    w.activationPrecision = Precision::Mxfp8;
    w.fp8Recipe = Fp8Recipe::Auto;
    EXPECT_FALSE(Estimator::estimate(rtxPro, w, fsdp, EstimateOptions{false}).fits);
    EXPECT_FALSE(Estimator::estimate(h100, w, fsdp, EstimateOptions{false}).fits);
    EXPECT_TRUE(Estimator::estimate(b200, w, fsdp, EstimateOptions{false}).fits);
    // At 16 bits there is no recipe.
    w.activationPrecision = Precision::Bf16;
    EXPECT_FALSE(train(h100, w).fp8Recipe.has_value());
}

// DeepSeek-V3 trains one multi-token-prediction module (num_nextn_predict_layers 1): one more MoE layer
// (0.59B active: MLA 0.19B, 8 routed and 1 shared expert of 44M), the 2h x h projection (0.10B) and the
// output head again (0.93B) per token: 1.6B, 4.3% more matmul FLOPs than the model's 37.5B (Megatron's
// num_floating_point_operations counts the same parts). Turned off, it is gone.
TEST(TrainingProperties, MultiTokenPredictionAddsItsModulesWork)
{
    const ModelSpec v3 = TestCatalogue::model(QStringLiteral("deepseek-v3"));
    EXPECT_EQ(v3.mtpLayers, 1);
    const ModelArchitecture a = ModelArchitecture::from(v3);
    EXPECT_NEAR(a.mtpMatmulParamsActive / a.matmulParamsActive, 0.043, 0.005);
    // Its stored parameters: about 11.5B (DeepSeek-V3 README_WEIGHTS.md), not in the 671B.
    EXPECT_NEAR(a.mtpParams / 1e9, 11.5, 0.6);
    Workload w;
    w.model = v3;
    w.task = Task::Training;
    w.sequenceLength = 4096;
    w.gpuCount = 256;
    w.tensorParallel = 1;
    w.pipelineParallel = 8;
    w.expertParallel = 32;
    w.zeroStage = 1;
    w.recompute = Recompute::Full;
    w.batch = 1024;
    w.microBatch = 1;
    w.mtpLayers = 0;
    const TrainingResult without = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    w.mtpLayers = 1;
    const TrainingResult with = train(TestCatalogue::h100Sxm(), w, QStringLiteral("megatron"));
    EXPECT_GT(with.breakdown.compute / without.breakdown.compute, 1.02);
    EXPECT_LT(with.breakdown.compute / without.breakdown.compute, 1.05);
    // A model without its own modules trains them when asked (a dense layer and the head again).
    Workload dense = mpt13b(8, 64);
    const double plain = train(TestCatalogue::h100Sxm(), dense).breakdown.compute;
    dense.mtpLayers = 1;
    EXPECT_GT(train(TestCatalogue::h100Sxm(), dense).breakdown.compute, plain * 1.02);
}
