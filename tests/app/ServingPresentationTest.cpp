// Serving under load in the window: the Compare table's rows from Estimate::serving and the latency-under-
// load chart's data, built from estimates and curves made by hand, so the numbers checked are known.
#include "app/analysis/ServingLoad.h"
#include "app/comparison/ComparisonPresenter.h"
#include "app/comparison/LoadCurves.h"
#include "tests/app/SeedSnapshotTest.h"
#include "widgets/common/ValueFormat.h"

#include <gtest/gtest.h>

namespace {

ServingResult servingResult(double ttftP50, double ttftP90, double tpotP50, double tpotP90)
{
    ServingResult s;
    s.concurrency = 50;
    s.numRequests = 500;
    s.ttftMs = {ttftP50 * 1.1, ttftP50, ttftP90, ttftP90 * 1.5};
    s.tpotMs = {tpotP50 * 1.05, tpotP50, tpotP90, tpotP90 * 1.2};
    s.queueMs = {10.0, 0.0, 40.0, 90.0};
    s.outputTokensPerS = 2600.0;
    s.outputTokensPerSPerGpu = 1300.0;
    s.requestsPerS = 5.2;
    s.kvCacheUse = 0.42;
    s.maxNumSeqs = 256;
    s.maxBatchedTokens = 8192;
    s.kvCacheTokens = 480000;
    s.meanRunningSequences = 48.0;
    return s;
}

Estimate inferenceEstimate(const QString &gpuId, std::optional<ServingResult> serving, double usdPerMillion)
{
    Estimate e;
    e.gpuId = gpuId;
    e.task = Task::Inference;
    e.fits = true;
    e.inference = InferenceResult{};
    e.serving = std::move(serving);
    e.cost.usdPerMillionTokens = usdPerMillion;
    return e;
}

const ComparisonRow *rowById(const ComparisonData &table, const QString &id)
{
    const auto it = std::find_if(table.rows.cbegin(), table.rows.cend(),
                                 [&id](const ComparisonRow &row) { return row.id == id; });
    return it == table.rows.cend() ? nullptr : &*it;
}

class ServingPresentation : public SeedSnapshotTest
{
protected:
    void SetUp() override
    {
        SeedSnapshotTest::SetUp();
        m_gpus = seedGpus({"h100_sxm5_80gb", "a100_sxm4_80gb", "l40s_48gb"});
        ASSERT_EQ(m_gpus.size(), 3);
    }

    // H100 meets the 2 s / 60 ms targets, A100 misses the TTFT one, the L40S does not fit.
    ComparisonInput input() const
    {
        ComparisonInput in;
        in.gpus = m_gpus;
        ServingResult h100 = servingResult(700.0, 1200.0, 45.0, 55.0);
        h100.meetsSlo = true;
        h100.maxConcurrencyWithinSlo = 64;
        ServingResult a100 = servingResult(1800.0, 3100.0, 58.0, 59.0);
        a100.meetsSlo = false;
        a100.maxConcurrencyWithinSlo = 16;
        Estimate l40s = inferenceEstimate(m_gpus.at(2).gpuId, std::nullopt, 0.0);
        l40s.fits = false;
        in.estimates = {inferenceEstimate(m_gpus.at(0).gpuId, h100, 0.91),
                        inferenceEstimate(m_gpus.at(1).gpuId, a100, 1.64), l40s};
        ServingTraffic traffic;
        traffic.concurrency = 50;
        traffic.ttftP90TargetMs = 2000.0;
        traffic.tpotP90TargetMs = 60.0;
        in.traffic = traffic;
        // The judgement the estimator makes of each result (ServingLoad::missedTargets).
        for (Estimate &e : in.estimates)
            if (e.serving)
                e.serving->missedTargets = ServingLoad::missedTargets(*e.serving, traffic);
        return in;
    }

    QVector<GpuSpec> m_gpus;
};

} // namespace

TEST_F(ServingPresentation, ServingRowsShowTheSimulatedPercentilesPerGpu)
{
    const ComparisonPresentation presentation = ComparisonPresentation::build(input());
    const ComparisonData &table = presentation.table();
    const struct
    {
        const char *id;
        double h100;
        double a100;
    } expected[] = {
        {"serve.ttft.p50", 700.0, 1800.0},    {"serve.ttft.p90", 1200.0, 3100.0},
        {"serve.tpot.p50", 45.0, 58.0},       {"serve.tpot.p90", 55.0, 59.0},
        {"serve.throughput", 2600.0, 2600.0}, {"serve.requests", 5.2, 5.2},
        {"serve.kv-cache", 42.0, 42.0},       {"serve.max-users", 64.0, 16.0},
    };
    for (const auto &e : expected) {
        const ComparisonRow *row = rowById(table, QString::fromLatin1(e.id));
        ASSERT_NE(row, nullptr) << e.id;
        ASSERT_EQ(row->values.size(), 3) << e.id;
        EXPECT_DOUBLE_EQ(row->values.at(0).value_or(-1.0), e.h100) << e.id;
        EXPECT_DOUBLE_EQ(row->values.at(1).value_or(-1.0), e.a100) << e.id;
        EXPECT_FALSE(row->values.at(2).has_value()) << e.id; // does not fit: n/a, never 0
        // "%n concurrent user(s)": English plurals come from the .qm file, not loaded here.
        EXPECT_TRUE(row->section.startsWith(QStringLiteral("Workload: serving 50 concurrent user"))) << e.id;
    }
    EXPECT_EQ(rowById(table, QStringLiteral("serve.ttft.p90"))->notes.value(2),
              QStringLiteral("does not fit"));
    EXPECT_EQ(rowById(table, QStringLiteral("serve.ttft.p50"))->betterWhen, QuantityBetter::Lower);
    EXPECT_EQ(rowById(table, QStringLiteral("serve.max-users"))->betterWhen, QuantityBetter::Higher);
}

TEST_F(ServingPresentation, AP90OverItsTargetSaysSo)
{
    const ComparisonData table = ComparisonPresentation::build(input()).table();
    const ComparisonRow *ttft = rowById(table, QStringLiteral("serve.ttft.p90"));
    ASSERT_NE(ttft, nullptr);
    EXPECT_TRUE(ttft->notes.value(0).isEmpty());                    // 1,200 ms is within 2,000 ms
    EXPECT_EQ(ttft->notes.value(1), QStringLiteral("over target")); // 3,100 ms
    const ComparisonRow *tpot = rowById(table, QStringLiteral("serve.tpot.p90"));
    ASSERT_NE(tpot, nullptr);
    EXPECT_TRUE(tpot->notes.value(1).isEmpty()); // 59 ms is within 60 ms
    EXPECT_TRUE(rowById(table, QStringLiteral("serve.ttft.p50"))->notes.value(1).isEmpty()); // no target on
                                                                                             // p50
}

// The static rows stay, labelled as one batch; the cost row says it is priced at this load.
TEST_F(ServingPresentation, StaticRowsAreLabelledAndCostIsAtThisLoad)
{
    const ComparisonData table = ComparisonPresentation::build(input()).table();
    const ComparisonRow *staticTtft = rowById(table, QStringLiteral("infer.ttft"));
    ASSERT_NE(staticTtft, nullptr);
    EXPECT_TRUE(staticTtft->section.contains(QStringLiteral("static batch")))
        << staticTtft->section.toStdString();
    const ComparisonRow *cost = rowById(table, QStringLiteral("cost.per-million"));
    ASSERT_NE(cost, nullptr);
    EXPECT_TRUE(cost->label.contains(QStringLiteral("at this load")));
    EXPECT_DOUBLE_EQ(cost->values.at(0).value_or(-1.0), 0.91);

    // Serving rows come before the static batch's.
    const auto indexOf = [&table](const char *id) {
        for (int i = 0; i < table.rows.size(); ++i)
            if (table.rows.at(i).id == QLatin1String(id))
                return i;
        return -1;
    };
    EXPECT_LT(indexOf("serve.ttft.p50"), indexOf("infer.ttft"));
}

TEST_F(ServingPresentation, WithoutALoadThereAreNoServingRows)
{
    ComparisonInput plain = input();
    plain.traffic.reset();
    for (Estimate &e : plain.estimates)
        e.serving.reset();
    const ComparisonData table = ComparisonPresentation::build(plain).table();
    for (const ComparisonRow &row : table.rows)
        EXPECT_FALSE(row.id.startsWith(QStringLiteral("serve."))) << row.id.toStdString();
    EXPECT_EQ(rowById(table, QStringLiteral("cost.per-million"))->label,
              QStringLiteral("GPU cost per million output tokens"));
    EXPECT_EQ(rowById(table, QStringLiteral("infer.ttft"))->section,
              QStringLiteral("Workload: inference speed"));
}

// Without targets nothing judges the load: no "most users" row.
TEST_F(ServingPresentation, NoTargetsNoMostUsersRow)
{
    ComparisonInput in = input();
    in.traffic->ttftP90TargetMs.reset();
    in.traffic->tpotP90TargetMs.reset();
    for (Estimate &e : in.estimates)
        if (e.serving) {
            e.serving->meetsSlo.reset();
            e.serving->maxConcurrencyWithinSlo.reset();
            e.serving->missedTargets.clear();
        }
    const ComparisonData table = ComparisonPresentation::build(in).table();
    EXPECT_EQ(rowById(table, QStringLiteral("serve.max-users")), nullptr);
    EXPECT_TRUE(rowById(table, QStringLiteral("serve.ttft.p90"))->notes.value(1).isEmpty());
}

// The math panel explains a serving number with the simulation's settings and the whole distribution.
TEST_F(ServingPresentation, TheMathOfAServingRowNamesTheSimulationAndItsPercentiles)
{
    const ComparisonPresentation presentation = ComparisonPresentation::build(input());
    EXPECT_FALSE(ComparisonPresentation::needsEstimateMath(QStringLiteral("serve.ttft.p90")));
    const QVector<MathTermView> terms = presentation.math(QStringLiteral("serve.ttft.p90"), 1);
    ASSERT_FALSE(terms.isEmpty());
    QStringList texts;
    for (const MathTermView &term : terms)
        texts << term.name + u' ' + term.formula + u' ' + term.substituted;
    const QString all = texts.join(u'\n');
    EXPECT_TRUE(all.contains(QStringLiteral("500 request"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("50 user"))) << all.toStdString();
    EXPECT_TRUE(all.contains(u"p90 " + ValueFormat::number(3100.0))) << all.toStdString();
    EXPECT_TRUE(all.contains(u"p99 " + ValueFormat::number(4650.0))) << all.toStdString();
    const auto kvCache = std::find_if(terms.cbegin(), terms.cend(), [](const MathTermView &t) {
        return t.name == QStringLiteral("KV cache");
    });
    ASSERT_NE(kvCache, terms.cend());
    EXPECT_DOUBLE_EQ(kvCache->value.value_or(0.0), 480000.0);
}

// The chart: a TTFT and a TPOT line per GPU over 1, 2, 4, ... users, the targets as reference lines.
TEST_F(ServingPresentation, TheLoadChartHasALinePerGpuAndPanelAndTheTargets)
{
    LoadCurves::Input in;
    in.gpus = m_gpus;
    in.workload.task = Task::Inference;
    in.workload.traffic = input().traffic;
    in.summary = QStringLiteral("Llama-3.3 70B");
    const QVector<int> users = LoadCurves::userCounts(in.workload);
    ASSERT_EQ(users.first(), 1);
    EXPECT_EQ(users.last(), 256);
    const LoadCurves::Curve h100{
        {1, 400.0, 20.0, 50.0}, {64, 1500.0, 50.0, 3000.0}, {256, 9000.0, 90.0, 4000.0}};
    const LoadCurves::Curve a100{{1, 900.0, 30.0, 33.0}};
    const ChartData chart = LoadCurves::chart(in, {h100, a100, {}});

    ASSERT_EQ(chart.series.size(), 6); // 3 GPUs x 2 panels
    EXPECT_EQ(chart.xValues.size(), users.size());
    EXPECT_EQ(chart.categories.first(), QStringLiteral("1"));
    EXPECT_EQ(chart.panelAxisLabels.size(), 2);
    const ChartSeries &h100Ttft = chart.series.at(0);
    EXPECT_EQ(h100Ttft.panel, 0);
    EXPECT_EQ(chart.series.at(1).panel, 1);
    EXPECT_EQ(h100Ttft.values.at(0), 400.0);
    EXPECT_EQ(h100Ttft.values.at(users.indexOf(64)), 1500.0);
    EXPECT_FALSE(h100Ttft.values.at(users.indexOf(2)).has_value()); // not simulated: a gap, not 0
    EXPECT_EQ(chart.series.at(1).values.at(users.indexOf(256)), 90.0);
    EXPECT_TRUE(chart.series.at(4).name.contains(QStringLiteral("does not fit")));

    ASSERT_EQ(chart.referenceLines.size(), 2);
    EXPECT_EQ(chart.referenceLines.at(0).panel, 0);
    EXPECT_EQ(chart.referenceLines.at(0).value, 2000.0);
    EXPECT_EQ(chart.referenceLines.at(1).panel, 1);
    EXPECT_EQ(chart.referenceLines.at(1).value, 60.0);

    // Twice a large load's users, so the chart reaches past it.
    in.workload.traffic->concurrency = 300;
    EXPECT_EQ(LoadCurves::userCounts(in.workload).last(), 600);
}
