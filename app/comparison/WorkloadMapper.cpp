#include "app/comparison/WorkloadMapper.h"

#include <QLocale>
#include <functional>

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

// Users or a rate turn the serving simulation on; the targets judge that load and are sent only with it.
// A value the form holds is sent even when it is out of range, so that the resolver's message is shown.
void addLoad(const WorkloadFormValues &values, WorkloadRequest &r)
{
    if (values.concurrency != 0)
        r.concurrency = values.concurrency;
    if (values.requestRate != 0.0)
        r.requestRate = values.requestRate;
    if (!values.hasLoad())
        return;
    if (values.ttftP90TargetMs != 0.0)
        r.ttftP90Ms = values.ttftP90TargetMs;
    if (values.tpotP90TargetMs != 0.0)
        r.tpotP90Ms = values.tpotP90TargetMs;
    if (values.maxNumSeqs != 0)
        r.maxNumSeqs = values.maxNumSeqs;
    if (!values.dataset.isEmpty() && values.dataset != LengthDatasets::name(LengthDataset::Fixed))
        r.dataset = values.dataset;
    if (values.dataset == LengthDatasets::name(LengthDataset::Random) && values.randomRangeRatio != 0.0)
        r.randomRangeRatio = values.randomRangeRatio;
}

// A table of lengths sets every request's lengths itself: the token fields are not sent with it.
bool datasetSetsLengths(const WorkloadFormValues &values)
{
    return values.hasLoad() && values.dataset == LengthDatasets::name(LengthDataset::ShareGpt);
}

// The network as typed: a number of Gb/s per GPU, with or without its unit ("800", "800 Gb/s").
std::optional<double> parseNetwork(const QString &text)
{
    QString number = text.trimmed();
    if (number.endsWith(QStringLiteral("gb/s"), Qt::CaseInsensitive))
        number.chop(4);
    number = number.trimmed();
    bool ok = false;
    double value = QLocale().toDouble(number, &ok);
    if (!ok)
        value = number.toDouble(&ok);
    return ok ? std::optional<double>(value) : std::nullopt;
}

// Training at scale: each value only when it differs from its default; the network only when the run
// can span nodes (one GPU, or no more GPUs than one node holds, uses none: the resolver refuses it).
void addTrainingAtScale(const WorkloadFormValues &values, WorkloadRequest &r,
                        const std::function<void(WorkloadField, const QString &)> &fail)
{
    if (values.microBatch != 0)
        r.microBatch = values.microBatch;
    if (values.virtualStages != 1)
        r.virtualStages = values.virtualStages;
    if (values.contextParallel != 1)
        r.contextParallel = values.contextParallel;
    if (values.expertParallel != 1)
        r.expertParallel = values.expertParallel;
    if (values.gpusPerNode != 0)
        r.gpusPerNode = values.gpusPerNode;
    const auto network = parseNetwork(values.networkGbps);
    if (!network) {
        fail(WorkloadField::NetworkGbps,
             WorkloadMapper::tr(
                 "network '%1': give Gb/s per GPU (400 for InfiniBand NDR), or 0 for one node only")
                 .arg(values.networkGbps));
        return;
    }
    const bool oneNode = values.gpus <= 1 || (values.gpusPerNode > 0 && values.gpus <= values.gpusPerNode);
    if (!oneNode && *network != WorkloadDefaults::kNetworkGbps)
        r.networkGbps = *network;
}

} // namespace

WorkloadRequest WorkloadMapper::requestFrom(const WorkloadFormValues &values,
                                            QVector<WorkloadFieldError> *errors)
{
    const auto fail = [errors](WorkloadField field, const QString &reason) {
        errors->append({field, reason});
    };
    WorkloadRequest r;
    if (!values.modelId.isEmpty())
        r.modelId = values.modelId;
    else if (!values.customConfigPath.isEmpty())
        r.modelConfigPath = values.customConfigPath;
    else
        fail(WorkloadField::Model, tr("choose a model or load a config.json"));

    r.task = Tasks::parse(values.task);
    if (!r.task)
        fail(WorkloadField::Task, tr("unknown task %1").arg(values.task));
    const bool training = r.task && Tasks::isTraining(*r.task);
    const auto precision = [&fail](WorkloadField field, const QString &name) -> std::optional<Precision> {
        if (name.isEmpty())
            return std::nullopt; // the recipe's
        const auto parsed = Precisions::parse(name);
        if (!parsed)
            fail(field, tr("unknown precision %1").arg(name));
        return parsed;
    };
    r.weightPrecision = precision(WorkloadField::WeightPrecision, values.weightPrecision);
    if (values.batch > 0)
        r.batch = values.batch;
    else if (values.batch == WorkloadFormValues::kMaxBatch)
        r.batch = 0; // the request's "as many as fit" (--batch max)
    r.gpus = values.gpus;
    if (values.tensorParallel > 0)
        r.tensorParallel = values.tensorParallel;
    if (values.pipelineParallel > 0)
        r.pipelineParallel = values.pipelineParallel;
    if (!values.profileId.isEmpty())
        r.profileId = values.profileId;
    r.usdPerGpuHour = values.usdPerGpuHour;
    r.usdPerKwh = values.usdPerKwh;
    if (values.ownYears != 0.0)
        r.ownYears = values.ownYears;

    // Only the fields the task uses: the form keeps the others (greyed out) for when the task comes back.
    if (!training) {
        r.kvPrecision = precision(WorkloadField::KvPrecision, values.kvPrecision);
        if (!datasetSetsLengths(values)) {
            r.inputTokens = values.inputTokens;
            r.outputTokens = values.outputTokens;
        }
        addLoad(values, r);
        return r;
    }
    r.sequenceLength = values.sequenceLength;
    r.zeroStage = values.zeroStage;
    if (!values.recompute.isEmpty()) {
        r.recompute = Recomputes::parse(values.recompute);
        if (!r.recompute)
            fail(WorkloadField::Recompute, tr("unknown recomputation %1").arg(values.recompute));
    }
    r.trainTokens = values.trainTokensBillions * 1e9;
    r.activationPrecision = precision(WorkloadField::ActivationPrecision, values.activationPrecision);
    if (!values.optimizer.isEmpty()) {
        r.optimizer = Optimizers::parse(values.optimizer);
        if (!r.optimizer)
            fail(WorkloadField::Optimizer, tr("unknown optimizer %1").arg(values.optimizer));
    }
    if (values.loraRank != 0 && (*r.task == Task::Lora || *r.task == Task::Qlora))
        r.loraRank = values.loraRank;
    addTrainingAtScale(values, r, fail);
    return r;
}

std::optional<double> WorkloadMapper::networkGbps(const QString &text)
{
    return parseNetwork(text);
}

WorkloadFormValues WorkloadMapper::formValuesFrom(const WorkloadRequest &r, const WorkloadFormValues &base)
{
    const WorkloadFormValues d;
    WorkloadFormValues v = base;
    v.modelId = r.modelId.value_or(QString());
    v.customConfigPath = r.modelId ? base.customConfigPath : r.modelConfigPath.value_or(QString());
    if (r.task)
        v.task = Tasks::name(*r.task);
    v.weightPrecision = r.weightPrecision ? Precisions::name(*r.weightPrecision) : QString();
    v.batch = !r.batch ? 0 : *r.batch == 0 ? WorkloadFormValues::kMaxBatch : *r.batch;
    v.gpus = r.gpus.value_or(d.gpus);
    v.tensorParallel = r.tensorParallel.value_or(0);
    v.pipelineParallel = r.pipelineParallel.value_or(0);
    v.profileId = r.profileId.value_or(QString());
    v.usdPerGpuHour = r.usdPerGpuHour;
    v.usdPerKwh = r.usdPerKwh.value_or(d.usdPerKwh);
    v.ownYears = r.ownYears.value_or(0.0);
    if (!r.task || !Tasks::isTraining(*r.task)) {
        v.kvPrecision = r.kvPrecision ? Precisions::name(*r.kvPrecision) : QString();
        v.inputTokens = r.inputTokens.value_or(d.inputTokens);
        v.outputTokens = r.outputTokens.value_or(d.outputTokens);
        v.concurrency = r.concurrency.value_or(0);
        v.requestRate = r.requestRate.value_or(0.0);
        v.ttftP90TargetMs = r.ttftP90Ms.value_or(0.0);
        v.tpotP90TargetMs = r.tpotP90Ms.value_or(0.0);
        v.maxNumSeqs = r.maxNumSeqs.value_or(0);
        v.dataset = r.dataset.value_or(QString());
        v.randomRangeRatio = r.randomRangeRatio.value_or(0.0);
        return v;
    }
    v.sequenceLength = r.sequenceLength.value_or(d.sequenceLength);
    v.zeroStage = r.zeroStage;
    v.recompute = r.recompute ? Recomputes::name(*r.recompute) : QString();
    if (r.trainTokens)
        v.trainTokensBillions = *r.trainTokens / 1e9;
    v.activationPrecision = r.activationPrecision ? Precisions::name(*r.activationPrecision) : QString();
    v.optimizer = r.optimizer ? Optimizers::name(*r.optimizer) : QString();
    if (r.task && (*r.task == Task::Lora || *r.task == Task::Qlora))
        v.loraRank = r.loraRank.value_or(0);
    v.microBatch = r.microBatch.value_or(0);
    v.virtualStages = r.virtualStages.value_or(1);
    v.contextParallel = r.contextParallel.value_or(1);
    v.expertParallel = r.expertParallel.value_or(1);
    v.gpusPerNode = r.gpusPerNode.value_or(0);
    // Absent: the default network, or the one the form already shows when that is the default too.
    const auto shown = parseNetwork(base.networkGbps);
    if (r.networkGbps)
        v.networkGbps = QString::number(*r.networkGbps);
    else if (!shown || *shown != WorkloadDefaults::kNetworkGbps)
        v.networkGbps = QString::number(WorkloadDefaults::kNetworkGbps);
    return v;
}

QHash<QString, QString> WorkloadMapper::recipeDefaults(Task task, int gpus)
{
    QHash<QString, QString> defaults;
    for (WorkloadField field :
         {WorkloadField::WeightPrecision, WorkloadField::KvPrecision, WorkloadField::Batch,
          WorkloadField::ZeroStage, WorkloadField::Recompute, WorkloadField::Profile,
          WorkloadField::ActivationPrecision, WorkloadField::Optimizer, WorkloadField::LoraRank})
        defaults.insert(WorkloadFields::key(field), WorkloadResolver::defaultFor(field, task, gpus));
    return defaults;
}

MappedWorkload WorkloadMapper::map(const WorkloadFormValues &values, const CatalogueSnapshot &catalogue)
{
    MappedWorkload result;
    result.request = requestFrom(values, &result.errors);
    result.recipeDefaults =
        recipeDefaults(result.request.task.value_or(Task::Inference), std::max(1, values.gpus));
    if (!result.errors.isEmpty())
        return result;
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
