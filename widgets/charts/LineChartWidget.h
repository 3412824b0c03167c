#pragma once

#include "widgets/charts/ChartView.h"

class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayoutGrid;
class QCPMarginGroup;
class QCPTextElement;
class QCustomPlot;

// Lines over a log-2 x axis (1, 2, 4, ... users) on QCustomPlot, in panels stacked top to bottom that share
// the x axis, each with its own log-scale value axis and its reference lines (targets, dashed, labelled).
// One line per series in its colour, a dot at each point, a gap where a value is missing; the legend names
// the series of the top panel (each series has a line in every panel, in the same colour). Optionally a
// linear value axis from 0, and vertical markers (node boundaries) across the panels.
class LineChartWidget : public ChartView
{
    Q_OBJECT
public:
    explicit LineChartWidget(QWidget *parent = nullptr);
    ~LineChartWidget() override;

    void renderChart(QPainter &painter, const QSize &size) const override;

    QCustomPlot *plot() const { return m_plot; }
    int panelCount() const { return static_cast<int>(m_panels.size()); }
    QList<QCPGraph *> graphs(int panel) const;
    QList<QCPItemStraightLine *> referenceLines() const { return m_referenceLines; }
    QList<QCPItemStraightLine *> markerLines() const { return m_markerLines; } // ChartData::xMarkers

    // The tooltip for a point in widget coordinates: the series, x and value of the nearest point within a
    // few pixels; empty elsewhere.
    QString toolTipAt(const QPoint &pos) const;

protected:
    void applyData() override;
    void applyScreenColors() override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void setPanelCount(int count);
    void setUpAxes(QCPAxisRect *panel, int index, int count) const;
    void applyColors(const ChartColors &colors) const;
    void showToolTip(QMouseEvent *event);

    QCustomPlot *m_plot;
    QCPTextElement *m_title;
    QCPTextElement *m_footnote;
    QCPLayoutGrid *m_panelGrid;
    QCPMarginGroup *m_margins; // the panels' plots line up
    QList<QCPAxisRect *> m_panels;
    QList<QCPItemStraightLine *> m_referenceLines;
    QList<QCPItemText *> m_referenceLabels;
    QList<QCPItemStraightLine *> m_markerLines;
    QList<QCPItemText *> m_markerLabels;
};
