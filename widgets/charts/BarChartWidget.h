#pragma once

#include "widgets/charts/ChartView.h"

class QCustomPlot;
class QCPBars;
class QCPItemText;
class QCPTextElement;

// Grouped bar chart on QCustomPlot: one group per category, one bar per series, a legend beside the plot,
// a value axis with its unit, the value written above each bar while the labels fit, "n/a" where a value
// is missing (never a zero bar), and a tooltip with series, category, value and unit.
class BarChartWidget : public ChartView
{
    Q_OBJECT
public:
    explicit BarChartWidget(QWidget *parent = nullptr);
    ~BarChartWidget() override;

    void renderChart(QPainter &painter, const QSize &size) const override;

    // Value labels above the bars; on by default, hidden automatically while they would overlap.
    void setValueLabelsEnabled(bool enabled);
    bool valueLabelsEnabled() const { return m_valueLabelsEnabled; }

    // The tooltip text for a point in widget coordinates; empty where no bar is.
    QString toolTipAt(const QPoint &pos) const;
    // The bar (or, stacked, the part of a bar) under pos.
    std::optional<ChartPoint> pointAt(const QPoint &pos) const override;

    QCustomPlot *plot() const { return m_plot; }
    QList<QCPBars *> bars() const;
    QList<QCPItemText *> valueLabels() const { return m_valueLabels; }
    QList<QCPItemText *> missingLabels() const { return m_missingLabels; }

protected:
    void applyData() override;
    void applyScreenColors() override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Background, axes, grid, text and legend in these colours (screen palette, or light for exports).
    void applyColors(const ChartColors &colors) const;
    // Wraps the footnote to the widget's width and keeps the legend wide enough for the longest name.
    void fitTextToWidth(int totalWidth) const;
    void updateValueLabelVisibility();
    // The GPU names under the bars, each within its category's slot (issue 39: five names ran into each
    // other in the step breakdown beside its wide legend): wrapped at spaces onto more lines, or slanted
    // when a word alone is wider than the slot. True when the labels changed (the axis needs laying out).
    bool fitCategoryLabels();
    void showToolTip(QMouseEvent *event);

    QCustomPlot *m_plot;
    QCPTextElement *m_title;
    QCPTextElement *m_footnote;
    QList<QCPItemText *> m_valueLabels;
    QList<QCPItemText *> m_missingLabels;
    double m_barWidth = 0.8;
    bool m_valueLabelsEnabled = true;
};
