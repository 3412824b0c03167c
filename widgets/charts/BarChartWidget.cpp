#include "BarChartWidget.h"

#include "ChartPalette.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace {
constexpr double kGroupWidth = 0.8; // share of a category slot covered by its bars
}

BarChartWidget::BarChartWidget(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString(), QFont(font().family(), 11, QFont::Bold)));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_plot->xAxis->grid()->setVisible(false);
}

QList<QCPBars *> BarChartWidget::bars() const
{
    QList<QCPBars *> result;
    for (int i = 0; i < m_plot->plottableCount(); ++i)
        if (auto *bar = qobject_cast<QCPBars *>(m_plot->plottable(i)))
            result << bar;
    return result;
}

void BarChartWidget::setData(const ChartData &data)
{
    m_data = data;
    m_plot->clearPlottables();
    if (auto *title = qobject_cast<QCPTextElement *>(m_plot->plotLayout()->element(0, 0)))
        title->setText(data.title);

    const int seriesCount = static_cast<int>(data.series.size());
    const double barWidth = seriesCount > 0 ? kGroupWidth / seriesCount : kGroupWidth;

    auto *ticker = new QCPAxisTickerText;
    for (int c = 0; c < data.categories.size(); ++c)
        ticker->addTick(c + 1, data.categories.at(c));
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(ticker));
    m_plot->xAxis->setRange(0.4, data.categories.size() + 0.6);
    m_plot->yAxis->setLabel(data.valueAxisLabel);

    double maxValue = 0.0;
    for (int s = 0; s < seriesCount; ++s) {
        const ChartSeries &series = data.series.at(s);
        auto *bar = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bar->setName(series.name);
        bar->setWidth(barWidth);
        const QColor color = series.color.isValid() ? series.color : ChartPalette::colorAt(s);
        bar->setPen(QPen(color.darker(130)));
        bar->setBrush(color);
        const double offset = (s - (seriesCount - 1) / 2.0) * barWidth;
        for (int c = 0; c < series.values.size() && c < data.categories.size(); ++c) {
            if (!series.values.at(c))
                continue; // missing value: no bar, never a zero bar
            bar->addData(c + 1 + offset, *series.values.at(c));
            maxValue = std::max(maxValue, *series.values.at(c));
        }
    }
    m_plot->yAxis->setRange(0.0, maxValue > 0.0 ? maxValue * 1.12 : 1.0);
    m_plot->replot();
}
