#pragma once

#include "app/report/ReportContent.h"

#include <QObject>
#include <QTextObjectInterface>
#include <QVector>

// A chart inside a QTextDocument (the PDF report): a character of its own object type whose format names
// the chart by index, laid out at the chart's size and drawn as vectors where the document is painted.
class ReportChartObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    static constexpr int kObjectType = QTextFormat::UserObject + 1;
    static constexpr int kIndexProperty = QTextFormat::UserProperty + 1;

    // Each chart as wide as width, as high as ReportChartPainter::size says.
    ReportChartObject(const QVector<ReportChart> &charts, int width, QObject *parent = nullptr);

    // The format of the character that stands for charts[index].
    static QTextCharFormat format(int index);

    QSizeF intrinsicSize(QTextDocument *document, int position, const QTextFormat &format) override;
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *document, int position,
                    const QTextFormat &format) override;

private:
    QVector<ReportChart> m_charts;
    int m_width;
};
