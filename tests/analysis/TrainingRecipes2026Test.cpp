// Training as the 2026 recipes run (issue 58): NVFP4 pre-training on data-centre Blackwell, every pipeline
// layout Megatron takes, and expert all-to-all inside the NVLink domain of a rack.

#include "app/analysis/Estimator.h"
#include "app/analysis/Planner.h"
#include "app/analysis/TrainingRecipe.h"
#include "app/analysis/WorkloadResolver.h"
#include "db/SystemCsvParser.h"
#include "tests/analysis/TestCatalogue.h"

#include <QFile>
#include <gtest/gtest.h>

namespace {

const EfficiencyParameters &megatron()
{
    static const EfficiencyParameters profile = TestCatalogue::profile(QStringLiteral("megatron"));
    return profile;
}

// Llama-3 8B on one node, the layout given: the search changes nothing.
Workload llama8b(int gpus = 8)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.task = Task::Training;
    w.sequenceLength = 8192;
    w.gpuCount = gpus;
    w.tensorParallel = 1;
    w.pipelineParallel = 1;
    w.zeroStage = 1;
    w.recompute = Recompute::Selective;
    w.batch = 128;
    w.microBatch = 1;
    w.activationPrecision = Precision::Nvfp4;
    return w;
}

Estimate estimate(const GpuSpec &gpu, const Workload &w, bool math = false)
{
    return Estimator::estimate(gpu, w, megatron(), EstimateOptions{math});
}

double stepTime(const GpuSpec &gpu, const Workload &w)
{
    const Estimate e = estimate(gpu, w);
    EXPECT_TRUE(e.fits) << e.unfitReason.toStdString();
    EXPECT_TRUE(e.training.has_value());
    return e.training ? e.training->stepTimeS : 0.0;
}

GpuSpec gpu(const char *id)
{
    return TestCatalogue::seedGpu(QString::fromLatin1(id));
}

bool anyFormulaContains(const Estimate &e, const char *text)
{
    for (const MathTerm &term : e.math)
        if (term.formula.contains(QLatin1String(text)))
            return true;
    return false;
}

} // namespace

// Transformer Engine's NVFP4 GEMMs need compute capability 10.0 and fail on sm_120: B200 and GB200 train,
// H100 and the GDDR7 Blackwell server card are refused with the reason, never run at another rate.
TEST(Nvfp4Training, RunsOnDataCentreBlackwellAndIsRefusedElsewhere)
{
    const Workload w = llama8b();
    for (const char *id : {"b200_sxm_180gb", "gb200_nvl72_186gb"}) {
        const Estimate e = estimate(gpu(id), w);
        EXPECT_TRUE(e.fits) << id << ": " << e.unfitReason.toStdString();
        ASSERT_TRUE(e.training.has_value());
        EXPECT_EQ(e.training->fp8Recipe, Fp8Recipe::Nvfp4) << id;
        EXPECT_EQ(e.computePrecisionUsed, Precision::Nvfp4) << id;
    }
    for (const char *id : {"h100_sxm5_80gb", "rtx_pro_6000_server_96gb"}) {
        const Estimate e = estimate(gpu(id), w);
        EXPECT_FALSE(e.fits) << id;
        EXPECT_TRUE(e.unfitReason.contains(QLatin1String("NVFP4")))
            << id << ": " << e.unfitReason.toStdString();
        EXPECT_TRUE(e.unfitReason.contains(QLatin1String("10.0"))) << e.unfitReason.toStdString();
    }
}

// Twice MXFP8's tensor rate on B200, but the casts, the Hadamard transforms, the BF16 attention and the
// memory traffic stay: faster than MXFP8, far from twice as fast.
TEST(Nvfp4Training, FasterThanMxfp8ButNotByTheWholeTensorRate)
{
    const GpuSpec b200 = gpu("b200_sxm_180gb");
    Workload w = llama8b();
    const double nvfp4 = stepTime(b200, w);
    w.activationPrecision = Precision::Mxfp8;
    const double mxfp8 = stepTime(b200, w);
    EXPECT_LT(nvfp4, mxfp8 * 0.98);
    EXPECT_GT(nvfp4, mxfp8 * 0.5);
}

// Every block kept in BF16 (and the output head, always BF16 under NVFP4) leaves nothing to cast: the step
// is exactly the BF16 run's. Fewer BF16 blocks are faster, one at a time.
TEST(Nvfp4Training, BlocksKeptInBf16RunAtTheSixteenBitRate)
{
    const GpuSpec b200 = gpu("b200_sxm_180gb");
    Workload w = llama8b();
    w.activationPrecision = Precision::Bf16;
    const double bf16 = stepTime(b200, w);
    w.activationPrecision = Precision::Nvfp4;
    double previous = 0.0;
    for (int kept : {0, 1, 4, 16, 31, 32}) {
        w.bf16Layers = kept;
        const double t = stepTime(b200, w);
        EXPECT_GT(t, previous) << kept;
        previous = t;
    }
    EXPECT_NEAR(previous, bf16, 1e-9 * bf16);
    // Under MXFP8 too (Megatron's --first-last-layers-bf16 serves both recipes), but its output head stays
    // at the FP8 rate the profiles' FP8 factor was fitted with: all 32 blocks in BF16 are a little faster
    // than the BF16 run, and slower than none.
    w.activationPrecision = Precision::Mxfp8;
    const double allBlocks = stepTime(b200, w);
    w.bf16Layers = 0;
    const double noBlocks = stepTime(b200, w);
    EXPECT_LT(allBlocks, bf16);
    EXPECT_GT(allBlocks, bf16 * 0.9);
    EXPECT_GT(allBlocks, noBlocks * 1.2);
    w.bf16Layers = 33;
    EXPECT_TRUE(Estimator::check(w).has_value());
}

// The casts (amax pass, post-Hadamard amax, block scales) and the Hadamard transform are terms of the
// shown math, and they cost time: without them (MXFP8's cast at NVFP4's rate is not a run anyone makes, so
// the check is on the math itself).
TEST(Nvfp4Training, TheCastsAndTheHadamardTransformAreShownTerms)
{
    const Estimate e = estimate(gpu("b200_sxm_180gb"), llama8b(), true);
    ASSERT_FALSE(e.math.isEmpty());
    for (const char *term :
         {"amax pass bytes per value", "post-Hadamard amax bytes per value", "NVFP4 scale bytes per value",
          "Hadamard FLOPs per cast value", "matmul share kept in BF16", "NVFP4 weight copies bits"})
        EXPECT_TRUE(anyFormulaContains(e, term)) << term;
}

// The weights stay 16-bit with fp32 master copies, and the NVFP4 copies the matmuls read (row-wise and
// column-wise, 4.5 bits each) sit beside them.
TEST(Nvfp4Training, SixteenBitWeightsWithTheirNvfp4Copies)
{
    const GpuSpec b200 = gpu("b200_sxm_180gb");
    Workload w = llama8b();
    const Estimate nvfp4 = estimate(b200, w);
    w.activationPrecision = Precision::Bf16;
    const Estimate bf16 = estimate(b200, w);
    EXPECT_NEAR(nvfp4.memory.weightsGb / bf16.memory.weightsGb, (16.0 + 9.0) / 16.0, 1e-9);
    EXPECT_DOUBLE_EQ(nvfp4.memory.optimizerGb, bf16.memory.optimizerGb);
}

// The command line's two ways to ask: --precision nvfp4 and --fp8-recipe nvfp4 are the same run, bf16
// weights and NVFP4 math; NVFP4 for adapters or with FP8 math is refused at its field.
TEST(Nvfp4Training, PrecisionAndRecipeAskForTheSameRun)
{
    EXPECT_EQ(Fp8Recipes::parse(QStringLiteral("nvfp4")), Fp8Recipe::Nvfp4);
    WorkloadRequest byPrecision;
    byPrecision.modelId = QStringLiteral("llama-3-8b");
    byPrecision.task = Task::Training;
    byPrecision.gpus = 8;
    byPrecision.tensorParallel = 1;
    byPrecision.pipelineParallel = 1;
    byPrecision.zeroStage = 1;
    byPrecision.microBatch = 1;
    byPrecision.recompute = Recompute::Selective;
    byPrecision.weightPrecision = Precision::Nvfp4;
    WorkloadRequest byRecipe = byPrecision;
    byRecipe.weightPrecision.reset();
    byRecipe.fp8Recipe = Fp8Recipe::Nvfp4;
    const ResolvedWorkload a = WorkloadResolver::resolve(byPrecision, TestCatalogue::snapshot());
    const ResolvedWorkload b = WorkloadResolver::resolve(byRecipe, TestCatalogue::snapshot());
    ASSERT_TRUE(a.workload && b.workload);
    EXPECT_EQ(a.workload->weightPrecision, Precision::Bf16);
    EXPECT_EQ(a.workload->activationPrecision, Precision::Nvfp4);
    EXPECT_EQ(b.workload->activationPrecision, Precision::Nvfp4);
    const GpuSpec b200 = gpu("b200_sxm_180gb");
    EXPECT_DOUBLE_EQ(estimate(b200, *a.workload).training->tokensPerS,
                     estimate(b200, *b.workload).training->tokensPerS);

    WorkloadRequest fp8Math = byRecipe;
    fp8Math.activationPrecision = Precision::Fp8;
    const ResolvedWorkload conflicting = WorkloadResolver::resolve(fp8Math, TestCatalogue::snapshot());
    ASSERT_FALSE(conflicting.problems.isEmpty());
    EXPECT_EQ(conflicting.problems.first().field, WorkloadField::Fp8Recipe);

    Workload lora = *a.workload;
    lora.task = Task::Lora;
    const auto refused = Estimator::check(lora);
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->field, WorkloadField::ActivationPrecision);
}

namespace {

// Llama-3.1 405B as Megatron-Bridge runs it on GB200: tp 4, pp 16 x vpp 8, 128 chunks for 126 layers plus
// the embedding and the loss.
Workload llama405b(int vpp)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3.1-405b"));
    w.task = Task::Training;
    w.sequenceLength = 8192;
    w.gpuCount = 256;
    w.tensorParallel = 4;
    w.pipelineParallel = 16;
    w.virtualStages = vpp;
    w.zeroStage = 1;
    w.recompute = Recompute::Full;
    w.batch = 64;
    w.microBatch = 1;
    w.activationPrecision = Precision::Bf16;
    return w;
}

} // namespace

TEST(PipelineLayouts, Llama405bAtPp16Vpp8OnGb200IsAccepted)
{
    const Workload w = llama405b(8);
    EXPECT_FALSE(Estimator::check(w).has_value()) << Estimator::check(w)->message.toStdString();
    const Estimate e = estimate(gpu("gb200_nvl72_186gb"), w);
    EXPECT_TRUE(e.fits) << e.unfitReason.toStdString();
    ASSERT_TRUE(e.training.has_value());
    EXPECT_EQ(e.training->heaviestStageLayers, 8); // 128 slots / 16 stages; the first and last hold 7 + 1
}

TEST(PipelineLayouts, MoreChunksThanLayersPlusTwoOrUnevenOnesAreRefused)
{
    // 144 chunks: more than 126 + 2.
    const auto tooMany = Estimator::check(llama405b(9));
    ASSERT_TRUE(tooMany.has_value());
    EXPECT_EQ(tooMany->field, WorkloadField::VirtualStages);
    EXPECT_TRUE(tooMany->message.contains(QLatin1String("128"))) << tooMany->message.toStdString();
    // 127 chunks (pp 127 x vpp 1 is not a GPU split this model takes; the chunk count is what matters).
    Workload w = llama405b(1);
    w.gpuCount = 127;
    w.tensorParallel = 1;
    w.pipelineParallel = 127;
    EXPECT_TRUE(Estimator::check(w).has_value());
    // 112 chunks, fewer than the layers: Megatron splits them unevenly, accepted.
    EXPECT_FALSE(Estimator::check(llama405b(7)).has_value());
}

// Left automatic, the search tries interleaving for each pipeline depth: only the chunk counts Megatron
// takes evenly (dividing the layers or the layers + 2), and the layout it keeps estimated alone gives the
// same numbers.
TEST(PipelineLayouts, TheSearchTriesTheInterleavedLayoutsMegatronTakes)
{
    Workload w = llama8b(16);
    w.activationPrecision = Precision::Bf16;
    w.tensorParallel = 0;
    w.pipelineParallel = 0;
    w.batch = 32;
    w.automatic.virtualStages = true;
    const GpuSpec h100 = TestCatalogue::h100Sxm();
    QVector<Workload> tried;
    TrainingRecipe::Hooks hooks;
    hooks.fitted = [&](const TrainingRecipe::Candidate &c) { tried.append(c.workload); };
    const TrainingRecipe::Result found = TrainingRecipe::search(h100, w, megatron(), hooks);
    ASSERT_TRUE(found.fastest.has_value());
    bool interleaved = false;
    for (const Workload &c : tried) {
        const int chunks = c.pipelineParallel * c.virtualStages;
        if (c.virtualStages > 1) {
            interleaved = true;
            EXPECT_GT(c.pipelineParallel, 1);
            EXPECT_TRUE(32 % chunks == 0 || 34 % chunks == 0)
                << c.pipelineParallel << " x " << c.virtualStages;
        }
    }
    EXPECT_TRUE(interleaved);
    const Estimate alone = estimate(h100, found.fastest->workload);
    EXPECT_DOUBLE_EQ(alone.training->tokensPerS, found.fastest->estimate.training->tokensPerS);
}

namespace {

// DeepSeek-V3 with its 256 experts over 64 GPUs (Megatron-Bridge's ep 64), one pipeline stage: 128 GPUs,
// two expert groups, the state sharded over all of them (ZeRO-3) so that it fits without a pipeline.
Workload deepSeekEp64()
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("deepseek-v3"));
    w.task = Task::Training;
    w.sequenceLength = 4096;
    w.gpuCount = 128;
    w.tensorParallel = 1;
    w.pipelineParallel = 1;
    w.expertParallel = 64;
    w.zeroStage = 3;
    w.recompute = Recompute::Full;
    w.batch = 128;
    w.microBatch = 1;
    w.activationPrecision = Precision::Bf16;
    w.mtpLayers = 0;
    return w;
}

} // namespace

// GB200 NVL72's 72-GPU NVLink domain holds the 64-GPU expert group: its all-to-all never reaches the
// network, which changes nothing there, while eight HGX B200 nodes send it over their NICs: slower, and
// slower still on a slower network.
TEST(ScaleUpDomains, DeepSeekEp64KeepsItsAllToAllOnNvl72sNvlink)
{
    const GpuSpec gb200 = gpu("gb200_nvl72_186gb");
    const GpuSpec b200 = gpu("b200_sxm_180gb");
    Workload w = deepSeekEp64();
    const auto modelComm = [&](const GpuSpec &g, double gbps) {
        Workload at = w;
        at.networkGbps = gbps;
        const Estimate e = estimate(g, at);
        EXPECT_TRUE(e.fits) << g.gpuId.toStdString() << ": " << e.perGpuGb << " GB of " << e.capacityGb;
        return e.training ? e.training->breakdown.modelParallelComm : 0.0;
    };
    const double rack = modelComm(gb200, 400.0);
    EXPECT_GT(rack, 0.0);
    EXPECT_DOUBLE_EQ(modelComm(gb200, 100.0), rack);
    const double hgx = modelComm(b200, 400.0);
    EXPECT_GT(hgx, rack * 2.0);
    EXPECT_GT(modelComm(b200, 100.0), hgx * 1.5);
    w.networkGbps = 400.0;
    EXPECT_GT(estimate(gb200, w).training->tokensPerS, estimate(b200, w).training->tokensPerS);
}

namespace {

// The test catalogue with the seed's systems (servers, racks, workstations) and the RTX 4090.
CatalogueSnapshot withSystems()
{
    CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    catalogue.gpus << gpu("rtx_4090_24gb");
    QFile file(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/systems.csv"));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    QString error;
    const auto systems = SystemCsvParser::parse(file.readAll(), &error);
    EXPECT_TRUE(systems.has_value()) << error.toStdString();
    catalogue.systems = systems.value_or(QVector<SystemSpec>());
    return catalogue;
}

} // namespace

// The example: pre-training a 13B model on 1 T tokens in 30 days. RTX 4090s ship in workstations
// of 1 or 2 sold alone: the plan says so instead of ranking "256 nodes of 2, 400 Gb/s"; H100s are planned
// in whole HGX H100 systems at their 8 x 400 Gb/s, and the plan estimated alone gives the same numbers.
TEST(RealSystems, APlanNeedingASystemNobodySellsSaysSo)
{
    PlanRequest r;
    r.workload.modelId = QStringLiteral("llama-2-13b");
    r.workload.task = Task::Training;
    r.workload.trainTokens = 1e12;
    r.deadlineDays = 30.0;
    r.gpuIds = {QStringLiteral("rtx_4090_24gb"), QStringLiteral("h100_sxm5_80gb")};
    const CatalogueSnapshot catalogue = withSystems();
    const PlanResult result = Planner::plan(r, catalogue);
    ASSERT_EQ(result.plans.size(), 2);
    EXPECT_EQ(result.plans.first().gpuId, QStringLiteral("h100_sxm5_80gb"));
    const GpuPlan &rtx = result.plans.last();
    EXPECT_FALSE(rtx.best.has_value());
    EXPECT_TRUE(rtx.whyNot.contains(QLatin1String("sold alone"))) << rtx.whyNot.toStdString();
    for (const PlanCandidate &tried : rtx.tried)
        EXPECT_LE(tried.parallelism.gpus, 2);

    const GpuPlan &h100 = result.plans.first();
    ASSERT_TRUE(h100.best.has_value()) << h100.whyNot.toStdString();
    const PlanCandidate &best = *h100.best;
    EXPECT_EQ(best.request.systemId, QStringLiteral("hgx_h100"));
    EXPECT_EQ(best.parallelism.gpus % 8, 0);
    const ResolvedWorkload resolved = WorkloadResolver::resolve(best.request, catalogue);
    ASSERT_TRUE(resolved.workload.has_value());
    EXPECT_EQ(resolved.workload->gpusPerNode, 8);
    EXPECT_DOUBLE_EQ(resolved.workload->networkGbps, 400.0);
    const Estimate alone = Estimator::estimate(*catalogue.findGpu(best.gpuId), *resolved.workload,
                                               resolved.parameters, EstimateOptions{false});
    ASSERT_TRUE(alone.training.has_value());
    EXPECT_NEAR(alone.training->tokensPerS, best.tokensPerS, 1e-9 * best.tokensPerS);
}
