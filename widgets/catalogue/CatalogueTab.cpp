#include "widgets/catalogue/CatalogueTab.h"

#include "db/GpuField.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueExport.h"
#include "widgets/catalogue/CatalogueImport.h"
#include "widgets/catalogue/CatalogueSaver.h"
#include "widgets/catalogue/CatalogueToolBar.h"
#include "widgets/catalogue/EditMarkerLegend.h"
#include "widgets/catalogue/GpuSourcesLabel.h"
#include "widgets/catalogue/MessageLabel.h"
#include "widgets/catalogue/RenameGpuDialog.h"
#include "widgets/catalogue/RevertConfirmation.h"
#include "widgets/catalogue/SpecFilterProxy.h"
#include "widgets/catalogue/SpecItemDelegate.h"
#include "widgets/catalogue/SpecTableView.h"
#include "widgets/measurements/MeasurementsView.h"

#include <QAction>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSplitter>
#include <QVBoxLayout>

CatalogueTab::CatalogueTab(QWidget *parent)
    : QWidget(parent)
    , m_actions(this)
    , m_delegate(new SpecItemDelegate(this))
    , m_frozenDelegate(new SpecItemDelegate(this))
    , m_proxy(new SpecFilterProxy(this))
    , m_toolBar(new CatalogueToolBar(m_actions.toolBar(), m_actions.find->shortcut()))
    , m_messageLabel(new MessageLabel)
    , m_sources(new GpuSourcesLabel)
    , m_view(new SpecTableView)
    , m_legend(new EditMarkerLegend)
    , m_measurements(new MeasurementsView)
{
    setObjectName(QStringLiteral("catalogueTab"));
    connectActions();
    setUpView();
    layOut();
    for (SpecItemDelegate *delegate : {m_delegate, m_frozenDelegate}) {
        connect(delegate, &SpecItemDelegate::valueRefused, this, &CatalogueTab::showMessage);
        connect(delegate, &SpecItemDelegate::openEditorsChanged, this, &CatalogueTab::updateActions);
    }
    connect(m_toolBar, &CatalogueToolBar::searchChanged, this, [this](const QString &text, bool changedOnly) {
        commitOpenEditors(); // a row leaving the filter would close its editor and drop the text
        m_proxy->setSearch(text, changedOnly);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        updateActions();
        updateSources();
    });
}

CatalogueTab::~CatalogueTab()
{
    // QWidget's destructor closes the window, and an open cell editor losing the focus then commits or
    // refuses its value again; by then this object's members are gone, so nothing may reach its slots.
    m_delegate->disconnect(this);
    m_frozenDelegate->disconnect(this);
    if (m_editor) {
        m_editor->disconnect(this);
        m_editor->session()->disconnect(this);
        m_editor->model()->disconnect(this);
    }
}

void CatalogueTab::setUpView()
{
    m_view->setModel(m_proxy);
    m_view->setSpecDelegates(m_delegate, m_frozenDelegate);
    // Catalogue order until the user clicks a header (Qt would otherwise sort by the id, descending).
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->frozenView()->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->setAccessibleName(tr("GPU catalogue"));
    // The cells' context menu: Rename GPU… (the id cell is not edited in place) and Delete.
    for (QTableView *table : {static_cast<QTableView *>(m_view), m_view->frozenView()}) {
        table->addActions({m_actions.rename, m_actions.remove});
        table->setContextMenuPolicy(Qt::ActionsContextMenu);
    }
}

void CatalogueTab::layOut()
{
    m_messageLabel->setObjectName(QStringLiteral("catalogueMessage"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    // The spec table above, the user's measurements below: one splitter, so either can take the room.
    auto *specs = new QWidget;
    auto *specsLayout = new QVBoxLayout(specs);
    specsLayout->setContentsMargins(0, 0, 0, 0);
    specsLayout->addWidget(m_view, 1);
    specsLayout->addWidget(m_sources);
    specsLayout->addWidget(m_legend);
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->setObjectName(QStringLiteral("catalogueSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(specs);
    splitter->addWidget(m_measurements);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_messageLabel);
    layout->addWidget(splitter, 1);
}

void CatalogueTab::connectActions()
{
    connect(m_actions.add, &QAction::triggered, this,
            [this] { selectSourceCell(m_editor->addNewGpu(), GpuField::Product); });
    connect(m_actions.duplicate, &QAction::triggered, this,
            [this] { selectSourceCell(m_editor->duplicateGpu(currentSourceRow()), GpuField::Variant); });
    connect(m_actions.remove, &QAction::triggered, this, &CatalogueTab::deleteSelected);
    connect(m_actions.rename, &QAction::triggered, this, &CatalogueTab::renameCurrentGpu);
    connect(m_actions.restoreCell, &QAction::triggered, this,
            [this] { m_editor->restoreBundledCell(currentSourceRow(), currentSourceColumn()); });
    connect(m_actions.restoreRow, &QAction::triggered, this,
            [this] { m_editor->restoreBundledRow(currentSourceRow()); });
    connect(m_actions.save, &QAction::triggered, this, &CatalogueTab::save);
    connect(m_actions.revert, &QAction::triggered, this, &CatalogueTab::revert);
    // Typing after Ctrl+F goes to the filter, never into the current cell (the table edits on any key).
    connect(m_actions.find, &QAction::triggered, this, [this] {
        m_toolBar->filter()->setFocus(Qt::ShortcutFocusReason);
        m_toolBar->filter()->selectAll();
    });
}

void CatalogueTab::setEditor(CatalogueEditor *editor)
{
    m_editor = editor;
    connect(editor, &CatalogueEditor::refused, this, &CatalogueTab::showMessage);
    connect(editor->session(), &GpuEditSession::unsavedChangesChanged, this, &CatalogueTab::updateActions);
    connect(editor->model(), &QAbstractItemModel::modelReset, this, &CatalogueTab::updateActions);
    m_proxy->setSourceModel(editor->undoableModel());
    updateActions();
}

QLineEdit *CatalogueTab::filterEdit() const
{
    return m_toolBar->filter();
}

QCheckBox *CatalogueTab::changedOnlyBox() const
{
    return m_toolBar->changedOnly();
}

QSortFilterProxyModel *CatalogueTab::proxy() const
{
    return m_proxy;
}

int CatalogueTab::currentSourceRow() const
{
    return m_proxy->mapToSource(m_view->currentIndex()).row();
}

int CatalogueTab::currentSourceColumn() const
{
    return m_proxy->mapToSource(m_view->currentIndex()).column();
}

void CatalogueTab::selectSourceCell(int row, int column)
{
    if (row >= 0)
        m_view->setCurrentIndex(m_proxy->mapFromSource(m_proxy->sourceModel()->index(row, column)));
}

void CatalogueTab::deleteSelected()
{
    if (m_delegate->hasOpenEditor() || m_frozenDelegate->hasOpenEditor())
        return; // Delete is the cell editor's, even one that does not take it (a combo box)
    QList<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedIndexes())
        rows << m_proxy->mapToSource(index).row();
    if (rows.isEmpty() && currentSourceRow() >= 0)
        rows << currentSourceRow();
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    m_editor->deleteGpus(rows);
}

void CatalogueTab::updateActions()
{
    if (!m_editor)
        return;
    const GpuEditSession *session = m_editor->session();
    const int row = currentSourceRow();
    m_actions.update({!session->isReadOnly(), row >= 0, m_editor->model()->bundledGpu(row).has_value(),
                      session->hasUnsavedChanges(),
                      m_delegate->hasOpenEditor() || m_frozenDelegate->hasOpenEditor()});
}

void CatalogueTab::renameCurrentGpu()
{
    const int row = currentSourceRow();
    if (!m_editor || row < 0 || !commitOpenEditors())
        return;
    const GpuSpec gpu = m_editor->session()->gpuAt(row);
    RenameGpuDialog dialog(
        gpu.gpuId, gpu.displayName(),
        [this, row](const QString &id) { return m_editor->checkRename(row, id); }, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (m_editor->renameGpu(row, dialog.newId()))
        emit statusMessage(
            tr("Renamed %1 to %2; Save writes it and moves its measurements").arg(gpu.gpuId, dialog.newId()));
}

void CatalogueTab::updateSources()
{
    const int row = currentSourceRow();
    m_sources->showSourcesOf(m_editor && row >= 0 ? &m_editor->session()->gpuAt(row) : nullptr);
}

void CatalogueTab::showMessage(const QString &message)
{
    m_message = message;
    m_messageLabel->showMessage(message);
    if (!message.isEmpty())
        emit messageShown(message);
}

QString CatalogueTab::message() const
{
    return m_message;
}

bool CatalogueTab::commitOpenEditors()
{
    const bool frozenCommitted = m_frozenDelegate->commitOpenEditors();
    return m_delegate->commitOpenEditors() && frozenCommitted;
}

void CatalogueTab::showReportsOf(CatalogueFileAction *fileAction)
{
    connect(fileAction, &CatalogueFileAction::statusMessage, this, &CatalogueTab::statusMessage);
    connect(fileAction, &CatalogueFileAction::problem, this, &CatalogueTab::showMessage);
}

bool CatalogueTab::save()
{
    if (!m_editor || !commitOpenEditors())
        return false; // a refused value: its editor stays open and the message says why
    CatalogueSaver saver(m_editor, this);
    showReportsOf(&saver);
    const bool saved = saver.save();
    if (saved)
        showMessage(QString());
    return saved;
}

void CatalogueTab::revert()
{
    if (!m_editor || !m_editor->session()->hasUnsavedChanges())
        return;
    if (!RevertConfirmation::ask(this, m_editor->session()->unsavedRowCount()))
        return;
    m_delegate->discardOpenEditors();
    m_frozenDelegate->discardOpenEditors();
    m_editor->revert();
    showMessage(QString());
    emit statusMessage(tr("Reverted to the catalogue file; Undo brings the edits back"));
}

bool CatalogueTab::confirmDiscardOrSave()
{
    if (!m_editor)
        return true;
    commitOpenEditors();
    if (!m_editor->session()->hasUnsavedChanges())
        return true;
    const QMessageBox::StandardButton answer = CatalogueSaver(m_editor, this).askBeforeClosing();
    return answer == QMessageBox::Save ? save() : answer == QMessageBox::Discard;
}

void CatalogueTab::importCatalogue()
{
    if (!m_editor || !commitOpenEditors())
        return;
    CatalogueImport import(m_editor, this);
    showReportsOf(&import);
    import.run();
}

void CatalogueTab::exportCatalogue()
{
    if (!m_editor || !commitOpenEditors())
        return;
    CatalogueExport exporter(m_editor, this);
    showReportsOf(&exporter);
    exporter.run();
}

QByteArray CatalogueTab::headerState() const
{
    return m_view->columnState();
}

void CatalogueTab::restoreHeaderState(const QByteArray &state)
{
    m_view->restoreColumnState(state);
}
