#pragma once

#include "CatalogueError.h"
#include "GpuField.h"
#include "GpuSpec.h"

#include <QAbstractTableModel>
#include <QVector>

class Catalogue;

// The GPUs of the catalogue as a table: one row per GPU, one column per GpuField (the column enum is
// GpuField::Id, in GpuFields::all() order).
// - Qt::DisplayRole: the value with its unit ("989.4 TFLOPS"), "n/a" for a missing number;
// - Qt::EditRole: the raw value (double, int or QString), a null QVariant when missing;
// - RawValueRole: the same raw value, for sorting (numbers sort as numbers);
// - Qt::ToolTipRole: the column's unit and, on the id column, the sources.
// setData() validates (validate()) and, when a catalogue is attached, saves the row at once through
// GpuRepository::update (optimistic: a row changed elsewhere is refused as a conflict). A refused
// edit leaves the model unchanged, sets lastError() and emits editRefused() with the reason.
class SpecTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role
    {
        RawValueRole = Qt::UserRole + 1,
        GpuIdRole,        // the row's gpu_id, on every column
        UnitRole,         // the column's canonical unit
        FieldKeyRole,     // the column's snake_case key (gpu_id, fp16_dense_tflops, ...)
        UserModifiedRole, // bool: the user changed this row after it came from the seed
    };

    explicit SpecTableModel(QObject *parent = nullptr);

    // Shows gpus without a catalogue: edits change only the model (import previews, tests).
    void setGpus(const QVector<GpuSpec> &gpus);
    // Shows the catalogue's GPUs; edits are saved to it. The catalogue must outlive the model.
    CatalogueError setCatalogue(const Catalogue *catalogue);
    CatalogueError reload();

    const QVector<GpuSpec> &gpus() const { return m_gpus; }
    GpuSpec gpuAt(int row) const { return m_gpus.value(row); }
    int rowOf(const QString &gpuId) const;
    bool isReadOnly() const;

    // Adds a GPU (validated; saved first when a catalogue is attached) as a new row, kept in the
    // catalogue's order. Returns the row, or -1 with lastError() set and editRefused(-1, -1, reason).
    int addGpu(const GpuSpec &gpu);
    // Deletes the row (revision-checked when a catalogue is attached); false with lastError() set.
    bool removeGpu(int row);

    // Why value cannot go into column ("" when it can).
    static QString validate(int column, const QVariant &value);
    QString lastError() const { return m_lastError; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void editRefused(int row, int column, const QString &reason);

private:
    bool refuse(int row, int column, const QString &reason);

    QVector<GpuSpec> m_gpus;
    const Catalogue *m_catalogue = nullptr;
    QString m_lastError;
};
