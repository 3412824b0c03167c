#include "app/cli/WorkloadOptions.h"

#include "app/analysis/ScaledNumber.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "db/GpuLookup.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>
#include <limits>

namespace {

// Every field, in the order --help lists them. A new WorkloadField fails the build in the switches below
// (-Wswitch) and the Help tests until it is listed here too.
constexpr WorkloadField kFields[] = {
    WorkloadField::Model,
    WorkloadField::Task,
    WorkloadField::WeightPrecision,
    WorkloadField::ActivationPrecision,
    WorkloadField::KvPrecision,
    WorkloadField::Batch,
    WorkloadField::GlobalBatch,
    WorkloadField::MicroBatch,
    WorkloadField::InputTokens,
    WorkloadField::OutputTokens,
    WorkloadField::SequenceLength,
    WorkloadField::Gpus,
    WorkloadField::TensorParallel,
    WorkloadField::PipelineParallel,
    WorkloadField::ContextParallel,
    WorkloadField::ExpertParallel,
    WorkloadField::VirtualStages,
    WorkloadField::GpusPerNode,
    WorkloadField::NetworkGbps,
    WorkloadField::ZeroStage,
    WorkloadField::Recompute,
    WorkloadField::Optimizer,
    WorkloadField::LoraRank,
    WorkloadField::Profile,
    WorkloadField::UsdPerGpuHour,
    WorkloadField::UsdPerKwh,
    WorkloadField::Utilisation,
    WorkloadField::OwnYears,
    WorkloadField::TrainTokens,
    WorkloadField::Concurrency,
    WorkloadField::RequestRate,
    WorkloadField::NumRequests,
    WorkloadField::Seed,
    WorkloadField::MaxNumSeqs,
    WorkloadField::MaxBatchedTokens,
    WorkloadField::TtftP90,
    WorkloadField::TpotP90,
    WorkloadField::Dataset,
    WorkloadField::RandomRangeRatio,
    WorkloadField::Burstiness,
    WorkloadField::WarmupRequests,
    WorkloadField::PipelineFirstLayers,
    WorkloadField::PipelineLastLayers,
};

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

QString valueName(WorkloadField field)
{
    switch (field) {
    case WorkloadField::Model:
        return QStringLiteral("MODEL");
    case WorkloadField::Task:
        return QStringLiteral("TASK");
    case WorkloadField::WeightPrecision:
    case WorkloadField::ActivationPrecision:
    case WorkloadField::KvPrecision:
        return QStringLiteral("P");
    case WorkloadField::Batch:
        return QStringLiteral("N|max");
    case WorkloadField::ZeroStage:
        return QStringLiteral("0-3");
    case WorkloadField::Recompute:
        return Recomputes::allNames().join(u'|');
    case WorkloadField::Optimizer:
        return Optimizers::allNames().join(u'|');
    case WorkloadField::Profile:
        return QStringLiteral("ID");
    case WorkloadField::UsdPerGpuHour:
    case WorkloadField::UsdPerKwh:
    case WorkloadField::Utilisation:
    case WorkloadField::RequestRate:
    case WorkloadField::NetworkGbps:
        return QStringLiteral("X");
    case WorkloadField::TtftP90:
    case WorkloadField::TpotP90:
        return QStringLiteral("MS");
    case WorkloadField::Dataset:
        return QStringLiteral("fixed|random|sharegpt|FILE");
    case WorkloadField::OwnYears:
        return QStringLiteral("YEARS");
    case WorkloadField::RandomRangeRatio:
    case WorkloadField::Burstiness:
        return QStringLiteral("X");
    case WorkloadField::WarmupRequests:
    case WorkloadField::PipelineFirstLayers:
    case WorkloadField::PipelineLastLayers:
    case WorkloadField::Concurrency:
    case WorkloadField::NumRequests:
    case WorkloadField::Seed:
    case WorkloadField::MaxNumSeqs:
    case WorkloadField::MaxBatchedTokens:
    case WorkloadField::MicroBatch:
    case WorkloadField::GlobalBatch:
    case WorkloadField::ContextParallel:
    case WorkloadField::ExpertParallel:
    case WorkloadField::VirtualStages:
    case WorkloadField::GpusPerNode:
    case WorkloadField::InputTokens:
    case WorkloadField::OutputTokens:
    case WorkloadField::SequenceLength:
    case WorkloadField::Gpus:
    case WorkloadField::TensorParallel:
    case WorkloadField::PipelineParallel:
    case WorkloadField::LoraRank:
    case WorkloadField::TrainTokens:
        return QStringLiteral("N");
    }
    return QStringLiteral("VALUE");
}

// What the option is; its default is added from the resolver, which owns it.
QString whatItIs(WorkloadField field)
{
    switch (field) {
    case WorkloadField::Model:
        return tr("The model, a preset id (`gpucompare models` lists them).");
    case WorkloadField::Task:
        return tr("What to run: %1.").arg(Tasks::allNames().join(QStringLiteral(", ")));
    case WorkloadField::WeightPrecision:
        return tr("Precision of the stored weights (QLoRA: of the frozen base): %1.")
            .arg(Precisions::allNames().join(QStringLiteral(", ")));
    case WorkloadField::ActivationPrecision:
        return tr("Precision of the math; it selects the tensor-core rate.");
    case WorkloadField::KvPrecision:
        return tr("Inference: precision of the KV cache.");
    case WorkloadField::Batch:
        return tr(
            "Inference: requests in flight on the whole deployment, split over its replicas (max = as "
            "many as fit). Training: the global batch, sequences per optimizer step over all replicas.");
    case WorkloadField::GlobalBatch:
        return tr("Training: the global batch, sequences per optimizer step over all data-parallel "
                  "replicas (the same as --batch).");
    case WorkloadField::MicroBatch:
        return tr(
            "Training: sequences per replica per forward and backward pass; the rest of the global batch "
            "is gradient accumulation.");
    case WorkloadField::ContextParallel:
        return tr("Training: GPUs each sequence is split over (context parallelism, ring attention).");
    case WorkloadField::ExpertParallel:
        return tr("Training, mixture-of-experts models: GPUs the experts are split over, within the "
                  "data-parallel ones.");
    case WorkloadField::VirtualStages:
        return tr("Training: model chunks per pipeline stage (interleaved schedule; needs --pp 2 or more).");
    case WorkloadField::GpusPerNode:
        return tr("Training: GPUs per node sharing NVLink or PCIe.");
    case WorkloadField::NetworkGbps:
        return tr("Training: network between nodes, Gb/s per GPU (400 InfiniBand NDR, 200 HDR, 100 "
                  "Ethernet; 0 = one node only).");
    case WorkloadField::InputTokens:
        return tr("Inference: prompt tokens per request.");
    case WorkloadField::OutputTokens:
        return tr("Inference: generated tokens per request.");
    case WorkloadField::SequenceLength:
        return tr("Training: tokens per sequence.");
    case WorkloadField::Gpus:
        return tr("GPUs of each kind.");
    case WorkloadField::TensorParallel:
        return tr("Tensor-parallel degree; 0 = chosen by the estimator.");
    case WorkloadField::PipelineParallel:
        return tr("Pipeline-parallel stages; 0 = chosen by the estimator.");
    case WorkloadField::ZeroStage:
        return tr(
            "Training: ZeRO stage over the data-parallel replicas (1 shards the optimizer state, 2 also "
            "the gradients, 3 also the weights).");
    case WorkloadField::Recompute:
        return tr("Training: activation recomputation.");
    case WorkloadField::Optimizer:
        return tr("Training: the optimizer.");
    case WorkloadField::LoraRank:
        return tr("LoRA and QLoRA: the adapters' rank.");
    case WorkloadField::Profile:
        return tr("The efficiency profile (`gpucompare profiles` lists them).");
    case WorkloadField::UsdPerGpuHour:
        return tr("Rental price of every GPU, USD per GPU-hour.");
    case WorkloadField::UsdPerKwh:
        return tr("Electricity price, USD per kWh.");
    case WorkloadField::Utilisation:
        return tr("Power draw as a fraction of TDP (above 0, up to 1), instead of the estimate's: idle-floor "
                  "power plus the rest of the way to the busy draw by how busy the GPU is.");
    case WorkloadField::OwnYears:
        return tr("You own the cards: every GPU with a launch price is costed at that price spread over "
                  "YEARS of round-the-clock use, plus electricity at the estimated power (without it, only a "
                  "GPU with no rental price is, over the default years).");
    case WorkloadField::TrainTokens:
        return tr("Training: the token budget for GPU-hours and days, in tokens (1e12, 300B or 2T).");
    case WorkloadField::Concurrency:
        return tr("Inference under load: concurrent users on the whole deployment, all starting together "
                  "and each sending its next request when the last one ends (a closed loop, as vllm bench "
                  "serve --max-concurrency and AIPerf's concurrency mode; simulated step by step). With "
                  "--num-requests equal to it, one static batch.");
    case WorkloadField::RequestRate:
        return tr("Inference under load: requests per second arriving at random (see --burstiness), "
                  "instead of --concurrency.");
    case WorkloadField::NumRequests:
        return tr("Inference under load: requests simulated, every one counted.");
    case WorkloadField::Seed:
        return tr("Inference under load: seed of the random arrival times and lengths.");
    case WorkloadField::Dataset:
        return tr("Inference under load: the requests' lengths, as vllm bench serve's --dataset-name: "
                  "fixed (--input-tokens and --output-tokens), random (uniform around them, see "
                  "--random-range-ratio), sharegpt (the bundled ShareGPT table of token counts) or a CSV "
                  "or JSONL FILE of input_tokens, output_tokens and optionally arrival_s (a trace, "
                  "replayed when no users or rate are given).");
    case WorkloadField::RandomRangeRatio:
        return tr("Inference under load, --dataset random: lengths uniform in L x [1 - R, 1 + R].");
    case WorkloadField::Burstiness:
        return tr("Inference under load, --request-rate: the gamma shape of the gaps between arrivals, "
                  "as vllm's --burstiness (1 Poisson, below 1 burstier, above 1 steadier).");
    case WorkloadField::WarmupRequests:
        return tr("Inference under load: requests sent first and left out of the figures.");
    case WorkloadField::PipelineFirstLayers:
        return tr("Training: layers of the first pipeline stage (Megatron's "
                  "--decoder-first-pipeline-num-layers); the other stages share the rest.");
    case WorkloadField::PipelineLastLayers:
        return tr(
            "Training: layers of the last pipeline stage (Megatron's --decoder-last-pipeline-num-layers).");
    case WorkloadField::MaxNumSeqs:
        return tr("Inference under load: the engine's most running sequences per replica.");
    case WorkloadField::MaxBatchedTokens:
        return tr("Inference under load: the engine's most tokens per step (chunked prefill).");
    case WorkloadField::TtftP90:
        return tr("Inference under load: target p90 time to first token, ms; the result says whether it "
                  "is met and the most users that meet it.");
    case WorkloadField::TpotP90:
        return tr("Inference under load: target p90 time per output token, ms.");
    }
    return {};
}

QString dashed(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

// Numbers as typed, with the suffixes the window's form takes too ("50M", "1.5B": ScaledNumber, one reader
// for both doors); the range a field allows is the resolver's to say, but a number too large for any field
// is refused here, before it could wrap around.
QString toWholeNumber(const QString &option, const QString &text, std::optional<int> *target)
{
    QString problem;
    const std::optional<qint64> value = ScaledNumber::parseWhole(text, QLocale::c(), &problem);
    if (!value)
        return option + u' ' + problem;
    // Beyond any field's range: the field's own range is the resolver's to say, so this names none.
    if (*value < std::numeric_limits<int>::min() || *value > std::numeric_limits<int>::max())
        return tr("%1 '%2': far beyond what this option allows (--help gives its range)").arg(option, text);
    *target = int(*value);
    return {};
}

QString toNumber(const QString &option, const QString &text, std::optional<double> *target)
{
    QString problem;
    const std::optional<double> value = ScaledNumber::parse(text, QLocale::c(), &problem);
    if (!value)
        return option + u' ' + problem;
    *target = *value;
    return {};
}

template <typename Enum>
QString toChoice(const QString &option, const QString &text, std::optional<Enum> (*parse)(const QString &),
                 const QStringList &allowed, std::optional<Enum> *target)
{
    *target = parse(text.trimmed());
    if (!*target)
        return tr("%1 '%2': allowed %3").arg(option, text, allowed.join(QStringLiteral(", ")));
    return {};
}

} // namespace

WorkloadOptions::WorkloadOptions(const Command &command)
    : m_command(command)
    , m_gpu(QStringList{QStringLiteral("gpu")},
            (command.gpusOptional ? tr("The GPU types to consider, comma-separated gpu_ids or close names "
                                       "(`gpucompare list` names them). Default: every GPU in the catalogue.")
             : command.minimumGpus > 1
                 ? tr("The GPUs to compare, at least %1, comma-separated gpu_ids or close names (`gpucompare "
                      "list` names them). Required.")
                       .arg(command.minimumGpus)
                 : tr("The GPUs to estimate, comma-separated gpu_ids or close names (`gpucompare list` names "
                      "them). Required.")),
            QStringLiteral("GPU[,GPU...]"))
    , m_modelConfig(QStringList{QStringLiteral("model-config")},
                    tr("A Hugging Face config.json to size the model by, instead of a --model preset."),
                    QStringLiteral("FILE"))
    , m_json(QStringList{QStringLiteral("json")}, tr("Print one JSON document instead of text."))
    , m_math(QStringList{QStringLiteral("math")}, tr("Print the math behind every number."))
    , m_help(CliHelp::helpOption())
{
    m_parser.setApplicationDescription(command.description);
    // "-gpu" is --gpu, not -g -p -u.
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    m_parser.addOption(m_gpu);
    for (const WorkloadField field : kFields) {
        const bool required =
            command.requireModelAndTask && (field == WorkloadField::Model || field == WorkloadField::Task);
        const QString description =
            whatItIs(field) + u' ' +
            (required
                 ? (field == WorkloadField::Model ? tr("Required (or --model-config).") : tr("Required."))
                 : tr("Default: %1.").arg(WorkloadResolver::defaultText(field)));
        QCommandLineOption option(QStringList{WorkloadFields::option(field)}, description, valueName(field));
        if (command.hiddenFields.contains(field))
            option.setFlags(QCommandLineOption::HiddenFromHelp);
        m_fields.append({field, option});
        m_parser.addOption(option);
        if (field == WorkloadField::Model)
            m_parser.addOption(m_modelConfig);
    }
    m_parser.addOption(m_json);
    if (command.mathOption)
        m_parser.addOption(m_math);
    m_parser.addOption(m_help);
}

void WorkloadOptions::addOption(const QCommandLineOption &option)
{
    m_parser.addOption(option);
}

QString WorkloadOptions::value(const QCommandLineOption &option) const
{
    return m_parser.value(option);
}

bool WorkloadOptions::isSet(const QCommandLineOption &option) const
{
    return m_parser.isSet(option);
}

QStringList WorkloadOptions::gpuQueries() const
{
    if (!m_parser.isSet(m_gpu))
        return {};
    return m_parser.value(m_gpu).split(u',', Qt::SkipEmptyParts);
}

QString WorkloadOptions::helpText() const
{
    // The suffixes are the same at both doors: the window's form reads "50M" as this line says.
    return CliHelp::text(m_parser, QStringLiteral("[--db FILE] ") + m_command.name + u' ' + m_command.usage) +
           u'\n' + tr("Numbers may end in %1.").arg(ScaledNumber::suffixHelp()) + u'\n';
}

void WorkloadOptions::fail(CliContext &context, const QString &message) const
{
    context.err << CliHelp::programName() << ": " << m_command.name << ": " << message << Qt::endl;
}

QString WorkloadOptions::optionName(WorkloadField field) const
{
    // A model read from a config.json is --model-config's problem, not --model's.
    if (field == WorkloadField::Model && m_request.modelConfigPath)
        return QStringLiteral("--model-config");
    return QStringLiteral("--") + WorkloadFields::option(field);
}

bool WorkloadOptions::parse(const QStringList &arguments, CliContext &context, int *exitCode)
{
    *exitCode = ExitCode::BadInput;
    // QCommandLineParser skips the first argument as the program's name.
    if (!m_parser.parse(QStringList{m_command.name} + arguments)) {
        const QStringList unknown = m_parser.unknownOptionNames();
        QString message = m_parser.errorText();
        if (!unknown.isEmpty())
            message = tr("unknown option '%1' (`%2 %3 --help` lists the options)")
                          .arg(dashed(unknown.first()), CliHelp::programName(), m_command.name);
        else if (message.endsWith(u'.')) // Qt's sentence ("Missing value after '--batch'.") as one of ours
            message.chop(1);
        if (!message.isEmpty())
            message[0] = message[0].toLower();
        fail(context, message);
        return false;
    }
    if (m_parser.isSet(m_help)) {
        context.out << helpText();
        *exitCode = ExitCode::Ok;
        return false;
    }
    if (!m_parser.positionalArguments().isEmpty()) {
        fail(context,
             tr("unexpected argument '%1' (`%2 %3 --help` lists the options)")
                 .arg(m_parser.positionalArguments().constFirst(), CliHelp::programName(), m_command.name));
        return false;
    }
    const QString problem = convert();
    if (!problem.isEmpty()) {
        fail(context, problem);
        return false;
    }
    *exitCode = ExitCode::Ok;
    return true;
}

QString WorkloadOptions::convert()
{
    WorkloadRequest r;
    for (const auto &[field, option] : std::as_const(m_fields)) {
        if (!m_parser.isSet(option))
            continue;
        const QString text = m_parser.value(option);
        const QString name = QStringLiteral("--") + WorkloadFields::option(field);
        QString problem;
        switch (field) {
        case WorkloadField::Model:
            r.modelId = text;
            break;
        case WorkloadField::Task:
            problem = toChoice(name, text, &Tasks::parse, Tasks::allNames(), &r.task);
            break;
        case WorkloadField::WeightPrecision:
            problem = toChoice(name, text, &Precisions::parse, Precisions::allNames(), &r.weightPrecision);
            break;
        case WorkloadField::ActivationPrecision:
            problem =
                toChoice(name, text, &Precisions::parse, Precisions::allNames(), &r.activationPrecision);
            break;
        case WorkloadField::KvPrecision:
            problem = toChoice(name, text, &Precisions::parse, Precisions::allNames(), &r.kvPrecision);
            break;
        case WorkloadField::Batch:
            if (text.trimmed().compare(QLatin1String("max"), Qt::CaseInsensitive) == 0) {
                r.batch = 0; // the request's "as many as fit"
            } else {
                problem = toWholeNumber(name, text, &r.batch);
                if (!ScaledNumber::parseWhole(text, QLocale::c(), nullptr))
                    problem += tr("; or max for as many requests as fit");
            }
            break;
        case WorkloadField::MicroBatch:
            problem = toWholeNumber(name, text, &r.microBatch);
            break;
        case WorkloadField::GlobalBatch:
            problem = toWholeNumber(name, text, &r.globalBatch);
            break;
        case WorkloadField::ContextParallel:
            problem = toWholeNumber(name, text, &r.contextParallel);
            break;
        case WorkloadField::ExpertParallel:
            problem = toWholeNumber(name, text, &r.expertParallel);
            break;
        case WorkloadField::VirtualStages:
            problem = toWholeNumber(name, text, &r.virtualStages);
            break;
        case WorkloadField::GpusPerNode:
            problem = toWholeNumber(name, text, &r.gpusPerNode);
            break;
        case WorkloadField::NetworkGbps:
            problem = toNumber(name, text, &r.networkGbps);
            break;
        case WorkloadField::InputTokens:
            problem = toWholeNumber(name, text, &r.inputTokens);
            break;
        case WorkloadField::OutputTokens:
            problem = toWholeNumber(name, text, &r.outputTokens);
            break;
        case WorkloadField::SequenceLength:
            problem = toWholeNumber(name, text, &r.sequenceLength);
            break;
        case WorkloadField::Gpus:
            problem = toWholeNumber(name, text, &r.gpus);
            break;
        case WorkloadField::TensorParallel:
            problem = toWholeNumber(name, text, &r.tensorParallel);
            break;
        case WorkloadField::PipelineParallel:
            problem = toWholeNumber(name, text, &r.pipelineParallel);
            break;
        case WorkloadField::ZeroStage:
            problem = toWholeNumber(name, text, &r.zeroStage);
            break;
        case WorkloadField::Recompute:
            problem = toChoice(name, text, &Recomputes::parse, Recomputes::allNames(), &r.recompute);
            break;
        case WorkloadField::Optimizer:
            problem = toChoice(name, text, &Optimizers::parse, Optimizers::allNames(), &r.optimizer);
            break;
        case WorkloadField::LoraRank:
            problem = toWholeNumber(name, text, &r.loraRank);
            break;
        case WorkloadField::Profile:
            r.profileId = text;
            break;
        case WorkloadField::UsdPerGpuHour:
            problem = toNumber(name, text, &r.usdPerGpuHour);
            break;
        case WorkloadField::UsdPerKwh:
            problem = toNumber(name, text, &r.usdPerKwh);
            break;
        case WorkloadField::Utilisation:
            problem = toNumber(name, text, &r.utilisation);
            break;
        case WorkloadField::OwnYears:
            problem = toNumber(name, text, &r.ownYears);
            break;
        case WorkloadField::TrainTokens:
            problem = toNumber(name, text, &r.trainTokens);
            break;
        case WorkloadField::Concurrency:
            problem = toWholeNumber(name, text, &r.concurrency);
            break;
        case WorkloadField::RequestRate:
            problem = toNumber(name, text, &r.requestRate);
            break;
        case WorkloadField::NumRequests:
            problem = toWholeNumber(name, text, &r.numRequests);
            break;
        case WorkloadField::Seed:
            problem = toWholeNumber(name, text, &r.seed);
            break;
        case WorkloadField::MaxNumSeqs:
            problem = toWholeNumber(name, text, &r.maxNumSeqs);
            break;
        case WorkloadField::MaxBatchedTokens:
            problem = toWholeNumber(name, text, &r.maxBatchedTokens);
            break;
        case WorkloadField::TtftP90:
            problem = toNumber(name, text, &r.ttftP90Ms);
            break;
        case WorkloadField::TpotP90:
            problem = toNumber(name, text, &r.tpotP90Ms);
            break;
        case WorkloadField::Dataset:
            r.dataset = text;
            break;
        case WorkloadField::RandomRangeRatio:
            problem = toNumber(name, text, &r.randomRangeRatio);
            break;
        case WorkloadField::Burstiness:
            problem = toNumber(name, text, &r.burstiness);
            break;
        case WorkloadField::WarmupRequests:
            problem = toWholeNumber(name, text, &r.warmupRequests);
            break;
        case WorkloadField::PipelineFirstLayers:
            problem = toWholeNumber(name, text, &r.pipelineFirstLayers);
            break;
        case WorkloadField::PipelineLastLayers:
            problem = toWholeNumber(name, text, &r.pipelineLastLayers);
            break;
        }
        if (!problem.isEmpty())
            return problem;
    }
    if (m_parser.isSet(m_modelConfig)) {
        if (r.modelId)
            return tr("--model-config: give --model or --model-config, not both");
        r.modelConfigPath = m_parser.value(m_modelConfig);
    }
    m_request = r;
    return {};
}

std::optional<ParsedWorkloadArguments> WorkloadOptions::resolve(CliContext &context, int *exitCode)
{
    *exitCode = ExitCode::BadInput;
    // What the command needs, before the catalogue is opened.
    if (m_command.requireModelAndTask && !m_request.task) {
        fail(context, tr("--task is required: %1").arg(Tasks::allNames().join(QStringLiteral(", "))));
        return std::nullopt;
    }
    if (!m_parser.isSet(m_gpu) && !m_command.gpusOptional) {
        fail(context, tr("--gpu is required (comma-separated gpu_ids; `gpucompare list` names them)"));
        return std::nullopt;
    }
    if (m_command.requireModelAndTask && !m_request.modelId && !m_request.modelConfigPath) {
        fail(context, tr("--model (a preset id) or --model-config (a config.json) is required"));
        return std::nullopt;
    }
    const QStringList queries = gpuQueries();
    if (m_parser.isSet(m_gpu) && queries.size() < m_command.minimumGpus) {
        fail(context, tr("--gpu '%1': needs at least %2 GPUs, comma-separated")
                          .arg(m_parser.value(m_gpu))
                          .arg(m_command.minimumGpus));
        return std::nullopt;
    }

    const std::optional<CatalogueSnapshot> snapshot =
        queries.isEmpty() ? loadCatalogueForCli(context) : loadCatalogueForGpus(context, queries);
    if (!snapshot) {
        *exitCode = ExitCode::Failure;
        return std::nullopt;
    }
    ParsedWorkloadArguments parsed;
    if (queries.isEmpty()) { // --gpu optional and left out: every GPU
        parsed.gpus = snapshot->gpus;
    } else {
        QString error;
        const auto gpus = findGpus(snapshot->gpus, queries, &error);
        if (!gpus) {
            fail(context, error);
            return std::nullopt;
        }
        parsed.gpus = *gpus;
    }

    parsed.request = m_request;
    parsed.resolved = WorkloadResolver::resolve(m_request, *snapshot);
    parsed.catalogue = *snapshot;
    if (!parsed.resolved.isValid()) {
        if (parsed.resolved.problems.isEmpty()) { // not expected; never an estimate without a workload
            fail(context, tr("the workload cannot be estimated"));
            return std::nullopt;
        }
        const WorkloadProblem &problem = parsed.resolved.problems.constFirst();
        fail(context, optionName(problem.field) + QStringLiteral(": ") + problem.message);
        // A profile the user did not name, or one that exists but cannot be read, is the catalogue's fault.
        if (problem.field == WorkloadField::Profile &&
            (!m_request.profileId || snapshot->findProfile(*m_request.profileId)))
            *exitCode = ExitCode::Failure;
        return std::nullopt;
    }
    parsed.json = m_parser.isSet(m_json);
    parsed.showMath = m_command.mathOption && m_parser.isSet(m_math);
    *exitCode = ExitCode::Ok;
    return parsed;
}

std::optional<QVector<GpuSpec>> WorkloadOptions::findGpus(const QVector<GpuSpec> &catalogue,
                                                          const QStringList &queries, QString *error)
{
    QVector<GpuSpec> gpus;
    for (const QString &query : queries) {
        const GpuSpec *gpu = GpuLookup::find(catalogue, query.trimmed());
        if (!gpu) {
            const QStringList matches = GpuLookup::closeMatches(catalogue, query.trimmed());
            if (error)
                *error = matches.isEmpty()
                             ? tr("unknown GPU '%1'; `gpucompare list` names them all").arg(query)
                             : tr("unknown GPU '%1'; close matches: %2")
                                   .arg(query, matches.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        gpus.append(*gpu);
    }
    return gpus;
}

std::optional<WorkloadRequest> WorkloadOptions::requestFrom(const QStringList &arguments, QString *error)
{
    WorkloadOptions options(Command{QStringLiteral("estimate"), QString(), QString(), 1, false});
    if (!options.m_parser.parse(QStringList{options.m_command.name} + arguments)) {
        if (error)
            *error = options.m_parser.errorText();
        return std::nullopt;
    }
    if (options.m_parser.isSet(options.m_help)) {
        if (error)
            *error = tr("--help asks for the help, not for an estimate");
        return std::nullopt;
    }
    if (!options.m_parser.positionalArguments().isEmpty()) {
        if (error)
            *error = tr("unexpected argument '%1'").arg(options.m_parser.positionalArguments().constFirst());
        return std::nullopt;
    }
    const QString problem = options.convert();
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return options.m_request;
}

QStringList WorkloadOptions::argumentsFor(const WorkloadRequest &r)
{
    QStringList arguments;
    const auto add = [&arguments](WorkloadField field, const QString &value) {
        arguments << QStringLiteral("--") + WorkloadFields::option(field) << value;
    };
    const auto whole = [&add](WorkloadField field, const std::optional<int> &value) {
        if (value)
            add(field, QString::number(*value));
    };
    // The shortest text that reads back as the same double.
    const auto number = [&add](WorkloadField field, const std::optional<double> &value) {
        if (value)
            add(field, QString::number(*value, 'g', QLocale::FloatingPointShortest));
    };
    const auto precision = [&add](WorkloadField field, const std::optional<Precision> &value) {
        if (value)
            add(field, Precisions::name(*value));
    };
    for (const WorkloadField field : kFields) {
        switch (field) {
        case WorkloadField::Model:
            if (r.modelId)
                add(field, *r.modelId);
            if (r.modelConfigPath)
                arguments << QStringLiteral("--model-config") << *r.modelConfigPath;
            break;
        case WorkloadField::Task:
            if (r.task)
                add(field, Tasks::name(*r.task));
            break;
        case WorkloadField::WeightPrecision:
            precision(field, r.weightPrecision);
            break;
        case WorkloadField::ActivationPrecision:
            precision(field, r.activationPrecision);
            break;
        case WorkloadField::KvPrecision:
            precision(field, r.kvPrecision);
            break;
        case WorkloadField::Batch:
            if (r.batch)
                add(field, *r.batch == 0 ? QStringLiteral("max") : QString::number(*r.batch));
            break;
        case WorkloadField::GlobalBatch:
            whole(field, r.globalBatch);
            break;
        case WorkloadField::MicroBatch:
            whole(field, r.microBatch);
            break;
        case WorkloadField::InputTokens:
            whole(field, r.inputTokens);
            break;
        case WorkloadField::OutputTokens:
            whole(field, r.outputTokens);
            break;
        case WorkloadField::SequenceLength:
            whole(field, r.sequenceLength);
            break;
        case WorkloadField::Gpus:
            whole(field, r.gpus);
            break;
        case WorkloadField::TensorParallel:
            whole(field, r.tensorParallel);
            break;
        case WorkloadField::PipelineParallel:
            whole(field, r.pipelineParallel);
            break;
        case WorkloadField::ContextParallel:
            whole(field, r.contextParallel);
            break;
        case WorkloadField::ExpertParallel:
            whole(field, r.expertParallel);
            break;
        case WorkloadField::VirtualStages:
            whole(field, r.virtualStages);
            break;
        case WorkloadField::GpusPerNode:
            whole(field, r.gpusPerNode);
            break;
        case WorkloadField::NetworkGbps:
            number(field, r.networkGbps);
            break;
        case WorkloadField::ZeroStage:
            whole(field, r.zeroStage);
            break;
        case WorkloadField::Recompute:
            if (r.recompute)
                add(field, Recomputes::name(*r.recompute));
            break;
        case WorkloadField::Optimizer:
            if (r.optimizer)
                add(field, Optimizers::name(*r.optimizer));
            break;
        case WorkloadField::LoraRank:
            whole(field, r.loraRank);
            break;
        case WorkloadField::Profile:
            if (r.profileId)
                add(field, *r.profileId);
            break;
        case WorkloadField::UsdPerGpuHour:
            number(field, r.usdPerGpuHour);
            break;
        case WorkloadField::UsdPerKwh:
            number(field, r.usdPerKwh);
            break;
        case WorkloadField::Utilisation:
            number(field, r.utilisation);
            break;
        case WorkloadField::OwnYears:
            number(field, r.ownYears);
            break;
        case WorkloadField::TrainTokens:
            number(field, r.trainTokens);
            break;
        case WorkloadField::Concurrency:
            whole(field, r.concurrency);
            break;
        case WorkloadField::RequestRate:
            number(field, r.requestRate);
            break;
        case WorkloadField::NumRequests:
            whole(field, r.numRequests);
            break;
        case WorkloadField::Seed:
            whole(field, r.seed);
            break;
        case WorkloadField::MaxNumSeqs:
            whole(field, r.maxNumSeqs);
            break;
        case WorkloadField::MaxBatchedTokens:
            whole(field, r.maxBatchedTokens);
            break;
        case WorkloadField::TtftP90:
            number(field, r.ttftP90Ms);
            break;
        case WorkloadField::TpotP90:
            number(field, r.tpotP90Ms);
            break;
        case WorkloadField::Dataset:
            if (r.dataset)
                add(field, *r.dataset);
            break;
        case WorkloadField::RandomRangeRatio:
            number(field, r.randomRangeRatio);
            break;
        case WorkloadField::Burstiness:
            number(field, r.burstiness);
            break;
        case WorkloadField::WarmupRequests:
            whole(field, r.warmupRequests);
            break;
        case WorkloadField::PipelineFirstLayers:
            whole(field, r.pipelineFirstLayers);
            break;
        case WorkloadField::PipelineLastLayers:
            whole(field, r.pipelineLastLayers);
            break;
        }
    }
    return arguments;
}
