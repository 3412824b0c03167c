#include "widgets/common/TextCellPainter.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>

void TextCellPainter::paint(QPainter *painter, const QStyleOptionViewItem &cell, Grid grid) const
{
    const QWidget *widget = cell.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // The text margins QCommonStyle uses for item view text; the cells have no icon or check box, so the
    // text has the whole cell.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const int gridLine = grid == Grid::Drawn ? 1 : 0; // the text stays inside the grid lines drawn here
    const QRect area = cell.rect.adjusted(margin, 0, -margin - gridLine, -gridLine);
    const QPalette::ColorGroup group = !(cell.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (cell.state & QStyle::State_Active) ? QPalette::Normal
                                                                             : QPalette::Inactive;
    const bool selected = cell.state & QStyle::State_Selected;
    // Background and focus as the style's item view panel draws them (a plain fill), without going
    // through drawControl for every cell: that was a fifth of a repaint.
    if (selected)
        painter->fillRect(cell.rect, cell.palette.brush(group, QPalette::Highlight));
    else if (cell.backgroundBrush.style() != Qt::NoBrush)
        painter->fillRect(cell.rect, cell.backgroundBrush);
    // The grid, as QTableView draws it (right and bottom edge of each cell, in the style's grid colour),
    // as two filled rectangles: the view's own grid went through QPainter's line stroker, a sixth of a
    // repaint (docs/performance.md). Where the view draws its own grid, it is left to the view.
    if (grid == Grid::Drawn) {
        const QColor line = QColor::fromRgba(
            static_cast<QRgb>(style->styleHint(QStyle::SH_Table_GridLineColor, &cell, widget)));
        painter->fillRect(QRect(cell.rect.right(), cell.rect.top(), 1, cell.rect.height()), line);
        painter->fillRect(QRect(cell.rect.left(), cell.rect.bottom(), cell.rect.width(), 1), line);
    }
    if (cell.state & QStyle::State_HasFocus) {
        QStyleOptionFocusRect focus;
        focus.QStyleOption::operator=(cell);
        focus.rect = style->subElementRect(QStyle::SE_ItemViewItemFocusRect, &cell, widget);
        focus.state |= QStyle::State_KeyboardFocusChange | QStyle::State_Item;
        focus.backgroundColor = cell.palette.color(group, selected ? QPalette::Highlight : QPalette::Window);
        style->drawPrimitive(QStyle::PE_FrameFocusRect, &focus, painter, widget);
    }
    const QString &text = cell.text;
    if (text.isEmpty())
        return;
    const QPalette::ColorRole role = selected ? QPalette::HighlightedText : QPalette::Text;

    // One lookup for a text that fits; a second, of its elided form, for one that does not. (A pointer:
    // the second lookup may insert and move the first entry.)
    const QStaticText *prepared = &m_texts.text(text, cell.font);
    if (prepared->size().width() > area.width())
        prepared =
            &m_texts.text(m_texts.elided(text, cell.font, cell.textElideMode, area.width()), cell.font);
    const QSizeF size = prepared->size();
    const Qt::Alignment alignment = QStyle::visualAlignment(cell.direction, cell.displayAlignment);
    qreal x = area.left();
    if (alignment & Qt::AlignRight)
        x = area.right() + 1 - size.width();
    else if (alignment & Qt::AlignHCenter)
        x = area.left() + (area.width() - size.width()) / 2;
    const qreal y = area.top() + (area.height() - size.height()) / 2;

    painter->save();
    painter->setClipRect(area);
    painter->setFont(cell.font);
    painter->setPen(cell.palette.color(group, role));
    painter->drawStaticText(QPointF(x, y), *prepared);
    painter->restore();
}
