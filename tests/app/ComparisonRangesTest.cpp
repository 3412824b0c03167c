// The 80% ranges on screen: the Compare table's tooltip of an estimated number and the error bars of the
// result charts come from the estimate's own range (Estimate::ranges), scaled to what the row shows.
#include "app/analysis/EstimateRanges.h"
#include "app/analysis/Estimator.h"
#include "app/comparison/ComparisonPresenter.h"
#include "tests/app/SeedSnapshotTest.h"

#include <cmath>
#include <gtest/gtest.h>

namespace {

class ComparisonRanges : public SeedSnapshotTest
{
protected:
    // H100 and A100 (both with measured achievable rates, so no band is widened) decoding Llama-3 8B with
    // llama.cpp, each estimate given a decode band of -9% / +10%
    // (ln 1.1 either way) and no other.
    ComparisonPresentation compare()
    {
        m_gpus = seedGpus({"h100_sxm5_80gb", "a100_sxm4_80gb"});
        Workload w;
        w.model = *m_snapshot.findModel(QStringLiteral("llama-3-8b"));
        w.task = Task::Inference;
        const EfficiencyProfile *profile = m_snapshot.findProfile(QStringLiteral("llama.cpp"));
        EXPECT_TRUE(profile);
        m_estimates = Estimator::estimateAll(m_gpus, w, *profile);
        const UncertaintyTable table(
            {UncertaintyBand{UncertaintyTable::kDecode, QStringLiteral("llama.cpp"),
                             QStringLiteral("llama.cpp decode"), -std::log(1.1), std::log(1.1), 53}});
        for (Estimate &e : m_estimates)
            EstimateRanges::attach(e, table);
        return ComparisonPresentation::build(
            ComparisonInput{m_gpus, m_estimates, QString(), {}, false, {}, {}});
    }

    const ComparisonRow *row(const ComparisonPresentation &p, const QString &id) const
    {
        for (const ComparisonRow &r : p.table().rows)
            if (r.id == id)
                return &r;
        ADD_FAILURE() << "no row " << id.toStdString();
        return nullptr;
    }

    QVector<GpuSpec> m_gpus;
    QVector<Estimate> m_estimates;
};

} // namespace

TEST_F(ComparisonRanges, TheTableTooltipShowsTheRangeOrWhyThereIsNone)
{
    const ComparisonPresentation p = compare();
    const ComparisonRow *decode = row(p, QStringLiteral("infer.decode"));
    ASSERT_TRUE(decode && decode->cellDetails.size() == 2);
    const QString text = decode->cellDetails.at(0);
    EXPECT_TRUE(text.startsWith(QStringLiteral("80% range "))) << text.toStdString();
    EXPECT_TRUE(
        text.contains(QStringLiteral("-9%/+10%: llama.cpp decode speed, 53 measurements, leave-one-GPU-out")))
        << text.toStdString();
    EXPECT_EQ(decode->notes.value(0), QStringLiteral("-9%/+10%")); // beside the number
    const ComparisonRow *throughput = row(p, QStringLiteral("infer.throughput"));
    ASSERT_TRUE(throughput);
    EXPECT_EQ(throughput->cellDetails.value(0),
              QStringLiteral("no measurements for llama.cpp's offline throughput"));
    const ComparisonRow *memory = row(p, QStringLiteral("fit.memory"));
    ASSERT_TRUE(memory);
    EXPECT_TRUE(memory->cellDetails.value(0).startsWith(QStringLiteral("no measurements for memory")));
}

TEST_F(ComparisonRanges, TheThroughputChartHasTheDecodeRangeAsErrorBars)
{
    const ComparisonPresentation p = compare();
    const ChartData chart = p.chart(ChartKind::Throughput);
    ASSERT_EQ(chart.series.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const ChartSeries &series = chart.series.at(i);
        ASSERT_EQ(series.ranges.size(), 2); // decode, end-to-end
        ASSERT_TRUE(series.ranges.at(0).has_value());
        const double decode = m_estimates.at(i).inference->decodeTokensPerS;
        EXPECT_NEAR(series.ranges.at(0)->first, decode / 1.1, 1e-9 * decode);
        EXPECT_NEAR(series.ranges.at(0)->second, decode * 1.1, 1e-9 * decode);
        EXPECT_FALSE(series.ranges.at(1).has_value()); // end-to-end: no throughput band here
    }
}
