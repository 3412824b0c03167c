#pragma once

#include <QSize>
#include <functional>

class QCustomPlot;
class QPainter;

namespace PlotRender {

// Paints `plot` at `size` onto `painter` on a white page. QCustomPlot paints onto its own QCPPainter, so its
// painting is recorded as a picture (vector commands: SVG and PDF stay vector) and replayed. `forExport`
// runs before the recording (export colours, text fitted to the size), `forScreen` after it (screen colours,
// text fitted to the widget), and the plot is laid out for the screen again.
void toPainter(QCustomPlot *plot, QPainter &painter, const QSize &size,
               const std::function<void()> &forExport, const std::function<void()> &forScreen);

} // namespace PlotRender
