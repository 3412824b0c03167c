#pragma once

#include "ChartKind.h"
#include "ComparisonPresenter.h"

#include <QCoreApplication>
#include <QHash>

// The charts of a comparison: datasheet charts (compute per precision, memory, bandwidth, the radar of
// normalised strengths) and the workload's (fit, latency, throughput, cost), one series per GPU in the
// colour it has everywhere.
class ComparisonCharts
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonCharts)
public:
    static QHash<ChartKind, ChartData> build(const ComparisonInput &input);
};
