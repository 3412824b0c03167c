#include "app/report/ReportChartPainter.h"

#include "app/comparison/ComparisonCharts.h"
#include "widgets/charts/ChartView.h"

#include <QBuffer>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>

namespace ReportChartPainter {

QSize size(const ReportChart &chart, int width)
{
    const bool lines = chart.kind == ChartKind::Serving || chart.kind == ChartKind::Scaling;
    return QSize(width, qRound(width * (lines ? 0.9 : 0.6)));
}

void paint(const ReportChart &chart, QPainter &painter, const QSize &size)
{
    const std::unique_ptr<ChartView> view = ComparisonCharts::createView(chart.kind);
    view->setData(chart.data);
    view->renderChart(painter, size);
}

QByteArray svg(const ReportChart &chart, const QSize &size)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(96);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(chart.data.title);
    QPainter painter;
    if (!painter.begin(&generator))
        return {};
    paint(chart, painter, size);
    painter.end();
    // The generator names Qt's font ("Sans Serif", which browsers do not know, so they fall back to a serif
    // face): each family gets the generic sans-serif after it.
    static const QRegularExpression family(QStringLiteral(R"re(font-family="([^"]*)")re"));
    QString svg = QString::fromUtf8(buffer.data());
    return svg.replace(family, QStringLiteral(R"re(font-family="\1, sans-serif")re")).toUtf8();
}

} // namespace ReportChartPainter
