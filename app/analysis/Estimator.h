#pragma once

#include "EfficiencyParameters.h"
#include "Estimate.h"
#include "GpuSpec.h"
#include "ModelArchitecture.h"
#include "SplitMemory.h"
#include "Workload.h"

#include <QVector>
#include <optional>

struct EstimateOptions
{
    bool buildMath = true; // false: skip every MathTerm (no string work), for sweeps and benchmarks
};

// The estimator's entry points: pure functions over catalogue records.
//
//   QString error = Estimator::validate(workload);            // empty when the workload is usable
//   auto profile = EfficiencyParameters::fromProfile(record);  // once per profile
//   QVector<Estimate> all = Estimator::estimateAll(gpus, workload, *profile);
//
// estimateAll also fills each Estimate's training and inference verdicts, which compare the GPUs with
// each other (VerdictRules); estimate() alone leaves them at their defaults.
namespace Estimator {

// One line naming the bad value and what is allowed; empty when the workload can be estimated.
QString validate(const Workload &workload);
// The same; englishSource (if not null) receives the message's untranslated source text, which names
// the bad value ("batch %1: ...") whatever the interface language.
QString validate(const Workload &workload, QString *englishSource);

Estimate estimate(const GpuSpec &gpu, const Workload &workload, const EfficiencyParameters &parameters,
                  const EstimateOptions &options = {});
// Same, with the model's derived numbers computed once by the caller (the fast path).
Estimate estimate(const GpuSpec &gpu, const Workload &workload, const ModelArchitecture &architecture,
                  const EfficiencyParameters &parameters, const EstimateOptions &options = {});
// Same, for many GPUs with one workload: memory per GPU does not depend on the GPU, so every GPU shares
// the memory evaluations of `memory` (made from this workload, its architecture and this profile).
Estimate estimate(const GpuSpec &gpu, SplitMemory &memory, const EfficiencyParameters &parameters,
                  const EstimateOptions &options = {});

// Every GPU with the workload, plus the verdicts. The verdict for the task the workload does not ask
// for (training when it asks for inference, and the reverse) comes from a companion workload on the
// same model, estimated with `otherTaskParameters` (the same profile when null).
QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyParameters &parameters,
                              const EfficiencyParameters *otherTaskParameters = nullptr,
                              const EstimateOptions &options = {});

// The same for callers holding catalogue records: parses the profiles first. An invalid profile gives
// an empty result and the reason in *error.
QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyProfile &profile,
                              const EfficiencyProfile *otherTaskProfile = nullptr, QString *error = nullptr,
                              const EstimateOptions &options = {});

// The companion workload estimateAll uses for the other task's verdict.
Workload companionWorkload(const Workload &workload);

} // namespace Estimator
