#include "widgets/catalogue/CatalogueEditor.h"

#include "db/ImportPlan.h"
#include "widgets/catalogue/SpecEditCommands.h"
#include "widgets/catalogue/UndoableSpecModel.h"

#include <QUndoStack>

CatalogueEditor::CatalogueEditor(SpecTableModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_session(model->session())
    , m_stack(new QUndoStack(this))
    , m_undoable(new UndoableSpecModel(this))
{}

bool CatalogueEditor::fail(const QString &reason)
{
    m_lastError = reason;
    emit refused(reason);
    return false;
}

bool CatalogueEditor::setValue(int row, int column, const QVariant &value)
{
    if (column == GpuField::GpuId)
        return fail(tr("GPU id: use Rename GPU… (Edit menu), which checks the id and moves the GPU's "
                       "measurements with it"));
    GpuSpec edited;
    const QString problem = m_session->checkEdit(row, column, value, &edited);
    if (!problem.isEmpty())
        return fail(problem);
    const GpuSpec before = m_session->gpuAt(row);
    if (GpuFields::sameSpecs(before, edited))
        return true; // same value: no command
    const GpuField &field = GpuFields::field(column);
    return replaceGpu(row, edited, tr("Edit %1 of %2").arg(field.displayLabel(), before.displayName()));
}

QString CatalogueEditor::checkRename(int row, const QString &newId) const
{
    return m_session->checkEdit(row, GpuField::GpuId, newId);
}

bool CatalogueEditor::renameGpu(int row, const QString &newId)
{
    GpuSpec renamed;
    const QString problem = m_session->checkEdit(row, GpuField::GpuId, newId, &renamed);
    if (!problem.isEmpty())
        return fail(problem);
    const GpuSpec before = m_session->gpuAt(row);
    if (before.gpuId == renamed.gpuId)
        return true; // the same id: no command
    return replaceGpu(row, renamed, tr("Rename GPU %1 to %2").arg(before.gpuId, renamed.gpuId));
}

bool CatalogueEditor::replaceGpu(int row, const GpuSpec &after, const QString &text)
{
    m_stack->push(new EditGpuCommand(m_session, m_session->keyAt(row), m_session->gpuAt(row), after, text));
    m_lastError.clear();
    return true;
}

QString CatalogueEditor::freshId(const QString &base) const
{
    QString id = base.left(60);
    for (int n = 2; m_session->rowOf(id) >= 0; ++n)
        id = base.left(60) + u'_' + QString::number(n);
    return id;
}

int CatalogueEditor::addGpu(const GpuSpec &gpu, const QString &text)
{
    const QString problem = m_session->checkNewGpu(gpu);
    if (!problem.isEmpty()) {
        fail(problem);
        return -1;
    }
    auto *command = new AddGpuCommand(m_session, gpu, text);
    m_stack->push(command);
    m_lastError.clear();
    return m_session->rowOfKey(command->key());
}

int CatalogueEditor::addNewGpu()
{
    GpuSpec gpu;
    gpu.gpuId = freshId(QStringLiteral("custom_gpu"));
    gpu.vendor = tr("Custom");
    gpu.product = tr("New GPU");
    gpu.confidence = tr("entered by the user");
    return addGpu(gpu, tr("Add GPU %1").arg(gpu.gpuId));
}

int CatalogueEditor::duplicateGpu(int row)
{
    if (row < 0 || row >= m_session->rowCount())
        return -1;
    GpuSpec copy = m_session->gpuAt(row);
    copy.gpuId = freshId(copy.gpuId + QStringLiteral("_copy"));
    copy.variant = copy.variant.isEmpty() ? tr("copy") : tr("%1 (copy)").arg(copy.variant);
    return addGpu(copy, tr("Duplicate %1").arg(m_session->gpuAt(row).displayName()));
}

bool CatalogueEditor::deleteGpus(const QList<int> &rows)
{
    if (m_session->isReadOnly())
        return fail(m_session->readOnlyMessage());
    QVector<quint64> keys;
    for (int row : rows)
        if (const quint64 key = m_session->keyAt(row))
            keys.append(key);
    if (keys.isEmpty())
        return false;
    const QString text = keys.size() == 1 ? tr("Delete %1").arg(m_session->gpuAt(rows.first()).displayName())
                                          : tr("Delete %n GPUs", nullptr, static_cast<int>(keys.size()));
    m_stack->push(new DeleteGpusCommand(m_session, keys, text));
    m_lastError.clear();
    return true;
}

bool CatalogueEditor::restoreBundledCell(int row, int column)
{
    const std::optional<GpuSpec> bundled = m_model->bundledGpu(row);
    if (!bundled)
        return fail(tr("%1 is not a bundled GPU: there is no bundled value")
                        .arg(m_session->gpuAt(row).displayName()));
    const GpuField &field = GpuFields::field(column);
    GpuSpec after = m_session->gpuAt(row);
    GpuFields::setValue(after, field, GpuFields::value(*bundled, field));
    if (GpuFields::sameSpecs(after, m_session->gpuAt(row)))
        return true;
    return replaceGpu(
        row, after,
        tr("Restore bundled %1 of %2").arg(field.displayLabel(), m_session->gpuAt(row).displayName()));
}

bool CatalogueEditor::restoreBundledRow(int row)
{
    const std::optional<GpuSpec> bundled = m_model->bundledGpu(row);
    if (!bundled)
        return fail(tr("%1 is not a bundled GPU: there are no bundled values")
                        .arg(m_session->gpuAt(row).displayName()));
    if (GpuFields::sameSpecs(*bundled, m_session->gpuAt(row)))
        return true;
    return replaceGpu(row, *bundled, tr("Restore bundled values of %1").arg(bundled->displayName()));
}

bool CatalogueEditor::applyImport(const ImportPlan &plan, bool applyChanges)
{
    if (m_session->isReadOnly())
        return fail(m_session->readOnlyMessage());
    if (plan.additions.isEmpty() && (!applyChanges || plan.changes.isEmpty()))
        return true;
    const int changes = applyChanges ? static_cast<int>(plan.changes.size()) : 0;
    m_stack->push(
        new ImportCommand(m_session, plan, applyChanges,
                          tr("Import (%1 added, %2 changed)").arg(plan.additions.size()).arg(changes)));
    m_lastError.clear();
    return true;
}

namespace {

// The fields an edit changed: all of them for a GPU added (nothing to compare with).
GpuFieldSet changedFields(const GpuEditSession::PendingEdit &edit)
{
    GpuFieldSet fields;
    for (const GpuField &field : GpuFields::all())
        fields.set(field.id, !edit.saved || GpuFields::value(*edit.saved, field) !=
                                                GpuFields::value(*edit.current, field));
    return fields;
}

} // namespace

bool CatalogueEditor::restoreRecovered(const QVector<GpuEditSession::PendingEdit> &edits)
{
    if (m_session->isReadOnly())
        return fail(m_session->readOnlyMessage());
    ImportPlan plan;
    QVector<quint64> deletions;
    QString refusal;
    const QHash<QString, int> rows = m_session->rowsById();
    for (const GpuEditSession::PendingEdit &edit : edits) {
        // The row the edit started from: by the id it was saved with, else by its edited id (a GPU
        // added here and in the file, or renamed here and gone from the file).
        int row = edit.saved ? rows.value(edit.saved->gpuId, -1) : -1;
        if (!edit.current) {
            if (row >= 0)
                deletions.append(m_session->keyAt(row));
            continue;
        }
        if (row < 0)
            row = rows.value(edit.current->gpuId, -1);
        if (row < 0) {
            plan.additions.append(*edit.current);
            continue;
        }
        // Only what the edit changed: a field the file changed since (an import, another window) stays.
        const GpuSpec before = m_session->gpuAt(row);
        const GpuSpec after = ImportPlan::overlay(before, *edit.current, changedFields(edit));
        if (GpuFields::sameSpecs(before, after))
            continue;
        if (const QString problem = m_session->checkSpecs(row, after); !problem.isEmpty())
            refusal = tr("The recovered edit of %1 was not restored: %2").arg(before.displayName(), problem);
        else
            plan.changes.append({before, after, {}, {}});
    }
    if (!plan.changesNothing() || !deletions.isEmpty()) {
        const int count = static_cast<int>(plan.additions.size() + plan.changes.size() + deletions.size());
        auto *command = new QUndoCommand(tr("Restore %n recovered edit(s)", nullptr, count));
        new ImportCommand(m_session, plan, true, command->text(), command);
        if (!deletions.isEmpty())
            new DeleteGpusCommand(m_session, deletions, command->text(), command);
        m_stack->push(command);
    }
    if (!refusal.isEmpty())
        return fail(refusal); // the rest is restored; the caller keeps the file
    m_lastError.clear();
    return true;
}

GpuEditSession::SaveResult CatalogueEditor::save()
{
    GpuEditSession::SaveResult result = m_session->save();
    if (result.ok())
        m_stack->clear();
    else if (result.error)
        fail(result.error.message);
    return result;
}

void CatalogueEditor::revert()
{
    if (!m_session->hasUnsavedChanges())
        return;
    if (m_session->isReadOnly()) {
        m_session->revert(); // nothing can be edited back: read the file again
        m_stack->clear();
        return;
    }
    m_stack->push(new RevertCommand(
        m_session, tr("Revert %n unsaved change(s)", nullptr, m_session->unsavedRowCount())));
}

QAbstractItemModel *CatalogueEditor::undoableModel() const
{
    return m_undoable;
}
