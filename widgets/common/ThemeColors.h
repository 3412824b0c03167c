#pragma once

#include <QColor>
#include <QString>

class QPalette;

// Colours outside QPalette's roles that must stay readable on a light and on a dark theme.
namespace ThemeColors {

bool isDark(const QPalette &palette);
// Error text and invalid-field frames: the usual red on light, a lighter red on dark (both >= 4.5:1).
QColor error(const QPalette &palette);
// "color: #rrggbb;" with error(), for the style sheets of error labels and refused editors.
QString errorStyle(const QPalette &palette);

} // namespace ThemeColors
