#pragma once

#include "widgets/charts/ChartData.h"

class QCPTextElement;
class QFont;
class QCustomPlot;

namespace ChartTextFit {

// Lays out the text around a QCustomPlot chart whose legend sits in column 1 of the plot layout for a chart
// totalWidth wide: QCustomPlot sizes columns by stretch factors, which ignore text widths, so the legend
// gets the share its longest series name needs; QCPTextElement neither wraps nor elides, so the footnote is
// broken into lines that fit under the plot.
void fit(QCustomPlot *plot, QCPTextElement *footnote, const ChartData &chart, int totalWidth);

// The text broken at spaces into lines at most `width` pixels wide in `font`, joined by newlines.
QString wrapped(const QString &text, const QFont &font, int width);

} // namespace ChartTextFit
