#include "widgets/plan/PlanPriceModel.h"

#include "widgets/common/ValueFormat.h"

#include <QFont>

PlanPriceModel::PlanPriceModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void PlanPriceModel::setRows(const QVector<PlanPriceRow> &rows)
{
    if (rows == m_rows)
        return;
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

void PlanPriceModel::setEditedPrices(const QHash<QString, double> &prices)
{
    if (prices == m_edits)
        return;
    m_edits = prices;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, ColumnCount - 1));
}

void PlanPriceModel::resetPrices()
{
    if (m_edits.isEmpty())
        return;
    setEditedPrices({});
    emit pricesEdited();
}

std::optional<double> PlanPriceModel::priceOf(const PlanPriceRow &row) const
{
    const auto edit = m_edits.constFind(row.gpuId);
    return edit != m_edits.cend() ? std::optional<double>(*edit) : row.usdPerGpuHour;
}

int PlanPriceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PlanPriceModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlanPriceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PlanPriceRow &row = m_rows.at(index.row());
    const bool edited = m_edits.contains(row.gpuId);
    const std::optional<double> price = priceOf(row);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == GpuColumn)
            return row.gpuName;
        return price ? QStringLiteral("$") + ValueFormat::number(*price) : tr("none");
    case Qt::EditRole:
        if (index.column() == GpuColumn)
            return row.gpuName;
        return price.value_or(0.0);
    case Qt::ToolTipRole:
        if (index.column() != PriceColumn)
            return row.gpuName;
        if (!edited)
            return tr("The catalogue's price; double-click to change it for this plan");
        return row.usdPerGpuHour ? tr("Changed for this plan; the catalogue's is $%1")
                                       .arg(ValueFormat::number(*row.usdPerGpuHour))
                                 : tr("Changed for this plan; the catalogue has none");
    case Qt::FontRole:
        if (edited && index.column() == PriceColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == PriceColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                             : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case RawValueRole:
        if (index.column() == GpuColumn)
            return row.gpuName;
        return price ? QVariant(*price) : QVariant();
    case GpuIdRole:
        return row.gpuId;
    case EditedRole:
        return edited;
    default:
        return {};
    }
}

bool PlanPriceModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != PriceColumn ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    bool ok = false;
    const double price = value.toDouble(&ok);
    if (!ok || price < 0.0)
        return false;
    const PlanPriceRow &row = m_rows.at(index.row());
    if (priceOf(row) == price)
        return true;
    if (row.usdPerGpuHour == price)
        m_edits.remove(row.gpuId); // back to the default
    else
        m_edits.insert(row.gpuId, price);
    emit dataChanged(index, index);
    emit pricesEdited();
    return true;
}

QVariant PlanPriceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case GpuColumn:
        return tr("GPU");
    case PriceColumn:
        return tr("$ / h");
    default:
        return {};
    }
}

Qt::ItemFlags PlanPriceModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == PriceColumn)
        flags |= Qt::ItemIsEditable;
    return flags;
}
