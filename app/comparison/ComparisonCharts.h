#pragma once

#include "app/comparison/ChartKind.h"
#include "app/comparison/ComparisonPresenter.h"

#include <QCoreApplication>
#include <QHash>
#include <memory>

class ChartView;

// The charts of a comparison: datasheet charts (compute per precision, memory, bandwidth, the radar of
// normalised strengths) and the workload's (fit, latency, throughput, cost), one series per GPU in the
// colour it has everywhere.
class ComparisonCharts
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonCharts)
public:
    // Every kind; the Serving and Scaling charts are placeholders (their curves: LoadCurves, ScalingCurves).
    static QHash<ChartKind, ChartData> build(const ComparisonInput &input);

    // Training: one stacked bar per GPU of where a step's time goes (compute, recomputation, exposed
    // model- and data-parallel communication, pipeline bubble, optimizer), in seconds.
    static ChartData breakdown(const ComparisonInput &input);

    // The view that draws a kind: bars, the radar, or lines.
    static std::unique_ptr<ChartView> createView(ChartKind kind);
};
