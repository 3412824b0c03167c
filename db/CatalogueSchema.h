#pragma once

#include "db/CatalogueError.h"

#include <QSqlDatabase>
#include <functional>

// The SQLite schema of a catalogue file and its migrations. The version lives in PRAGMA
// user_version; PRAGMA application_id marks the file as a GPU Compare catalogue (file(1) shows it).
namespace CatalogueSchema {

constexpr int kCurrentVersion = 8;
constexpr int kApplicationId = 0x47504355; // "GPCU"

// Brings an empty database (version 0) or an older catalogue to kCurrentVersion. Every step runs in one
// BEGIN IMMEDIATE transaction together with the user_version bumps, so a crash leaves the file at its old
// version or the current one, never in between. Version 0 -> 1 also sets application_id. inLastStep, when
// given, runs inside that transaction, after the statements: what it adds is committed with the new version
// or not at all.
using StepAddition = std::function<CatalogueError(QSqlDatabase &database)>;
CatalogueError migrate(QSqlDatabase &database, int fromVersion, const StepAddition &inLastStep = {});

// The statements that build version `version` from version - 1 (exposed for the migration tests,
// which build an old file with them).
QStringList migrationStatements(int version);

// The gpu_id / model_id values of the version-3 seed (frozen): what every catalogue from before
// version 4 was given, so neither offered as new nor added again by an upgrade.
enum class SeedKind
{
    Gpu,
    Model
};
QStringList seedIdsOfVersion3(SeedKind kind);

} // namespace CatalogueSchema
