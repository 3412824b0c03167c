// The window and the command line are two front doors to one estimate: the same question asked through
// the command line's options and through the workload form gives the same workload and the same numbers.

#include "app/analysis/EstimateJson.h"
#include "app/analysis/Estimator.h"
#include "app/cli/WorkloadOptions.h"
#include "app/comparison/WorkloadMapper.h"
#include "tests/app/SeedSnapshotTest.h"
#include "widgets/workload/WorkloadForm.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

namespace {

struct Question
{
    const char *name;
    QStringList arguments; // the command line's workload options
    WorkloadRequest form;  // the same question typed into the form: what the form then sends
};

QStringList args(std::initializer_list<const char *> list)
{
    QStringList result;
    for (const char *item : list)
        result << QString::fromUtf8(item);
    return result;
}

// A new form with the task chosen and the edits typed: what it sends.
WorkloadRequest formFor(const char *task, std::function<void(WorkloadRequest &)> edit = {})
{
    WorkloadRequest values;
    values.task = Tasks::parse(QString::fromUtf8(task));
    if (edit)
        edit(values);
    return WorkloadFormLayout::sent(values);
}

QVector<Question> questions()
{
    return {
        {"inference defaults", args({"--model", "llama-3-8b", "--task", "inference"}), formFor("inference")},
        {"inference on 2 GPUs, 16 requests",
         args({"--model", "llama-3-8b", "--task", "inference", "--gpus", "2", "--batch", "16"}),
         formFor("inference",
                 [](WorkloadRequest &v) {
                     v.gpus = 2;
                     v.batch = 16;
                 })},
        {"70B fp8, tp 2, long prompts",
         args({"--model", "llama-3-70b", "--task", "inference", "--precision", "fp8", "--gpus", "2", "--tp",
               "2", "--batch", "8", "--input-tokens", "5000", "--output-tokens", "500"}),
         formFor("inference",
                 [](WorkloadRequest &v) {
                     v.modelId = QStringLiteral("llama-3-70b");
                     v.weightPrecision = Precision::Fp8;
                     v.gpus = 2;
                     v.tensorParallel = 2;
                     v.batch = 8;
                     v.inputTokens = 5000;
                     v.outputTokens = 500;
                 })},
        {"training 13B on 64 GPUs", args({"--model", "llama-2-13b", "--task", "training", "--gpus", "64"}),
         formFor("training",
                 [](WorkloadRequest &v) {
                     v.modelId = QStringLiteral("llama-2-13b");
                     v.gpus = 64;
                 })},
        {"training, custom tp x pp",
         args({"--model",
               "llama-3-70b",
               "--task",
               "training",
               "--gpus",
               "16",
               "--tp",
               "4",
               "--pp",
               "2",
               "--zero",
               "2",
               "--recompute",
               "full",
               "--seq-len",
               "2048",
               "--batch",
               "64",
               "--usd-per-gpu-hour",
               "2.5",
               "--train-tokens",
               "5e9"}),
         formFor("training",
                 [](WorkloadRequest &v) {
                     v.modelId = QStringLiteral("llama-3-70b");
                     v.gpus = 16;
                     v.tensorParallel = 4;
                     v.pipelineParallel = 2;
                     v.zeroStage = 2;
                     v.recompute = Recompute::Full;
                     v.sequenceLength = 2048;
                     v.batch = 64;
                     v.usdPerGpuHour = 2.5;
                     v.trainTokens = 5e9;
                 })},
        {"LoRA", args({"--model", "llama-3-8b", "--task", "lora"}), formFor("lora")},
        {"QLoRA", args({"--model", "llama-3-8b", "--task", "qlora"}), formFor("qlora")},
        {"QLoRA of 70B on 2 GPUs",
         args({"--model", "llama-3-70b", "--task", "qlora", "--gpus", "2", "--batch", "4"}),
         formFor("qlora",
                 [](WorkloadRequest &v) {
                     v.modelId = QStringLiteral("llama-3-70b");
                     v.gpus = 2;
                     v.batch = 4;
                 })},
        // The training recipe the form now has: math precision, optimizer and LoRA rank (issue 39).
        {"LoRA rank 64, 8-bit Adam, fp16 math",
         args({"--model", "llama-3-8b", "--task", "lora", "--lora-rank", "64", "--optimizer", "adam8bit",
               "--activation-precision", "fp16"}),
         formFor("lora",
                 [](WorkloadRequest &v) {
                     v.loraRank = 64;
                     v.optimizer = Optimizer::Adam8bit;
                     v.activationPrecision = Precision::Fp16;
                 })},
        {"full training, fp8 math, 8-bit Adam, owned over 3 years",
         args({"--model", "llama-3-8b", "--task", "training", "--gpus", "8", "--activation-precision", "fp8",
               "--optimizer", "adam8bit", "--own-years", "3"}),
         formFor("training",
                 [](WorkloadRequest &v) {
                     v.gpus = 8;
                     v.activationPrecision = Precision::Fp8;
                     v.optimizer = Optimizer::Adam8bit;
                     v.ownYears = 3.0;
                 })},
        {"inference on owned cards over 2.5 years",
         args({"--model", "llama-3-8b", "--task", "inference", "--batch", "32", "--own-years", "2.5"}),
         formFor("inference",
                 [](WorkloadRequest &v) {
                     v.batch = 32;
                     v.ownYears = 2.5;
                 })},
        {"mixtral, kv fp8",
         args({"--model", "mixtral-8x7b", "--task", "inference", "--kv-precision", "fp8", "--gpus", "4"}),
         formFor("inference",
                 [](WorkloadRequest &v) {
                     v.modelId = QStringLiteral("mixtral-8x7b");
                     v.kvPrecision = Precision::Fp8;
                     v.gpus = 4;
                 })},
    };
}

// Everything the estimator says, as `estimate --json` prints it, for a few GPUs.
QByteArray resultsOf(const QVector<GpuSpec> &gpus, const ResolvedWorkload &resolved)
{
    QJsonArray all;
    for (const Estimate &e : Estimator::estimateAll(gpus, resolved))
        all.append(EstimateJson::toJson(e));
    return QJsonDocument(all).toJson(QJsonDocument::Compact);
}

class FrontDoorsTest : public SeedSnapshotTest
{
protected:
    void SetUp() override
    {
        SeedSnapshotTest::SetUp();
        m_gpus =
            seedGpus({"h100_sxm5_80gb", "h200_sxm_141gb", "a100_sxm4_80gb", "l40s_48gb", "rtx_4090_24gb"});
        ASSERT_EQ(m_gpus.size(), 5);
    }

    QVector<GpuSpec> m_gpus;
};

} // namespace

TEST_F(FrontDoorsTest, TheSameQuestionGivesTheSameWorkloadAndNumbersThroughBothDoors)
{
    WorkloadForm form; // the form's editors, so that what the form holds is what it gives back
    QVector<WorkloadForm::Choice> models;
    for (const ModelSpec &model : m_snapshot.models)
        models.append({model.modelId, model.name});
    form.setModelChoices(models);
    QVector<WorkloadForm::Choice> profiles;
    for (const EfficiencyProfile &profile : m_snapshot.profiles)
        profiles.append({profile.profileId, profile.name});
    form.setProfileChoices(profiles);
    form.setPrecisionChoices(Precisions::allNames(), Precisions::allNames());

    for (const Question &question : questions()) {
        SCOPED_TRACE(question.name);
        QString error;
        const std::optional<WorkloadRequest> fromCli =
            WorkloadOptions::requestFrom(question.arguments, &error);
        ASSERT_TRUE(fromCli.has_value()) << error.toStdString();
        const ResolvedWorkload cli = WorkloadResolver::resolve(*fromCli, m_snapshot);
        ASSERT_TRUE(cli.isValid()) << cli.problems.value(0).message.toStdString();

        form.setRequest(question.form);
        ASSERT_EQ(form.request(), question.form) << "the form holds what was typed";
        const MappedWorkload window = WorkloadMapper::map(form.request(), m_snapshot);
        ASSERT_TRUE(window.isValid()) << window.errors.value(0).reason.toStdString();

        const Workload &a = *cli.workload;
        const Workload &b = *window.resolved.workload;
        EXPECT_EQ(a.model.modelId, b.model.modelId);
        EXPECT_EQ(a.task, b.task);
        EXPECT_EQ(a.weightPrecision, b.weightPrecision);
        EXPECT_EQ(a.activationPrecision, b.activationPrecision);
        EXPECT_EQ(a.kvPrecision, b.kvPrecision);
        EXPECT_EQ(a.batch, b.batch);
        EXPECT_EQ(a.microBatch, b.microBatch);
        EXPECT_EQ(a.inputTokens, b.inputTokens);
        EXPECT_EQ(a.outputTokens, b.outputTokens);
        EXPECT_EQ(a.sequenceLength, b.sequenceLength);
        EXPECT_EQ(a.gpuCount, b.gpuCount);
        EXPECT_EQ(a.tensorParallel, b.tensorParallel);
        EXPECT_EQ(a.pipelineParallel, b.pipelineParallel);
        EXPECT_EQ(a.zeroStage, b.zeroStage);
        EXPECT_EQ(a.recompute, b.recompute);
        EXPECT_EQ(a.optimizer, b.optimizer);
        EXPECT_EQ(a.loraRank, b.loraRank);
        EXPECT_EQ(a.usdPerGpuHour, b.usdPerGpuHour);
        EXPECT_EQ(a.usdPerKwh, b.usdPerKwh);
        EXPECT_EQ(a.utilisation, b.utilisation);
        EXPECT_EQ(a.ownsCards, b.ownsCards);
        EXPECT_EQ(a.ownYears, b.ownYears);
        EXPECT_EQ(a.trainTokens, b.trainTokens);
        EXPECT_EQ(cli.parameters.profileId, window.resolved.parameters.profileId);
        EXPECT_EQ(cli.companionParameters.profileId, window.resolved.companionParameters.profileId);
        EXPECT_EQ(resultsOf(m_gpus, cli), resultsOf(m_gpus, window.resolved))
            << "every number, verdict and math term of every GPU";
    }
}
