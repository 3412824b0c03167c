// Catalogues written by earlier versions (tests/data/catalogue-v1.sql and catalogue-v2.sql, frozen)
// open, are migrated in place, and keep every row and the user's edits.

#include "db/Catalogue.h"
#include "db/CatalogueSchema.h"
#include "db/GpuRepository.h"
#include "db/ModelSpecJson.h"
#include "db/SeedCatalogue.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using TestCatalogueFiles::buildFromSql;
using TestCatalogueFiles::execOn;

std::optional<qint64> userVersionOf(const QString &path)
{
    std::optional<qint64> version;
    const QString name = QStringLiteral("version-reader");
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        database.setDatabaseName(path);
        if (database.open()) {
            QSqlQuery query(database);
            if (query.exec(QStringLiteral("PRAGMA user_version")) && query.next())
                version = query.value(0).toLongLong();
        }
        database.close();
    }
    QSqlDatabase::removeDatabase(name);
    return version;
}

QHash<QString, int> seedGpusPerNode()
{
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    EXPECT_TRUE(seed) << error.toStdString();
    QHash<QString, int> values;
    if (seed)
        for (const GpuSpec &gpu : seed->gpus)
            values.insert(gpu.gpuId, gpu.gpusPerNode.value_or(0));
    return values;
}

SeedData seedPresets()
{
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    EXPECT_TRUE(seed) << error.toStdString();
    return seed ? *seed : SeedData();
}

std::optional<qint64> countIn(const QString &path, const QString &table)
{
    std::optional<qint64> count;
    const QString name = QStringLiteral("row-counter");
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        database.setDatabaseName(path);
        if (database.open()) {
            QSqlQuery query(database);
            if (query.exec(QStringLiteral("SELECT count(*) FROM ") + table) && query.next())
                count = query.value(0).toLongLong();
        }
        database.close();
    }
    QSqlDatabase::removeDatabase(name);
    return count;
}

qsizetype trainingRunCount()
{
    QString error;
    const auto runs = SeedCatalogue::loadTrainingRuns(&error);
    EXPECT_TRUE(runs) << error.toStdString();
    return runs ? runs->size() : 0;
}

} // namespace

TEST(Migration, AVersion1CatalogueIsUpgradedKeepingItsRows)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v1.sql"));

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_FALSE(catalogue->isReadOnly());
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);

    QSqlQuery query(catalogue->connection());
    ASSERT_TRUE(query.exec(QStringLiteral("PRAGMA user_version")) && query.next());
    EXPECT_EQ(query.value(0).toInt(), CatalogueSchema::kCurrentVersion);
    EXPECT_TRUE(catalogue->integrityCheck().isEmpty());

    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    ASSERT_EQ(snapshot->gpus.size(), 2);
    // The new tables exist, with the presets of the version-3 seed (newer ones are offered, not added) and
    // the bundled profiles.
    EXPECT_EQ(snapshot->models.size(),
              CatalogueSchema::seedIdsOfVersion3(CatalogueSchema::SeedKind::Model).size());
    EXPECT_EQ(snapshot->profiles.size(), seedPresets().profiles.size());
    // Its one benchmark, and the bundled training runs at scale that version 7 brought.
    ASSERT_EQ(snapshot->benchmarks.size(), 1 + trainingRunCount());
    EXPECT_EQ(std::count_if(snapshot->benchmarks.cbegin(), snapshot->benchmarks.cend(),
                            [](const Benchmark &b) { return b.value == 150.5; }),
              1);

    const GpuSpec *h100 = snapshot->findGpu(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_NE(h100, nullptr);
    EXPECT_EQ(h100->fp16DenseTflops, 989.4);
    EXPECT_FALSE(h100->usdPerGpuHour.has_value()); // a new column starts missing, not 0
    EXPECT_EQ(h100->gpusPerNode, 8);               // except a seed value for an unchanged seed row
    EXPECT_EQ(h100->revision, 1);

    const GpuSpec *mine = snapshot->findGpu(QStringLiteral("my_lab_card"));
    ASSERT_NE(mine, nullptr);
    EXPECT_TRUE(mine->userModified);
    EXPECT_EQ(mine->revision, 3);
    EXPECT_FALSE(mine->fp64Tflops.has_value());
    EXPECT_FALSE(mine->gpusPerNode.has_value());

    // The upgraded file is an ordinary catalogue: writes work.
    GpuSpec edited = *mine;
    edited.usdPerGpuHour = 0.5;
    GpuRepository repository = catalogue->gpus();
    EXPECT_FALSE(repository.update(edited)) << "update after migration";
}

TEST(Migration, TheUpgradeIsOneTransaction)
{
    // A migration whose statement fails leaves the file at the old version with the old tables.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v1.sql"));
    {
        // Sabotage: a table named like the one version 2 creates.
        QSqlDatabase database =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("sabotage"));
        database.setDatabaseName(path);
        ASSERT_TRUE(database.open());
        QSqlQuery query(database);
        ASSERT_TRUE(query.exec(QStringLiteral("CREATE TABLE models (x TEXT)")));
        database.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("sabotage"));

    CatalogueError error;
    EXPECT_FALSE(Catalogue::open(path, &error));
    EXPECT_TRUE(error.message.contains(QStringLiteral("version 2"))) << error.message.toStdString();

    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
        database.setDatabaseName(path);
        ASSERT_TRUE(database.open());
        QSqlQuery query(database);
        ASSERT_TRUE(query.exec(QStringLiteral("PRAGMA user_version")) && query.next());
        EXPECT_EQ(query.value(0).toInt(), 1);
        // The first statement of the step (a new column) was rolled back with the rest.
        EXPECT_FALSE(query.exec(QStringLiteral("SELECT usd_per_gpu_hour FROM gpus")));
        database.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
}

TEST(Migration, AVersion2CatalogueGainsGpusPerNodeForItsUnchangedSeedRowsOnly)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v2.sql"));
    ASSERT_EQ(userVersionOf(path), 2);

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);
    EXPECT_TRUE(catalogue->integrityCheck().isEmpty());
    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    ASSERT_EQ(snapshot->gpus.size(), 5);
    ASSERT_EQ(snapshot->benchmarks.size(), 1 + trainingRunCount());

    // Seed rows the user never changed: the seed's value, nothing else touched.
    const QHash<QString, int> seed = seedGpusPerNode();
    for (const char *id : {"h100_sxm5_80gb", "rtx_a6000_48gb", "gh200_144gb"}) {
        const GpuSpec *gpu = snapshot->findGpu(QLatin1String(id));
        ASSERT_NE(gpu, nullptr) << id;
        EXPECT_EQ(gpu->gpusPerNode, seed.value(QLatin1String(id))) << id;
        EXPECT_FALSE(gpu->userModified) << id;
        EXPECT_EQ(gpu->revision, 1) << id;
    }
    EXPECT_EQ(snapshot->findGpu(QStringLiteral("h100_sxm5_80gb"))->gpusPerNode, 8);
    EXPECT_EQ(snapshot->findGpu(QStringLiteral("rtx_a6000_48gb"))->gpusPerNode, 4);
    EXPECT_EQ(snapshot->findGpu(QStringLiteral("gh200_144gb"))->gpusPerNode, 2);
    EXPECT_EQ(snapshot->findGpu(QStringLiteral("h100_sxm5_80gb"))->usdPerGpuHour, 2.99);

    // A seed row the user edited keeps the edit and gets no value it did not ask for; the user's
    // own GPU neither.
    const GpuSpec *l4 = snapshot->findGpu(QStringLiteral("l4_24gb"));
    ASSERT_NE(l4, nullptr);
    EXPECT_FALSE(l4->gpusPerNode.has_value());
    EXPECT_EQ(l4->usdPerGpuHour, 0.42);
    EXPECT_EQ(l4->revision, 2);
    EXPECT_TRUE(l4->userModified);
    const GpuSpec *mine = snapshot->findGpu(QStringLiteral("my_lab_card"));
    ASSERT_NE(mine, nullptr);
    EXPECT_FALSE(mine->gpusPerNode.has_value());

    // The new column takes the user's values from now on, and refuses 0 even outside the app.
    GpuSpec edited = *l4;
    edited.gpusPerNode = 16;
    ASSERT_FALSE(catalogue->gpus().update(edited));
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("l4_24gb"))->gpusPerNode, 16);
    QSqlQuery query(catalogue->connection());
    EXPECT_FALSE(query.exec(QStringLiteral("UPDATE gpus SET gpus_per_node = 0 WHERE gpu_id = 'l4_24gb'")));
}

TEST(Migration, TheVersion3ValuesAreTheBundledSeedsForEveryGpu)
{
    // A version-2 catalogue holding every seed GPU unchanged, plus one the user changed: after the
    // upgrade each unchanged row has exactly the value a new catalogue would get from the seed.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2-all.db"));
    QStringList statements =
        CatalogueSchema::migrationStatements(1) + CatalogueSchema::migrationStatements(2);
    statements << QStringLiteral("PRAGMA user_version = 2");
    // The GPUs of the version-3 seed: the frozen values cover them (later GPUs come with their value).
    QHash<QString, int> seed = seedGpusPerNode();
    const QStringList version3 = CatalogueSchema::seedIdsOfVersion3(CatalogueSchema::SeedKind::Gpu);
    seed.removeIf([&version3](const auto &entry) { return !version3.contains(entry.key()); });
    ASSERT_EQ(seed.size(), version3.size());
    for (auto it = seed.cbegin(); it != seed.cend(); ++it)
        statements << QStringLiteral("INSERT INTO gpus (gpu_id, vendor, product, user_modified) "
                                     "VALUES ('%1', 'v', 'p', %2)")
                          .arg(it.key())
                          .arg(it.key() == QStringLiteral("a40_48gb") ? 1 : 0);
    execOn(path, statements);

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    ASSERT_EQ(snapshot->gpus.size(), version3.size());
    for (const GpuSpec &gpu : snapshot->gpus) {
        if (gpu.gpuId == QStringLiteral("a40_48gb"))
            EXPECT_FALSE(gpu.gpusPerNode.has_value()) << "a changed row keeps its (missing) value";
        else
            EXPECT_EQ(gpu.gpusPerNode, seed.value(gpu.gpuId))
                << gpu.gpuId.toStdString()
                << ": the frozen version-3 step and resources/seed/gpu-specs.csv disagree; a seed change "
                   "needs a new migration to reach existing catalogues";
    }
}

TEST(Migration, AFailingVersion3StepLeavesVersion2WithoutTheColumn)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v2.sql"));
    // Sabotage: the step's seed-value UPDATE fails after its ALTER TABLE succeeded.
    execOn(path, {QStringLiteral("CREATE TRIGGER no_updates BEFORE UPDATE ON gpus BEGIN "
                                 "SELECT RAISE(ABORT, 'sabotaged'); END")});

    CatalogueError error;
    EXPECT_FALSE(Catalogue::open(path, &error));
    EXPECT_TRUE(error.message.contains(QStringLiteral("version 3"))) << error.message.toStdString();
    EXPECT_EQ(userVersionOf(path), 2);
    const QString name = QStringLiteral("check-v3");
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        database.setDatabaseName(path);
        ASSERT_TRUE(database.open());
        QSqlQuery query(database);
        EXPECT_FALSE(query.exec(QStringLiteral("SELECT gpus_per_node FROM gpus")))
            << "the ALTER was rolled back";
        EXPECT_TRUE(query.exec(QStringLiteral("SELECT usd_per_gpu_hour FROM gpus")));
        database.close();
    }
    QSqlDatabase::removeDatabase(name);
    EXPECT_EQ(countIn(path, QStringLiteral("models")), 0) << "the presets came with the failed step: none";
}

// The whole upgrade is one transaction (issue 40, item 5): a failure in a late step (here version 5's, after
// versions 3 and 4 ran) leaves the file at its old version without the early steps' columns, so the next
// open upgrades it whole, presets included, instead of finishing from version 3 or 4 without them.
TEST(Migration, AFailingLateStepLeavesTheOldVersionSoTheNextOpenUpgradesWhole)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v2.sql"));
    // Sabotage: the column version 5 adds, already there.
    execOn(path, {QStringLiteral("ALTER TABLE gpus ADD COLUMN fp16_accumulate_dense_tflops REAL")});

    CatalogueError error;
    EXPECT_FALSE(Catalogue::open(path, &error));
    EXPECT_TRUE(error.message.contains(QStringLiteral("version 5"))) << error.message.toStdString();
    EXPECT_EQ(userVersionOf(path), 2) << "not left at version 3 or 4";
    EXPECT_EQ(countIn(path, QStringLiteral("models")), 0);

    // Without the sabotage the next open upgrades the whole way and brings the presets.
    execOn(path, {QStringLiteral("ALTER TABLE gpus DROP COLUMN fp16_accumulate_dense_tflops")});
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);
    EXPECT_GT(countIn(path, QStringLiteral("models")), 0) << "the presets came with the upgrade";
}

TEST(Migration, AnUpgradedCatalogueCanEstimate_ItGetsTheBundledPresetsAndProfiles)
{
    // A version-2 catalogue made before the presets were bundled has empty models and profiles tables:
    // after the upgrade it has every bundled preset and profile, and the one the user had changed stays
    // as the user left it.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v2.sql"));
    // The user's own copy of a preset: the bundled shape, another name and source.
    QString llamaConfig;
    for (const ModelSpec &model : seedPresets().models)
        if (model.modelId == QStringLiteral("llama-3-8b"))
            llamaConfig =
                QString::fromUtf8(QJsonDocument(ModelSpecJson::toJson(model)).toJson(QJsonDocument::Compact));
    ASSERT_FALSE(llamaConfig.isEmpty());
    execOn(path, {QStringLiteral("INSERT INTO models (model_id, name, config_json, source, revision, "
                                 "user_modified) VALUES ('llama-3-8b', 'My Llama', '%1', 'mine', 4, 1)")
                      .arg(llamaConfig),
                  QStringLiteral("INSERT INTO profiles (profile_id, name, parameters_json, revision, "
                                 "user_modified) VALUES ('vllm', 'My vLLM', '{\"decode\": 0.5}', 2, 1)")});
    const SeedData seed = seedPresets();
    ASSERT_FALSE(seed.models.isEmpty());
    ASSERT_FALSE(seed.profiles.isEmpty());

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    // The presets of the version-3 seed; newer ones are offered (SeedOfferTest), not added by the upgrade.
    const QStringList presetsOfVersion3 =
        CatalogueSchema::seedIdsOfVersion3(CatalogueSchema::SeedKind::Model);
    EXPECT_EQ(snapshot->models.size(), presetsOfVersion3.size());
    EXPECT_EQ(snapshot->profiles.size(), seed.profiles.size());
    for (const ModelSpec &model : seed.models)
        EXPECT_EQ(snapshot->findModel(model.modelId) != nullptr, presetsOfVersion3.contains(model.modelId))
            << model.modelId.toStdString();
    for (const EfficiencyProfile &profile : seed.profiles)
        EXPECT_NE(snapshot->findProfile(profile.profileId), nullptr) << profile.profileId.toStdString();

    QSqlQuery query(catalogue->connection());
    ASSERT_TRUE(query.exec(QStringLiteral("SELECT name, source, revision, user_modified FROM models "
                                          "WHERE model_id = 'llama-3-8b'")) &&
                query.next());
    EXPECT_EQ(query.value(0).toString(), QStringLiteral("My Llama"));
    EXPECT_EQ(query.value(1).toString(), QStringLiteral("mine"));
    EXPECT_EQ(query.value(2).toInt(), 4);
    EXPECT_EQ(query.value(3).toInt(), 1);
    ASSERT_TRUE(
        query.exec(QStringLiteral("SELECT name, parameters_json FROM profiles WHERE profile_id = 'vllm'")) &&
        query.next());
    EXPECT_EQ(query.value(0).toString(), QStringLiteral("My vLLM"));
    EXPECT_EQ(query.value(1).toString(), QStringLiteral("{\"decode\": 0.5}"));
    ASSERT_TRUE(query.exec(QStringLiteral("SELECT count(*) FROM models WHERE user_modified = 0")) &&
                query.next());
    EXPECT_EQ(query.value(0).toInt(), presetsOfVersion3.size() - 1) << "the added presets are bundled rows";
}

TEST(Migration, AnUpgradeKeepsACopyOfTheFileAsItWasBesideIt)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v2.sql"));

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->migratedFromVersion(), 2);
    const QString backup = dir.filePath(QStringLiteral("catalogue.gpudb.v2-backup"));
    EXPECT_EQ(catalogue->migrationBackupPath(), backup);
    catalogue.reset();

    // The copy is the version-2 file, every row of it, and opens like any older catalogue.
    ASSERT_TRUE(QFileInfo::exists(backup));
    EXPECT_EQ(userVersionOf(backup), 2);
    EXPECT_EQ(countIn(backup, QStringLiteral("gpus")), 5);
    EXPECT_EQ(countIn(backup, QStringLiteral("benchmarks")), 1);
    EXPECT_EQ(countIn(backup, QStringLiteral("models")), 0);

    // An upgrade of another version-2 file at the same path never overwrites the first copy.
    QFile::remove(path);
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v2.sql"));
    execOn(path, {QStringLiteral("DELETE FROM gpus WHERE gpu_id = 'my_lab_card'")});
    catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->migrationBackupPath(), backup + QStringLiteral("-2"));
    EXPECT_EQ(countIn(backup, QStringLiteral("gpus")), 5);
    EXPECT_EQ(countIn(backup + QStringLiteral("-2"), QStringLiteral("gpus")), 4);

    // A current catalogue is not upgraded and gets no copy.
    catalogue.reset();
    catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->migratedFromVersion(), 0);
    EXPECT_TRUE(catalogue->migrationBackupPath().isEmpty());
    EXPECT_FALSE(QFileInfo::exists(backup + QStringLiteral("-3")));
}
