// The stacked mode of BarChartWidget (ChartData::stacked), used by the training step-time breakdown: one
// bar per category with the series stacked on it in order, the total above, a tooltip per part.
#include "widgets/charts/BarChartWidget.h"

#include <QApplication>
#include <gtest/gtest.h>
#include <qcustomplot.h>

namespace {

ChartData breakdownChart()
{
    ChartData data;
    data.title = QStringLiteral("Training step time breakdown");
    data.valueAxisLabel = QStringLiteral("Time per optimizer step (s)");
    data.unit = QStringLiteral("s");
    data.stacked = true;
    data.categories = {QStringLiteral("H100 SXM5"), QStringLiteral("A100 SXM4 80GB"), QStringLiteral("L40S")};
    data.series = {
        {QStringLiteral("Compute"), {2.0, 5.0, std::nullopt}, {}},
        {QStringLiteral("DP communication"), {0.5, std::nullopt, std::nullopt}, {}},
        {QStringLiteral("Optimizer"), {0.25, 0.75, std::nullopt}, {}}, // the L40S: does not fit
    };
    return data;
}

} // namespace

TEST(StackedBarChart, EachSeriesSitsOnThePreviousOneInOrder)
{
    BarChartWidget chart;
    chart.setData(breakdownChart());
    const QList<QCPBars *> bars = chart.bars();
    ASSERT_EQ(bars.size(), 3);
    EXPECT_EQ(bars[0]->name(), QStringLiteral("Compute"));
    EXPECT_EQ(bars[0]->barBelow(), nullptr);
    EXPECT_EQ(bars[1]->barBelow(), bars[0]);
    EXPECT_EQ(bars[2]->barBelow(), bars[1]);
    EXPECT_EQ(bars[0]->barAbove(), bars[1]);
    // One bar per category at the same key (not side by side), as wide as a whole group.
    for (QCPBars *bar : bars) {
        EXPECT_DOUBLE_EQ(bar->width(), 0.8);
        EXPECT_DOUBLE_EQ(bar->data()->constBegin()->key, 1.0);
    }
    // A part missing from a shown bar stacks as nothing; a category with no part draws no bar.
    ASSERT_EQ(bars[1]->data()->size(), 2);
    EXPECT_DOUBLE_EQ((bars[1]->data()->constBegin() + 1)->value, 0.0);
    for (QCPBars *bar : bars)
        EXPECT_EQ(bar->data()->size(), 2);
}

TEST(StackedBarChart, TheTotalIsWrittenAboveEachStackAndTheAxisHoldsIt)
{
    BarChartWidget chart;
    chart.setData(breakdownChart());
    ASSERT_EQ(chart.valueLabels().size(), 2);
    EXPECT_DOUBLE_EQ(chart.valueLabels().at(0)->position->value(), 2.75);
    EXPECT_DOUBLE_EQ(chart.valueLabels().at(0)->position->key(), 1.0);
    EXPECT_DOUBLE_EQ(chart.valueLabels().at(1)->position->value(), 5.75);
    EXPECT_EQ(chart.valueLabels().at(1)->text(), QStringLiteral("5.75"));
    ASSERT_EQ(chart.missingLabels().size(), 1); // the L40S
    EXPECT_DOUBLE_EQ(chart.missingLabels().at(0)->position->key(), 3.0);
    EXPECT_GT(chart.plot()->yAxis->range().upper, 5.75);
    // The legend reads top to bottom, as the stack does.
    ASSERT_EQ(chart.plot()->legend->itemCount(), 3);
    auto *top = qobject_cast<QCPPlottableLegendItem *>(chart.plot()->legend->item(0));
    auto *bottom = qobject_cast<QCPPlottableLegendItem *>(chart.plot()->legend->item(2));
    ASSERT_NE(top, nullptr);
    ASSERT_NE(bottom, nullptr);
    EXPECT_EQ(top->plottable()->name(), QStringLiteral("Optimizer"));
    EXPECT_EQ(bottom->plottable()->name(), QStringLiteral("Compute"));
}

TEST(StackedBarChart, TheTooltipNamesThePartUnderThePointer)
{
    BarChartWidget chart;
    chart.resize(800, 500);
    chart.show();
    chart.setData(breakdownChart());
    chart.plot()->replot();
    QCustomPlot *plot = chart.plot();
    const auto at = [&](double key, double value) {
        return plot->mapTo(
            &chart, QPoint(qRound(plot->xAxis->coordToPixel(key)), qRound(plot->yAxis->coordToPixel(value))));
    };
    // H100: compute 0-2 s, DP communication 2-2.5 s, optimizer 2.5-2.75 s.
    EXPECT_TRUE(chart.toolTipAt(at(1.0, 1.0)).contains(QStringLiteral("Compute")));
    EXPECT_TRUE(chart.toolTipAt(at(1.0, 2.25)).contains(QStringLiteral("DP communication")));
    EXPECT_TRUE(chart.toolTipAt(at(1.0, 2.25)).contains(QStringLiteral("0.5")));
    EXPECT_TRUE(chart.toolTipAt(at(1.0, 2.6)).contains(QStringLiteral("Optimizer")));
    EXPECT_TRUE(chart.toolTipAt(at(1.0, 2.6)).contains(QStringLiteral("H100 SXM5")));
    EXPECT_TRUE(chart.toolTipAt(at(1.0, 3.5)).isEmpty()); // above the stack
    EXPECT_TRUE(chart.toolTipAt(at(1.5, 1.0)).isEmpty()); // between the bars
}

TEST(StackedBarChart, GroupedChartsStayGrouped)
{
    ChartData data = breakdownChart();
    data.stacked = false;
    BarChartWidget chart;
    chart.setData(data);
    for (QCPBars *bar : chart.bars())
        EXPECT_EQ(bar->barBelow(), nullptr);
    EXPECT_NEAR(chart.bars().at(0)->width(), 0.8 / 3, 1e-12);
}
