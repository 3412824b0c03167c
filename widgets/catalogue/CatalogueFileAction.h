#pragma once

#include <QObject>

class CatalogueEditor;
class QWidget;

// What the Catalogue tab's file actions (CatalogueImport, CatalogueExport, CatalogueSaver) share: the
// editor they work on, the widget their dialogs open over, and how they report. Each is made for one
// use, on the stack of the tab's slot.
class CatalogueFileAction : public QObject
{
    Q_OBJECT
public:
    CatalogueFileAction(CatalogueEditor *editor, QWidget *dialogParent);

signals:
    void statusMessage(const QString &message); // done, in a line for the status bar
    void problem(const QString &message);       // not done, and why: shown above the table

protected:
    CatalogueEditor *m_editor;
    QWidget *m_dialogParent;
};
