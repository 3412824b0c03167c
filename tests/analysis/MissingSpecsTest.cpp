// A GPU just added to the catalogue lacks values: what its estimate says, and that nothing reads as 0.

#include "app/analysis/MissingSpecs.h"

#include "app/analysis/EstimateJson.h"
#include "app/analysis/Estimator.h"
#include "tests/analysis/TestCatalogue.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <gtest/gtest.h>

namespace {

using TestCatalogue::find;

// An H100 entered with only some of its datasheet, under another id.
GpuSpec newH100(const QString &id)
{
    GpuSpec gpu = TestCatalogue::h100Sxm();
    gpu.gpuId = id;
    gpu.product = id;
    gpu.variant.clear();
    return gpu;
}

QVector<Estimate> inferenceOn(const QVector<GpuSpec> &gpus)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.task = Task::Inference;
    w.batch = 8;
    return Estimator::estimateAll(gpus, w, TestCatalogue::profile(QStringLiteral("vllm")));
}

QString reasons(const Verdict &v)
{
    return v.reasons.join(u'\n');
}

} // namespace

TEST(MissingSpecs, NoBandwidthKeepsTheMemoryNumbersAndSaysWhatSpeedNeeds)
{
    GpuSpec lacking = newH100(QStringLiteral("new_gpu"));
    lacking.memoryBandwidthGBs.reset();
    const QVector<Estimate> all = inferenceOn({TestCatalogue::h100Sxm(), lacking});
    const Estimate &complete = find(all, QStringLiteral("h100_sxm5_80gb"));
    const Estimate &e = find(all, QStringLiteral("new_gpu"));

    EXPECT_EQ(e.missing, QVector<GpuField::Id>{GpuField::MemoryBandwidthGBs});
    EXPECT_TRUE(e.memoryKnown());
    EXPECT_FALSE(e.speedKnown());
    // Memory fit needs only the memory size: the same numbers as the complete H100.
    EXPECT_NEAR(e.perGpuGb, complete.perGpuGb, 1e-9);
    EXPECT_GT(e.perGpuGb, 1.0);
    EXPECT_TRUE(e.fits);
    EXPECT_EQ(e.minGpus, complete.minGpus);
    // No speed at all rather than a speed of 0.
    EXPECT_FALSE(e.inference);
    EXPECT_EQ(MissingSpecs::needsText(e.missing), QStringLiteral("needs memory bandwidth"));

    // Never the best: the complete GPU is the fastest here, the other is not judged on speed.
    EXPECT_EQ(complete.inferenceVerdict.level, VerdictLevel::Recommended)
        << reasons(complete.inferenceVerdict).toStdString();
    EXPECT_TRUE(reasons(complete.inferenceVerdict).contains(QStringLiteral("100% of the fastest")));
    EXPECT_NE(e.inferenceVerdict.level, VerdictLevel::Recommended);
    EXPECT_TRUE(reasons(e.inferenceVerdict).contains(QStringLiteral("needs memory bandwidth")))
        << reasons(e.inferenceVerdict).toStdString();
    EXPECT_TRUE(reasons(e.inferenceVerdict).contains(QStringLiteral("fits:")));
    EXPECT_EQ(e.inferenceVerdict.level, VerdictLevel::Limited);
}

TEST(MissingSpecs, NoMemorySizeLeavesEveryNumberUnknownAndNamesEachValue)
{
    GpuSpec lacking = newH100(QStringLiteral("new_gpu"));
    lacking.memoryGb.reset();
    lacking.memoryBandwidthGBs.reset();
    lacking.fp16DenseTflops.reset();
    lacking.fp32Tflops.reset();
    const Estimate e = find(inferenceOn({TestCatalogue::h100Sxm(), lacking}), QStringLiteral("new_gpu"));

    EXPECT_EQ(e.missing, (QVector<GpuField::Id>{GpuField::MemoryGb, GpuField::MemoryBandwidthGBs,
                                                GpuField::Fp16DenseTflops}));
    EXPECT_FALSE(e.memoryKnown());
    EXPECT_FALSE(e.fits);
    EXPECT_EQ(e.missingForMemory(), QVector<GpuField::Id>{GpuField::MemoryGb});
    EXPECT_EQ(MissingSpecs::needsText(e.missingForMemory()), QStringLiteral("needs memory size"));
    EXPECT_EQ(MissingSpecs::needsText(e.missing),
              QStringLiteral("needs memory size, memory bandwidth and FP16/BF16 dense compute rate"));

    // --json: the missing fields by their catalogue names; the numbers that need them null, never 0.
    const QJsonObject json = EstimateJson::toJson(e);
    EXPECT_EQ(json.value(QStringLiteral("missing")).toArray(),
              QJsonArray::fromStringList({QStringLiteral("memory_gb"), QStringLiteral("memory_bandwidth_gbs"),
                                          QStringLiteral("fp16_dense_tflops")}));
    const QJsonObject memory = json.value(QStringLiteral("memory")).toObject();
    EXPECT_TRUE(memory.value(QStringLiteral("per_gpu_gb")).isNull());
    EXPECT_TRUE(memory.value(QStringLiteral("fits")).isNull());
    EXPECT_TRUE(json.value(QStringLiteral("peak_tflops_used")).isNull());
    EXPECT_TRUE(json.value(QStringLiteral("inference")).isNull());
    EXPECT_TRUE(
        json.value(QStringLiteral("cost")).toObject().value(QStringLiteral("joules_per_token")).isNull());
}

TEST(MissingSpecs, NoComputeRateNamesTheRateTheMathNeeds)
{
    GpuSpec lacking = newH100(QStringLiteral("new_gpu"));
    lacking.fp16DenseTflops.reset();
    lacking.fp32Tflops.reset();
    const Estimate e = find(inferenceOn({lacking}), QStringLiteral("new_gpu"));
    EXPECT_EQ(e.missing, QVector<GpuField::Id>{GpuField::Fp16DenseTflops});
    EXPECT_TRUE(e.fits);
    EXPECT_FALSE(e.inference);
    EXPECT_EQ(MissingSpecs::keys(e.missing), QStringList{QStringLiteral("fp16_dense_tflops")});
    const QJsonObject json = EstimateJson::toJson(e);
    EXPECT_DOUBLE_EQ(
        json.value(QStringLiteral("memory")).toObject().value(QStringLiteral("per_gpu_gb")).toDouble(),
        e.perGpuGb);
}

TEST(MissingSpecs, ACompleteGpuHasNothingMissing)
{
    for (const Estimate &e : inferenceOn(TestCatalogue::fiveFromTheArticle())) {
        EXPECT_TRUE(e.missing.isEmpty()) << e.gpuId.toStdString();
        EXPECT_TRUE(e.inference) << e.gpuId.toStdString();
        EXPECT_TRUE(EstimateJson::toJson(e).value(QStringLiteral("missing")).toArray().isEmpty());
    }
}

// A GPU with a datasheet value far off (1e-300 TFLOPS) gets a time beyond any wait: the estimate says so,
// and no text prints it with hundreds of digits.
TEST(MissingSpecs, AnAbsurdComputeRateIsReportedNotPrintedInFull)
{
    GpuSpec absurd = newH100(QStringLiteral("absurd_gpu"));
    absurd.fp16DenseTflops = 1e-300;
    const QVector<Estimate> all = inferenceOn({TestCatalogue::h100Sxm(), absurd});
    const Estimate &e = find(all, QStringLiteral("absurd_gpu"));
    ASSERT_TRUE(e.inference);
    EXPECT_TRUE(e.speedOutOfRange);
    EXPECT_TRUE(e.notes.join(u'\n').contains(QStringLiteral("out of range")))
        << e.notes.join(u'\n').toStdString();
    // Reported as such, never recommended; the complete GPU is the fastest here.
    EXPECT_EQ(e.inferenceVerdict.level, VerdictLevel::Unsuitable)
        << reasons(e.inferenceVerdict).toStdString();
    EXPECT_TRUE(reasons(find(all, QStringLiteral("h100_sxm5_80gb")).inferenceVerdict)
                    .contains(QStringLiteral("100% of the fastest")));
    EXPECT_FALSE(find(all, QStringLiteral("h100_sxm5_80gb")).speedOutOfRange);
    const QRegularExpression longNumber(QStringLiteral("\\d{16,}"));
    for (const QString &text : e.notes + e.inferenceVerdict.reasons + e.trainingVerdict.reasons)
        EXPECT_FALSE(text.contains(longNumber)) << text.toStdString();
}
