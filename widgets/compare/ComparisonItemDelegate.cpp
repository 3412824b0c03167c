#include "widgets/compare/ComparisonItemDelegate.h"

#include "widgets/compare/ComparisonTableModel.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>

namespace {

// Left and right text margins together, as TextCellPainter leaves them (and its grid line).
int textMargins(const QStyleOptionViewItem &cell)
{
    const QStyle *style = cell.widget ? cell.widget->style() : QApplication::style();
    return 2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, cell.widget) + 1) + 1;
}

} // namespace

ComparisonItemDelegate::ComparisonItemDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

void ComparisonItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    const bool wraps = !index.data(ComparisonTableModel::IsSectionRole).toBool() &&
                       m_cells.textWidth(cell.text, cell.font) > cell.rect.width() - textMargins(cell);
    if (!wraps) {
        m_cells.paint(painter, cell, TextCellPainter::Grid::Drawn); // the table's own grid is off
        return;
    }
    // A label or value wider than its column wraps onto the lines the table gave its row (ComparisonTable::
    // lines): the background, grid and focus as any cell, the text word-wrapped, never cut.
    const QString text = cell.text;
    cell.text.clear();
    m_cells.paint(painter, cell, TextCellPainter::Grid::Drawn);
    const int margin = textMargins(cell) / 2;
    const bool selected = cell.state & QStyle::State_Selected;
    painter->save();
    painter->setFont(cell.font);
    painter->setPen(cell.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    const Qt::Alignment side = cell.displayAlignment & Qt::AlignHorizontal_Mask;
    painter->drawText(cell.rect.adjusted(margin, 0, -margin, -1),
                      (side ? side : Qt::AlignLeft) | Qt::AlignVCenter | Qt::TextWordWrap, text);
    painter->restore();
}
