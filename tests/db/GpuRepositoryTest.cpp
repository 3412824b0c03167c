// Repositories: bound parameters, transactions, optimistic concurrency between two connections.

#include "db/GpuRepository.h"

#include "db/BenchmarkRepository.h"
#include "db/CatalogueImporter.h"
#include "db/GpuField.h"
#include "db/ModelRepository.h"
#include "db/ProfileRepository.h"
#include "tests/support/SeededCatalogue.h"

#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>
#include <gtest/gtest.h>

using Kind = CatalogueError::Kind;

namespace {

GpuSpec newGpu(const QString &id)
{
    GpuSpec gpu;
    gpu.gpuId = id;
    gpu.vendor = QStringLiteral("Acme");
    gpu.product = QStringLiteral("Test card");
    gpu.memoryGb = 24;
    gpu.interconnectKind = QStringLiteral("none");
    return gpu;
}

} // namespace

using GpuRepositoryOnSeed = SeededCatalogueTest;

TEST_F(GpuRepositoryOnSeed, InsertFindUpdateDeleteRoundTrip)
{
    GpuRepository repository = catalogue->gpus();

    GpuSpec gpu = newGpu(QStringLiteral("acme_24gb"));
    ASSERT_FALSE(repository.insert(gpu));
    EXPECT_GT(gpu.rowId, 0);
    EXPECT_EQ(gpu.revision, 1);
    EXPECT_EQ(repository.count(), seedGpuCount() + 1);

    auto found = repository.find(QStringLiteral("acme_24gb"));
    ASSERT_TRUE(found);
    EXPECT_TRUE(GpuFields::sameSpecs(*found, gpu));
    EXPECT_FALSE(found->fp16DenseTflops.has_value());

    found->fp16DenseTflops = 100.5;
    ASSERT_FALSE(repository.update(*found));
    EXPECT_EQ(found->revision, 2);
    EXPECT_TRUE(found->userModified);
    EXPECT_EQ(repository.find(QStringLiteral("acme_24gb"))->fp16DenseTflops, 100.5);

    ASSERT_FALSE(repository.remove(*found));
    CatalogueError error;
    EXPECT_FALSE(repository.find(QStringLiteral("acme_24gb"), &error));
    EXPECT_EQ(error.kind, Kind::NotFound);
}

TEST_F(GpuRepositoryOnSeed, ADuplicateGpuIdIsRefused)
{
    GpuRepository repository = catalogue->gpus();
    GpuSpec gpu = newGpu(QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(repository.insert(gpu).kind, Kind::Duplicate);
    EXPECT_EQ(repository.count(), seedGpuCount());
}

TEST_F(GpuRepositoryOnSeed, InvalidValuesNeverReachTheFile)
{
    GpuRepository repository = catalogue->gpus();
    GpuSpec gpu = newGpu(QStringLiteral("bad_card"));
    gpu.memoryGb = -1;
    EXPECT_EQ(repository.insert(gpu).kind, Kind::Invalid);
    gpu.memoryGb = std::nan("");
    EXPECT_EQ(repository.insert(gpu).kind, Kind::Invalid);
    gpu.memoryGb = 24;
    gpu.vendor.clear();
    const CatalogueError error = repository.insert(gpu);
    EXPECT_EQ(error.kind, Kind::Invalid);
    EXPECT_TRUE(error.message.contains(QStringLiteral("vendor"))) << error.message.toStdString();
    EXPECT_EQ(repository.count(), seedGpuCount());
}

TEST(GpuRepository, SavingARowAnotherConnectionChangedIsAConflict)
{
    QTemporaryDir dir;
    auto first = SeededCatalogue::create(dir, QStringLiteral("catalogue.db"));
    ASSERT_TRUE(first);
    CatalogueError error;
    auto second = Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")),
                                  &error); // a second connection, as another process would have
    ASSERT_TRUE(second) << error.message.toStdString();

    GpuRepository mine = first->gpus();
    GpuRepository theirs = second->gpus();
    GpuSpec myCopy = *mine.find(QStringLiteral("l4_24gb"));
    GpuSpec theirCopy = *theirs.find(QStringLiteral("l4_24gb"));

    theirCopy.usdPerGpuHour = 0.5;
    ASSERT_FALSE(theirs.update(theirCopy));

    myCopy.usdPerGpuHour = 0.9;
    const CatalogueError conflict = mine.update(myCopy);
    EXPECT_EQ(conflict.kind, Kind::Conflict) << conflict.message.toStdString();
    EXPECT_EQ(mine.find(QStringLiteral("l4_24gb"))->usdPerGpuHour, 0.5) << "their save must survive";
}

TEST(GpuRepository, SavingARowAnotherConnectionDeletedIsAConflictNotASuccess)
{
    QTemporaryDir dir;
    auto first = SeededCatalogue::create(dir, QStringLiteral("catalogue.db"));
    ASSERT_TRUE(first);
    auto second = Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")), nullptr);
    ASSERT_TRUE(second);
    GpuRepository mine = first->gpus();
    GpuRepository theirs = second->gpus();
    GpuSpec myCopy = *mine.find(QStringLiteral("a10_24gb"));
    ASSERT_FALSE(theirs.remove(*theirs.find(QStringLiteral("a10_24gb"))));
    myCopy.notes = QStringLiteral("edited after it was deleted elsewhere");
    EXPECT_EQ(mine.update(myCopy).kind, Kind::Conflict);
    EXPECT_EQ(mine.remove(myCopy).kind, Kind::Conflict);
}

TEST_F(GpuRepositoryOnSeed, SaveAllWritesAllRowsOrNone)
{
    GpuRepository repository = catalogue->gpus();
    QVector<GpuSpec> rows{*repository.find(QStringLiteral("l40_48gb")),
                          *repository.find(QStringLiteral("l40s_48gb")), newGpu(QStringLiteral("acme_new"))};
    rows[0].notes = QStringLiteral("first edit");
    rows[1].tdpW = -5; // invalid: the whole save must fail
    EXPECT_EQ(repository.saveAll(rows).kind, Kind::Invalid);
    EXPECT_NE(repository.find(QStringLiteral("l40_48gb"))->notes, QStringLiteral("first edit"));
    EXPECT_FALSE(repository.find(QStringLiteral("acme_new")));

    // A conflict in the middle also rolls back the rows before it.
    rows[1].tdpW = 350;
    rows[1].revision += 7;
    EXPECT_EQ(repository.saveAll(rows).kind, Kind::Conflict);
    EXPECT_NE(repository.find(QStringLiteral("l40_48gb"))->notes, QStringLiteral("first edit"));

    rows[1].revision -= 7;
    ASSERT_FALSE(repository.saveAll(rows));
    EXPECT_EQ(repository.find(QStringLiteral("l40_48gb"))->notes, QStringLiteral("first edit"));
    EXPECT_TRUE(repository.find(QStringLiteral("acme_new")));
    EXPECT_GT(rows[2].rowId, 0);
}

TEST_F(GpuRepositoryOnSeed, SqlInjectionThroughEveryTextFieldIsStoredAsText)
{
    GpuRepository repository = catalogue->gpus();
    const QString attack = QStringLiteral("x'); DROP TABLE gpus; -- \" OR 1=1; DELETE FROM benchmarks; --");
    GpuSpec gpu = newGpu(QStringLiteral("inject_me"));
    for (const GpuField &field : GpuFields::all()) {
        if (field.type == GpuField::Type::Text && field.id != GpuField::GpuId &&
            field.id != GpuField::InterconnectKind && field.id != GpuField::PciIds) {
            ASSERT_TRUE(GpuFields::setValue(gpu, field, attack)) << field.key;
        }
    }
    ASSERT_FALSE(repository.insert(gpu));

    // An id can only be a slug, so the attack through the id is refused by validation...
    GpuSpec byId = newGpu(attack);
    EXPECT_EQ(repository.insert(byId).kind, Kind::Invalid);
    // ...and a lookup by an attacking id finds nothing and harms nothing.
    EXPECT_FALSE(repository.find(attack));

    EXPECT_EQ(repository.count(), seedGpuCount() + 1);
    const auto stored = repository.find(QStringLiteral("inject_me"));
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->notes, attack);
    EXPECT_EQ(stored->vendor, attack);
    EXPECT_EQ(catalogue->benchmarks().list().size(), seedBenchmarkCount());

    // The other tables bind their text too.
    ModelSpec model;
    model.modelId = attack;
    model.name = attack;
    ModelRepository models = catalogue->models();
    ASSERT_FALSE(models.insert(model));
    EXPECT_EQ(models.find(attack)->name, attack);
    EfficiencyProfile profile;
    profile.profileId = attack;
    profile.description = attack;
    ProfileRepository profiles = catalogue->profiles();
    ASSERT_FALSE(profiles.insert(profile));
    EXPECT_EQ(profiles.find(attack)->description, attack);
    EXPECT_TRUE(catalogue->integrityCheck().isEmpty());
}

using ModelRepositoryOnSeed = SeededCatalogueTest;

TEST_F(ModelRepositoryOnSeed, UpdateChecksTheRevision)
{
    ModelRepository models = catalogue->models();
    ModelSpec model;
    model.modelId = QStringLiteral("tiny-test");
    model.name = QStringLiteral("Tiny");
    model.layers = 2;
    ASSERT_FALSE(models.insert(model));
    const int revision = models.revisionOf(model.rowId);
    EXPECT_EQ(revision, 1);
    model.layers = 4;
    ASSERT_FALSE(models.update(model, revision));
    EXPECT_EQ(models.find(QStringLiteral("tiny-test"))->layers, 4);
    EXPECT_EQ(models.update(model, revision).kind, Kind::Conflict);
    EXPECT_EQ(models.remove(model.rowId, revision).kind, Kind::Conflict);
    EXPECT_FALSE(models.remove(model.rowId, revision + 1));
}

using BenchmarkRepositoryOnSeed = SeededCatalogueTest;

TEST_F(BenchmarkRepositoryOnSeed, TheSeedBenchmarksArePerGpu)
{
    const QVector<Benchmark> h100 = catalogue->benchmarks().listForGpu(QStringLiteral("h100_sxm5_80gb"));
    EXPECT_FALSE(h100.isEmpty());
    for (const Benchmark &benchmark : h100) {
        EXPECT_EQ(benchmark.gpuId, QStringLiteral("h100_sxm5_80gb"));
        EXPECT_FALSE(benchmark.source.isEmpty()) << benchmark.benchId.toStdString();
    }
}

using CatalogueOnSeed = SeededCatalogueTest;

TEST_F(CatalogueOnSeed, AWorkerThreadReadsThroughItsOwnConnection)
{
    const QString mainConnection = catalogue->connection().connectionName();
    QString workerConnection;
    qsizetype workerGpus = 0;
    std::unique_ptr<QThread> worker(QThread::create([&] {
        workerConnection = catalogue->connection().connectionName();
        const auto snapshot = catalogue->snapshot();
        workerGpus = snapshot ? snapshot->gpus.size() : -1;
        catalogue->closeThreadConnection();
    }));
    worker->start();
    ASSERT_TRUE(worker->wait(30000));
    EXPECT_EQ(workerGpus, seedGpuCount());
    EXPECT_NE(workerConnection, mainConnection);
    EXPECT_FALSE(QSqlDatabase::contains(workerConnection)) << "released by closeThreadConnection";
    EXPECT_EQ(catalogue->gpus().count(), seedGpuCount()) << "the main thread's connection still works";
}

// list() sorts by vendor, product, variant, gpu_id in code-point order, whatever order the rows were
// stored in and whatever the file's text encoding (SQLite's BINARY order on UTF-16 text would put
// "Ōmega" (U+014C) before "Zeta").
TEST_F(GpuRepositoryOnSeed, ListIsInVendorProductVariantIdOrderWhateverTheStoredOrder)
{
    GpuRepository repository = catalogue->gpus();
    const struct
    {
        const char16_t *vendor;
        const char16_t *product;
        const char16_t *variant;
        const char *id;
    } stored[] = {
        {u"\u014Cmega", u"Card", u"", "omega_card"},     {u"Zeta", u"Card", u"", "zeta_card"},
        {u"Zeta", u"Card", u"PCIe", "zeta_card_pcie_b"}, {u"Zeta", u"Card", u"PCIe", "zeta_card_pcie_a"},
        {u"Zeta", u"Board", u"", "zeta_board"},
    };
    for (const auto &row : stored) {
        GpuSpec gpu = newGpu(QString::fromLatin1(row.id));
        gpu.vendor = QString::fromUtf16(row.vendor);
        gpu.product = QString::fromUtf16(row.product);
        gpu.variant = QString::fromUtf16(row.variant);
        ASSERT_FALSE(repository.insert(gpu)) << row.id;
    }
    QStringList listed;
    for (const GpuSpec &gpu : repository.list())
        if (gpu.vendor == QStringLiteral("Zeta") || gpu.vendor.startsWith(QChar(0x014C)))
            listed << gpu.gpuId;
    EXPECT_EQ(listed, QStringList({QStringLiteral("zeta_board"), QStringLiteral("zeta_card"),
                                   QStringLiteral("zeta_card_pcie_a"), QStringLiteral("zeta_card_pcie_b"),
                                   QStringLiteral("omega_card")}));
    EXPECT_EQ(repository.find(QStringLiteral("omega_card"))->vendor, QString::fromUtf16(u"\u014Cmega"))
        << "non-ASCII text round-trips";
}

// New catalogues store text as UTF-16, the form Qt's driver reads without SQLite converting each value.
TEST_F(CatalogueOnSeed, ANewCatalogueStoresTextAsUtf16)
{
    QSqlQuery query(catalogue->connection());
    ASSERT_TRUE(query.exec(QStringLiteral("PRAGMA encoding")) && query.next());
    EXPECT_TRUE(query.value(0).toString().startsWith(QStringLiteral("UTF-16")))
        << qPrintable(query.value(0).toString());
}

namespace {

// A rack-scale row and odd text another tool put into the file: the table allows all of it, the input
// ranges and TextCheck do not.
void storeValuesOutsideTheInputRanges(const Catalogue &catalogue, const QString &gpuId)
{
    QSqlQuery query(catalogue.connection());
    ASSERT_TRUE(query.prepare(QStringLiteral(
        "UPDATE gpus SET memory_gb = 13824, memory_bandwidth_gbs = 576000, usd_per_gpu_hour = 0.005, "
        "boost_clock_mhz = 50, notes = ? WHERE gpu_id = ?")));
    query.addBindValue(QStringLiteral("rack\vscale\rrow"));
    query.addBindValue(gpuId);
    ASSERT_TRUE(query.exec()) << query.lastError().text().toStdString();
    ASSERT_EQ(query.numRowsAffected(), 1);
}

void expectValuesOutsideTheInputRanges(const GpuSpec &gpu)
{
    EXPECT_EQ(gpu.memoryGb, 13824.0);
    EXPECT_EQ(gpu.memoryBandwidthGBs, 576000.0);
    EXPECT_EQ(gpu.usdPerGpuHour, 0.005);
    EXPECT_EQ(gpu.boostClockMhz, 50.0);
    EXPECT_EQ(gpu.notes, QStringLiteral("rack\vscale\rrow"));
}

} // namespace

TEST_F(GpuRepositoryOnSeed, StoredValuesOutsideTheInputRangesAreReadAndSurviveASaveOfAnotherField)
{
    storeValuesOutsideTheInputRanges(*catalogue, QStringLiteral("h100_sxm5_80gb"));
    GpuRepository repository = catalogue->gpus();
    GpuSpec gpu = *repository.find(QStringLiteral("h100_sxm5_80gb"));
    expectValuesOutsideTheInputRanges(gpu);

    gpu.tdpW = 1200;
    const CatalogueError error = repository.update(gpu);
    ASSERT_FALSE(error) << error.message.toStdString();
    const GpuSpec saved = *repository.find(QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(saved.tdpW, 1200.0);
    expectValuesOutsideTheInputRanges(saved);
}

TEST_F(GpuRepositoryOnSeed, AnImportUpdatingARowKeepsItsStoredValuesOutsideTheInputRanges)
{
    storeValuesOutsideTheInputRanges(*catalogue, QStringLiteral("h100_sxm5_80gb"));
    const QString path = dir.filePath(QStringLiteral("tdp.csv"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("gpu_id,vendor,product,tdp_w\nh100_sxm5_80gb,NVIDIA,H100 SXM5,1200\n");
    file.close();
    const CatalogueError error =
        CatalogueImporter::importFile(*catalogue, path, GpuRepository::OnExisting::Update);
    ASSERT_FALSE(error) << error.message.toStdString();
    const GpuSpec saved = *catalogue->gpus().find(QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(saved.tdpW, 1200.0);
    expectValuesOutsideTheInputRanges(saved);
}

// The import's overlay is built from the rows as they are inside its write transaction: another window's
// save between parsing the file and writing it is kept, in the columns the file lacks.
TEST(GpuRepository, AnImportKeepsWhatAnotherConnectionSavedAfterTheFileWasRead)
{
    QTemporaryDir dir;
    auto importing = SeededCatalogue::create(dir, QStringLiteral("catalogue.db"));
    ASSERT_TRUE(importing);
    auto otherWindow = Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")), nullptr);
    ASSERT_TRUE(otherWindow);

    ImportProblem problem;
    QVector<GpuFieldSet> given;
    const auto parsed = CatalogueImporter::parseCsv("gpu_id,vendor,product,tdp_w\n"
                                                    "l4_24gb,NVIDIA,L4,72\n"
                                                    "acme_48gb,Acme,Test card,300\n",
                                                    &problem, {}, &given);
    ASSERT_TRUE(parsed) << problem.text().toStdString();

    GpuRepository theirs = otherWindow->gpus();
    GpuSpec l4 = *theirs.find(QStringLiteral("l4_24gb"));
    l4.notes = QStringLiteral("saved by the other window");
    ASSERT_FALSE(theirs.update(l4));
    GpuSpec added = newGpu(QStringLiteral("acme_48gb"));
    added.memoryGb = 48;
    ASSERT_FALSE(theirs.insert(added));

    GpuRepository::SaveReport report;
    const CatalogueError error =
        importing->gpus().merge(*parsed, given, GpuRepository::OnExisting::Update, &report);
    ASSERT_FALSE(error) << error.message.toStdString();
    EXPECT_EQ(report.updated, 2);
    EXPECT_EQ(report.inserted, 0);
    const GpuSpec importedL4 = *importing->gpus().find(QStringLiteral("l4_24gb"));
    EXPECT_EQ(importedL4.tdpW, 72.0);
    EXPECT_EQ(importedL4.notes, QStringLiteral("saved by the other window"));
    EXPECT_EQ(importedL4.memoryGb, l4.memoryGb);
    const GpuSpec importedAcme = *importing->gpus().find(QStringLiteral("acme_48gb"));
    EXPECT_EQ(importedAcme.tdpW, 300.0);
    EXPECT_EQ(importedAcme.memoryGb, 48.0) << "a GPU added in between keeps the columns the file lacks";
    EXPECT_EQ(importedAcme.interconnectKind, QStringLiteral("none"));
}
