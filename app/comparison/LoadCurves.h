#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/ServingCurve.h"
#include "app/analysis/Workload.h"
#include "db/GpuSpec.h"
#include "widgets/charts/ChartData.h"

#include <QCoreApplication>
#include <QVector>
#include <functional>

// The "latency under load" chart: p90 time to first token (top panel) and time per output token (bottom)
// against concurrent users, one line per GPU, the targets as dashed lines. Each point is a serving
// simulation (ServingCurve::curve), so the window computes it off the GUI thread (ChartJobRunner) and
// export-chart inline.
class LoadCurves
{
    Q_DECLARE_TR_FUNCTIONS(LoadCurves)
public:
    using Curve = QVector<ServingCurve::Point>;

    struct Input
    {
        QVector<GpuSpec> gpus;
        Workload workload; // inference; its traffic gives the targets and the users to reach
        EfficiencyParameters parameters;
        QString summary; // the workload in one line, for the footnote
    };

    // 1, 2, 4, ... up to 256 users, or twice the workload's users when that is more (at most 4,096).
    static QVector<int> userCounts(const Workload &workload);

    // One curve per GPU, in order (empty where the model does not fit). Checks cancelled() between points
    // and returns what it has when it says so.
    static QVector<Curve> compute(const Input &input, const std::function<bool()> &cancelled = {});

    static ChartData chart(const Input &input, const QVector<Curve> &curves);
    static ChartData build(const Input &input) { return chart(input, compute(input)); }

    // What the chart shows before its curves are computed, or without a workload to compute them for.
    static ChartData placeholder(const QString &footnote);
};
