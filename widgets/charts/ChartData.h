#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// What a chart shows, prepared by a controller; charts know nothing about GPUs.
struct ChartSeries
{
    QString name;                          // legend entry, e.g. "H100 SXM5"
    QVector<std::optional<double>> values; // one per category; nullopt = n/a (no bar drawn)
    QColor color;                          // invalid = chart picks from its palette
    int panel = 0;                         // line charts: the panel it is drawn in (0 = top)
};

// Line charts: a horizontal line across one panel, e.g. a target.
struct ChartReferenceLine
{
    int panel = 0;
    double value = 0.0;
    QString label; // "TTFT target 2,000 ms"
};

struct ChartData
{
    QString title;
    QString valueAxisLabel; // with unit: "Dense tensor throughput (TFLOPS)"
    QString unit;           // for value labels and tooltips: "TFLOPS"; may be empty
    QStringList categories; // x axis groups, e.g. precisions
    QVector<ChartSeries> series;
    QString footnote; // e.g. "Dense figures; sparse shown on request"

    // Line charts (LineChartWidget): the categories are x positions on a log-2 axis, xValues[i] that of
    // categories[i]; panels are stacked top to bottom, each with its value axis label (log scale).
    QVector<double> xValues;
    QString xAxisLabel;
    QStringList panelAxisLabels;
    QVector<ChartReferenceLine> referenceLines;
};
