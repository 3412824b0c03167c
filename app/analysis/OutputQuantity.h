#pragma once

#include "app/analysis/MathTerm.h"

#include <QString>
#include <QVector>
#include <optional>

struct Estimate;

// One number an estimate gives: a workload row of the Compare table, its `estimate --json` key, its 80%
// range, its chart and its line in the report all name it by this id. Named OutputQuantity, not Quantity:
// db/Quantity.h is the formatting of any value with its unit ("989.4 TFLOPS"), used well beyond estimates.
enum class OutputQuantity
{
    // memory and the split
    MemoryPerGpu,
    FewestGpus,
    Replicas,
    PeakCompute,
    // one static batch
    RequestsInFlight,
    Ttft,
    Tpot,
    Decode,
    Throughput,
    MaxBatch,
    MaxContext,
    // serving under a load
    ServingTtftP50,
    ServingTtftP90,
    ServingTpotP50,
    ServingTpotP90,
    ServingQueueP90,
    ServingThroughput,
    ServingRequests,
    ServingKvCache,
    ServingMaxUsers,
    // training
    GlobalBatch,
    Accumulation,
    Layout,
    ZeroStage,
    Nodes,
    StepTime,
    TrainingTokens,
    TrainingTokensPerGpu,
    TrainingSamples,
    Mfu,
    Hfu,
    BreakdownCompute,
    BreakdownRecompute,
    BreakdownModelParallelComm,
    BreakdownDataParallelComm,
    BreakdownBubble,
    BreakdownOptimizer,
    BudgetDays,
    BudgetGpuHours,
    // cost and energy
    PricePerGpuHour,
    CostPerMillion,
    CostForBudget,
    BudgetEnergy,
    PowerPerGpu,
    EnergyPerToken,
    ElectricityPerMillion,
};

// The part of the answer a number belongs to: the Compare table's section, and what the presenter and the
// report test instead of a row id's prefix.
enum class QuantityKind
{
    Fit, // memory: needs only the memory figures of the GPU's record
    Inference,
    Serving, // explained by the serving simulation, not by math terms
    Training,
    Cost,
};

enum class QuantityBetter
{
    None, // a setting or a description (the layout, the power): no best
    Higher,
    Lower,
};

struct OutputQuantityInfo
{
    OutputQuantity quantity;
    const char *rowId;    // the Compare table's row id: saved settings and tests name rows by it
    const char *label;    // English; translated in the ComparisonPresentation context (its old home)
    const char *unit;     // English; the words among them ("tokens/s") translate, the symbols stay
    const char *jsonPath; // the dotted `estimate --json` path of the number; empty where JSON has no such
                          // number (the power per GPU: JSON gives the deployment's)
    QuantityBetter better;
    QuantityKind kind;
    std::optional<MathTermId> term; // the math term whose value this number is, if one is
    // The number in the table's unit (MFU in %, the budget in days); nullopt where the estimate lacks it.
    std::optional<double> (*value)(const Estimate &);
    // The math terms that explain the number, in the order the math panel shows them (the Compare table's
    // row, ComparisonPresentation::mathTermsFor); empty where none does (the serving rows: the simulation).
    QVector<MathTermId> mathTerms = {};
};

// The keys of a latency's statistics in `estimate --json` ("serving.ttft_ms.p90"): EstimateJson writes them,
// EstimateRanges ranges them and the serving rows' JSON paths end in them.
namespace LatencyKeys {
inline constexpr char kMean[] = "mean";
inline constexpr char kP50[] = "p50";
inline constexpr char kP90[] = "p90";
inline constexpr char kP99[] = "p99";
} // namespace LatencyKeys

namespace OutputQuantities {

const QVector<OutputQuantityInfo> &all();
const OutputQuantityInfo &info(OutputQuantity quantity);
// The quantity a Compare table row shows, or null (a datasheet or a measured row).
const OutputQuantityInfo *find(const QString &rowId);

QString rowId(OutputQuantity quantity);
QString label(OutputQuantity quantity);
QString unit(OutputQuantity quantity);
QString jsonPath(OutputQuantity quantity);
// The last part of the JSON path: the key the writer puts the number under in its object.
QString jsonKey(OutputQuantity quantity);

// Whether the row shows a quantity of that kind (false for datasheet and measured rows).
bool isKind(const QString &rowId, QuantityKind kind);

} // namespace OutputQuantities
