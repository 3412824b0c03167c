#pragma once

#include "widgets/plan/PlanViewData.h"

#include <QAbstractTableModel>

// The Plan tab's results: one row per GPU type considered, cheapest first, GPU types that cannot meet the
// target after them with the reason (in ReasonColumn). The columns' headers follow the task (serving or
// training).
class PlanTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RankColumn = 0,
        GpuColumn,
        GpusColumn,
        LayoutColumn,
        SettingsColumn,
        UsdPerHourColumn,
        CostColumn,    // $ per million tokens (serving) or the run's cost (training)
        LatencyColumn, // TTFT p90 (serving) or days (training)
        SpeedColumn,   // TPOT p90 (serving) or MFU (training)
        MarginColumn,
        ColumnCount,
        // A GPU type without a configuration that meets the target shows why in its GPUs cell, which the
        // view spans over the columns after it.
        ReasonColumn = GpusColumn
    };
    enum Role
    {
        RawValueRole = Qt::UserRole + 1, // double (numbers), QString (text) for sorting; invalid where empty
        GpuIdRole,                       // QString: the row's GPU id
        MeetsTargetRole,                 // bool: the row has a configuration that meets the target
        ReasonRole,                      // QString: why not, or "not searched yet"; empty with a plan
    };

    explicit PlanTableModel(QObject *parent = nullptr);

    // Same GPU types in the same order: only the changed cells are reported; otherwise a reset.
    void setPlan(const PlanTableData &data);
    const PlanTableData &plan() const { return m_data; }
    int rowOf(const QString &gpuId) const; // -1 when absent

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString displayText(const PlanTableRow &row, int column) const;
    QVariant rawValue(const PlanTableRow &row, int column) const;

    PlanTableData m_data;
};
