#pragma once

#include <QSortFilterProxyModel>
#include <QStringList>

// The Catalogue tab's rows: sorted by raw values, filtered on the spec model's search text (identity
// columns, lower case: matching every formatted number of 50 columns costs 83 ms a keystroke at
// 10,000 GPUs) and, when asked, on the GPUs the user changed.
class SpecFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit SpecFilterProxy(QObject *parent = nullptr);

    // text: words, each any part of an id, vendor, name, architecture or chip, in any order; changedOnly:
    // only GPUs that are not bundled, differ from the bundled values or hold unsaved edits.
    void setSearch(const QString &text, bool changedOnly);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_words; // lower case; a row matches when its search text has every one
    bool m_changedOnly = false;
};
