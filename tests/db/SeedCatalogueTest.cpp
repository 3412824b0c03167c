#include "db/SeedCatalogue.h"

#include "db/CatalogueSchema.h"
#include "db/DatasheetCsvParser.h"
#include "db/GpuRepository.h"
#include "db/ModelRepository.h"
#include "tests/support/SeededCatalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

const GpuSpec *findGpu(const CatalogueSnapshot &snapshot, const char *id)
{
    return snapshot.findGpu(QString::fromLatin1(id));
}

} // namespace

TEST(SeedCatalogue, TheBundledSeedHasEveryGpuOfTheCsvAndTheCalibrationBenchmarks)
{
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    ASSERT_TRUE(seed) << error.toStdString();
    // One GPU per line after the header; no cell of the datasheet CSV spans lines.
    QFile csv(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/gpu-specs.csv"));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const qsizetype rows = QString::fromUtf8(csv.readAll()).split(u'\n', Qt::SkipEmptyParts).size() - 1;
    EXPECT_EQ(seed->gpus.size(), rows);
    EXPECT_EQ(seedGpuCount(), rows);
    // The version-3 seed's GPUs are all still there: migrations refer to them by id.
    for (const QString &id : CatalogueSchema::seedIdsOfVersion3(CatalogueSchema::SeedKind::Gpu))
        EXPECT_TRUE(std::any_of(seed->gpus.cbegin(), seed->gpus.cend(), [&id](const GpuSpec &gpu) {
            return gpu.gpuId == id;
        })) << id.toStdString();
    // benchmarks-calibration.csv, then the training runs at scale: dense (464) and MoE (46).
    EXPECT_EQ(seed->benchmarks.size(), 312 + 464 + 46);
    const auto training = SeedCatalogue::loadTrainingRuns(&error);
    ASSERT_TRUE(training) << error.toStdString();
    EXPECT_EQ(training->size(), 464 + 46);
}

// What an offer of new rows lists, read without the measurements: the same GPUs (prices and PCI ids
// included) and model presets as the whole seed.
TEST(SeedCatalogue, TheGpusAndModelsAloneAreTheWholeSeedsGpusAndModels)
{
    QString error;
    const std::optional<SeedData> whole = SeedCatalogue::load(&error);
    const std::optional<SeedData> part = SeedCatalogue::loadGpusAndModels(&error);
    ASSERT_TRUE(whole && part) << error.toStdString();
    EXPECT_TRUE(part->benchmarks.isEmpty());
    EXPECT_TRUE(part->profiles.isEmpty());
    ASSERT_EQ(part->gpus.size(), whole->gpus.size());
    for (qsizetype i = 0; i < whole->gpus.size(); ++i) {
        EXPECT_EQ(part->gpus[i].gpuId, whole->gpus[i].gpuId);
        EXPECT_EQ(part->gpus[i].pciIds, whole->gpus[i].pciIds);
        EXPECT_EQ(part->gpus[i].usdPerGpuHour, whole->gpus[i].usdPerGpuHour);
    }
    ASSERT_EQ(part->models.size(), whole->models.size());
    for (qsizetype i = 0; i < whole->models.size(); ++i)
        EXPECT_EQ(part->models[i].modelId, whole->models[i].modelId);
}

using SeedCatalogueInFile = SeededCatalogueTest;

TEST_F(SeedCatalogueInFile, NewCatalogueHoldsTheCheckedH100AndA6000Figures)
{
    CatalogueError error;
    const std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    EXPECT_FALSE(snapshot->readOnly);
    EXPECT_EQ(snapshot->gpus.size(), seedGpuCount());

    const GpuSpec *h100 = findGpu(*snapshot, "h100_sxm5_80gb");
    ASSERT_NE(h100, nullptr);
    EXPECT_EQ(h100->fp16DenseTflops, 989.4);
    EXPECT_EQ(h100->fp16SparseTflops, 1979.0);
    EXPECT_EQ(h100->memoryGb, 80.0);
    EXPECT_EQ(h100->memoryType, QStringLiteral("HBM3"));
    EXPECT_EQ(h100->memoryBandwidthGBs, 3350.0);
    EXPECT_TRUE(h100->sources.contains(QStringLiteral("nvidia.com")));
    EXPECT_EQ(h100->tdpW, 700.0);
    EXPECT_EQ(h100->tdpNote, QStringLiteral("up to 700 (configurable)"));
    EXPECT_EQ(h100->interconnectKind, QStringLiteral("nvlink-switch"));
    EXPECT_EQ(h100->pcieGeneration, 5);
    EXPECT_FALSE(h100->fp4DenseTflops.has_value()) << "n/a must stay missing, never 0";
    EXPECT_TRUE(h100->usdPerGpuHour.has_value());

    const GpuSpec *a6000 = findGpu(*snapshot, "rtx_a6000_48gb");
    ASSERT_NE(a6000, nullptr);
    EXPECT_EQ(a6000->fp16DenseTflops, 154.8);
    EXPECT_EQ(a6000->interconnectKind, QStringLiteral("nvlink-bridge"));
    EXPECT_FALSE(a6000->fp32Tflops.has_value() && *a6000->fp32Tflops == 0.0);
}

TEST_F(SeedCatalogueInFile, MessyDatasheetCellsAreReadByTheDocumentedRules)
{
    const std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot();
    ASSERT_TRUE(snapshot);

    const GpuSpec *mi300x = findGpu(*snapshot, "mi300x_192gb");
    ASSERT_NE(mi300x, nullptr);
    EXPECT_EQ(mi300x->computeUnits, 304); // "304 CU"
    EXPECT_EQ(mi300x->interconnectKind, QStringLiteral("infinity-fabric"));

    const GpuSpec *b200 = findGpu(*snapshot, "b200_sxm_180gb");
    ASSERT_NE(b200, nullptr);
    EXPECT_FALSE(b200->computeUnits.has_value()); // "not published"
    EXPECT_EQ(b200->boostClockMhz, 1965.0);       // "~1965 (device-reported ...)"
    EXPECT_EQ(b200->tdpW, 1000.0);                // "up to 1000"
    EXPECT_EQ(b200->fp4DenseTflops, 9000.0);

    const GpuSpec *h100Nvl = findGpu(*snapshot, "h100_nvl_94gb");
    ASSERT_NE(h100Nvl, nullptr);
    EXPECT_EQ(h100Nvl->tdpW, 400.0); // "350-400 (configurable; 400 default max)"

    const GpuSpec *gh200 = findGpu(*snapshot, "gh200_144gb");
    ASSERT_NE(gh200, nullptr);
    EXPECT_FALSE(gh200->memoryBusBits.has_value()); // empty cell
    EXPECT_FALSE(gh200->pcieGBs.has_value());
    EXPECT_EQ(gh200->tdpW, 1000.0); // "450-1000 module (...)"

    const GpuSpec *l40s = findGpu(*snapshot, "l40s_48gb");
    ASSERT_NE(l40s, nullptr);
    EXPECT_EQ(l40s->interconnectKind, QStringLiteral("none"));
    EXPECT_FALSE(l40s->interconnectGBs.has_value());
}

TEST(SeedCatalogue, EveryGpuHasAPriceOrSaysWhyNot)
{
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    ASSERT_TRUE(seed) << error.toStdString();
    for (const GpuSpec &gpu : seed->gpus) {
        EXPECT_FALSE(gpu.usdPerGpuHourNote.isEmpty()) << gpu.gpuId.toStdString();
        if (gpu.usdPerGpuHour) {
            EXPECT_TRUE(gpu.usdPerGpuHourNote.contains(QStringLiteral("estimate")))
                << gpu.gpuId.toStdString();
        }
    }
}

TEST(SeedCatalogue, AMissingModelsOrProfilesFileLeavesThoseTablesEmptyButPresent)
{
    QTemporaryDir dir;
    const QString seedDir = QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed");
    // A seed folder without models.json / profiles.json loads.
    for (const char *name :
         {"gpu-specs.csv", "gpu-prices.csv", "gpu-pci-ids.csv", "benchmarks-calibration.csv"})
        ASSERT_TRUE(QFile::copy(seedDir + u'/' + QLatin1String(name), dir.filePath(QLatin1String(name))));
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error, dir.path());
    ASSERT_TRUE(seed) << error.toStdString();
    EXPECT_TRUE(seed->models.isEmpty());
    EXPECT_TRUE(seed->profiles.isEmpty());

    auto catalogue = SeededCatalogue::create(dir, QStringLiteral("x.db"));
    ASSERT_TRUE(catalogue);
    CatalogueError snapshotError;
    EXPECT_TRUE(catalogue->snapshot(&snapshotError)) << snapshotError.message.toStdString();
}

TEST(SeedCatalogue, ProfilesJsonKeepsParametersAsJsonText)
{
    const QByteArray json = R"([{"profile_id":"roofline","name":"Ideal roofline","description":"eta = 1",
        "parameters":{"compute":1.0,"memory":1.0},"calibration":"none"}])";
    QString error;
    const auto profiles = SeedCatalogue::parseProfiles(json, &error);
    ASSERT_TRUE(profiles) << error.toStdString();
    ASSERT_EQ(profiles->size(), 1);
    EXPECT_EQ(profiles->first().profileId, QStringLiteral("roofline"));
    EXPECT_TRUE(profiles->first().parametersJson.contains(QStringLiteral("\"compute\":1")));
    EXPECT_FALSE(SeedCatalogue::parseProfiles(R"([{"name":"no id"}])", &error));
    EXPECT_TRUE(error.contains(QStringLiteral("$[0].profile_id"))) << error.toStdString();
}

TEST(DatasheetCsvParser, InterconnectTextMapsToTheFourKinds)
{
    EXPECT_EQ(DatasheetCsvParser::interconnectKindFor(QStringLiteral("none")), QStringLiteral("none"));
    EXPECT_EQ(DatasheetCsvParser::interconnectKindFor(QStringLiteral("NVLink 3 bridge (2-way)")),
              QStringLiteral("nvlink-bridge"));
    EXPECT_EQ(DatasheetCsvParser::interconnectKindFor(QStringLiteral("NVLink 4 (18 links) + NVSwitch")),
              QStringLiteral("nvlink-switch"));
    EXPECT_EQ(DatasheetCsvParser::interconnectKindFor(QStringLiteral("AMD Infinity Fabric, 7 links")),
              QStringLiteral("infinity-fabric"));
    EXPECT_TRUE(DatasheetCsvParser::interconnectKindFor(QStringLiteral("carrier pigeon")).isEmpty());
}

TEST(DatasheetCsvParser, AnUnreadableCellNamesLineAndColumn)
{
    QFile file(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/gpu-specs.csv"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QByteArray csv = file.readAll();
    csv.replace(",989.4,", ",lots,");
    QString error;
    EXPECT_FALSE(DatasheetCsvParser::parse(csv, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("line 2"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("fp16_bf16_tensor_dense_tflops"))) << error.toStdString();
}

TEST_F(SeedCatalogueInFile, ModelPresetsAndProfilesFromTheEstimatorAreSeededWhenPresent)
{
    const auto countEntries = [](const char *name) -> qsizetype {
        QFile file(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/") + QLatin1String(name));
        if (!file.open(QIODevice::ReadOnly))
            return 0;
        return QJsonDocument::fromJson(file.readAll()).array().size();
    };
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    ASSERT_TRUE(seed) << error.toStdString();
    EXPECT_EQ(seed->models.size(), countEntries("models.json"));
    EXPECT_EQ(seed->profiles.size(), countEntries("profiles.json"));

    const auto snapshot = catalogue->snapshot();
    ASSERT_TRUE(snapshot);
    EXPECT_EQ(snapshot->models.size(), seed->models.size());
    EXPECT_EQ(snapshot->profiles.size(), seed->profiles.size());
    for (const EfficiencyProfile &profile : snapshot->profiles)
        EXPECT_TRUE(QJsonDocument::fromJson(profile.parametersJson.toUtf8()).isObject())
            << profile.profileId.toStdString();
}

TEST_F(SeedCatalogueInFile, ANewerSeedOffersItsNewRowsAndNeverOverwritesEdits)
{
    // The user edits one GPU and deletes another; a later seed still has both.
    GpuSpec edited = *catalogue->gpus().find(QStringLiteral("l4_24gb"));
    edited.usdPerGpuHour = 0.42;
    ASSERT_FALSE(catalogue->gpus().update(edited));
    ASSERT_FALSE(catalogue->gpus().remove(*catalogue->gpus().find(QStringLiteral("a40_48gb"))));

    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    ASSERT_TRUE(seed) << error.toStdString();
    const SeedData offered = SeedCatalogue::rowsMissingFrom(*catalogue->snapshot(), *seed);
    ASSERT_EQ(offered.gpus.size(), 1);
    EXPECT_EQ(offered.gpus.first().gpuId, QStringLiteral("a40_48gb"));
    EXPECT_TRUE(offered.benchmarks.isEmpty());

    ASSERT_FALSE(SeedCatalogue::addRows(*catalogue, offered));
    EXPECT_EQ(catalogue->gpus().count(), seedGpuCount());
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("l4_24gb"))->usdPerGpuHour, 0.42) << "the edit survives";
    EXPECT_TRUE(SeedCatalogue::rowsMissingFrom(*catalogue->snapshot(), *seed).gpus.isEmpty());
}

// Issue 23: a catalogue made before the 2025 presets (here: one without them) is offered exactly those,
// and keeps the user's edit of an older preset.
TEST_F(SeedCatalogueInFile, TheNewModelPresetsAreOfferedToAnOlderCatalogue)
{
    const QStringList added{QStringLiteral("gpt-oss-20b"),    QStringLiteral("gpt-oss-120b"),
                            QStringLiteral("qwen3-8b"),       QStringLiteral("qwen3-32b"),
                            QStringLiteral("qwen3-30b-a3b"),  QStringLiteral("qwen3-235b-a22b"),
                            QStringLiteral("llama-4-scout"),  QStringLiteral("llama-4-maverick"),
                            QStringLiteral("deepseek-r1"),    QStringLiteral("kimi-k2"),
                            QStringLiteral("gemma-3-27b"),    QStringLiteral("phi-4"),
                            QStringLiteral("mistral-small-3")};
    for (const QString &id : added) {
        const std::optional<ModelSpec> model = catalogue->models().find(id);
        ASSERT_TRUE(model) << id.toStdString() << " is in the seed";
        ASSERT_FALSE(catalogue->models().remove(model->rowId, catalogue->models().revisionOf(model->rowId)));
    }
    ModelSpec edited = *catalogue->models().find(QStringLiteral("deepseek-v3"));
    edited.notes = QStringLiteral("my notes");
    ASSERT_FALSE(catalogue->models().update(edited, catalogue->models().revisionOf(edited.rowId)));

    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    ASSERT_TRUE(seed) << error.toStdString();
    const SeedData offered = SeedCatalogue::rowsMissingFrom(*catalogue->snapshot(), *seed);
    QStringList offeredIds;
    for (const ModelSpec &model : offered.models)
        offeredIds << model.modelId;
    EXPECT_EQ(offeredIds, added);

    ASSERT_FALSE(SeedCatalogue::addRows(*catalogue, offered));
    const std::optional<ModelSpec> gptOss = catalogue->models().find(QStringLiteral("gpt-oss-20b"));
    ASSERT_TRUE(gptOss);
    EXPECT_EQ(gptOss->expertPrecision, QStringLiteral("mxfp4")) << "the new fields travel with the row";
    EXPECT_EQ(gptOss->fullAttentionInterval, 2);
    EXPECT_EQ(catalogue->models().find(QStringLiteral("deepseek-v3"))->notes, QStringLiteral("my notes"));
    EXPECT_TRUE(SeedCatalogue::rowsMissingFrom(*catalogue->snapshot(), *seed).models.isEmpty());
}
