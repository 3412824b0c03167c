#pragma once

#include <QColor>

namespace ChartPalette {

// Colour-blind-safe qualitative palette (Okabe-Ito), cycled for series without a colour.
QColor colorAt(int index);

} // namespace ChartPalette
