#pragma once

#include "CatalogueError.h"
#include "GpuField.h"
#include "GpuSpec.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QVector>
#include <functional>
#include <optional>

class Catalogue;

// The GPUs of the catalogue as a table: one row per GPU, one column per GpuField (the column enum is
// GpuField::Id, in GpuFields::all() order).
// - Qt::DisplayRole: the value with its unit ("989.4 TFLOPS"), "n/a" for a missing number;
// - Qt::EditRole / RawValueRole: the raw value (double, int or QString), a null QVariant when missing;
// - Qt::ToolTipRole: the column's unit, the bundled value where the cell differs from it, and on the id
//   column the sources.
//
// Edits are pending: setData() validates and changes the table only; save() writes every pending edit,
// addition and deletion to the catalogue in one transaction, revert() throws them away. A row changed
// or deleted in the file since it was read is not overwritten: save() returns it as a SaveConflict and
// writes nothing until resolveConflict() said which version to keep. Every row carries a key that stays
// the same while rows move, for undo commands (which live above this library).
class SpecTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role
    {
        RawValueRole = Qt::UserRole + 1,
        GpuIdRole,              // the row's gpu_id, on every column
        UnitRole,               // the column's canonical unit
        FieldKeyRole,           // the column's snake_case key (gpu_id, fp16_dense_tflops, ...)
        UserModifiedRole,       // bool: the file marks this row as changed by the user
        UnsavedRole,            // bool: this cell (on any column: the row) holds an edit not saved yet
        RowUnsavedRole,         // bool: the row is new or has an unsaved edit in any cell
        BundledValueRole,       // the bundled seed's raw value of this cell; invalid when not bundled
        DiffersFromBundledRole, // bool: a bundled GPU whose cell is not the bundled value
        RowChangedByUserRole,   // bool: not a bundled GPU, or some cell differs from the bundled one
        SearchTextRole,         // the row's identity text (id, vendor, names, architecture, chip), lower case
        RowKeyRole,             // quint64: the row's key
    };

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

    explicit SpecTableModel(QObject *parent = nullptr);

    // Shows gpus without a catalogue: save() only marks edits as saved (import previews, tests).
    void setGpus(const QVector<GpuSpec> &gpus);
    // Shows the catalogue's GPUs; save() writes to it. The catalogue must outlive the model.
    CatalogueError setCatalogue(const Catalogue *catalogue);
    // Reads the catalogue again. Pending edits are lost: the caller asks the user first.
    CatalogueError reload();
    // The bundled seed's GPUs: cells that differ from them are marked and can be restored.
    void setBundled(const QVector<GpuSpec> &bundled);
    // The same, read on first use: only the Catalogue tab needs it, and parsing the seed delays the first frame.
    void setBundledLoader(std::function<QVector<GpuSpec>()> loader) { m_bundledLoader = std::move(loader); }

    QVector<GpuSpec> gpus() const; // the rows as shown, pending edits included
    GpuSpec gpuAt(int row) const { return row >= 0 && row < m_rows.size() ? m_rows[row].current : GpuSpec(); }
    int rowOf(const QString &gpuId) const;
    QHash<QString, int> rowsById() const; // for many lookups at once
    quint64 keyAt(int row) const { return row >= 0 && row < m_rows.size() ? m_rows[row].key : 0; }
    int rowOfKey(quint64 key) const;
    bool isReadOnly() const;
    QString readOnlyMessage() const; // why nothing can be changed ("" when it can)
    std::optional<GpuSpec> bundledGpu(int row) const;

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

    // What is not saved: a row changed (saved and current), added (no saved) or deleted (no current).
    struct PendingEdit
    {
        quint64 key = 0;
        std::optional<GpuSpec> saved;
        std::optional<GpuSpec> current;
    };
    QVector<PendingEdit> pendingEdits() const;

    bool hasUnsavedChanges() const;
    int unsavedRowCount() const; // rows new or changed, plus deletions

    SaveResult save();
    void resolveConflict(const SaveConflict &conflict, Keep keep);
    void revert() { reload(); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    QHash<int, QByteArray> roleNames() const override;

    static QString displayText(const GpuField &field, const QVariant &value);

signals:
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
    bool cellUnsaved(const Row &row, const GpuField &field) const;
    bool rowUnsaved(const Row &row) const { return row.unsaved; }
    static void refreshRow(Row &row);
    const GpuSpec *bundledFor(const GpuSpec &gpu) const;
    QVector<SaveConflict> findConflicts(const QVector<GpuSpec> &inFile) const;
    void replaceRows(QVector<GpuSpec> gpus);

    QVector<Row> m_rows;
    QVector<RemovedRow> m_deleted; // rows in the file that save() deletes
    mutable QHash<QString, GpuSpec> m_bundled;
    mutable std::function<QVector<GpuSpec>()> m_bundledLoader;
    const Catalogue *m_catalogue = nullptr;
    QString m_lastError;
    quint64 m_nextKey = 1;
    bool m_reportedUnsaved = false;
};
