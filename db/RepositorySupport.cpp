#include "db/RepositorySupport.h"

#include "db/SqliteFailure.h"
#include "db/WriteTransaction.h"

#include <QCoreApplication>
#include <QSqlError>

namespace RepositorySupport {

CatalogueError sqlError(const QSqlQuery &query, const QString &what)
{
    if (SqliteFailure::isUniqueViolation(query.lastError()))
        return CatalogueError::make(
            CatalogueError::Kind::Duplicate,
            what + QCoreApplication::translate("RepositorySupport", ": the id already exists"));
    return SqliteFailure::toError(query.lastError(), what); // a full disk says so
}

CatalogueError readOnlyError()
{
    return CatalogueError::make(
        CatalogueError::Kind::ReadOnly,
        QCoreApplication::translate("RepositorySupport", "the catalogue is read-only"));
}

CatalogueError conflictError(const QString &what)
{
    return CatalogueError::make(
        CatalogueError::Kind::Conflict,
        what + QCoreApplication::translate("RepositorySupport",
                                           " was changed or deleted by someone else since it was read"));
}

CatalogueError execWrite(QSqlDatabase database, const QString &sql, const QVariantList &values,
                         const QString &what, bool expectOneRow, qint64 *insertedId)
{
    WriteTransaction transaction(database);
    if (CatalogueError error = transaction.begin())
        return error;
    QSqlQuery query(database);
    query.prepare(sql);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec())
        return sqlError(query, what);
    if (expectOneRow && query.numRowsAffected() != 1)
        return conflictError(what);
    if (insertedId)
        *insertedId = query.lastInsertId().toLongLong();
    return transaction.commit();
}

} // namespace RepositorySupport
