#include "BarChartWidget.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

namespace {

ChartData fp16Chart()
{
    ChartData data;
    data.title = QStringLiteral("Dense tensor compute");
    data.valueAxisLabel = QStringLiteral("TFLOPS (dense)");
    data.categories = {QStringLiteral("FP16/BF16"), QStringLiteral("FP8")};
    data.series = {
        {QStringLiteral("H100 SXM5"), {989.4, 1978.9}, {}},
        {QStringLiteral("A100 SXM4 80GB"), {312.0, std::nullopt}, {}}, // Ampere has no FP8
    };
    return data;
}

} // namespace

TEST(BarChartWidget, OneBarSeriesPerGpuWithItsValues)
{
    BarChartWidget chart;
    chart.setData(fp16Chart());

    const QList<QCPBars *> bars = chart.bars();
    ASSERT_EQ(bars.size(), 2);
    EXPECT_EQ(bars[0]->name(), QStringLiteral("H100 SXM5"));
    ASSERT_EQ(bars[0]->data()->size(), 2);
    EXPECT_DOUBLE_EQ((bars[0]->data()->constBegin())->value, 989.4);
    EXPECT_DOUBLE_EQ((bars[0]->data()->constBegin() + 1)->value, 1978.9);
}

TEST(BarChartWidget, MissingValueDrawsNoBarRatherThanZero)
{
    BarChartWidget chart;
    chart.setData(fp16Chart());
    const QCPBars *a100 = chart.bars().at(1);
    ASSERT_EQ(a100->data()->size(), 1);
    EXPECT_DOUBLE_EQ(a100->data()->constBegin()->value, 312.0);
}

TEST(BarChartWidget, AxisCarriesUnitAndCategoriesAreTickLabels)
{
    BarChartWidget chart;
    chart.setData(fp16Chart());
    EXPECT_EQ(chart.plot()->yAxis->label(), QStringLiteral("TFLOPS (dense)"));
    auto ticker = chart.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    ASSERT_TRUE(ticker);
    EXPECT_EQ(ticker->ticks().values(), (QVector<QString>{QStringLiteral("FP16/BF16"), QStringLiteral("FP8")}));
    // The tallest bar fits under the top of the value axis.
    EXPECT_GT(chart.plot()->yAxis->range().upper, 1978.9);
}

TEST(BarChartWidget, ReplacingDataRemovesOldSeries)
{
    BarChartWidget chart;
    chart.setData(fp16Chart());
    ChartData single = fp16Chart();
    single.series.resize(1);
    chart.setData(single);
    EXPECT_EQ(chart.bars().size(), 1);
}
