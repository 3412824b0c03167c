#pragma once

#include <QFont>
#include <QSharedPointer>
#include <climits>

class QCPAxisTickerText;
class QLocale;
class QWidget;

// Fonts and axis ticks shared by the QCustomPlot charts.
namespace ChartAxes {

// The widget's font at another size.
QFont font(const QWidget *widget, int pointSize, bool bold = false);

// Labelled ticks on a log axis at 1-2-5 steps (denser when the range spans less than a decade), so a range
// like 20 to 90 ms still reads; QCPAxisTickerLog labels only powers of ten. Above `mostTicks` labels (many
// decades) only the powers of ten keep theirs.
QSharedPointer<QCPAxisTickerText> logTicks(double low, double high, const QLocale &locale,
                                           int mostTicks = INT_MAX);

} // namespace ChartAxes
