#pragma once

#include "app/analysis/Estimate.h"
#include "db/GpuSpec.h"

// Rental cost and energy.
//   $/M tokens = $/GPU-hour x GPUs / 3600 / tokens per second x 1e6   (llm-analysis
//   compute_cost_per_1k_tokens) power = TDP x utilisation x GPUs; J/token = power / tokens per second
//   electricity $/M tokens = J/token x 1e6 / 3.6e6 x $/kWh
namespace CostModel {

// The tokens the per-token figures count, translated: "output tokens" (inference: generated tokens only,
// prompts are free) or "training tokens" (every token of every sequence trained on).
QString tokensCounted(Task task);
QString tokenCounted(Task task); // one of them: "output token", "training token"

// Whether the GPU's record has the board power (TDP) the energy numbers need; 0 W is none.
bool powerKnown(const GpuSpec &gpu);

// Without the TDP (powerKnown), power, energy and electricity stay 0 and unrecorded: callers leave them out.
CostResult run(const GpuSpec &gpu, const Workload &workload, int gpus, double tokensPerS, double budgetHours,
               MathLog *math = nullptr);

} // namespace CostModel
