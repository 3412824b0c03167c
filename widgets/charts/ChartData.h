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
};

struct ChartData
{
    QString title;
    QString valueAxisLabel; // with unit: "Dense tensor throughput (TFLOPS)"
    QString unit;           // for value labels and tooltips: "TFLOPS"; may be empty
    QStringList categories; // x axis groups, e.g. precisions
    QVector<ChartSeries> series;
    QString footnote; // e.g. "Dense figures; sparse shown on request"
};
