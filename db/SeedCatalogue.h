#pragma once

#include "db/Benchmark.h"
#include "db/CatalogueError.h"
#include "db/CatalogueSnapshot.h"
#include "db/EfficiencyProfile.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"
#include "db/SystemSpec.h"

#include <QHash>
#include <QSet>
#include <QSqlDatabase>
#include <QVector>
#include <optional>

// The bundled seed, compiled into the library from resources/seed/: the GPU datasheet CSV (parsed
// at seed time by DatasheetCsvParser, it stays the single source of truth), default rental prices, the
// boards' PCI ids, the systems (systems.csv: servers, racks, workstations), the calibration benchmarks, and
// the model presets and efficiency profiles (models.json and profiles.json, written by the estimator; absent
// files mean empty tables).
class Catalogue;

struct SeedData
{
    QVector<GpuSpec> gpus;
    QVector<Benchmark> benchmarks;
    QVector<ModelSpec> models;
    QVector<EfficiencyProfile> profiles;
    QVector<SystemSpec> systems;
};

namespace SeedCatalogue {

// Reads the seed from resourceRoot (":/seed" = the compiled-in copy; tests may point elsewhere).
std::optional<SeedData> load(QString *error, const QString &resourceRoot = QStringLiteral(":/seed"));
// The GPUs (with prices and PCI ids), the systems and the model presets alone: what an offer of new rows
// lists. The measurements are most of the seed's parse, and the window asks for an offer before its first
// frame.
std::optional<SeedData> loadGpusAndModels(QString *error,
                                          const QString &resourceRoot = QStringLiteral(":/seed"));

// Parses resources/seed/models.json / profiles.json content (exposed for tests).
std::optional<QVector<ModelSpec>> parseModels(const QByteArray &json, QString *error);
std::optional<QVector<EfficiencyProfile>> parseProfiles(const QByteArray &json, QString *error);
// The same, read from a file: the calibration tool, the benchmarks and the tests read the source tree's
// seed without a catalogue.
std::optional<QVector<ModelSpec>> readModels(const QString &path, QString *error = nullptr);
std::optional<QVector<EfficiencyProfile>> readProfiles(const QString &path, QString *error = nullptr);

// Fills a freshly migrated, empty catalogue with the seed. Seed rows are not marked user-modified.
CatalogueError populate(QSqlDatabase database);

// Adds the bundled profiles and (when models is true) the model presets of the version-3 seed
// (CatalogueSchema::seedIdsOfVersion3) whose ids the catalogue lacks, in the caller's transaction (a
// migration step's); rows the catalogue has, edited or not, are left as they are. A catalogue from before the
// presets were bundled otherwise has none, and nothing can be estimated. Presets a newer seed brings are
// offered instead (offerFor), never added by an upgrade.
CatalogueError addMissingPresets(QSqlDatabase database, bool models = true);

// The bundled training runs at scale, dense and MoE (part of load()'s benchmarks).
std::optional<QVector<Benchmark>> loadTrainingRuns(QString *error);
// Adds the bundled training-at-scale runs (dense and MoE) whose bench ids the catalogue lacks, in the
// caller's transaction: the upgrade to schema version 7, which brought them into the catalogue.
CatalogueError addMissingTrainingRuns(QSqlDatabase database);

// A newer seed never overwrites the user's catalogue: its new rows are offered instead. These are
// the seed rows whose id (gpu_id, bench_id, model_id, profile_id) the catalogue does not have.
SeedData rowsMissingFrom(const CatalogueSnapshot &catalogue, const SeedData &seed);

// Adds rows (from rowsMissingFrom) to the catalogue, each table in one transaction; existing rows are
// never touched.
CatalogueError addRows(const Catalogue &catalogue, SeedData rows);

// The user's answers to earlier offers (table seed_answers): item id -> "added" or "declined".
struct SeedAnswers
{
    QHash<QString, QString> gpus;
    QHash<QString, QString> models;
    QHash<QString, QString> systems;
};
std::optional<SeedAnswers> readAnswers(const Catalogue &catalogue, CatalogueError *error);

// The seed GPUs and model presets a catalogue lacks. Unanswered: those never offered and never given
// (the start-up bar); AllMissing: every one the catalogue lacks, declined or deleted ones included (the
// menu action, `update-catalogue --all`).
struct SeedOffer
{
    QVector<GpuSpec> gpus;
    QVector<ModelSpec> models;
    // Systems whose GPU the catalogue has or the offer brings (a system without its GPU cannot be used).
    QVector<SystemSpec> systems;
    bool isEmpty() const { return gpus.isEmpty() && models.isEmpty() && systems.isEmpty(); }
};
enum class OfferScope
{
    Unanswered,
    AllMissing
};

// The offered rows the catalogue was given once and has lost since (the user deleted or renamed them): an
// offer lists only missing rows, so an 'added' answer means that. They come back only when asked by name.
QSet<QString> removedSinceAdded(const SeedOffer &offer, const SeedAnswers &answers);
SeedOffer offerFor(const CatalogueSnapshot &catalogue, const SeedData &seed, const SeedAnswers &answers,
                   OfferScope scope);

// Adds the offered rows whose ids are in addGpuIds / addModelIds as bundled (not user-modified) rows and
// records them 'added'; the other offered rows are recorded 'declined'. One transaction: all or nothing.
// Rows the catalogue has are never touched (an id it has meanwhile is an error, nothing is written).
// A system is added only with its GPU (in the catalogue or added by the same answer), else declined.
CatalogueError answerOffer(const Catalogue &catalogue, const SeedOffer &offer, const QSet<QString> &addGpuIds,
                           const QSet<QString> &addModelIds, const QSet<QString> &addSystemIds = {});

} // namespace SeedCatalogue
