#pragma once

#include "db/GpuEditSession.h"
#include "widgets/catalogue/CatalogueFileAction.h"

#include <QMessageBox>

// Save, with the file's conflicts resolved: writes every pending edit; when the file changed the same
// GPUs since they were read, asks (ConflictDialog) which version to keep and tries again. Cancel saves
// nothing and keeps the edits pending.
class CatalogueSaver : public CatalogueFileAction
{
    Q_OBJECT
public:
    using CatalogueFileAction::CatalogueFileAction;

    // False when nothing was saved (refused, failed or cancelled).
    bool save();
    // Before the window closes with edits pending: Save, Discard or Cancel, as the user answered.
    QMessageBox::StandardButton askBeforeClosing();

private:
    bool resolveConflicts(const QVector<GpuEditSession::SaveConflict> &conflicts);
};
