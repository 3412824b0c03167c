// Properties that must hold for any workload: monotonic memory, sharding never adds memory per GPU,
// bandwidth never slows decode, every math term is finite and has a unit, nothing is NaN.
#include "Estimator.h"
#include "TestCatalogue.h"

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

TEST(EstimatorProperties, TrainingMemoryGrowsWithBatchAndSequence)
{
    Workload w = llama8b(Task::Training);
    double previous = 0.0;
    for (int batch : {1, 2, 4, 8}) {
        w.batch = batch;
        const double now = perGpu(TestCatalogue::h100Sxm(), w);
        EXPECT_GT(now, previous);
        previous = now;
    }
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
                    EXPECT_LE(now, previous + 1e-9) << modelId << " " << gpus << " GPUs, task " << int(task);
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
