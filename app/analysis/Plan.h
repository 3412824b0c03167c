#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/Precision.h"
#include "app/analysis/WorkloadField.h"
#include "app/analysis/WorkloadRequest.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// The planner's question: the cheapest configuration of each GPU type that meets a target.
//   serving:  the request's traffic (users or a request rate, lengths) and its p90 TTFT/TPOT targets;
//   training: the request's token budget (trainTokens) within deadlineDays.
// The request's GPU count, tensor/pipeline split, precision, micro-batch, ZeRO stage, recomputation and
// engine limits are what the planner searches; any other value (model, lengths, global batch, profile,
// network, prices) is kept as the user gave it.
struct PlanRequest
{
    WorkloadRequest workload;
    QStringList gpuIds;                   // the GPU types to consider; empty: every GPU in the catalogue
    QVector<Precision> precisions;        // weight precisions allowed; empty: the request's (or its recipe's)
    QHash<QString, double> usdPerGpuHour; // per GPU id, over the request's price and the catalogue's
    double deadlineDays = 0.0;            // training: the run must end within this many days
    int maxGpus = 0;                      // the most GPUs of one type a configuration may use; 0: 1,024
};

// One configuration the planner estimated.
struct PlanCandidate
{
    QString gpuId;
    WorkloadRequest request; // the configuration alone: `estimate` and the Compare tab give the same numbers
    Parallelism parallelism;
    Precision weightPrecision = Precision::Bf16;
    int maxNumSeqs = 0; // serving: the engine's running-sequence limit per replica
    int microBatch = 0; // training
    int zeroStage = 0;  // training
    Recompute recompute = Recompute::None;
    bool meetsTarget = false;
    std::optional<double> usdPerHour;          // every GPU of the configuration; nullopt: no price known
    std::optional<double> usdPerMillionTokens; // serving: per million output tokens
    std::optional<double> usdTotal;            // training: the whole run
    double ttftP90Ms = 0.0;                    // serving
    double tpotP90Ms = 0.0;
    double outputTokensPerS = 0.0;
    double days = 0.0; // training: time to train the token budget
    double tokensPerS = 0.0;
    double mfu = 0.0;
    // How far inside the target the tightest value is, as a fraction of the target: 0.2 = 20% to spare;
    // negative when it misses.
    double margin = 0.0;
    // The GPU's software stack when the profile never measured it ("ROCm"; Estimate::uncalibratedStack):
    // the plan is ranked first only by more than the spread between stacks (Planner::rank).
    QString uncalibratedStack;
    // Its math precision has no tensor rate on the GPU (PlanSearch::precisionCaveat); empty otherwise.
    QString caveat;
};

// One GPU type's answer.
struct GpuPlan
{
    QString gpuId;
    QString gpuName;
    std::optional<PlanCandidate> best; // the cheapest that meets the target (ties: the larger margin)
    QString whyNot;                    // when best is empty: one line naming what stops this GPU type
    // What to read before trusting the plan, one line each: no price (planned at the fewest GPU-hours), a
    // GeForce card kept to one machine, a precision the GPU has no tensor rate for.
    QStringList notes;
    QVector<PlanCandidate> tried; // every configuration estimated that fits, for the trade-off chart
    int searched = 0;             // configurations estimated, those that do not fit included
};

// The plan's own inputs, beside the workload's fields.
enum class PlanInput
{
    Workload,     // a workload field: PlanProblem::field names it
    Gpus,         // the GPU types to consider
    Precisions,   // the weight precisions allowed
    Prices,       // a price per GPU type
    DeadlineDays, // training
    MaxGpus,
};

// Why a request cannot be planned: one translated line naming the value and what is allowed.
struct PlanProblem
{
    PlanInput input = PlanInput::Workload;
    std::optional<WorkloadField> field; // set when input is Workload
    QString message;

    bool operator==(const PlanProblem &) const = default;
};

struct PlanResult
{
    Task task = Task::Inference;
    QVector<GpuPlan> plans; // cheapest first; GPU types that cannot meet the target last, by name
    int searched = 0;
    bool cancelled = false;
    QVector<PlanProblem> problems; // the request cannot be planned: nothing searched
};
