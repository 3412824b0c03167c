#pragma once

#include "ImportPlan.h"
#include "SpecTableModel.h"

#include <QUndoCommand>

// The undoable edits of the spec table. Each finds its row by the model's row key, so sorting,
// filtering and other edits in between do not send it to the wrong GPU.

// Replaces one GPU's values (a cell edit, a restored bundled value or row).
class EditGpuCommand : public QUndoCommand
{
public:
    EditGpuCommand(SpecTableModel *model, quint64 key, GpuSpec before, GpuSpec after, const QString &text);
    void redo() override;
    void undo() override;

private:
    SpecTableModel *m_model;
    quint64 m_key;
    GpuSpec m_before;
    GpuSpec m_after;
};

// Adds a GPU (new or duplicated).
class AddGpuCommand : public QUndoCommand
{
public:
    AddGpuCommand(SpecTableModel *model, GpuSpec gpu, const QString &text);
    void redo() override;
    void undo() override;
    quint64 key() const { return m_key; }

private:
    SpecTableModel *m_model;
    GpuSpec m_gpu;
    quint64 m_key = 0;
    std::optional<SpecTableModel::RemovedRow> m_removed; // set while undone
};

// Deletes GPUs; the file loses them on save.
class DeleteGpusCommand : public QUndoCommand
{
public:
    DeleteGpusCommand(SpecTableModel *model, QVector<quint64> keys, const QString &text,
                      QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    SpecTableModel *m_model;
    QVector<quint64> m_keys;
    QVector<SpecTableModel::RemovedRow> m_removed;
};

// An import: its additions and (when asked) its changes, undone as one.
class ImportCommand : public QUndoCommand
{
public:
    ImportCommand(SpecTableModel *model, ImportPlan plan, bool applyChanges, const QString &text,
                  QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    SpecTableModel *m_model;
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
    RevertCommand(SpecTableModel *model, const QString &text);
    void redo() override;
    void undo() override;

private:
    SpecTableModel *m_model;
    QVector<SpecTableModel::PendingEdit> m_edits;
};
