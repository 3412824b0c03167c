#include "widgets/catalogue/CatalogueActions.h"

#include <QAction>
#include <QWidget>

namespace {

QAction *make(QWidget *tab, const QString &text, const QString &tip)
{
    auto *action = new QAction(text, tab);
    action->setToolTip(tip);
    tab->addAction(action);
    return action;
}

} // namespace

CatalogueActions::CatalogueActions(QWidget *tab)
    : add(make(tab, tr("&Add GPU"), tr("Add a GPU of your own")))
    , duplicate(make(tab, tr("D&uplicate"), tr("Add a copy of the current GPU, to edit into a variant")))
    , remove(make(tab, tr("&Delete"), tr("Delete the selected GPUs (undoable; the file changes on Save)")))
    , rename(make(tab, tr("Re&name GPU…"),
                  tr("Give the current GPU another id; its measurements and price go with it")))
    , restoreCell(make(tab, tr("Restore &Value"), tr("Put the bundled value back into the current cell")))
    , restoreRow(make(tab, tr("Restore &Row"), tr("Put every bundled value of the current GPU back")))
    , save(make(tab, tr("&Save"), tr("Write every pending edit to the catalogue file")))
    , revert(make(tab, tr("Re&vert"), tr("Throw away every edit not saved yet (undoable)")))
    , find(make(tab, tr("&Find"), tr("Find GPUs by name, vendor or architecture")))
{
    rename->setObjectName(QStringLiteral("renameGpu"));
    save->setShortcut(QKeySequence::Save);
    revert->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    remove->setShortcut(QKeySequence::Delete);
    find->setShortcut(QKeySequence::Find);
    for (QAction *action : {save, revert, remove, find}) {
        // Only while the Catalogue tab is in front.
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setToolTip(
            tr("%1 (%2)").arg(action->toolTip(), action->shortcut().toString(QKeySequence::NativeText)));
    }
    // Delete only in the table itself (the tab adds it there): the filter and the cell editors keep the
    // key, and a cell editor that ignores it (a combo box) must not pass it on to delete GPUs.
    remove->setShortcutContext(Qt::WidgetShortcut);
    tab->removeAction(remove);
}

void CatalogueActions::update(const State &state)
{
    const bool editable = state.writable && state.hasCurrent;
    add->setEnabled(state.writable);
    duplicate->setEnabled(editable);
    remove->setEnabled(editable);
    rename->setEnabled(editable);
    restoreCell->setEnabled(state.writable && state.bundled);
    restoreRow->setEnabled(state.writable && state.bundled);
    save->setEnabled(state.writable && (state.unsaved || state.typing));
    revert->setEnabled(state.unsaved);
}

QList<QAction *> CatalogueActions::toolBar() const
{
    return {add, duplicate, remove, restoreCell, restoreRow, save, revert};
}
