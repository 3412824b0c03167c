#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>
#include <utility>

// What a point stands for, as the one who prepared the chart names it (the comparison: a table row and a
// GPU column); the chart only says which point was clicked, its owner looks the link up. An empty rowId
// is not clickable.
struct ChartPointLink
{
    QString rowId;
    int column = -1;
    bool isValid() const { return !rowId.isEmpty() && column >= 0; }
};

// A point of a chart: series index and category index.
struct ChartPoint
{
    int series = -1;
    int category = -1;
};

// What a chart shows, prepared by a controller; charts know nothing about GPUs.
struct ChartSeries
{
    QString name;                          // legend entry, e.g. "H100 SXM5"
    QVector<std::optional<double>> values; // one per category; nullopt = n/a (no bar drawn)
    QColor color;                          // invalid = chart picks from its palette
    int panel = 0;                         // line charts: the panel it is drawn in (0 = top)
    QVector<ChartPointLink> links{};       // optional, one per value: what a click on it selects
    // Bar charts, optional, one per value (may be shorter): the value's 80% range (low, high), drawn as an
    // error bar; nullopt draws none.
    QVector<std::optional<std::pair<double, double>>> ranges{};
};

// Line charts: a horizontal line across one panel, e.g. a target.
struct ChartReferenceLine
{
    int panel = 0;
    double value = 0.0;
    QString label; // "TTFT target 2,000 ms"
};

// Line charts: a vertical line across every panel at one x, e.g. where a run needs a second node.
struct ChartMarker
{
    double x = 0.0;
    QString label; // "1 node = 8 GPUs"
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
    QVector<ChartMarker> xMarkers;
    bool linearValueAxis = false; // line charts: a linear value axis from 0 instead of a log one

    // Bar charts: one bar per category with the series stacked on it in order (series 0 at the bottom),
    // the total written above the stack, instead of one bar per series side by side.
    bool stacked = false;
};
