#pragma once

#include "app/analysis/OutputQuantity.h"
#include "app/comparison/ChartKind.h"
#include "app/comparison/ComparisonPresenter.h"

#include <QCoreApplication>
#include <QHash>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

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

private:
    using Value = std::optional<double>;
    static ChartData compute(const ComparisonInput &input);
    static ChartData radar(const QVector<GpuSpec> &gpus);
    // The workload's: memory needed against capacity; latency and throughput (training: step time and
    // tokens/s; under a load: the simulated percentiles; else one static batch, named so); cost.
    static ChartData fit(const ComparisonInput &input);
    static std::pair<ChartData, ChartData> speed(const ComparisonInput &input);
    static ChartData cost(const ComparisonInput &input);
    // One workload metric per GPU, its footnote naming the workload and the GPUs whose record lacks a value
    // the numbers need; no series without estimates.
    static ChartData workloadChart(const ComparisonInput &input, const QString &title,
                                   const QStringList &names, const QString &axis, const QString &unit,
                                   const std::function<QVector<Value>(int)> &values,
                                   const QStringList &rowIds, bool memoryOnly = false);
    // A workload chart of quantities of one unit: a bar each, linked to its table row.
    static ChartData quantityChart(const ComparisonInput &input, const QString &title,
                                   const QStringList &names, const QString &axis,
                                   const QVector<OutputQuantity> &quantities);
    static QString lacking(const QVector<Estimate> &estimates, bool memoryOnly);
};
