#include "widgets/charts/BarChartWidget.h"

#include "tests/widgets/ChartTestData.h"

#include <QImage>
#include <QSet>
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
    EXPECT_EQ(ticker->ticks().values(),
              (QVector<QString>{QStringLiteral("FP16/BF16"), QStringLiteral("FP8")}));
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

// The legend's entries (BarLegendItem, which keeps its measured size) follow the series, one each, in
// series order, and measure what QCustomPlot's own entry measures, also after a renamed series.
TEST(BarChartWidget, LegendHasOneEntryPerSeriesSizedAsQCustomPlotSizesIt)
{
    BarChartWidget chart;
    chart.setData(fp16Chart());
    ChartData renamed = fp16Chart();
    renamed.series[1].name = QStringLiteral("A much longer GPU name, 80GB HBM2e");
    chart.setData(renamed);
    QCPLegend *legend = chart.plot()->legend;
    ASSERT_EQ(legend->itemCount(), 2);
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto *entry = qobject_cast<QCPPlottableLegendItem *>(legend->item(i));
        ASSERT_TRUE(entry);
        EXPECT_EQ(entry->plottable()->name(), renamed.series.at(i).name);
        QCPPlottableLegendItem plain(legend, entry->plottable());
        const QCPLayoutElement &measured = *entry;
        const QCPLayoutElement &reference = plain;
        EXPECT_EQ(measured.minimumOuterSizeHint(), reference.minimumOuterSizeHint()) << i;
        entry->plottable()->setName(entry->plottable()->name() + QStringLiteral(" (renamed)"));
        EXPECT_EQ(measured.minimumOuterSizeHint(), reference.minimumOuterSizeHint()) << "renamed " << i;
    }
}

TEST(BarChartWidget, IsAChartViewWithTitleAndFootnote)
{
    BarChartWidget chart;
    ChartView *view = &chart;
    view->setData(ChartTestData::seedCompute());
    EXPECT_EQ(view->data().title, QStringLiteral("Dense FP16 tensor compute"));
    EXPECT_EQ(chart.bars().size(), 5);
}

TEST(BarChartWidget, ValueLabelsShowTheValuesAndMissingValuesSayNa)
{
    BarChartWidget chart;
    chart.resize(1000, 600);
    chart.show(); // QCustomPlot lays out for its real size once shown
    chart.setData(fp16Chart());
    chart.plot()->replot();
    QStringList texts;
    for (const QCPItemText *label : chart.valueLabels())
        texts << label->text();
    EXPECT_EQ(texts, (QStringList{QStringLiteral("989"), QLocale().toString(1979), QStringLiteral("312")}));
    for (const QCPItemText *label : chart.valueLabels())
        EXPECT_TRUE(label->visible());
    ASSERT_EQ(chart.missingLabels().size(), 1);
    EXPECT_EQ(chart.missingLabels().at(0)->text(), QStringLiteral("n/a"));
}

TEST(BarChartWidget, ValueLabelsHideWhenBarsAreTooNarrowForThem)
{
    ChartData data = fp16Chart();
    data.series.clear();
    for (int s = 0; s < 20; ++s)
        data.series.append({QStringLiteral("GPU %1").arg(s), {1000.0 + s * 37.25, 2000.0 + s}, {}});
    BarChartWidget chart;
    chart.resize(640, 400);
    chart.show();
    chart.setData(data);
    chart.plot()->replot();
    ASSERT_EQ(chart.valueLabels().size(), 40);
    for (const QCPItemText *label : chart.valueLabels())
        EXPECT_FALSE(label->visible());
}

TEST(BarChartWidget, TooltipGivesSeriesCategoryValueAndUnit)
{
    BarChartWidget chart;
    chart.resize(1000, 600);
    chart.show(); // QCustomPlot lays out for its real size once shown
    ChartData data = fp16Chart();
    data.unit = QStringLiteral("TFLOPS");
    chart.setData(data);
    chart.plot()->replot();
    // Middle of the A100's FP16 bar (second series, first category).
    const QCPBars *a100 = chart.bars().at(1);
    const double key = a100->data()->constBegin()->key;
    const QPoint inBar(qRound(chart.plot()->xAxis->coordToPixel(key)),
                       qRound(chart.plot()->yAxis->coordToPixel(150.0)));
    const QString tip = chart.toolTipAt(chart.plot()->mapTo(&chart, inBar));
    EXPECT_EQ(tip, QStringLiteral("A100 SXM4 80GB\nFP16/BF16: 312\u00a0TFLOPS"));
    // Above the bar there is nothing to explain.
    const QPoint aboveBar(inBar.x(), qRound(chart.plot()->yAxis->coordToPixel(900.0)));
    EXPECT_TRUE(chart.toolTipAt(chart.plot()->mapTo(&chart, aboveBar)).isEmpty());
}

TEST(BarChartWidget, RendersAtAnExportSizeWithoutChangingTheScreenLayout)
{
    BarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(ChartTestData::seedCompute());
    const QImage image = chart.toImage(QSize(1600, 1000), 2.0);
    ASSERT_EQ(image.size(), QSize(3200, 2000));
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    EXPECT_GT(colours.size(), 20);
    // The series colours are in the image: the first bar is palette blue.
    EXPECT_TRUE(colours.contains(qRgb(0x00, 0x72, 0xb2)));
}
