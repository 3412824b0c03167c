#pragma once

#include <QString>
#include <QVector>
#include <optional>

// A cost-against-latency scatter, prepared by a controller: one series per group (a GPU type), each point
// one configuration tried. The chart knows nothing about GPUs.
struct ParetoPoint
{
    double x = 0.0; // latency or time: lower is better
    double y = 0.0; // cost: lower is better
    bool meetsTarget = false;
    bool onFront = false; // no other point of the chart is at least as good on both axes and better on one
    bool chosen = false;  // the group's answer: labelled
    int candidate = -1;   // the caller's index of the configuration, reported when the point is clicked
    QString toolTip;

    bool operator==(const ParetoPoint &) const = default;
};

struct ParetoSeries
{
    QString id;   // reported with a clicked point
    QString name; // legend
    QVector<ParetoPoint> points;
    QString chosenLabel; // the label next to the chosen point

    bool operator==(const ParetoSeries &) const = default;
};

struct ParetoChartData
{
    QString title;
    QString xAxisLabel; // with its unit: "TTFT p90 (ms)"
    QString yAxisLabel; // "Cost ($ / hour)"
    QVector<ParetoSeries> series;
    std::optional<double> xTarget; // a vertical dashed line: the TTFT target, the deadline
    QString xTargetLabel;
    QString frontLabel;  // legend of the front's line
    QString missesLabel; // legend of the hollow points that miss the target
    QString emptyText;   // shown instead of the plot when there is no point
    QString footnote;    // under the plot: the GPU types that have no point, and why

    int pointCount() const
    {
        int count = 0;
        for (const ParetoSeries &s : series)
            count += static_cast<int>(s.points.size());
        return count;
    }
    bool operator==(const ParetoChartData &) const = default;
};
