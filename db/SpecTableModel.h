#pragma once

#include "db/GpuEditSession.h"
#include "db/GpuField.h"
#include "db/GpuSpec.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QVector>
#include <functional>
#include <optional>

// The GPUs of a GpuEditSession as a table: one row per GPU, one column per GpuField (the column enum is
// GpuField::Id, in GpuFields::all() order).
// - Qt::DisplayRole: the value with its unit ("989.4 TFLOPS"), "n/a" for a missing number;
// - Qt::EditRole / RawValueRole: the raw value (double, int or QString), a null QVariant when missing;
// - Qt::ToolTipRole: the column's unit, the bundled value where the cell differs from it, and on the id
//   column the sources.
//
// The model owns its session, which holds the pending edits and saves them. It only shows them: an edit is
// the session's (GpuEditSession::setValue), and views edit through CatalogueEditor's undoable model over
// this one, so no door edits the catalogue without undo.
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

    explicit SpecTableModel(QObject *parent = nullptr);

    GpuEditSession *session() const { return m_session; }

    // The bundled seed's GPUs: cells that differ from them are marked and can be restored.
    void setBundled(const QVector<GpuSpec> &bundled);
    // The same, read on first use: only the Catalogue tab needs it, and parsing the seed delays the first
    // frame.
    void setBundledLoader(std::function<QVector<GpuSpec>()> loader) { m_bundledLoader = std::move(loader); }
    std::optional<GpuSpec> bundledGpu(int row) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString displayText(const GpuField &field, const QVariant &value);

private:
    void emitRowsChanged(int first, int last);
    const GpuSpec *bundledFor(const GpuSpec &gpu) const;

    GpuEditSession *m_session;
    mutable QHash<QString, GpuSpec> m_bundled;
    mutable std::function<QVector<GpuSpec>()> m_bundledLoader;
};
