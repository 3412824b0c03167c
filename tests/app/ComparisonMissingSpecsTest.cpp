// A GPU just added to the catalogue, with some datasheet values still empty, on the Compare tab: each
// number that needs a missing value says which one ("needs memory bandwidth") in the table, the math
// panel and the charts, and is never starred as the best of its row.
#include "app/analysis/Estimator.h"
#include "app/comparison/ChartKind.h"
#include "app/comparison/ComparisonPresenter.h"
#include "tests/app/SeedSnapshotTest.h"
#include "widgets/compare/ComparisonTableModel.h"

#include <gtest/gtest.h>

namespace {

class ComparisonMissingSpecs : public SeedSnapshotTest
{
protected:
    // The seed H100 and a copy of it under another id lacking the values `clear` removes.
    ComparisonPresentation compare(const std::function<void(GpuSpec &)> &clear)
    {
        m_gpus = seedGpus({"h100_sxm5_80gb"});
        GpuSpec added = m_gpus.constFirst();
        added.gpuId = QStringLiteral("new_gpu");
        added.product = QStringLiteral("New GPU");
        added.variant.clear();
        clear(added);
        m_gpus << added;
        Workload w;
        w.model = *m_snapshot.findModel(QStringLiteral("llama-3-8b"));
        w.batch = 8;
        m_estimates = Estimator::estimateAll(m_gpus, w, *m_snapshot.findProfile(QStringLiteral("vllm")));
        return ComparisonPresentation::build(
            ComparisonInput{m_gpus, m_estimates, QString(), {}, false, {}, {}});
    }

    static const ComparisonRow &row(const ComparisonPresentation &p, const QString &id)
    {
        for (const ComparisonRow &r : p.table().rows)
            if (r.id == id)
                return r;
        static ComparisonRow none;
        ADD_FAILURE() << "no row " << id.toStdString();
        return none;
    }

    QVector<GpuSpec> m_gpus;
    QVector<Estimate> m_estimates;
};

} // namespace

TEST_F(ComparisonMissingSpecs, NoMemorySizeSaysSoAndIsNeverTheBest)
{
    const ComparisonPresentation p = compare([](GpuSpec &g) { g.memoryGb.reset(); });
    const ComparisonRow &memory = row(p, QStringLiteral("fit.memory"));
    EXPECT_TRUE(memory.values.at(0));
    EXPECT_FALSE(memory.values.at(1)) << "shown as " << memory.values.at(1).value_or(-1.0);
    EXPECT_EQ(memory.missing.value(1), QStringLiteral("needs memory size"));
    EXPECT_EQ(row(p, QStringLiteral("infer.ttft")).missing.value(1), QStringLiteral("needs memory size"));

    ComparisonTableModel model;
    model.setComparison(p.table());
    const int line = model.modelRowFor(QStringLiteral("fit.memory"));
    ASSERT_GE(line, 0);
    const QModelIndex cell = model.index(line, ComparisonTableModel::FirstValueColumn + 1);
    EXPECT_EQ(cell.data().toString(), QStringLiteral("needs memory size"));
    EXPECT_FALSE(cell.data(ComparisonTableModel::IsBestRole).toBool());
    EXPECT_FALSE(cell.data().toString().contains(ComparisonTableModel::marker()));
    EXPECT_EQ(cell.data(Qt::AccessibleTextRole).toString(), QStringLiteral("needs memory size"));
    // One GPU with a value left: nothing to compare, nobody starred.
    EXPECT_FALSE(model.index(line, ComparisonTableModel::FirstValueColumn)
                     .data(ComparisonTableModel::IsBestRole)
                     .toBool());

    const ChartData fit = p.chart(ChartKind::Fit);
    ASSERT_EQ(fit.series.size(), 2);
    EXPECT_FALSE(fit.series.at(1).values.value(0));
    EXPECT_TRUE(fit.footnote.contains(QStringLiteral("New GPU: needs memory size")))
        << fit.footnote.toStdString();
}

TEST_F(ComparisonMissingSpecs, NoBandwidthKeepsTheFitAndSaysWhatTheSpeedNeeds)
{
    const ComparisonPresentation p = compare([](GpuSpec &g) { g.memoryBandwidthGBs.reset(); });
    const ComparisonRow &memory = row(p, QStringLiteral("fit.memory"));
    ASSERT_TRUE(memory.values.at(1));
    EXPECT_NEAR(*memory.values.at(1), *memory.values.at(0), 1e-9);
    EXPECT_TRUE(memory.missing.value(1).isEmpty());
    for (const char *id : {"infer.ttft", "infer.tpot", "infer.throughput", "cost.energy"}) {
        const ComparisonRow &speed = row(p, QString::fromLatin1(id));
        EXPECT_FALSE(speed.values.at(1)) << id;
        EXPECT_EQ(speed.missing.value(1), QStringLiteral("needs memory bandwidth")) << id;
        EXPECT_TRUE(speed.values.at(0)) << id;
    }
    // The price is the catalogue's, shown as such.
    EXPECT_TRUE(row(p, QStringLiteral("cost.gpu-hour")).missing.value(1).isEmpty());

    // The math panel says what is missing instead of a formula with a 0 in it.
    const QVector<MathTermView> math = p.math(QStringLiteral("infer.ttft"), 1, &m_estimates.at(1));
    ASSERT_EQ(math.size(), 1);
    EXPECT_EQ(math.first().formula, QStringLiteral("needs memory bandwidth"));
    EXPECT_FALSE(math.first().value);

    const ChartData latency = p.chart(ChartKind::Latency);
    EXPECT_FALSE(latency.series.at(1).values.value(0));
    EXPECT_TRUE(latency.footnote.contains(QStringLiteral("needs memory bandwidth")))
        << latency.footnote.toStdString();

    ASSERT_EQ(p.verdicts().size(), 2);
    EXPECT_EQ(p.verdicts().at(0).inference, VerdictLevel::Recommended);
    EXPECT_NE(p.verdicts().at(1).inference, VerdictLevel::Recommended);
    EXPECT_TRUE(
        p.verdicts().at(1).inferenceReasons.join(u'\n').contains(QStringLiteral("needs memory bandwidth")));
}

// A GPU with a datasheet value far off (1e-300 TFLOPS): its speed is marked out of range, printed compactly,
// and never the best.
TEST_F(ComparisonMissingSpecs, AnOutOfRangeSpeedIsMarkedAndNeverTheBest)
{
    const ComparisonPresentation p = compare([](GpuSpec &g) { g.fp16DenseTflops = 1e-300; });
    const ComparisonRow &ttft = row(p, QStringLiteral("infer.ttft"));
    ASSERT_TRUE(ttft.values.at(1));
    EXPECT_EQ(ttft.notes.value(1), QStringLiteral("out of range"));
    EXPECT_TRUE(ttft.notes.value(0).isEmpty());
    ComparisonTableModel model;
    model.setComparison(p.table());
    const int line = model.modelRowFor(QStringLiteral("infer.ttft"));
    const QString text = model.index(line, ComparisonTableModel::FirstValueColumn + 1).data().toString();
    EXPECT_LT(text.size(), 40) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("out of range"))) << text.toStdString();
    EXPECT_TRUE(model.index(line, ComparisonTableModel::FirstValueColumn)
                    .data(ComparisonTableModel::IsBestRole)
                    .toBool());
    EXPECT_FALSE(model.index(line, ComparisonTableModel::FirstValueColumn + 1)
                     .data(ComparisonTableModel::IsBestRole)
                     .toBool());
    EXPECT_NE(p.verdicts().at(1).inference, VerdictLevel::Recommended);
}

// A GPU without its board power (TDP): speed and rental are known, but the energy rows would read 0 J,
// $0 and 0 kWh, the best of a lower-is-better row. They say what they need and are never starred.
TEST_F(ComparisonMissingSpecs, NoBoardPowerLeavesTheEnergyRowsOutAndNeverTheBest)
{
    const ComparisonPresentation p = compare([](GpuSpec &g) { g.tdpW.reset(); });
    EXPECT_TRUE(row(p, QStringLiteral("infer.ttft")).values.at(1)) << "speed needs no TDP";
    for (const char *id : {"cost.energy", "cost.electricity"}) {
        const ComparisonRow &energy = row(p, QString::fromLatin1(id));
        EXPECT_TRUE(energy.values.at(0)) << id;
        EXPECT_FALSE(energy.values.at(1)) << id << " shown as " << energy.values.at(1).value_or(-1.0);
        EXPECT_EQ(energy.missing.value(1), QStringLiteral("needs board power (TDP)")) << id;
    }

    ComparisonTableModel model;
    model.setComparison(p.table());
    const int line = model.modelRowFor(QStringLiteral("cost.energy"));
    ASSERT_GE(line, 0);
    const QModelIndex cell = model.index(line, ComparisonTableModel::FirstValueColumn + 1);
    EXPECT_EQ(cell.data().toString(), QStringLiteral("needs board power (TDP)"));
    EXPECT_FALSE(cell.data(ComparisonTableModel::IsBestRole).toBool());

    const QVector<MathTermView> math = p.math(QStringLiteral("cost.energy"), 1, &m_estimates.at(1));
    ASSERT_EQ(math.size(), 1);
    EXPECT_EQ(math.first().formula, QStringLiteral("needs board power (TDP)"));
}

// Training adds the energy for the token budget (kWh), which needs the TDP too.
TEST_F(ComparisonMissingSpecs, NoBoardPowerLeavesTheTrainingEnergyOut)
{
    m_gpus = seedGpus({"h100_sxm5_80gb"});
    GpuSpec added = m_gpus.constFirst();
    added.gpuId = QStringLiteral("new_gpu");
    added.tdpW.reset();
    m_gpus << added;
    Workload w;
    w.model = *m_snapshot.findModel(QStringLiteral("llama-3-8b"));
    w.task = Task::Training;
    w.gpuCount = 8;
    w.trainTokens = 1e10;
    w.batch = 16;
    w.microBatch = 2;
    m_estimates = Estimator::estimateAll(m_gpus, w, *m_snapshot.findProfile(QStringLiteral("pytorch-amp")));
    const ComparisonPresentation p =
        ComparisonPresentation::build(ComparisonInput{m_gpus, m_estimates, QString(), {}, false, {}, {}});
    const ComparisonRow &energy = row(p, QStringLiteral("train.energy"));
    EXPECT_TRUE(energy.values.at(0));
    EXPECT_FALSE(energy.values.at(1)) << "shown as " << energy.values.at(1).value_or(-1.0);
    EXPECT_EQ(energy.missing.value(1), QStringLiteral("needs board power (TDP)"));
}
