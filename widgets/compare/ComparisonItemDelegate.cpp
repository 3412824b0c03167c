#include "ComparisonItemDelegate.h"

ComparisonItemDelegate::ComparisonItemDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

void ComparisonItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    m_cells.paint(painter, cell, TextCellPainter::Grid::Drawn); // the table's own grid is off
}
