// Efficiencies from what a GPU is, never from its name or architecture label (issue 36): a GPU absent from
// every calibration set gets its estimate from its datasheet and its microbenchmarks, and a GPU on a
// software stack the calibration never measured says so and carries a wider range.

#include "app/analysis/EstimateRanges.h"
#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "tests/analysis/TestCatalogue.h"

#include <cmath>
#include <gtest/gtest.h>

namespace {

// The H100 SXM's datasheet and microbenchmarks under a name, an id and an architecture nobody calibrated.
GpuSpec h100Twin()
{
    GpuSpec twin = TestCatalogue::seedGpu(QStringLiteral("h100_sxm5_80gb"));
    twin.gpuId = QStringLiteral("zeta_z1_80gb");
    twin.product = QStringLiteral("Z1");
    twin.variant = QStringLiteral("80GB");
    twin.architecture = QStringLiteral("Zeta");
    twin.chip = QStringLiteral("ZX100");
    twin.releaseYear = 2027;
    return twin;
}

Workload decode(const QString &modelId)
{
    Workload w;
    w.model = TestCatalogue::model(modelId);
    w.task = Task::Inference;
    w.batch = 1;
    w.inputTokens = 128;
    w.outputTokens = 512;
    return w;
}

Workload training()
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.task = Task::Training;
    w.gpuCount = 8;
    w.batch = 64;
    w.microBatch = 2;
    w.sequenceLength = 4096;
    w.zeroStage = 1;
    return w;
}

// Every number the user ranks on, side by side for the two GPUs.
void expectSameNumbers(const Estimate &a, const Estimate &b, const std::string &what)
{
    ASSERT_EQ(bool(a.inference), bool(b.inference)) << what;
    ASSERT_EQ(bool(a.training), bool(b.training)) << what;
    if (a.inference) {
        EXPECT_DOUBLE_EQ(a.inference->decodeTokensPerS, b.inference->decodeTokensPerS) << what;
        EXPECT_DOUBLE_EQ(a.inference->prefillTokensPerS, b.inference->prefillTokensPerS) << what;
        EXPECT_DOUBLE_EQ(a.inference->throughputTokensPerS, b.inference->throughputTokensPerS) << what;
    }
    if (a.training) {
        EXPECT_DOUBLE_EQ(a.training->tokensPerS, b.training->tokensPerS) << what;
        EXPECT_DOUBLE_EQ(a.training->mfu, b.training->mfu) << what;
    }
}

} // namespace

TEST(EfficiencyFromDatasheet, ANewArchitectureWithTheH100sDatasheetGetsTheH100sEstimate)
{
    const GpuSpec h100 = TestCatalogue::seedGpu(QStringLiteral("h100_sxm5_80gb"));
    const GpuSpec twin = h100Twin();
    for (const char *id : {"llama.cpp", "vllm", "tensorrt-llm", "lmdeploy"}) {
        const EfficiencyParameters profile = TestCatalogue::profile(QString::fromLatin1(id));
        const Workload w = decode(QStringLiteral("llama-3-8b"));
        expectSameNumbers(Estimator::estimate(h100, w, profile), Estimator::estimate(twin, w, profile), id);
    }
    for (const char *id : {"fsdp", "megatron", "pytorch-amp"}) {
        const EfficiencyParameters profile = TestCatalogue::profile(QString::fromLatin1(id));
        expectSameNumbers(Estimator::estimate(h100, training(), profile),
                          Estimator::estimate(twin, training(), profile), id);
    }
}

TEST(EfficiencyFromDatasheet, NoBundledProfileKeysAFactorByArchitecture)
{
    // A factor keyed "Hopper" or "Ampere" is one a GPU of another architecture inherits from the default.
    for (const char *id :
         {"llama.cpp", "vllm", "tensorrt-llm", "lmdeploy", "fsdp", "megatron", "pytorch-amp"}) {
        EfficiencyParameters profile = TestCatalogue::profile(QString::fromLatin1(id));
        EXPECT_TRUE(profile.achievableRates) << id << ": eta are shares of what the GPU reaches";
        EXPECT_EQ(profile.calibratedStacks, QStringList{QStringLiteral("CUDA")}) << id;
        for (const QString &key : EfficiencyParameters::tableKeys())
            for (const auto &[name, value] : profile.table(key)->overrides())
                for (const char *architecture : {"Hopper", "Ampere", "Ada", "Blackwell", "CDNA"})
                    EXPECT_NE(name, QString::fromLatin1(architecture)) << id << " " << key.toStdString();
    }
}

TEST(EfficiencyFromDatasheet, TwiceTheBandwidthDecodesProportionallyFaster)
{
    const GpuSpec twin = h100Twin();
    GpuSpec wider = twin;
    wider.memoryBandwidthGBs = *twin.memoryBandwidthGBs * 2.0;
    wider.achievableMemoryGBs = *twin.achievableMemoryGBs * 2.0;
    const Workload w = decode(QStringLiteral("llama-3-70b"));
    // The ideal roofline: batch-1 decode streams the weights, so twice the bandwidth is twice the speed.
    const EfficiencyParameters roofline = TestCatalogue::profile(QStringLiteral("roofline"));
    const Estimate base = Estimator::estimate(twin, w, roofline);
    const Estimate fast = Estimator::estimate(wider, w, roofline);
    ASSERT_TRUE(base.inference && fast.inference);
    EXPECT_NEAR(fast.inference->decodeTokensPerS / base.inference->decodeTokensPerS, 2.0, 0.01);
    // A fitted engine: the weights' stream halves; its fixed per-layer time does not.
    const EfficiencyParameters trt = TestCatalogue::profile(QStringLiteral("tensorrt-llm"));
    const Estimate trtBase = Estimator::estimate(twin, w, trt);
    const Estimate trtFast = Estimator::estimate(wider, w, trt);
    ASSERT_TRUE(trtBase.inference && trtFast.inference);
    const double tpot = 1.0 / trtBase.inference->decodeTokensPerS;
    const double layers = TestCatalogue::model(QStringLiteral("llama-3-70b")).layers;
    // Batch 1 is within TensorRT-LLM's CUDA graphs: the per-layer time of a replayed graph.
    ASSERT_GE(trt.cudaGraphMaxTokens, 1);
    const double fixed = layers * trt.graphLayerOverheadUs.defaultValue() * 1e-6;
    const double expected = tpot / (fixed + (tpot - fixed) / 2.0);
    EXPECT_NEAR(trtFast.inference->decodeTokensPerS / trtBase.inference->decodeTokensPerS, expected,
                expected * 0.02);
    EXPECT_GT(expected, 1.5);
}

TEST(EfficiencyFromDatasheet, AGpuWithoutMicrobenchmarksGetsTheTypicalShareAndSaysSo)
{
    GpuSpec unmeasured = h100Twin();
    unmeasured.achievableMatmulTflops.reset();
    unmeasured.achievableMemoryGBs.reset();
    const AchievableRates rates = GpuCapabilities::achievableRates(unmeasured);
    EXPECT_FALSE(rates.matmulMeasured);
    EXPECT_DOUBLE_EQ(rates.matmulFraction, GpuCapabilities::kTypicalMatmulFraction);
    EXPECT_DOUBLE_EQ(rates.memoryFraction, GpuCapabilities::kTypicalMemoryFraction);
    const Estimate e = Estimator::estimate(unmeasured, decode(QStringLiteral("llama-3-8b")),
                                           TestCatalogue::profile(QStringLiteral("vllm")));
    EXPECT_TRUE(e.matmulShareDerived && e.memoryShareDerived && e.inheritsFactors());
    EXPECT_TRUE(e.notes.join(u'\n').contains(QStringLiteral("no microbenchmark")));
    // The roofline is datasheet shares: nothing assumed.
    const Estimate ideal = Estimator::estimate(unmeasured, decode(QStringLiteral("llama-3-8b")),
                                               TestCatalogue::profile(QStringLiteral("roofline")));
    EXPECT_FALSE(ideal.inheritsFactors());
}

TEST(EfficiencyFromDatasheet, AGpuOnAStackWithoutMeasurementsCarriesAWiderRangeAndANote)
{
    const GpuSpec cuda = h100Twin();
    GpuSpec rocm = cuda; // the same card on ROCm, 10% faster memory and clock: the faster of the two
    rocm.vendor = QStringLiteral("AMD");
    rocm.memoryBandwidthGBs = *cuda.memoryBandwidthGBs * 1.1;
    rocm.achievableMemoryGBs = *cuda.achievableMemoryGBs * 1.1;
    rocm.boostClockMhz = *cuda.boostClockMhz * 1.1; // llama.cpp streams at most SMs x clock x bytes
    const Workload w = decode(QStringLiteral("llama-3-8b"));
    const QVector<Estimate> both =
        Estimator::estimateAll({cuda, rocm}, w, TestCatalogue::profile(QStringLiteral("llama.cpp")));
    ASSERT_EQ(both.size(), 2);
    const Estimate &onCuda = both[0];
    const Estimate &onRocm = both[1];
    EXPECT_TRUE(onCuda.uncalibratedStack.isEmpty());
    EXPECT_EQ(onRocm.uncalibratedStack, QStringLiteral("ROCm"));
    EXPECT_TRUE(onRocm.notes.join(u'\n').contains(
        QStringLiteral("ROCm, which llama.cpp's measurements do not include")));
    const QString path = QStringLiteral("inference.decode_tokens_per_s");
    const ValueRange *narrow = EstimateRanges::find(onCuda, path);
    const ValueRange *wide = EstimateRanges::find(onRocm, path);
    ASSERT_TRUE(narrow && wide);
    // The band widened by the spread between stacks (0.80 / 0.60) on each side.
    EXPECT_NEAR(std::log((wide->high / wide->value) / (narrow->high / narrow->value)), 0.2877, 1e-3);
    EXPECT_NEAR(std::log((narrow->low / narrow->value) / (wide->low / wide->value)), 0.2877, 1e-3);
    EXPECT_TRUE(wide->category.contains(QStringLiteral("no ROCm measurements")));
    // Fastest of the two only on factors it inherits: said so, never recommended on them alone.
    ASSERT_GT(onRocm.inference->decodeTokensPerS, onCuda.inference->decodeTokensPerS);
    EXPECT_NE(onRocm.inferenceVerdict.level, VerdictLevel::Recommended);
    EXPECT_TRUE(
        onRocm.inferenceVerdict.reasons.join(u'\n').contains(QStringLiteral("other stacks than ROCm")));
}
