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

    const QFontMetrics footnoteMetrics(footnote->font());
    const int available = plotWidth - 24;
    QStringList lines;
    QString line;
    for (const QString &word : chart.footnote.split(u' ', Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + u' ' + word;
        if (!line.isEmpty() && footnoteMetrics.horizontalAdvance(candidate) > available) {
            lines << line;
            line = word;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty())
        lines << line;
    footnote->setText(lines.join(u'\n'));
}
