// The workload charts answer the question asked (issue 39): under a load they show the simulated TTFT
// percentiles and the output the deployment sustains, the numbers the table and the targets judge; without
// one they show the static batch and say so in the title.
#include "app/analysis/Estimator.h"
#include "app/comparison/ChartKind.h"
#include "app/comparison/ComparisonRun.h"
#include "tests/app/SeedSnapshotTest.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <gtest/gtest.h>

namespace {

class WorkloadCharts : public SeedSnapshotTest
{
};

const QStringList kGpus{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("h200_sxm_141gb")};

} // namespace

TEST_F(WorkloadCharts, UnderALoadTheyShowTheSimulatedPercentilesAndOutput)
{
    WorkloadRequest values;
    values.concurrency = 32;
    values.ttftP90Ms = 1000.0;
    const ComparisonRun run(kGpus, WorkloadFormLayout::sent(values), m_snapshot, false);
    ASSERT_TRUE(run.workload().isValid());
    const ComparisonPresentation &p = run.presentation();
    const QVector<Estimate> estimates = Estimator::estimateAll(run.gpus(), run.workload().resolved);
    const ChartData latency = p.chart(ChartKind::Latency);
    const ChartData throughput = p.chart(ChartKind::Throughput);
    EXPECT_TRUE(latency.title.contains(QStringLiteral("under the load"))) << latency.title.toStdString();
    ASSERT_EQ(latency.series.size(), kGpus.size());
    for (int i = 0; i < kGpus.size(); ++i) {
        ASSERT_TRUE(estimates.at(i).serving);
        const ServingResult &s = *estimates.at(i).serving;
        EXPECT_DOUBLE_EQ(*latency.series.at(i).values.at(0), s.ttftMs.p50);
        EXPECT_DOUBLE_EQ(*latency.series.at(i).values.at(1), s.ttftMs.p90);
        EXPECT_DOUBLE_EQ(*throughput.series.at(i).values.at(0), s.outputTokensPerS);
        EXPECT_EQ(latency.series.at(i).links.at(1).rowId, QStringLiteral("serve.ttft.p90"));
    }
}

TEST_F(WorkloadCharts, WithoutALoadTheyAreNamedForTheStaticBatch)
{
    const ComparisonRun run(kGpus, WorkloadFormLayout::sent({}), m_snapshot, false);
    ASSERT_TRUE(run.workload().isValid());
    const ComparisonPresentation &p = run.presentation();
    EXPECT_TRUE(p.chart(ChartKind::Latency).title.contains(QStringLiteral("one static batch")));
    EXPECT_TRUE(p.chart(ChartKind::Throughput).title.contains(QStringLiteral("one static batch")));
    EXPECT_DOUBLE_EQ(*p.chart(ChartKind::Latency).series.at(0).values.at(0),
                     Estimator::estimateAll(run.gpus(), run.workload().resolved).at(0).inference->ttftMs);
}
