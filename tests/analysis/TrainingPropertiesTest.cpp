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
