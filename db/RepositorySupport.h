#pragma once

#include "db/CatalogueError.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

// Small helpers shared by the repositories of the smaller tables.
namespace RepositorySupport {

// Text columns are NOT NULL; a null QString would bind as NULL.
inline QVariant text(const QString &value)
{
    return value.isNull() ? QVariant(QStringLiteral("")) : QVariant(value);
}

CatalogueError sqlError(const QSqlQuery &query, const QString &what);
CatalogueError readOnlyError();
CatalogueError conflictError(const QString &what);

// Runs one prepared statement with values in its own write transaction; when expectOneRow, a
// statement that touches no row is a Conflict.
CatalogueError execWrite(QSqlDatabase database, const QString &sql, const QVariantList &values,
                         const QString &what, bool expectOneRow, qint64 *insertedId = nullptr);

} // namespace RepositorySupport
