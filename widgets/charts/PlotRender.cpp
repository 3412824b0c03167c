#include "widgets/charts/PlotRender.h"

#include <QPicture>
#include <qcustomplot.h>

namespace PlotRender {

void toPainter(QCustomPlot *plot, QPainter &painter, const QSize &size,
               const std::function<void()> &forExport, const std::function<void()> &forScreen)
{
    QPicture picture;
    {
        QCPPainter recorder(&picture);
        recorder.setMode(QCPPainter::pmVectorized);
        recorder.setMode(QCPPainter::pmNoCaching);
        recorder.setRenderHint(QPainter::Antialiasing);
        forExport();
        plot->toPainter(&recorder, size.width(), size.height());
    }
    painter.save();
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    painter.drawPicture(0, 0, picture);
    painter.restore();
    forScreen(); // toPainter() laid the plot out for the export size
    plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace PlotRender
