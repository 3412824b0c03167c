#pragma once

#include "db/CatalogueError.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <functional>
#include <optional>

// The schema of a catalogue and its migrations, for both engines: an SQLite file and a team catalogue on
// PostgreSQL. The statements are written once, in SQLite's dialect, and forEngine() rewrites the few
// things PostgreSQL spells differently; a statement that cannot be rewritten is given per engine.
// In a file the version lives in PRAGMA user_version and PRAGMA application_id marks it as a GPU Compare
// catalogue (file(1) shows it); on PostgreSQL both live in the one row of the table gpucompare_catalogue.
// versionStatement() and readVersion() hide the difference: a migration step never names either.
namespace CatalogueSchema {

constexpr int kCurrentVersion = 9;
constexpr int kApplicationId = 0x47504355; // "GPCU"

// Brings an empty database (version 0) or an older catalogue to kCurrentVersion, in the database's engine
// (engineOf). Every step runs in one write transaction together with the version bumps (versionStatement),
// so a crash leaves the catalogue at its old version or the current one, never in between. Version 0 -> 1
// also sets the application id. A new step: add its statements to the switch in CatalogueSchema.cpp
// (stepStatements), in SQLite's dialect; forEngine() must turn each into PostgreSQL's, or the step gives
// PostgreSQL its own text (as version 5 does). inLastStep, when
// given, runs inside that transaction, after the statements: what it adds is committed with the new version
// or not at all.
using StepAddition = std::function<CatalogueError(QSqlDatabase &database)>;
CatalogueError migrate(QSqlDatabase &database, int fromVersion, const StepAddition &inLastStep = {});

enum class Engine
{
    SQLite,
    PostgreSQL,
};
Engine engineOf(const QSqlDatabase &database);

// The statements that build version `version` from version - 1 (exposed for the migration tests,
// which build an old file with them), in the engine's dialect.
QStringList migrationStatements(int version, Engine engine = Engine::SQLite);

// One statement in SQLite's dialect as the engine takes it. For PostgreSQL: `id INTEGER PRIMARY KEY` becomes
// an identity column, INTEGER BIGINT, REAL DOUBLE PRECISION, BLOB BYTEA, STRICT goes, INSERT OR IGNORE
// becomes ON CONFLICT DO NOTHING, and a PRAGMA is dropped (empty). INSERT OR REPLACE needs its conflict
// target: write it as INSERT ... ON CONFLICT (...) DO UPDATE, which both engines take.
QString forEngine(const QString &statement, Engine engine);

// The statement that records `version` as the catalogue's schema version.
QString versionStatement(int version, Engine engine);

// The catalogue's schema version and application id, read without writing. On PostgreSQL a database
// without the bookkeeping table reads as version 0 with *empty set to whether it has no tables at all
// (a new database to seed) or holds something else. nullopt and *error on a failed read.
struct Stamp
{
    int applicationId = 0;
    int version = 0;
    bool empty = false;
};
std::optional<Stamp> readStamp(QSqlDatabase &database, QSqlError *error);

// The gpu_id / model_id values of the version-3 seed (frozen): what every catalogue from before
// version 4 was given, so neither offered as new nor added again by an upgrade.
enum class SeedKind
{
    Gpu,
    Model
};
QStringList seedIdsOfVersion3(SeedKind kind);

} // namespace CatalogueSchema
