#include "app/cli/ExportCommand.h"

#include "app/OutputPath.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "db/CatalogueExporter.h"

#include <QCoreApplication>

namespace {

int runExport(const QStringList &arguments, CliContext &context)
{
    if (arguments.size() != 1 || arguments.first().startsWith(QStringLiteral("--"))) {
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli", "export: usage: export FILE.csv|FILE.json")
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    const QString path = arguments.first();
    if (!CatalogueExporter::formatForPath(path)) {
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli", "export: '%1' must end in .csv or .json").arg(path)
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    // A path that cannot be written is the user's to fix (2); a write that fails there, the disk's (1).
    if (const QString reason = OutputPath::unwritableReason(path); !reason.isEmpty()) {
        context.err
            << "gpucompare: "
            << QCoreApplication::translate("AtomicFileWriter", "cannot write %1: %2").arg(path, reason)
            << Qt::endl;
        return ExitCode::BadInput;
    }
    const std::optional<CatalogueSnapshot> snapshot = loadCatalogueForCli(context);
    if (!snapshot)
        return ExitCode::Failure;
    if (const CatalogueError error = CatalogueExporter::exportToFile(
            snapshot->gpus, path, snapshot->measurementFiles, snapshot->measuredRuns)) {
        context.err << "gpucompare: " << error.message << Qt::endl;
        return ExitCode::forError(error.kind);
    }
    context.out
        << QCoreApplication::translate("cli", "exported %1 GPUs to %2").arg(snapshot->gpus.size()).arg(path)
        << Qt::endl;
    // The user's own measurements travel in JSON only: a CSV export holds the GPU table.
    if (!snapshot->measurementFiles.isEmpty()) {
        if (CatalogueExporter::formatForPath(path) == CatalogueExporter::Format::Json)
            context.out << QCoreApplication::translate("cli", "with %n imported measurement file(s)", nullptr,
                                                       static_cast<int>(snapshot->measurementFiles.size()))
                        << Qt::endl;
        else
            context.err << "gpucompare: "
                        << QCoreApplication::translate("cli",
                                                       "export: note: a .csv export holds the GPUs only; "
                                                       "export to .json to keep your measurements")
                        << Qt::endl;
    }
    return ExitCode::Ok;
}

} // namespace

CliCommand exportCommand()
{
    CliCommand command{
        QStringLiteral("export"),
        QStringLiteral(
            "export FILE: write the GPUs as .csv or .json (from the extension), replacing FILE atomically"),
        runExport};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] export FILE"),
            QCoreApplication::translate("cli",
                                        "Writes the catalogue's GPUs as .csv or .json (by the file name's "
                                        "extension), replacing FILE atomically."),
            {},
            {{QStringLiteral("FILE"),
              QCoreApplication::translate("cli", "The .csv or .json file to write.")}});
    };
    return command;
}
