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

// The spec table's marks of edited cells, painted as corners and explained by the legend below it.
struct EditMarks
{
    QColor unsaved;     // a cell not saved yet: its top-left corner and, on the id cell, a bar
    QColor unsavedFill; // that cell's background tint (translucent)
    QColor bundled;     // a cell that differs from the bundled seed: its top-right corner
};
// Marks with at least 3:1 against the table's base on a light and on a dark theme (WCAG 2.1, 1.4.11).
EditMarks editMarks(const QPalette &palette);

} // namespace ThemeColors
