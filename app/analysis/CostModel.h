#pragma once

#include "app/analysis/Estimate.h"
#include "db/GpuSpec.h"

#include <QVector>

// What a GPU-hour costs, power and energy.
//   $/M tokens = $/GPU-hour x GPUs / 3600 / tokens per second x 1e6   (llm-analysis
//   compute_cost_per_1k_tokens)
//   power = TDP x (floor + (busy - floor) x busy fraction) x GPUs, or TDP x utilisation x GPUs when the user
//   sets it; J/token = power / tokens per second
//   electricity $/M tokens = J/token x 1e6 / 3.6e6 x $/kWh
//   owned $/GPU-hour = launch price / (years x 8,766 h) + power per GPU / 1000 x $/kWh
namespace CostModel {

// Power as a fraction of TDP from how busy the GPU is, a line between two measured points. ML.ENERGY
// Benchmark v3.0 measured an H100 SXM (700 W) serving an LLM at about 300 W at batch 1 (the weights
// streamed from memory, the tensor cores nearly idle) and about 600 W at batch 128; the vLLM Semantic
// Router fleet simulator fits its power model to these two points (vllm-semantic-router.com, docs/
// fleet-sim/power-model: power = TDP x (idle + (active - idle) x activity)). Training holds the top: an
// 8 x H100 node draws about 76% of its rated power under heavy training (Newkirk et al. 2025,
// arXiv:2506.14551), about 0.86 of the GPUs' TDP once the CPUs, fans and NICs are counted out.
inline constexpr double kFloorPowerFraction = 300.0 / 700.0; // weights streamed, compute nearly idle
inline constexpr double kBusyPowerFraction = 600.0 / 700.0;  // compute and memory busy the whole time
inline constexpr double kHoursPerYear = 8766.0;              // 365.25 days

// The tokens the per-token figures count, translated: "output tokens" (inference: generated tokens only,
// prompts are free) or "training tokens" (every token of every sequence trained on).
QString tokensCounted(Task task);
QString tokenCounted(Task task); // one of them: "output token", "training token"

// Whether the GPU's record has the board power (TDP) the energy numbers need; 0 W is none.
bool powerKnown(const GpuSpec &gpu);

// How busy an inference keeps the GPU, 0 to 1: the share of its time spent on more than streaming the
// weights and waiting on the step's fixed overheads (kernel launches, the scheduler), floorS a pass: one
// pass for the prefill and one per output token.
double inferenceBusyFraction(double floorS, int outputTokens, double ttftS, double tpotS);
// How busy a training step keeps the GPU: the share of the step in compute, recomputation and the
// optimizer (exposed communication and the pipeline bubble leave it near its floor).
double trainingBusyFraction(const TrainingResult::Breakdown &breakdown);

// Power per GPU as a fraction of TDP: the user's utilisation when set, else from the busy fraction.
double powerFraction(const Workload &workload, double busyFraction);

// "rental", or "owned: $0.61/h over 4 y + power at $0.15/kWh" (translated): how usdPerGpuHour was made;
// "no rental price" (or purchase price) for a GPU that lacks the comparison's.
QString basisText(const CostResult &cost);

// The one basis a comparison of these GPUs is priced on: rented when the user gave a rental price;
// owned when the user owns the cards (ownYears given); else rented when every GPU has a rental price,
// owned when every GPU has a purchase price, else the basis more of them have (rented on a tie). A GPU
// without a price on that basis has none, rather than one on the other basis.
CostBasis comparisonBasis(const QVector<GpuSpec> &gpus, const Workload &workload);
// The workload with that basis set (kept when already set): what every estimate of the comparison is given.
Workload withComparisonBasis(const QVector<GpuSpec> &gpus, Workload workload);
// The sentence that says a comparison's basis (translated): "costs rented at each GPU's rental rate",
// "costs owned over 4 years: purchase price plus power at $0.15/kWh"; empty without estimates.
QString comparisonBasisText(const QVector<Estimate> &estimates);

// The price of one GPU-hour on workload.priceBasis when set (a comparison's), else on the GPU's own: the
// user's rental price; else owned when the user owns the cards (and the GPU has a purchase price); else
// the catalogue's rental price; else owned at its purchase price; else none.
// Without the TDP (powerKnown), power, energy and electricity stay 0 and unrecorded: callers leave them
// out (an owned GPU-hour is then its purchase alone).
CostResult run(const GpuSpec &gpu, const Workload &workload, int gpus, double busyFraction, double tokensPerS,
               double budgetHours, MathLog *math = nullptr);

} // namespace CostModel
