#pragma once

#include "widgets/common/StaticTextCache.h"

#include <QStyleOptionViewItem>

class QPainter;

// Paints a text-only item-view cell as Fusion's item views do (background or selection fill, focus
// frame, text with the style's margins, elided at the right when too wide), with the text drawn from a
// cache of laid-out texts instead of being shaped on every paint (docs/performance.md). No icons or
// check boxes. Shared by the comparison table's and the catalogue's delegates.
class TextCellPainter
{
public:
    enum class Grid
    {
        Drawn,    // the cell's right and bottom grid lines are drawn here (the view's grid is off)
        FromView, // the view draws its grid
    };

    // `cell` as QStyledItemDelegate::initStyleOption leaves it.
    void paint(QPainter *painter, const QStyleOptionViewItem &cell, Grid grid) const;

    // The width the text takes in this font, from the same cache.
    qreal textWidth(const QString &text, const QFont &font) const { return m_texts.width(text, font); }

private:
    mutable StaticTextCache m_texts;
};
