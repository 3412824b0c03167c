#pragma once

#include "db/ImportPlan.h"
#include "widgets/catalogue/CatalogueFileAction.h"

#include <optional>

// File > Import Catalogue: reads a CSV or JSON file (with progress for large files), shows what it would
// add and change, and applies it as one undoable edit (saved with Save). A bad file names its line and
// changes nothing.
class CatalogueImport : public CatalogueFileAction
{
    Q_OBJECT
public:
    using CatalogueFileAction::CatalogueFileAction;

    // Asks for a file, previews it and applies it when the user agrees.
    void run();
    // Reads path against the editor's rows; nullopt with the reason in *error when the file is bad or the
    // user cancelled.
    std::optional<ImportPlan> read(const QString &path, QString *error);

private:
    // Add and change (true), add only (false), or nullopt when the user cancelled.
    std::optional<bool> askToApply(const QString &path, const ImportPlan &plan);
};
