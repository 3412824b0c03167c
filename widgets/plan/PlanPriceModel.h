#pragma once

#include "widgets/plan/PlanViewData.h"

#include <QAbstractTableModel>
#include <QHash>

// The editable $ / GPU-hour of each GPU type the plan considers, over the defaults it is given (the
// catalogue's prices). An edited price is kept for its GPU while the list of GPUs changes, until reset.
class PlanPriceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        GpuColumn = 0,
        PriceColumn,
        ColumnCount
    };
    enum Role
    {
        RawValueRole = Qt::UserRole + 1, // double: the price in use; QString: the GPU name
        GpuIdRole,
        EditedRole, // bool: the user changed this price
    };

    explicit PlanPriceModel(QObject *parent = nullptr);

    void setRows(const QVector<PlanPriceRow> &rows); // keeps the edits; emits nothing of its own
    const QVector<PlanPriceRow> &rows() const { return m_rows; }
    QHash<QString, double> editedPrices() const { return m_edits; }
    void setEditedPrices(const QHash<QString, double> &prices);
    void resetPrices(); // back to the defaults; emits pricesEdited() when something changed

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

signals:
    void pricesEdited(); // by the user (setData, resetPrices)

private:
    std::optional<double> priceOf(const PlanPriceRow &row) const;

    QVector<PlanPriceRow> m_rows;
    QHash<QString, double> m_edits;
};
