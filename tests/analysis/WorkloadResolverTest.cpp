#include "app/analysis/WorkloadResolver.h"

#include "app/analysis/Estimator.h"
#include "tests/analysis/TestCatalogue.h"

#include <QRegularExpression>
#include <gtest/gtest.h>

namespace {

using TestCatalogue::find;

WorkloadRequest request(Task task, int gpus = 1)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3-8b");
    r.task = task;
    r.gpus = gpus;
    return r;
}

ResolvedWorkload resolve(const WorkloadRequest &r)
{
    return WorkloadResolver::resolve(r, TestCatalogue::snapshot());
}

// The field of the first problem, or nullopt when the request resolves.
std::optional<WorkloadField> problemField(const WorkloadRequest &r)
{
    const ResolvedWorkload resolved = resolve(r);
    if (resolved.problems.isEmpty())
        return std::nullopt;
    return resolved.problems.first().field;
}

} // namespace

TEST(WorkloadResolver, AnEmptyRequestIsLlama3InferenceOnTheServingProfile)
{
    const ResolvedWorkload resolved = resolve(WorkloadRequest());
    ASSERT_TRUE(resolved.isValid()) << resolved.problems.value(0).message.toStdString();
    const Workload &w = *resolved.workload;
    EXPECT_EQ(w.model.modelId, QStringLiteral("llama-3-8b"));
    EXPECT_EQ(w.task, Task::Inference);
    EXPECT_EQ(w.batch, 1);
    EXPECT_EQ(w.inputTokens, 1024);
    EXPECT_EQ(w.outputTokens, 256);
    EXPECT_EQ(w.gpuCount, 1);
    EXPECT_EQ(w.zeroStage, 0);
    EXPECT_EQ(w.recompute, Recompute::None);
    EXPECT_EQ(w.weightPrecision, Precision::Bf16);
    EXPECT_EQ(resolved.parameters.profileId, QStringLiteral("vllm"));
}

TEST(WorkloadResolver, EachTaskGetsItsRecipe)
{
    const Workload training = *resolve(request(Task::Training)).workload;
    EXPECT_EQ(training.sequenceLength, 4096);
    EXPECT_EQ(training.zeroStage, 3) << "where FSDP's recipe search starts";
    EXPECT_EQ(training.recompute, Recompute::Full);
    EXPECT_EQ(training.batch, 8) << "global batch: 8 sequences per GPU";
    EXPECT_EQ(training.microBatch, 1);

    const Workload lora = *resolve(request(Task::Lora)).workload;
    EXPECT_EQ(lora.weightPrecision, Precision::Bf16);
    EXPECT_EQ(lora.recompute, Recompute::Full) << "PEFT checkpoints every layer";
    EXPECT_EQ(lora.zeroStage, 0);
    EXPECT_EQ(lora.loraRank, 16);

    const Workload qlora = *resolve(request(Task::Qlora)).workload;
    EXPECT_EQ(qlora.weightPrecision, Precision::Int4) << "a 4-bit NF4 base";
    EXPECT_EQ(qlora.activationPrecision, Precision::Bf16);
    EXPECT_EQ(qlora.recompute, Recompute::Full);

    // One profile for a decoder LLM at any count, one GPU included (FSDP on one rank is the same stack);
    // a CNN or encoder on one GPU is plain PyTorch AMP, the profile fitted on Lambda's ResNet-50 and BERT.
    EXPECT_EQ(resolve(request(Task::Training, 1)).parameters.profileId, QStringLiteral("fsdp"));
    WorkloadRequest cnn = request(Task::Training, 1);
    cnn.modelId = QStringLiteral("resnet-50");
    EXPECT_EQ(resolve(cnn).parameters.profileId, QStringLiteral("pytorch-amp"));
    EXPECT_EQ(resolve(request(Task::Training, 8)).parameters.profileId, QStringLiteral("fsdp"));
    EXPECT_EQ(resolve(request(Task::Training, 64)).parameters.profileId, QStringLiteral("fsdp"));
    EXPECT_EQ(resolve(request(Task::Training, 64)).workload->zeroStage, 3) << "FSDP's FULL_SHARD";
    EXPECT_EQ(resolve(request(Task::Lora, 64)).parameters.profileId, QStringLiteral("pytorch-amp"));
    EXPECT_EQ(resolve(request(Task::Training, 64)).workload->batch, 512);
}

TEST(WorkloadResolver, WhatTheUserGivesOverridesTheRecipe)
{
    WorkloadRequest r = request(Task::Qlora);
    r.recompute = Recompute::Selective;
    r.zeroStage = 2;
    r.batch = 32;
    r.microBatch = 4;
    r.sequenceLength = 2048;
    const Workload w = *resolve(r).workload;
    EXPECT_EQ(w.recompute, Recompute::Selective);
    EXPECT_EQ(w.zeroStage, 2);
    EXPECT_EQ(w.batch, 32);
    EXPECT_EQ(w.microBatch, 4);
    EXPECT_EQ(w.sequenceLength, 2048);
    EXPECT_EQ(w.weightPrecision, Precision::Int4);
}

TEST(WorkloadResolver, ProblemsAreTaggedWithTheFieldThatHoldsThem)
{
    WorkloadRequest r = request(Task::Inference);
    r.tensorParallel = 3;
    EXPECT_EQ(problemField(r), WorkloadField::TensorParallel);

    r = request(Task::Inference);
    r.pipelineParallel = 2;
    EXPECT_EQ(problemField(r), WorkloadField::PipelineParallel);

    r = request(Task::Inference);
    r.sequenceLength = 4096; // a training length on an inference request
    EXPECT_EQ(problemField(r), WorkloadField::SequenceLength);

    r = request(Task::Inference);
    r.zeroStage = 1;
    EXPECT_EQ(problemField(r), WorkloadField::ZeroStage);

    r = request(Task::Training);
    r.outputTokens = 100;
    EXPECT_EQ(problemField(r), WorkloadField::OutputTokens);

    r = request(Task::Training);
    r.weightPrecision = Precision::GgufQ4_K_M;
    EXPECT_EQ(problemField(r), WorkloadField::WeightPrecision);

    r = request(Task::Qlora);
    r.weightPrecision = Precision::Bf16; // QLoRA's base is 4-bit; a 16-bit base is LoRA
    EXPECT_EQ(problemField(r), WorkloadField::WeightPrecision);

    r = request(Task::Training);
    r.batch = 4;
    r.microBatch = 8;
    EXPECT_EQ(problemField(r), WorkloadField::MicroBatch);

    r = request(Task::Inference);
    r.profileId = QStringLiteral("no-such-profile");
    EXPECT_EQ(problemField(r), WorkloadField::Profile);

    r = request(Task::Inference);
    r.modelId = QStringLiteral("llama-3-8");
    const ResolvedWorkload unknown = resolve(r);
    ASSERT_FALSE(unknown.problems.isEmpty());
    EXPECT_EQ(unknown.problems.first().field, WorkloadField::Model);
    EXPECT_TRUE(unknown.problems.first().message.contains(QStringLiteral("llama-3-8b")))
        << "close matches named: " << unknown.problems.first().message.toStdString();
}

// The case: Llama-3-8B inference on one H100. Its training verdict judges the training recipe on
// the same GPU count, names that recipe, and names the GPU count that the training estimate gives.
// The other task's verdict judges what a user would deploy for it: the fewest GPUs that hold it (1, 2, 4,
// ...), not this run's count. Full training of Llama-3 8B beside inference on one H100 is judged on 2-8
// H100s, and `estimate --task training --gpus N` with that count gives the same verdict.
TEST(WorkloadResolver, TheCompanionTrainingVerdictIsJudgedOnTheFewestGpusThatHoldIt)
{
    const QVector<GpuSpec> h100{TestCatalogue::h100Sxm()};
    const ResolvedWorkload inference = resolve(request(Task::Inference));
    ASSERT_TRUE(inference.isValid());
    const Estimate beside = Estimator::estimateAll(h100, inference).constFirst();
    const QString recipe = beside.trainingVerdict.recipe;
    EXPECT_TRUE(recipe.contains(QStringLiteral("full training"))) << recipe.toStdString();
    EXPECT_TRUE(recipe.contains(QStringLiteral("the fastest recipe that fits each GPU")))
        << recipe.toStdString();
    const QRegularExpression count(QStringLiteral("· (\\d+) GPU"));
    const QRegularExpressionMatch match = count.match(recipe);
    ASSERT_TRUE(match.hasMatch()) << recipe.toStdString();
    const int gpus = match.captured(1).toInt();
    EXPECT_GE(gpus, 2) << "full training of 8B needs more than one 80 GB GPU";
    EXPECT_LE(gpus, 8) << "and fits in one node";
    const QString reasons = beside.trainingVerdict.reasons.join(u'\n');
    EXPECT_TRUE(reasons.contains(QStringLiteral("fits:"))) << reasons.toStdString();

    const ResolvedWorkload training = resolve(request(Task::Training, gpus));
    ASSERT_TRUE(training.isValid());
    const Estimate trained = Estimator::estimateAll(h100, training).constFirst();
    EXPECT_TRUE(trained.fits);
    EXPECT_EQ(beside.trainingVerdict.recipe, trained.trainingVerdict.recipe);
    EXPECT_EQ(beside.trainingVerdict.level, trained.trainingVerdict.level);
    EXPECT_EQ(beside.trainingVerdict.reasons, trained.trainingVerdict.reasons);

    // And back: the inference verdict beside a training run judges one request on the fewest GPUs (one
    // H100 holds 8B), as `estimate --task inference` does.
    const Estimate inferred = Estimator::estimateAll(h100, inference).constFirst();
    EXPECT_EQ(trained.inferenceVerdict.recipe, inferred.inferenceVerdict.recipe);
    EXPECT_EQ(trained.inferenceVerdict.reasons, inferred.inferenceVerdict.reasons);
}

// "Batch" is the load on the whole deployment: two H200s hold two replicas of Llama-3-8B, two H100s
// with tp=2 hold one; both serve the same 16 requests, split their own way.
TEST(WorkloadResolver, TheBatchIsTheSameLoadOnEveryGpuSplitOverItsReplicas)
{
    WorkloadRequest r = request(Task::Inference, 2);
    r.batch = 16;
    const ResolvedWorkload resolved = resolve(r);
    ASSERT_TRUE(resolved.isValid());
    const QVector<Estimate> all = Estimator::estimateAll(TestCatalogue::fiveFromTheArticle(), resolved);
    for (const Estimate &e : all) {
        ASSERT_TRUE(e.inference) << e.gpuId.toStdString();
        EXPECT_EQ(e.inference->requestsInFlight, 16) << e.gpuId.toStdString();
        EXPECT_EQ(e.inference->replicas, e.parallelism.data);
        EXPECT_EQ(e.inference->batch * e.inference->replicas, 16) << e.gpuId.toStdString();
    }
    const Estimate &h200 = find(all, QStringLiteral("h200_sxm_141gb"));
    EXPECT_EQ(h200.parallelism.data, 2);
    EXPECT_EQ(h200.inference->batch, 8);

    // Training: the global batch is the sequences of one optimizer step, whatever the split.
    r = request(Task::Training, 8);
    r.batch = 64;
    r.microBatch = 2;
    const ResolvedWorkload training = resolve(r);
    ASSERT_TRUE(training.isValid());
    for (const Estimate &e : Estimator::estimateAll({TestCatalogue::h100Sxm()}, training)) {
        ASSERT_TRUE(e.training);
        EXPECT_EQ(e.training->globalBatch, 64);
        EXPECT_EQ(e.training->gradientAccumulation * e.training->microBatch * e.parallelism.data, 64);
        EXPECT_NEAR(e.training->tokensPerS * e.training->stepTimeS, 64.0 * 4096, 1e-6 * 64 * 4096);
    }
}

// tp x pp is bounded where a request is resolved (the window and the command line both resolve there).
TEST(WorkloadResolver, ParallelDegreesBeyondTheGpuBoundAreRefusedWithTheBound)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3-8b");
    r.tensorParallel = 65536;
    r.pipelineParallel = 65536;
    const ResolvedWorkload resolved = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    ASSERT_FALSE(resolved.workload);
    ASSERT_FALSE(resolved.problems.isEmpty());
    EXPECT_EQ(resolved.problems.first().field, WorkloadField::TensorParallel);
    EXPECT_EQ(resolved.problems.first().message,
              QStringLiteral("tp 65536 x pp 65536 = 4294967296 GPUs: allowed up to 65536 GPUs"));

    r.tensorParallel = 70000;
    r.pipelineParallel.reset();
    const ResolvedWorkload one = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    ASSERT_FALSE(one.problems.isEmpty());
    EXPECT_EQ(one.problems.first().message, QStringLiteral("tp 70000: allowed 0 to 65536"));

    // Given GPUs and both degrees within them, their product beyond: refused, never divided by a wrapped 0.
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.gpuCount = 65536;
    w.tensorParallel = 65536;
    w.pipelineParallel = 65536;
    const auto problem = Estimator::check(w);
    ASSERT_TRUE(problem);
    EXPECT_TRUE(problem->message.contains(QStringLiteral("4294967296"))) << problem->message.toStdString();
}

// Four degrees of 65536 are 2^64 GPUs, which wrapped to 0 in 64 bits and passed the bound: cp and ep are
// held to 1024 each before the product, and refused at their own field beyond it.
TEST(WorkloadResolver, FourParallelDegreesWhoseProductWouldWrapAreRefused)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3-8b");
    r.task = Task::Training;
    r.tensorParallel = 65536;
    r.pipelineParallel = 65536;
    r.contextParallel = 65536;
    r.expertParallel = 65536;
    const ResolvedWorkload resolved = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    ASSERT_FALSE(resolved.workload);
    QStringList messages;
    for (const WorkloadProblem &problem : resolved.problems)
        messages << problem.message;
    EXPECT_TRUE(messages.contains(QStringLiteral("cp 65536: allowed 1 to 1024")))
        << messages.join(u'|').toStdString();
    EXPECT_TRUE(messages.contains(QStringLiteral("ep 65536: allowed 1 to 1024")))
        << messages.join(u'|').toStdString();

    // Within their bounds, the product (2^52) is said exactly.
    r.contextParallel = 1024;
    r.expertParallel = 1024;
    const ResolvedWorkload bounded = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    ASSERT_FALSE(bounded.workload);
    ASSERT_FALSE(bounded.problems.isEmpty());
    EXPECT_EQ(
        bounded.problems.first().message,
        QStringLiteral(
            "tp 65536 x pp 65536 x cp 1024 x ep 1024 = 4503599627370496 GPUs: allowed up to 65536 GPUs"));
}

// Tensor parallelism splits the attention heads (issue 40, item 8): a degree that does not divide
// Llama-3 8B's 32 heads is refused at the tp field with the count, as vLLM and Megatron refuse it; with
// more GPUs than its 8 KV heads each KV head is replicated on a whole number of GPUs.
TEST(WorkloadResolver, TensorParallelismMustDivideTheAttentionHeads)
{
    const auto withTp = [](int tp) {
        WorkloadRequest r = request(Task::Inference, tp);
        r.tensorParallel = tp;
        return resolve(r);
    };
    for (const int tp : {3, 6, 64}) {
        const ResolvedWorkload refused = withTp(tp);
        ASSERT_FALSE(refused.problems.isEmpty()) << tp;
        EXPECT_EQ(refused.problems.first().field, WorkloadField::TensorParallel) << tp;
        EXPECT_TRUE(refused.problems.first().message.contains(QStringLiteral("32 attention heads")))
            << refused.problems.first().message.toStdString();
    }
    for (const int tp : {1, 2, 4, 8, 16, 32})
        EXPECT_TRUE(withTp(tp).problems.isEmpty()) << tp;
}

// The range of GPUs per node is the field table's, both ends: its message always said 1 to 1024.
TEST(WorkloadResolver, GpusPerNodeBeyondTheTablesRangeIsRefusedAtItsField)
{
    WorkloadRequest r = request(Task::Training, 16);
    r.gpusPerNode = 2000;
    const ResolvedWorkload resolved = resolve(r);
    ASSERT_FALSE(resolved.problems.isEmpty());
    EXPECT_EQ(resolved.problems.first().field, WorkloadField::GpusPerNode);
    EXPECT_EQ(resolved.problems.first().message, QStringLiteral("GPUs per node 2000: allowed 1 to 1024"));
    r.gpusPerNode = 8;
    EXPECT_EQ(problemField(r), std::nullopt);
}
