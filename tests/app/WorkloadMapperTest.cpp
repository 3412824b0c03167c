// The window's request: what the workload form sends of the values it holds (WorkloadFormLayout::sent, the
// same as WorkloadForm::setRequest() then request()), resolved by WorkloadMapper with each problem at its
// form field.
#include "app/comparison/WorkloadMapper.h"

#include "app/analysis/WorkloadDefaults.h"
#include "app/scenario/WorkloadRequestJson.h"
#include "tests/app/SeedSnapshotTest.h"
#include "tests/widgets/WorkloadTestData.h"
#include "widgets/workload/WorkloadFormLayout.h"

namespace {

class WorkloadMapperTest : public SeedSnapshotTest
{
protected:
    // The form holding these values (a new form's for the rest), sending and resolving them.
    MappedWorkload map(const WorkloadRequest &held) const
    {
        return WorkloadMapper::map(WorkloadFormLayout::sent(held), m_snapshot);
    }

    std::optional<WorkloadField> errorField(const WorkloadRequest &held) const
    {
        const MappedWorkload mapped = map(held);
        if (mapped.errors.isEmpty())
            return std::nullopt;
        return mapped.errors.first().field;
    }

    static WorkloadRequest task(Task task)
    {
        WorkloadRequest r;
        r.task = task;
        return r;
    }
};

} // namespace

TEST_F(WorkloadMapperTest, TheDefaultFormIsAUsableWorkloadWithTheServingProfile)
{
    const MappedWorkload mapped = map(WorkloadRequest());
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.resolved.workload->model.modelId, QStringLiteral("llama-3-8b"));
    EXPECT_EQ(mapped.resolved.parameters.profileId, QStringLiteral("vllm"));
    EXPECT_EQ(mapped.resolved.workload->tensorParallel, 0); // automatic split
    EXPECT_TRUE(mapped.summary.contains(QStringLiteral("Llama-3 8B")));
}

TEST_F(WorkloadMapperTest, TrainingOnSeveralGpusDefaultsToFsdpAndQloraToA4BitBase)
{
    WorkloadRequest values = task(Task::Training);
    values.gpus = 64;
    EXPECT_EQ(map(values).resolved.parameters.profileId, QStringLiteral("fsdp"));
    values.gpus = 8;
    EXPECT_EQ(map(values).resolved.parameters.profileId, QStringLiteral("fsdp"));
    values.gpus = 1; // a decoder LLM on one GPU: the same FSDP stack
    EXPECT_EQ(map(values).resolved.parameters.profileId, QStringLiteral("fsdp"));

    values.task = Task::Qlora;
    const MappedWorkload qlora = map(values);
    ASSERT_TRUE(qlora.isValid());
    EXPECT_EQ(qlora.resolved.workload->weightPrecision, Precision::Int4);
    EXPECT_EQ(qlora.resolved.workload->activationPrecision, Precision::Bf16);
}

TEST_F(WorkloadMapperTest, WeightOnlyFormatsComputeAt16Bits)
{
    WorkloadRequest values;
    values.weightPrecision = Precision::GgufQ4_K_M;
    const MappedWorkload mapped = map(values);
    ASSERT_TRUE(mapped.isValid());
    EXPECT_EQ(mapped.resolved.workload->activationPrecision, Precision::Fp16);
}

TEST_F(WorkloadMapperTest, EachProblemIsReportedAtTheFieldThatCausesIt)
{
    WorkloadRequest values;
    values.tensorParallel = 3; // 3 does not divide 1 GPU
    EXPECT_EQ(errorField(values), WorkloadField::TensorParallel);

    values = WorkloadRequest();
    values.pipelineParallel = 2;
    values.gpus = 1;
    EXPECT_EQ(errorField(values), WorkloadField::PipelineParallel);

    values = task(Task::Training);
    values.weightPrecision = Precision::GgufQ4_K_M; // full training of GGUF weights is not a thing
    EXPECT_EQ(errorField(values), WorkloadField::WeightPrecision);

    values = WorkloadRequest();
    values.modelId = QStringLiteral("no-such-model");
    EXPECT_EQ(errorField(values), WorkloadField::Model);

    values = WorkloadRequest();
    values.profileId = QStringLiteral("no-such-profile");
    EXPECT_EQ(errorField(values), WorkloadField::Profile);
}

// The form sends only what the task uses: values kept in greyed-out fields do not reach the request.
TEST_F(WorkloadMapperTest, FieldsTheTaskDoesNotUseStayOutOfTheRequest)
{
    WorkloadRequest values = task(Task::Inference);
    values.inputTokens = 2048;
    values.sequenceLength = 8192;
    values.zeroStage = 3;
    values.recompute = Recompute::Full;
    values.utilisation = 0.5; // the command line's alone: the form has no editor for it
    const WorkloadRequest request = WorkloadFormLayout::sent(values);
    EXPECT_FALSE(request.sequenceLength.has_value());
    EXPECT_FALSE(request.zeroStage.has_value());
    EXPECT_FALSE(request.recompute.has_value());
    EXPECT_FALSE(request.utilisation.has_value());
    EXPECT_EQ(request.inputTokens, 2048);

    values.task = Task::Training;
    const WorkloadRequest training = WorkloadFormLayout::sent(values);
    EXPECT_FALSE(training.inputTokens.has_value());
    EXPECT_EQ(training.sequenceLength, 8192);
    EXPECT_EQ(training.zeroStage, 3);
}

// What the form's recipe choices say is what the resolver uses.
TEST_F(WorkloadMapperTest, RecipeDefaultsNameWhatTheResolverUses)
{
    const MappedWorkload mapped = map(task(Task::Qlora));
    ASSERT_TRUE(mapped.isValid());
    EXPECT_TRUE(
        mapped.recipeDefaults.value(QStringLiteral("weightPrecision")).contains(QStringLiteral("int4")));
    EXPECT_EQ(mapped.recipeDefaults.value(QStringLiteral("recompute")),
              WorkloadResolver::recomputeLabel(mapped.resolved.workload->recompute));
    EXPECT_EQ(mapped.recipeDefaults.value(QStringLiteral("zeroStage")),
              QString::number(mapped.resolved.workload->zeroStage));
    EXPECT_TRUE(mapped.summary.contains(QStringLiteral("QLoRA"))) << mapped.summary.toStdString();
    EXPECT_TRUE(mapped.summary.contains(QStringLiteral("int4"))) << mapped.summary.toStdString();
}

// Users or a rate, and the targets with them, reach the request; the resolver turns them into traffic.
TEST_F(WorkloadMapperTest, TheLoadAndItsTargetsReachTheRequestAndTheWorkload)
{
    WorkloadRequest values;
    values.concurrency = 50;
    values.ttftP90Ms = 2000.0;
    values.tpotP90Ms = 60.0;
    const WorkloadRequest request = WorkloadFormLayout::sent(values);
    EXPECT_EQ(request.concurrency, 50);
    EXPECT_FALSE(request.requestRate.has_value());
    EXPECT_EQ(request.ttftP90Ms, 2000.0);
    EXPECT_EQ(request.tpotP90Ms, 60.0);

    const MappedWorkload mapped = map(values);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    ASSERT_TRUE(mapped.resolved.workload->traffic.has_value());
    EXPECT_EQ(mapped.resolved.workload->traffic->concurrency, 50);
    EXPECT_EQ(mapped.resolved.workload->traffic->ttftP90TargetMs, 2000.0);
    EXPECT_EQ(mapped.resolved.workload->traffic->tpotP90TargetMs, 60.0);
    // The empty batch field shows what the recipe made of it: the users are the requests in flight.
    EXPECT_EQ(mapped.recipeDefaults.value(QStringLiteral("batch")), QLocale().toString(50));

    values.concurrency.reset();
    values.requestRate = 2.5;
    const MappedWorkload open = map(values);
    ASSERT_TRUE(open.isValid()) << open.errors.value(0).reason.toStdString();
    ASSERT_TRUE(open.resolved.workload->traffic.has_value());
    EXPECT_EQ(open.resolved.workload->traffic->requestRate, 2.5);
}

// The KV cache's recipe follows the weights chosen, not the task's default weights.
TEST_F(WorkloadMapperTest, KvRecipeFollowsTheChosenWeights)
{
    WorkloadRequest values;
    values.weightPrecision = Precision::Fp8;
    const MappedWorkload mapped = map(values);
    ASSERT_TRUE(mapped.isValid());
    EXPECT_EQ(mapped.resolved.workload->kvPrecision, Precision::Fp8);
    EXPECT_EQ(mapped.recipeDefaults.value(QStringLiteral("kvPrecision")), QStringLiteral("fp8"));
}

// Without a load there is no simulation: targets alone, or a load kept in a training form, are not sent.
TEST_F(WorkloadMapperTest, NoLoadNoTrafficAndTrainingIgnoresTheLoad)
{
    WorkloadRequest values;
    values.ttftP90Ms = 2000.0;
    values.dataset = QStringLiteral("sharegpt");
    const WorkloadRequest request = WorkloadFormLayout::sent(values);
    EXPECT_FALSE(request.ttftP90Ms.has_value());
    EXPECT_FALSE(request.dataset.has_value());
    EXPECT_TRUE(request.inputTokens.has_value()) << "without a load the dataset does not set the lengths";
    const MappedWorkload mapped = map(values);
    ASSERT_TRUE(mapped.isValid());
    EXPECT_FALSE(mapped.resolved.workload->traffic.has_value());

    values.concurrency = 50;
    // With a load, the ShareGPT table sets the lengths: the token counts are not sent.
    const WorkloadRequest shareGpt = WorkloadFormLayout::sent(values);
    EXPECT_EQ(shareGpt.dataset, QStringLiteral("sharegpt"));
    EXPECT_FALSE(shareGpt.inputTokens.has_value());
    EXPECT_FALSE(shareGpt.outputTokens.has_value());

    values.task = Task::Training;
    const WorkloadRequest training = WorkloadFormLayout::sent(values);
    EXPECT_FALSE(training.concurrency.has_value());
    EXPECT_FALSE(training.ttftP90Ms.has_value());
}

// The network goes only with a run that can span nodes, and only when it is not the default.
TEST_F(WorkloadMapperTest, TheNetworkIsSentOnlyForARunAcrossNodes)
{
    WorkloadRequest values = task(Task::Training);
    values.networkGbps = 200.0;
    values.gpus = 8;
    values.gpusPerNode = 8;
    EXPECT_FALSE(WorkloadFormLayout::sent(values).networkGbps.has_value()) << "one node";
    values.gpus = 16;
    EXPECT_EQ(WorkloadFormLayout::sent(values).networkGbps, 200.0);
    values.networkGbps = WorkloadDefaults::kNetworkGbps;
    EXPECT_FALSE(WorkloadFormLayout::sent(values).networkGbps.has_value()) << "the default";
}

// A load the resolver refuses is reported at the form field that holds it.
TEST_F(WorkloadMapperTest, ABadLoadIsReportedAtItsField)
{
    WorkloadRequest values;
    values.concurrency = -4; // the spin box stops at 0; a hand-edited scenario does not
    EXPECT_EQ(errorField(values), WorkloadField::Concurrency);

    values = WorkloadRequest();
    values.requestRate = -1.0;
    EXPECT_EQ(errorField(values), WorkloadField::RequestRate);
}

// "max" requests in flight in the form is the command line's --batch max (a request batch of 0: as many as
// fit); the estimate then serves the largest batch that fits. (The form's side: WorkloadFormTest.)
TEST_F(WorkloadMapperTest, MaxRequestsInFlightIsTheCommandLinesBatchMax)
{
    WorkloadRequest values;
    values.batch = 0;
    const WorkloadRequest request = WorkloadFormLayout::sent(values);
    ASSERT_TRUE(request.batch.has_value());
    EXPECT_EQ(*request.batch, 0);
    const MappedWorkload mapped = map(values);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.resolved.workload->batch, 0);
}

// The training recipe the form has beside the command line's options (math precision, optimizer, LoRA rank)
// and the years the cards are owned: form -> request -> scenario JSON -> request, unchanged.
TEST_F(WorkloadMapperTest, TrainingRecipeAndOwnershipRoundTripThroughTheRequestAndAScenario)
{
    WorkloadRequest form = task(Task::Lora);
    form.activationPrecision = Precision::Fp16;
    form.optimizer = Optimizer::Adam8bit;
    form.loraRank = 64;
    form.ownYears = 3.0;
    const WorkloadRequest request = WorkloadFormLayout::sent(form);
    EXPECT_EQ(request.activationPrecision, Precision::Fp16);
    EXPECT_EQ(request.optimizer, Optimizer::Adam8bit);
    EXPECT_EQ(request.loraRank, 64);
    EXPECT_EQ(request.ownYears, 3.0);

    QString error;
    const std::optional<WorkloadRequest> back =
        WorkloadRequestJson::fromJson(WorkloadRequestJson::toJson(request), &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(*back, request);
    EXPECT_EQ(WorkloadFormLayout::sent(*back), request);

    const MappedWorkload mapped = map(form);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.resolved.workload->activationPrecision, Precision::Fp16);
    EXPECT_EQ(mapped.resolved.workload->optimizer, Optimizer::Adam8bit);
    EXPECT_EQ(mapped.resolved.workload->loraRank, 64);
    EXPECT_TRUE(mapped.resolved.workload->ownsCards);

    // Full training has no adapters: the rank stays in the form, out of the request.
    form.task = Task::Training;
    EXPECT_FALSE(WorkloadFormLayout::sent(form).loraRank.has_value());
    // A rental price and owned cards contradict each other: said at the years.
    form.usdPerGpuHour = 2.0;
    const MappedWorkload both = map(form);
    ASSERT_FALSE(both.isValid());
    EXPECT_EQ(both.errors.value(0).field, WorkloadField::OwnYears);
}

// A request as the planner returns one, sent by the form as it came (WorkloadFormTest's
// ARequestComesBackTheSameAndKeepsTheOtherTasksValues), resolves.
TEST_F(WorkloadMapperTest, APlannersServingRequestIsSentAsItIsAndResolves)
{
    const WorkloadRequest serving = WorkloadTestData::plannersServingRequest();
    EXPECT_EQ(WorkloadFormLayout::sent(serving), serving);
    EXPECT_TRUE(map(serving).isValid()) << map(serving).errors.value(0).reason.toStdString();
}
