// Properties that must hold for any workload: monotonic memory, sharding never adds memory per GPU,
// bandwidth never slows decode, every math term is finite and has a unit, nothing is NaN.
#include "app/analysis/Estimator.h"
#include "app/analysis/MemoryModel.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/Precision.h"
#include "tests/analysis/TestCatalogue.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

namespace {

Workload llama8b(Task task)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.task = task;
    return w;
}

double perGpu(const GpuSpec &gpu, const Workload &w)
{
    return Estimator::estimate(gpu, w, TestCatalogue::profile(QStringLiteral("vllm")), EstimateOptions{false})
        .perGpuGb;
}

} // namespace

TEST(EstimatorProperties, InferenceMemoryGrowsWithBatchAndContext)
{
    Workload w = llama8b(Task::Inference);
    double previous = 0.0;
    for (int batch : {1, 2, 8, 32, 128}) {
        w.batch = batch;
        const double now = perGpu(TestCatalogue::h100Sxm(), w);
        EXPECT_GT(now, previous) << "batch " << batch;
        previous = now;
    }
    w.batch = 4;
    previous = 0.0;
    for (int context : {128, 1024, 4096, 16384}) {
        w.inputTokens = context;
        const double now = perGpu(TestCatalogue::h100Sxm(), w);
        EXPECT_GT(now, previous) << "context " << context;
        previous = now;
    }
}

// Activations are held for one micro-batch at a time; the global batch adds accumulation steps, not memory.
TEST(EstimatorProperties, TrainingMemoryGrowsWithMicroBatchAndSequence)
{
    Workload w = llama8b(Task::Training);
    w.batch = 8;
    double previous = 0.0;
    for (int micro : {1, 2, 4, 8}) {
        w.microBatch = micro;
        const double now = perGpu(TestCatalogue::h100Sxm(), w);
        EXPECT_GT(now, previous);
        previous = now;
    }
    w.microBatch = 1;
    const double oneMicroBatch = perGpu(TestCatalogue::h100Sxm(), w);
    w.batch = 64;
    EXPECT_DOUBLE_EQ(perGpu(TestCatalogue::h100Sxm(), w), oneMicroBatch);
    w.batch = 8;
    previous = 0.0;
    for (int length : {512, 2048, 8192}) {
        w.sequenceLength = length;
        const double now = perGpu(TestCatalogue::h100Sxm(), w);
        EXPECT_GT(now, previous);
        previous = now;
    }
}

TEST(EstimatorProperties, MoreGpusNeverRaisePerGpuMemory)
{
    for (const Task task : {Task::Inference, Task::Training, Task::Lora}) {
        for (const char *modelId : {"llama-3-8b", "llama-3-70b", "mixtral-8x7b"}) {
            for (int zero : {0, 1, 3}) {
                Workload w;
                w.model = TestCatalogue::model(QString::fromLatin1(modelId));
                w.task = task;
                w.zeroStage = zero;
                double previous = 1e300;
                for (int gpus : {1, 2, 4, 8, 16}) {
                    w.gpuCount = gpus;
                    const double now = perGpu(TestCatalogue::a100Sxm80(), w);
                    // FSDP (ZeRO-3) trades model parallelism for sharding as GPUs are added: a run that
                    // fits keeps fitting, though tp may fall back to 1 and use more of each GPU.
                    if (task == Task::Training && zero == 3 && previous <= 80.0)
                        EXPECT_LE(now, 80.0) << modelId << " " << gpus << " GPUs";
                    else
                        EXPECT_LE(now, previous + 1e-9)
                            << modelId << " " << gpus << " GPUs, task " << int(task);
                    previous = now;
                }
                // Explicit tensor parallelism too.
                previous = 1e300;
                for (int tp : {1, 2, 4, 8}) {
                    w.gpuCount = tp;
                    w.tensorParallel = tp;
                    const double now = perGpu(TestCatalogue::a100Sxm80(), w);
                    EXPECT_LE(now, previous + 1e-9);
                    previous = now;
                }
            }
        }
    }
}

TEST(EstimatorProperties, MoreBandwidthNeverSlowsDecode)
{
    for (const char *profileId : {"roofline", "llama.cpp", "vllm", "tensorrt-llm"}) {
        const EfficiencyParameters profile = TestCatalogue::profile(QString::fromLatin1(profileId));
        for (int batch : {1, 16, 256}) {
            Workload w = llama8b(Task::Inference);
            w.batch = batch;
            double previous = 1e300;
            for (double bandwidth : {500.0, 864.0, 2039.0, 3350.0, 4800.0, 8000.0}) {
                GpuSpec gpu = TestCatalogue::l40s();
                gpu.memoryBandwidthGBs = bandwidth;
                const Estimate e = Estimator::estimate(gpu, w, profile, EstimateOptions{false});
                ASSERT_TRUE(e.inference.has_value());
                EXPECT_LE(e.inference->tpotMs, previous + 1e-12)
                    << profileId << " batch " << batch << " bw " << bandwidth;
                previous = e.inference->tpotMs;
            }
        }
    }
}

TEST(EstimatorProperties, EveryMathTermIsFiniteWithAUnitAndNothingIsNan)
{
    const QStringList models{QStringLiteral("llama-3-8b"),    QStringLiteral("llama-3-70b"),
                             QStringLiteral("mixtral-8x22b"), QStringLiteral("deepseek-v3"),
                             QStringLiteral("bert-large"),    QStringLiteral("resnet-50"),
                             QStringLiteral("sdxl"),          QStringLiteral("mistral-7b")};
    GpuSpec sparse = TestCatalogue::l40s();
    sparse.gpuId = QStringLiteral("no_bandwidth");
    sparse.memoryBandwidthGBs.reset(); // a record with a missing value must not produce NaN
    QVector<GpuSpec> gpus = TestCatalogue::fiveFromTheArticle();
    gpus << sparse;
    for (const QString &modelId : models) {
        for (const Task task : {Task::Inference, Task::Training, Task::Lora, Task::Qlora}) {
            Workload w;
            w.model = TestCatalogue::model(modelId);
            w.task = task;
            if (!Estimator::validate(w).isEmpty())
                continue; // LoRA of ResNet-50
            for (int gpuCount : {1, 8}) {
                w.gpuCount = gpuCount;
                const QVector<Estimate> all =
                    Estimator::estimateAll(gpus, w, TestCatalogue::profile(QStringLiteral("pytorch-amp")));
                for (const Estimate &e : all) {
                    for (const MathTerm &term : e.math) {
                        EXPECT_TRUE(std::isfinite(term.value)) << term.name.toStdString();
                        EXPECT_FALSE(term.unit.isEmpty()) << term.name.toStdString();
                        EXPECT_FALSE(term.formula.isEmpty()) << term.name.toStdString();
                    }
                    EXPECT_TRUE(std::isfinite(e.perGpuGb));
                    if (e.inference) {
                        EXPECT_TRUE(std::isfinite(e.inference->ttftMs) &&
                                    std::isfinite(e.inference->tpotMs) &&
                                    std::isfinite(e.inference->throughputTokensPerS))
                            << modelId.toStdString();
                    }
                    if (e.training) {
                        EXPECT_TRUE(std::isfinite(e.training->stepTimeS) && std::isfinite(e.training->mfu))
                            << modelId.toStdString();
                    }
                    EXPECT_TRUE(std::isfinite(e.cost.joulesPerToken));
                }
            }
        }
    }
}

TEST(EstimatorProperties, Fp8OnAmpereRunsAtTheFp16RateAndSaysSo)
{
    Workload w = llama8b(Task::Inference);
    w.weightPrecision = Precision::Fp8;
    w.activationPrecision = Precision::Fp8;
    const Estimate ampere =
        Estimator::estimate(TestCatalogue::a100Sxm80(), w, EfficiencyParameters::roofline());
    EXPECT_EQ(ampere.computePrecisionUsed, Precision::Fp16);
    EXPECT_DOUBLE_EQ(ampere.peakTflopsUsed, 312.0);
    ASSERT_FALSE(ampere.notes.isEmpty());
    EXPECT_TRUE(ampere.notes.constFirst().contains(QStringLiteral("fp16 rate")));
    const Estimate hopper =
        Estimator::estimate(TestCatalogue::h100Sxm(), w, EfficiencyParameters::roofline());
    EXPECT_EQ(hopper.computePrecisionUsed, Precision::Fp8);
    EXPECT_DOUBLE_EQ(hopper.peakTflopsUsed, 1978.9);
    // fp8 weights are half the fp16 bytes on both.
    EXPECT_NEAR(ampere.memory.weightsGb, 8.03, 0.01);
}

TEST(EstimatorProperties, MaxBatchAndContextFitAndOneMoreDoesNot)
{
    Workload w = llama8b(Task::Inference);
    w.inputTokens = 2048;
    w.outputTokens = 512;
    const EfficiencyParameters profile = TestCatalogue::profile(QStringLiteral("vllm"));
    const Estimate e = Estimator::estimate(TestCatalogue::l40s(), w, profile, EstimateOptions{false});
    ASSERT_TRUE(e.inference.has_value());
    const int maxBatch = e.inference->maxBatch;
    ASSERT_GT(maxBatch, 1);
    w.batch = maxBatch;
    EXPECT_TRUE(Estimator::estimate(TestCatalogue::l40s(), w, profile, EstimateOptions{false}).fits);
    w.batch = maxBatch + 1;
    EXPECT_FALSE(Estimator::estimate(TestCatalogue::l40s(), w, profile, EstimateOptions{false}).fits);
}

TEST(EstimatorProperties, SeventyBillionNeedsSeveralGpusAndTheCountFits)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-70b"));
    w.weightPrecision = Precision::Bf16;
    const EfficiencyParameters profile = TestCatalogue::profile(QStringLiteral("vllm"));
    const Estimate one = Estimator::estimate(TestCatalogue::h100Sxm(), w, profile);
    EXPECT_FALSE(one.fits);
    EXPECT_EQ(one.minGpus, 2); // 141 GB of weights: two 80 GB cards
    w.gpuCount = one.minGpus;
    const Estimate two = Estimator::estimate(TestCatalogue::h100Sxm(), w, profile);
    EXPECT_TRUE(two.fits);
    EXPECT_EQ(two.parallelism.tensor, 2);
}

// estimateAll shares one SplitMemory between the GPUs (memory does not depend on the GPU); every figure
// must be what each GPU gets alone, whatever order the GPUs come in: capacity-dependent searches (the
// largest batch, the fewest GPUs, the split) must not leak one GPU's answer into the next.
TEST(EstimatorProperties, SharingMemoryBetweenGpusChangesNoFigure)
{
    QVector<GpuSpec> forward = TestCatalogue::fiveFromTheArticle();
    forward << TestCatalogue::fiveFromTheArticle().constLast(); // a repeat: answered from the memo
    QVector<GpuSpec> backward = forward;
    std::reverse(backward.begin(), backward.end());
    struct Case
    {
        const char *model;
        const char *profile;
        Task task;
        int batch;
        int gpus;
        int tensorParallel;
        int zero;
    };
    const Case cases[] = {
        {"llama-3-8b", "vllm", Task::Inference, 0, 1, 0, 0},           // largest batch per GPU
        {"llama-3-70b", "vllm", Task::Inference, 0, 8, 0, 0},          // batch and split searched
        {"llama-3-70b", "llama.cpp", Task::Inference, 1, 4, 0, 0},     // layer split
        {"llama-3-70b", "tensorrt-llm", Task::Inference, 16, 8, 4, 0}, // the user's tp
        {"llama-3-8b", "pytorch-amp", Task::Training, 4, 8, 0, 1},     // ZeRO ladder
        {"llama-3-70b", "pytorch-amp", Task::Training, 2, 16, 0, 3},
        {"llama-3-70b", "pytorch-amp", Task::Lora, 1, 2, 2, 0},
    };
    for (const Case &c : cases) {
        Workload w;
        w.model = TestCatalogue::model(QString::fromLatin1(c.model));
        w.task = c.task;
        w.batch = c.batch;
        w.gpuCount = c.gpus;
        w.tensorParallel = c.tensorParallel;
        w.zeroStage = c.zero;
        const EfficiencyParameters profile = TestCatalogue::profile(QString::fromLatin1(c.profile));
        ASSERT_TRUE(Estimator::validate(w).isEmpty()) << c.model << " " << c.profile;
        const ModelArchitecture architecture = ModelArchitecture::from(w.model);
        for (const QVector<GpuSpec> &gpus : {forward, backward}) {
            SplitMemory shared(architecture, w, profile);
            for (const GpuSpec &gpu : gpus) {
                const Estimate together = Estimator::estimate(gpu, shared, profile, EstimateOptions{false});
                const Estimate alone = Estimator::estimate(gpu, w, profile, EstimateOptions{false});
                const QString where = QStringLiteral("%1 %2 %3")
                                          .arg(QLatin1String(c.model), QLatin1String(c.profile), gpu.gpuId);
                EXPECT_EQ(together.perGpuGb, alone.perGpuGb) << qPrintable(where);
                EXPECT_EQ(together.fits, alone.fits) << qPrintable(where);
                EXPECT_EQ(together.minGpus, alone.minGpus) << qPrintable(where);
                EXPECT_EQ(together.parallelism.tensor, alone.parallelism.tensor) << qPrintable(where);
                EXPECT_EQ(together.parallelism.pipeline, alone.parallelism.pipeline) << qPrintable(where);
                EXPECT_EQ(together.parallelism.data, alone.parallelism.data) << qPrintable(where);
                EXPECT_EQ(together.memory.kvCacheGb, alone.memory.kvCacheGb) << qPrintable(where);
                if (alone.inference) {
                    ASSERT_TRUE(together.inference.has_value());
                    EXPECT_EQ(together.inference->batch, alone.inference->batch) << qPrintable(where);
                    EXPECT_EQ(together.inference->maxBatch, alone.inference->maxBatch) << qPrintable(where);
                    EXPECT_EQ(together.inference->throughputTokensPerS, alone.inference->throughputTokensPerS)
                        << qPrintable(where);
                }
                if (alone.training) {
                    ASSERT_TRUE(together.training.has_value());
                    EXPECT_EQ(together.training->tokensPerS, alone.training->tokensPerS) << qPrintable(where);
                }
            }
        }
    }
}

// A memo made under one profile is not used for another's framework overhead: the estimate is right anyway.
TEST(EstimatorProperties, AMemoForAnotherProfileIsNotReused)
{
    const Workload w = llama8b(Task::Inference);
    const ModelArchitecture architecture = ModelArchitecture::from(w.model);
    const EfficiencyParameters vllm = TestCatalogue::profile(QStringLiteral("vllm"));
    EfficiencyParameters heavier = vllm;
    heavier.frameworkOverheadGb = vllm.frameworkOverheadGb + 5.0;
    SplitMemory memo(architecture, w, vllm);
    const Estimate first = Estimator::estimate(TestCatalogue::h100Sxm(), memo, vllm, EstimateOptions{false});
    const Estimate other =
        Estimator::estimate(TestCatalogue::h100Sxm(), memo, heavier, EstimateOptions{false});
    EXPECT_NEAR(other.perGpuGb - first.perGpuGb, 5.0, 1e-9);
}

// Issue 39: QLoRA counted the embeddings and the output head at 4 bits and ran at LoRA's speed. bitsandbytes
// quantises the linear layers only (Linear4bit), so Llama-3 8B's 1.05B embedding and head parameters stay
// 16-bit: 1.6 GB more than NF4; and every matmul pass dequantises the NF4 base first, so the same step takes
// longer than LoRA's on a bf16 base on the same GPU at the same micro-batch.
TEST(EstimatorProperties, QloraKeepsTheEmbeddingsSixteenBitAndPaysForDequantising)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.task = Task::Qlora;
    w.weightPrecision = Precision::Int4;
    w.batch = 8;
    w.microBatch = 1;
    w.sequenceLength = 512;
    const EfficiencyParameters amp = TestCatalogue::profile(QStringLiteral("pytorch-amp"));
    const Estimate qlora = Estimator::estimate(TestCatalogue::h100Sxm(), w, amp);
    const ModelArchitecture a = ModelArchitecture::from(w.model);
    EXPECT_NEAR(a.embeddingParams, 128256.0 * 4096.0 * 2.0, 1.0);
    // The NF4 base at its bits per weight (the resolver's int4 (NF4): at most 4.127), the rest at 16.
    const double bits = std::min(MemoryModel::kQloraBitsPerWeight, Precisions::bitsPerValue(Precision::Int4));
    const double expected =
        ((a.totalParams - a.embeddingParams) * bits + a.embeddingParams * 16.0) / 8.0 / 1e9;
    EXPECT_NEAR(qlora.memory.weightsGb, expected, 1e-6);
    EXPECT_GT(qlora.memory.weightsGb - a.totalParams * bits / 8.0 / 1e9, 1.5) << "about 1.6 GB more";

    // The same step on a bf16 base (LoRA) skips the dequantisation: QLoRA's is slower by about the NF4 base
    // read once and 2 x 2 bytes per weight per matmul pass, at the GPU's memory rate.
    Workload lora = w;
    lora.task = Task::Lora;
    lora.weightPrecision = Precision::Bf16;
    const Estimate bf16 = Estimator::estimate(TestCatalogue::h100Sxm(), lora, amp);
    ASSERT_TRUE(qlora.training && bf16.training);
    EXPECT_GT(qlora.training->stepTimeS, bf16.training->stepTimeS * 1.01);
}
