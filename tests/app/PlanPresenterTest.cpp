// The Plan tab's presentation: the Pareto front, the results table and the chart built from plans made by
// hand (so the numbers checked are known), and the line that says what the plan is for.
#include "app/comparison/PlanPresenter.h"

#include "app/comparison/ParetoFront.h"
#include "tests/app/SeedSnapshotTest.h"

#include <cmath>
#include <gtest/gtest.h>

namespace {

PlanCandidate servingCandidate(const QString &gpuId, int gpus, double ttft, double usdPerHour, bool meets)
{
    PlanCandidate c;
    c.gpuId = gpuId;
    c.request.gpus = gpus;
    c.request.tensorParallel = 1;
    c.parallelism.gpus = gpus;
    c.parallelism.tensor = 1;
    c.parallelism.data = gpus;
    c.maxNumSeqs = 256;
    c.meetsTarget = meets;
    c.usdPerHour = usdPerHour;
    c.usdPerMillionTokens = usdPerHour / 3.6;
    c.ttftP90Ms = ttft;
    c.tpotP90Ms = 40.0;
    c.margin = (2000.0 - ttft) / 2000.0;
    return c;
}

GpuPlan plan(const QString &gpuId, const QString &name, const QVector<PlanCandidate> &tried, int best)
{
    GpuPlan p;
    p.gpuId = gpuId;
    p.gpuName = name;
    p.tried = tried;
    p.searched = static_cast<int>(tried.size()) + 1;
    if (best >= 0)
        p.best = tried.at(best);
    else
        p.whyNot = QStringLiteral("even at one user per replica (tp 8): TTFT p90 2500 ms (target 2000)");
    return p;
}

PlanRequest servingRequest()
{
    PlanRequest r;
    r.workload.modelId = QStringLiteral("llama-3.3-70b");
    r.workload.task = Task::Inference;
    r.workload.inputTokens = 1024;
    r.workload.outputTokens = 256;
    r.workload.concurrency = 50;
    r.workload.ttftP90Ms = 2000.0;
    r.workload.tpotP90Ms = 50.0;
    return r;
}

} // namespace

TEST(ParetoFrontTest, APointIsOnTheFrontWhenNoOtherIsAsLowOnBothAndLowerOnOne)
{
    // (x, y), lower better on both: a cheap slow point, a fast dear one, one between, and three beaten.
    const QVector<QPointF> points{{100, 50}, {10, 400}, {40, 120}, {120, 60}, {40, 130}, {100, 400}};
    EXPECT_EQ(ParetoFront::mask(points), (QVector<bool>{true, true, true, false, false, false}));
}

TEST(ParetoFrontTest, TiesAndEqualPointsAndEdgeCases)
{
    EXPECT_TRUE(ParetoFront::mask({}).isEmpty());
    EXPECT_EQ(ParetoFront::mask({{5, 5}}), QVector<bool>{true});
    // Equal points: neither beats the other.
    EXPECT_EQ(ParetoFront::mask({{5, 5}, {5, 5}}), (QVector<bool>{true, true}));
    // Same x, higher y: beaten. Same y, higher x: beaten.
    EXPECT_EQ(ParetoFront::mask({{5, 5}, {5, 6}, {6, 5}}), (QVector<bool>{true, false, false}));
    // NaN is never on the front and beats nothing.
    EXPECT_EQ(ParetoFront::mask({{qQNaN(), 1}, {5, 5}}), (QVector<bool>{false, true}));
    // Order does not matter.
    EXPECT_EQ(ParetoFront::mask({{40, 120}, {120, 60}, {10, 400}, {100, 50}}),
              (QVector<bool>{true, false, true, true}));
}

TEST(ParetoFrontTest, MatchesTheDefinitionOnManyPoints)
{
    QVector<QPointF> points;
    for (int i = 0; i < 300; ++i)
        points << QPointF(std::fmod(i * 37.0, 101.0), std::fmod(i * 53.0, 97.0));
    const QVector<bool> front = ParetoFront::mask(points);
    for (int i = 0; i < points.size(); ++i) {
        bool dominated = false;
        for (int j = 0; j < points.size() && !dominated; ++j) {
            const QPointF &p = points.at(i);
            const QPointF &q = points.at(j);
            dominated = q.x() <= p.x() && q.y() <= p.y() && (q.x() < p.x() || q.y() < p.y());
        }
        EXPECT_EQ(front.at(i), !dominated) << i;
    }
}

TEST(PlanPresenterTest, RowsAreRankedWithTheReasonsAndThePendingLast)
{
    PlanPresenter presenter;
    presenter.start(servingRequest(), {{QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB")},
                                       {QStringLiteral("a6000"), QStringLiteral("RTX A6000")},
                                       {QStringLiteral("l40s"), QStringLiteral("L40S")}});
    EXPECT_EQ(presenter.table().rows.size(), 3);
    EXPECT_TRUE(presenter.table().rows.at(0).pending);

    // The A6000 cannot meet the target; the H100 can, with 4 GPUs.
    presenter.add(plan(QStringLiteral("a6000"), QStringLiteral("RTX A6000"),
                       {servingCandidate(QStringLiteral("a6000"), 8, 2500.0, 6.0, false)}, -1));
    presenter.add(plan(QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB"),
                       {servingCandidate(QStringLiteral("h100"), 2, 9000.0, 6.0, false),
                        servingCandidate(QStringLiteral("h100"), 4, 1500.0, 12.0, true),
                        servingCandidate(QStringLiteral("h100"), 8, 600.0, 24.0, true)},
                       1));
    const PlanTableData table = presenter.table();
    ASSERT_EQ(table.rows.size(), 3);
    EXPECT_FALSE(table.training);
    const PlanTableRow &first = table.rows.at(0);
    EXPECT_EQ(first.gpuId, QStringLiteral("h100"));
    EXPECT_EQ(first.rank, 1);
    EXPECT_EQ(first.gpus, 4);
    EXPECT_DOUBLE_EQ(*first.usdPerHour, 12.0);
    EXPECT_DOUBLE_EQ(*first.latency, 1500.0);
    EXPECT_DOUBLE_EQ(*first.speed, 40.0);
    EXPECT_NEAR(*first.marginPercent, 25.0, 1e-9);
    EXPECT_FALSE(first.layout.isEmpty());
    const PlanTableRow &second = table.rows.at(1);
    EXPECT_EQ(second.gpuId, QStringLiteral("a6000"));
    EXPECT_EQ(second.rank, 0);
    EXPECT_TRUE(second.note.contains(QStringLiteral("TTFT p90"))) << second.note.toStdString();
    EXPECT_TRUE(table.rows.at(2).pending);
    EXPECT_EQ(presenter.searched(), 2 + 4);

    // The configuration behind the row and behind a point.
    ASSERT_NE(presenter.candidate(QStringLiteral("h100")), nullptr);
    EXPECT_EQ(presenter.candidate(QStringLiteral("h100"))->request.gpus, 4);
    EXPECT_EQ(presenter.candidate(QStringLiteral("h100"), 2)->request.gpus, 8);
    EXPECT_EQ(presenter.candidate(QStringLiteral("a6000")), nullptr);
    EXPECT_EQ(presenter.candidate(QStringLiteral("h100"), 7), nullptr);
}

TEST(PlanPresenterTest, TheChartHasEveryConfigurationTriedTheFrontAndTheChosenLabelled)
{
    PlanPresenter presenter;
    presenter.start(servingRequest(), {{QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB")},
                                       {QStringLiteral("a6000"), QStringLiteral("RTX A6000")}});
    presenter.add(plan(QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB"),
                       {servingCandidate(QStringLiteral("h100"), 2, 9000.0, 6.0, false),
                        servingCandidate(QStringLiteral("h100"), 4, 1500.0, 12.0, true),
                        servingCandidate(QStringLiteral("h100"), 8, 600.0, 24.0, true)},
                       1));
    presenter.add(plan(QStringLiteral("a6000"), QStringLiteral("RTX A6000"),
                       {servingCandidate(QStringLiteral("a6000"), 4, 9500.0, 3.0, false),
                        servingCandidate(QStringLiteral("a6000"), 8, 2500.0, 12.0, false)},
                       -1));
    const ParetoChartData chart = presenter.chart();
    ASSERT_EQ(chart.series.size(), 2);
    EXPECT_EQ(chart.series.at(0).id, QStringLiteral("h100")); // in the order the GPU types were listed
    EXPECT_EQ(chart.pointCount(), 5);
    ASSERT_TRUE(chart.xTarget);
    EXPECT_DOUBLE_EQ(*chart.xTarget, 2000.0);
    EXPECT_TRUE(chart.xAxisLabel.contains(QStringLiteral("ms")));
    EXPECT_TRUE(chart.yAxisLabel.contains(QStringLiteral("$")));

    const QVector<ParetoPoint> &h100 = chart.series.at(0).points;
    ASSERT_EQ(h100.size(), 3);
    EXPECT_DOUBLE_EQ(h100.at(1).x, 1500.0);
    EXPECT_DOUBLE_EQ(h100.at(1).y, 12.0);
    EXPECT_TRUE(h100.at(1).chosen);
    EXPECT_EQ(h100.at(1).candidate, 1);
    EXPECT_FALSE(h100.at(0).chosen);
    EXPECT_FALSE(h100.at(0).meetsTarget);
    // The front over both GPU types: (600, 24), (1500, 12), (9000, 6) and (9500, 3); (2500, 12) is beaten.
    EXPECT_TRUE(h100.at(0).onFront);
    EXPECT_TRUE(h100.at(1).onFront);
    EXPECT_TRUE(h100.at(2).onFront);
    EXPECT_TRUE(chart.series.at(1).points.at(0).onFront);
    EXPECT_FALSE(chart.series.at(1).points.at(1).onFront);
    EXPECT_EQ(chart.series.at(0).chosenLabel, QStringLiteral("H100 SXM5 80GB × 4"));
    EXPECT_TRUE(chart.series.at(1).chosenLabel.isEmpty()); // nothing chosen: nothing labelled
    EXPECT_FALSE(h100.at(1).toolTip.isEmpty());
}

// Issue 39: a GPU type with no point (its configurations have no price, or none fits) is named under the
// chart with the reason, not silently left out of a 20-GPU chart.
TEST(PlanPresenterTest, GpuTypesWithoutAPointAreNamedUnderTheChart)
{
    PlanPresenter presenter;
    presenter.start(servingRequest(), {{QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB")},
                                       {QStringLiteral("mi300x"), QStringLiteral("Instinct MI300X")},
                                       {QStringLiteral("l4"), QStringLiteral("L4 24GB")}});
    presenter.add(plan(QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB"),
                       {servingCandidate(QStringLiteral("h100"), 4, 1500.0, 12.0, true)}, 0));
    PlanCandidate unpriced = servingCandidate(QStringLiteral("mi300x"), 2, 900.0, 1.0, true);
    unpriced.usdPerHour.reset();
    unpriced.usdPerMillionTokens.reset();
    presenter.add(plan(QStringLiteral("mi300x"), QStringLiteral("Instinct MI300X"), {unpriced}, 0));
    presenter.add(plan(QStringLiteral("l4"), QStringLiteral("L4 24GB"), {}, -1));
    const ParetoChartData chart = presenter.chart();
    ASSERT_EQ(chart.series.size(), 1);
    EXPECT_EQ(chart.footnote,
              QStringLiteral("Not on the chart (no price: Instinct MI300X; nothing fits: L4 24GB)"));

    PlanPresenter complete;
    complete.start(servingRequest(), {{QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB")}});
    complete.add(plan(QStringLiteral("h100"), QStringLiteral("H100 SXM5 80GB"),
                      {servingCandidate(QStringLiteral("h100"), 4, 1500.0, 12.0, true)}, 0));
    EXPECT_TRUE(complete.chart().footnote.isEmpty());
}

TEST(PlanPresenterTest, TrainingPlotsDaysAgainstTheRunsCost)
{
    PlanRequest request;
    request.workload.modelId = QStringLiteral("mpt-13b");
    request.workload.task = Task::Training;
    request.workload.trainTokens = 1e12;
    request.deadlineDays = 30.0;
    PlanCandidate c;
    c.gpuId = QStringLiteral("h100");
    c.request.gpus = 128;
    c.parallelism.gpus = 128;
    c.meetsTarget = true;
    c.usdPerHour = 128 * 2.5;
    c.usdTotal = 200000.0;
    c.days = 26.0;
    c.mfu = 0.42;
    c.margin = 4.0 / 30.0;
    PlanPresenter presenter;
    presenter.start(request, {{QStringLiteral("h100"), QStringLiteral("H100")}});
    presenter.add(plan(QStringLiteral("h100"), QStringLiteral("H100"), {c}, 0));
    const PlanTableData table = presenter.table();
    EXPECT_TRUE(table.training);
    EXPECT_DOUBLE_EQ(*table.rows.at(0).cost, 200000.0);
    EXPECT_DOUBLE_EQ(*table.rows.at(0).latency, 26.0);
    EXPECT_NEAR(*table.rows.at(0).speed, 42.0, 1e-9);
    const ParetoChartData chart = presenter.chart();
    EXPECT_DOUBLE_EQ(chart.series.at(0).points.at(0).x, 26.0);
    EXPECT_DOUBLE_EQ(chart.series.at(0).points.at(0).y, 200000.0);
    EXPECT_DOUBLE_EQ(*chart.xTarget, 30.0);
    EXPECT_TRUE(chart.xAxisLabel.contains(QStringLiteral("days")));
}

class PlanSummaryTest : public SeedSnapshotTest
{
};

TEST_F(PlanSummaryTest, SaysWhichFormValuesThePlanUsesOrWhatToSet)
{
    const PlanPresenter::Summary serving = PlanPresenter::summary(servingRequest(), m_snapshot);
    EXPECT_EQ(serving.text, QStringLiteral("Serving Llama-3.3 70B to 50 users, 1,024 in / 256 out; targets "
                                           "TTFT p90 ≤ 2,000 ms, TPOT p90 ≤ 50 ms"))
        << serving.text.toStdString();
    EXPECT_TRUE(serving.hint.isEmpty());

    PlanRequest noTarget = servingRequest();
    noTarget.workload.ttftP90Ms.reset();
    noTarget.workload.tpotP90Ms.reset();
    EXPECT_TRUE(PlanPresenter::summary(noTarget, m_snapshot).hint.contains(QStringLiteral("target")));
    PlanRequest noLoad = noTarget;
    noLoad.workload.concurrency.reset();
    EXPECT_TRUE(PlanPresenter::summary(noLoad, m_snapshot).hint.contains(QStringLiteral("Concurrent users")));

    PlanRequest training;
    training.workload.modelId = QStringLiteral("mpt-13b");
    training.workload.task = Task::Training;
    training.workload.trainTokens = 1e12;
    training.workload.sequenceLength = 2048;
    training.deadlineDays = 30.0;
    const QString text = PlanPresenter::summary(training, m_snapshot).text;
    EXPECT_TRUE(text.contains(QStringLiteral("1,000 B tokens"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("30 days"))) << text.toStdString();
    // The batch the planner holds at every count: 4M tokens of 2,048-token sequences.
    EXPECT_TRUE(text.contains(QStringLiteral("global batch 2,048 sequences"))) << text.toStdString();
}

TEST_F(PlanSummaryTest, PricesComeFromTheCatalogueUnlessTheFormSetsOne)
{
    const QStringList ids{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("l40s_48gb")};
    const QVector<PlanPriceRow> rows = PlanPresenter::priceRows(ids, m_snapshot, std::nullopt);
    ASSERT_EQ(rows.size(), 2);
    EXPECT_EQ(rows.at(0).usdPerGpuHour, m_snapshot.findGpu(ids.at(0))->usdPerGpuHour);
    EXPECT_EQ(rows.at(0).gpuName, m_snapshot.findGpu(ids.at(0))->displayName());
    EXPECT_EQ(PlanPresenter::priceRows(ids, m_snapshot, 1.5).at(1).usdPerGpuHour, 1.5);
}
