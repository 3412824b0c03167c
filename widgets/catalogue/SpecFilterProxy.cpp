#include "widgets/catalogue/SpecFilterProxy.h"

#include "db/SpecTableModel.h"

#include <algorithm>

SpecFilterProxy::SpecFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SpecTableModel::RawValueRole);
}

void SpecFilterProxy::setSearch(const QString &text, bool changedOnly)
{
    m_words = text.toLower().split(u' ', Qt::SkipEmptyParts);
    m_changedOnly = changedOnly;
    invalidateFilter();
}

bool SpecFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex first = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_changedOnly && !first.data(SpecTableModel::RowChangedByUserRole).toBool() &&
        !first.data(SpecTableModel::RowUnsavedRole).toBool())
        return false;
    // Every word, in any order ("H100 SXM" finds "H100 SXM5 80GB").
    const QString haystack = first.data(SpecTableModel::SearchTextRole).toString();
    return std::all_of(m_words.cbegin(), m_words.cend(),
                       [&haystack](const QString &word) { return haystack.contains(word); });
}
