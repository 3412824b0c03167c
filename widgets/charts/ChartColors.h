#pragma once

#include <QColor>

class QPalette;

// The non-series colours a chart paints with. On screen they come from the widget's palette, so the charts
// follow a light or dark theme; exports use light() whatever the theme, because exported charts mostly end
// up in documents and on paper.
struct ChartColors
{
    QColor background;
    QColor text;      // title, tick and axis labels, legend, value labels
    QColor mutedText; // footnote, subtitle, ring values, "n/a"
    QColor axis;      // axis lines and ticks
    QColor grid;      // grid lines, radar web

    static ChartColors fromPalette(const QPalette &palette);
    static ChartColors light();

    bool isDark() const;
    // A series colour that stays visible on the background: Okabe-Ito yellow a darker olive on a light one,
    // black the text colour on a dark one.
    QColor visibleSeriesColor(const QColor &color) const;

    // WCAG 2 relative luminance (0..1) and contrast ratio (1..21).
    static double luminance(const QColor &color);
    static double contrastRatio(const QColor &a, const QColor &b);
};
