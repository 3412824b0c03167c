#pragma once

#include "Benchmark.h"
#include "CatalogueError.h"
#include "EfficiencyProfile.h"
#include "GpuSpec.h"
#include "ModelSpec.h"

#include <QSqlDatabase>
#include <QVector>

#include <optional>

// The bundled seed, compiled into the library from resources/seed/: the GPU datasheet CSV (parsed
// at seed time by DatasheetCsvParser, it stays the single source of truth), default rental prices,
// the calibration benchmarks, and the model presets and efficiency profiles (models.json and
// profiles.json, written by the estimator; absent files mean empty tables).
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

} // namespace SeedCatalogue
