#pragma once

#include "app/analysis/Plan.h"
#include "db/CatalogueSnapshot.h"

#include <QCoreApplication>
#include <functional>

// The cheapest configuration of each GPU type that meets the user's target (Plan.h), searched on the
// estimator itself, so that a configuration the planner returns, estimated alone, gives the same numbers.
//   serving:  for each weight precision allowed and each tensor-parallel size within a node, the fewest
//             replicas whose simulated p90 TTFT and TPOT meet the targets under the request's traffic
//             (a bisection: latency falls as replicas share the users), then smaller engine limits on
//             running sequences where they let fewer replicas do;
//   training: for each precision and GPU count (1, 2, 4, then whole nodes 1, 2, 3, 4, 6, 8, 12 ...), every
//             tp x pp x dp layout with ZeRO-1, 2 or 3 (full training), micro-batches of 1 to 8 and the
//             least recomputation that fits (TrainingRecipe, the estimate's own search); counts that could
//             not meet the deadline even at the GPU's dense peak are skipped, and the search stops once more
//             GPUs only cost more.
// Everything is plain data; it runs on any thread.
class Planner
{
    Q_DECLARE_TR_FUNCTIONS(Planner)
public:
    struct Callbacks
    {
        std::function<bool()> cancelled;                                   // checked between configurations
        std::function<void(const GpuPlan &, int done, int total)> gpuDone; // one GPU type's answer
    };

    // The problems that stop the request from being planned, each at its field (empty: it can be).
    static QVector<PlanProblem> check(const PlanRequest &request, const CatalogueSnapshot &catalogue);

    // Every GPU type of the request, ranked (PlanResult::plans). Cancelled: the GPU types done so far.
    static PlanResult plan(const PlanRequest &request, const CatalogueSnapshot &catalogue,
                           const Callbacks &callbacks = {});

    // Training: the global batch (sequences per optimizer step) every configuration of the plan keeps: the
    // request's, else about 4M tokens a step (1,024 sequences of 4,096; LoRA and QLoRA: 64 sequences).
    static int trainingBatch(const WorkloadRequest &request);

    // Cheapest first: GPU types that meet the target by cost (serving: $/hour, training: the run's cost;
    // unpriced after priced), then those that do not, by name.
    static void rank(QVector<GpuPlan> &plans, Task task);

    // The configuration in words: "tp 4 × 2 replicas", "tp 8 × pp 2 × 1 replica" (serving), "tp 2 x pp 4 x dp
    // 16" (training).
    static QString layoutText(const PlanCandidate &candidate, Task task);
    // Its settings in words: "fp8 · max 64 running" (serving), "bf16 · micro-batch 2 · ZeRO-3 · full
    // recompute" (training).
    static QString settingsText(const PlanCandidate &candidate, Task task);
};
