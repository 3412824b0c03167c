#pragma once

#include "StaticTextCache.h"

#include <QStyledItemDelegate>

// Paints the comparison table's cells as Fusion's item views do (background or selection fill, focus
// frame, text with the style's margins), with the text drawn from a cache of laid-out texts instead of
// being shaped on every paint (docs/performance.md). For text-only cells: no icons or check boxes. Texts
// too wide for their cell are elided at the right, as QTableView's default delegate does.
class ComparisonItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit ComparisonItemDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The width the text of a cell takes in this font, from the same cache.
    qreal textWidth(const QString &text, const QFont &font) const { return m_texts.width(text, font); }

private:
    mutable StaticTextCache m_texts;
};
