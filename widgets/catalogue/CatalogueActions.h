#pragma once

#include <QCoreApplication>
#include <QList>

class QAction;
class QWidget;

// The Catalogue tab's actions, for its tool buttons, the Edit menu and the table's context menu: their
// texts, tips and shortcuts, and when each can be used. The tab connects what they do.
struct CatalogueActions
{
    Q_DECLARE_TR_FUNCTIONS(CatalogueActions)

public:
    // The actions belong to tab; Save, Revert and Find work while the tab is in front, Delete only in the
    // table (the widgets it is added to).
    explicit CatalogueActions(QWidget *tab);

    struct State
    {
        bool writable = false;   // the catalogue can be changed
        bool hasCurrent = false; // a GPU is current in the table
        bool bundled = false;    // the current GPU is a bundled one
        bool unsaved = false;    // there are edits not saved yet
        bool typing = false;     // a cell editor is open: Save commits it first
    };
    void update(const State &state);

    QList<QAction *> toolBar() const;

    QAction *add;
    QAction *duplicate;
    QAction *remove;
    QAction *rename;
    QAction *restoreCell;
    QAction *restoreRow;
    QAction *save;
    QAction *revert;
    QAction *find;
};
