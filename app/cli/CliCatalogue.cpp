#include "app/cli/CliCatalogue.h"

#include "db/Catalogue.h"

#include <QCoreApplication>
#include <QDir>

std::unique_ptr<Catalogue> openCatalogueForCli(CliContext &context, IfCatalogueMissing ifMissing)
{
    CatalogueError error;
    const Catalogue::IfMissing missing = ifMissing == IfCatalogueMissing::CreateFromSeed
                                             ? Catalogue::IfMissing::CreateFromSeed
                                             : Catalogue::IfMissing::Fail;
    std::unique_ptr<Catalogue> catalogue =
        context.databasePath.isEmpty() && missing == Catalogue::IfMissing::CreateFromSeed
            ? Catalogue::openDefault(&error)
            : Catalogue::open(context.databasePath.isEmpty() ? Catalogue::defaultPath()
                                                             : context.databasePath,
                              Catalogue::Options{Catalogue::Access::ReadWrite, missing}, &error);
    if (!catalogue) {
        context.err << "gpucompare: " << error.message;
        const bool unusable = error.kind == CatalogueError::Kind::Damaged ||
                              error.kind == CatalogueError::Kind::NotADatabase ||
                              error.kind == CatalogueError::Kind::Foreign;
        if (unusable)
            context.err << QCoreApplication::translate(
                "cli", " (left as it was; --db NEW.db starts over from the bundled catalogue)");
        context.err << Qt::endl;
        return catalogue;
    }
    // A mistyped --db would otherwise go unnoticed: the command runs on the bundled catalogue.
    if (catalogue->wasCreated() && catalogue->isTeamCatalogue())
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli",
                                                   "seeded the empty database %1 as a new team catalogue")
                           .arg(catalogue->path())
                    << Qt::endl;
    else if (catalogue->wasCreated() && !context.databasePath.isEmpty())
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli", "created a new catalogue at %1 (no file was there)")
                           .arg(QDir::toNativeSeparators(catalogue->path()))
                    << Qt::endl;
    if (catalogue->migratedFromVersion() > 0 && catalogue->migrationBackupPath().isEmpty())
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli", "upgraded %1 from schema version %2 to %3")
                           .arg(catalogue->path())
                           .arg(catalogue->migratedFromVersion())
                           .arg(catalogue->schemaVersion())
                    << Qt::endl;
    else if (catalogue->migratedFromVersion() > 0)
        context.err << "gpucompare: "
                    << QCoreApplication::translate(
                           "cli",
                           "upgraded %1 from schema version %2 to %3; the file as it was is kept at %4")
                           .arg(QDir::toNativeSeparators(catalogue->path()))
                           .arg(catalogue->migratedFromVersion())
                           .arg(catalogue->schemaVersion())
                           .arg(QDir::toNativeSeparators(catalogue->migrationBackupPath()))
                    << Qt::endl;
    if (catalogue->isReadOnly() && !context.databasePath.isEmpty())
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli", "note: %1").arg(catalogue->readOnlyReason())
                    << Qt::endl;
    return catalogue;
}

std::optional<CatalogueSnapshot> loadCatalogueForGpus(CliContext &context, const QStringList &queries)
{
    std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context);
    if (!catalogue)
        return std::nullopt;
    QStringList ids;
    for (const QString &query : queries)
        ids << query.trimmed();
    ids.removeDuplicates();
    CatalogueError error;
    std::optional<CatalogueSnapshot> snapshot =
        ids.isEmpty() ? std::nullopt : catalogue->snapshot(&error, Catalogue::Parts::NamedGpus, ids);
    if (!error && (!snapshot || snapshot->gpus.size() != ids.size()))
        snapshot = catalogue->snapshot(&error);
    if (!snapshot)
        context.err << "gpucompare: " << error.message << Qt::endl;
    return snapshot;
}

std::optional<CatalogueSnapshot> loadCatalogueForCli(CliContext &context, Catalogue::Parts parts)
{
    std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context);
    if (!catalogue)
        return std::nullopt;
    CatalogueError error;
    std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error, parts);
    if (!snapshot)
        context.err << "gpucompare: " << error.message << Qt::endl;
    return snapshot;
}
