#include "app/analysis/WorkloadResolver.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/HuggingFaceConfig.h"
#include "app/analysis/WorkloadDefaults.h"
#include "db/TextMatch.h"

#include <QFileInfo>
#include <QLocale>
#include <algorithm>

namespace {

using namespace WorkloadDefaults;

// The model-parallel group the tp, pp, cp and ep asked for, in 64 bits. Each degree is first held to its
// bound (checkGpuCounts refuses those beyond it), so the product is at most 2^52: four degrees of 65536
// would be 2^64 and wrap to 0.
qint64 requestedGroup(const WorkloadRequest &r)
{
    const auto degree = [](const std::optional<int> &value, int unset, int maximum) {
        return qint64(std::clamp(value.value_or(unset), 1, maximum));
    };
    return degree(r.tensorParallel, 0, kMaxGpus) * degree(r.pipelineParallel, 0, kMaxGpus) *
           degree(r.contextParallel, 1, kMaxContextOrExpertParallel) *
           degree(r.expertParallel, 1, kMaxContextOrExpertParallel);
}

// GPUs of each kind: as asked, else the model-parallel group the tp and pp asked for, else one. A group
// beyond kMaxGpus is refused by checkGpuCounts; here it stops at the bound.
int requestedGpus(const WorkloadRequest &r)
{
    return r.gpus.value_or(int(std::clamp<qint64>(requestedGroup(r), kGpus, kMaxGpus)));
}

// GPU counts and parallel degrees within kMaxGpus, each and together, refused at the field that asks for
// too many: the window and the command line resolve through here, so they refuse the same values.
void checkGpuCounts(const WorkloadRequest &r, QVector<WorkloadProblem> *problems)
{
    // Each within its range in the field table, named by its option ("tp 70000: allowed 0 to 65536" reads as
    // the command line's --tp).
    const auto bounded = [&](WorkloadField field, const std::optional<int> &value) {
        const WorkloadRange &range = WorkloadFields::range(field);
        if (value && !range.allows(*value)) {
            problems->append({field, WorkloadResolver::tr("%1 %2: allowed %3 to %4")
                                         .arg(WorkloadFields::option(field))
                                         .arg(*value)
                                         .arg(qint64(range.minimum))
                                         .arg(qint64(range.maximum))});
            return false;
        }
        return true;
    };
    // 0 asks for an automatic split.
    const bool gpus = bounded(WorkloadField::Gpus, r.gpus);
    const bool tensor = bounded(WorkloadField::TensorParallel, r.tensorParallel);
    const bool pipeline = bounded(WorkloadField::PipelineParallel, r.pipelineParallel);
    const bool context = bounded(WorkloadField::ContextParallel, r.contextParallel);
    const bool expert = bounded(WorkloadField::ExpertParallel, r.expertParallel);
    const qint64 group = requestedGroup(r);
    if (!(gpus && tensor && pipeline && context && expert) || group <= kMaxGpus)
        return;
    QStringList factors;
    const auto factor = [&](const std::optional<int> &value, const char *name) {
        if (value && *value > 1)
            factors << QStringLiteral("%1 %2").arg(QLatin1String(name)).arg(*value);
    };
    factor(r.tensorParallel, "tp");
    factor(r.pipelineParallel, "pp");
    factor(r.contextParallel, "cp");
    factor(r.expertParallel, "ep");
    const WorkloadField field = r.tensorParallel && *r.tensorParallel > 1 ? WorkloadField::TensorParallel
                                : r.pipelineParallel && *r.pipelineParallel > 1
                                    ? WorkloadField::PipelineParallel
                                    : WorkloadField::ContextParallel;
    problems->append({field, WorkloadResolver::tr("%1 = %2 GPUs: allowed up to %3 GPUs")
                                 .arg(factors.join(QStringLiteral(" x ")))
                                 .arg(group)
                                 .arg(kMaxGpus)});
}

// Tensor parallelism splits the attention heads: vLLM and Megatron refuse a degree that does not divide them,
// and the KV heads must divide among the GPUs or, with more GPUs than KV heads, each be replicated on a whole
// number of them (vLLM's rule). Refused at the tp field with the model's head counts.
void checkTensorParallelHeads(const WorkloadRequest &r, const ModelSpec &model,
                              QVector<WorkloadProblem> *problems)
{
    if (!r.tensorParallel || *r.tensorParallel <= 1 || model.heads <= 0)
        return;
    const int tp = *r.tensorParallel;
    const int kv = model.kvHeads > 0 ? model.kvHeads : model.heads;
    if (model.heads % tp != 0) {
        problems->append({WorkloadField::TensorParallel,
                          WorkloadResolver::tr("tp %1: must divide the model's %2 attention heads (each GPU "
                                               "holds a whole number of them)")
                              .arg(tp)
                              .arg(model.heads)});
        return;
    }
    if ((tp <= kv && kv % tp != 0) || (tp > kv && tp % kv != 0))
        problems->append(
            {WorkloadField::TensorParallel,
             WorkloadResolver::tr("tp %1: the model's %2 KV heads must divide among the GPUs, or "
                                  "the GPUs among them")
                 .arg(tp)
                 .arg(kv)});
}

bool usesAdapters(Task task)
{
    return task == Task::Lora || task == Task::Qlora;
}

Precision defaultWeights(Task task)
{
    return task == Task::Qlora ? Precision::Int4 : Precision::Bf16; // QLoRA: NF4 base (4.127 bits)
}

Precision defaultActivation(Task task, Precision weights)
{
    return task == Task::Qlora ? Precision::Bf16 : Precisions::defaultActivationFor(weights);
}

int defaultBatch(Task task, int gpus)
{
    return Tasks::isTraining(task) ? kTrainingSequencesPerGpu * gpus : kInferenceRequests;
}

int defaultZero(Task task, const QString &profileId)
{
    if (task != Task::Training)
        return 0; // adapters' state is too small to shard
    // FSDP's FULL_SHARD is ZeRO-3; Megatron's distributed optimizer is ZeRO-1.
    return profileId == QLatin1String("fsdp") ? 3 : 1;
}

Recompute defaultRecompute(Task task, const QString &profileId)
{
    if (!Tasks::isTraining(task))
        return Recompute::None;
    // FSDP recipes checkpoint every layer (llm-foundry's 7B-70B yamls, torchtitan): sharding frees the
    // weights' memory, checkpointing the activations', so micro-batches stay large without tensor
    // parallelism.
    if (usesAdapters(task) || profileId == QLatin1String("fsdp"))
        return Recompute::Full;
    return Recompute::Selective;
}

QString defaultProfile(Task task, int gpus, const QString &modelKind = QStringLiteral("decoder"),
                       bool experts = false)
{
    // A model with experts trains with expert parallelism on Transformer Engine's kernels (Megatron-Core,
    // NeMo AutoModel's FSDP2 + DeepEP): the megatron profile. llm-foundry's eager FSDP has no expert
    // parallelism.
    if (task == Task::Training && gpus > 1 && experts)
        return QStringLiteral("megatron");
    // Full training on several GPUs is sharded data parallelism (PyTorch FSDP) at any node count: no
    // switch at the node boundary. A decoder LLM on one GPU runs the same stack (torchtitan, llm-foundry
    // on one rank): PyTorch AMP's factors, fitted on Lambda's ResNet-50 and BERT runs, gave an 8B model
    // 2.4x less per GPU on one H200 than on two. Adapters and the other models look like plain PyTorch AMP.
    if (!Tasks::isTraining(task))
        return QStringLiteral("vllm");
    return task == Task::Training && (gpus > 1 || modelKind == QLatin1String("decoder"))
               ? QStringLiteral("fsdp")
               : QStringLiteral("pytorch-amp");
}

// Precisions both tasks can use, carried over to the companion; others take its recipe's default.
bool sharedPrecision(Precision precision)
{
    return precision == Precision::Bf16 || precision == Precision::Fp16 || precision == Precision::Fp8 ||
           precision == Precision::Mxfp8;
}

struct Resolution
{
    std::optional<Workload> workload;
    EfficiencyParameters parameters;
    QVector<WorkloadProblem> problems;
};

// The model of a request: a preset of the catalogue, or a local config.json (read once per resolve: the
// companion shares it).
std::optional<ModelSpec> resolveModel(const WorkloadRequest &r, const CatalogueSnapshot &catalogue,
                                      QVector<WorkloadProblem> *problems)
{
    if (r.modelConfigPath && !r.modelConfigPath->isEmpty()) {
        QString error;
        const auto model = HuggingFaceConfig::fromFile(*r.modelConfigPath, &error);
        if (!model)
            problems->append({WorkloadField::Model, error});
        return model;
    }
    const QString id = r.modelId.value_or(QString::fromUtf16(kModel)).trimmed();
    const ModelSpec *model = catalogue.findModel(id);
    for (const ModelSpec &candidate : catalogue.models)
        if (!model && candidate.modelId.compare(id, Qt::CaseInsensitive) == 0)
            model = &candidate;
    if (model)
        return *model;
    const QStringList close = WorkloadResolver::closeModels(catalogue.models, id);
    QStringList all;
    for (const ModelSpec &candidate : catalogue.models)
        all << candidate.modelId;
    problems->append(
        {WorkloadField::Model,
         close.isEmpty()
             ? WorkloadResolver::tr("unknown model '%1'; presets: %2").arg(id, all.join(QStringLiteral(", ")))
             : WorkloadResolver::tr("unknown model '%1'; close matches: %2")
                   .arg(id, close.join(QStringLiteral(", ")))});
    return std::nullopt;
}

// A value that means nothing for the task is refused rather than silently ignored.
void refuseValuesTheTaskDoesNotUse(const WorkloadRequest &r, Task task, QVector<WorkloadProblem> *problems)
{
    const bool training = Tasks::isTraining(task);
    const auto onlyFor = [&](bool applies, WorkloadField field, bool given, const QString &what) {
        if (given && !applies)
            problems->append(
                {field, WorkloadResolver::tr("applies to %1 only, not to %2") // at its field or option
                            .arg(what, WorkloadResolver::taskLabel(task))});
    };
    const QString inference = WorkloadResolver::tr("inference");
    const QString trainingTasks = WorkloadResolver::tr("training, LoRA and QLoRA");
    if (task == Task::Qlora && r.weightPrecision && Precisions::bitsPerValue(*r.weightPrecision) > 5.0)
        problems->append(
            {WorkloadField::WeightPrecision,
             WorkloadResolver::tr("precision %1: QLoRA trains over a 4-bit base (int4 as NF4, or a "
                                  "4-bit GGUF); for a 16-bit base choose LoRA")
                 .arg(Precisions::name(*r.weightPrecision))});
    onlyFor(!training, WorkloadField::KvPrecision, r.kvPrecision.has_value(), inference);
    onlyFor(training, WorkloadField::MicroBatch, r.microBatch.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::GlobalBatch, r.globalBatch.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::ContextParallel, r.contextParallel.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::VirtualStages, r.virtualStages.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::PipelineFirstLayers, r.pipelineFirstLayers.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::PipelineLastLayers, r.pipelineLastLayers.has_value(), trainingTasks);
    // GPUs per node and the network apply to serving too: its tp and ep groups beyond the node (the
    // scale-up domain) cross the network.
    onlyFor(!training, WorkloadField::InputTokens, r.inputTokens.has_value(), inference);
    onlyFor(!training, WorkloadField::OutputTokens, r.outputTokens.has_value(), inference);
    onlyFor(training, WorkloadField::SequenceLength, r.sequenceLength.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::ZeroStage, r.zeroStage.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::Recompute, r.recompute.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::Optimizer, r.optimizer.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::MoeRouting, r.moeRouting.has_value(), trainingTasks);
    onlyFor(task == Task::Training, WorkloadField::MtpLayers, r.mtpLayers.has_value(),
            WorkloadResolver::tr("full training"));
    onlyFor(training, WorkloadField::Fp8Recipe, r.fp8Recipe.has_value(), trainingTasks);
    onlyFor(training, WorkloadField::Bf16Layers, r.bf16Layers.has_value(), trainingTasks);
    onlyFor(usesAdapters(task), WorkloadField::LoraRank, r.loraRank.has_value(),
            WorkloadResolver::tr("LoRA and QLoRA"));
    onlyFor(training, WorkloadField::TrainTokens, r.trainTokens.has_value(), trainingTasks);
    onlyFor(!training, WorkloadField::Concurrency, r.concurrency.has_value(), inference);
    for (const auto &[field, given] :
         {std::pair{WorkloadField::PrefillWorkers, r.prefillWorkers.has_value()},
          std::pair{WorkloadField::PrefillGpus, r.prefillGpus.has_value()},
          std::pair{WorkloadField::PrefillTensorParallel, r.prefillTensorParallel.has_value()},
          std::pair{WorkloadField::PrefillExpertParallel, r.prefillExpertParallel.has_value()},
          std::pair{WorkloadField::DecodeWorkers, r.decodeWorkers.has_value()},
          std::pair{WorkloadField::DecodeGpus, r.decodeGpus.has_value()},
          std::pair{WorkloadField::Speculative, r.speculative.has_value()},
          std::pair{WorkloadField::DraftTokens, r.draftTokens.has_value()},
          std::pair{WorkloadField::AcceptanceRate, r.acceptanceRate.has_value()}})
        onlyFor(!training, field, given, inference);
    onlyFor(!training, WorkloadField::RequestRate, r.requestRate.has_value(), inference);
    onlyFor(!training, WorkloadField::NumRequests, r.numRequests.has_value(), inference);
    onlyFor(!training, WorkloadField::Seed, r.seed.has_value(), inference);
    onlyFor(!training, WorkloadField::MaxNumSeqs, r.maxNumSeqs.has_value(), inference);
    onlyFor(!training, WorkloadField::MaxBatchedTokens, r.maxBatchedTokens.has_value(), inference);
    onlyFor(!training, WorkloadField::TtftP90, r.ttftP90Ms.has_value(), inference);
    onlyFor(!training, WorkloadField::TpotP90, r.tpotP90Ms.has_value(), inference);
    onlyFor(!training, WorkloadField::Dataset, r.dataset.has_value(), inference);
    onlyFor(!training, WorkloadField::RandomRangeRatio, r.randomRangeRatio.has_value(), inference);
    onlyFor(!training, WorkloadField::Burstiness, r.burstiness.has_value(), inference);
    onlyFor(!training, WorkloadField::WarmupRequests, r.warmupRequests.has_value(), inference);
    onlyFor(!training, WorkloadField::Harness, r.harness.has_value(), inference);
}

// The dataset the request names: a bundled one by name, else a file read here (once per resolve).
struct DatasetChoice
{
    LengthDataset dataset = LengthDataset::Fixed;
    std::shared_ptr<const LengthTable> table;
};

DatasetChoice resolveDataset(const WorkloadRequest &r, QVector<WorkloadProblem> *problems)
{
    DatasetChoice choice;
    if (!r.dataset || r.dataset->trimmed().isEmpty())
        return choice;
    const QString text = r.dataset->trimmed();
    if (const auto named = LengthDatasets::fromName(text)) {
        choice.dataset = *named;
        if (*named == LengthDataset::ShareGpt) {
            choice.table = LengthTable::shareGpt();
            if (!choice.table)
                problems->append({WorkloadField::Dataset,
                                  WorkloadResolver::tr("dataset sharegpt: the bundled table is missing")});
        }
        return choice;
    }
    if (!QFileInfo(text).isFile()) {
        problems->append(
            {WorkloadField::Dataset,
             WorkloadResolver::tr("dataset '%1': allowed fixed, random, sharegpt or a CSV/JSONL file of "
                                  "input_tokens, output_tokens (and arrival_s); no such file")
                 .arg(text)});
        return choice;
    }
    QString error;
    choice.dataset = LengthDataset::File;
    choice.table = LengthTable::readFile(text, &error);
    if (!choice.table)
        problems->append({WorkloadField::Dataset, error});
    return choice;
}

// Users or a request rate turn the serving simulation on; its other settings mean nothing without them.
std::optional<ServingTraffic> resolveTraffic(const WorkloadRequest &r, const DatasetChoice &dataset,
                                             QVector<WorkloadProblem> *problems)
{
    const bool trace = dataset.dataset == LengthDataset::File && dataset.table && dataset.table->hasArrivals;
    const bool load = r.concurrency.has_value() || r.requestRate.has_value() || trace;
    const auto needsLoad = [&](WorkloadField field, bool given) {
        if (given && !load)
            problems->append({field, WorkloadResolver::tr("needs concurrent users or a request rate")});
    };
    needsLoad(WorkloadField::Dataset, r.dataset.has_value() && dataset.dataset != LengthDataset::Fixed);
    needsLoad(WorkloadField::RandomRangeRatio, r.randomRangeRatio.has_value());
    needsLoad(WorkloadField::Burstiness, r.burstiness.has_value());
    needsLoad(WorkloadField::WarmupRequests, r.warmupRequests.has_value());
    needsLoad(WorkloadField::Harness, r.harness.has_value());
    needsLoad(WorkloadField::NumRequests, r.numRequests.has_value());
    needsLoad(WorkloadField::Seed, r.seed.has_value());
    needsLoad(WorkloadField::MaxNumSeqs, r.maxNumSeqs.has_value());
    needsLoad(WorkloadField::MaxBatchedTokens, r.maxBatchedTokens.has_value());
    needsLoad(WorkloadField::TtftP90, r.ttftP90Ms.has_value());
    needsLoad(WorkloadField::TpotP90, r.tpotP90Ms.has_value());
    if (!load)
        return std::nullopt;
    if (r.batch && r.concurrency)
        problems->append(
            {WorkloadField::Batch,
             WorkloadResolver::tr("batch %1 with %2 concurrent users: the users are the requests "
                                  "in flight; leave the batch out")
                 .arg(*r.batch)
                 .arg(*r.concurrency)});
    // Zero is "the default" inside a Workload; asked for explicitly it is a mistake, said at its field.
    // Above the range's maximum the estimator refuses it, naming both ends.
    const auto atLeast = [&](WorkloadField field, const std::optional<int> &value, const QString &what) {
        const WorkloadRange &range = WorkloadFields::range(field);
        if (value && *value < range.minimum)
            problems->append({field, WorkloadResolver::tr("%1 %2: allowed %3 or more")
                                         .arg(what)
                                         .arg(*value)
                                         .arg(qint64(range.minimum))});
    };
    atLeast(WorkloadField::NumRequests, r.numRequests, WorkloadResolver::tr("requests"));
    atLeast(WorkloadField::MaxNumSeqs, r.maxNumSeqs, WorkloadResolver::tr("max running sequences"));
    atLeast(WorkloadField::MaxBatchedTokens, r.maxBatchedTokens, WorkloadResolver::tr("max batched tokens"));
    atLeast(WorkloadField::Seed, r.seed, WorkloadResolver::tr("seed"));
    ServingTraffic t;
    t.concurrency = r.concurrency.value_or(0);
    t.requestRate = r.requestRate.value_or(0.0);
    t.numRequests = std::max(0, r.numRequests.value_or(0));
    t.seed = quint32(std::max(0, r.seed.value_or(1)));
    t.maxNumSeqs = std::max(0, r.maxNumSeqs.value_or(0));
    t.maxBatchedTokens = std::max(0, r.maxBatchedTokens.value_or(0));
    t.ttftP90TargetMs = r.ttftP90Ms;
    t.tpotP90TargetMs = r.tpotP90Ms;
    t.dataset = dataset.dataset;
    t.lengthTable = dataset.table;
    t.randomRangeRatio = r.randomRangeRatio.value_or(0.0);
    t.burstiness = r.burstiness.value_or(1.0);
    t.warmupRequests = r.warmupRequests.value_or(0);
    if (r.harness) {
        if (const auto harness = BenchmarkHarnesses::fromName(*r.harness))
            t.harness = *harness;
        else
            problems->append({WorkloadField::Harness,
                              WorkloadResolver::tr("harness %1: allowed %2")
                                  .arg(*r.harness, BenchmarkHarnesses::names().join(QStringLiteral(", ")))});
    }
    return t;
}

// A whole number of the field's range, else a problem naming the option and the range.
bool withinRange(WorkloadField field, const std::optional<int> &value, QVector<WorkloadProblem> *problems)
{
    const WorkloadRange &range = WorkloadFields::range(field);
    if (!value || range.allows(*value))
        return true;
    problems->append({field, WorkloadResolver::tr("%1 %2: allowed %3 to %4")
                                 .arg(WorkloadFields::option(field))
                                 .arg(*value)
                                 .arg(qint64(range.minimum))
                                 .arg(qint64(range.maximum))});
    return false;
}

// Disaggregated serving (issue 57): the four pool sizes together or none, under a load. The decode workers
// are the workload's GPUs (gpuCount is their pool's, tp and ep theirs), the prefill pool beside them; each
// worker's tp divides its GPUs and its ep is a multiple of its tp that divides them too.
void resolveDisaggregation(const WorkloadRequest &r, Workload &w, QVector<WorkloadProblem> *problems)
{
    using F = WorkloadField;
    const std::pair<F, std::optional<int>> fields[] = {{F::PrefillWorkers, r.prefillWorkers},
                                                       {F::PrefillGpus, r.prefillGpus},
                                                       {F::PrefillTensorParallel, r.prefillTensorParallel},
                                                       {F::PrefillExpertParallel, r.prefillExpertParallel},
                                                       {F::DecodeWorkers, r.decodeWorkers},
                                                       {F::DecodeGpus, r.decodeGpus}};
    bool any = false;
    bool inRange = true;
    for (const auto &[field, value] : fields) {
        any = any || value.has_value();
        inRange = withinRange(field, value, problems) && inRange;
    }
    if (!any || !inRange)
        return;
    for (const auto &[field, value] : {fields[0], fields[1], fields[4], fields[5]})
        if (!value) {
            problems->append(
                {field, WorkloadResolver::tr("disaggregated serving needs --prefill-workers, "
                                             "--prefill-gpus, --decode-workers and --decode-gpus")});
            return;
        }
    if (!w.traffic) {
        problems->append({F::PrefillWorkers, WorkloadResolver::tr("disaggregated serving is simulated under "
                                                                  "load: give concurrent users or a request "
                                                                  "rate")});
        return;
    }
    Disaggregation d;
    d.prefillWorkers = *r.prefillWorkers;
    d.prefillGpus = *r.prefillGpus;
    d.prefillTensorParallel = r.prefillTensorParallel.value_or(d.prefillGpus);
    d.prefillExpertParallel = r.prefillExpertParallel.value_or(1);
    d.decodeWorkers = *r.decodeWorkers;
    d.decodeGpus = *r.decodeGpus;
    const qint64 total = qint64(d.prefillWorkers) * d.prefillGpus + qint64(d.decodeWorkers) * d.decodeGpus;
    if (r.gpus)
        problems->append(
            {F::Gpus, WorkloadResolver::tr("disaggregated serving counts its GPUs from its pools "
                                           "(%1 in all): leave the GPU count out")
                          .arg(total)});
    if (total > kMaxGpus)
        problems->append(
            {F::PrefillWorkers,
             WorkloadResolver::tr("%1 GPUs in the two pools: allowed up to %2").arg(total).arg(kMaxGpus)});
    if (r.pipelineParallel && *r.pipelineParallel > 1)
        problems->append(
            {F::PipelineParallel,
             WorkloadResolver::tr("disaggregated workers run without a pipeline: leave pp out")});
    const auto split = [&](F tpField, F epField, int gpus, int tp, int ep, const QString &worker) {
        if (gpus % tp != 0)
            problems->append({tpField, WorkloadResolver::tr("tp %1 does not divide the %2 GPUs of a %3")
                                           .arg(tp)
                                           .arg(gpus)
                                           .arg(worker)});
        else if (ep > 1 && (ep % tp != 0 || gpus % ep != 0))
            problems->append(
                {epField, WorkloadResolver::tr("ep %1: a multiple of tp %2 that divides the %3 GPUs "
                                               "of a %4")
                              .arg(ep)
                              .arg(tp)
                              .arg(gpus)
                              .arg(worker)});
    };
    split(F::PrefillTensorParallel, F::PrefillExpertParallel, d.prefillGpus, d.prefillTensorParallel,
          d.prefillExpertParallel, WorkloadResolver::tr("prefill worker"));
    w.tensorParallel = r.tensorParallel && *r.tensorParallel > 0 ? *r.tensorParallel : d.decodeGpus;
    split(F::TensorParallel, F::ExpertParallel, d.decodeGpus, w.tensorParallel, w.expertParallel,
          WorkloadResolver::tr("decode worker"));
    w.pipelineParallel = 1;
    w.gpuCount = d.decodePoolGpus();
    w.disaggregation = d;
}

// The default acceptance per drafted token, from published acceptance lengths (docs/estimator.md,
// "Speculative decoding"): DeepSeek-V3's report (arXiv 2412.19437, section 5.4.3) accepts its MTP module's
// token 85-90% of the time; EAGLE-3's paper (arXiv 2503.01840) measures 6.1-6.5 tokens a step for
// LLaMA-3.1-8B, which a chain of 8 drafts gives at 0.9 each. N-gram lookup has no figure that fits every
// workload (it hits as often as the output repeats the prompt): none.
std::optional<double> publishedAcceptance(SpeculativeMethod method)
{
    switch (method) {
    case SpeculativeMethod::Mtp:
        return 0.875;
    case SpeculativeMethod::Eagle3:
        return 0.9;
    case SpeculativeMethod::None:
    case SpeculativeMethod::Ngram:
        return std::nullopt;
    }
    return std::nullopt;
}

// Speculative decoding: a method, its drafted tokens a step (default: mtp 1, the one module DeepSeek's
// figures are for; eagle3 and ngram 3) and the acceptance per drafted token (default: the method's
// published figure), under a load.
void resolveSpeculation(const WorkloadRequest &r, Workload &w, QVector<WorkloadProblem> *problems)
{
    using F = WorkloadField;
    if (!r.speculative && !r.draftTokens && !r.acceptanceRate)
        return;
    const bool inRange = withinRange(F::DraftTokens, r.draftTokens, problems);
    if (r.acceptanceRate && !(*r.acceptanceRate >= 0.0 && *r.acceptanceRate <= 1.0)) {
        problems->append({F::AcceptanceRate,
                          WorkloadResolver::tr("acceptance rate %1: allowed 0 to 1").arg(*r.acceptanceRate)});
        return;
    }
    if (!r.speculative) {
        problems->append({r.draftTokens ? F::DraftTokens : F::AcceptanceRate,
                          WorkloadResolver::tr("applies to speculative decoding: choose a method (%1)")
                              .arg(SpeculativeMethods::allNames().join(QStringLiteral(", ")))});
        return;
    }
    const std::optional<SpeculativeMethod> method = SpeculativeMethods::parse(*r.speculative);
    if (!method) {
        problems->append({F::Speculative, WorkloadResolver::tr("speculative %1: allowed %2")
                                              .arg(*r.speculative, SpeculativeMethods::allNames().join(
                                                                       QStringLiteral(", ")))});
        return;
    }
    if (*method == SpeculativeMethod::None) {
        if (r.draftTokens || r.acceptanceRate)
            problems->append({r.draftTokens ? F::DraftTokens : F::AcceptanceRate,
                              WorkloadResolver::tr("no speculative decoding drafts nothing: leave it out")});
        return;
    }
    if (!w.traffic) {
        problems->append(
            {F::Speculative, WorkloadResolver::tr("speculative decoding is simulated under load: "
                                                  "give concurrent users or a request rate")});
        return;
    }
    if (*method == SpeculativeMethod::Mtp && w.model.mtpLayers < 1) {
        problems->append(
            {F::Speculative, WorkloadResolver::tr("mtp drafts with the model's own "
                                                  "multi-token-prediction module, and %1 has none "
                                                  "(num_nextn_predict_layers): choose eagle3 or "
                                                  "ngram")
                                 .arg(w.model.modelId)});
        return;
    }
    const std::optional<double> acceptance =
        r.acceptanceRate ? r.acceptanceRate : publishedAcceptance(*method);
    if (!acceptance) {
        problems->append(
            {F::AcceptanceRate, WorkloadResolver::tr("n-gram drafts are accepted as often as the "
                                                     "output repeats the prompt, which no "
                                                     "published figure fits: give the "
                                                     "acceptance rate")});
        return;
    }
    if (!inRange)
        return;
    w.speculation.method = *method;
    w.speculation.draftTokens = r.draftTokens.value_or(*method == SpeculativeMethod::Mtp ? 1 : 3);
    w.speculation.acceptanceRate = *acceptance;
}

// model null: the request's model could not be resolved; the other values are still checked.
Resolution resolveOne(const WorkloadRequest &r, const ModelSpec *model, const CatalogueSnapshot &catalogue)
{
    Resolution result;
    Workload w;
    if (model)
        w.model = *model;
    w.task = r.task.value_or(Task::Inference);
    refuseValuesTheTaskDoesNotUse(r, w.task, &result.problems);

    // Every default below is the task's: for a task that does not use a value, the neutral one.
    w.weightPrecision = r.weightPrecision.value_or(defaultWeights(w.task));
    w.activationPrecision = r.activationPrecision.value_or(defaultActivation(w.task, w.weightPrecision));
    // NVFP4 pre-training (Transformer Engine's NVFP4BlockScaling, Megatron-Bridge's bf16_with_nvfp4_mixed):
    // the weights stay 16-bit (bf16 parameters, fp32 master copies in the optimizer) and are cast to NVFP4
    // for each step's matmuls. --precision nvfp4 and --fp8-recipe nvfp4 ask for the same run.
    if (w.task == Task::Training && w.weightPrecision == Precision::Nvfp4) {
        w.weightPrecision = Precision::Bf16;
        w.activationPrecision = r.activationPrecision.value_or(Precision::Nvfp4);
    }
    if (Tasks::isTraining(w.task) && r.fp8Recipe == Fp8Recipe::Nvfp4) {
        if (!r.activationPrecision)
            w.activationPrecision = Precision::Nvfp4;
        else if (*r.activationPrecision != Precision::Nvfp4)
            result.problems.append(
                {WorkloadField::Fp8Recipe,
                 WorkloadResolver::tr("fp8 recipe nvfp4 runs the matmuls in nvfp4, not %1: leave the "
                                      "activation precision out or set nvfp4")
                     .arg(Precisions::name(*r.activationPrecision))});
    }
    w.kvPrecision = r.kvPrecision.value_or(Precisions::defaultKvFor(w.activationPrecision));
    checkGpuCounts(r, &result.problems);
    if (model)
        checkTensorParallelHeads(r, *model, &result.problems);
    w.tensorParallel = r.tensorParallel.value_or(0);
    w.pipelineParallel = r.pipelineParallel.value_or(0);
    w.gpuCount = requestedGpus(r);
    if (r.batch && r.globalBatch)
        result.problems.append({WorkloadField::GlobalBatch,
                                WorkloadResolver::tr("give the batch or the global batch, not both")});
    w.batch = r.globalBatch.value_or(r.batch.value_or(defaultBatch(w.task, std::max(1, w.gpuCount))));
    w.microBatch = r.microBatch.value_or(kMicroBatch);
    w.inputTokens = r.inputTokens.value_or(kInputTokens);
    w.outputTokens = r.outputTokens.value_or(kOutputTokens);
    w.sequenceLength = r.sequenceLength.value_or(kSequenceLength);
    w.contextParallel = r.contextParallel.value_or(1);
    w.expertParallel = r.expertParallel.value_or(1);
    w.virtualStages = r.virtualStages.value_or(1);
    w.pipelineFirstLayers = r.pipelineFirstLayers.value_or(0);
    w.pipelineLastLayers = r.pipelineLastLayers.value_or(0);
    for (const auto &[field, value] : {std::pair{WorkloadField::PipelineFirstLayers, r.pipelineFirstLayers},
                                       std::pair{WorkloadField::PipelineLastLayers, r.pipelineLastLayers}})
        if (value && (*value < 1 || !r.pipelineParallel || *r.pipelineParallel < 2))
            result.problems.append(
                {field, WorkloadResolver::tr("%1 layers: a stage of a pipeline needs at least 1 layer and "
                                             "--pp 2 or more")
                            .arg(*value)});
    // A system gives the node and the network unless the user gave them: the same request by hand (8 per
    // node, 8 x 400 Gb/s over 8 GPUs) is the same workload.
    const SystemSpec *system = r.systemId ? catalogue.findSystem(*r.systemId) : nullptr;
    if (r.systemId && !system)
        result.problems.append(
            {WorkloadField::System,
             WorkloadResolver::tr("unknown system '%1'; `gpucompare list --systems` names them")
                 .arg(*r.systemId)});
    w.gpusPerNode = r.gpusPerNode.value_or(system ? system->gpusPerNode : 0);
    const WorkloadRange &perNode = WorkloadFields::range(WorkloadField::GpusPerNode);
    if (r.gpusPerNode && !perNode.allows(*r.gpusPerNode))
        result.problems.append(
            {WorkloadField::GpusPerNode, WorkloadResolver::tr("GPUs per node %1: allowed %2 to %3")
                                             .arg(*r.gpusPerNode)
                                             .arg(qint64(perNode.minimum))
                                             .arg(qint64(perNode.maximum))});
    w.networkGbps = r.networkGbps.value_or(
        system && system->networkGbpsPerGpu() ? *system->networkGbpsPerGpu() : kNetworkGbps);
    if (r.networkGbps && (w.gpuCount == 1 || (r.gpusPerNode && w.gpuCount <= *r.gpusPerNode)))
        result.problems.append(
            {WorkloadField::NetworkGbps,
             WorkloadResolver::tr("%n GPU(s) fit in one node, which uses no network; leave the network out",
                                  nullptr, w.gpuCount)});
    const QString profileId = r.profileId.value_or(
        defaultProfile(w.task, std::max(1, w.gpuCount), w.model.kind, w.model.experts > 0));
    w.zeroStage = r.zeroStage.value_or(defaultZero(w.task, profileId));
    w.recompute = r.recompute.value_or(defaultRecompute(w.task, profileId));
    if (Tasks::isTraining(w.task)) {
        // Left out, they are the fastest recipe that fits (TrainingRecipe), as practitioners set them;
        // the values above are where the search starts and what memory the fewest GPUs are judged by.
        w.automatic.zeroStage = !r.zeroStage;
        w.automatic.microBatch = !r.microBatch;
        w.automatic.recompute = !r.recompute;
        // Experts are split as practitioners split them (Megatron-Bridge's recipes: ep 8 to 64): searched.
        w.automatic.expertParallel = w.task == Task::Training && !r.expertParallel && w.model.experts > 1;
        // Interleaving is laid out with the pipeline when the search lays that out (TrainingRecipe).
        w.automatic.virtualStages = !r.virtualStages;
    }
    w.optimizer = r.optimizer.value_or(Optimizer::Adam);
    w.moeRouting = r.moeRouting.value_or(MoeRouting::Dropless);
    w.fp8Recipe = r.fp8Recipe.value_or(Fp8Recipe::Auto);
    w.bf16Layers = r.bf16Layers.value_or(0);
    if (r.bf16Layers && !WorkloadFields::range(WorkloadField::Bf16Layers).allows(*r.bf16Layers))
        result.problems.append(
            {WorkloadField::Bf16Layers, WorkloadResolver::tr("bf16 layers %1: allowed %2 to %3")
                                            .arg(*r.bf16Layers)
                                            .arg(WorkloadFields::range(WorkloadField::Bf16Layers).minimum)
                                            .arg(WorkloadFields::range(WorkloadField::Bf16Layers).maximum)});
    // Multi-token prediction trains as the model was trained: its own modules unless the user says.
    // Adapters (PEFT) load no MTP weights.
    w.mtpLayers = w.task == Task::Training ? r.mtpLayers.value_or(w.model.mtpLayers) : 0;
    if (r.mtpLayers && !WorkloadFields::range(WorkloadField::MtpLayers).allows(*r.mtpLayers))
        result.problems.append(
            {WorkloadField::MtpLayers, WorkloadResolver::tr("mtp layers %1: allowed %2 to %3")
                                           .arg(*r.mtpLayers)
                                           .arg(WorkloadFields::range(WorkloadField::MtpLayers).minimum)
                                           .arg(WorkloadFields::range(WorkloadField::MtpLayers).maximum)});
    w.loraRank = r.loraRank.value_or(kLoraRank);
    w.trainTokens = r.trainTokens.value_or(kTrainTokens);
    w.usdPerGpuHour = r.usdPerGpuHour;
    w.usdPerKwh = r.usdPerKwh.value_or(kUsdPerKwh);
    w.utilisation = r.utilisation;
    w.ownsCards = r.ownYears.has_value();
    w.ownYears = r.ownYears.value_or(kOwnYears);
    if (r.ownYears && r.usdPerGpuHour)
        result.problems.append(
            {WorkloadField::OwnYears, WorkloadResolver::tr("give a rental price or the years you own the "
                                                           "cards for, not both")});
    if (!Tasks::isTraining(w.task)) {
        const DatasetChoice dataset = resolveDataset(r, &result.problems);
        if (dataset.table) {
            // A table's lengths are its own: the static figures take its means.
            if (r.inputTokens || r.outputTokens)
                result.problems.append(
                    {r.inputTokens ? WorkloadField::InputTokens : WorkloadField::OutputTokens,
                     WorkloadResolver::tr("dataset %1 sets every request's lengths; leave the input and "
                                          "output tokens out (or use --dataset random)")
                         .arg(dataset.table->source)});
            w.inputTokens = std::max(1, int(std::lround(dataset.table->meanInput)));
            w.outputTokens = std::max(1, int(std::lround(dataset.table->meanOutput)));
        }
        w.traffic = resolveTraffic(r, dataset, &result.problems);
        // The users are the requests in flight; users out of range are said at their own field.
        const WorkloadRange &users = WorkloadFields::range(WorkloadField::Concurrency);
        if (w.traffic && w.traffic->concurrency > users.maximum)
            result.problems.append(
                {WorkloadField::Concurrency, WorkloadResolver::tr("concurrent users %1: allowed %2 to %3")
                                                 .arg(w.traffic->concurrency)
                                                 .arg(qint64(users.minimum))
                                                 .arg(qint64(users.maximum))});
        else if (w.traffic && w.traffic->concurrency > 0 && !r.batch)
            w.batch = w.traffic->concurrency;
        resolveDisaggregation(r, w, &result.problems);
        resolveSpeculation(r, w, &result.problems);
    }

    if (const EfficiencyProfile *profile = catalogue.findProfile(profileId)) {
        QString error;
        if (const auto parameters = EfficiencyParameters::fromProfile(*profile, &error))
            result.parameters = *parameters;
        else
            result.problems.append({WorkloadField::Profile, error});
    } else {
        QStringList ids;
        for (const EfficiencyProfile &candidate : catalogue.profiles)
            ids << candidate.profileId;
        result.problems.append({WorkloadField::Profile, WorkloadResolver::tr("profile '%1': allowed %2")
                                                            .arg(profileId, ids.join(QStringLiteral(", ")))});
    }

    if (!model)
        return result;
    if (result.problems.isEmpty())
        if (const auto problem = Estimator::check(w))
            result.problems.append(*problem);
    if (result.problems.isEmpty())
        result.workload = w;
    return result;
}

} // namespace

ResolvedWorkload WorkloadResolver::resolve(const WorkloadRequest &request, const CatalogueSnapshot &catalogue)
{
    ResolvedWorkload resolved;
    const std::optional<ModelSpec> model = resolveModel(request, catalogue, &resolved.problems);
    // Without a model the other values are still checked, so that every problem is reported at once.
    Resolution own = resolveOne(request, model ? &*model : nullptr, catalogue);
    resolved.problems += own.problems;
    if (!own.workload)
        return resolved;
    for (int count = 1; count <= kMaxGpus; count *= 2) {
        WorkloadRequest other = companionRequest(request);
        other.gpus = count;
        const Resolution companion = resolveOne(other, &*model, catalogue);
        if (companion.workload)
            resolved.companions.append({*companion.workload, companion.parameters});
    }
    if (resolved.companions.isEmpty()) // a custom model the other task cannot run (LoRA on a CNN)
        resolved.companions.append({*own.workload, own.parameters});
    resolved.workload = own.workload;
    resolved.parameters = own.parameters;
    resolved.companion = resolved.companions.first().workload;
    resolved.companionParameters = resolved.companions.first().parameters;
    return resolved;
}

WorkloadRequest WorkloadResolver::companionRequest(const WorkloadRequest &request)
{
    const Task task = request.task.value_or(Task::Inference);
    WorkloadRequest other;
    other.modelId = request.modelId;
    other.modelConfigPath = request.modelConfigPath;
    other.task = Tasks::isTraining(task) ? Task::Inference : Task::Training;
    if (request.weightPrecision && sharedPrecision(*request.weightPrecision))
        other.weightPrecision = request.weightPrecision;
    other.usdPerGpuHour = request.usdPerGpuHour;
    other.usdPerKwh = request.usdPerKwh;
    other.utilisation = request.utilisation;
    other.ownYears = request.ownYears;
    return other;
}

QString WorkloadResolver::recomputeLabel(Recompute recompute)
{
    switch (recompute) {
    case Recompute::None:
        return tr("no");
    case Recompute::Selective:
        return tr("selective");
    case Recompute::Full:
        return tr("full");
    }
    return Recomputes::name(recompute);
}

QString WorkloadResolver::taskLabel(Task task)
{
    switch (task) {
    case Task::Inference:
        return tr("inference");
    case Task::Training:
        return tr("full training");
    case Task::Lora:
        return tr("LoRA fine-tune");
    case Task::Qlora:
        return tr("QLoRA fine-tune");
    }
    return Tasks::name(task);
}

QString WorkloadResolver::defaultFor(WorkloadField field, Task task, int gpus)
{
    const QLocale locale;
    switch (field) {
    case WorkloadField::Model:
        return QString::fromUtf16(kModel);
    case WorkloadField::Task:
        return Tasks::name(Task::Inference);
    case WorkloadField::WeightPrecision:
        return task == Task::Qlora ? tr("int4 (NF4)") : Precisions::name(defaultWeights(task));
    case WorkloadField::ActivationPrecision:
        return Precisions::name(defaultActivation(task, defaultWeights(task)));
    case WorkloadField::KvPrecision:
        return Precisions::name(Precisions::defaultKvFor(defaultActivation(task, defaultWeights(task))));
    case WorkloadField::Batch:
        // The count alone: the form's caption says what it counts (requests, or sequences).
        return locale.toString(defaultBatch(task, gpus));
    case WorkloadField::MicroBatch:
        return Tasks::isTraining(task) ? tr("auto") : locale.toString(kMicroBatch);
    case WorkloadField::GlobalBatch:
        return locale.toString(defaultBatch(Task::Training, gpus));
    case WorkloadField::ExpertParallel:
        return task == Task::Training ? tr("a model with experts: the fastest of 1 and 8 to 64")
                                      : QStringLiteral("1");
    case WorkloadField::ContextParallel:
    case WorkloadField::VirtualStages:
        return QStringLiteral("1");
    case WorkloadField::GpusPerNode:
        return tr("each GPU's catalogue value");
    case WorkloadField::NetworkGbps:
        return locale.toString(kNetworkGbps);
    case WorkloadField::InputTokens:
        return locale.toString(kInputTokens);
    case WorkloadField::OutputTokens:
        return locale.toString(kOutputTokens);
    case WorkloadField::SequenceLength:
        return locale.toString(kSequenceLength);
    case WorkloadField::Gpus:
        return tr("tp x pp, else 1");
    case WorkloadField::TensorParallel:
    case WorkloadField::PipelineParallel:
        return tr("auto");
    // Full training searches both (TrainingRecipe); adapters have one choice each: no ZeRO, full.
    case WorkloadField::ZeroStage:
        return task == Task::Training ? tr("auto")
                                      : QString::number(defaultZero(task, defaultProfile(task, gpus)));
    case WorkloadField::Recompute:
        return task == Task::Training    ? tr("auto")
               : Tasks::isTraining(task) ? recomputeLabel(defaultRecompute(task, defaultProfile(task, gpus)))
                                         : tr("none");
    case WorkloadField::Optimizer:
        return Optimizers::name(Optimizer::Adam);
    case WorkloadField::LoraRank:
        return QString::number(kLoraRank);
    case WorkloadField::Profile:
        return defaultProfile(task, gpus);
    case WorkloadField::UsdPerGpuHour:
        return tr("each GPU's catalogue price");
    case WorkloadField::UsdPerKwh:
        return QString::number(kUsdPerKwh);
    case WorkloadField::Utilisation:
        return tr("from how busy the GPU is");
    case WorkloadField::OwnYears:
        return tr("%1 years, for a GPU without a rental price").arg(kOwnYears);
    case WorkloadField::TrainTokens:
        return QStringLiteral("1e9");
    case WorkloadField::Concurrency:
    case WorkloadField::RequestRate:
        return tr("none: one batch, no load");
    case WorkloadField::NumRequests:
        return tr("10 per user, 200 to 2,000");
    case WorkloadField::Seed:
        return QStringLiteral("1");
    case WorkloadField::MaxNumSeqs:
    case WorkloadField::MaxBatchedTokens:
        return tr("the profile's");
    case WorkloadField::TtftP90:
    case WorkloadField::TpotP90:
        return tr("none");
    case WorkloadField::Dataset:
        return LengthDatasets::name(LengthDataset::Fixed);
    case WorkloadField::RandomRangeRatio:
    case WorkloadField::WarmupRequests:
        return QStringLiteral("0");
    case WorkloadField::Burstiness:
        return tr("1 (Poisson)");
    case WorkloadField::Harness:
        return BenchmarkHarnesses::name(BenchmarkHarness::VllmBench);
    case WorkloadField::PipelineFirstLayers:
    case WorkloadField::PipelineLastLayers:
        return tr("an even split");
    case WorkloadField::MoeRouting:
        return tr("dropless");
    case WorkloadField::MtpLayers:
        return tr("the model's own");
    case WorkloadField::Fp8Recipe:
        return tr("auto");
    case WorkloadField::Bf16Layers:
        return QStringLiteral("0");
    case WorkloadField::System:
        return tr("none: each GPU's own node size and the default network");
    case WorkloadField::PrefillWorkers:
    case WorkloadField::PrefillGpus:
    case WorkloadField::DecodeWorkers:
    case WorkloadField::DecodeGpus:
        return tr("none: one pool (aggregated)");
    case WorkloadField::PrefillTensorParallel:
        return tr("the prefill worker's GPUs");
    case WorkloadField::PrefillExpertParallel:
        return QStringLiteral("1");
    case WorkloadField::Speculative:
        return SpeculativeMethods::name(SpeculativeMethod::None);
    case WorkloadField::DraftTokens:
        return tr("mtp 1, eagle3 and ngram 3");
    case WorkloadField::AcceptanceRate:
        return tr("mtp 0.875 (DeepSeek-V3's report), eagle3 0.9 (EAGLE-3's paper); ngram: none, give it");
    }
    return {};
}

QString WorkloadResolver::defaultText(WorkloadField field)
{
    switch (field) {
    case WorkloadField::WeightPrecision:
        return tr("bf16; int4 (NF4) for qlora");
    case WorkloadField::ActivationPrecision:
        return tr("follows the weights: bf16 for 16-bit floats, int8 for int8, fp16 for int4 and GGUF");
    case WorkloadField::KvPrecision:
        return tr("follows the math precision");
    case WorkloadField::Batch:
        return tr("1 request in flight (inference); %1 sequences per GPU (training)")
            .arg(kTrainingSequencesPerGpu);
    case WorkloadField::GlobalBatch:
        return tr("%1 sequences per GPU").arg(kTrainingSequencesPerGpu);
    case WorkloadField::ZeroStage:
        return tr("training: the fastest that fits, 1, 2 or 3 (0 for lora and qlora)");
    case WorkloadField::Recompute:
        return tr("training: the least that fits the fastest recipe (full for lora and qlora)");
    case WorkloadField::MicroBatch:
        return tr("training: the fastest of 1, 2, 4 and 8 that fits");
    case WorkloadField::Fp8Recipe:
        return tr("auto: mxfp8 on B200, B300, GB200, GB300 and MI355X, tensorwise on other GPUs");
    case WorkloadField::Profile:
        return tr("vllm for inference; fsdp for training on 2 or more GPUs (megatron for a model with "
                  "experts), pytorch-amp on one GPU and for lora and qlora");
    default:
        return defaultFor(field, Task::Inference);
    }
}

QString WorkloadResolver::recipe(const Workload &w, const EfficiencyParameters &parameters)
{
    const QLocale locale;
    QStringList parts;
    parts << (w.model.name.isEmpty() ? w.model.modelId : w.model.name) << taskLabel(w.task);
    if (w.task == Task::Qlora)
        parts << tr("%1 base, %2 math")
                     .arg(Precisions::name(w.weightPrecision), Precisions::name(w.activationPrecision));
    else
        parts << Precisions::name(w.weightPrecision);
    if (!Tasks::isTraining(w.task)) {
        if (w.traffic && w.traffic->concurrency > 0)
            parts << tr("%n concurrent user(s)", nullptr, w.traffic->concurrency);
        else if (w.traffic && w.traffic->replaysTrace())
            parts << tr("the trace's arrivals");
        else if (w.traffic)
            parts << tr("%1 requests/s").arg(locale.toString(w.traffic->requestRate));
        else
            parts << (w.batch == 0 ? tr("as many requests in flight as fit")
                                   : tr("%n request(s) in flight", nullptr, w.batch));
        const QString tokens =
            tr("%1 + %2 tokens").arg(locale.toString(w.inputTokens), locale.toString(w.outputTokens));
        if (!w.traffic || w.traffic->dataset == LengthDataset::Fixed)
            parts << tokens;
        else if (w.traffic->dataset == LengthDataset::Random)
            parts << tr("random lengths around %1 (±%2%)")
                         .arg(tokens, locale.toString(w.traffic->randomRangeRatio * 100.0, 'f', 0));
        else
            parts << tr("%1 lengths, mean %2")
                         .arg(w.traffic->lengthTable ? w.traffic->lengthTable->source : QString(), tokens);
    } else {
        parts << tr("%1-token sequences").arg(locale.toString(w.sequenceLength));
        if (w.automatic.microBatch)
            parts << tr("global batch %1").arg(locale.toString(w.batch));
        else
            parts << tr("global batch %1 in micro-batches of %2")
                         .arg(locale.toString(w.batch), locale.toString(w.microBatch));
        if (!w.automatic.zeroStage && w.zeroStage > 0)
            parts << tr("ZeRO-%1").arg(w.zeroStage);
        if (!w.automatic.recompute)
            parts << tr("%1 recompute").arg(recomputeLabel(w.recompute));
        if (w.automatic.any())
            parts << tr("the fastest recipe that fits each GPU");
        parts << (w.optimizer == Optimizer::Adam ? tr("Adam") : tr("8-bit Adam"));
        if (w.model.experts > 0)
            parts << (w.moeRouting == MoeRouting::Dropless ? tr("dropless routing")
                                                           : tr("forced balanced routing"));
        if (w.mtpLayers > 0)
            parts << tr("%n MTP module(s)", nullptr, w.mtpLayers);
        if (w.bf16Layers > 0)
            parts << tr("%n block(s) kept in BF16", nullptr, w.bf16Layers);
        if (w.fp8Recipe != Fp8Recipe::Auto && w.activationPrecision == Precision::Fp8)
            parts << tr("FP8 %1 scaling").arg(Fp8Recipes::name(w.fp8Recipe));
        if (usesAdapters(w.task))
            parts << tr("rank %1").arg(w.loraRank);
    }
    if (w.traffic && w.traffic->ttftP90TargetMs)
        parts << tr("TTFT p90 ≤ %1 ms").arg(locale.toString(*w.traffic->ttftP90TargetMs));
    if (w.traffic && w.traffic->tpotP90TargetMs)
        parts << tr("TPOT p90 ≤ %1 ms").arg(locale.toString(*w.traffic->tpotP90TargetMs));
    parts << tr("%n GPU(s)", nullptr, w.gpuCount);
    if (w.tensorParallel > 0 || w.pipelineParallel > 0)
        parts << tr("TP %1 x PP %2").arg(std::max(1, w.tensorParallel)).arg(std::max(1, w.pipelineParallel));
    parts << (parameters.profileName.isEmpty() ? parameters.profileId : parameters.profileName);
    return parts.join(QStringLiteral(" · "));
}

QStringList WorkloadResolver::closeModels(const QVector<ModelSpec> &models, const QString &query)
{
    using TextMatch::editDistance;
    using TextMatch::normalized;
    const QString wanted = normalized(query);
    QStringList exact;
    QStringList near;
    for (const ModelSpec &model : models) {
        const QString id = normalized(model.modelId);
        if (!wanted.isEmpty() && (id.contains(wanted) || wanted.contains(id)))
            exact << model.modelId;
        else if (editDistance(wanted, id) <= std::max(2, int(wanted.size()) / 3))
            near << model.modelId;
    }
    return (exact + near).mid(0, 6);
}
