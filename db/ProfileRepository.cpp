#include "db/ProfileRepository.h"

#include "db/RepositorySupport.h"
#include "db/WriteTransaction.h"

#include <QSqlQuery>

namespace {

QString parametersOrEmptyObject(const QString &json)
{
    return json.trimmed().isEmpty() ? QStringLiteral("{}") : json;
}

} // namespace

ProfileRepository::ProfileRepository(QSqlDatabase database, bool readOnly)
    : m_database(std::move(database))
    , m_readOnly(readOnly)
{}

QVector<EfficiencyProfile> ProfileRepository::select(const QString &where, const QVariantList &values,
                                                     CatalogueError *error) const
{
    QVector<EfficiencyProfile> result;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    query.prepare(
        QStringLiteral(
            "SELECT id, profile_id, name, description, parameters_json, calibration FROM profiles ") +
        where + QStringLiteral(" ORDER BY profile_id"));
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec()) {
        if (error)
            *error =
                RepositorySupport::sqlError(query, QStringLiteral("cannot read the efficiency profiles"));
        return result;
    }
    while (query.next()) {
        EfficiencyProfile profile;
        profile.rowId = query.value(0).toLongLong();
        profile.profileId = query.value(1).toString();
        profile.name = query.value(2).toString();
        profile.description = query.value(3).toString();
        profile.parametersJson = query.value(4).toString();
        profile.calibration = query.value(5).toString();
        result.append(profile);
    }
    return result;
}

QVector<EfficiencyProfile> ProfileRepository::list(CatalogueError *error) const
{
    return select(QString(), {}, error);
}

std::optional<EfficiencyProfile> ProfileRepository::find(const QString &profileId,
                                                         CatalogueError *error) const
{
    const QVector<EfficiencyProfile> found =
        select(QStringLiteral("WHERE profile_id = ?"), {profileId}, error);
    if (found.isEmpty()) {
        if (error && !error->isError())
            *error =
                CatalogueError::make(CatalogueError::Kind::NotFound,
                                     QStringLiteral("no efficiency profile with id '%1'").arg(profileId));
        return std::nullopt;
    }
    return found.first();
}

int ProfileRepository::revisionOf(qint64 rowId) const
{
    QSqlQuery query(m_database);
    query.prepare(QStringLiteral("SELECT revision FROM profiles WHERE id = ?"));
    query.addBindValue(rowId);
    return query.exec() && query.next() ? query.value(0).toInt() : 0;
}

CatalogueError ProfileRepository::insert(EfficiencyProfile &profile, bool userModified)
{
    QVector<EfficiencyProfile> one{profile};
    CatalogueError error = insertAll(one, userModified);
    if (!error)
        profile = one.first();
    return error;
}

CatalogueError ProfileRepository::insertAll(QVector<EfficiencyProfile> &profiles, bool userModified)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    QVector<EfficiencyProfile> saved = profiles;
    QSqlQuery query(m_database);
    query.prepare(
        QStringLiteral("INSERT INTO profiles (profile_id, name, description, parameters_json, calibration, "
                       "user_modified) VALUES (?, ?, ?, ?, ?, ?)"));
    for (EfficiencyProfile &profile : saved) {
        query.addBindValue(RepositorySupport::text(profile.profileId));
        query.addBindValue(RepositorySupport::text(profile.name));
        query.addBindValue(RepositorySupport::text(profile.description));
        query.addBindValue(parametersOrEmptyObject(profile.parametersJson));
        query.addBindValue(RepositorySupport::text(profile.calibration));
        query.addBindValue(userModified ? 1 : 0);
        if (!query.exec())
            return RepositorySupport::sqlError(
                query, QStringLiteral("cannot add profile '%1'").arg(profile.profileId));
        profile.rowId = query.lastInsertId().toLongLong();
    }
    if (CatalogueError error = transaction.commit())
        return error;
    profiles = saved;
    return {};
}

CatalogueError ProfileRepository::update(const EfficiencyProfile &profile, int expectedRevision)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    return RepositorySupport::execWrite(
        m_database,
        QStringLiteral(
            "UPDATE profiles SET profile_id = ?, name = ?, description = ?, parameters_json = ?, "
            "calibration = ?, user_modified = 1, revision = revision + 1 WHERE id = ? AND revision = ?"),
        {RepositorySupport::text(profile.profileId), RepositorySupport::text(profile.name),
         RepositorySupport::text(profile.description), parametersOrEmptyObject(profile.parametersJson),
         RepositorySupport::text(profile.calibration), profile.rowId, expectedRevision},
        QStringLiteral("profile '%1'").arg(profile.profileId), true);
}

CatalogueError ProfileRepository::remove(qint64 rowId, int expectedRevision)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    return RepositorySupport::execWrite(
        m_database, QStringLiteral("DELETE FROM profiles WHERE id = ? AND revision = ?"),
        {rowId, expectedRevision}, QStringLiteral("profile %1").arg(rowId), true);
}
