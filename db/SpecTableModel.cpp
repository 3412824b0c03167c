#include "SpecTableModel.h"

#include "Catalogue.h"
#include "GpuRepository.h"
#include "Quantity.h"

#include <algorithm>
#include <tuple>

SpecTableModel::SpecTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void SpecTableModel::setGpus(const QVector<GpuSpec> &gpus)
{
    beginResetModel();
    m_catalogue = nullptr;
    m_gpus = gpus;
    endResetModel();
}

CatalogueError SpecTableModel::setCatalogue(const Catalogue *catalogue)
{
    m_catalogue = catalogue;
    return reload();
}

CatalogueError SpecTableModel::reload()
{
    CatalogueError error;
    QVector<GpuSpec> loaded = m_catalogue ? m_catalogue->gpus().list(&error) : m_gpus;
    if (error)
        return error;
    beginResetModel();
    m_gpus = std::move(loaded);
    endResetModel();
    return {};
}

int SpecTableModel::rowOf(const QString &gpuId) const
{
    for (int row = 0; row < m_gpus.size(); ++row)
        if (m_gpus[row].gpuId == gpuId)
            return row;
    return -1;
}

bool SpecTableModel::isReadOnly() const
{
    return m_catalogue && m_catalogue->isReadOnly();
}

QString SpecTableModel::validate(int column, const QVariant &value)
{
    if (column < 0 || column >= GpuField::Count)
        return tr("there is no column %1").arg(column);
    return GpuFields::validate(GpuFields::field(column), value);
}

int SpecTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_gpus.size());
}

int SpecTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : GpuField::Count;
}

QVariant SpecTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const GpuSpec &gpu = m_gpus.at(index.row());
    const GpuField &field = GpuFields::field(index.column());
    switch (role) {
    case Qt::DisplayRole: {
        const QVariant value = GpuFields::value(gpu, field);
        if (!field.isNumeric())
            return value;
        if (field.type == GpuField::Type::Integer)
            return value.isNull() ? QStringLiteral("n/a")
                                  : Quantity::format(value.toDouble(), field.unitText(), 0);
        return Quantity::format(value.isNull() ? std::nullopt : std::optional<double>(value.toDouble()),
                                field.unitText());
    }
    case Qt::EditRole:
    case RawValueRole:
        return GpuFields::value(gpu, field);
    case Qt::ToolTipRole:
        if (field.id == GpuField::GpuId)
            return gpu.sources;
        return field.unitText().isEmpty() ? QVariant() : QVariant(field.unitText());
    case Qt::TextAlignmentRole:
        return field.isNumeric() ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case GpuIdRole:
        return gpu.gpuId;
    case UnitRole:
        return field.unitText();
    case FieldKeyRole:
        return field.name();
    case UserModifiedRole:
        return gpu.userModified;
    default:
        return {};
    }
}

QVariant SpecTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical || section < 0 || section >= GpuField::Count)
        return QAbstractTableModel::headerData(section, orientation, role);
    const GpuField &field = GpuFields::field(section);
    switch (role) {
    case Qt::DisplayRole: {
        const QString label = tr(field.label);
        return field.unitText().isEmpty() ? label : label + QStringLiteral(" (") + field.unitText() + u')';
    }
    case UnitRole:
        return field.unitText();
    case FieldKeyRole:
        return field.name();
    default:
        return {};
    }
}

Qt::ItemFlags SpecTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags result = QAbstractTableModel::flags(index);
    if (index.isValid() && !isReadOnly())
        result |= Qt::ItemIsEditable;
    return result;
}

bool SpecTableModel::refuse(int row, int column, const QString &reason)
{
    m_lastError = reason;
    emit editRefused(row, column, reason);
    return false;
}

bool SpecTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const GpuField &field = GpuFields::field(index.column());
    const QString label = tr(field.label);
    if (isReadOnly())
        return refuse(index.row(), index.column(),
                      tr("The catalogue is read-only: %1").arg(m_catalogue->readOnlyReason()));
    QString problem;
    GpuSpec edited = m_gpus.at(index.row());
    if (!GpuFields::setValue(edited, field, value, &problem))
        return refuse(index.row(), index.column(), label + QStringLiteral(": ") + problem);
    if (GpuFields::value(edited, field) == GpuFields::value(m_gpus.at(index.row()), field))
        return true; // nothing changed: no save, no new revision
    if (m_catalogue) {
        GpuRepository repository = m_catalogue->gpus();
        if (CatalogueError error = repository.update(edited))
            return refuse(index.row(), index.column(), error.message);
    } else {
        edited.userModified = true;
    }
    m_gpus[index.row()] = edited;
    m_lastError.clear();
    // The revision and the user-modified mark belong to the whole row.
    emit dataChanged(this->index(index.row(), 0), this->index(index.row(), GpuField::Count - 1));
    return true;
}

int SpecTableModel::addGpu(const GpuSpec &gpu)
{
    if (isReadOnly()) {
        refuse(-1, -1, tr("The catalogue is read-only: %1").arg(m_catalogue->readOnlyReason()));
        return -1;
    }
    GpuSpec added = gpu;
    added.rowId = 0;
    if (m_catalogue) {
        added.userModified = true;
        GpuRepository repository = m_catalogue->gpus();
        if (CatalogueError error = repository.insert(added)) {
            refuse(-1, -1, error.message);
            return -1;
        }
    } else {
        const GpuField *bad = nullptr;
        const QString problem = GpuFields::validateAll(added, &bad);
        if (!problem.isEmpty()) {
            refuse(-1, bad ? bad->id : -1, problem);
            return -1;
        }
        if (rowOf(added.gpuId) >= 0) {
            refuse(-1, GpuField::GpuId, tr("a GPU with the id '%1' already exists").arg(added.gpuId));
            return -1;
        }
    }
    // Same order as GpuRepository::list: vendor, product, variant, gpu_id.
    const auto before = [](const GpuSpec &a, const GpuSpec &b) {
        return std::tie(a.vendor, a.product, a.variant, a.gpuId) <
               std::tie(b.vendor, b.product, b.variant, b.gpuId);
    };
    const int row =
        static_cast<int>(std::lower_bound(m_gpus.cbegin(), m_gpus.cend(), added, before) - m_gpus.cbegin());
    beginInsertRows(QModelIndex(), row, row);
    m_gpus.insert(row, added);
    endInsertRows();
    m_lastError.clear();
    return row;
}

bool SpecTableModel::removeGpu(int row)
{
    if (row < 0 || row >= m_gpus.size())
        return false;
    if (isReadOnly())
        return refuse(row, -1, tr("The catalogue is read-only: %1").arg(m_catalogue->readOnlyReason()));
    if (m_catalogue) {
        GpuRepository repository = m_catalogue->gpus();
        if (CatalogueError error = repository.remove(m_gpus.at(row)))
            return refuse(row, -1, error.message);
    }
    beginRemoveRows(QModelIndex(), row, row);
    m_gpus.removeAt(row);
    endRemoveRows();
    m_lastError.clear();
    return true;
}

QHash<int, QByteArray> SpecTableModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(RawValueRole, "rawValue");
    names.insert(GpuIdRole, "gpuId");
    names.insert(UnitRole, "unit");
    names.insert(FieldKeyRole, "fieldKey");
    names.insert(UserModifiedRole, "userModified");
    return names;
}
