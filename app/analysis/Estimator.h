#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/SplitMemory.h"
#include "app/analysis/Workload.h"
#include "app/analysis/WorkloadField.h"
#include "app/analysis/WorkloadResolver.h"
#include "db/GpuSpec.h"

#include <QVector>
#include <optional>

struct EstimateOptions
{
    bool buildMath = true; // false: skip every MathTerm (no string work), for sweeps and benchmarks
    // true: one candidate of a search that keeps the best and estimates it again (TrainingRecipe): the
    // numbers alone, without the notes' text and the fewest-GPUs search (together 60 % of a candidate).
    bool searchCandidate = false;
};

// The estimator's entry points: pure functions over catalogue records.
//
//   ResolvedWorkload resolved = WorkloadResolver::resolve(request, catalogue); // defaults, recipes, errors
//   QVector<Estimate> all = Estimator::estimateAll(gpus, resolved);
//
// estimateAll also fills each Estimate's training and inference verdicts, which compare the GPUs with
// each other (VerdictRules); estimate() alone leaves them at their defaults.
namespace Estimator {

// The first value the estimator cannot use, with the field that holds it and one line naming the bad value
// and what is allowed; nullopt when the workload can be estimated.
std::optional<WorkloadProblem> check(const Workload &workload);
// The same problem's message alone; empty when the workload can be estimated.
QString validate(const Workload &workload);

Estimate estimate(const GpuSpec &gpu, const Workload &workload, const EfficiencyParameters &parameters,
                  const EstimateOptions &options = {});
// Same, with the model's derived numbers computed once by the caller (the fast path).
Estimate estimate(const GpuSpec &gpu, const Workload &workload, const ModelArchitecture &architecture,
                  const EfficiencyParameters &parameters, const EstimateOptions &options = {});
// Same, for many GPUs with one workload: memory per GPU does not depend on the GPU, so every GPU shares
// the memory evaluations of `memory` (made from this workload, its architecture and this profile).
Estimate estimate(const GpuSpec &gpu, SplitMemory &memory, const EfficiencyParameters &parameters,
                  const EstimateOptions &options = {});

// Every GPU with the workload, plus this task's verdicts (which compare the GPUs with each other); the
// other task's verdicts stay empty.
QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyParameters &parameters, const EstimateOptions &options = {});

// The same for a resolved request, with the other task's verdicts from its companion recipe (training
// beside inference and back), each verdict naming the recipe it judged. Empty when the request is invalid.
QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const ResolvedWorkload &resolved,
                              const EstimateOptions &options = {});

// The same for callers holding a catalogue record: parses the profile first. An invalid profile gives
// an empty result and the reason in *error.
QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyProfile &profile, QString *error = nullptr,
                              const EstimateOptions &options = {});

} // namespace Estimator
