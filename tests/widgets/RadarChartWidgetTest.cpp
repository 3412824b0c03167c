#include "widgets/charts/RadarChartWidget.h"

#include "tests/widgets/ChartTestData.h"

#include <QImage>
#include <QSet>
#include <cmath>
#include <gtest/gtest.h>

namespace {

double distance(QPointF a, QPointF b)
{
    return std::hypot(a.x() - b.x(), a.y() - b.y());
}

} // namespace

TEST(RadarChartWidget, HoldsOneSeriesPerGpuAndOneAxisPerCategory)
{
    RadarChartWidget chart;
    chart.setData(ChartTestData::seedRadar());
    ASSERT_EQ(chart.data().series.size(), 5);
    EXPECT_EQ(chart.data().categories.size(), 6);
    EXPECT_EQ(chart.data().categories.at(3), QStringLiteral("Interconnect"));
}

TEST(RadarChartWidget, FirstAxisPointsUpAndValuesScaleWithTheRadius)
{
    RadarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(ChartTestData::seedRadar());
    const QPointF c = chart.center();
    const double r = chart.radius();
    ASSERT_GT(r, 100.0); // a usable plot at 800x500 once labels and legend are placed

    // H200 has 1.0 on "Compute": the top of the outer ring.
    const auto top = chart.vertexPosition(1, 0);
    ASSERT_TRUE(top);
    EXPECT_NEAR(top->x(), c.x(), 1e-6);
    EXPECT_NEAR(top->y(), c.y() - r, 1e-6);

    // A100's compute is 0.315 of the radius; L40S's interconnect 0 sits at the centre.
    EXPECT_NEAR(distance(*chart.vertexPosition(2, 0), c), 0.315 * r, 1e-6);
    EXPECT_NEAR(distance(*chart.vertexPosition(4, 3), c), 0.0, 1e-6);

    // Axes go clockwise: the second axis lies right of centre.
    EXPECT_GT(chart.vertexPosition(1, 1)->x(), c.x());
}

TEST(RadarChartWidget, MissingValueHasNoVertexAndIsNamedInTheLegend)
{
    RadarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(ChartTestData::seedRadar());
    EXPECT_FALSE(chart.vertexPosition(3, 3)); // RTX A6000 has no NVLink figure here
    const QStringList legend = chart.legendTexts();
    ASSERT_EQ(legend.size(), 5);
    EXPECT_EQ(legend.at(0), QStringLiteral("H100 SXM5"));
    EXPECT_EQ(legend.at(3), QStringLiteral("RTX A6000 (n/a: Interconnect)"));
}

TEST(RadarChartWidget, ValuesOutsideZeroToOneAreClamped)
{
    ChartData data = ChartTestData::seedRadar();
    data.series[0].values[0] = 1.7;
    data.series[0].values[1] = -0.2;
    RadarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(data);
    EXPECT_NEAR(distance(*chart.vertexPosition(0, 0), chart.center()), chart.radius(), 1e-6);
    EXPECT_NEAR(distance(*chart.vertexPosition(0, 1), chart.center()), 0.0, 1e-6);
}

TEST(RadarChartWidget, TooltipNamesSeriesAxisAndValue)
{
    RadarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(ChartTestData::seedRadar());
    const QPointF vertex = *chart.vertexPosition(0, 2); // H100, bandwidth 0.698
    const QString tip = chart.toolTipAt(vertex.toPoint());
    EXPECT_TRUE(tip.contains(QStringLiteral("H100 SXM5"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Bandwidth"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("0.7"))) << tip.toStdString();
    EXPECT_TRUE(chart.toolTipAt(QPoint(2, 2)).isEmpty());
}

TEST(RadarChartWidget, RendersPolygonsInTheSeriesColours)
{
    ChartData data = ChartTestData::seedRadar();
    data.series.resize(1);
    data.series[0].color = QColor(0xd5, 0x5e, 0x00);
    RadarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(data);
    const QImage image = chart.toImage(chart.size());
    ASSERT_EQ(image.size(), QSize(800, 500));
    // The vertex dot at the top of the compute axis is painted in the series colour.
    const QPoint top = chart.vertexPosition(0, 0)->toPoint();
    const QColor pixel = image.pixelColor(top);
    EXPECT_NEAR(pixel.red(), 0xd5, 40);
    EXPECT_NEAR(pixel.green(), 0x5e, 40);
    EXPECT_NEAR(pixel.blue(), 0x00, 40);
}

TEST(RadarChartWidget, ScaledImageHasThePixelSizeAsked)
{
    RadarChartWidget chart;
    chart.setData(ChartTestData::seedRadar());
    const QImage image = chart.toImage(QSize(1600, 1000), 2.0);
    EXPECT_EQ(image.size(), QSize(3200, 2000));
    EXPECT_TRUE(chart.toImage(QSize(0, 10)).isNull());
    EXPECT_TRUE(chart.toImage(QSize(10, 10), 0.0).isNull());
}
