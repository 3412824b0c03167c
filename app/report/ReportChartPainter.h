#pragma once

#include "app/report/ReportContent.h"

#include <QByteArray>
#include <QSize>

class QPainter;

// A report's chart drawn by the view the window draws it with (bars, radar or lines), in print colours
// (ChartView::renderChart), at a logical size of 96 units per inch.
namespace ReportChartPainter {

// The size a chart is drawn at in a report this wide: bars and the radar 3:5, the stacked panels of lines
// taller, so that each panel's log axis keeps readable ticks.
QSize size(const ReportChart &chart, int width);

// Onto any painter, in the rectangle (0, 0, size) of its current coordinates: vector on a PDF.
void paint(const ReportChart &chart, QPainter &painter, const QSize &size);

// As an SVG document (vector, text as text); empty when the SVG writer fails.
QByteArray svg(const ReportChart &chart, const QSize &size);

} // namespace ReportChartPainter
