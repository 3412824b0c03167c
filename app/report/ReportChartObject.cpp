#include "app/report/ReportChartObject.h"

#include "app/report/ReportChartPainter.h"

#include <QPainter>

ReportChartObject::ReportChartObject(const QVector<ReportChart> &charts, int width, QObject *parent)
    : QObject(parent)
    , m_charts(charts)
    , m_width(width)
{}

QTextCharFormat ReportChartObject::format(int index)
{
    QTextCharFormat format;
    format.setObjectType(kObjectType);
    format.setProperty(kIndexProperty, index);
    return format;
}

QSizeF ReportChartObject::intrinsicSize(QTextDocument *, int, const QTextFormat &format)
{
    const int index = format.property(kIndexProperty).toInt();
    return index >= 0 && index < m_charts.size() ? ReportChartPainter::size(m_charts.at(index), m_width)
                                                 : QSize();
}

void ReportChartObject::drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int,
                                   const QTextFormat &format)
{
    const int index = format.property(kIndexProperty).toInt();
    if (index < 0 || index >= m_charts.size())
        return;
    painter->save();
    painter->translate(rect.topLeft());
    const ReportChart &chart = m_charts.at(index);
    ReportChartPainter::paint(chart, *painter, ReportChartPainter::size(chart, m_width));
    painter->restore();
}
