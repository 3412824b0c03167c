#include "widgets/catalogue/SpecEditCommands.h"

#include <algorithm>

EditGpuCommand::EditGpuCommand(GpuEditSession *session, quint64 key, GpuSpec before, GpuSpec after,
                               const QString &text)
    : QUndoCommand(text)
    , m_session(session)
    , m_key(key)
    , m_before(std::move(before))
    , m_after(std::move(after))
{}

void EditGpuCommand::redo()
{
    m_session->setSpecs(m_session->rowOfKey(m_key), m_after);
}

void EditGpuCommand::undo()
{
    m_session->setSpecs(m_session->rowOfKey(m_key), m_before);
}

AddGpuCommand::AddGpuCommand(GpuEditSession *session, GpuSpec gpu, const QString &text)
    : QUndoCommand(text)
    , m_session(session)
    , m_gpu(std::move(gpu))
{}

void AddGpuCommand::redo()
{
    if (m_removed) {
        m_session->restoreRow(*m_removed);
        m_removed.reset();
    } else {
        m_key = m_session->addGpu(m_gpu);
    }
}

void AddGpuCommand::undo()
{
    m_removed = m_session->takeRow(m_session->rowOfKey(m_key));
}

DeleteGpusCommand::DeleteGpusCommand(GpuEditSession *session, QVector<quint64> keys, const QString &text,
                                     QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_session(session)
    , m_keys(std::move(keys))
{}

void DeleteGpusCommand::redo()
{
    m_removed.clear();
    for (quint64 key : std::as_const(m_keys))
        if (std::optional<GpuEditSession::RemovedRow> removed = m_session->takeRow(m_session->rowOfKey(key)))
            m_removed.append(*removed);
}

void DeleteGpusCommand::undo()
{
    for (auto it = m_removed.crbegin(); it != m_removed.crend(); ++it)
        m_session->restoreRow(*it);
    m_removed.clear();
}

ImportCommand::ImportCommand(GpuEditSession *session, ImportPlan plan, bool applyChanges, const QString &text,
                             QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_session(session)
    , m_plan(std::move(plan))
    , m_applyChanges(applyChanges)
{}

void ImportCommand::redo()
{
    m_addedKeys = m_session->addGpus(m_plan.additions);
    m_changedKeys.clear();
    if (!m_applyChanges)
        return;
    const QHash<QString, int> rows = m_session->rowsById(); // edits do not move rows
    for (const ImportPlan::Change &change : std::as_const(m_plan.changes)) {
        const int row = rows.value(change.before.gpuId, -1);
        if (row >= 0 && m_session->setSpecs(row, change.after))
            m_changedKeys.append(m_session->keyAt(row));
        else
            m_changedKeys.append(0);
    }
}

void ImportCommand::undo()
{
    for (qsizetype i = 0; i < m_changedKeys.size(); ++i)
        if (m_changedKeys[i] != 0)
            m_session->setSpecs(m_session->rowOfKey(m_changedKeys[i]), m_plan.changes[i].before);
    m_session->takeRows(m_addedKeys);
    m_addedKeys.clear();
}

RevertCommand::RevertCommand(GpuEditSession *session, const QString &text)
    : QUndoCommand(text)
    , m_session(session)
    , m_edits(session->pendingEdits())
{}

// Added rows go first and come back last: an id an added row took may be the one a renamed row goes back to.
void RevertCommand::redo()
{
    QVector<quint64> added;
    for (const GpuEditSession::PendingEdit &edit : std::as_const(m_edits))
        if (!edit.saved)
            added.append(edit.key);
    m_session->takeRows(added);
    for (const GpuEditSession::PendingEdit &edit : std::as_const(m_edits)) {
        if (edit.saved && !edit.current)
            m_session->restoreRow({edit.key, *edit.saved, edit.saved});
        else if (edit.saved)
            m_session->setSpecs(m_session->rowOfKey(edit.key), *edit.saved);
    }
}

void RevertCommand::undo()
{
    for (const GpuEditSession::PendingEdit &edit : std::as_const(m_edits)) {
        if (edit.saved && !edit.current)
            m_session->takeRow(m_session->rowOfKey(edit.key));
        else if (edit.saved)
            m_session->setSpecs(m_session->rowOfKey(edit.key), *edit.current);
    }
    for (const GpuEditSession::PendingEdit &edit : std::as_const(m_edits))
        if (!edit.saved)
            m_session->restoreRow({edit.key, *edit.current, std::nullopt});
}
