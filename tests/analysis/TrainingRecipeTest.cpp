// The default training recipe: ZeRO stage, micro-batch, recomputation and the tp x pp layout left out are
// the fastest that fit (TrainingRecipe), one search for the estimate and the planner, and it lands where
// practitioners' own tuned runs land.

#include "app/analysis/TrainingRecipe.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/PipelineStages.h"
#include "app/analysis/Planner.h"
#include "tests/analysis/TestCatalogue.h"

#include <QSet>
#include <gtest/gtest.h>

namespace {

WorkloadRequest mptRequest(const QString &model, int gpus)
{
    WorkloadRequest r;
    r.modelId = model;
    r.task = Task::Training;
    r.gpus = gpus;
    r.sequenceLength = 2048;
    return r;
}

Estimate estimateOf(const WorkloadRequest &request, const GpuSpec &gpu)
{
    const ResolvedWorkload resolved = WorkloadResolver::resolve(request, TestCatalogue::snapshot());
    EXPECT_TRUE(resolved.isValid());
    const QVector<Estimate> all = Estimator::estimateAll({gpu}, resolved, EstimateOptions{false});
    EXPECT_EQ(all.size(), 1);
    return all.value(0);
}

} // namespace

// llm-foundry's README tables (scripts/train/benchmarking/README.md @8c8dd48f72, rows of
// benchmarks-training-calibration.csv): MPT-13B on 64 H100, 2,048-token sequences, 4,800 tokens/s per GPU
// (line 109); MPT-70B on 512 H100, 1,007 (line 75). Each is their tuned recipe; the default recipe must
// come within 25% of them without being told it.
TEST(TrainingRecipe, TheDefaultRecipeComesWithinAQuarterOfLlmFoundrysTunedRuns)
{
    const GpuSpec h100 = TestCatalogue::h100Sxm();
    const Estimate mpt13 = estimateOf(mptRequest(QStringLiteral("mpt-13b"), 64), h100);
    ASSERT_TRUE(mpt13.training && mpt13.fits);
    EXPECT_NEAR(mpt13.training->tokensPerSPerGpu, 4800.0, 0.25 * 4800.0);
    EXPECT_GT(mpt13.training->layoutsSearched, 1);

    const Estimate mpt70 = estimateOf(mptRequest(QStringLiteral("mpt-70b"), 512), h100);
    ASSERT_TRUE(mpt70.training && mpt70.fits);
    EXPECT_NEAR(mpt70.training->tokensPerSPerGpu, 1007.0, 0.25 * 1007.0);
}

// With ZeRO-1 given and the layout automatic, the layout is the fastest that fits: on 64 H100 MPT-13B fits
// without tensor parallelism, which is faster than splitting its layers' matmuls 4 ways (issue 38: tp 4 was
// picked at 3,170 tokens/s per GPU where tp 1 gives 4,070).
TEST(TrainingRecipe, AGivenZeroStageStillGetsTheFastestLayoutThatFits)
{
    const GpuSpec h100 = TestCatalogue::h100Sxm();
    WorkloadRequest r = mptRequest(QStringLiteral("mpt-13b"), 64);
    r.zeroStage = 1;
    const Estimate chosen = estimateOf(r, h100);
    ASSERT_TRUE(chosen.training && chosen.fits);
    EXPECT_EQ(chosen.training->zeroStage, 1);
    for (int tp : {1, 2, 4, 8}) {
        WorkloadRequest fixed = r;
        fixed.tensorParallel = tp;
        fixed.pipelineParallel = 1;
        const Estimate e = estimateOf(fixed, h100);
        if (e.fits && e.training) {
            EXPECT_GE(chosen.training->tokensPerS, e.training->tokensPerS * (1.0 - 1e-9)) << "tp " << tp;
        }
    }
    EXPECT_EQ(chosen.parallelism.tensor, 1);
}

// The recipe chosen, given back as the user's own values, estimates to the same numbers: the window, the
// command line and the planner (which estimate it alone) agree.
TEST(TrainingRecipe, TheChosenRecipeEstimatedAloneGivesTheSameNumbers)
{
    const GpuSpec h100 = TestCatalogue::h100Sxm();
    const WorkloadRequest r = mptRequest(QStringLiteral("mpt-13b"), 64);
    const Estimate chosen = estimateOf(r, h100);
    ASSERT_TRUE(chosen.training);
    WorkloadRequest fixed = r;
    fixed.tensorParallel = chosen.parallelism.tensor;
    fixed.pipelineParallel = chosen.parallelism.pipeline;
    fixed.zeroStage = chosen.training->zeroStage;
    fixed.microBatch = chosen.training->microBatch;
    fixed.recompute = chosen.training->recompute;
    const Estimate alone = estimateOf(fixed, h100);
    ASSERT_TRUE(alone.training);
    EXPECT_EQ(alone.training->layoutsSearched, 0);
    EXPECT_DOUBLE_EQ(alone.training->tokensPerS, chosen.training->tokensPerS);

    PlanRequest plan;
    plan.workload = r;
    plan.workload.gpus.reset();
    plan.workload.globalBatch = chosen.training->globalBatch;
    plan.gpuIds = {h100.gpuId};
    plan.maxGpus = 64;
    plan.deadlineDays = 1e-3; // missed by every count, so that every count up to 64 is searched
    const PlanResult result = Planner::plan(plan, TestCatalogue::snapshot());
    ASSERT_EQ(result.plans.size(), 1);
    bool found = false;
    for (const PlanCandidate &c : result.plans.first().tried) {
        if (c.parallelism.gpus == 64 && c.tokensPerS >= chosen.training->tokensPerS * (1.0 - 1e-9)) {
            found = true;
            EXPECT_NEAR(c.tokensPerS, chosen.training->tokensPerS, 1e-6 * c.tokensPerS);
        }
    }
    EXPECT_TRUE(found) << "the planner's fastest at 64 GPUs is the estimate's recipe";
}

// Megatron runs Llama-3.1-405B's 126 layers at pp 8 x vpp 4 (Megatron-Bridge's recipes), which does not
// divide them: each of the 32 chunks gets the layers rounded up, so the heaviest stage holds 4 x 4 = 16
// layers, and every stage waits for it. It was refused ("pp 8 x vpp 4 does not divide the model's 126
// layers"); a layout with more stages than layers still is.
TEST(TrainingRecipe, LayersThatPipelineStagesDoNotDivideAreSplitUnevenly)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3.1-405b");
    r.task = Task::Training;
    r.gpus = 1024;
    r.tensorParallel = 8;
    r.pipelineParallel = 8;
    r.virtualStages = 4;
    const Estimate uneven = estimateOf(r, TestCatalogue::h100Sxm());
    ASSERT_TRUE(uneven.training);
    EXPECT_EQ(uneven.training->heaviestStageLayers, 16);

    r.virtualStages = 1;
    r.pipelineParallel = 2; // 63 layers a stage: even
    const Estimate even = estimateOf(r, TestCatalogue::h100Sxm());
    ASSERT_TRUE(even.training);
    EXPECT_EQ(even.training->heaviestStageLayers, 63);

    r.pipelineParallel = 128;
    r.virtualStages = 1;
    r.gpus = 1024;
    const ResolvedWorkload tooMany = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    EXPECT_FALSE(tooMany.isValid());
}

// How Megatron shares layers out when the stages do not divide them: Llama-3.1-405B's 126 layers +
// embedding + loss make 128 slots over pp 8 x vpp 2 (Megatron-Bridge's
// --account-for-embedding/loss-in-pipeline-split), 16 a stage, the first and last 15 layers; DeepSeek-V3's
// 61 layers at pp 16 round up to 4 a stage; given first and last stages leave the rest to the others.
TEST(PipelineStages, UnevenLayersAreSplitAsMegatronDoes)
{
    EXPECT_DOUBLE_EQ(PipelineStages::heaviestLayers(126, 8, 2, 0, 0), 16.0);
    EXPECT_DOUBLE_EQ(PipelineStages::heaviestLayers(80, 4, 1, 0, 0), 20.0);
    EXPECT_DOUBLE_EQ(PipelineStages::heaviestLayers(61, 16, 1, 0, 0), 4.0);
    EXPECT_DOUBLE_EQ(PipelineStages::heaviestLayers(126, 8, 1, 14, 14), 17.0); // 98 over 6 middle stages
    EXPECT_DOUBLE_EQ(PipelineStages::heaviestLayers(94, 8, 4, 0, 0), 12.0);    // Qwen3-235B: 96 slots
}

// The automatic layout tries pipeline depths that do not divide the layers: DeepSeek-V3's 61 layers are
// searched at pp 2 ... 16 as Megatron runs them, not at pp 1 alone. With Megatron's distributed optimizer
// (ZeRO-1) the model needs a pipeline to fit; left to the search, ZeRO-3 at pp 1 with larger micro-batches
// (more tokens per expert) is faster in the model.
TEST(TrainingRecipe, PipelineDepthsThatDoNotDivideTheLayersAreSearched)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("deepseek-v3"));
    w.task = Task::Training;
    w.gpuCount = 256;
    w.batch = 1024;
    w.sequenceLength = 4096;
    w.expertParallel = 8;
    w.zeroStage = 1;
    w.automatic = {false, true, true};
    QSet<int> depths;
    TrainingRecipe::Hooks hooks;
    hooks.fitted = [&depths](const TrainingRecipe::Candidate &c) {
        depths.insert(c.workload.pipelineParallel);
    };
    const TrainingRecipe::Result r = TrainingRecipe::search(
        TestCatalogue::h100Sxm(), w, TestCatalogue::profile(QStringLiteral("megatron")), hooks);
    ASSERT_TRUE(r.fastest);
    EXPECT_TRUE(depths.contains(16) || depths.contains(8)) << "no deep pipeline fitted";
    EXPECT_GT(r.fastest->workload.pipelineParallel, 1);
}
