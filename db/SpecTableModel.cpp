#include "db/SpecTableModel.h"

#include "db/Quantity.h"

SpecTableModel::SpecTableModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(new GpuEditSession(this))
{
    connect(m_session, &GpuEditSession::aboutToReset, this, &SpecTableModel::beginResetModel);
    connect(m_session, &GpuEditSession::reset, this, &SpecTableModel::endResetModel);
    connect(m_session, &GpuEditSession::rowAboutToBeInserted, this,
            [this](int row) { beginInsertRows(QModelIndex(), row, row); });
    connect(m_session, &GpuEditSession::rowInserted, this, &SpecTableModel::endInsertRows);
    connect(m_session, &GpuEditSession::rowAboutToBeRemoved, this,
            [this](int row) { beginRemoveRows(QModelIndex(), row, row); });
    connect(m_session, &GpuEditSession::rowRemoved, this, &SpecTableModel::endRemoveRows);
    connect(m_session, &GpuEditSession::rowsChanged, this, &SpecTableModel::emitRowsChanged);
}

void SpecTableModel::emitRowsChanged(int first, int last)
{
    // The unsaved and bundled marks belong to the whole row.
    emit dataChanged(index(first, 0), index(last, GpuField::Count - 1));
}

void SpecTableModel::setBundled(const QVector<GpuSpec> &bundled)
{
    m_bundledLoader = nullptr;
    m_bundled.clear();
    for (const GpuSpec &gpu : bundled)
        m_bundled.insert(gpu.gpuId, gpu);
    if (rowCount() > 0)
        emitRowsChanged(0, rowCount() - 1);
}

const GpuSpec *SpecTableModel::bundledFor(const GpuSpec &gpu) const
{
    if (m_bundledLoader) {
        const auto loader = std::move(m_bundledLoader);
        m_bundledLoader = nullptr;
        for (const GpuSpec &bundled : loader())
            m_bundled.insert(bundled.gpuId, bundled);
    }
    const auto found = m_bundled.constFind(gpu.gpuId);
    return found == m_bundled.constEnd() ? nullptr : &found.value();
}

std::optional<GpuSpec> SpecTableModel::bundledGpu(int row) const
{
    if (row < 0 || row >= rowCount())
        return std::nullopt;
    const GpuSpec *bundled = bundledFor(m_session->gpuAt(row));
    return bundled ? std::optional<GpuSpec>(*bundled) : std::nullopt;
}

int SpecTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_session->rowCount();
}

int SpecTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : GpuField::Count;
}

QString SpecTableModel::displayText(const GpuField &field, const QVariant &value)
{
    if (!field.isNumeric())
        return value.toString();
    if (field.type == GpuField::Type::Integer)
        return value.isNull() ? QStringLiteral("n/a")
                              : Quantity::format(value.toDouble(), field.unitText(), 0);
    return Quantity::format(value.isNull() ? std::nullopt : std::optional<double>(value.toDouble()),
                            field.unitText());
}

QVariant SpecTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const GpuSpec &gpu = m_session->gpuAt(row);
    const GpuField &field = GpuFields::field(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return displayText(field, GpuFields::value(gpu, field));
    case Qt::EditRole:
    case RawValueRole:
        return GpuFields::value(gpu, field);
    case Qt::ToolTipRole: {
        QStringList lines;
        if (field.id == GpuField::GpuId && !gpu.sources.isEmpty())
            lines << tr("Sources: %1").arg(gpu.sources);
        else if (!field.unitText().isEmpty())
            lines << field.unitText();
        if (m_session->cellUnsaved(row, field)) {
            const std::optional<GpuSpec> saved = m_session->savedAt(row);
            lines << (saved ? tr("Not saved yet; saved value: %1")
                                  .arg(displayText(field, GpuFields::value(*saved, field)))
                            : tr("New GPU, not saved yet"));
        }
        if (const GpuSpec *bundled = bundledFor(gpu)) {
            const QVariant bundledValue = GpuFields::value(*bundled, field);
            if (bundledValue != GpuFields::value(gpu, field))
                lines << tr("Bundled value: %1").arg(displayText(field, bundledValue));
        }
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(u'\n'));
    }
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
    case UnsavedRole:
        return m_session->cellUnsaved(row, field);
    case RowUnsavedRole:
        return m_session->rowUnsaved(row);
    case BundledValueRole: {
        const GpuSpec *bundled = bundledFor(gpu);
        return bundled ? GpuFields::value(*bundled, field) : QVariant();
    }
    case DiffersFromBundledRole: {
        const GpuSpec *bundled = bundledFor(gpu);
        return bundled && GpuFields::value(*bundled, field) != GpuFields::value(gpu, field);
    }
    case RowChangedByUserRole: {
        const GpuSpec *bundled = bundledFor(gpu);
        return !bundled || !GpuFields::sameSpecs(*bundled, gpu);
    }
    case SearchTextRole:
        return m_session->searchTextAt(row);
    case RowKeyRole:
        return m_session->keyAt(row);
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
        const QString label = field.displayLabel();
        return field.unitText().isEmpty() ? label : label + QStringLiteral(" (") + field.unitText() + u')';
    }
    case Qt::ToolTipRole:
        // The key stays as it is: it is the column's name in exported files.
        return tr("Column %1 in CSV and JSON files").arg(field.name());
    case UnitRole:
        return field.unitText();
    case FieldKeyRole:
        return field.name();
    default:
        return {};
    }
}
