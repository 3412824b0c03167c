#include "widgets/charts/ExportableChart.h"

#include <QPainter>

QImage ExportableChart::toImage(const QSize &size, qreal scale) const
{
    if (size.isEmpty() || !(scale > 0.0))
        return {};
    const QSize pixels(qRound(size.width() * scale), qRound(size.height() * scale));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return {};
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                           QPainter::SmoothPixmapTransform);
    painter.scale(scale, scale);
    renderChart(painter, size);
    painter.end();
    return image;
}
