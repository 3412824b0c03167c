#pragma once

#include "db/CatalogueError.h"
#include "db/GpuField.h"
#include "db/GpuSpec.h"

#include <QHash>
#include <QObject>
#include <QVector>
#include <optional>

class Catalogue;

// The unit of work over the catalogue's GPUs: the rows as the user sees them, each with the version it
// was read as, and the deletions, until save() writes them all in one transaction or revert() throws
// them away. A row changed or deleted in the file since it was read is not overwritten: save() returns it
// as a SaveConflict and writes nothing until resolveConflict() said which version to keep. Every row
// carries a key that stays the same while rows move, for undo commands (which live above this library).
//
// Rows are in the catalogue's order (vendor, product, variant, id). The row signals come before and
// after each change, so that a table model over the session (SpecTableModel) can tell its views.
class GpuEditSession : public QObject
{
    Q_OBJECT

public:
    // One row removed from the table, as undo needs it back.
    struct RemovedRow
    {
        quint64 key = 0;
        GpuSpec current;
        std::optional<GpuSpec> saved; // as in the file; nullopt for a row never saved
    };

    // A row the file changed since it was read. mine: nullopt when the user deleted it;
    // theirs: nullopt when the file no longer has it.
    struct SaveConflict
    {
        quint64 key = 0;
        QString gpuId;
        std::optional<GpuSpec> mine;
        std::optional<GpuSpec> theirs;
    };
    enum class Keep
    {
        Mine,
        Theirs
    };

    struct SaveResult
    {
        CatalogueError error;            // set when nothing was saved for another reason
        QVector<SaveConflict> conflicts; // non-empty: nothing was saved
        int written = 0;                 // rows inserted, updated or deleted
        bool ok() const { return !error && conflicts.isEmpty(); }
    };

    // What is not saved: a row changed (saved and current), added (no saved) or deleted (no current).
    struct PendingEdit
    {
        quint64 key = 0;
        std::optional<GpuSpec> saved;
        std::optional<GpuSpec> current;
    };

    explicit GpuEditSession(QObject *parent = nullptr);

    // Holds gpus without a catalogue: save() only marks edits as saved (import previews, tests).
    void setGpus(const QVector<GpuSpec> &gpus);
    // Holds the catalogue's GPUs; save() writes to it. The catalogue must outlive the session.
    CatalogueError setCatalogue(const Catalogue *catalogue);
    // Reads the catalogue again. Pending edits are lost: the caller asks the user first.
    CatalogueError reload();
    void revert() { reload(); }

    int rowCount() const { return static_cast<int>(m_rows.size()); }
    QVector<GpuSpec> gpus() const; // the rows as shown, pending edits included
    // The row's GPU with its pending edits; an empty GpuSpec for a row that is not there.
    const GpuSpec &gpuAt(int row) const;
    // The row as the file has it; nullopt for a row not saved yet.
    std::optional<GpuSpec> savedAt(int row) const;
    int rowOf(const QString &gpuId) const;
    QHash<QString, int> rowsById() const; // for many lookups at once
    quint64 keyAt(int row) const { return row >= 0 && row < m_rows.size() ? m_rows[row].key : 0; }
    int rowOfKey(quint64 key) const;
    // The row's identity text (id, vendor, names, architecture, chip), lower case, for searches.
    QString searchTextAt(int row) const;
    bool isReadOnly() const;
    QString readOnlyMessage() const; // why nothing can be changed ("" when it can)

    // Why value cannot go into column ("" when it can).
    static QString validate(int column, const QVariant &value);
    // Why row cannot take value in column ("" when it can: then *edited, if given, is the edited row).
    // Adds the checks of the whole table to validate(): a gpu_id must stay unique.
    QString checkEdit(int row, int column, const QVariant &value, GpuSpec *edited = nullptr) const;
    // Why gpu cannot be added ("" when it can): every field valid, its gpu_id new.
    QString checkNewGpu(const GpuSpec &gpu, const GpuField **badField = nullptr) const;
    // Why row cannot take every field of values ("" when it can): what setSpecs() refuses.
    QString checkSpecs(int row, const GpuSpec &values, const GpuField **badField = nullptr) const;
    QString lastError() const { return m_lastError; }

    // Pending edits (undo commands call these).
    // Changes one cell of row, checked by checkEdit(); false (with editRefused) when refused.
    bool setValue(int row, int column, const QVariant &value);
    // Replaces the spec fields of row with those of values (ids and revisions stay); validated.
    bool setSpecs(int row, const GpuSpec &values);
    // Adds gpu as a new row in the catalogue's order; returns its key, or 0 with lastError() set.
    quint64 addGpu(const GpuSpec &gpu);
    // Adds many rows at once (an import): one reset instead of a row insert each. Returns the keys.
    QVector<quint64> addGpus(const QVector<GpuSpec> &gpus);
    // Removes row; a row that is in the file is deleted from it on save.
    std::optional<RemovedRow> takeRow(int row);
    void takeRows(const QVector<quint64> &keys);
    // Puts back a row that takeRow() removed (undo); returns its row.
    int restoreRow(const RemovedRow &removed);

    QVector<PendingEdit> pendingEdits() const;
    bool hasUnsavedChanges() const;
    int unsavedRowCount() const; // rows new or changed, plus deletions
    bool rowUnsaved(int row) const { return row >= 0 && row < m_rows.size() && m_rows[row].unsaved; }
    bool cellUnsaved(int row, const GpuField &field) const;

    SaveResult save();
    void resolveConflict(const SaveConflict &conflict, Keep keep);

signals:
    // Around a change of every row (a read, an import's additions, a multiple deletion).
    void aboutToReset();
    void reset();
    void rowAboutToBeInserted(int row);
    void rowInserted(int row);
    void rowAboutToBeRemoved(int row);
    void rowRemoved(int row);
    void rowsChanged(int first, int last); // values or marks of these rows changed
    void editRefused(int row, int column, const QString &reason);
    void unsavedChangesChanged(bool unsaved);
    void saved(int written); // the catalogue file changed: the comparison reads it again

private:
    struct Row
    {
        quint64 key = 0;
        GpuSpec current;
        std::optional<GpuSpec> saved;
        QString searchText;
        bool unsaved = false; // !saved, or current differs from saved (kept up to date: 50 compares a row)
    };

    Row makeRow(const GpuSpec &current, std::optional<GpuSpec> saved);
    int sortedRow(const GpuSpec &gpu) const;
    bool refuse(int row, int column, const QString &reason);
    void noteUnsavedState();
    static void refreshRow(Row &row);
    QVector<SaveConflict> findConflicts(const QVector<GpuSpec> &inFile) const;
    void replaceRows(QVector<GpuSpec> gpus);
    void insertRow(int at, Row row);
    void removeRow(int at);

    QVector<Row> m_rows;
    QVector<RemovedRow> m_deleted; // rows in the file that save() deletes
    const Catalogue *m_catalogue = nullptr;
    QString m_lastError;
    quint64 m_nextKey = 1;
    bool m_reportedUnsaved = false;
};
