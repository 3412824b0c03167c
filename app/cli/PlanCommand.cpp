#include "app/cli/PlanCommand.h"

#include "app/analysis/Planner.h"
#include "app/analysis/WorkloadDefaults.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/PlanOutput.h"
#include "app/cli/WorkloadOptions.h"
#include "db/MessageText.h"
#include "db/SystemGpu.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>
#include <iterator>

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

// What the planner chooses itself (Plan.h): given on the command line, they are refused, not ignored.
// --precision is not among them: it is the one precision a plan may use (--precisions allows several).
constexpr WorkloadField kSearched[] = {
    WorkloadField::Gpus,          WorkloadField::TensorParallel, WorkloadField::PipelineParallel,
    WorkloadField::VirtualStages, WorkloadField::MicroBatch,     WorkloadField::ZeroStage,
    WorkloadField::Recompute,     WorkloadField::MaxNumSeqs,
};

bool isGiven(const WorkloadRequest &r, WorkloadField field)
{
    switch (field) {
    case WorkloadField::Gpus:
        return r.gpus.has_value();
    case WorkloadField::TensorParallel:
        return r.tensorParallel.has_value();
    case WorkloadField::PipelineParallel:
        return r.pipelineParallel.has_value();
    case WorkloadField::VirtualStages:
        return r.virtualStages.has_value();
    case WorkloadField::MicroBatch:
        return r.microBatch.has_value();
    case WorkloadField::ZeroStage:
        return r.zeroStage.has_value();
    case WorkloadField::Recompute:
        return r.recompute.has_value();
    case WorkloadField::MaxNumSeqs:
        return r.maxNumSeqs.has_value();
    default:
        return false;
    }
}

// What the plan searches in place of a searched field, for the refusal.
QString searchedWhat(WorkloadField field)
{
    switch (field) {
    case WorkloadField::Gpus:
        return tr("the GPU count (--max-gpus caps it)");
    case WorkloadField::TensorParallel:
    case WorkloadField::PipelineParallel:
    case WorkloadField::VirtualStages:
        return tr("the parallel layout");
    case WorkloadField::MicroBatch:
        return tr("the micro-batch");
    case WorkloadField::ZeroStage:
        return tr("the ZeRO stage");
    case WorkloadField::Recompute:
        return tr("the recomputation");
    case WorkloadField::MaxNumSeqs:
        return tr("the engine's running-sequence limit");
    default:
        return {};
    }
}

WorkloadOptions::Command planOptions()
{
    WorkloadOptions::Command command{
        QStringLiteral("plan"), QStringLiteral("[--gpu GPU[,GPU...]] --model MODEL --task TASK [options]"),
        tr("The cheapest configuration of each GPU type that meets a target, ranked by cost: GPU count, "
           "parallel layout, precision and engine or training settings, searched on the estimator. "
           "Serving: traffic (--concurrency or --request-rate) and --ttft-p90-ms and/or --tpot-p90-ms. "
           "Training: --train-tokens within --deadline-days. The GPU count, --tp, --pp, --vpp, "
           "--micro-batch, --zero, --recompute and --max-num-seqs are what it searches; they are not "
           "options here."),
        1, true};
    command.gpusOptional = true;
    command.mathOption = false;
    command.hiddenFields = QVector<WorkloadField>(std::begin(kSearched), std::end(kSearched));
    return command;
}

// The workload options plus the plan's own, on one parser: --help lists them all.
struct PlanCommandLine
{
    WorkloadOptions workload{planOptions()};
    QCommandLineOption deadlineDays{
        QStringList{QStringLiteral("deadline-days")},
        tr("Training: the run must end within this many days (more than 0, up to 36500). Required for "
           "training."),
        QStringLiteral("D")};
    QCommandLineOption maxGpus{
        QStringList{QStringLiteral("max-gpus")},
        tr("The most GPUs of one type a configuration may use, 1 to 65536. Default: 1,024."),
        QStringLiteral("N")};
    QCommandLineOption precisions{
        QStringList{QStringLiteral("precisions")},
        tr("The weight precisions the plan may choose from, comma-separated: %1. Default: --precision "
           "alone, else the task's recipe (bf16; qlora: int4).")
            .arg(Precisions::allNames().join(QStringLiteral(", "))),
        QStringLiteral("P[,P...]")};
    QCommandLineOption prices{
        QStringList{QStringLiteral("price")},
        tr("Rental price per GPU type, USD per GPU-hour, 0 to 10000, comma-separated GPU=USD pairs; over "
           "--usd-per-gpu-hour. Default: --usd-per-gpu-hour, else the catalogue's price."),
        QStringLiteral("GPU=USD[,GPU=USD...]")};

    PlanCommandLine()
    {
        for (const QCommandLineOption *option : {&deadlineDays, &maxGpus, &precisions, &prices})
            workload.addOption(*option);
    }
};

// The plan's own values, before the catalogue is opened; the prices' GPUs are looked up after.
struct PlanValues
{
    std::optional<double> deadlineDays;
    std::optional<int> maxGpus;
    QVector<Precision> precisions;
    QList<QPair<QString, double>> prices; // as typed: GPU, $/GPU-hour
};

// One line naming the bad value and what is allowed, or empty.
QString readPlanValues(const PlanCommandLine &commandLine, PlanValues *values)
{
    const WorkloadOptions &w = commandLine.workload;
    if (w.isSet(commandLine.deadlineDays)) {
        const QString text = w.value(commandLine.deadlineDays);
        bool ok = false;
        const double days = text.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(days) || days <= 0.0 || days > WorkloadDefaults::kMaxDeadlineDays)
            return tr("--deadline-days '%1': allowed a number of days above 0, up to %2")
                .arg(MessageText::cut(text))
                .arg(WorkloadDefaults::kMaxDeadlineDays);
        values->deadlineDays = days;
    }
    if (w.isSet(commandLine.maxGpus)) {
        const QString text = w.value(commandLine.maxGpus);
        bool ok = false;
        const qlonglong count = text.trimmed().toLongLong(&ok);
        if (!ok || count < 1 || count > 65536)
            return tr("--max-gpus '%1': allowed a whole number from 1 to 65536").arg(MessageText::cut(text));
        values->maxGpus = int(count);
    }
    if (w.isSet(commandLine.precisions)) {
        const QString text = w.value(commandLine.precisions);
        const QStringList names = text.split(u',', Qt::SkipEmptyParts);
        if (names.isEmpty())
            return tr("--precisions '%1': allowed one or more of %2, comma-separated")
                .arg(MessageText::cut(text), Precisions::allNames().join(QStringLiteral(", ")));
        for (const QString &name : names) {
            const std::optional<Precision> precision = Precisions::parse(name.trimmed());
            if (!precision)
                return tr("--precisions '%1': allowed %2")
                    .arg(MessageText::cut(name.trimmed()), Precisions::allNames().join(QStringLiteral(", ")));
            if (!values->precisions.contains(*precision))
                values->precisions.append(*precision);
        }
    }
    if (w.isSet(commandLine.prices)) {
        const QString text = w.value(commandLine.prices);
        const QStringList pairs = text.split(u',', Qt::SkipEmptyParts);
        if (pairs.isEmpty())
            return tr("--price '%1': expected GPU=USD pairs, comma-separated (h100_sxm5_80gb=2.49)")
                .arg(MessageText::cut(text));
        for (const QString &pair : pairs) {
            const qsizetype equals = pair.indexOf(u'=');
            bool ok = false;
            const double usd = equals < 0 ? 0.0 : pair.mid(equals + 1).trimmed().toDouble(&ok);
            if (equals <= 0 || !ok)
                return tr("--price '%1': expected GPU=USD, a gpu_id and a price per GPU-hour "
                          "(h100_sxm5_80gb=2.49)")
                    .arg(MessageText::cut(pair.trimmed()));
            if (!std::isfinite(usd) || usd < 0.0 || usd > WorkloadDefaults::kMaxUsdPerGpuHour)
                return tr("--price '%1': allowed 0 to %2 USD per GPU-hour")
                    .arg(MessageText::cut(pair.trimmed()))
                    .arg(WorkloadDefaults::kMaxUsdPerGpuHour);
            values->prices.append({pair.left(equals).trimmed(), usd});
        }
    }
    return {};
}

int runPlan(const QStringList &arguments, CliContext &context)
{
    PlanCommandLine commandLine;
    WorkloadOptions &options = commandLine.workload;
    int exitCode = ExitCode::Ok;
    if (!options.parse(arguments, context, &exitCode))
        return exitCode;
    const auto fail = [&](const QString &message) {
        options.fail(context, message);
        return ExitCode::BadInput;
    };
    const WorkloadRequest &given = options.request();
    for (const WorkloadField field : kSearched)
        if (isGiven(given, field))
            return fail(
                tr("%1: plan searches %2; leave %1 out").arg(options.optionName(field), searchedWhat(field)));
    PlanValues values;
    const QString problem = readPlanValues(commandLine, &values);
    if (!problem.isEmpty())
        return fail(problem);
    if (given.weightPrecision && !values.precisions.isEmpty())
        return fail(tr("--precisions: give --precision (one) or --precisions (a list), not both"));
    if (!given.task)
        return fail(tr("--task is required: %1").arg(Tasks::allNames().join(QStringLiteral(", "))));
    if (!given.modelId && !given.modelConfigPath)
        return fail(tr("--model (a preset id) or --model-config (a config.json) is required"));
    const bool training = Tasks::isTraining(*given.task);
    if (training && !values.deadlineDays)
        return fail(tr("--deadline-days is required for a %1 plan: the days the run may take")
                        .arg(Tasks::name(*given.task)));
    if (training && !given.trainTokens)
        return fail(tr("--train-tokens is required for a %1 plan: the tokens to train within "
                       "--deadline-days")
                        .arg(Tasks::name(*given.task)));
    if (!training && values.deadlineDays)
        return fail(tr("--deadline-days: a training option; a serving plan meets --ttft-p90-ms and "
                       "--tpot-p90-ms"));

    // Without --gpu the plan searches every GPU of the catalogue; with it, those named (and priced) alone.
    QStringList named = options.gpuQueries();
    for (const auto &price : std::as_const(values.prices))
        named << price.first;
    const std::optional<QString> systemId = given.systemId;
    std::optional<CatalogueSnapshot> catalogue = options.gpuQueries().isEmpty() || systemId
                                                     ? loadCatalogueForCli(context)
                                                     : loadCatalogueForGpus(context, named);
    if (!catalogue)
        return ExitCode::Failure;
    // --system: its GPU alone, as it sits in the system, in whole systems and never more than are sold
    // together (a workstation is one machine).
    const SystemSpec *system = systemId ? catalogue->findSystem(*systemId) : nullptr;
    if (systemId && !system)
        return fail(tr("--system '%1': unknown; `gpucompare list --systems` names them").arg(*systemId));
    if (system && !options.gpuQueries().isEmpty())
        return fail(tr("--gpu: --system %1 gives the GPU (%2); leave --gpu out")
                        .arg(system->systemId, system->gpuId));
    if (system) {
        GpuSpec *gpu = nullptr;
        for (GpuSpec &candidate : catalogue->gpus)
            if (candidate.gpuId == system->gpuId)
                gpu = &candidate;
        if (!gpu)
            return fail(tr("--system %1 holds the GPU '%2', which the catalogue lacks")
                            .arg(system->systemId, system->gpuId));
        *gpu = gpuInSystem(*gpu, *system);
    }
    PlanRequest request;
    request.workload = given;
    request.precisions = values.precisions;
    request.deadlineDays = values.deadlineDays.value_or(0.0);
    request.maxGpus = values.maxGpus.value_or(0);
    if (system && system->maxSystems) {
        const int sold = *system->maxSystems * system->gpusPerNode;
        request.maxGpus = request.maxGpus > 0 ? std::min(request.maxGpus, sold) : sold;
    }
    if (system)
        request.gpuIds = {system->gpuId};
    QString error;
    const auto gpus = WorkloadOptions::findGpus(catalogue->gpus, options.gpuQueries(), &error);
    if (!gpus)
        return fail(QStringLiteral("--gpu: ") + error);
    for (const GpuSpec &gpu : *gpus)
        if (!request.gpuIds.contains(gpu.gpuId))
            request.gpuIds.append(gpu.gpuId);
    for (const auto &[query, usd] : std::as_const(values.prices)) {
        const auto priced = WorkloadOptions::findGpus(catalogue->gpus, QStringList{query}, &error);
        if (!priced)
            return fail(QStringLiteral("--price: ") + error);
        request.usdPerGpuHour.insert(priced->constFirst().gpuId, usd);
    }

    const QVector<PlanProblem> problems = Planner::check(request, *catalogue);
    if (!problems.isEmpty()) {
        const PlanProblem &first = problems.constFirst();
        QString option;
        switch (first.input) {
        case PlanInput::Workload:
            option = first.field ? options.optionName(*first.field) : QStringLiteral("--model");
            break;
        case PlanInput::Gpus:
            option = QStringLiteral("--gpu");
            break;
        case PlanInput::Precisions:
            option =
                values.precisions.isEmpty() ? QStringLiteral("--precision") : QStringLiteral("--precisions");
            break;
        case PlanInput::Prices:
            option = QStringLiteral("--price");
            break;
        case PlanInput::DeadlineDays:
            option = QStringLiteral("--deadline-days");
            break;
        case PlanInput::MaxGpus:
            option = QStringLiteral("--max-gpus");
            break;
        }
        options.fail(context, option + QStringLiteral(": ") + first.message);
        // A profile the user did not name, or one that exists but cannot be read, is the catalogue's fault.
        if (first.field == WorkloadField::Profile &&
            (!given.profileId || catalogue->findProfile(*given.profileId)))
            return ExitCode::Failure;
        return ExitCode::BadInput;
    }

    QElapsedTimer timer;
    timer.start();
    const PlanResult result = Planner::plan(request, *catalogue);
    const qint64 elapsedMs = timer.elapsed();
    if (!result.problems.isEmpty()) { // check() said none; not expected
        options.fail(context, result.problems.constFirst().message);
        return ExitCode::BadInput;
    }
    if (options.json() && system) {
        // Each row names the system and how many of it: GPUs rounded up to whole systems.
        QJsonObject root = PlanOutput::toJson(result, elapsedMs);
        QJsonArray plans = root.value(QStringLiteral("plans")).toArray();
        for (QJsonValueRef row : plans) {
            QJsonObject object = row.toObject();
            const int planned = object.value(QStringLiteral("gpus")).toInt();
            object.insert(QStringLiteral("system"), system->systemId);
            object.insert(QStringLiteral("systems"),
                          planned > 0 ? QJsonValue((planned + system->gpusPerNode - 1) / system->gpusPerNode)
                                      : QJsonValue(QJsonValue::Null));
            row = object;
        }
        root.insert(QStringLiteral("plans"), plans);
        context.out << QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    } else if (options.json()) {
        PlanOutput::writeJson(context.out, result, elapsedMs);
    } else {
        PlanOutput::writeText(context.out, result, elapsedMs);
        for (const GpuPlan &plan : result.plans)
            if (system && plan.best)
                context.out << tr("%1 x %2, %3 GPUs")
                                   .arg((plan.best->parallelism.gpus + system->gpusPerNode - 1) /
                                        system->gpusPerNode)
                                   .arg(system->name)
                                   .arg(plan.best->parallelism.gpus)
                            << Qt::endl;
    }
    return ExitCode::Ok;
}

} // namespace

CliCommand planCommand()
{
    CliCommand command{QStringLiteral("plan"),
                       tr("plan [--gpu GPU[,GPU...]] --model MODEL --task TASK [serving target | "
                          "--train-tokens N --deadline-days D] [options] [--json]: the cheapest "
                          "configuration per GPU type"),
                       runPlan};
    command.help = [] { return PlanCommandLine().workload.helpText(); };
    return command;
}
