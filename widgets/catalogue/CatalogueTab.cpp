#include "CatalogueTab.h"

#include "CatalogueEditor.h"
#include "CatalogueExporter.h"
#include "CatalogueImporter.h"
#include "CharacterAdvances.h"
#include "ConflictDialog.h"
#include "GpuField.h"
#include "RenameGpuDialog.h"
#include "RevertConfirmation.h"
#include "SpecItemDelegate.h"
#include "SpecTableModel.h"
#include "SpecTableView.h"
#include "ThemeColors.h"

#include <QAction>
#include <QCheckBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtMath>

namespace {

// Filters on the model's search text (identity columns, lower case: matching every formatted number
// of 50 columns made a keystroke take 83 ms at 10,000 GPUs), optionally on rows the user changed, and
// sends edits through the editor so that each is an undoable command.
class SpecProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    CatalogueEditor *editor = nullptr;
    QString needle;
    bool changedOnly = false;

    void setSearch(const QString &text, bool changed)
    {
        needle = text.trimmed().toLower();
        changedOnly = changed;
        invalidateFilter();
    }

    bool setData(const QModelIndex &index, const QVariant &value, int role) override
    {
        if (!editor || role != Qt::EditRole)
            return QSortFilterProxyModel::setData(index, value, role);
        const QModelIndex source = mapToSource(index);
        return editor->setValue(source.row(), source.column(), value);
    }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override
    {
        const QModelIndex first = sourceModel()->index(sourceRow, 0, sourceParent);
        if (changedOnly && !first.data(SpecTableModel::RowChangedByUserRole).toBool() &&
            !first.data(SpecTableModel::RowUnsavedRole).toBool())
            return false;
        return needle.isEmpty() || first.data(SpecTableModel::SearchTextRole).toString().contains(needle);
    }
};

QString sourcesHtml(const QString &sources)
{
    static const QRegularExpression url(QStringLiteral("https?://[^\\s;,)\"]+"));
    QString html = sources.toHtmlEscaped();
    QStringList links;
    for (auto it = url.globalMatch(sources); it.hasNext();)
        links << it.next().captured();
    links.removeDuplicates();
    for (const QString &link : std::as_const(links))
        html.replace(link.toHtmlEscaped(),
                     QStringLiteral("<a href=\"%1\">%2</a>").arg(link.toHtmlEscaped(), link.toHtmlEscaped()));
    return html;
}

} // namespace

CatalogueTab::CatalogueTab(QWidget *parent)
    : QWidget(parent)
    , m_delegate(new SpecItemDelegate(this))
    , m_frozenDelegate(new SpecItemDelegate(this))
    , m_proxy(new SpecProxy(this))
{
    setObjectName(QStringLiteral("catalogueTab"));
    m_proxy->setSortRole(SpecTableModel::RawValueRole);
    createActions(); // the Edit menu shows Save and Revert before the tab is first shown
    for (SpecItemDelegate *delegate : {m_delegate, m_frozenDelegate}) {
        connect(delegate, &SpecItemDelegate::valueRefused, this, &CatalogueTab::showMessage);
        connect(delegate, &SpecItemDelegate::openEditorsChanged, this, &CatalogueTab::updateActions);
    }
}

CatalogueTab::~CatalogueTab()
{
    // QWidget's destructor closes the window, and an open cell editor losing the focus then commits or
    // refuses its value again; by then this object's members are gone, so nothing may reach its slots.
    m_delegate->disconnect(this);
    m_frozenDelegate->disconnect(this);
    if (m_editor) {
        m_editor->disconnect(this);
        m_editor->model()->disconnect(this);
    }
}

void CatalogueTab::ensureBuilt() const
{
    if (!m_view)
        const_cast<CatalogueTab *>(this)->buildWidgets();
}

void CatalogueTab::buildWidgets()
{
    m_filter = new QLineEdit;
    m_changedOnly = new QCheckBox(tr("Only GPUs I changed"));
    m_messageLabel = new QLabel;
    m_sources = new QLabel;
    m_view = new SpecTableView;
    m_filter->setObjectName(QStringLiteral("catalogueFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, vendor, architecture… (%1)")
                                     .arg(m_find->shortcut().toString(QKeySequence::NativeText)));
    m_filter->setAccessibleName(tr("Filter the catalogue"));
    m_filter->setClearButtonEnabled(true);
    m_changedOnly->setObjectName(QStringLiteral("changedOnly"));
    m_changedOnly->setToolTip(tr("Show only GPUs that are not bundled, differ from the bundled values, or "
                                 "hold unsaved edits"));
    m_messageLabel->setObjectName(QStringLiteral("catalogueMessage"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setStyleSheet(ThemeColors::errorStyle(palette()));
    m_messageLabel->setText(m_message);
    m_messageLabel->setVisible(!m_message.isEmpty());
    m_sources->setObjectName(QStringLiteral("catalogueSources"));
    m_sources->setWordWrap(true);
    m_sources->setOpenExternalLinks(true);
    m_sources->setTextInteractionFlags(Qt::TextBrowserInteraction);

    m_view->setModel(m_proxy);
    m_view->setSpecDelegates(m_delegate, m_frozenDelegate);
    // Catalogue order until the user clicks a header (Qt would otherwise sort by the id, descending).
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->frozenView()->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    m_view->frozenView()->setEditTriggers(m_view->editTriggers());
    m_view->horizontalHeader()->setSectionsMovable(true);
    m_view->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->setAccessibleName(tr("GPU catalogue"));
    m_view->addAction(m_delete);
    m_view->frozenView()->addAction(m_delete);
    // The cells' context menu: Rename GPU… (the id cell is not edited in place) and Delete.
    for (QTableView *table : {static_cast<QTableView *>(m_view), m_view->frozenView()}) {
        table->insertAction(m_delete, m_rename);
        table->setContextMenuPolicy(Qt::ActionsContextMenu);
    }

    auto *tools = new QHBoxLayout;
    for (QAction *action : {m_add, m_duplicate, m_delete, m_restoreCell, m_restoreRow, m_save, m_revert}) {
        auto *button = new QToolButton;
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        tools->addWidget(button);
    }
    tools->addSpacing(12);
    tools->addWidget(m_changedOnly);
    tools->addWidget(m_filter, 1);

    auto *legend = new QLabel(tr("<span style='color:#e67e22'>&#9698;</span> not saved yet &nbsp; "
                                 "<span style='color:#2980b9'>&#9699;</span> differs from the bundled value "
                                 "(hover a cell for it)"));
    legend->setObjectName(QStringLiteral("catalogueLegend"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(tools);
    layout->addWidget(m_messageLabel);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_sources);
    layout->addWidget(legend);

    const auto refilter = [this] {
        commitOpenEditors(); // a row leaving the filter would close its editor and drop the text
        static_cast<SpecProxy *>(m_proxy)->setSearch(m_filter->text(), m_changedOnly->isChecked());
    };
    connect(m_filter, &QLineEdit::textChanged, this, refilter);
    connect(m_changedOnly, &QCheckBox::toggled, this, refilter);
    connect(m_view->horizontalHeader(), &QHeaderView::customContextMenuRequested, this,
            &CatalogueTab::showHeaderMenu);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        updateActions();
        updateSources();
    });
    applyPendingHeaderState();
    // Made while the tab is being shown: children added to a visible widget must be shown explicitly.
    if (isVisible())
        for (QWidget *child : findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
            if (!child->testAttribute(Qt::WA_WState_ExplicitShowHide))
                child->show();
}

void CatalogueTab::createActions()
{
    const auto make = [this](const QString &text, const QString &tip, auto slot) {
        auto *action = new QAction(text, this);
        action->setToolTip(tip);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };
    m_add = make(tr("&Add GPU"), tr("Add a GPU of your own"), [this] {
        const int row = m_editor->addNewGpu();
        if (row >= 0 && m_view)
            m_view->setCurrentIndex(m_proxy->mapFromSource(m_editor->model()->index(row, GpuField::Product)));
    });
    m_duplicate = make(tr("D&uplicate"), tr("Add a copy of the current GPU, to edit into a variant"), [this] {
        const int row = m_editor->duplicateGpu(currentSourceRow());
        if (row >= 0 && m_view)
            m_view->setCurrentIndex(m_proxy->mapFromSource(m_editor->model()->index(row, GpuField::Variant)));
    });
    m_delete =
        make(tr("&Delete"), tr("Delete the selected GPUs (undoable; the file changes on Save)"), [this] {
            if (m_delegate->hasOpenEditor() || m_frozenDelegate->hasOpenEditor())
                return; // Delete is the cell editor's, even one that does not take it (a combo box)
            QList<int> rows;
            if (m_view)
                for (const QModelIndex &index : m_view->selectionModel()->selectedIndexes())
                    rows << m_proxy->mapToSource(index).row();
            if (rows.isEmpty() && currentSourceRow() >= 0)
                rows << currentSourceRow();
            std::sort(rows.begin(), rows.end());
            rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
            m_editor->deleteGpus(rows);
        });
    m_rename = make(tr("Re&name GPU…"),
                    tr("Give the current GPU another id; its measurements and price go with it"),
                    [this] { renameCurrentGpu(); });
    m_rename->setObjectName(QStringLiteral("renameGpu"));
    m_restoreCell = make(tr("Restore &Value"), tr("Put the bundled value back into the current cell"),
                         [this] { m_editor->restoreBundledCell(currentSourceRow(), currentSourceColumn()); });
    m_restoreRow = make(tr("Restore &Row"), tr("Put every bundled value of the current GPU back"),
                        [this] { m_editor->restoreBundledRow(currentSourceRow()); });
    m_save = make(tr("&Save"), tr("Write every pending edit to the catalogue file"), [this] { save(); });
    m_revert =
        make(tr("Re&vert"), tr("Throw away every edit not saved yet (undoable)"), [this] { revert(); });
    // Typing after Ctrl+F goes to the filter, never into the current cell (the table edits on any key).
    m_find = make(tr("&Find"), tr("Find GPUs by name, vendor or architecture"), [this] {
        filterEdit()->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    m_save->setShortcut(QKeySequence::Save);
    m_revert->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    m_delete->setShortcut(QKeySequence::Delete);
    m_find->setShortcut(QKeySequence::Find);
    for (QAction *action : {m_save, m_revert, m_delete, m_find}) {
        // Only while the Catalogue tab is in front.
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setToolTip(
            tr("%1 (%2)").arg(action->toolTip(), action->shortcut().toString(QKeySequence::NativeText)));
    }
    // Delete only in the table itself (buildWidgets adds it there): the filter and the cell editors keep
    // the key, and a cell editor that ignores it (a combo box) must not pass it on to delete GPUs.
    m_delete->setShortcutContext(Qt::WidgetShortcut);
    removeAction(m_delete);
}

void CatalogueTab::setEditor(CatalogueEditor *editor)
{
    m_editor = editor;
    static_cast<SpecProxy *>(m_proxy)->editor = editor;
    connect(editor, &CatalogueEditor::refused, this, &CatalogueTab::showMessage);
    connect(editor->model(), &SpecTableModel::unsavedChangesChanged, this, &CatalogueTab::updateActions);
    connect(editor->model(), &QAbstractItemModel::modelReset, this, &CatalogueTab::updateActions);
    // The tab is behind the Compare tab at start: its views take the rows (a reset of two views over
    // 50 columns) and size their columns when first shown or asked for, not during start-up.
    m_modelAttached = false;
    if (m_proxy->sourceModel())
        m_proxy->setSourceModel(nullptr);
    m_columnsSized = false;
    if (isVisible()) {
        ensureBuilt();
        attachModel();
        sizeColumns();
    }
    updateActions();
}

void CatalogueTab::attachModel() const
{
    if (m_modelAttached || !m_editor)
        return;
    m_modelAttached = true;
    m_proxy->setSourceModel(m_editor->model());
    applyPendingHeaderState();
}

void CatalogueTab::applyPendingHeaderState() const
{
    // A header state needs the view and its columns.
    if (m_pendingHeaderState.isEmpty() || !m_view || !m_modelAttached)
        return;
    m_view->horizontalHeader()->restoreState(m_pendingHeaderState);
    m_pendingHeaderState.clear();
}

SpecTableView *CatalogueTab::view() const
{
    ensureBuilt();
    attachModel();
    return m_view;
}

QLineEdit *CatalogueTab::filterEdit() const
{
    ensureBuilt();
    return m_filter;
}

QCheckBox *CatalogueTab::changedOnlyBox() const
{
    ensureBuilt();
    return m_changedOnly;
}

QSortFilterProxyModel *CatalogueTab::proxy() const
{
    attachModel();
    return m_proxy;
}

void CatalogueTab::showEvent(QShowEvent *event)
{
    ensureBuilt();
    attachModel();
    if (!m_columnsSized)
        sizeColumns();
    QWidget::showEvent(event);
}

void CatalogueTab::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_messageLabel)
        m_messageLabel->setStyleSheet(ThemeColors::errorStyle(palette()));
}

void CatalogueTab::sizeColumns()
{
    // Widths from the header and the first rows' texts, measured directly: resizeColumnsToContents()
    // asks the delegate for a size hint of every cell in its sample (1,000 rows x 50 columns, half a
    // second at 10,000 GPUs; docs/performance.md). Wider texts further down are elided, with the whole
    // value in the tooltip; no column is wider than kMaxColumnWidth.
    constexpr int kSampleRows = 200;
    constexpr int kMaxColumnWidth = 320;
    // Widths summed from character advances: shaping 10,000 strings was 240 M instructions.
    CharacterAdvances cell(m_view->font());
    CharacterAdvances header(m_view->horizontalHeader()->font());
    const int padding = 2 * m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 8;
    const int headerPadding = m_view->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, m_view) * 2 + 8;
    const int rows = std::min(m_proxy->rowCount(), kSampleRows);
    for (int column = 0; column < m_proxy->columnCount(); ++column) {
        int width =
            qCeil(header.width(m_proxy->headerData(column, Qt::Horizontal).toString())) + headerPadding;
        for (int row = 0; row < rows; ++row)
            width =
                std::max(width, qCeil(cell.width(m_proxy->index(row, column).data().toString())) + padding);
        m_view->setColumnWidth(column, std::min(width, kMaxColumnWidth));
    }
    m_columnsSized = true;
}

int CatalogueTab::currentSourceRow() const
{
    return m_view ? m_proxy->mapToSource(m_view->currentIndex()).row() : -1;
}

int CatalogueTab::currentSourceColumn() const
{
    return m_view ? m_proxy->mapToSource(m_view->currentIndex()).column() : -1;
}

void CatalogueTab::updateActions()
{
    if (!m_editor)
        return;
    const SpecTableModel *model = m_editor->model();
    const bool writable = !model->isReadOnly();
    const int row = currentSourceRow();
    const bool bundled = model->bundledGpu(row).has_value();
    m_add->setEnabled(writable);
    m_duplicate->setEnabled(writable && row >= 0);
    m_delete->setEnabled(writable && row >= 0);
    m_rename->setEnabled(writable && row >= 0);
    m_restoreCell->setEnabled(writable && bundled);
    m_restoreRow->setEnabled(writable && bundled);
    const bool unsaved = model->hasUnsavedChanges();
    // Text typed in an open editor is an edit too: Save commits it first.
    const bool typing = m_delegate->hasOpenEditor() || m_frozenDelegate->hasOpenEditor();
    m_save->setEnabled(writable && (unsaved || typing));
    m_revert->setEnabled(unsaved);
}

void CatalogueTab::renameCurrentGpu()
{
    const int row = currentSourceRow();
    if (!m_editor || row < 0 || !commitOpenEditors())
        return;
    const GpuSpec gpu = m_editor->model()->gpuAt(row);
    RenameGpuDialog dialog(
        gpu.gpuId, gpu.displayName(), [this, row](const QString &id) { return m_editor->checkRename(row, id); },
        this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (m_editor->renameGpu(row, dialog.newId()))
        emit statusMessage(tr("Renamed %1 to %2; Save writes it and moves its measurements")
                               .arg(gpu.gpuId, dialog.newId()));
}

void CatalogueTab::updateSources()
{
    if (!m_sources)
        return;
    const int row = currentSourceRow();
    if (!m_editor || row < 0) {
        m_sources->clear();
        return;
    }
    const GpuSpec gpu = m_editor->model()->gpuAt(row);
    m_sources->setText(tr("<b>Sources of %1:</b> %2")
                           .arg(gpu.displayName().toHtmlEscaped(),
                                gpu.sources.isEmpty() ? tr("none given") : sourcesHtml(gpu.sources)));
}

void CatalogueTab::showHeaderMenu(const QPoint &at)
{
    QHeaderView *header = m_view->horizontalHeader();
    QMenu menu(this);
    for (int column = 1; column < m_proxy->columnCount(); ++column) { // the identity column stays
        QAction *action = menu.addAction(m_proxy->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!header->isSectionHidden(column));
        connect(action, &QAction::toggled, this,
                [header, column](bool shown) { header->setSectionHidden(column, !shown); });
    }
    menu.exec(header->mapToGlobal(at));
}

void CatalogueTab::showMessage(const QString &message)
{
    m_message = message;
    if (m_messageLabel) {
        m_messageLabel->setText(message);
        m_messageLabel->setVisible(!message.isEmpty());
    }
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

bool CatalogueTab::resolveConflicts(const QVector<SpecTableModel::SaveConflict> &conflicts)
{
    ConflictDialog dialog(conflicts, this);
    dialog.exec();
    if (!dialog.keep())
        return false; // nothing saved, the edits stay pending
    for (const SpecTableModel::SaveConflict &conflict : conflicts)
        m_editor->model()->resolveConflict(conflict, *dialog.keep());
    return true;
}

bool CatalogueTab::save()
{
    if (!m_editor || !commitOpenEditors())
        return false; // a refused value: its editor stays open and the message says why
    const int pending = m_editor->model()->unsavedRowCount();
    if (pending == 0) {
        emit statusMessage(tr("Nothing to save"));
        return true;
    }
    for (int attempt = 0; attempt < 3; ++attempt) {
        const SpecTableModel::SaveResult result = m_editor->save();
        if (result.ok()) {
            showMessage(QString());
            emit statusMessage(tr("Saved %n change(s) to the catalogue", nullptr, pending));
            return true;
        }
        if (result.error) {
            showMessage(tr("Nothing was saved: %1").arg(result.error.message));
            return false;
        }
        if (!resolveConflicts(result.conflicts))
            return false; // cancelled: nothing saved, the edits stay
    }
    return false;
}

void CatalogueTab::revert()
{
    if (!m_editor || !m_editor->model()->hasUnsavedChanges())
        return;
    if (!RevertConfirmation::ask(this, m_editor->model()->unsavedRowCount()))
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
    if (!m_editor->model()->hasUnsavedChanges())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Catalogue Edits"),
        tr("%n GPU(s) in the catalogue have edits that are not saved. Save them before closing?", nullptr,
           m_editor->model()->unsavedRowCount()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

QByteArray CatalogueTab::headerState() const
{
    if (!m_pendingHeaderState.isEmpty())
        return m_pendingHeaderState; // never shown: the columns are as they were restored
    if (!m_view || !m_modelAttached)
        return {}; // never shown and nothing restored: no state of the user's to keep
    return m_view->horizontalHeader()->saveState();
}

void CatalogueTab::restoreHeaderState(const QByteArray &state)
{
    if (state.isEmpty())
        return;
    // Restored widths are the user's: the first show must not size the columns over them.
    m_columnsSized = true;
    if (!m_view || !m_modelAttached) {
        m_pendingHeaderState = state; // applied when the view has its columns
        return;
    }
    if (!m_view->horizontalHeader()->restoreState(state))
        m_columnsSized = false;
}

std::optional<ImportPlan> CatalogueTab::readImport(const QString &path, QString *error)
{
    QProgressDialog progress(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 100, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300); // small files finish before it would show
    ImportProblem problem;
    QVector<GpuFieldSet> given;
    const std::optional<QVector<GpuSpec>> gpus = CatalogueImporter::parseFile(
        path, &problem,
        [&progress](qsizetype done, qsizetype total) {
            progress.setValue(total > 0 ? static_cast<int>(done * 100 / total) : 0);
            QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
            return !progress.wasCanceled();
        },
        &given);
    if (!gpus) {
        if (error)
            *error =
                problem.cancelled
                    ? tr("Import cancelled; nothing changed")
                    : tr("%1: %2. Nothing was imported.").arg(QFileInfo(path).fileName(), problem.text());
        return std::nullopt;
    }
    return ImportPlan::make(m_editor->model()->gpus(), *gpus, given);
}

void CatalogueTab::importCatalogue()
{
    if (!m_editor || !commitOpenEditors())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Catalogue"), QString(),
                                                      tr("GPU catalogue (*.csv *.json)"));
    if (path.isEmpty())
        return;
    QString error;
    const std::optional<ImportPlan> plan = readImport(path, &error);
    if (!plan) {
        showMessage(error);
        return;
    }
    if (plan->changesNothing()) {
        emit statusMessage(tr("%1 holds nothing new: %n GPU(s) as they are", nullptr, plan->unchanged)
                               .arg(QFileInfo(path).fileName()));
        return;
    }
    // The preview: what will be added and what changed, before anything is.
    QStringList lines;
    for (const GpuSpec &gpu : plan->additions.mid(0, 40))
        lines << tr("add %1 (%2)").arg(gpu.gpuId, gpu.displayName());
    for (const ImportPlan::Change &change : plan->changes.mid(0, 40))
        lines << tr("change %1: %2").arg(change.before.gpuId, change.fields.join(QStringLiteral(", ")));
    QMessageBox box(QMessageBox::Question, tr("Import Catalogue"),
                    tr("%1 adds %2 GPU(s) and changes %3; %4 stay as they are.")
                        .arg(QFileInfo(path).fileName())
                        .arg(plan->additions.size())
                        .arg(plan->changes.size())
                        .arg(plan->unchanged),
                    QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("importPreview"));
    box.setDetailedText(lines.join(u'\n'));
    const QString emptying = plan->emptyingWarning();
    box.setInformativeText((emptying.isEmpty() ? QString() : emptying + u'\n') +
                           tr("The import becomes one edit you can undo; Save writes it to the catalogue."));
    QPushButton *all = box.addButton(tr("Add and Change"), QMessageBox::AcceptRole);
    QPushButton *addOnly = box.addButton(tr("Add New Only"), QMessageBox::AcceptRole);
    box.exec();
    if (box.clickedButton() != all && box.clickedButton() != addOnly)
        return;
    m_editor->applyImport(*plan, box.clickedButton() == all);
}

bool CatalogueTab::exportTo(const QString &path, QString *error)
{
    if (!commitOpenEditors())
        return false;
    if (CatalogueError failure = CatalogueExporter::exportToFile(m_editor->model()->gpus(), path)) {
        if (error)
            *error = failure.message;
        return false;
    }
    return true;
}

void CatalogueTab::exportCatalogue()
{
    if (!m_editor)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Catalogue"), QStringLiteral("gpus.csv"), tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportTo(path, &error))
        emit statusMessage(tr("Exported %n GPU(s) to %1", nullptr, m_editor->model()->rowCount()).arg(path));
    else
        showMessage(tr("Export failed: %1").arg(error));
}
