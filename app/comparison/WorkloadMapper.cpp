#include "app/comparison/WorkloadMapper.h"

#include "app/analysis/WorkloadDefaults.h"

#include <QLocale>

namespace {

// The form has an editor for each field a user sets in the window; a problem with a value it has no
// editor for (set only on the command line) is shown at the editor that decides it.
WorkloadField formFieldFor(WorkloadField field, const WorkloadRequest &request)
{
    switch (field) {
    case WorkloadField::ActivationPrecision: // the form's math precision when set, else the weights decide it
        return request.activationPrecision ? field : WorkloadField::WeightPrecision;
    case WorkloadField::GlobalBatch:
        return WorkloadField::Batch; // the form's one batch field is the global batch for training
    case WorkloadField::Utilisation:
        return WorkloadField::Task;
    case WorkloadField::NumRequests:
    case WorkloadField::Seed:
        return WorkloadField::Concurrency; // the simulation's own settings; the load decides them
    case WorkloadField::MaxBatchedTokens:
        return WorkloadField::Profile; // the engine's limits come with the profile
    case WorkloadField::PipelineFirstLayers:
    case WorkloadField::PipelineLastLayers:
        return WorkloadField::VirtualStages; // the pipeline's layout
    default:
        return field;
    }
}

} // namespace

QHash<QString, QString> WorkloadMapper::recipeDefaults(Task task, int gpus)
{
    QHash<QString, QString> defaults;
    for (WorkloadField field :
         {WorkloadField::WeightPrecision, WorkloadField::KvPrecision, WorkloadField::Batch,
          WorkloadField::ZeroStage, WorkloadField::Recompute, WorkloadField::Profile,
          WorkloadField::ActivationPrecision, WorkloadField::Optimizer, WorkloadField::LoraRank,
          WorkloadField::MoeRouting, WorkloadField::Fp8Recipe})
        defaults.insert(WorkloadFields::key(field), WorkloadResolver::defaultFor(field, task, gpus));
    return defaults;
}

MappedWorkload WorkloadMapper::map(const WorkloadRequest &request, const CatalogueSnapshot &catalogue)
{
    MappedWorkload result;
    result.request = request;
    result.recipeDefaults = recipeDefaults(request.task.value_or(Task::Inference),
                                           std::max(1, request.gpus.value_or(WorkloadDefaults::kGpus)));
    result.resolved = WorkloadResolver::resolve(result.request, catalogue);
    for (const WorkloadProblem &problem : std::as_const(result.resolved.problems))
        result.errors.append({formFieldFor(problem.field, result.request), problem.message});
    if (result.resolved.isValid()) {
        const Workload &w = *result.resolved.workload;
        result.summary = WorkloadResolver::recipe(w, result.resolved.parameters);
        // What the recipe chose for this request, not for the task alone: the KV cache follows the
        // weights (fp8 weights, fp8 cache), and under load the users are the requests in flight.
        result.recipeDefaults.insert(WorkloadFields::key(WorkloadField::KvPrecision),
                                     Precisions::name(w.kvPrecision));
        result.recipeDefaults.insert(WorkloadFields::key(WorkloadField::Batch), QLocale().toString(w.batch));
        if (!result.request.activationPrecision) // the math follows the weights: fp8 weights, fp8 math
            result.recipeDefaults.insert(WorkloadFields::key(WorkloadField::ActivationPrecision),
                                         Precisions::name(w.activationPrecision));
    }
    return result;
}
