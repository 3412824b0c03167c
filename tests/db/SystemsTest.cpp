// Systems (issue 56): the seed's servers, racks and workstations, their table, and the upgrade of a
// version-8 catalogue, which must leave every row the user had exactly as it was.

#include "db/Catalogue.h"
#include "db/CatalogueSchema.h"
#include "db/SeedCatalogue.h"
#include "db/SystemCsvParser.h"
#include "db/SystemGpu.h"
#include "db/SystemRepository.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using TestCatalogueFiles::execOn;

// Every row of a table as text, in a fixed order: what "left as it was" is compared on.
QStringList dump(const QString &path, const QString &table, const QString &order = QStringLiteral("id"))
{
    QStringList rows;
    const QString name = QStringLiteral("dumper");
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        database.setDatabaseName(path);
        EXPECT_TRUE(database.open());
        QSqlQuery query(database);
        EXPECT_TRUE(query.exec(QStringLiteral("SELECT * FROM %1 ORDER BY %2").arg(table, order)))
            << table.toStdString();
        while (query.next()) {
            QStringList cells;
            for (int i = 0; i < query.record().count(); ++i)
                cells << (query.isNull(i) ? QStringLiteral("NULL") : query.value(i).toString());
            rows << cells.join(u'|');
        }
    }
    QSqlDatabase::removeDatabase(name);
    return rows;
}

// A catalogue of schema version 8 as that version made it from the seed: today's seeded file without what
// version 9 added (the systems table, the 'system' answers).
void downgradeToVersion8(const QString &path)
{
    execOn(
        path,
        {QStringLiteral("DROP TABLE systems"),
         QStringLiteral("CREATE TABLE seed_answers_old (kind TEXT NOT NULL CHECK (kind IN ('gpu', 'model')), "
                        "item_id TEXT NOT NULL CHECK (length(item_id) > 0), answer TEXT NOT NULL CHECK "
                        "(answer IN ('added', 'declined')), answered_at TEXT NOT NULL DEFAULT '', "
                        "PRIMARY KEY (kind, item_id)) STRICT"),
         QStringLiteral("INSERT INTO seed_answers_old SELECT * FROM seed_answers WHERE kind <> 'system'"),
         QStringLiteral("DROP TABLE seed_answers"),
         QStringLiteral("ALTER TABLE seed_answers_old RENAME TO seed_answers"),
         QStringLiteral("PRAGMA user_version = 8")});
}

} // namespace

TEST(SystemSeed, TheIssuesSystemsAreThereWithTheirDatasheetValuesAndUnknownIsNull)
{
    const SeedData seed = TestCatalogueFiles::loadSeed();
    const auto find = [&seed](const char *id) -> const SystemSpec * {
        for (const SystemSpec &system : seed.systems)
            if (system.systemId == QLatin1String(id))
                return &system;
        return nullptr;
    };
    for (const char *id :
         {"hgx_h100", "hgx_h200", "hgx_b200", "hgx_b300", "gb200_nvl72", "gb300_nvl72", "mi300x_platform",
          "mi325x_platform", "mi355x_platform", "gaudi3_hlb325", "pcie_l40s_x8", "pcie_h100nvl_x8",
          "pcie_rtx_pro_6000_x8", "ws_rtx4090_x2", "ws_rtx5090_x2", "ws_rtx_a6000_x4", "ws_rtx6000ada_x4"})
        EXPECT_NE(find(id), nullptr) << id;

    const SystemSpec *hgx = find("hgx_h100");
    ASSERT_NE(hgx, nullptr);
    EXPECT_EQ(hgx->gpuId, QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(hgx->gpusPerNode, 8);
    EXPECT_EQ(hgx->nicsPerNode, 8);
    EXPECT_EQ(hgx->nicGbps, 400.0);
    EXPECT_EQ(hgx->networkGbpsPerGpu(), 400.0); // 8 x 400 Gb/s over 8 GPUs
    EXPECT_EQ(hgx->nodePowerW, 10200.0);
    EXPECT_FALSE(hgx->priceUsd.has_value()) << "NVIDIA publishes no DGX H100 list price: unknown, not 0";

    const SystemSpec *nvl72 = find("gb200_nvl72");
    ASSERT_NE(nvl72, nullptr);
    EXPECT_EQ(nvl72->scaleUpGpus, 72);
    EXPECT_EQ(nvl72->scaleUpKind, QStringLiteral("nvswitch"));

    const SystemSpec *amd = find("mi300x_platform");
    ASSERT_NE(amd, nullptr);
    EXPECT_FALSE(amd->nicsPerNode.has_value());
    EXPECT_FALSE(amd->networkGbpsPerGpu().has_value());

    for (const SystemSpec &system : seed.systems) {
        EXPECT_FALSE(system.sources.isEmpty()) << system.systemId.toStdString();
        EXPECT_EQ(system.maxSystems == 1, system.systemId.startsWith(QLatin1String("ws_")))
            << system.systemId.toStdString() << ": a workstation, and only one, is sold alone";
    }
}

TEST(SystemSeed, TheCsvWritesBackWhatItReads)
{
    const SeedData seed = TestCatalogueFiles::loadSeed();
    ASSERT_FALSE(seed.systems.isEmpty());
    QString error;
    const auto again = SystemCsvParser::parse(SystemCsvParser::write(seed.systems), &error);
    ASSERT_TRUE(again) << error.toStdString();
    ASSERT_EQ(again->size(), seed.systems.size());
    for (qsizetype i = 0; i < again->size(); ++i)
        EXPECT_TRUE(again->at(i) == seed.systems.at(i))
            << SystemCsvParser::write({again->at(i)}).toStdString()
            << SystemCsvParser::write({seed.systems.at(i)}).toStdString();
}

TEST(SystemSeed, ABadCellNamesItsLineColumnAndWhatIsAllowed)
{
    QByteArray csv = SystemCsvParser::columns().join(u',').toUtf8() + "\n";
    csv += "x,X,h100_sxm5_80gb,8,8,900,nvlink,,,,,,,,,,,,,\n";
    QString error;
    EXPECT_FALSE(SystemCsvParser::parse(csv, &error));
    EXPECT_EQ(error,
              QStringLiteral("line 2, column scale_up_kind: 'nvlink' is not one of nvswitch, nvlink-bridge, "
                             "infinity-fabric, ethernet, pcie"));
}

class SystemRepositoryTest : public SeededCatalogueTest
{
};

TEST_F(SystemRepositoryTest, ANewCatalogueHasTheSeedsSystemsAndAStaleSaveIsAConflict)
{
    CatalogueError error;
    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    EXPECT_EQ(snapshot->systems.size(), TestCatalogueFiles::loadSeed().systems.size());
    const SystemSpec *found = snapshot->findSystem(QStringLiteral("hgx_b200"));
    ASSERT_NE(found, nullptr);
    EXPECT_FALSE(found->userModified);

    SystemSpec first = *found, second = *found;
    first.priceUsd = 400000;
    ASSERT_FALSE(catalogue->systems().update(first));
    second.notes = QStringLiteral("another window");
    EXPECT_EQ(catalogue->systems().update(second).kind, CatalogueError::Kind::Conflict);
    const auto saved = catalogue->systems().find(QStringLiteral("hgx_b200"));
    ASSERT_TRUE(saved);
    EXPECT_EQ(saved->priceUsd, 400000.0);
    EXPECT_TRUE(saved->userModified);
}

TEST(SystemMigration, AVersion8CatalogueKeepsEveryUserEditAndIsOfferedTheSystems)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v8.db"));
    ASSERT_FALSE(Catalogue::createFromSeed(path));
    downgradeToVersion8(path);
    // The user's edits under version 8: a changed seed GPU, a GPU of their own, a deleted one, an edited
    // preset, a declined offer.
    execOn(path,
           {QStringLiteral("UPDATE gpus SET usd_per_gpu_hour = 1.23, notes = 'our price', user_modified = 1, "
                           "revision = revision + 1 WHERE gpu_id = 'h100_sxm5_80gb'"),
            QStringLiteral("INSERT INTO gpus (gpu_id, vendor, product, memory_gb, user_modified) "
                           "VALUES ('lab_card', 'Lab', 'Card', 24, 1)"),
            QStringLiteral("DELETE FROM gpus WHERE gpu_id = 'l4_24gb'"),
            QStringLiteral("UPDATE models SET name = 'renamed', user_modified = 1 WHERE id = 1"),
            QStringLiteral("INSERT OR REPLACE INTO seed_answers (kind, item_id, answer) VALUES "
                           "('gpu', 'future_gpu', 'declined')")});
    const QStringList tables{
        QStringLiteral("gpus"),     QStringLiteral("benchmarks"),        QStringLiteral("models"),
        QStringLiteral("profiles"), QStringLiteral("measurement_files"), QStringLiteral("measured_runs")};
    QHash<QString, QStringList> before;
    for (const QString &table : tables)
        before.insert(table, dump(path, table));
    const QStringList answersBefore =
        dump(path, QStringLiteral("seed_answers"), QStringLiteral("kind, item_id"));

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->migratedFromVersion(), 8);
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);
    EXPECT_TRUE(catalogue->integrityCheck().isEmpty());
    for (const QString &table : tables)
        EXPECT_EQ(dump(path, table), before.value(table)) << table.toStdString();
    EXPECT_EQ(dump(path, QStringLiteral("seed_answers"), QStringLiteral("kind, item_id")), answersBefore);

    // The systems are offered, not added: those whose GPU the catalogue has (l4 was deleted: none of the
    // seed's systems holds it, so all are offered).
    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot);
    EXPECT_TRUE(snapshot->systems.isEmpty());
    const SeedData seed = TestCatalogueFiles::loadSeed();
    const auto answers = SeedCatalogue::readAnswers(*catalogue, &error);
    ASSERT_TRUE(answers);
    const SeedCatalogue::SeedOffer offer =
        SeedCatalogue::offerFor(*snapshot, seed, *answers, SeedCatalogue::OfferScope::Unanswered);
    EXPECT_EQ(offer.systems.size(), seed.systems.size());
    ASSERT_FALSE(SeedCatalogue::answerOffer(*catalogue, offer, {}, {}, {QStringLiteral("hgx_h100")}));
    const auto after = catalogue->snapshot(&error);
    ASSERT_TRUE(after);
    ASSERT_EQ(after->systems.size(), 1);
    EXPECT_EQ(after->systems.first().systemId, QStringLiteral("hgx_h100"));
    // The others were declined: the start-up offer does not list them again.
    const auto answered = SeedCatalogue::readAnswers(*catalogue, &error);
    ASSERT_TRUE(answered);
    EXPECT_TRUE(SeedCatalogue::offerFor(*after, seed, *answered, SeedCatalogue::OfferScope::Unanswered)
                    .systems.isEmpty());
    EXPECT_EQ(answered->systems.value(QStringLiteral("hgx_b200")), QStringLiteral("declined"));
}

// A GPU in a system is priced as the system is sold: a GB200 NVL72 rack's list price (a press estimate,
// about US$3.1 million) over its 72 GPUs, and its rental rate; a system without a price keeps the GPU's.
TEST(SystemSeed, AGpuInASystemTakesTheSystemsPrices)
{
    const SeedData seed = TestCatalogueFiles::loadSeed();
    const auto system = [&seed](const char *id) {
        for (const SystemSpec &s : seed.systems)
            if (s.systemId == QLatin1String(id))
                return s;
        ADD_FAILURE() << id;
        return SystemSpec{};
    };
    const auto gpu = [&seed](const QString &id) {
        for (const GpuSpec &g : seed.gpus)
            if (g.gpuId == id)
                return g;
        ADD_FAILURE() << id.toStdString();
        return GpuSpec{};
    };
    const SystemSpec rack = system("gb200_nvl72");
    ASSERT_EQ(rack.priceUsd, 3.1e6);
    const GpuSpec inRack = gpuInSystem(gpu(rack.gpuId), rack);
    ASSERT_TRUE(inRack.priceUsd);
    EXPECT_NEAR(*inRack.priceUsd, 3.1e6 / 72.0, 1e-6);
    EXPECT_TRUE(inRack.priceNote.contains(QStringLiteral("gb200_nvl72"))) << inRack.priceNote.toStdString();
    EXPECT_EQ(inRack.usdPerGpuHour, rack.usdPerGpuHour);

    const SystemSpec platform = system("mi300x_platform"); // a baseboard: no price of its own
    const GpuSpec mi300x = gpu(platform.gpuId);
    const GpuSpec onBoard = gpuInSystem(mi300x, platform);
    EXPECT_EQ(onBoard.priceUsd, mi300x.priceUsd);
    EXPECT_EQ(onBoard.usdPerGpuHour, mi300x.usdPerGpuHour);
    EXPECT_EQ(onBoard.tdpW, mi300x.tdpW) << "power stays the GPU's: a node's rated input is a maximum";
}
