#pragma once

#include "widgets/charts/ChartColors.h"
#include "widgets/charts/ExportableChart.h"
#include "widgets/charts/ParetoChartData.h"

#include <QWidget>

class QCPGraph;
class QCPItemLine;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

// Cost against latency on QCustomPlot, both axes logarithmic: one colour per series, a filled dot for a
// point that meets the target and a hollow one for a point that misses it. The Pareto front (the points no
// other point beats on both axes) is ringed and joined by a step line; each series' chosen point is
// labelled, the labels kept apart. A dashed vertical line marks the x target. Clicking a point emits its
// series id and candidate index.
class ParetoChartWidget : public QWidget, public ExportableChart
{
    Q_OBJECT
public:
    explicit ParetoChartWidget(QWidget *parent = nullptr);
    ~ParetoChartWidget() override;

    void setData(const ParetoChartData &data);
    const ParetoChartData &data() const { return m_data; }

    // ExportableChart: `export-chart --chart pareto` and the window's export paint it in the light colours.
    void renderChart(QPainter &painter, const QSize &size) const override;
    QString chartTitle() const override { return m_data.title; }

    QCustomPlot *plot() const { return m_plot; }
    QCPGraph *frontLine() const { return m_frontLine; }
    QList<QCPItemText *> chosenLabels() const { return m_labels; }

    // The point under a widget position (within a few pixels): its series and index in that series, or
    // {-1, -1}.
    QPair<int, int> pointAt(const QPoint &pos) const;
    QPoint pixelOf(int series, int point) const; // in widget coordinates
    QString toolTipAt(const QPoint &pos) const;

signals:
    void pointClicked(const QString &seriesId, int candidate);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void applyColors(const ChartColors &colors) const;
    void wrapFootnote(int totalWidth) const; // the footnote in lines that fit the chart's width
    void placeLabels(); // after the layout: the chosen points' labels beside them, not over each other
    void onMousePress(QMouseEvent *event);
    void onMouseMove(QMouseEvent *event);

    ParetoChartData m_data;
    QCustomPlot *m_plot;
    QCPTextElement *m_title;
    QCPTextElement *m_footnote;
    QList<QCPGraph *> m_meetGraphs;   // per series
    QList<QCPGraph *> m_missGraphs;   // per series
    QCPGraph *m_frontLine = nullptr;  // a step line through the front, its points ringed
    QCPGraph *m_missLegend = nullptr; // no data: the legend's hollow dot
    QList<QCPItemText *> m_labels;
    QList<QCPItemLine *> m_labelLines;
    QList<QPair<int, int>> m_labelPoints; // series, point of each label
    QCPItemStraightLine *m_target = nullptr;
    QCPItemText *m_targetLabel = nullptr;
    QCPItemText *m_empty = nullptr;
};
