#pragma once

#include "db/CatalogueError.h"
#include "db/SystemSpec.h"

#include <QSqlDatabase>
#include <QVector>
#include <optional>

// The systems table (schema version 9). Values go through bound parameters only; every write runs in one
// transaction; update() and remove() match the row's id and the revision it was read at (a row changed or
// deleted since is a Conflict, never a silent overwrite), as GpuRepository's do.
class SystemRepository
{
public:
    SystemRepository(QSqlDatabase database, bool readOnly);

    QVector<SystemSpec> list(CatalogueError *error = nullptr) const; // ordered by system_id
    std::optional<SystemSpec> find(const QString &systemId, CatalogueError *error = nullptr) const;

    // Inserts rows whose system_id must be new, all or none; sets their rowId and revision.
    CatalogueError insertAll(QVector<SystemSpec> &systems, bool userModified);
    // Saves system over its row if it is still at system.revision; bumps the revision, marks it changed.
    CatalogueError update(SystemSpec &system);
    CatalogueError remove(const SystemSpec &system);

private:
    QVector<SystemSpec> select(const QString &where, const QVariantList &values, CatalogueError *error) const;

    QSqlDatabase m_database;
    bool m_readOnly = false;
};
