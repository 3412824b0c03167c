// The math panel behind the comparison table: every workload row names the terms that explain it by id,
// and an estimate of the matching task has them, so renaming a term can no longer empty a panel.
#include "app/analysis/Estimator.h"
#include "app/analysis/OutputQuantity.h"
#include "app/comparison/ComparisonPresenter.h"
#include "tests/app/SeedSnapshotTest.h"

#include <QSet>
#include <gtest/gtest.h>

namespace {

class ComparisonMath : public SeedSnapshotTest
{
protected:
    void SetUp() override
    {
        SeedSnapshotTest::SetUp();
        m_gpus =
            seedGpus({"h100_sxm5_80gb", "a100_sxm4_80gb", "h200_sxm_141gb", "rtx_a6000_48gb", "l40s_48gb"});
        ASSERT_EQ(m_gpus.size(), 5);
    }

    // The comparison of the five GPUs for Llama-3 8B, every estimate made with its math.
    ComparisonPresentation compare(Task task, int gpus, QVector<Estimate> *estimates) const
    {
        Workload w;
        w.model = *m_snapshot.findModel(QStringLiteral("llama-3-8b"));
        w.task = task;
        w.gpuCount = gpus;
        w.trainTokens = 1e10;
        if (Tasks::isTraining(task)) {
            w.batch = 16;
            w.microBatch = 2;
            if (task == Task::Qlora)
                w.weightPrecision = Precision::Int4;
        }
        const EfficiencyProfile *profile = m_snapshot.findProfile(
            Tasks::isTraining(task) ? QStringLiteral("pytorch-amp") : QStringLiteral("vllm"));
        EXPECT_TRUE(profile);
        *estimates = Estimator::estimateAll(m_gpus, w, *profile);
        EXPECT_EQ(estimates->size(), m_gpus.size());
        return ComparisonPresentation::build(
            ComparisonInput{m_gpus, *estimates, QString(), {}, false, {}, {}});
    }

    QVector<GpuSpec> m_gpus;
};

bool isWorkloadRow(const QString &rowId)
{
    for (const char *section : {"fit.", "infer.", "train.", "cost."})
        if (rowId.startsWith(QLatin1String(section)))
            return true;
    return false;
}

} // namespace

TEST_F(ComparisonMath, EveryWorkloadRowIsExplainedByTermsOfItsEstimate)
{
    QSet<QString> rowsSeen;
    for (const Task task : {Task::Inference, Task::Training, Task::Lora, Task::Qlora}) {
        for (const int gpus : {1, 8}) {
            QVector<Estimate> estimates;
            const ComparisonPresentation presentation = compare(task, gpus, &estimates);
            for (const ComparisonRow &row : presentation.table().rows) {
                if (!isWorkloadRow(row.id))
                    continue;
                rowsSeen.insert(row.id);
                const std::string where = row.id.toStdString() + ", " + Tasks::name(task).toStdString() +
                                          ", " + std::to_string(gpus) + " GPUs";
                const QVector<MathTermId> ids = ComparisonPresentation::mathTermsFor(row.id);
                ASSERT_FALSE(ids.isEmpty()) << where << ": no terms explain this row";
                QSet<QString> names;
                for (const MathTermId id : ids)
                    names.insert(MathTerms::displayName(id));
                for (int column = 0; column < estimates.size(); ++column) {
                    const Estimate &estimate = estimates.at(column);
                    const bool present =
                        std::any_of(estimate.math.cbegin(), estimate.math.cend(),
                                    [&ids](const MathTerm &t) { return ids.contains(t.id); });
                    EXPECT_TRUE(present) << where << " on " << estimate.gpuId.toStdString();
                    // The panel shows those terms and nothing else but the estimate's notes.
                    int shown = 0;
                    for (const MathTermView &view : presentation.math(row.id, column)) {
                        if (!view.value)
                            continue; // a note
                        ++shown;
                        EXPECT_TRUE(names.contains(view.name))
                            << where << " shows " << view.name.toStdString();
                    }
                    EXPECT_GT(shown, 0) << where << " on " << estimate.gpuId.toStdString();
                }
            }
        }
    }
    // Every workload row of both tasks took part.
    for (const char *row :
         {"fit.memory",        "fit.min-gpus", "fit.replicas",     "fit.peak",         "infer.requests",
          "infer.ttft",        "infer.tpot",   "infer.decode",     "infer.throughput", "infer.max-batch",
          "infer.max-context", "train.batch",  "train.step",       "train.tokens",     "train.samples",
          "train.mfu",         "train.budget", "train.gpu-hours",  "cost.gpu-hour",    "cost.per-million",
          "cost.budget",       "cost.energy",  "cost.electricity", "cost.power"})
        EXPECT_TRUE(rowsSeen.contains(QString::fromLatin1(row))) << row;
}

TEST_F(ComparisonMath, TheHeadlineNumberOfARowIsAmongItsTerms)
{
    const struct
    {
        Task task;
        const char *row;
        MathTermId term;
    } expected[] = {
        {Task::Inference, "fit.memory", MathTermId::MemoryPerGpu},
        {Task::Inference, "infer.ttft", MathTermId::TimeToFirstToken},
        {Task::Inference, "infer.tpot", MathTermId::TimePerOutputToken},
        {Task::Inference, "infer.throughput", MathTermId::EndToEndThroughput},
        {Task::Inference, "infer.max-batch", MathTermId::LargestBatch},
        {Task::Inference, "cost.per-million", MathTermId::RentalPerMillionTokens},
        {Task::Training, "train.step", MathTermId::StepTime},
        {Task::Training, "train.tokens", MathTermId::TrainingTokensPerSecond},
        {Task::Training, "train.mfu", MathTermId::Mfu},
        {Task::Training, "train.gpu-hours", MathTermId::BudgetGpuHours},
        {Task::Training, "cost.budget", MathTermId::RentalForBudget},
    };
    for (const auto &e : expected) {
        QVector<Estimate> estimates;
        const ComparisonPresentation presentation = compare(e.task, 8, &estimates);
        const QVector<MathTermView> views = presentation.math(QString::fromLatin1(e.row), 0);
        EXPECT_TRUE(std::any_of(views.cbegin(), views.cend(), [&e](const MathTermView &v) {
            return v.name == MathTerms::displayName(e.term);
        })) << e.row;
    }
}

TEST(ComparisonMathTerms, ARowsTermsIncludeTheTermItsQuantityIs)
{
    // OutputQuantity names the term each number is; the panel of its row shows that term among the others.
    for (const OutputQuantityInfo &q : OutputQuantities::all()) {
        if (!q.term || q.kind == QuantityKind::Serving) // a serving row shows its simulation instead
            continue;
        EXPECT_TRUE(ComparisonPresentation::mathTermsFor(QLatin1String(q.rowId)).contains(*q.term))
            << q.rowId;
    }
}
