#include "app/cli/ImportCommand.h"

#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "db/Catalogue.h"
#include "db/CatalogueImporter.h"
#include "db/MessageText.h"

#include <QCoreApplication>

namespace {

int runImport(const QStringList &arguments, CliContext &context)
{
    QString path;
    GpuRepository::OnExisting onExisting = GpuRepository::OnExisting::Skip;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == QStringLiteral("--on-conflict") ||
            argument.startsWith(QStringLiteral("--on-conflict="))) {
            const QString value = argument.contains(u'=')
                                      ? argument.section(u'=', 1)
                                      : (i + 1 < arguments.size() ? arguments.at(++i) : QString());
            if (value == QStringLiteral("update")) {
                onExisting = GpuRepository::OnExisting::Update;
            } else if (value == QStringLiteral("skip")) {
                onExisting = GpuRepository::OnExisting::Skip;
            } else {
                context.err << "gpucompare: "
                            << QCoreApplication::translate(
                                   "cli", "import: bad --on-conflict '%1' (allowed: update, skip)")
                                   .arg(MessageText::cut(value))
                            << Qt::endl;
                return ExitCode::BadInput;
            }
        } else if (argument.startsWith(QStringLiteral("--")) || !path.isEmpty()) {
            context.err << "gpucompare: "
                        << QCoreApplication::translate("cli",
                                                       "import: unexpected argument '%1' (usage: import FILE "
                                                       "[--on-conflict update|skip])")
                               .arg(MessageText::cut(argument))
                        << Qt::endl;
            return ExitCode::BadInput;
        } else {
            path = argument;
        }
    }
    if (path.isEmpty()) {
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli",
                                                   "import: which file? (usage: import FILE.csv|FILE.json)")
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context);
    if (!catalogue)
        return ExitCode::Failure;
    GpuRepository::SaveReport report;
    QString emptying;
    CatalogueImporter::MeasurementsReport measurements;
    const CatalogueError error =
        CatalogueImporter::importFile(*catalogue, path, onExisting, &report, &emptying, &measurements);
    if (error) {
        context.err
            << "gpucompare: "
            << QCoreApplication::translate("cli", "import failed, nothing was changed: %1").arg(error.message)
            << Qt::endl;
        return error.kind == CatalogueError::Kind::Invalid || error.kind == CatalogueError::Kind::ReadOnly
                   ? ExitCode::BadInput
                   : ExitCode::Failure;
    }
    context.out << QCoreApplication::translate(
                       "cli", "imported %1: %2 added, %3 updated, %4 skipped (already in the catalogue)")
                       .arg(path)
                       .arg(report.inserted)
                       .arg(report.updated)
                       .arg(report.skipped)
                << Qt::endl;
    if (measurements.added + measurements.skipped > 0)
        context.out << QCoreApplication::translate(
                           "cli", "measurement files: %1 added, %2 skipped (already in the catalogue)")
                           .arg(measurements.added)
                           .arg(measurements.skipped)
                    << Qt::endl;
    if (!emptying.isEmpty())
        context.err << "gpucompare: " << QCoreApplication::translate("cli", "import: note: %1").arg(emptying)
                    << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand importCommand()
{
    CliCommand command{
        QStringLiteral("import"),
        QStringLiteral("import FILE [--on-conflict update|skip]: add GPUs from a .csv or .json "
                       "export, all or nothing (existing ids: skip by default)"),
        runImport};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] import FILE [--on-conflict update|skip]"),
            QCoreApplication::translate("cli",
                                        "Adds the GPUs of a .csv or .json export to the catalogue, all or "
                                        "nothing: one bad row changes nothing."),
            {QCommandLineOption(QStringList{QStringLiteral("on-conflict")},
                                QCoreApplication::translate("cli",
                                                            "What to do with a gpu_id the catalogue "
                                                            "already has: update it or skip it. Default: "
                                                            "skip."),
                                QStringLiteral("update|skip"))},
            {{QStringLiteral("FILE"),
              QCoreApplication::translate("cli", "The .csv or .json file to import.")}});
    };
    return command;
}
