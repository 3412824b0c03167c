#include "SpecEditCommands.h"

#include <algorithm>

EditGpuCommand::EditGpuCommand(SpecTableModel *model, quint64 key, GpuSpec before, GpuSpec after,
                               const QString &text)
    : QUndoCommand(text)
    , m_model(model)
    , m_key(key)
    , m_before(std::move(before))
    , m_after(std::move(after))
{}

void EditGpuCommand::redo()
{
    m_model->setSpecs(m_model->rowOfKey(m_key), m_after);
}

void EditGpuCommand::undo()
{
    m_model->setSpecs(m_model->rowOfKey(m_key), m_before);
}

AddGpuCommand::AddGpuCommand(SpecTableModel *model, GpuSpec gpu, const QString &text)
    : QUndoCommand(text)
    , m_model(model)
    , m_gpu(std::move(gpu))
{}

void AddGpuCommand::redo()
{
    if (m_removed) {
        m_model->restoreRow(*m_removed);
        m_removed.reset();
    } else {
        m_key = m_model->addGpu(m_gpu);
    }
}

void AddGpuCommand::undo()
{
    m_removed = m_model->takeRow(m_model->rowOfKey(m_key));
}

DeleteGpusCommand::DeleteGpusCommand(SpecTableModel *model, QVector<quint64> keys, const QString &text,
                                     QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_model(model)
    , m_keys(std::move(keys))
{}

void DeleteGpusCommand::redo()
{
    m_removed.clear();
    for (quint64 key : std::as_const(m_keys))
        if (std::optional<SpecTableModel::RemovedRow> removed = m_model->takeRow(m_model->rowOfKey(key)))
            m_removed.append(*removed);
}

void DeleteGpusCommand::undo()
{
    for (auto it = m_removed.crbegin(); it != m_removed.crend(); ++it)
        m_model->restoreRow(*it);
    m_removed.clear();
}

ImportCommand::ImportCommand(SpecTableModel *model, ImportPlan plan, bool applyChanges, const QString &text,
                             QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_model(model)
    , m_plan(std::move(plan))
    , m_applyChanges(applyChanges)
{}

void ImportCommand::redo()
{
    m_addedKeys = m_model->addGpus(m_plan.additions);
    m_changedKeys.clear();
    if (!m_applyChanges)
        return;
    const QHash<QString, int> rows = m_model->rowsById(); // edits do not move rows
    for (const ImportPlan::Change &change : std::as_const(m_plan.changes)) {
        const int row = rows.value(change.before.gpuId, -1);
        if (row >= 0 && m_model->setSpecs(row, change.after))
            m_changedKeys.append(m_model->keyAt(row));
        else
            m_changedKeys.append(0);
    }
}

void ImportCommand::undo()
{
    for (qsizetype i = 0; i < m_changedKeys.size(); ++i)
        if (m_changedKeys[i] != 0)
            m_model->setSpecs(m_model->rowOfKey(m_changedKeys[i]), m_plan.changes[i].before);
    m_model->takeRows(m_addedKeys);
    m_addedKeys.clear();
}

RevertCommand::RevertCommand(SpecTableModel *model, const QString &text)
    : QUndoCommand(text)
    , m_model(model)
    , m_edits(model->pendingEdits())
{}

// Added rows go first and come back last: an id an added row took may be the one a renamed row goes back to.
void RevertCommand::redo()
{
    QVector<quint64> added;
    for (const SpecTableModel::PendingEdit &edit : std::as_const(m_edits))
        if (!edit.saved)
            added.append(edit.key);
    m_model->takeRows(added);
    for (const SpecTableModel::PendingEdit &edit : std::as_const(m_edits)) {
        if (edit.saved && !edit.current)
            m_model->restoreRow({edit.key, *edit.saved, edit.saved});
        else if (edit.saved)
            m_model->setSpecs(m_model->rowOfKey(edit.key), *edit.saved);
    }
}

void RevertCommand::undo()
{
    for (const SpecTableModel::PendingEdit &edit : std::as_const(m_edits)) {
        if (edit.saved && !edit.current)
            m_model->takeRow(m_model->rowOfKey(edit.key));
        else if (edit.saved)
            m_model->setSpecs(m_model->rowOfKey(edit.key), *edit.current);
    }
    for (const SpecTableModel::PendingEdit &edit : std::as_const(m_edits))
        if (!edit.saved)
            m_model->restoreRow({edit.key, *edit.current, std::nullopt});
}
