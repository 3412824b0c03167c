#pragma once

#include "Benchmark.h"
#include "CatalogueError.h"
#include "CatalogueSnapshot.h"
#include "EfficiencyProfile.h"
#include "GpuSpec.h"
#include "ModelSpec.h"

#include <QSet>
#include <QSqlDatabase>
#include <QVector>
#include <optional>

// The bundled seed, compiled into the library from resources/seed/: the GPU datasheet CSV (parsed
// at seed time by DatasheetCsvParser, it stays the single source of truth), default rental prices, the
// boards' PCI ids, the calibration benchmarks, and the model presets and efficiency profiles
// (models.json and profiles.json, written by the estimator; absent files mean empty tables).
class Catalogue;

struct SeedData
{
    QVector<GpuSpec> gpus;
    QVector<Benchmark> benchmarks;
    QVector<ModelSpec> models;
    QVector<EfficiencyProfile> profiles;
};

namespace SeedCatalogue {

// Reads the seed from resourceRoot (":/seed" = the compiled-in copy; tests may point elsewhere).
std::optional<SeedData> load(QString *error, const QString &resourceRoot = QStringLiteral(":/seed"));

// Parses resources/seed/models.json / profiles.json content (exposed for tests).
std::optional<QVector<ModelSpec>> parseModels(const QByteArray &json, QString *error);
std::optional<QVector<EfficiencyProfile>> parseProfiles(const QByteArray &json, QString *error);

// Fills a freshly migrated, empty catalogue with the seed. Seed rows are not marked user-modified.
CatalogueError populate(QSqlDatabase database);

// Adds the bundled model presets and profiles whose ids the catalogue lacks, in the caller's transaction
// (a migration step's); rows the catalogue has, edited or not, are left as they are. An upgraded older
// catalogue otherwise has none, and nothing can be estimated.
CatalogueError addMissingPresets(QSqlDatabase database);

// A newer seed never overwrites the user's catalogue: its new rows are offered instead. These are
// the seed rows whose id (gpu_id, bench_id, model_id, profile_id) the catalogue does not have.
SeedData rowsMissingFrom(const CatalogueSnapshot &catalogue, const SeedData &seed);

// Adds rows (from rowsMissingFrom) to the catalogue, each table in one transaction; existing rows are
// never touched.
CatalogueError addRows(const Catalogue &catalogue, SeedData rows);

} // namespace SeedCatalogue
