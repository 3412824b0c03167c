#include "tests/widgets/ChartTestData.h"
#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/ChartColors.h"
#include "widgets/charts/RadarChartWidget.h"

#include <QCoreApplication>
#include <QImage>
#include <QPalette>
#include <gtest/gtest.h>
#include <ostream>
#include <qcustomplot.h>

namespace {

// Palettes like the theme's (ThemeController lives in the app layer): Base and Text are what charts use.
QPalette themePalette(bool dark)
{
    QPalette palette(dark ? QColor(0x2d, 0x2d, 0x30) : QColor(0xef, 0xef, 0xef));
    palette.setColor(QPalette::Base, dark ? QColor(0x1e, 0x1e, 0x20) : QColor(Qt::white));
    palette.setColor(QPalette::Text, dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x1a, 0x1a, 0x1a));
    palette.setColor(QPalette::WindowText, palette.color(QPalette::Text));
    return palette;
}

// Pixels that stand out from the background as text should (WCAG 4.5:1): rendered labels, not blur.
int readablePixels(const QImage &image, const QColor &background)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += ChartColors::contrastRatio(image.pixelColor(x, y), background) >= 4.5 ? 1 : 0;
    return count;
}

void expectReadable(const QImage &image, bool dark)
{
    ASSERT_FALSE(image.isNull());
    // A corner is background: dark on the dark theme, light on the light one.
    const QColor background = image.pixelColor(3, 3);
    if (dark)
        EXPECT_LT(ChartColors::luminance(background), 0.05) << background.name().toStdString();
    else
        EXPECT_GT(ChartColors::luminance(background), 0.8) << background.name().toStdString();
    // Title, tick labels and legend are drawn in a colour readable on that background.
    EXPECT_GT(readablePixels(image, background), 500);
}

struct Theme
{
    bool dark;
    const char *name;
};

// Names the theme in test output instead of the struct's bytes.
void PrintTo(const Theme &theme, std::ostream *out)
{
    *out << theme.name;
}

class ChartTheme : public ::testing::TestWithParam<Theme>
{
};

} // namespace

TEST_P(ChartTheme, BarChartTakesItsColoursFromThePalette)
{
    const bool dark = GetParam().dark;
    BarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(ChartTestData::seedCompute());
    chart.show(); // QCustomPlot lays out for its real size once shown
    chart.setPalette(themePalette(dark));
    QCoreApplication::sendPostedEvents(); // the queued replot a palette change asks for

    const ChartColors colors = chart.screenColors();
    EXPECT_EQ(colors.background, themePalette(dark).color(QPalette::Base));
    EXPECT_EQ(colors.isDark(), dark);
    QCPAxis *axis = chart.plot()->yAxis;
    EXPECT_EQ(axis->tickLabelColor(), colors.text);
    EXPECT_EQ(axis->labelColor(), colors.text);
    EXPECT_EQ(chart.plot()->legend->textColor(), colors.text);
    EXPECT_EQ(chart.plot()->legend->brush().color(), colors.background);
    EXPECT_GE(ChartColors::contrastRatio(axis->tickLabelColor(), colors.background), 4.5);
    EXPECT_GE(ChartColors::contrastRatio(colors.mutedText, colors.background), 4.5);
    EXPECT_GE(ChartColors::contrastRatio(axis->basePen().color(), colors.background), 3.0);

    expectReadable(chart.grab().toImage(), dark);
}

TEST_P(ChartTheme, RadarChartTakesItsColoursFromThePalette)
{
    const bool dark = GetParam().dark;
    RadarChartWidget chart;
    chart.resize(800, 500);
    chart.setData(ChartTestData::seedRadar());
    chart.setPalette(themePalette(dark));

    const ChartColors colors = chart.screenColors();
    EXPECT_EQ(colors.isDark(), dark);
    EXPECT_GE(ChartColors::contrastRatio(colors.text, colors.background), 4.5);
    EXPECT_GE(ChartColors::contrastRatio(colors.mutedText, colors.background), 4.5);
    expectReadable(chart.grab().toImage(), dark);
}

TEST_P(ChartTheme, ExportsStayLightWhateverTheTheme)
{
    const bool dark = GetParam().dark;
    BarChartWidget bars;
    bars.resize(800, 500);
    bars.setData(ChartTestData::seedCompute());
    bars.show();
    bars.setPalette(themePalette(dark));
    RadarChartWidget radar;
    radar.setData(ChartTestData::seedRadar());
    radar.setPalette(themePalette(dark));

    for (const ChartView *chart :
         {static_cast<const ChartView *>(&bars), static_cast<const ChartView *>(&radar)})
        expectReadable(chart->toImage(QSize(800, 500)), false);
    // The export left the on-screen colours as they were.
    EXPECT_EQ(bars.plot()->yAxis->tickLabelColor(), bars.screenColors().text);
}

INSTANTIATE_TEST_SUITE_P(LightAndDark, ChartTheme,
                         ::testing::Values(Theme{false, "Light"}, Theme{true, "Dark"}),
                         [](const ::testing::TestParamInfo<Theme> &param) {
                             return std::string(param.param.name);
                         });

TEST(ChartColors, ContrastRatioFollowsWcag)
{
    EXPECT_NEAR(ChartColors::contrastRatio(Qt::black, Qt::white), 21.0, 1e-9);
    EXPECT_NEAR(ChartColors::contrastRatio(Qt::white, Qt::white), 1.0, 1e-9);
    EXPECT_NEAR(ChartColors::contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white), 4.54, 0.01);
}

TEST(ChartColors, BlackSeriesTurnsToTextColourOnDark)
{
    const ChartColors dark = ChartColors::fromPalette(themePalette(true));
    EXPECT_EQ(dark.visibleSeriesColor(Qt::black), dark.text);
    EXPECT_EQ(dark.visibleSeriesColor(QColor(0xe6, 0x9f, 0x00)), QColor(0xe6, 0x9f, 0x00));
    EXPECT_EQ(ChartColors::light().visibleSeriesColor(Qt::black), QColor(Qt::black));
}

// Issue 39: Okabe-Ito yellow (the palette's 7th) was drawn in the text colour on a light page, black like the
// 8th: two GPUs of a 20-GPU chart looked the same. It keeps its hue, darker, and differs from black.
TEST(ChartColors, YellowOnALightPageStaysAHueApartFromBlack)
{
    const ChartColors light = ChartColors::light();
    const QColor yellow(0xf0, 0xe4, 0x42);
    const QColor shown = light.visibleSeriesColor(yellow);
    EXPECT_GE(ChartColors::contrastRatio(shown, light.background), 1.5);
    EXPECT_NE(shown, light.text);
    EXPECT_NEAR(shown.hueF(), yellow.hueF(), 0.02);
    EXPECT_GT(ChartColors::contrastRatio(shown, QColor(Qt::black)), 2.0);
}
