#pragma once

#include "db/CatalogueError.h"
#include "db/EfficiencyProfile.h"

#include <QSqlDatabase>
#include <QVector>
#include <optional>

// The profiles table: efficiency profiles, their parameters kept as JSON text for the estimator.
class ProfileRepository
{
public:
    ProfileRepository(QSqlDatabase database, bool readOnly);

    QVector<EfficiencyProfile> list(CatalogueError *error = nullptr) const;
    std::optional<EfficiencyProfile> find(const QString &profileId, CatalogueError *error = nullptr) const;
    int revisionOf(qint64 rowId) const; // 0 when the row does not exist

    CatalogueError insert(EfficiencyProfile &profile, bool userModified = true);
    CatalogueError insertAll(QVector<EfficiencyProfile> &profiles, bool userModified); // one transaction
    CatalogueError update(const EfficiencyProfile &profile, int expectedRevision);
    CatalogueError remove(qint64 rowId, int expectedRevision);

private:
    QVector<EfficiencyProfile> select(const QString &where, const QVariantList &values,
                                      CatalogueError *error) const;

    QSqlDatabase m_database;
    bool m_readOnly = false;
};
