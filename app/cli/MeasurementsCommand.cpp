#include "app/cli/MeasurementsCommand.h"

#include "app/analysis/Precision.h"
#include "app/analysis/calibration/MeasuredRunCase.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "db/Catalogue.h"
#include "db/MeasuredRunJson.h"
#include "db/MeasuredRunText.h"
#include "db/MeasurementFileReader.h"
#include "db/MeasurementImport.h"
#include "db/MeasurementRepository.h"
#include "db/MessageText.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

void complain(CliContext &context, const QString &message)
{
    context.err << CliHelp::programName() << ": " << message << Qt::endl;
}

QString usage()
{
    return QStringLiteral(
        "measurements import FILE... [--gpu ID] [--model ID] [--gpus N] [--tp N] [--precision P] "
        "[--profile P] [--source TEXT] | measurements list [--json] | measurements remove ID");
}

// "--name VALUE" or "--name=VALUE" at arguments[*i]; true when it is that option (value read, *i moved on).
bool readOption(const QStringList &arguments, qsizetype *i, const QString &name, QString *value,
                bool *missingValue)
{
    const QString &argument = arguments.at(*i);
    if (argument.startsWith(name + u'=')) {
        *value = argument.mid(name.size() + 1);
        return true;
    }
    if (argument != name)
        return false;
    if (*i + 1 >= arguments.size()) {
        *missingValue = true;
        return true;
    }
    *value = arguments.at(++*i);
    return true;
}

std::optional<int> positiveInt(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    return ok && value >= 1 ? std::optional<int>(value) : std::nullopt;
}

int runImport(const QStringList &arguments, CliContext &context)
{
    MeasurementImportOptions options;
    QStringList paths;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        QString value;
        bool missingValue = false;
        QString option;
        for (const char *name :
             {"--gpu", "--model", "--gpus", "--tp", "--precision", "--profile", "--source"})
            if (readOption(arguments, &i, QLatin1String(name), &value, &missingValue)) {
                option = QLatin1String(name);
                break;
            }
        if (missingValue) {
            complain(context,
                     QCoreApplication::translate("cli", "measurements import: %1 needs a value").arg(option));
            return ExitCode::BadInput;
        }
        if (option.isEmpty()) {
            if (arguments.at(i).startsWith(QStringLiteral("--"))) {
                complain(context,
                         QCoreApplication::translate("cli", "measurements import: unexpected argument '%1' "
                                                            "(allowed: --gpu, --model, --gpus, --tp, "
                                                            "--precision, --profile, --source)")
                             .arg(MessageText::cut(arguments.at(i))));
                return ExitCode::BadInput;
            }
            paths << arguments.at(i);
        } else if (option == QLatin1String("--gpu")) {
            options.gpuId = value;
        } else if (option == QLatin1String("--model")) {
            options.modelId = value;
        } else if (option == QLatin1String("--profile")) {
            options.profileId = value;
        } else if (option == QLatin1String("--source")) {
            options.source = value;
        } else if (option == QLatin1String("--precision")) {
            // The estimator's names: a run stored with another would be read as bf16 (issue 60).
            const std::optional<Precision> precision = Precisions::parse(value);
            if (!precision) {
                complain(context, QCoreApplication::translate(
                                      "cli", "measurements import: --precision '%1': allowed %2")
                                      .arg(MessageText::cut(value), Precisions::allNames().join(u'|')));
                return ExitCode::BadInput;
            }
            options.precision = Precisions::name(*precision);
        } else {
            const std::optional<int> number = positiveInt(value);
            if (!number) {
                complain(context,
                         QCoreApplication::translate("cli", "measurements import: %1 must be a whole "
                                                            "number of at least 1 (got '%2')")
                             .arg(option, MessageText::cut(value)));
                return ExitCode::BadInput;
            }
            (option == QLatin1String("--gpus") ? options.gpuCount : options.tensorParallel) = number;
        }
    }
    if (paths.isEmpty()) {
        complain(
            context,
            QCoreApplication::translate("cli", "measurements import: which files? (usage: %1)").arg(usage()));
        return ExitCode::BadInput;
    }
    const std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context);
    if (!catalogue)
        return ExitCode::Failure;
    if (const CatalogueError error = catalogue->checkWritable()) {
        complain(context, QCoreApplication::translate("cli", "measurements import: %1").arg(error.message));
        return ExitCode::BadInput;
    }
    CatalogueError error;
    const std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
    if (!snapshot) {
        complain(context, error.message);
        return ExitCode::Failure;
    }
    MeasurementImportPlan plan = MeasurementImport::prepare(paths, options, *snapshot);
    const QString problem =
        plan.ok() ? MeasuredRunCases::firstInexpressible(plan.files, snapshot->gpus, snapshot->models)
                  : plan.message();
    if (!problem.isEmpty()) {
        complain(
            context,
            QCoreApplication::translate("cli", "measurements import: %1; nothing was imported").arg(problem));
        return ExitCode::BadInput;
    }
    for (const QString &note : std::as_const(plan.notes))
        context.out << QCoreApplication::translate("cli", "note: %1").arg(note) << Qt::endl;
    if (const CatalogueError saved = catalogue->measurements().insertAll(plan.files)) {
        complain(context, QCoreApplication::translate("cli", "measurements import: %1; nothing was imported")
                              .arg(saved.message));
        return ExitCode::forError(saved.kind);
    }
    for (const MeasurementRepository::FileImport &import : std::as_const(plan.files)) {
        QStringList conditions;
        for (const StoredMeasuredRun &run : import.runs) {
            const QString condition =
                QStringLiteral("%1 \u00d7 %2, %3").arg(run.gpuCount).arg(run.gpuId, run.modelId);
            if (!conditions.contains(condition))
                conditions << condition;
        }
        context.out << QCoreApplication::translate("cli", "imported %1 as %2: %n run(s) (%3)", nullptr,
                                                   static_cast<int>(import.runs.size()))
                           .arg(import.file.fileName)
                           .arg(import.file.rowId)
                           .arg(conditions.join(QStringLiteral("; ")))
                    << Qt::endl;
    }
    return ExitCode::Ok;
}

QJsonValue jsonNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

int runList(const QStringList &arguments, CliContext &context)
{
    bool json = false;
    if (!CliHelp::readJsonFlag(QStringLiteral("measurements list"), arguments, context, &json))
        return ExitCode::BadInput;
    const std::optional<CatalogueSnapshot> snapshot =
        loadCatalogueForCli(context, Catalogue::Parts::Measurements);
    if (!snapshot)
        return ExitCode::Failure;
    if (json) {
        QJsonArray files;
        for (const MeasurementFile &file : snapshot->measurementFiles) {
            QJsonArray runs;
            for (const StoredMeasuredRun &run : snapshot->measuredRuns) {
                if (run.fileId != file.rowId)
                    continue;
                const MeasuredRun &measured = run.run;
                const MeasuredRun::LlamaBench &bench = measured.llamaBench;
                runs.append(QJsonObject{
                    {QStringLiteral("gpu_id"), run.gpuId},
                    {QStringLiteral("model_id"), run.modelId},
                    {QStringLiteral("gpu_count"), run.gpuCount},
                    {QStringLiteral("tensor_parallel"),
                     run.tensorParallel ? QJsonValue(*run.tensorParallel) : QJsonValue(QJsonValue::Null)},
                    {QStringLiteral("profile_id"), run.profileId},
                    {QStringLiteral("task"), MeasuredRunJson::taskKey(measured.task)},
                    {QStringLiteral("ttft_median_ms"), jsonNumber(measured.ttftMs.median)},
                    {QStringLiteral("tpot_median_ms"), jsonNumber(measured.tpotMs.median)},
                    {QStringLiteral("output_tokens_per_s"), jsonNumber(measured.outputTokensPerS)},
                    {QStringLiteral("llama_bench_tokens_per_s"),
                     jsonNumber(bench.promptTokensPerS       ? bench.promptTokensPerS
                                : bench.generationTokensPerS ? bench.generationTokensPerS
                                                             : bench.combinedTokensPerS)},
                    {QStringLiteral("training_tokens_per_s_per_gpu"),
                     jsonNumber(measured.training.tokensPerSPerGpu)},
                    {QStringLiteral("run"), MeasuredRunJson::toJson(measured)},
                });
            }
            files.append(QJsonObject{{QStringLiteral("id"), file.rowId},
                                     {QStringLiteral("file_name"), file.fileName},
                                     {QStringLiteral("sha256"), file.sha256},
                                     {QStringLiteral("format"), file.format},
                                     {QStringLiteral("imported_at"), file.importedAt},
                                     {QStringLiteral("source"), file.source},
                                     {QStringLiteral("run_count"), file.runCount},
                                     {QStringLiteral("runs"), runs}});
        }
        const QJsonObject document{{QStringLiteral("count"), static_cast<int>(files.size())},
                                   {QStringLiteral("files"), files},
                                   {QStringLiteral("read_only"), snapshot->readOnly}};
        context.out << QString::fromUtf8(QJsonDocument(document).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }
    if (snapshot->measurementFiles.isEmpty()) {
        context.out << QCoreApplication::translate("cli",
                                                   "no measurements imported (measurements import FILE...)")
                    << Qt::endl;
        return ExitCode::Ok;
    }
    qsizetype fileWidth = 10;
    for (const MeasurementFile &file : snapshot->measurementFiles)
        fileWidth = std::max(fileWidth, std::min<qsizetype>(file.fileName.size(), 40) + 2);
    const auto row = [&context, fileWidth](const QStringList &cells) {
        const int widths[] = {5, static_cast<int>(fileWidth), 22, 20, 15, 6};
        for (int i = 0; i < 6; ++i)
            context.out << cells.at(i).left(widths[i] - 1).leftJustified(widths[i], u' ');
        context.out << cells.at(6) << Qt::endl;
    };
    row({QStringLiteral("ID"), QStringLiteral("File"), QStringLiteral("Imported"), QStringLiteral("GPU"),
         QStringLiteral("Model"), QStringLiteral("GPUs"), QStringLiteral("Result")});
    for (const MeasurementFile &file : snapshot->measurementFiles)
        for (const StoredMeasuredRun &run : snapshot->measuredRuns)
            if (run.fileId == file.rowId)
                row({QString::number(file.rowId), file.fileName, file.importedAt, run.gpuId, run.modelId,
                     QString::number(run.gpuCount), MeasuredRunText::headline(run.run)});
    context.out << QCoreApplication::translate("cli", "%1 file(s), %2 run(s).")
                       .arg(snapshot->measurementFiles.size())
                       .arg(snapshot->measuredRuns.size())
                << Qt::endl;
    return ExitCode::Ok;
}

int runRemove(const QStringList &arguments, CliContext &context)
{
    bool ok = false;
    const qint64 id = arguments.size() == 1 ? arguments.first().toLongLong(&ok) : 0;
    if (!ok || id < 1) {
        complain(context,
                 QCoreApplication::translate("cli", "measurements remove: usage: measurements remove ID "
                                                    "(the ID measurements list shows)"));
        return ExitCode::BadInput;
    }
    const std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context);
    if (!catalogue)
        return ExitCode::Failure;
    MeasurementRepository repository = catalogue->measurements();
    CatalogueError error;
    MeasurementFile removed;
    for (const MeasurementFile &file : repository.files(&error))
        if (file.rowId == id)
            removed = file;
    if (!error)
        error = repository.removeFile(id);
    if (error) {
        complain(context, QCoreApplication::translate("cli", "measurements remove: %1").arg(error.message));
        return ExitCode::forError(error.kind);
    }
    context.out << QCoreApplication::translate("cli", "removed %1 (%2) and its %n run(s)", nullptr,
                                               removed.runCount)
                       .arg(id)
                       .arg(removed.fileName)
                << Qt::endl;
    return ExitCode::Ok;
}

int runMeasurements(const QStringList &arguments, CliContext &context)
{
    const QString subcommand = arguments.value(0);
    const QStringList rest = arguments.mid(1);
    if (subcommand == QLatin1String("import"))
        return runImport(rest, context);
    if (subcommand == QLatin1String("list"))
        return runList(rest, context);
    if (subcommand == QLatin1String("remove"))
        return runRemove(rest, context);
    complain(context, QCoreApplication::translate("cli", "measurements: usage: %1").arg(usage()));
    return ExitCode::BadInput;
}

} // namespace

CliCommand measurementsCommand()
{
    CliCommand command{
        QStringLiteral("measurements"),
        QStringLiteral("measurements import FILE... | list [--json] | remove ID: your own benchmark "
                       "results, kept in the catalogue"),
        runMeasurements};
    command.help = [] {
        const auto option = [](const char *name, const QString &description, const char *value) {
            return QCommandLineOption(QStringList{QLatin1String(name)}, description, QLatin1String(value));
        };
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] ") + usage(),
            QCoreApplication::translate(
                "cli",
                "Imports your own benchmark results into the catalogue, lists them and removes them. "
                "Formats, recognised by content: %1. What a file does not say comes from the options; "
                "a GPU, a model and a GPU count are required, and when neither gives one nothing is "
                "imported (exit 2). All files or none; a file imported before (same SHA-256) is refused.")
                .arg(MeasurementFileReader::formatsRead()),
            {option("gpu", QCoreApplication::translate("cli", "The GPU the runs ran on (an id of `list`)."),
                    "ID"),
             option("model",
                    QCoreApplication::translate("cli", "The model preset (an id of `models`); it overrides "
                                                       "the model a file names, with a note."),
                    "ID"),
             option("gpus", QCoreApplication::translate("cli", "How many GPUs each run used."), "N"),
             option("tp", QCoreApplication::translate("cli", "Tensor parallel size."), "N"),
             option("precision",
                    QCoreApplication::translate("cli", "The weights' precision of runs whose file does not "
                                                       "state it (fp8, bf16, ...); without it bf16 is "
                                                       "assumed."),
                    "P"),
             option("profile",
                    QCoreApplication::translate("cli", "The engine profile (an id of `profiles`); "
                                                       "default: the file's engine when it is one."),
                    "P"),
             option("source",
                    QCoreApplication::translate("cli", "Who measured, where: kept with the import."), "TEXT"),
             QCommandLineOption(QStringList{QStringLiteral("json")},
                                QCoreApplication::translate("cli", "list: print one JSON document."))},
            {{QStringLiteral("FILE"),
              QCoreApplication::translate("cli", "import: the result files to read.")},
             {QStringLiteral("ID"),
              QCoreApplication::translate("cli", "remove: the import's id (measurements list).")}});
    };
    return command;
}
