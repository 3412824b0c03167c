// Training at scale in the window: the form's training fields through WorkloadMapper, the Compare table's
// training rows and the step-time breakdown chart from real estimates (never hard-coded numbers: the
// profiles are refitted), and the scaling curves (ScalingCurves) against Estimator::estimate.
#include "app/analysis/Estimator.h"
#include "app/analysis/WorkloadDefaults.h"
#include "app/comparison/ComparisonPresenter.h"
#include "app/comparison/ScalingCurves.h"
#include "app/comparison/WorkloadMapper.h"
#include "tests/app/SeedSnapshotTest.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <gtest/gtest.h>

namespace {

const ComparisonRow *rowById(const ComparisonData &table, const QString &id)
{
    const auto it = std::find_if(table.rows.cbegin(), table.rows.cend(),
                                 [&id](const ComparisonRow &row) { return row.id == id; });
    return it == table.rows.cend() ? nullptr : &*it;
}

class TrainingPresentation : public SeedSnapshotTest
{
protected:
    void SetUp() override
    {
        SeedSnapshotTest::SetUp();
        m_gpus = seedGpus({"h100_sxm5_80gb", "a100_sxm4_80gb", "h200_sxm_141gb"});
        ASSERT_EQ(m_gpus.size(), 3);
    }

    // MPT-13B full training on `gpus` GPUs of each kind, as the form would send it.
    static WorkloadRequest mpt13b(int gpus)
    {
        WorkloadRequest values;
        values.modelId = QStringLiteral("mpt-13b");
        values.task = Task::Training;
        values.gpus = gpus;
        return values;
    }

    // What the form sends of these values, resolved.
    MappedWorkload map(const WorkloadRequest &values) const
    {
        return WorkloadMapper::map(WorkloadFormLayout::sent(values), m_snapshot);
    }

    std::optional<WorkloadField> errorField(const WorkloadRequest &values) const
    {
        const MappedWorkload mapped = map(values);
        return mapped.errors.isEmpty() ? std::nullopt : std::optional(mapped.errors.first().field);
    }

    QVector<GpuSpec> m_gpus;
};

} // namespace

TEST_F(TrainingPresentation, TheTrainingFieldsReachTheRequestOnlyWhenSet)
{
    WorkloadRequest values = mpt13b(64);
    // The form's editors at their defaults ("recipe: auto", 1, "auto", "catalogue", 400 Gb/s) send nothing.
    WorkloadRequest atDefaults = values;
    atDefaults.microBatch = 0;
    atDefaults.virtualStages = 1;
    atDefaults.contextParallel = 1;
    atDefaults.expertParallel = 0;
    atDefaults.gpusPerNode = 0;
    atDefaults.networkGbps = WorkloadDefaults::kNetworkGbps;
    const WorkloadRequest plain = map(atDefaults).request;
    for (const auto &field : {plain.microBatch, plain.virtualStages, plain.contextParallel,
                              plain.expertParallel, plain.gpusPerNode})
        EXPECT_FALSE(field.has_value());
    EXPECT_FALSE(plain.networkGbps.has_value()); // 400 Gb/s is the default

    values.microBatch = 2;
    values.pipelineParallel = 4;
    values.virtualStages = 2;
    values.contextParallel = 2;
    values.gpusPerNode = 4;
    values.networkGbps = 200.0;
    const MappedWorkload mapped = map(values);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EXPECT_EQ(mapped.request.microBatch, 2);
    EXPECT_EQ(mapped.request.virtualStages, 2);
    EXPECT_EQ(mapped.request.contextParallel, 2);
    EXPECT_EQ(mapped.request.gpusPerNode, 4);
    EXPECT_EQ(mapped.request.networkGbps, 200.0);
    const Workload &w = *mapped.resolved.workload;
    EXPECT_EQ(w.microBatch, 2);
    EXPECT_EQ(w.virtualStages, 2);
    EXPECT_EQ(w.contextParallel, 2);
    EXPECT_EQ(w.gpusPerNode, 4);
    EXPECT_EQ(w.networkGbps, 200.0);

    // Another value (typed with its unit, "800 Gb/s", the form reads it: WorkloadFormTest).
    values.networkGbps = 800.0;
    EXPECT_EQ(map(values).request.networkGbps, 800.0);
}

TEST_F(TrainingPresentation, TheNetworkIsLeftOutWhereTheRunFitsInOneNode)
{
    WorkloadRequest values = mpt13b(1);
    values.networkGbps = 100.0;
    MappedWorkload mapped = map(values);
    EXPECT_FALSE(mapped.request.networkGbps.has_value());
    EXPECT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();

    values.gpus = 8;
    values.gpusPerNode = 8;
    mapped = map(values);
    EXPECT_FALSE(mapped.request.networkGbps.has_value());
    EXPECT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();

    values.gpus = 16;
    EXPECT_EQ(map(values).request.networkGbps, 100.0);
}

TEST_F(TrainingPresentation, BadTrainingValuesAreRefusedAtTheirField)
{
    // (A network that is not a number, "fast", is the form's own input error at the field:
    // WorkloadFormTest's ANetworkThatIsNotANumberIsAnInputError.)
    WorkloadRequest values = mpt13b(16);
    values.expertParallel = 2; // MPT-13B is dense: no experts to split
    EXPECT_EQ(errorField(values), WorkloadField::ExpertParallel);

    values = mpt13b(16);
    values.pipelineParallel = 1;
    values.virtualStages = 2; // interleaving needs a pipeline
    EXPECT_EQ(errorField(values), WorkloadField::VirtualStages);

    values = mpt13b(16);
    values.gpusPerNode = 8;
    values.networkGbps = 0.0; // one node only, but 16 GPUs need two
    EXPECT_EQ(errorField(values), WorkloadField::NetworkGbps);

    values = mpt13b(16);
    values.networkGbps = -5.0;
    EXPECT_EQ(errorField(values), WorkloadField::NetworkGbps);
}

TEST_F(TrainingPresentation, TheTableShowsTheTrainingResultOfEachEstimate)
{
    WorkloadRequest values = mpt13b(16);
    values.recompute = Recompute::Full; // given, so that the recomputation has its part to show
    const MappedWorkload mapped = map(values);
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    EstimateOptions options;
    options.buildMath = false;
    const QVector<Estimate> estimates = Estimator::estimateAll(m_gpus, mapped.resolved, options);
    const ComparisonPresentation presentation =
        ComparisonPresentation::build(ComparisonInput{m_gpus, estimates, mapped.summary, {}, false, {}, {}});
    const ComparisonData &table = presentation.table();

    const struct
    {
        const char *id;
        std::function<double(const Estimate &)> value;
    } rows[] = {
        {"train.tokens-per-gpu", [](const Estimate &e) { return e.training->tokensPerSPerGpu; }},
        {"train.mfu", [](const Estimate &e) { return 100.0 * e.training->mfu; }},
        {"train.hfu", [](const Estimate &e) { return 100.0 * e.training->hfu; }},
        {"train.layout", [](const Estimate &e) { return double(e.parallelism.data); }},
        {"train.nodes", [](const Estimate &e) { return double(e.training->nodes); }},
        {"train.accumulation", [](const Estimate &e) { return double(e.training->gradientAccumulation); }},
        {"train.break.compute", [](const Estimate &e) { return e.training->breakdown.compute; }},
        {"train.break.recompute", [](const Estimate &e) { return e.training->breakdown.recompute; }},
        {"train.break.mp-comm", [](const Estimate &e) { return e.training->breakdown.modelParallelComm; }},
        {"train.break.dp-comm", [](const Estimate &e) { return e.training->breakdown.dataParallelComm; }},
        {"train.break.bubble", [](const Estimate &e) { return e.training->breakdown.pipelineBubble; }},
        {"train.break.optimizer", [](const Estimate &e) { return e.training->breakdown.optimizer; }},
        {"train.budget", [](const Estimate &e) { return e.training->budgetHours / 24.0; }},
        {"train.gpu-hours", [](const Estimate &e) { return e.training->budgetGpuHours; }},
        {"train.energy", [](const Estimate &e) { return e.training->budgetEnergyKwh; }},
        {"cost.budget", [](const Estimate &e) { return e.cost.usdForBudget.value_or(-1.0); }},
    };
    for (const auto &expected : rows) {
        const ComparisonRow *row = rowById(table, QString::fromLatin1(expected.id));
        ASSERT_NE(row, nullptr) << expected.id;
        ASSERT_EQ(row->values.size(), estimates.size());
        for (int i = 0; i < estimates.size(); ++i) {
            ASSERT_TRUE(estimates.at(i).fits) << estimates.at(i).gpuId.toStdString();
            ASSERT_TRUE(row->values.at(i).has_value()) << expected.id;
            EXPECT_DOUBLE_EQ(*row->values.at(i), expected.value(estimates.at(i))) << expected.id;
        }
    }
    // The parts of the breakdown add up to the step time.
    for (int i = 0; i < estimates.size(); ++i) {
        double sum = 0.0;
        for (const char *part : {"train.break.compute", "train.break.recompute", "train.break.mp-comm",
                                 "train.break.dp-comm", "train.break.bubble", "train.break.optimizer"})
            sum += *rowById(table, QString::fromLatin1(part))->values.at(i);
        EXPECT_NEAR(sum, estimates.at(i).training->stepTimeS, 1e-9 * std::max(1.0, sum));
    }
    // The layout names every parallel size; 16 GPUs of 8 per node are two nodes over the network.
    const ComparisonRow *layout = rowById(table, QStringLiteral("train.layout"));
    EXPECT_TRUE(layout->notes.at(0).contains(QStringLiteral("TP"))) << layout->notes.at(0).toStdString();
    EXPECT_TRUE(layout->notes.at(0).contains(QStringLiteral("DP"))) << layout->notes.at(0).toStdString();
    const ComparisonRow *nodes = rowById(table, QStringLiteral("train.nodes"));
    EXPECT_EQ(nodes->values.at(0), 2.0);
    EXPECT_TRUE(nodes->notes.at(0).contains(QStringLiteral("400"))) << nodes->notes.at(0).toStdString();

    // Clicking a number shows its math: HFU and the exposed communication have their own terms.
    const Estimate withMath =
        Estimator::estimate(m_gpus.at(0), *mapped.resolved.workload, mapped.resolved.parameters);
    for (const auto &[row, term] : {std::pair{"train.hfu", MathTermId::Hfu},
                                    std::pair{"train.break.recompute", MathTermId::RecomputeTimePerStep},
                                    std::pair{"train.break.dp-comm", MathTermId::DataParallelAllReduce},
                                    std::pair{"train.tokens-per-gpu", MathTermId::TrainingTokensPerSecond}}) {
        const QVector<MathTermView> views = presentation.math(QString::fromLatin1(row), 0, &withMath);
        EXPECT_TRUE(std::any_of(views.cbegin(), views.cend(), [term](const MathTermView &v) {
            return v.name == MathTerms::displayName(term);
        })) << row;
    }

    // The breakdown chart: one stacked bar per GPU, the parts in the order of the table.
    const ChartData chart = presentation.chart(ChartKind::Breakdown);
    EXPECT_TRUE(chart.stacked);
    ASSERT_EQ(chart.categories.size(), m_gpus.size());
    ASSERT_EQ(chart.series.size(), 6);
    for (int i = 0; i < estimates.size(); ++i) {
        EXPECT_DOUBLE_EQ(*chart.series.at(0).values.at(i), estimates.at(i).training->breakdown.compute);
        EXPECT_DOUBLE_EQ(*chart.series.at(3).values.at(i),
                         estimates.at(i).training->breakdown.dataParallelComm);
        EXPECT_DOUBLE_EQ(*chart.series.at(5).values.at(i), estimates.at(i).training->breakdown.optimizer);
    }
}

TEST_F(TrainingPresentation, ScalingCurvesAreEstimatesAtEachGpuCountWithTheNodesMarked)
{
    const QVector<int> counts = ScalingCurves::gpuCounts();
    ASSERT_EQ(counts.size(), 8);
    EXPECT_EQ(counts.first(), 8);
    EXPECT_EQ(counts.last(), 1024);
    EXPECT_TRUE(std::is_sorted(counts.cbegin(), counts.cend()));
    EXPECT_EQ(std::adjacent_find(counts.cbegin(), counts.cend()), counts.cend()); // strictly increasing

    const MappedWorkload mapped = map(mpt13b(8));
    ASSERT_TRUE(mapped.isValid()) << mapped.errors.value(0).reason.toStdString();
    const Workload &w = *mapped.resolved.workload;
    QVector<GpuSpec> gpus = m_gpus;
    gpus << seedGpus({"rtx_4090_24gb"}); // another node size
    const ScalingCurves::Input input{gpus, w, mapped.resolved.parameters, mapped.summary};
    const QVector<ScalingCurves::Curve> curves = ScalingCurves::compute(input);
    ASSERT_EQ(curves.size(), gpus.size());

    EstimateOptions options;
    options.buildMath = false;
    for (int g = 0; g < gpus.size(); ++g) {
        const GpuSpec &gpu = gpus.at(g);
        ASSERT_TRUE(gpu.gpusPerNode.has_value()) << gpu.gpuId.toStdString();
        EXPECT_EQ(ScalingCurves::nodeSize(gpu, w), *gpu.gpusPerNode) << gpu.gpuId.toStdString();
        ASSERT_EQ(curves.at(g).size(), counts.size());
        for (int i = 0; i < counts.size(); ++i) {
            const ScalingCurves::Point &point = curves.at(g).at(i);
            EXPECT_EQ(point.gpus, counts.at(i));
            // The per-GPU share of the global batch is the workload's at every count.
            EXPECT_EQ(point.globalBatch * w.gpuCount, w.batch * counts.at(i));
            const Workload at = ScalingCurves::workloadAt(w, counts.at(i));
            EXPECT_EQ(at.batch, point.globalBatch);
            const Estimate estimate = Estimator::estimate(gpu, at, mapped.resolved.parameters, options);
            if (!estimate.fits) {
                EXPECT_FALSE(point.tokensPerSPerGpu.has_value());
                continue;
            }
            ASSERT_TRUE(point.tokensPerSPerGpu.has_value()) << gpu.gpuId.toStdString() << " " << counts.at(i);
            EXPECT_DOUBLE_EQ(*point.tokensPerSPerGpu, estimate.training->tokensPerSPerGpu);
            EXPECT_EQ(point.nodes, (counts.at(i) + *gpu.gpusPerNode - 1) / *gpu.gpusPerNode);
        }
    }
    // The H100 fits MPT-13B at every count (FSDP shards it over more GPUs as they grow).
    for (const ScalingCurves::Point &point : curves.at(0))
        EXPECT_TRUE(point.tokensPerSPerGpu.has_value()) << point.gpus;

    // The chart marks one node of each size in the range, and names the GPUs of each.
    const ChartData chart = ScalingCurves::chart(input, curves);
    ASSERT_EQ(chart.xValues.size(), counts.size());
    ASSERT_EQ(chart.series.size(), gpus.size());
    QVector<double> marked;
    for (const ChartMarker &marker : chart.xMarkers)
        marked << marker.x;
    QVector<double> expected;
    for (const GpuSpec &gpu : std::as_const(gpus))
        if (*gpu.gpusPerNode >= 8 && !expected.contains(*gpu.gpusPerNode))
            expected << *gpu.gpusPerNode;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(marked, expected);
    for (int i = 0; i < counts.size(); ++i)
        EXPECT_EQ(chart.series.at(0).values.at(i), curves.at(0).at(i).tokensPerSPerGpu);
}

TEST_F(TrainingPresentation, OneNodeSizeNamesTheNodesOnTheAxis)
{
    const MappedWorkload mapped = map(mpt13b(8));
    ASSERT_TRUE(mapped.isValid());
    const ScalingCurves::Input input{m_gpus, *mapped.resolved.workload, mapped.resolved.parameters,
                                     mapped.summary};
    // Curves are not needed for the axis: an empty set of curves still names the nodes.
    const ChartData chart = ScalingCurves::chart(input, {});
    ASSERT_EQ(chart.categories.size(), 8);
    EXPECT_TRUE(chart.categories.first().contains(QStringLiteral("1 node")))
        << chart.categories.first().toStdString();
    EXPECT_TRUE(chart.categories.last().contains(QStringLiteral("128 nodes")))
        << chart.categories.last().toStdString();
    ASSERT_EQ(chart.xMarkers.size(), 1);
    EXPECT_EQ(chart.xMarkers.first().x, 8.0);
}
