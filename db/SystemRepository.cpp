#include "db/SystemRepository.h"

#include "db/RepositorySupport.h"
#include "db/WriteTransaction.h"

#include <QSqlQuery>
#include <QStringList>

namespace {

// Unknown is NULL, never 0.
template <typename T> QVariant nullable(const std::optional<T> &value)
{
    return value ? QVariant::fromValue(*value) : QVariant(QMetaType::fromType<T>());
}

QVariant nullableFlag(const std::optional<bool> &value)
{
    return value ? QVariant(*value ? 1 : 0) : QVariant(QMetaType::fromType<int>());
}

QVariantList values(const SystemSpec &s)
{
    using RepositorySupport::text;
    return {text(s.systemId),
            text(s.name),
            text(s.gpuId),
            s.gpusPerNode,
            nullable(s.scaleUpGpus),
            nullable(s.scaleUpGBsPerGpu),
            text(s.scaleUpKind),
            nullable(s.nicsPerNode),
            nullable(s.nicGbps),
            nullableFlag(s.railOptimized),
            nullable(s.hostMemoryGb),
            text(s.hostLink),
            nullable(s.nodePowerW),
            nullable(s.maxSystems),
            nullable(s.priceUsd),
            text(s.priceDate),
            nullable(s.usdPerGpuHour),
            text(s.rentalDate),
            text(s.sources),
            text(s.notes)};
}

std::optional<int> intAt(const QSqlQuery &query, int index)
{
    const QVariant value = query.value(index);
    return value.isNull() ? std::nullopt : std::optional<int>(value.toInt());
}

std::optional<double> doubleAt(const QSqlQuery &query, int index)
{
    const QVariant value = query.value(index);
    return value.isNull() ? std::nullopt : std::optional<double>(value.toDouble());
}

// Reads one row of "SELECT id, revision, user_modified, <valueColumns>".
SystemSpec read(const QSqlQuery &q)
{
    SystemSpec s;
    s.rowId = q.value(0).toLongLong();
    s.revision = q.value(1).toInt();
    s.userModified = q.value(2).toInt() != 0;
    int i = 3;
    s.systemId = q.value(i++).toString();
    s.name = q.value(i++).toString();
    s.gpuId = q.value(i++).toString();
    s.gpusPerNode = q.value(i++).toInt();
    s.scaleUpGpus = intAt(q, i++);
    s.scaleUpGBsPerGpu = doubleAt(q, i++);
    s.scaleUpKind = q.value(i++).toString();
    s.nicsPerNode = intAt(q, i++);
    s.nicGbps = doubleAt(q, i++);
    if (const std::optional<int> rail = intAt(q, i++))
        s.railOptimized = *rail != 0;
    s.hostMemoryGb = doubleAt(q, i++);
    s.hostLink = q.value(i++).toString();
    s.nodePowerW = doubleAt(q, i++);
    s.maxSystems = intAt(q, i++);
    s.priceUsd = doubleAt(q, i++);
    s.priceDate = q.value(i++).toString();
    s.usdPerGpuHour = doubleAt(q, i++);
    s.rentalDate = q.value(i++).toString();
    s.sources = q.value(i++).toString();
    s.notes = q.value(i++).toString();
    return s;
}

} // namespace

SystemRepository::SystemRepository(QSqlDatabase database, bool readOnly)
    : m_database(std::move(database))
    , m_readOnly(readOnly)
{}

QVector<SystemSpec> SystemRepository::select(const QString &where, const QVariantList &values,
                                             CatalogueError *error) const
{
    QVector<SystemSpec> result;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT id, revision, user_modified, %1 FROM systems %2 ORDER BY system_id")
                      .arg(systemValueColumns().join(QStringLiteral(", ")), where));
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec()) {
        if (error)
            *error = RepositorySupport::sqlError(query, QStringLiteral("cannot read the systems"));
        return result;
    }
    while (query.next())
        result.append(read(query));
    return result;
}

QVector<SystemSpec> SystemRepository::list(CatalogueError *error) const
{
    return select(QString(), {}, error);
}

std::optional<SystemSpec> SystemRepository::find(const QString &systemId, CatalogueError *error) const
{
    const QVector<SystemSpec> found = select(QStringLiteral("WHERE system_id = ?"), {systemId}, error);
    if (found.isEmpty()) {
        if (error && !error->isError())
            *error = CatalogueError::make(CatalogueError::Kind::NotFound,
                                          QStringLiteral("no system with id '%1'").arg(systemId));
        return std::nullopt;
    }
    return found.first();
}

CatalogueError SystemRepository::insertAll(QVector<SystemSpec> &systems, bool userModified)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    QVector<SystemSpec> saved = systems;
    QSqlQuery query(m_database);
    const QStringList &columns = systemValueColumns();
    query.prepare(
        QStringLiteral("INSERT INTO systems (%1, user_modified) VALUES (%2?)")
            .arg(columns.join(QStringLiteral(", ")), QStringLiteral("?, ").repeated(columns.size())));
    for (SystemSpec &system : saved) {
        for (const QVariant &value : values(system))
            query.addBindValue(value);
        query.addBindValue(userModified ? 1 : 0);
        if (!query.exec())
            return RepositorySupport::sqlError(query,
                                               QStringLiteral("cannot add system '%1'").arg(system.systemId));
        system.rowId = query.lastInsertId().toLongLong();
        system.revision = 1;
        system.userModified = userModified;
    }
    if (CatalogueError error = transaction.commit())
        return error;
    systems = saved;
    return {};
}

CatalogueError SystemRepository::update(SystemSpec &system)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    QVariantList bound = values(system);
    bound << system.rowId << system.revision;
    CatalogueError error = RepositorySupport::execWrite(
        m_database,
        QStringLiteral("UPDATE systems SET %1 = ?, user_modified = 1, revision = revision + 1 "
                       "WHERE id = ? AND revision = ?")
            .arg(systemValueColumns().join(QStringLiteral(" = ?, "))),
        bound, QStringLiteral("system '%1'").arg(system.systemId), true);
    if (!error) {
        ++system.revision;
        system.userModified = true;
    }
    return error;
}

CatalogueError SystemRepository::remove(const SystemSpec &system)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    return RepositorySupport::execWrite(
        m_database, QStringLiteral("DELETE FROM systems WHERE id = ? AND revision = ?"),
        {system.rowId, system.revision}, QStringLiteral("system '%1'").arg(system.systemId), true);
}
