#include "app/cli/BackupCommand.h"

#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "db/Catalogue.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace {

int runBackup(const QStringList &arguments, CliContext &context)
{
    if (arguments.size() != 1 || arguments.first().startsWith(QStringLiteral("--"))) {
        context.err << "gpucompare: " << QCoreApplication::translate("cli", "backup: usage: backup FILE")
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    const QString target = arguments.first();
    // Nothing to copy when --db names no file: a new catalogue is not made only to be backed up.
    const std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context, IfCatalogueMissing::Fail);
    if (!catalogue)
        return ExitCode::Failure;
    if (const CatalogueError error = catalogue->backUpTo(target)) {
        context.err << "gpucompare: " << error.message << Qt::endl;
        // A folder named as the copy is the user's to fix, though the backup says it as an I/O error.
        return QFileInfo(target).isDir() ? ExitCode::BadInput : ExitCode::forError(error.kind);
    }
    context.out << QCoreApplication::translate("cli", "backed up %1 to %2")
                       .arg(QDir::toNativeSeparators(catalogue->path()), QDir::toNativeSeparators(target))
                << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand backupCommand()
{
    CliCommand command{QStringLiteral("backup"),
                       QStringLiteral("backup FILE: write a consistent copy of the catalogue to FILE, "
                                      "replacing it atomically"),
                       runBackup};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] backup FILE"),
            QCoreApplication::translate(
                "cli", "Writes a consistent copy of the catalogue to FILE, even while the window has it open "
                       "(SQLite's VACUUM INTO, not a file copy). FILE is replaced only once the copy is "
                       "complete and on the disk. The copy is an ordinary catalogue: open it with --db. Of a "
                       "team catalogue (--db postgresql://...) it is an SQLite file with every row of one "
                       "committed state."),
            {}, {{QStringLiteral("FILE"), QCoreApplication::translate("cli", "The file to write.")}});
    };
    return command;
}
