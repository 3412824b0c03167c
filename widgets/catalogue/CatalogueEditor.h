#pragma once

#include "db/SpecTableModel.h"

#include <QObject>

class QAbstractItemModel;
class QUndoStack;
class UndoableSpecModel;
struct ImportPlan;

// Every change to the spec table goes through here as an undoable command on one QUndoStack; the
// edits stay pending in the model until save(). A refused change pushes nothing, sets lastError() and
// emits refused() with the reason. Saving empties the stack: the file is the new start. Revert is a
// command too: undoing it brings the unsaved edits back.
class CatalogueEditor : public QObject
{
    Q_OBJECT
public:
    explicit CatalogueEditor(SpecTableModel *model, QObject *parent = nullptr);

    SpecTableModel *model() const { return m_model; }
    GpuEditSession *session() const { return m_session; }
    QUndoStack *undoStack() const { return m_stack; }
    // The model for views: the spec table, with each edit made through a view an undoable command.
    QAbstractItemModel *undoableModel() const;
    QString lastError() const { return m_lastError; }

    // Any cell but the GPU id, which renameGpu() changes.
    bool setValue(int row, int column, const QVariant &value);
    // Why row's GPU cannot take newId ("" when it can): the id rule of the catalogue (a slug) and no other
    // GPU with that id. For the Rename dialog to say before OK.
    QString checkRename(int row, const QString &newId) const;
    // Gives row's GPU a new id as one undoable edit; its price is in the row and goes with it, and on Save
    // its measurements follow the new id (GpuRepository::saveChanges). Undo gives the old id back.
    bool renameGpu(int row, const QString &newId);
    // Add a GPU with a fresh id ("custom_gpu", "custom_gpu_2", ...) or a copy of row; returns its row or -1.
    int addNewGpu();
    int duplicateGpu(int row);
    bool deleteGpus(const QList<int> &rows);
    // Put the bundled seed's value back into one cell or every cell of a row.
    bool restoreBundledCell(int row, int column);
    bool restoreBundledRow(int row);
    // Applies what an import would add (and change, when applyChanges) as one command.
    bool applyImport(const ImportPlan &plan, bool applyChanges);

    // Puts back edits recovered from an ended session (EditRecoveryFile) as one undoable command: each
    // edited row by the id it was saved with, added rows added, deleted rows deleted. An edited row the
    // file no longer has comes back as added. An edited row takes only the fields the edit changed, so
    // changes the file got since stay. False (with lastError()) when a change was refused, e.g. an id
    // another GPU has now: the others are restored.
    bool restoreRecovered(const QVector<GpuEditSession::PendingEdit> &edits);

    GpuEditSession::SaveResult save();
    // Throws away every unsaved edit (undoable).
    void revert();

signals:
    void refused(const QString &reason);

private:
    bool fail(const QString &reason);
    int addGpu(const GpuSpec &gpu, const QString &text);
    bool replaceGpu(int row, const GpuSpec &after, const QString &text);
    QString freshId(const QString &base) const;

    SpecTableModel *m_model;
    GpuEditSession *m_session;
    QUndoStack *m_stack;
    UndoableSpecModel *m_undoable;
    QString m_lastError;
};
