#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <optional>

// The charts the window shows and `export-chart --chart KIND` writes.
enum class ChartKind
{
    Compute,    // dense tensor throughput per precision (sparse on request)
    Memory,     // memory capacity
    Bandwidth,  // memory bandwidth
    Radar,      // normalised compute, memory, bandwidth, interconnect, power and price efficiency
    Fit,        // the workload's memory per GPU against capacity
    Latency,    // TTFT and TPOT (inference) or step time (training)
    Throughput, // tokens per second
    Cost,       // $ per million tokens
    Serving,    // p90 TTFT and TPOT against concurrent users (inference; LoadCurves, off the GUI thread)
    Breakdown,  // training: where one step's time goes, stacked per GPU
    Scaling,    // training: tokens/s per GPU against GPU count (ScalingCurves, off the GUI thread)
};

class ChartKinds
{
    Q_DECLARE_TR_FUNCTIONS(ChartKinds)
public:
    static QList<ChartKind> all();
    static QString id(ChartKind kind); // "compute", "radar", "fit", ...
    static QString title(ChartKind kind);
    static std::optional<ChartKind> parse(const QString &id);
    static QStringList ids();
};
