#include "widgets/catalogue/CatalogueSaver.h"

#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/ConflictDialog.h"

bool CatalogueSaver::save()
{
    const int pending = m_editor->session()->unsavedRowCount();
    if (pending == 0) {
        emit statusMessage(tr("Nothing to save"));
        return true;
    }
    // Another program may change the file again while the user reads the dialog: a few rounds, then give
    // up with the edits still pending.
    for (int attempt = 0; attempt < 3; ++attempt) {
        const GpuEditSession::SaveResult result = m_editor->save();
        if (result.ok()) {
            emit statusMessage(tr("Saved %n change(s) to the catalogue", nullptr, pending));
            return true;
        }
        if (result.error) {
            emit problem(tr("Nothing was saved: %1").arg(result.error.message));
            return false;
        }
        if (!resolveConflicts(result.conflicts))
            return false; // cancelled: nothing saved, the edits stay
    }
    return false;
}

bool CatalogueSaver::resolveConflicts(const QVector<GpuEditSession::SaveConflict> &conflicts)
{
    ConflictDialog dialog(conflicts, m_dialogParent);
    dialog.exec();
    if (!dialog.keep())
        return false;
    for (const GpuEditSession::SaveConflict &conflict : conflicts)
        m_editor->session()->resolveConflict(conflict, *dialog.keep());
    return true;
}

QMessageBox::StandardButton CatalogueSaver::askBeforeClosing()
{
    return QMessageBox::question(
        m_dialogParent, tr("Unsaved Catalogue Edits"),
        tr("%n GPU(s) in the catalogue have edits that are not saved. Save them before closing?", nullptr,
           m_editor->session()->unsavedRowCount()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
}
