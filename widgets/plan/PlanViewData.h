#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// What the Plan tab shows, prepared by the presenter (app/comparison/PlanPresenter): plain values, no
// GPUs or estimates. The views only format and lay them out.

// One GPU type's line in the results: the cheapest configuration that meets the target, or why none does.
struct PlanTableRow
{
    QString gpuId;
    QString gpuName;
    int rank = 0;         // 1 = the cheapest that meets the target; 0 = none meets it, or not searched yet
    bool pending = false; // not searched yet (the search is still running)
    std::optional<int> gpus;
    QString layout;   // "tp 4 x 2 replicas"
    QString settings; // "fp8 · max 64 running"
    std::optional<double> usdPerHour;
    std::optional<double> cost;    // serving: $ per million output tokens; training: $ for the whole run
    std::optional<double> latency; // serving: TTFT p90 in ms; training: days
    std::optional<double> speed;   // serving: TPOT p90 in ms; training: MFU in %
    std::optional<double> marginPercent; // room to the tightest target, in % of it
    QString note; // why not; "searching…"; for a planned row, its notes (one per line) to read first

    bool operator==(const PlanTableRow &) const = default;
};

struct PlanTableData
{
    bool training = false; // the columns' meaning: serving or training
    QVector<PlanTableRow> rows;

    bool operator==(const PlanTableData &) const = default;
};

// One GPU type's price in the editable price table.
struct PlanPriceRow
{
    QString gpuId;
    QString gpuName;
    std::optional<double> usdPerGpuHour; // the default: the catalogue's (or the form's) price; nullopt: none

    bool operator==(const PlanPriceRow &) const = default;
};

// How far the search is.
struct PlanProgress
{
    int done = 0;  // GPU types answered
    int total = 0; // GPU types considered
    bool running = false;
    bool cancelled = false;
    int searched = 0; // configurations estimated so far

    bool operator==(const PlanProgress &) const = default;
};

// The plan's own inputs, those the workload form does not hold.
struct PlanInputValues
{
    bool wholeCatalogue = false;   // false: the GPUs picked on the left
    QStringList precisions;        // weight precisions allowed ("bf16", "fp8", "int4")
    double deadlineDays = 30.0;    // training
    int maxGpus = 0;               // training and serving: the most GPUs of one type; 0 = no limit of its own
    QHash<QString, double> prices; // $ / GPU-hour per GPU id, where the user changed the default

    bool operator==(const PlanInputValues &) const = default;
};
