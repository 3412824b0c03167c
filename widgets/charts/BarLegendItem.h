#pragma once

#include <qcustomplot.h>

// A bar chart's legend entry that measures its name once. QCustomPlot asks each entry for its size
// several times per replot (the legend's grid asks for every row and column) and lays the name out each
// time, a noticeable part of a recompute at 20 GPUs (docs/performance.md). The size is kept for the
// name, font and icon size it was measured with; drawing is QCustomPlot's own.
class BarLegendItem : public QCPPlottableLegendItem
{
    Q_OBJECT
public:
    BarLegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable);

protected:
    QSize minimumOuterSizeHint() const override;

private:
    mutable QString m_name;
    mutable QFont m_font;
    mutable QSize m_iconSize;
    mutable int m_iconTextPadding = 0;
    mutable QMargins m_margins;
    mutable QSize m_size;
};
