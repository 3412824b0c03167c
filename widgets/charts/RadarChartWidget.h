#pragma once

#include "widgets/charts/ChartView.h"

#include <QPolygonF>

class QPaintDevice;

// Radar (spider) chart drawn with QPainter: one axis per category (e.g. compute, memory, bandwidth,
// interconnect, power efficiency, price efficiency), values already normalised to 0..1 by the caller
// (clamped if outside), one polygon per series, a legend at the right. A missing value leaves a gap in its
// polygon's outline (no fill) and is named in the legend, so it never reads as zero.
class RadarChartWidget : public ChartView
{
    Q_OBJECT
public:
    explicit RadarChartWidget(QWidget *parent = nullptr);
    ~RadarChartWidget() override;

    void renderChart(QPainter &painter, const QSize &size) const override;

    QSize sizeHint() const override { return {720, 480}; }
    QSize minimumSizeHint() const override { return {360, 260}; }

    // Geometry at the widget's current size, in widget coordinates.
    QPointF center() const;
    double radius() const;
    // Where a series' value on an axis is drawn; a null optional for a missing value.
    std::optional<QPointF> vertexPosition(int series, int axis) const;
    // The legend entries as shown, e.g. "H100 SXM5" or "RTX A6000 (n/a: Interconnect)".
    QStringList legendTexts() const;

    // The tooltip text for a point in widget coordinates: the series and value nearest to it, or empty.
    QString toolTipAt(const QPoint &pos) const;
    // The vertex nearest to pos, within a few pixels (the tooltip's).
    std::optional<ChartPoint> pointAt(const QPoint &pos) const override;

protected:
    void applyData() override;
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    struct Layout;
    Layout layoutFor(const QSize &size, const QPaintDevice *device) const;
    void paintChart(QPainter &painter, const QSize &size, const ChartColors &colors) const;
    QString legendText(int series) const;
};
