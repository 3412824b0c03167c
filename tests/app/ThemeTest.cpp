#include "app/window/AppSettings.h"
#include "app/window/ThemeController.h"
#include "tests/app/WindowFixture.h"
#include "widgets/charts/ChartColors.h"
#include "widgets/charts/ChartView.h"
#include "widgets/charts/ChartsPanel.h"

#include <QAction>
#include <QImage>
#include <QPixmap>

namespace {

// Leaves the application's palette as the platform's for the tests after these.
class ThemeWindow : public WindowFixture
{
protected:
    void TearDown() override
    {
        if (m_window)
            m_window->theme()->setTheme(ThemeChoice::System);
    }

    QAction *themeAction(ThemeChoice theme) const
    {
        return m_window->theme()->actions().at(static_cast<int>(theme));
    }
};

} // namespace

TEST_F(ThemeWindow, ChoosingDarkIsAppliedAtOnceAndAgainAtTheNextStart)
{
    EXPECT_EQ(m_window->theme()->theme(), ThemeChoice::System);
    EXPECT_TRUE(themeAction(ThemeChoice::System)->isChecked());
    const QColor systemWindow = m_window->palette().color(QPalette::Window);

    themeAction(ThemeChoice::Dark)->trigger();
    EXPECT_LT(ChartColors::luminance(m_window->palette().color(QPalette::Window)), 0.05);
    EXPECT_TRUE(m_window->chartsPanel()->currentView()->screenColors().isDark());
    EXPECT_EQ(AppSettings().theme(), ThemeChoice::Dark);

    openWindow(); // the next start reads the setting
    EXPECT_EQ(m_window->theme()->theme(), ThemeChoice::Dark);
    EXPECT_TRUE(themeAction(ThemeChoice::Dark)->isChecked());
    EXPECT_LT(ChartColors::luminance(m_window->palette().color(QPalette::Window)), 0.05);
    EXPECT_GE(ChartColors::contrastRatio(m_window->palette().color(QPalette::WindowText),
                                         m_window->palette().color(QPalette::Window)),
              4.5);

    themeAction(ThemeChoice::Light)->trigger();
    EXPECT_GT(ChartColors::luminance(m_window->palette().color(QPalette::Window)), 0.7);
    EXPECT_FALSE(m_window->chartsPanel()->currentView()->screenColors().isDark());

    // System gives the platform's palette back.
    themeAction(ThemeChoice::System)->trigger();
    EXPECT_EQ(m_window->palette().color(QPalette::Window), systemWindow);
    EXPECT_EQ(AppSettings().theme(), ThemeChoice::System);
}

TEST_F(ThemeWindow, TheThemeSettingRoundTrips)
{
    for (ThemeChoice theme : {ThemeChoice::Light, ThemeChoice::Dark, ThemeChoice::System}) {
        AppSettings().setTheme(theme);
        EXPECT_EQ(AppSettings().theme(), theme);
    }
    QSettings().setValue(QStringLiteral("window/theme"), QStringLiteral("sepia")); // unknown: System
    EXPECT_EQ(AppSettings().theme(), ThemeChoice::System);
}

TEST_F(ThemeWindow, TheWindowUsesTheApplicationIcon)
{
    const QIcon icon = m_window->windowIcon();
    ASSERT_FALSE(icon.isNull());
    const QImage image = icon.pixmap(64, 64).toImage();
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(qAlpha(image.pixel(32, 32)), 255); // the SVG was drawn, not an empty pixmap
    EXPECT_EQ(qAlpha(image.pixel(0, 0)), 0);     // rounded corner: transparent
}
