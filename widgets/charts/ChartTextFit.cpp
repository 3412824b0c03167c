#include "widgets/charts/ChartTextFit.h"

#include <QFontMetrics>
#include <algorithm>
#include <qcustomplot.h>

void ChartTextFit::fit(QCustomPlot *plot, QCPTextElement *footnote, const ChartData &chart, int totalWidth)
{
    const QFontMetrics legendMetrics(plot->legend->font());
    int longest = 0;
    for (const ChartSeries &series : chart.series)
        longest = std::max(longest, legendMetrics.horizontalAdvance(series.name));
    const QMargins margins = plot->legend->margins();
    const int legendWidth = longest + plot->legend->iconSize().width() + plot->legend->iconTextPadding() +
                            margins.left() + margins.right() + 12;
    const int plotWidth = std::max(200, totalWidth - legendWidth);
    plot->plotLayout()->setColumnStretchFactor(0, 1.0);
    plot->plotLayout()->setColumnStretchFactor(1, double(legendWidth) / plotWidth);

    footnote->setText(wrapped(chart.footnote, footnote->font(), plotWidth - 24));
}

QString ChartTextFit::wrapped(const QString &text, const QFont &font, int width)
{
    const QFontMetrics metrics(font);
    QStringList lines;
    QString line;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + u' ' + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(candidate) > width) {
            lines << line;
            line = word;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(u'\n');
}
