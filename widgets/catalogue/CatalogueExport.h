#pragma once

#include "widgets/catalogue/CatalogueFileAction.h"

// File > Export Catalogue: writes the GPUs as the table shows them, pending edits included, to CSV or
// JSON (by the file's extension).
class CatalogueExport : public CatalogueFileAction
{
    Q_OBJECT
public:
    using CatalogueFileAction::CatalogueFileAction;

    // Asks for a file and writes it.
    void run();
    bool writeTo(const QString &path, QString *error);
};
