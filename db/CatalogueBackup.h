#pragma once

#include "db/CatalogueError.h"

#include <QSqlDatabase>
#include <QString>

// A consistent copy of a catalogue that may be in use: SQLite's VACUUM INTO reads one committed state in
// one read transaction (a plain file copy of a WAL database misses what is still in the -wal file, or
// catches a checkpoint half done). The copy is written beside the target under a temporary name, synced
// (VACUUM INTO does not sync) and renamed over the target: the target is either its old self or the
// whole copy, never a part.
namespace CatalogueBackup {

// database: a connection to the catalogue, read-only or not, with no transaction open.
CatalogueError write(QSqlDatabase database, const QString &target);

// A team catalogue (PostgreSQL) written as an SQLite catalogue file at target: SQLite's VACUUM INTO cannot
// read a server, so the file is built at the current schema and every table's rows are copied, ids and
// revisions included, from one REPEATABLE READ transaction (one committed state). Replaces target
// atomically as write() does. source: a connection with no transaction open.
CatalogueError copyToFile(QSqlDatabase source, const QString &target);

// Where the copy taken before migrating the catalogue at path from schema version fromVersion goes:
// beside it, PATH.vN-backup, or PATH.vN-backup-2, -3 ... when that exists; an existing file is never
// overwritten.
QString migrationBackupPath(const QString &path, int fromVersion);

} // namespace CatalogueBackup
