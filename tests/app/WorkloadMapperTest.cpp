#include "Catalogue.h"
#include "WorkloadMapper.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

class WorkloadMapperTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        CatalogueError error;
        auto catalogue = Catalogue::open(m_dir.filePath(QStringLiteral("c.db")),
                                         {Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed}, &error);
        ASSERT_TRUE(catalogue) << error.message.toStdString();
        m_snapshot = *catalogue->snapshot();
    }

    QString errorField(const WorkloadFormValues &values) const
    {
        const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
        return mapped.errors.isEmpty() ? QString() : mapped.errors.first().field;
    }

    QTemporaryDir m_dir;
    CatalogueSnapshot m_snapshot;
};

} // namespace

TEST_F(WorkloadMapperTest, TheDefaultFormIsAUsableWorkloadWithTheServingProfile)
{
    const MappedWorkload mapped = WorkloadMapper::map(WorkloadFormValues(), m_snapshot);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.workload->model.modelId, QStringLiteral("llama-3-8b"));
    EXPECT_EQ(mapped.parameters.profileId, QStringLiteral("vllm"));
    EXPECT_EQ(mapped.workload->tensorParallel, 0); // automatic split
    EXPECT_TRUE(mapped.summary.contains(QStringLiteral("Llama-3 8B")));
}

TEST_F(WorkloadMapperTest, TrainingOnManyGpusDefaultsToMegatronAndQloraToA4BitBase)
{
    WorkloadFormValues values;
    values.task = QStringLiteral("training");
    values.gpus = 64;
    EXPECT_EQ(WorkloadMapper::map(values, m_snapshot).parameters.profileId, QStringLiteral("megatron"));
    values.gpus = 8;
    EXPECT_EQ(WorkloadMapper::map(values, m_snapshot).parameters.profileId, QStringLiteral("pytorch-amp"));

    values.task = QStringLiteral("qlora");
    const MappedWorkload qlora = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(qlora.isValid());
    EXPECT_EQ(qlora.workload->weightPrecision, Precision::Int4);
    EXPECT_EQ(qlora.workload->activationPrecision, Precision::Bf16);
}

TEST_F(WorkloadMapperTest, WeightOnlyFormatsComputeAt16Bits)
{
    WorkloadFormValues values;
    values.weightPrecision = QStringLiteral("q4_k_m");
    const MappedWorkload mapped = WorkloadMapper::map(values, m_snapshot);
    ASSERT_TRUE(mapped.isValid());
    EXPECT_EQ(mapped.workload->activationPrecision, Precision::Fp16);
}

TEST_F(WorkloadMapperTest, EachProblemIsReportedAtTheFieldThatCausesIt)
{
    WorkloadFormValues values;
    values.tensorParallel = 3; // 3 does not divide 1 GPU
    EXPECT_EQ(errorField(values), QStringLiteral("tensorParallel"));

    values = WorkloadFormValues();
    values.pipelineParallel = 2;
    values.gpus = 1;
    EXPECT_EQ(errorField(values), QStringLiteral("pipelineParallel"));

    values = WorkloadFormValues();
    values.task = QStringLiteral("training");
    values.weightPrecision = QStringLiteral("q4_k_m"); // full training of GGUF weights is not a thing
    EXPECT_EQ(errorField(values), QStringLiteral("weightPrecision"));

    values = WorkloadFormValues();
    values.modelId = QStringLiteral("no-such-model");
    EXPECT_EQ(errorField(values), QStringLiteral("model"));

    values = WorkloadFormValues();
    values.profileId = QStringLiteral("no-such-profile");
    EXPECT_EQ(errorField(values), QStringLiteral("profile"));
}
