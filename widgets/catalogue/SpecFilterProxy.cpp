#include "widgets/catalogue/SpecFilterProxy.h"

#include "db/SpecTableModel.h"

SpecFilterProxy::SpecFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SpecTableModel::RawValueRole);
}

void SpecFilterProxy::setSearch(const QString &text, bool changedOnly)
{
    m_needle = text.trimmed().toLower();
    m_changedOnly = changedOnly;
    invalidateFilter();
}

bool SpecFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex first = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_changedOnly && !first.data(SpecTableModel::RowChangedByUserRole).toBool() &&
        !first.data(SpecTableModel::RowUnsavedRole).toBool())
        return false;
    return m_needle.isEmpty() || first.data(SpecTableModel::SearchTextRole).toString().contains(m_needle);
}
