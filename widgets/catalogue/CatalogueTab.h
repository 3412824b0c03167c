#pragma once

#include "widgets/catalogue/CatalogueActions.h"

#include <QPointer>
#include <QWidget>

class CatalogueEditor;
class CatalogueFileAction;
class CatalogueToolBar;
class EditMarkerLegend;
class GpuSourcesLabel;
class MeasurementsView;
class MessageLabel;
class QAction;
class QCheckBox;
class QLineEdit;
class QSortFilterProxyModel;
class SpecFilterProxy;
class SpecItemDelegate;
class SpecTableView;

// The Catalogue tab: the spec table (identity column frozen, sortable by raw values, filtered by a
// search over names, vendor and architecture, columns that can be hidden and moved), edited through
// the delegate and the CatalogueEditor (every edit undoable, pending until Save). The file actions are
// CatalogueImport, CatalogueExport and CatalogueSaver.
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

    // File menu: see CatalogueImport and CatalogueExport.
    void importCatalogue();
    void exportCatalogue();

    QByteArray headerState() const;
    void restoreHeaderState(const QByteArray &state);

    SpecTableView *view() const { return m_view; }
    QLineEdit *filterEdit() const;
    QCheckBox *changedOnlyBox() const;
    // The view's model: sorted and filtered rows over the editor's undoable model.
    QSortFilterProxyModel *proxy() const;
    SpecItemDelegate *delegate() const { return m_delegate; }
    EditMarkerLegend *legend() const { return m_legend; }
    // The user's imported benchmark results, under the spec table (files dropped on it are imported).
    MeasurementsView *measurementsView() const { return m_measurements; }
    QAction *saveAction() const { return m_actions.save; }
    QAction *revertAction() const { return m_actions.revert; }
    QAction *deleteAction() const { return m_actions.remove; }
    QAction *findAction() const { return m_actions.find; }
    QAction *renameAction() const { return m_actions.rename; }

    // Rename GPU…: asks for the current GPU's new id in a RenameGpuDialog and renames it (one undoable
    // edit); the id cell itself is not editable.
    void renameCurrentGpu();

signals:
    void statusMessage(const QString &message);
    void messageShown(const QString &message); // showMessage() with text: the window may show it elsewhere

private:
    void setUpView();
    void layOut();
    void connectActions();
    void showReportsOf(CatalogueFileAction *fileAction);
    int currentSourceRow() const;
    int currentSourceColumn() const;
    void selectSourceCell(int row, int column);
    void deleteSelected();
    void updateActions();
    void updateSources();

    CatalogueActions m_actions;
    QPointer<CatalogueEditor> m_editor; // the session owns it, and may go first
    QString m_message;                  // shown above the table when not empty
    SpecItemDelegate *m_delegate;
    SpecItemDelegate *m_frozenDelegate;
    SpecFilterProxy *m_proxy;
    CatalogueToolBar *m_toolBar;
    MessageLabel *m_messageLabel;
    GpuSourcesLabel *m_sources;
    SpecTableView *m_view;
    EditMarkerLegend *m_legend;
    MeasurementsView *m_measurements;
};
