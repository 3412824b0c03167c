#pragma once

#include "db/GpuEditSession.h"
#include "db/ImportPlan.h"

#include <QUndoCommand>

// The undoable edits of the catalogue's GPUs. Each finds its row by the session's row key, so sorting,
// filtering and other edits in between do not send it to the wrong GPU.

// Replaces one GPU's values (a cell edit, a restored bundled value or row).
class EditGpuCommand : public QUndoCommand
{
public:
    EditGpuCommand(GpuEditSession *session, quint64 key, GpuSpec before, GpuSpec after, const QString &text);
    void redo() override;
    void undo() override;

private:
    GpuEditSession *m_session;
    quint64 m_key;
    GpuSpec m_before;
    GpuSpec m_after;
};

// Adds a GPU (new or duplicated).
class AddGpuCommand : public QUndoCommand
{
public:
    AddGpuCommand(GpuEditSession *session, GpuSpec gpu, const QString &text);
    void redo() override;
    void undo() override;
    quint64 key() const { return m_key; }

private:
    GpuEditSession *m_session;
    GpuSpec m_gpu;
    quint64 m_key = 0;
    std::optional<GpuEditSession::RemovedRow> m_removed; // set while undone
};

// Deletes GPUs; the file loses them on save.
class DeleteGpusCommand : public QUndoCommand
{
public:
    DeleteGpusCommand(GpuEditSession *session, QVector<quint64> keys, const QString &text,
                      QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    GpuEditSession *m_session;
    QVector<quint64> m_keys;
    QVector<GpuEditSession::RemovedRow> m_removed;
};

// An import: its additions and (when asked) its changes, undone as one.
class ImportCommand : public QUndoCommand
{
public:
    ImportCommand(GpuEditSession *session, ImportPlan plan, bool applyChanges, const QString &text,
                  QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    GpuEditSession *m_session;
    ImportPlan m_plan;
    bool m_applyChanges;
    QVector<quint64> m_addedKeys;
    QVector<quint64> m_changedKeys;
};

// Revert: every pending edit thrown away at once, rows back as saved (added rows go, deleted rows come
// back); undo puts the edits back. The rows keep their keys, so the commands before it still apply.
class RevertCommand : public QUndoCommand
{
public:
    RevertCommand(GpuEditSession *session, const QString &text);
    void redo() override;
    void undo() override;

private:
    GpuEditSession *m_session;
    QVector<GpuEditSession::PendingEdit> m_edits;
};
