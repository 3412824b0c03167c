#include "app/cli/ShowCommand.h"

#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "app/cli/SystemOutput.h"
#include "db/GpuField.h"
#include "db/GpuLookup.h"
#include "db/MessageText.h"
#include "db/Quantity.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

QString displayValue(const GpuSpec &gpu, const GpuField &field)
{
    const QVariant value = GpuFields::value(gpu, field);
    if (!field.isNumeric())
        return value.toString();
    if (value.isNull())
        return QStringLiteral("n/a");
    return Quantity::format(value.toDouble(), field.unitText(),
                            field.type == GpuField::Type::Integer ? 0 : -1);
}

QJsonObject specsJson(const GpuSpec &gpu)
{
    QJsonObject specs;
    for (const GpuField &field : GpuFields::all()) {
        const QVariant value = GpuFields::value(gpu, field);
        if (field.type == GpuField::Type::Text)
            specs.insert(field.name(), value.toString());
        else if (value.isNull())
            specs.insert(field.name(), QJsonValue::Null);
        else if (field.type == GpuField::Type::Integer)
            specs.insert(field.name(), value.toInt());
        else
            specs.insert(field.name(), value.toDouble());
    }
    return specs;
}

int runShow(const QStringList &arguments, CliContext &context)
{
    bool json = false;
    QString query;
    for (const QString &argument : arguments) {
        if (argument == QStringLiteral("--json")) {
            json = true;
        } else if (argument.startsWith(QStringLiteral("--")) || !query.isEmpty()) {
            context.err << "gpucompare: "
                        << QCoreApplication::translate(
                               "cli", "show: unexpected argument '%1' (usage: show GPU [--json])")
                               .arg(MessageText::cut(argument))
                        << Qt::endl;
            return ExitCode::BadInput;
        } else {
            query = argument;
        }
    }
    if (query.isEmpty()) {
        context.err << "gpucompare: "
                    << QCoreApplication::translate(
                           "cli", "show: which GPU? (usage: show GPU [--json]; `list` names them)")
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    const std::optional<CatalogueSnapshot> snapshot = loadCatalogueForGpus(context, {query});
    if (!snapshot)
        return ExitCode::Failure;
    const GpuSpec *gpu = GpuLookup::find(snapshot->gpus, query);
    // A system id shows the system (ids of the two tables do not overlap in the seed; a GPU wins).
    if (const SystemSpec *system = snapshot->findSystem(query); !gpu && system)
        return SystemOutput::show(*system, json, context);
    if (!gpu) {
        const QStringList matches = GpuLookup::closeMatches(snapshot->gpus, query);
        context.err << "gpucompare: "
                    << (matches.isEmpty()
                            ? QCoreApplication::translate(
                                  "cli", "unknown GPU '%1'; `gpucompare list` names them all")
                                  .arg(MessageText::cut(query))
                            : QCoreApplication::translate("cli", "unknown GPU '%1'; close matches: %2")
                                  .arg(MessageText::cut(query), matches.join(QStringLiteral(", "))))
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    QVector<Benchmark> measured;
    for (const Benchmark &benchmark : snapshot->benchmarks)
        if (benchmark.gpuId == gpu->gpuId)
            measured.append(benchmark);

    if (json) {
        QJsonObject units;
        for (const GpuField &field : GpuFields::all())
            if (!field.unitText().isEmpty())
                units.insert(field.name(), field.unitText());
        QJsonArray benchmarks;
        for (const Benchmark &benchmark : measured) {
            QJsonObject object;
            object.insert(QStringLiteral("bench_id"), benchmark.benchId);
            object.insert(QStringLiteral("model"), benchmark.model);
            object.insert(QStringLiteral("metric"), benchmark.metric);
            object.insert(QStringLiteral("value"), benchmark.value);
            object.insert(QStringLiteral("unit"), benchmark.unit);
            object.insert(QStringLiteral("gpu_count"), benchmark.gpuCount);
            object.insert(QStringLiteral("source"), benchmark.source);
            benchmarks.append(object);
        }
        QJsonObject document;
        document.insert(QStringLiteral("gpu"), specsJson(*gpu));
        document.insert(QStringLiteral("name"), gpu->displayName());
        document.insert(QStringLiteral("units"), units);
        document.insert(QStringLiteral("user_modified"), gpu->userModified);
        document.insert(QStringLiteral("benchmarks"), benchmarks);
        document.insert(QStringLiteral("note"),
                        QStringLiteral("Tensor figures come as dense and sparse (2:4 structured sparsity); "
                                       "estimates use dense. usd_per_gpu_hour is an editable estimate."));
        context.out << QString::fromUtf8(QJsonDocument(document).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }

    context.out << gpu->displayName() << QStringLiteral(" (") << gpu->gpuId << u')' << Qt::endl;
    for (const GpuField &field : GpuFields::all()) {
        const QString value = displayValue(*gpu, field);
        if (field.id == GpuField::GpuId || (value.isEmpty() && !field.isNumeric()))
            continue;
        context.out << QStringLiteral("  ") << QString::fromLatin1(field.label).leftJustified(26, u' ')
                    << value << Qt::endl;
    }
    if (!measured.isEmpty())
        context.out << QCoreApplication::translate(
                           "cli", "  %1 measured benchmarks in the catalogue (show --json lists them)")
                           .arg(measured.size())
                    << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand showCommand()
{
    CliCommand command{
        QStringLiteral("show"),
        QStringLiteral(
            "show GPU [--json]: every spec of one GPU with units and sources, and its measured benchmarks"),
        runShow};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] show GPU [--json]"),
            QCoreApplication::translate("cli",
                                        "Every spec of one GPU with units and sources, and its measured "
                                        "benchmarks."),
            {QCommandLineOption(
                QStringList{QStringLiteral("json")},
                QCoreApplication::translate("cli", "Print one JSON document instead of text."))},
            {{QStringLiteral("GPU"),
              QCoreApplication::translate("cli",
                                          "A gpu_id or a close name (`gpucompare list` names them).")}});
    };
    return command;
}
