#include "widgets/common/ThemeColors.h"

#include "widgets/catalogue/EditMarkerLegend.h"
#include "widgets/charts/ChartColors.h"
#include "widgets/workload/WorkloadForm.h"

#include <QLabel>
#include <QPalette>
#include <gtest/gtest.h>

namespace {

// Like the theme's palettes (ThemeController lives in the app layer).
QPalette themePalette(bool dark)
{
    QPalette palette(dark ? QColor(0x2d, 0x2d, 0x30) : QColor(0xef, 0xef, 0xef));
    palette.setColor(QPalette::Base, dark ? QColor(0x1e, 0x1e, 0x20) : QColor(Qt::white));
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText})
        palette.setColor(role, dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x1a, 0x1a, 0x1a));
    return palette;
}

} // namespace

TEST(ThemeColors, ErrorRedIsReadableOnLightAndOnDark)
{
    for (bool dark : {false, true}) {
        const QPalette palette = themePalette(dark);
        EXPECT_EQ(ThemeColors::isDark(palette), dark);
        const QColor red = ThemeColors::error(palette);
        EXPECT_GE(ChartColors::contrastRatio(red, palette.color(QPalette::Window)), 4.5) << dark;
        EXPECT_GE(ChartColors::contrastRatio(red, palette.color(QPalette::Base)), 4.5) << dark;
    }
}

TEST(ThemeColors, WorkloadFormErrorsChangeTheirRedWithThePalette)
{
    WorkloadForm form;
    form.setPalette(themePalette(false));
    const auto *error = form.findChild<QLabel *>(QStringLiteral("batchError"));
    ASSERT_TRUE(error);
    const QString light = ThemeColors::error(themePalette(false)).name();
    const QString dark = ThemeColors::error(themePalette(true)).name();
    ASSERT_NE(light, dark);
    EXPECT_EQ(error->palette().color(QPalette::WindowText).name(), light);
    // Valid fields carry no style sheet (they draw natively); an invalid one gets the red frame.
    EXPECT_TRUE(form.editor(QStringLiteral("batch"))->styleSheet().isEmpty());
    form.setFieldErrors({WorkloadFieldError{WorkloadField::Batch, QStringLiteral("too large")}});
    EXPECT_TRUE(form.editor(QStringLiteral("batch"))->styleSheet().contains(light));

    form.setPalette(themePalette(true));
    EXPECT_EQ(error->palette().color(QPalette::WindowText).name(), dark);
    EXPECT_TRUE(form.editor(QStringLiteral("batch"))->styleSheet().contains(dark));
    form.setFieldErrors({});
    EXPECT_TRUE(form.editor(QStringLiteral("batch"))->styleSheet().isEmpty());
}

TEST(ThemeColors, EditMarksStandOutOnLightAndOnDark)
{
    // WCAG 2.1, 1.4.11 (non-text contrast): a mark that carries meaning has 3:1 against its background.
    for (bool dark : {false, true}) {
        const QPalette palette = themePalette(dark);
        const ThemeColors::EditMarks marks = ThemeColors::editMarks(palette);
        for (const QColor &mark : {marks.unsaved, marks.bundled})
            EXPECT_GE(ChartColors::contrastRatio(mark, palette.color(QPalette::Base)), 3.0)
                << mark.name().toStdString() << (dark ? " on dark" : " on light");
        EXPECT_NE(marks.unsaved, marks.bundled);
        EXPECT_LT(marks.unsavedFill.alpha(), 255) << "the tint must leave the text readable";
    }
}

TEST(ThemeColors, TheEditLegendDrawsItsMarksInTheThemeColoursAndTranslatesNoColour)
{
    EditMarkerLegend legend;
    for (bool dark : {false, true}) {
        legend.setPalette(themePalette(dark));
        const ThemeColors::EditMarks marks = ThemeColors::editMarks(themePalette(dark));
        EXPECT_EQ(legend.unsavedMark()->palette().color(QPalette::WindowText), marks.unsaved) << dark;
        EXPECT_EQ(legend.bundledMark()->palette().color(QPalette::WindowText), marks.bundled) << dark;
    }
    for (const QLabel *label : legend.findChildren<QLabel *>()) {
        EXPECT_FALSE(label->text().contains(u'#')) << label->text().toStdString();
        EXPECT_FALSE(label->text().contains(QStringLiteral("color"))) << label->text().toStdString();
    }
}
