#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Workload.h"
#include "db/GpuSpec.h"
#include "widgets/charts/ChartData.h"

#include <QCoreApplication>
#include <QVector>
#include <functional>
#include <optional>

// The "scaling" chart of a training workload: tokens/s per GPU against the GPU count (8, 16, ... 1,024 on a
// log-2 axis), one line per GPU, the global batch growing with the count so that each GPU keeps the
// workload's share of it; the node boundaries (the catalogue's GPUs per node, or the workload's) marked.
// Each point is a full training estimate at that count with the workload's recipe (profile, ZeRO stage,
// recomputation, parallel sizes and network as resolved), so the window computes the chart off the GUI
// thread (ChartJobRunner) and export-chart inline.
class ScalingCurves
{
    Q_DECLARE_TR_FUNCTIONS(ScalingCurves)
public:
    struct Point
    {
        int gpus = 0;
        int globalBatch = 0;
        int nodes = 0;
        std::optional<double> tokensPerSPerGpu; // nullopt: does not fit, or no valid layout at this count
        double mfu = 0.0;
    };
    using Curve = QVector<Point>;

    struct Input
    {
        QVector<GpuSpec> gpus;
        Workload workload; // training; its batch / GPU count is the per-GPU share kept at every count
        EfficiencyParameters parameters;
        QString summary; // the workload in one line, for the footnote
    };

    static QVector<int> gpuCounts(); // 8, 16, 32, ... 1,024
    // GPUs sharing a node for this GPU under this workload (its gpusPerNode, else the catalogue's).
    static int nodeSize(const GpuSpec &gpu, const Workload &workload);
    // The workload at `gpus` GPUs: the same recipe, the global batch scaled to keep the per-GPU batch.
    static Workload workloadAt(const Workload &workload, int gpus);

    // One curve per GPU, in order, a point per count. Checks cancelled() between points and returns what
    // it has when it says so.
    static QVector<Curve> compute(const Input &input, const std::function<bool()> &cancelled = {});

    static ChartData chart(const Input &input, const QVector<Curve> &curves);
    static ChartData build(const Input &input) { return chart(input, compute(input)); }

    // What the chart shows before its curves are computed, or without a training workload.
    static ChartData placeholder(const QString &footnote);
};
