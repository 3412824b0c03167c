#pragma once

#include "ImportPlan.h"
#include "SpecTableModel.h"

#include <QPointer>
#include <QWidget>

class CatalogueEditor;
class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class SpecItemDelegate;
class SpecTableView;

// The Catalogue tab: the spec table (identity column frozen, sortable by raw values, filtered by a
// search over names, vendor and architecture, columns that can be hidden and moved), edited through
// the delegate and the CatalogueEditor (every edit undoable, pending until Save).
class CatalogueTab : public QWidget
{
    Q_OBJECT
public:
    explicit CatalogueTab(QWidget *parent = nullptr);
    ~CatalogueTab() override;

    void setEditor(CatalogueEditor *editor);
    CatalogueEditor *editor() const { return m_editor; }
    void showMessage(const QString &message); // e.g. why an edit was refused; empty hides it
    QString message() const;

    // Commits text still open in a cell editor; false (with the reason shown) if it is refused.
    bool commitOpenEditors();
    // Saves every pending edit; a conflict asks which version to keep. False when nothing was saved.
    bool save();
    // Asks, then throws away every unsaved edit as one undoable command.
    void revert();
    // Before the window closes: true when there is nothing unsaved or the user saved or discarded it.
    bool confirmDiscardOrSave();

    // File menu: import shows what the file would add and change and applies it as one undoable edit
    // (saved with Save); a bad file names its line and changes nothing. Export writes the table as shown.
    void importCatalogue();
    void exportCatalogue();
    // Reads path (progress shown for large files); nullopt with the reason in *error when it is bad or
    // the user cancelled.
    std::optional<ImportPlan> readImport(const QString &path, QString *error);
    bool exportTo(const QString &path, QString *error);

    QByteArray headerState() const;
    void restoreHeaderState(const QByteArray &state);

    // The tab is behind the Compare tab at start-up: its widgets are made, and the proxy takes the
    // editor's rows, when it is first shown or these are first asked for.
    SpecTableView *view() const;
    QLineEdit *filterEdit() const;
    QCheckBox *changedOnlyBox() const;
    QSortFilterProxyModel *proxy() const;
    SpecItemDelegate *delegate() const { return m_delegate; }
    QAction *saveAction() const { return m_save; }
    QAction *revertAction() const { return m_revert; }
    QAction *deleteAction() const { return m_delete; }
    QAction *findAction() const { return m_find; }
    QAction *renameAction() const { return m_rename; }

    // Rename GPU…: asks for the current GPU's new id in a RenameGpuDialog and renames it (one undoable
    // edit); the id cell itself is not editable.
    void renameCurrentGpu();

signals:
    void statusMessage(const QString &message);
    void messageShown(const QString &message); // showMessage() with text: the window may show it elsewhere

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildWidgets();
    // Lazily made widgets are logically const: the const accessors make them on first use.
    void ensureBuilt() const;
    void attachModel() const;
    void applyPendingHeaderState() const;
    void createActions();
    void sizeColumns();
    int currentSourceRow() const;
    int currentSourceColumn() const;
    void updateActions();
    void updateSources();
    void showHeaderMenu(const QPoint &at);
    bool resolveConflicts(const QVector<SpecTableModel::SaveConflict> &conflicts);

    QPointer<CatalogueEditor> m_editor; // the session owns it, and may go first
    bool m_columnsSized = false;
    mutable bool m_modelAttached = false;
    mutable QByteArray m_pendingHeaderState; // restored before the view had its columns
    QString m_message;                       // shown above the table when not empty
    QLineEdit *m_filter = nullptr;           // widgets: see buildWidgets()
    QCheckBox *m_changedOnly = nullptr;
    QLabel *m_messageLabel = nullptr;
    QLabel *m_sources = nullptr;
    SpecTableView *m_view = nullptr;
    SpecItemDelegate *m_delegate;
    SpecItemDelegate *m_frozenDelegate;
    QSortFilterProxyModel *m_proxy;
    QAction *m_add = nullptr;
    QAction *m_duplicate = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_restoreCell = nullptr;
    QAction *m_restoreRow = nullptr;
    QAction *m_save = nullptr;
    QAction *m_revert = nullptr;
    QAction *m_find = nullptr;
    QAction *m_rename = nullptr;
};
