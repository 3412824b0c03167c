#include "widgets/charts/ChartView.h"

#include <QEvent>
#include <QPainter>

ChartView::ChartView(QWidget *parent)
    : QWidget(parent)
{}

ChartView::~ChartView() = default;

void ChartView::setData(const ChartData &data)
{
    m_data = data;
    applyData();
    emit dataChanged();
}

void ChartView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyScreenColors();
}

std::optional<ChartPoint> ChartView::pointAt(const QPoint &) const
{
    return std::nullopt;
}

bool ChartView::isClickable(const ChartPoint &point) const
{
    if (point.series < 0 || point.series >= m_data.series.size())
        return false;
    return m_data.series.at(point.series).links.value(point.category).isValid();
}

void ChartView::clickAt(const QPoint &pos)
{
    const std::optional<ChartPoint> point = pointAt(pos);
    if (point && isClickable(*point))
        emit pointClicked(point->series, point->category);
}

void ChartView::hoverAt(const QPoint &pos)
{
    const std::optional<ChartPoint> point = pointAt(pos);
    if (point && isClickable(*point))
        setCursor(Qt::PointingHandCursor);
    else
        unsetCursor();
}
