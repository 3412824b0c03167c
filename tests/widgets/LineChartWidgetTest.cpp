#include "widgets/charts/LineChartWidget.h"

#include <QTest>
#include <cmath>
#include <gtest/gtest.h>
#include <qcustomplot.h>

namespace {

// p90 TTFT (top) and TPOT (bottom) of three GPUs at 1 to 64 users, with both targets; the RTX A6000 has
// no point at 64 users.
ChartData latencyUnderLoad()
{
    ChartData data;
    data.title = QStringLiteral("Latency under load");
    data.xAxisLabel = QStringLiteral("Concurrent users");
    data.panelAxisLabels = {QStringLiteral("TTFT p90 (ms)"), QStringLiteral("TPOT p90 (ms)")};
    data.unit = QStringLiteral("ms");
    data.categories = {QStringLiteral("1"), QStringLiteral("4"), QStringLiteral("16"), QStringLiteral("64")};
    data.xValues = {1, 4, 16, 64};
    data.series = {
        {QStringLiteral("H100 SXM5"), {420.0, 600.0, 1100.0, 2900.0}, {}, 0},
        {QStringLiteral("H100 SXM5"), {21.0, 25.0, 38.0, 61.0}, {}, 1},
        {QStringLiteral("A100 80GB SXM4"), {800.0, 1200.0, 2400.0, 7000.0}, {}, 0},
        {QStringLiteral("A100 80GB SXM4"), {33.0, 39.0, 55.0, 90.0}, {}, 1},
        {QStringLiteral("RTX A6000"), {2100.0, 4000.0, 9000.0, std::nullopt}, {}, 0},
        {QStringLiteral("RTX A6000"), {70.0, 80.0, 110.0, std::nullopt}, {}, 1},
    };
    data.referenceLines = {{0, 2000.0, QStringLiteral("target 2,000 ms")},
                           {1, 60.0, QStringLiteral("target 60 ms")}};
    data.footnote = QStringLiteral("Simulated.");
    return data;
}

} // namespace

TEST(LineChartWidget, DrawsOneLinePerGpuInEachPanelAndTheTargets)
{
    LineChartWidget chart;
    chart.resize(900, 600);
    chart.setData(latencyUnderLoad());
    ASSERT_EQ(chart.panelCount(), 2);
    EXPECT_EQ(chart.graphs(0).size(), 3);
    EXPECT_EQ(chart.graphs(1).size(), 3);
    EXPECT_EQ(chart.graphs(0).at(1)->name(), QStringLiteral("A100 80GB SXM4"));
    // The legend names each GPU once.
    EXPECT_EQ(chart.plot()->legend->itemCount(), 3);

    ASSERT_EQ(chart.referenceLines().size(), 2);
    EXPECT_DOUBLE_EQ(chart.referenceLines().at(0)->point1->coords().y(), 2000.0);
    EXPECT_DOUBLE_EQ(chart.referenceLines().at(1)->point1->coords().y(), 60.0);
    // Each target is drawn in its own panel, clipped to it.
    EXPECT_EQ(chart.referenceLines().at(0)->clipAxisRect(), chart.graphs(0).first()->keyAxis()->axisRect());
    EXPECT_EQ(chart.referenceLines().at(1)->clipAxisRect(), chart.graphs(1).first()->keyAxis()->axisRect());
}

TEST(LineChartWidget, AxesAreLogarithmicAndAMissingPointBreaksTheLine)
{
    LineChartWidget chart;
    chart.resize(900, 600);
    chart.setData(latencyUnderLoad());
    const QCPGraph *a6000 = chart.graphs(0).at(2);
    EXPECT_EQ(a6000->keyAxis()->scaleType(), QCPAxis::stLogarithmic);
    EXPECT_EQ(a6000->valueAxis()->scaleType(), QCPAxis::stLogarithmic);
    ASSERT_EQ(a6000->data()->size(), 4);
    EXPECT_TRUE(std::isnan((a6000->data()->constBegin() + 3)->value)); // a gap, never zero
    // Every value and target is inside its panel's range.
    EXPECT_LT(a6000->valueAxis()->range().lower, 420.0);
    EXPECT_GT(a6000->valueAxis()->range().upper, 9000.0);
    EXPECT_GT(chart.graphs(1).first()->valueAxis()->range().upper, 110.0);
    EXPECT_EQ(chart.graphs(1).first()->keyAxis()->label(), QStringLiteral("Concurrent users"));
}

TEST(LineChartWidget, TheTooltipNamesTheNearestPoint)
{
    LineChartWidget chart;
    chart.resize(900, 600);
    chart.show();
    chart.setData(latencyUnderLoad());
    chart.plot()->replot();
    const QCPGraph *h100 = chart.graphs(0).first();
    const QPoint at(qRound(h100->keyAxis()->coordToPixel(16)),
                    qRound(h100->valueAxis()->coordToPixel(1100.0)));
    const QString text = chart.toolTipAt(chart.plot()->mapTo(&chart, at));
    EXPECT_TRUE(text.contains(QStringLiteral("H100 SXM5"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("16"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("1,100")) || text.contains(QStringLiteral("1100")))
        << text.toStdString();
    EXPECT_TRUE(chart.toolTipAt(QPoint(2, 2)).isEmpty());
}

TEST(LineChartWidget, ExportsAtAnySizeAndShowsNewDataAfterwards)
{
    LineChartWidget chart;
    chart.resize(600, 400);
    chart.setData(latencyUnderLoad());
    const QImage image = chart.toImage(QSize(1600, 1000));
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1600, 1000));
    // Not blank: the lines and text drew something other than white.
    int coloured = 0;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            coloured += image.pixel(x, y) != qRgb(255, 255, 255);
    EXPECT_GT(coloured, 200);

    ChartData one = latencyUnderLoad();
    one.panelAxisLabels = {QStringLiteral("TTFT p90 (ms)")};
    one.series = {one.series.first()};
    one.referenceLines.clear();
    chart.setData(one);
    EXPECT_EQ(chart.panelCount(), 1);
    EXPECT_EQ(chart.graphs(0).size(), 1);
    EXPECT_TRUE(chart.referenceLines().isEmpty());
}
