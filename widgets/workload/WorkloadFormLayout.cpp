#include "widgets/workload/WorkloadFormLayout.h"

#include "app/analysis/BenchmarkHarness.h"
#include "app/analysis/RequestMix.h"
#include "app/analysis/WorkloadDefaults.h"

#include <QCoreApplication>
#include <cmath>
#include <type_traits>

namespace {

constexpr int kMaxTokens = 10'000'000;

// The form's layout table, in Tab order. Grid rows: 0 the model and the question, 1 the GPUs and prices,
// 2 inference's load (its own row), 3 training at scale (its own row). A field that is a plain number needs
// only its row here to be shown, read and written (docs/architecture.md, "Adding a field").
const QVector<WorkloadFormRow> &table()
{
    using F = WorkloadField;
    using U = FormUse;
    constexpr FormEditor own = FormEditor::Own;
    // clang-format off
    static const QVector<WorkloadFormRow> rows{
        {.field = F::Model, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Model"), .row = 0, .column = 0, .editor = own},
        // (the config.json button sits at row 0, column 1)
        {.field = F::Task, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Task"), .row = 0, .column = 2, .editor = own},
        {.field = F::WeightPrecision, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Weights"), .row = 0, .column = 3, .editor = own},
        {.field = F::KvPrecision, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&KV cache"), .row = 0, .column = 4,
         .use = U::Inference, .ownRow = true, .editor = own}, // training's math precision takes its cell
        {.field = F::Batch, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Requests in flight"), .row = 0, .column = 5, .editor = own},
        {.field = F::InputTokens, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Input tokens"), .row = 0, .column = 6,
         .use = U::Inference, .minimum = 1, .maximum = kMaxTokens, .defaultValue = WorkloadDefaults::kInputTokens},
        {.field = F::OutputTokens, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Output tokens"), .row = 0, .column = 7,
         .use = U::Inference, .minimum = 1, .maximum = kMaxTokens, .defaultValue = WorkloadDefaults::kOutputTokens},
        {.field = F::SequenceLength, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Sequence length"), .row = 0, .column = 8,
         .use = U::Training, .minimum = 1, .maximum = kMaxTokens, .defaultValue = WorkloadDefaults::kSequenceLength},

        // The GPUs' maximum lies beyond the field table's: the resolver says the range.
        {.field = F::Gpus, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&GPUs"), .row = 1, .column = 0,
         .minimum = 1, .maximum = 100000, .defaultValue = WorkloadDefaults::kGpus},
        {.field = F::TensorParallel, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Te&nsor parallel"), .row = 1, .column = 1,
         .minimum = 0, .maximum = 1024, .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "auto"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "\"auto\" lets the estimator split the model over the fewest GPUs that hold it")},
        {.field = F::PipelineParallel, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Pipe&line parallel"), .row = 1, .column = 2,
         .minimum = 0, .maximum = 1024, .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "auto"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "\"auto\" lets the estimator split the model over the fewest GPUs that hold it")},
        {.field = F::ZeroStage, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&ZeRO stage"), .row = 1, .column = 3,
         .use = U::Training, .editor = own},
        {.field = F::Recompute, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Recompute"), .row = 1, .column = 4,
         .use = U::Training, .editor = own},
        {.field = F::Profile, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Efficiency &profile"), .row = 1, .column = 5, .editor = own},
        {.field = F::UsdPerGpuHour, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "$ / GP&U-hour"), .row = 1, .column = 6, .editor = own},
        {.field = F::UsdPerKwh, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Electricit&y $ / kWh"), .row = 1, .column = 7, .editor = own},
        {.field = F::TrainTokens, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Training bu&dget"), .row = 3, .column = 8,
         .use = U::Training, .ownRow = true, .editor = own},
        {.field = F::OwnYears, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Own the cards"), .row = 1, .column = 8, .editor = own},
        // A server or rack of the catalogue's systems table: its GPU, node, network, links and prices.
        {.field = F::System, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "System"), .row = 1, .column = 9, .editor = own},

        // Inference under load. The users' maximum lies beyond the field table's: the resolver says the range.
        {.field = F::Concurrency, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Concurrent users"), .row = 2, .column = 0,
         .use = U::Inference, .ownRow = true, .minimum = 0, .maximum = 1000000,
         .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "none"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Users who each send their next request when the last one is answered; the "
                                                   "serving engine batches them continuously. \"none\": one static batch only")},
        {.field = F::RequestRate, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Re&quests / s"), .row = 2, .column = 1,
         .use = U::Inference, .ownRow = true, .minimum = 0, .maximum = 100000,
         .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "none"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Requests arriving at random at this average rate (instead of a "
                                                   "number of users). \"none\": one static batch only")},
        {.field = F::TtftP90, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "TT&FT p90 target"), .row = 2, .column = 2,
         .use = U::Inference, .ownRow = true, .minimum = 0, .maximum = 1e7,
         .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "none"), .decimals = 0, .suffix = QT_TRANSLATE_NOOP("WorkloadForm", " ms"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Time to first token that 90% of requests must meet under the load")},
        {.field = F::TpotP90, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "TPOT p90 tar&get"), .row = 2, .column = 3,
         .use = U::Inference, .ownRow = true, .minimum = 0, .maximum = 1e6,
         .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "none"), .decimals = 0, .suffix = QT_TRANSLATE_NOOP("WorkloadForm", " ms"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Time per output token that 90% of requests must meet under the load")},
        {.field = F::MaxNumSeqs, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Ma&x running"), .row = 2, .column = 4,
         .use = U::Inference, .ownRow = true, .minimum = 0, .maximum = 65536,
         .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "profile"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "The serving engine's most running sequences per replica; "
                                                   "\"profile\" uses the efficiency profile's")},
        {.field = F::Dataset, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Request &lengths"), .row = 2, .column = 5,
         .use = U::Inference, .ownRow = true, .editor = own},
        {.field = F::Harness, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Counted as"), .row = 2, .column = 6,
         .use = U::Inference, .ownRow = true, .editor = own},

        // Training at scale.
        {.field = F::MicroBatch, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Micro-b&atch"), .row = 3, .column = 0,
         .use = U::Training, .ownRow = true, .minimum = 0, .maximum = 65536,
         .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "recipe: auto"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Sequences per replica per forward and backward pass; the global "
                                                   "batch runs in as many of them as it takes (gradient accumulation)")},
        {.field = F::VirtualStages, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "&Virtual stages"), .row = 3, .column = 1,
         .use = U::Training, .ownRow = true, .minimum = 1, .maximum = 128,
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Interleaved pipeline: model chunks per pipeline stage (needs "
                                                   "pipeline parallel 2 or more); the bubble shrinks by this factor")},
        {.field = F::ContextParallel, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Conte&xt parallel"), .row = 3, .column = 2,
         .use = U::Training, .ownRow = true, .minimum = 1,
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "GPUs each sequence is split over (ring attention), for long sequences")},
        // Serving's too (vLLM --enable-expert-parallel): shown for a model with experts, disabled and not
        // sent for one without (WorkloadForm::updateTaskDependentFields, request()); its help depends on
        // the task and the model.
        {.field = F::ExpertParallel, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Expert parallel"), .row = 3, .column = 3,
         .use = U::AnyTask, .minimum = 0, .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "auto")},
        {.field = F::GpusPerNode, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "GPUs per node (&j)"), .row = 3, .column = 4,
         .use = U::Training, .ownRow = true, .minimum = 0, .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "catalogue"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "GPUs sharing one server's NVLink or PCIe; \"catalogue\" uses "
                                                   "each GPU's own (8 on HGX boards)")},
        {.field = F::NetworkGbps, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Net&work between nodes"), .row = 3, .column = 5,
         .use = U::Training, .ownRow = true, .editor = own},
        // In the KV cache's cell, which training has no use for; Tab goes to it from the weights.
        {.field = F::ActivationPrecision, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Mat&h precision"), .row = 0, .column = 4,
         .use = U::Training, .ownRow = true, .editor = own},
        {.field = F::Optimizer, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Optimiz&er"), .row = 3, .column = 6,
         .use = U::Training, .ownRow = true, .editor = own},
        // LoRA and QLoRA only (uses()); 0 shows the recipe's rank (WorkloadForm::setRecipeDefaults).
        {.field = F::LoraRank, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "LoRA rank"), .row = 3, .column = 7,
         .use = U::Training, .ownRow = true, .minimum = 0, .maximum = 4096,
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "LoRA and QLoRA: the adapters' rank")},
        // Mixture-of-experts training (shown for every model; a dense one ignores the routing) and FP8's scaling.
        {.field = F::MoeRouting, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "Expert routing"), .row = 3, .column = 9,
         .use = U::Training, .ownRow = true, .editor = own},
        {.field = F::MtpLayers, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "MTP modules"), .row = 3, .column = 10,
         .use = U::Training, .ownRow = true, .minimum = -1, .unsetText = QT_TRANSLATE_NOOP("WorkloadForm", "model's"),
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Multi-token-prediction modules trained beside the model (DeepSeek-V3: 1); "
                                                   "\"model's\" uses the model's own, 0 turns them off")},
        {.field = F::Fp8Recipe, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "FP8 scaling"), .row = 3, .column = 11,
         .use = U::Training, .ownRow = true, .editor = own},
        {.field = F::Bf16Layers, .caption = QT_TRANSLATE_NOOP("WorkloadForm", "BF16 blocks"), .row = 3, .column = 12,
         .use = U::Training, .ownRow = true, .minimum = 0, .maximum = 1024,
         .help = QT_TRANSLATE_NOOP("WorkloadForm", "Training at FP8 or NVFP4: transformer blocks kept in BF16 "
                                                   "(Megatron's --first-last-layers-bf16)")},
    };
    // clang-format on
    return rows;
}

void copyField(WorkloadField field, const WorkloadRequest &from, WorkloadRequest &to)
{
    std::visit([&](auto member) { to.*member = from.*member; }, WorkloadFields::spec(field).member);
}

} // namespace

namespace WorkloadFormLayout {

const QVector<WorkloadFormRow> &rows()
{
    return table();
}

const WorkloadFormRow *row(WorkloadField field)
{
    for (const WorkloadFormRow &row : table())
        if (row.field == field)
            return &row;
    return nullptr;
}

bool uses(Task task, WorkloadField field)
{
    const WorkloadFormRow *found = row(field);
    if (!found)
        return false;
    if (field == WorkloadField::LoraRank)
        return task == Task::Lora || task == Task::Qlora; // the adapters' rank
    const bool training = Tasks::isTraining(task);
    return found->use == FormUse::AnyTask || (found->use == FormUse::Training) == training;
}

std::optional<double> number(const WorkloadRequest &request, WorkloadField field)
{
    return std::visit(
        [&](auto member) -> std::optional<double> {
            using T = typename WorkloadFields::MemberType<decltype(member)>::type;
            if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double>) {
                if (const auto value = request.*member)
                    return double(*value);
            }
            return std::nullopt;
        },
        WorkloadFields::spec(field).member);
}

void setNumber(WorkloadRequest &request, WorkloadField field, std::optional<double> value)
{
    std::visit(
        [&](auto member) {
            using T = typename WorkloadFields::MemberType<decltype(member)>::type;
            if constexpr (std::is_same_v<T, int>)
                request.*member = value ? std::optional<int>(int(std::lround(*value))) : std::nullopt;
            else if constexpr (std::is_same_v<T, double>)
                request.*member = value;
        },
        WorkloadFields::spec(field).member);
}

WorkloadRequest sent(const WorkloadRequest &held)
{
    using F = WorkloadField;
    const Task task = held.task.value_or(Task::Inference);
    WorkloadRequest r;
    for (const WorkloadFormRow &row : table()) {
        if (!uses(task, row.field))
            continue;
        copyField(row.field, held, r);
        if (row.editor != FormEditor::Number)
            continue;
        // As the editor shows it: a default is sent, and an unset value is not.
        const std::optional<double> value = number(r, row.field);
        if (!value && row.defaultValue)
            setNumber(r, row.field, row.defaultValue);
        else if (value && !row.defaultValue && *value == row.minimum)
            setNumber(r, row.field, std::nullopt);
    }
    r.task = task;
    // The model: a preset, else the config.json (the form holds both), else the default model.
    if (!r.modelId && held.modelConfigPath)
        r.modelConfigPath = held.modelConfigPath;
    else if (!r.modelId)
        r.modelId = QString::fromUtf16(WorkloadDefaults::kModel);
    // The prices and the budget always have a value in the form.
    if (!r.usdPerKwh)
        r.usdPerKwh = WorkloadDefaults::kUsdPerKwh;
    if (Tasks::isTraining(task) && !r.trainTokens)
        r.trainTokens = WorkloadDefaults::kTrainTokens;

    // Users or a rate turn the serving simulation on; its settings and targets are sent only with them.
    if (!Tasks::isTraining(task)) {
        const bool load = r.concurrency || r.requestRate;
        if (!load)
            for (F field : {F::TtftP90, F::TpotP90, F::MaxNumSeqs, F::Dataset, F::Harness})
                copyField(field, WorkloadRequest(), r); // left out
        if (r.dataset == LengthDatasets::name(LengthDataset::Fixed))
            r.dataset.reset(); // the token counts: what a request without a dataset has
        if (r.harness == BenchmarkHarnesses::name(BenchmarkHarness::VllmBench))
            r.harness.reset(); // the default: what a request without a harness has
        if (r.dataset == LengthDatasets::name(LengthDataset::Random))
            r.randomRangeRatio = held.randomRangeRatio; // part of the dataset's choice in the form
        // A table of lengths sets every request's lengths itself: the token counts are not sent with it.
        if (r.dataset == LengthDatasets::name(LengthDataset::ShareGpt)) {
            r.inputTokens.reset();
            r.outputTokens.reset();
        }
        return r;
    }
    // The network only when the run can span nodes (one GPU, or no more GPUs than one node holds, uses
    // none: the resolver refuses it), and only when it is not the default.
    const int gpus = r.gpus.value_or(WorkloadDefaults::kGpus);
    const bool oneNode = gpus <= 1 || (r.gpusPerNode && gpus <= *r.gpusPerNode);
    if (oneNode || r.networkGbps == WorkloadDefaults::kNetworkGbps)
        r.networkGbps.reset();
    return r;
}

} // namespace WorkloadFormLayout
