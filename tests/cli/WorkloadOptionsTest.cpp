// The command line's request, built from its options without a catalogue (WorkloadOptions::requestFrom).

#include "app/cli/WorkloadOptions.h"

#include <gtest/gtest.h>

namespace {

QStringList args(std::initializer_list<const char *> list)
{
    QStringList result;
    for (const char *item : list)
        result << QString::fromUtf8(item);
    return result;
}

} // namespace

TEST(WorkloadOptions, NoOptionsIsAnEmptyRequest)
{
    QString error;
    const auto request = WorkloadOptions::requestFrom({}, &error);
    ASSERT_TRUE(request) << error.toStdString();
    EXPECT_EQ(*request, WorkloadRequest{});
}

TEST(WorkloadOptions, EachOptionSetsItsFieldAndNothingElse)
{
    QString error;
    const auto request = WorkloadOptions::requestFrom(args({"--gpu",
                                                            "h100_sxm5_80gb",
                                                            "--model",
                                                            "llama-3-70b",
                                                            "--task",
                                                            "training",
                                                            "--precision",
                                                            "fp8",
                                                            "--activation-precision",
                                                            "bf16",
                                                            "--batch",
                                                            "64",
                                                            "--micro-batch",
                                                            "2",
                                                            "--seq-len",
                                                            "8192",
                                                            "--gpus",
                                                            "16",
                                                            "--tp",
                                                            "4",
                                                            "--pp",
                                                            "2",
                                                            "--zero",
                                                            "3",
                                                            "--recompute",
                                                            "full",
                                                            "--optimizer",
                                                            "adam8bit",
                                                            "--profile",
                                                            "megatron",
                                                            "--usd-per-gpu-hour",
                                                            "2.5",
                                                            "--usd-per-kwh",
                                                            "0.2",
                                                            "--utilisation",
                                                            "0.7",
                                                            "--train-tokens",
                                                            "5e9",
                                                            "--json",
                                                            "--math"}),
                                                      &error);
    ASSERT_TRUE(request) << error.toStdString();
    WorkloadRequest expected;
    expected.modelId = QStringLiteral("llama-3-70b");
    expected.task = Task::Training;
    expected.weightPrecision = Precision::Fp8;
    expected.activationPrecision = Precision::Bf16;
    expected.batch = 64;
    expected.microBatch = 2;
    expected.sequenceLength = 8192;
    expected.gpus = 16;
    expected.tensorParallel = 4;
    expected.pipelineParallel = 2;
    expected.zeroStage = 3;
    expected.recompute = Recompute::Full;
    expected.optimizer = Optimizer::Adam8bit;
    expected.profileId = QStringLiteral("megatron");
    expected.usdPerGpuHour = 2.5;
    expected.usdPerKwh = 0.2;
    expected.utilisation = 0.7;
    expected.trainTokens = 5e9;
    EXPECT_EQ(*request, expected);
}

TEST(WorkloadOptions, InferenceValuesAndTheOtherSpellings)
{
    QString error;
    const auto request = WorkloadOptions::requestFrom(
        args({"--model-config", "/tmp/config.json", "--task=inference", "--kv-precision", "fp8", "--batch",
              "max", "--input-tokens", "5000", "--output-tokens=500", "--lora-rank", "8"}),
        &error);
    ASSERT_TRUE(request) << error.toStdString();
    EXPECT_FALSE(request->modelId);
    EXPECT_EQ(request->modelConfigPath, QStringLiteral("/tmp/config.json"));
    EXPECT_EQ(request->task, Task::Inference);
    EXPECT_EQ(request->kvPrecision, Precision::Fp8);
    EXPECT_EQ(request->batch, 0) << "max: as many as fit";
    EXPECT_EQ(request->inputTokens, 5000);
    EXPECT_EQ(request->outputTokens, 500);
    // Whether a value applies to the task is the resolver's to say, not the parser's.
    EXPECT_EQ(request->loraRank, 8);
}

TEST(WorkloadOptions, AValueThatIsNotOfItsTypeNamesTheOptionAndTheValue)
{
    for (const auto &[arguments, mentioned] :
         {std::pair{args({"--batch", "lots"}), "--batch 'lots'"},
          std::pair{args({"--task", "dance"}), "--task 'dance'"},
          std::pair{args({"--precision", "fp7"}), "q4_k_m"},
          std::pair{args({"--gpus", "two"}), "--gpus 'two'"},
          std::pair{args({"--utilisation", "inf"}), "--utilisation 'inf'"},
          std::pair{args({"--recompute", "half"}), "selective"},
          std::pair{args({"--optimizer", "sgd"}), "adam8bit"},
          std::pair{args({"--model", "a", "--model-config", "b.json"}), "not both"}}) {
        QString error;
        EXPECT_FALSE(WorkloadOptions::requestFrom(arguments, &error)) << arguments.join(u' ').toStdString();
        EXPECT_TRUE(error.contains(QString::fromUtf8(mentioned))) << error.toStdString();
    }
}

TEST(WorkloadOptions, NumbersTakeTheSameSuffixesAsTheWindowsForm)
{
    // One reader at both doors (ScaledNumber): "50M" is 50,000,000 tokens, not 50 billion.
    QString error;
    const auto request = WorkloadOptions::requestFrom(
        args({"--train-tokens", "50M", "--seq-len", "8k", "--batch", "1.5k", "--request-rate", "2.5"}),
        &error);
    ASSERT_TRUE(request) << error.toStdString();
    EXPECT_EQ(request->trainTokens, 50'000'000.0);
    EXPECT_EQ(request->sequenceLength, 8000);
    EXPECT_EQ(request->batch, 1500);
    EXPECT_EQ(request->requestRate, 2.5);
    const auto big = WorkloadOptions::requestFrom(args({"--train-tokens", "1.5B"}), &error);
    ASSERT_TRUE(big) << error.toStdString();
    EXPECT_EQ(big->trainTokens, 1.5e9);
    const auto huge = WorkloadOptions::requestFrom(args({"--train-tokens", "2T"}), &error);
    ASSERT_TRUE(huge) << error.toStdString();
    EXPECT_EQ(huge->trainTokens, 2e12);
}

TEST(WorkloadOptions, ANumberItCannotReadIsRefusedWithTheReason)
{
    QString error;
    EXPECT_FALSE(WorkloadOptions::requestFrom(args({"--train-tokens", "50MB"}), &error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("--train-tokens '50MB' is not a number")))
        << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("M (million)"))) << error.toStdString();
    EXPECT_FALSE(WorkloadOptions::requestFrom(args({"--train-tokens", "5e"}), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("'5e'"))) << error.toStdString();
    EXPECT_FALSE(WorkloadOptions::requestFrom(args({"--seq-len", "1.5"}), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("not a whole number"))) << error.toStdString();
}
