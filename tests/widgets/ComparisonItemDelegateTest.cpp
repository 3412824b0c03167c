#include "widgets/compare/ComparisonItemDelegate.h"

#include "widgets/common/StaticTextCache.h"

#include <QFontMetrics>
#include <QImage>
#include <QPainter>
#include <QStandardItemModel>
#include <QTableView>
#include <gtest/gtest.h>

namespace {

// The painted text's horizontal extent: first and last column holding a dark pixel.
std::pair<int, int> inkColumns(const QImage &image)
{
    int first = -1;
    int last = -1;
    for (int x = 0; x < image.width(); ++x)
        for (int y = 0; y < image.height(); ++y)
            if (qGray(image.pixel(x, y)) < 128) {
                if (first < 0)
                    first = x;
                last = x;
                break;
            }
    return {first, last};
}

QImage paintCell(const QString &text, Qt::Alignment alignment, int width, bool selected = false)
{
    QStandardItemModel model(1, 1);
    model.setData(model.index(0, 0), text);
    model.setData(model.index(0, 0), int(alignment | Qt::AlignVCenter), Qt::TextAlignmentRole);
    QTableView view;
    view.setModel(&model);
    ComparisonItemDelegate delegate;
    QStyleOptionViewItem option;
    option.initFrom(view.viewport());
    option.rect = QRect(0, 0, width, 24);
    option.textElideMode = Qt::ElideRight;
    option.widget = &view;
    QImage image(width, 24, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    option.palette.setColor(QPalette::Text, Qt::black);
    option.palette.setColor(QPalette::Base, Qt::white);
    option.palette.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6));
    option.palette.setColor(QPalette::HighlightedText, Qt::white);
    if (selected)
        option.state |= QStyle::State_Selected;
    delegate.paint(&painter, option, model.index(0, 0));
    return image;
}

} // namespace

TEST(ComparisonItemDelegate, RightAlignedNumbersEndAtTheCellsRightMargin)
{
    const QImage image = paintCell(QStringLiteral("989.4"), Qt::AlignRight, 200);
    const auto [first, last] = inkColumns(image);
    ASSERT_GE(first, 0) << "nothing was painted";
    EXPECT_GT(first, 100); // right-aligned, not at the left
    EXPECT_GE(last, 190);  // within the margins of the right edge
    EXPECT_LT(last, 200);
}

TEST(ComparisonItemDelegate, TooLongTextIsElidedInsideItsCell)
{
    const QString label = QStringLiteral("GPU-to-GPU link, bidirectional per GPU (GB/s)");
    const QImage wide = paintCell(label, Qt::AlignLeft, 600);
    const QImage narrow = paintCell(label, Qt::AlignLeft, 120);
    const auto [wideFirst, wideLast] = inkColumns(wide);
    const auto [narrowFirst, narrowLast] = inkColumns(narrow);
    ASSERT_GE(wideFirst, 0);
    ASSERT_GE(narrowFirst, 0);
    EXPECT_GT(wideLast, 200);   // the whole label fits at 600 px
    EXPECT_LT(narrowLast, 118); // elided: nothing painted past the right margin
    EXPECT_GT(narrowLast, 60);  // ...but the start of the label is there
}

TEST(ComparisonItemDelegate, SelectedCellsAreFilledWithTheHighlightAndTheirBackgroundOtherwise)
{
    const QImage selected = paintCell(QStringLiteral("312"), Qt::AlignRight, 120, true);
    EXPECT_EQ(selected.pixelColor(2, 2), QColor(0x30, 0x8c, 0xc6));
    EXPECT_EQ(selected.pixelColor(117, 21), QColor(0x30, 0x8c, 0xc6));
    const QImage plain = paintCell(QStringLiteral("312"), Qt::AlignRight, 120);
    EXPECT_EQ(plain.pixelColor(2, 2), QColor(Qt::white));
}

TEST(StaticTextCache, WidthMatchesFontMetricsAndTheCacheIsBounded)
{
    StaticTextCache cache;
    const QFont font;
    const QString text = QStringLiteral("1,979 (NVSwitch)");
    EXPECT_NEAR(cache.width(text, font), QFontMetricsF(font).horizontalAdvance(text), 1.0);
    QFont bold = font;
    bold.setBold(true);
    cache.width(text, bold);
    EXPECT_EQ(cache.size(), 2); // one entry per text and font
    const QString label = QStringLiteral("GPU-to-GPU link, bidirectional per GPU (GB/s)");
    EXPECT_EQ(cache.elided(label, font, Qt::ElideRight, 80),
              QFontMetrics(font).elidedText(label, Qt::ElideRight, 80));
    EXPECT_EQ(cache.elided(label, font, Qt::ElideRight, 2000), label);
    for (int i = 0; i < StaticTextCache::kCapacity + 10; ++i)
        cache.width(QString::number(i), font);
    EXPECT_LE(cache.size(), StaticTextCache::kCapacity);
}
