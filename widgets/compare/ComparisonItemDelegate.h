#pragma once

#include "widgets/common/TextCellPainter.h"

#include <QStyledItemDelegate>

// Paints the comparison table's cells, grid lines included, with TextCellPainter: texts drawn from a
// cache of laid-out texts instead of being shaped on every paint (docs/performance.md).
class ComparisonItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit ComparisonItemDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

    // The width the text of a cell takes in this font, from the same cache.
    qreal textWidth(const QString &text, const QFont &font) const { return m_cells.textWidth(text, font); }

private:
    TextCellPainter m_cells;
};
