#pragma once

#include <QColor>
#include <Qt>

namespace ChartPalette {

// Colour-blind-safe qualitative palette (Okabe-Ito), cycled for series without a colour.
QColor colorAt(int index);

// Past the palette's eight colours, series repeat a colour; these tell the rounds apart: solid, dashed,
// dotted outlines (radar) and solid, hatched, cross-hatched fills (bars).
Qt::PenStyle penStyleAt(int index);
Qt::BrushStyle brushStyleAt(int index);

} // namespace ChartPalette
