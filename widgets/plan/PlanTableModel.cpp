#include "widgets/plan/PlanTableModel.h"

#include "widgets/common/ValueFormat.h"

#include <QPalette>
#include <QSize>

namespace {

QString dollars(const std::optional<double> &value)
{
    return value ? QStringLiteral("$") + ValueFormat::number(*value) : QString();
}

QString compact(const std::optional<double> &value)
{
    return value ? ValueFormat::compact(*value) : QString();
}

QVariant raw(const std::optional<double> &value)
{
    return value ? QVariant(*value) : QVariant();
}

} // namespace

PlanTableModel::PlanTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void PlanTableModel::setPlan(const PlanTableData &data)
{
    const bool sameRows =
        data.training == m_data.training && data.rows.size() == m_data.rows.size() &&
        std::equal(data.rows.cbegin(), data.rows.cend(), m_data.rows.cbegin(),
                   [](const PlanTableRow &a, const PlanTableRow &b) { return a.gpuId == b.gpuId; });
    if (!sameRows) {
        beginResetModel();
        m_data = data;
        endResetModel();
        return;
    }
    const PlanTableData old = m_data;
    m_data = data;
    for (int row = 0; row < m_data.rows.size(); ++row)
        if (!(old.rows.at(row) == m_data.rows.at(row)))
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int PlanTableModel::rowOf(const QString &gpuId) const
{
    for (int row = 0; row < m_data.rows.size(); ++row)
        if (m_data.rows.at(row).gpuId == gpuId)
            return row;
    return -1;
}

int PlanTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_data.rows.size());
}

int PlanTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString PlanTableModel::displayText(const PlanTableRow &row, int column) const
{
    switch (column) {
    case RankColumn:
        return row.rank > 0 ? QString::number(row.rank) : QString();
    case GpuColumn:
        return row.gpuName;
    case GpusColumn:
        return row.gpus ? QLocale().toString(*row.gpus) : row.note;
    case LayoutColumn:
        return row.layout;
    case SettingsColumn:
        // A planned row's notes (no price, a GeForce kept to one machine, a precision without a tensor
        // rate) are read with its settings.
        return row.gpus && !row.note.isEmpty()
                   ? row.settings + QStringLiteral(" · ⚠ ") + row.note.split(u'\n').join(QStringLiteral("; "))
                   : row.settings;
    case UsdPerHourColumn:
        return dollars(row.usdPerHour);
    case CostColumn:
        return dollars(row.cost);
    case LatencyColumn:
        return compact(row.latency);
    case SpeedColumn:
        return compact(row.speed);
    case MarginColumn:
        return row.marginPercent ? tr("%1%").arg(ValueFormat::compact(*row.marginPercent)) : QString();
    default:
        return {};
    }
}

QVariant PlanTableModel::rawValue(const PlanTableRow &row, int column) const
{
    switch (column) {
    case RankColumn:
        return row.rank > 0 ? QVariant(row.rank) : QVariant();
    case GpusColumn:
        return row.gpus ? QVariant(*row.gpus) : QVariant();
    case UsdPerHourColumn:
        return raw(row.usdPerHour);
    case CostColumn:
        return raw(row.cost);
    case LatencyColumn:
        return raw(row.latency);
    case SpeedColumn:
        return raw(row.speed);
    case MarginColumn:
        return raw(row.marginPercent);
    default: {
        const QString text = displayText(row, column);
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
    }
}

QVariant PlanTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PlanTableRow &row = m_data.rows.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayText(row, column);
    case Qt::ToolTipRole:
        if ((column == ReasonColumn && !row.gpus) || column == LayoutColumn || column == SettingsColumn)
            return displayText(row, column);
        return {};
    case Qt::TextAlignmentRole:
        if (column == GpuColumn || column == LayoutColumn || column == SettingsColumn ||
            (column == ReasonColumn && !row.gpus))
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::SizeHintRole:
        // The reason spans the row's value columns: it must not widen the GPUs column.
        if (column == ReasonColumn && !row.gpus)
            return QSize(1, 1);
        return {};
    case Qt::ForegroundRole:
        if (row.pending)
            return QPalette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case RawValueRole:
        return rawValue(row, column);
    case GpuIdRole:
        return row.gpuId;
    case MeetsTargetRole:
        return row.rank > 0;
    case ReasonRole:
        return row.gpus ? QString() : row.note;
    default:
        return {};
    }
}

QVariant PlanTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool training = m_data.training;
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case RankColumn:
            return tr("Cheapest first among the GPU types that meet the target");
        case CostColumn:
            return training ? tr("The whole run's cost at these prices")
                            : tr("Dollars per million output tokens under the load");
        case GpusColumn:
            return tr("GPUs of the configuration; for a GPU type that cannot meet the target, why not");
        case MarginColumn:
            return tr("How far inside the tightest target, as a share of it");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn:
        return tr("Rank");
    case GpuColumn:
        return tr("GPU");
    case GpusColumn:
        return tr("GPUs");
    case LayoutColumn:
        return tr("Layout");
    case SettingsColumn:
        return tr("Settings");
    case UsdPerHourColumn:
        return tr("$ / hour");
    case CostColumn:
        return training ? tr("Run cost") : tr("$ / M\ntokens");
    case LatencyColumn:
        return training ? tr("Days") : tr("TTFT p90\n(ms)");
    case SpeedColumn:
        return training ? tr("MFU\n(%)") : tr("TPOT p90\n(ms)");
    case MarginColumn:
        return tr("Margin");
    default:
        return {};
    }
}
