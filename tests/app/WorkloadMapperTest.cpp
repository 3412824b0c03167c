#include "app/comparison/WorkloadMapper.h"

#include "app/scenario/WorkloadRequestJson.h"
#include "tests/app/SeedSnapshotTest.h"

namespace {

class WorkloadMapperTest : public SeedSnapshotTest
{
protected:
    std::optional<WorkloadField> errorField(const WorkloadFormValues &values) const
    {
        const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
        if (mapped.errors.isEmpty())
            return std::nullopt;
        return mapped.errors.first().field;
    }
};

} // namespace

TEST_F(WorkloadMapperTest, TheDefaultFormIsAUsableWorkloadWithTheServingProfile)
{
    const MappedWorkload mapped = WorkloadMapper::map(WorkloadFormValues(), m_snapshot);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.resolved.workload->model.modelId, QStringLiteral("llama-3-8b"));
    EXPECT_EQ(mapped.resolved.parameters.profileId, QStringLiteral("vllm"));
    EXPECT_EQ(mapped.resolved.workload->tensorParallel, 0); // automatic split
    EXPECT_TRUE(mapped.summary.contains(QStringLiteral("Llama-3 8B")));
}

TEST_F(WorkloadMapperTest, TrainingOnSeveralGpusDefaultsToFsdpAndQloraToA4BitBase)
{
    WorkloadFormValues values;
    values.task = QStringLiteral("training");
    values.gpus = 64;
    EXPECT_EQ(WorkloadMapper::map(values, m_snapshot).resolved.parameters.profileId, QStringLiteral("fsdp"));
    values.gpus = 8;
    EXPECT_EQ(WorkloadMapper::map(values, m_snapshot).resolved.parameters.profileId, QStringLiteral("fsdp"));
    values.gpus = 1; // a decoder LLM on one GPU: the same FSDP stack
    EXPECT_EQ(WorkloadMapper::map(values, m_snapshot).resolved.parameters.profileId, QStringLiteral("fsdp"));

    values.task = QStringLiteral("qlora");
    const MappedWorkload qlora = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(qlora.isValid());
    EXPECT_EQ(qlora.resolved.workload->weightPrecision, Precision::Int4);
    EXPECT_EQ(qlora.resolved.workload->activationPrecision, Precision::Bf16);
}

TEST_F(WorkloadMapperTest, WeightOnlyFormatsComputeAt16Bits)
{
    WorkloadFormValues values;
    values.weightPrecision = QStringLiteral("q4_k_m");
    const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(mapped.isValid());
    EXPECT_EQ(mapped.resolved.workload->activationPrecision, Precision::Fp16);
}

TEST_F(WorkloadMapperTest, EachProblemIsReportedAtTheFieldThatCausesIt)
{
    WorkloadFormValues values;
    values.tensorParallel = 3; // 3 does not divide 1 GPU
    EXPECT_EQ(errorField(values), WorkloadField::TensorParallel);

    values = WorkloadFormValues();
    values.pipelineParallel = 2;
    values.gpus = 1;
    EXPECT_EQ(errorField(values), WorkloadField::PipelineParallel);

    values = WorkloadFormValues();
    values.task = QStringLiteral("training");
    values.weightPrecision = QStringLiteral("q4_k_m"); // full training of GGUF weights is not a thing
    EXPECT_EQ(errorField(values), WorkloadField::WeightPrecision);

    values = WorkloadFormValues();
    values.modelId = QStringLiteral("no-such-model");
    EXPECT_EQ(errorField(values), WorkloadField::Model);

    values = WorkloadFormValues();
    values.profileId = QStringLiteral("no-such-profile");
    EXPECT_EQ(errorField(values), WorkloadField::Profile);
}

// The form sends only what the task uses: values kept in greyed-out fields do not reach the request.
TEST_F(WorkloadMapperTest, FieldsTheTaskDoesNotUseStayOutOfTheRequest)
{
    WorkloadFormValues values;
    values.task = QStringLiteral("inference");
    values.sequenceLength = 8192;
    values.zeroStage = 3;
    values.recompute = QStringLiteral("full");
    QVector<WorkloadFieldError> errors;
    const WorkloadRequest request = WorkloadMapper::requestFrom(values, &errors);
    EXPECT_TRUE(errors.isEmpty());
    EXPECT_FALSE(request.sequenceLength.has_value());
    EXPECT_FALSE(request.zeroStage.has_value());
    EXPECT_FALSE(request.recompute.has_value());
    EXPECT_EQ(request.inputTokens, values.inputTokens);

    values.task = QStringLiteral("training");
    const WorkloadRequest training = WorkloadMapper::requestFrom(values, &errors);
    EXPECT_FALSE(training.inputTokens.has_value());
    EXPECT_EQ(training.sequenceLength, 8192);
    EXPECT_EQ(training.zeroStage, 3);
}

// What the form's recipe choices say is what the resolver uses.
TEST_F(WorkloadMapperTest, RecipeDefaultsNameWhatTheResolverUses)
{
    WorkloadFormValues values;
    values.task = QStringLiteral("qlora");
    const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
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
    WorkloadFormValues values;
    values.concurrency = 50;
    values.ttftP90TargetMs = 2000.0;
    values.tpotP90TargetMs = 60.0;
    QVector<WorkloadFieldError> errors;
    const WorkloadRequest request = WorkloadMapper::requestFrom(values, &errors);
    EXPECT_TRUE(errors.isEmpty());
    EXPECT_EQ(request.concurrency, 50);
    EXPECT_FALSE(request.requestRate.has_value());
    EXPECT_EQ(request.ttftP90Ms, 2000.0);
    EXPECT_EQ(request.tpotP90Ms, 60.0);

    const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    ASSERT_TRUE(mapped.resolved.workload->traffic.has_value());
    EXPECT_EQ(mapped.resolved.workload->traffic->concurrency, 50);
    EXPECT_EQ(mapped.resolved.workload->traffic->ttftP90TargetMs, 2000.0);
    EXPECT_EQ(mapped.resolved.workload->traffic->tpotP90TargetMs, 60.0);
    // The empty batch field shows what the recipe made of it: the users are the requests in flight.
    EXPECT_EQ(mapped.recipeDefaults.value(QStringLiteral("batch")), QLocale().toString(50));

    values.concurrency = 0;
    values.requestRate = 2.5;
    const MappedWorkload open = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(open.isValid()) << open.errors.value(0).reason.toStdString();
    ASSERT_TRUE(open.resolved.workload->traffic.has_value());
    EXPECT_EQ(open.resolved.workload->traffic->requestRate, 2.5);
}

// The KV cache's recipe follows the weights chosen, not the task's default weights.
TEST_F(WorkloadMapperTest, KvRecipeFollowsTheChosenWeights)
{
    WorkloadFormValues values;
    values.weightPrecision = QStringLiteral("fp8");
    const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(mapped.isValid());
    EXPECT_EQ(mapped.resolved.workload->kvPrecision, Precision::Fp8);
    EXPECT_EQ(mapped.recipeDefaults.value(QStringLiteral("kvPrecision")), QStringLiteral("fp8"));
}

// Without a load there is no simulation: targets alone, or a load kept in a training form, are not sent.
TEST_F(WorkloadMapperTest, NoLoadNoTrafficAndTrainingIgnoresTheLoad)
{
    WorkloadFormValues values;
    values.ttftP90TargetMs = 2000.0;
    QVector<WorkloadFieldError> errors;
    const WorkloadRequest request = WorkloadMapper::requestFrom(values, &errors);
    EXPECT_FALSE(request.ttftP90Ms.has_value());
    const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(mapped.isValid());
    EXPECT_FALSE(mapped.resolved.workload->traffic.has_value());

    values.concurrency = 50;
    values.task = QStringLiteral("training");
    const WorkloadRequest training = WorkloadMapper::requestFrom(values, &errors);
    EXPECT_FALSE(training.concurrency.has_value());
    EXPECT_FALSE(training.ttftP90Ms.has_value());
}

// A load the resolver refuses is reported at the form field that holds it.
TEST_F(WorkloadMapperTest, ABadLoadIsReportedAtItsField)
{
    WorkloadFormValues values;
    values.concurrency = -4; // the spin box stops at 0; a hand-edited settings file does not
    EXPECT_EQ(errorField(values), WorkloadField::Concurrency);

    values = WorkloadFormValues();
    values.requestRate = -1.0;
    EXPECT_EQ(errorField(values), WorkloadField::RequestRate);
}

// The reverse of requestFrom: a request (as the planner returns one) goes into the form and comes back the
// same; the values the task does not use stay as the form had them.
TEST_F(WorkloadMapperTest, FormValuesFromARequestGiveTheSameRequestBack)
{
    WorkloadRequest serving;
    serving.modelId = QStringLiteral("llama-3.3-70b");
    serving.task = Task::Inference;
    serving.weightPrecision = Precision::Fp8;
    serving.inputTokens = 1024;
    serving.outputTokens = 256;
    serving.gpus = 4;
    serving.tensorParallel = 2;
    serving.pipelineParallel = 1;
    serving.usdPerGpuHour = 2.5;
    serving.usdPerKwh = 0.12;
    serving.concurrency = 50;
    serving.ttftP90Ms = 2000.0;
    serving.tpotP90Ms = 50.0;
    serving.maxNumSeqs = 64;

    WorkloadFormValues before;
    before.sequenceLength = 8192; // a training value, greyed out under inference
    before.microBatch = 4;
    const WorkloadFormValues values = WorkloadMapper::formValuesFrom(serving, before);
    EXPECT_EQ(values.gpus, 4);
    EXPECT_EQ(values.tensorParallel, 2);
    EXPECT_EQ(values.weightPrecision, QStringLiteral("fp8"));
    EXPECT_EQ(values.maxNumSeqs, 64);
    EXPECT_EQ(values.sequenceLength, 8192);
    EXPECT_EQ(values.microBatch, 4);
    QVector<WorkloadFieldError> errors;
    EXPECT_EQ(WorkloadMapper::requestFrom(values, &errors), serving);
    EXPECT_TRUE(errors.isEmpty());
    EXPECT_TRUE(WorkloadMapper::map(values, m_snapshot).isValid());

    WorkloadRequest training;
    training.modelId = QStringLiteral("mpt-13b");
    training.task = Task::Training;
    training.weightPrecision = Precision::Bf16;
    training.sequenceLength = 2048;
    training.gpus = 64;
    training.tensorParallel = 2;
    training.pipelineParallel = 1;
    training.microBatch = 2;
    training.zeroStage = 1;
    training.recompute = Recompute::Selective;
    training.trainTokens = 1e12;
    training.networkGbps = 200.0;
    training.usdPerKwh = WorkloadDefaults::kUsdPerKwh;
    const WorkloadFormValues trainingValues = WorkloadMapper::formValuesFrom(training, values);
    EXPECT_EQ(trainingValues.task, QStringLiteral("training"));
    EXPECT_EQ(trainingValues.recompute, QStringLiteral("selective"));
    EXPECT_EQ(trainingValues.networkGbps, QStringLiteral("200"));
    EXPECT_EQ(trainingValues.concurrency, 50) << "the load stays in the form for when inference comes back";
    errors.clear();
    EXPECT_EQ(WorkloadMapper::requestFrom(trainingValues, &errors), training);
    EXPECT_TRUE(errors.isEmpty());

    // And every form the default values give: form -> request -> form -> request.
    for (const QString &task :
         {QStringLiteral("inference"), QStringLiteral("training"), QStringLiteral("qlora")}) {
        WorkloadFormValues form;
        form.task = task;
        const WorkloadRequest request = WorkloadMapper::requestFrom(form, &errors);
        EXPECT_EQ(WorkloadMapper::requestFrom(WorkloadMapper::formValuesFrom(request), &errors), request)
            << task.toStdString();
    }
}

// "max" requests in flight in the form is the command line's --batch max (a request batch of 0: as many as
// fit), both ways; the estimate then serves the largest batch that fits.
TEST_F(WorkloadMapperTest, MaxRequestsInFlightIsTheCommandLinesBatchMax)
{
    WorkloadFormValues values;
    values.batch = WorkloadFormValues::kMaxBatch;
    QVector<WorkloadFieldError> errors;
    const WorkloadRequest request = WorkloadMapper::requestFrom(values, &errors);
    ASSERT_TRUE(errors.isEmpty());
    ASSERT_TRUE(request.batch.has_value());
    EXPECT_EQ(*request.batch, 0);
    EXPECT_EQ(WorkloadMapper::formValuesFrom(request).batch, WorkloadFormValues::kMaxBatch);
    const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.resolved.workload->batch, 0);
}

// The training recipe the form has beside the command line's options (math precision, optimizer, LoRA rank)
// and the years the cards are owned: form -> request -> scenario JSON -> request -> form, unchanged.
TEST_F(WorkloadMapperTest, TrainingRecipeAndOwnershipRoundTripThroughTheRequestAndAScenario)
{
    WorkloadFormValues form;
    form.task = QStringLiteral("lora");
    form.activationPrecision = QStringLiteral("fp16");
    form.optimizer = QStringLiteral("adam8bit");
    form.loraRank = 64;
    form.ownYears = 3.0;
    QVector<WorkloadFieldError> errors;
    const WorkloadRequest request = WorkloadMapper::requestFrom(form, &errors);
    ASSERT_TRUE(errors.isEmpty()) << errors.value(0).reason.toStdString();
    EXPECT_EQ(request.activationPrecision, Precision::Fp16);
    EXPECT_EQ(request.optimizer, Optimizer::Adam8bit);
    EXPECT_EQ(request.loraRank, 64);
    EXPECT_EQ(request.ownYears, 3.0);

    QString error;
    const std::optional<WorkloadRequest> back =
        WorkloadRequestJson::fromJson(WorkloadRequestJson::toJson(request), &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(*back, request);
    EXPECT_EQ(WorkloadMapper::formValuesFrom(*back), form);

    const MappedWorkload mapped = WorkloadMapper::map(form, m_snapshot);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.resolved.workload->activationPrecision, Precision::Fp16);
    EXPECT_EQ(mapped.resolved.workload->optimizer, Optimizer::Adam8bit);
    EXPECT_EQ(mapped.resolved.workload->loraRank, 64);
    EXPECT_TRUE(mapped.resolved.workload->ownsCards);

    // Full training has no adapters: the rank stays in the form, out of the request.
    form.task = QStringLiteral("training");
    EXPECT_FALSE(WorkloadMapper::requestFrom(form, &errors).loraRank.has_value());
    // A rental price and owned cards contradict each other: said at the years.
    form.usdPerGpuHour = 2.0;
    const MappedWorkload both = WorkloadMapper::map(form, m_snapshot);
    ASSERT_FALSE(both.isValid());
    EXPECT_EQ(both.errors.value(0).field, WorkloadField::OwnYears);
}
