#include "CliCatalogue.h"

#include <Catalogue.h>
#include <QCoreApplication>

std::unique_ptr<Catalogue> openCatalogueForCli(CliContext &context)
{
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue =
        context.databasePath.isEmpty()
            ? Catalogue::openDefault(&error)
            : Catalogue::open(
                  context.databasePath,
                  Catalogue::Options{Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed},
                  &error);
    if (!catalogue) {
        context.err << "gpucompare: " << error.message;
        const bool unusable = error.kind == CatalogueError::Kind::Damaged ||
                              error.kind == CatalogueError::Kind::NotADatabase ||
                              error.kind == CatalogueError::Kind::Foreign;
        if (unusable)
            context.err << QCoreApplication::translate(
                "cli", " (left as it was; --db NEW.db starts over from the bundled catalogue)");
        context.err << Qt::endl;
    } else if (catalogue->isReadOnly() && !context.databasePath.isEmpty())
        context.err << "gpucompare: "
                    << QCoreApplication::translate("cli", "note: %1").arg(catalogue->readOnlyReason())
                    << Qt::endl;
    return catalogue;
}

std::optional<CatalogueSnapshot> loadCatalogueForCli(CliContext &context)
{
    std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context);
    if (!catalogue)
        return std::nullopt;
    CatalogueError error;
    std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
    if (!snapshot)
        context.err << "gpucompare: " << error.message << Qt::endl;
    return snapshot;
}
