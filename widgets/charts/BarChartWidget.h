#pragma once

#include "ChartData.h"

#include <QWidget>

class QCustomPlot;
class QCPBars;

// Grouped bar chart: one group per category, one bar per series, a legend, a value axis with unit.
class BarChartWidget : public QWidget
{
    Q_OBJECT
public:
    explicit BarChartWidget(QWidget *parent = nullptr);

    void setData(const ChartData &data);
    const ChartData &data() const { return m_data; }

    QCustomPlot *plot() const { return m_plot; }
    QList<QCPBars *> bars() const;

private:
    QCustomPlot *m_plot;
    ChartData m_data;
};
