#pragma once

#include <QImage>
#include <QSize>
#include <QString>

class QPainter;

// What the exporter needs of a chart (ChartExporter): the whole chart painted onto any QPainter (image,
// SVG, PDF) at a logical size, in the export colours, whatever its size and theme on screen.
class ExportableChart
{
public:
    virtual ~ExportableChart() = default;

    // Paints the whole chart (title, axes, legend, footnote) into the rectangle (0, 0, size) of the painter's
    // current coordinate system. Callers scale or translate the painter for high-DPI output or placement.
    virtual void renderChart(QPainter &painter, const QSize &size) const = 0;
    // The title written into an SVG's or PDF's metadata.
    virtual QString chartTitle() const = 0;

    // The chart rasterised at size * scale pixels on white, e.g. 1600x1000 at scale 2 gives 3200x2000.
    // Null image for an empty size or a scale <= 0.
    QImage toImage(const QSize &size, qreal scale = 1.0) const;
};
