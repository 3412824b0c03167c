// The GPUs added by issue 23 (values against their sources) and the offer of newer seed rows to an
// existing catalogue: a version-3 catalogue (tests/data/catalogue-v3.sql) is offered exactly what the
// newer seed brings, accepting adds bundled rows, declining is remembered, edited rows are never touched.

#include "db/Catalogue.h"
#include "db/CatalogueSchema.h"
#include "db/GpuRepository.h"
#include "db/ModelRepository.h"
#include "db/SeedCatalogue.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using TestCatalogueFiles::buildFromSql;

namespace {

SeedData bundledSeed()
{
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    EXPECT_TRUE(seed) << error.toStdString();
    return seed ? *seed : SeedData();
}

const GpuSpec *findGpu(const QVector<GpuSpec> &gpus, const QString &id)
{
    for (const GpuSpec &gpu : gpus)
        if (gpu.gpuId == id)
            return &gpu;
    return nullptr;
}

// The sorted ids of records (gpu_id or model_id), to compare offers as lists.
template <typename Record> QStringList idsOf(const QVector<Record> &records, QString Record::*id)
{
    QStringList ids;
    for (const Record &record : records)
        ids << record.*id;
    ids.sort();
    return ids;
}

QStringList gpuIds(const QVector<GpuSpec> &gpus)
{
    return idsOf(gpus, &GpuSpec::gpuId);
}

QStringList modelIds(const QVector<ModelSpec> &models)
{
    return idsOf(models, &ModelSpec::modelId);
}

// What the seed has beyond the version-3 seed: what an older catalogue is offered.
QStringList newSeedIds(CatalogueSchema::SeedKind kind)
{
    const QStringList old = CatalogueSchema::seedIdsOfVersion3(kind);
    const SeedData seed = bundledSeed();
    QStringList ids = kind == CatalogueSchema::SeedKind::Gpu ? gpuIds(seed.gpus) : modelIds(seed.models);
    ids.removeIf([&old](const QString &id) { return old.contains(id); });
    return ids;
}

std::unique_ptr<Catalogue> openVersion3Fixture(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("v3.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v3.sql"));
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue = Catalogue::open(path, &error);
    EXPECT_TRUE(catalogue) << error.message.toStdString();
    return catalogue;
}

SeedCatalogue::SeedOffer offerOf(const Catalogue &catalogue, const SeedData &seed,
                                 SeedCatalogue::OfferScope scope)
{
    CatalogueError error;
    const std::optional<CatalogueSnapshot> snapshot = catalogue.snapshot(&error);
    EXPECT_TRUE(snapshot) << error.message.toStdString();
    const std::optional<SeedCatalogue::SeedAnswers> answers = SeedCatalogue::readAnswers(catalogue, &error);
    EXPECT_TRUE(answers) << error.message.toStdString();
    if (!snapshot || !answers)
        return {};
    return SeedCatalogue::offerFor(*snapshot, seed, *answers, scope);
}

// Key datasheet values of each new GPU, with the page they come from (gpu-specs.csv and
// gpu-specs-notes.md give every value's source and the arithmetic). nullopt: not given.
struct Expected
{
    const char *id;
    double memoryGb;
    double bandwidthGBs;
    double fp16Dense;
    double fp8Dense;
    std::optional<double> fp4Dense;
    double tdpW;
    const char *source;
};

const Expected kNewGpus[] = {
    // HGX B300 table (8 GPUs) / 8: FP16 36 PF sparse, FP8 72 PF sparse, FP4 105 PF dense, 2.3 TB.
    {"b300_sxm_288gb", 288, 8000, 2250, 4500, 13125, 1100, "https://www.nvidia.com/en-us/data-center/hgx/"},
    // GB200 NVL72 rack (72 GPUs) / 72: FP4 1,440 PF sparse, FP8 720 PF sparse, 13.4 TB at 576 TB/s.
    {"gb200_nvl72_186gb", 186, 8000, 2500, 5000, 10000, 1200,
     "https://www.nvidia.com/en-us/data-center/gb200-nvl72/"},
    // GB300 NVL72 rack / 72: FP4 1,080 PF dense, FP8/FP6 720 PF sparse, 20 TB at 576 TB/s.
    {"gb300_nvl72_288gb", 288, 8000, 2500, 5000, 15000, 1400,
     "https://www.nvidia.com/en-us/data-center/gb300-nvl72/"},
    {"rtx_pro_6000_server_96gb", 96, 1792, 503.8, 1007.6, 2015.2, 600,
     "https://www.nvidia.com/en-us/data-center/rtx-pro-6000-blackwell-server-edition/"},
    {"rtx_pro_6000_ws_96gb", 96, 1792, 503.8, 1007.6, 2015.2, 600,
     "https://www.nvidia.com/en-us/products/workstations/professional-desktop-gpus/rtx-pro-6000/"},
    // FP16/FP8 with FP32 accumulate (GeForce half rate); FP4 dense = 3,352 AI TOPS / 2.
    {"rtx_5090_32gb", 32, 1792, 209.6, 419.2, 1676, 575,
     "https://www.nvidia.com/en-us/geforce/graphics-cards/50-series/rtx-5090/"},
    {"h20_96gb", 96, 4000, 148, 296, std::nullopt, 400,
     "https://www.tomshardware.com/pc-components/gpus/new-nvidia-ai-gpus"},
    {"l20_48gb", 48, 864, 119.5, 239, std::nullopt, 275,
     "https://www.tomshardware.com/pc-components/gpus/new-nvidia-ai-gpus"},
    // FP8 5 PF dense (ISSCC 2026), FP4 20.1 PF sparse (ISC 2025), 288 GB at 8 TB/s, 1,400 W.
    {"mi355x_288gb", 288, 8000, 2500, 5000, 10050, 1400,
     "https://www.amd.com/en/products/accelerators/instinct/mi350/mi355x.html"},
    // Intel Gaudi 3 white paper / Hot Chips 2024: BF16 and FP8 matrix 1,835, 128 GB at 3.67 TB/s, 900 W air.
    {"gaudi3_128gb", 128, 3670, 1835, 1835, std::nullopt, 900,
     "https://www.intel.com/content/www/us/en/content-details/817486/"
     "intel-gaudi-3-ai-accelerator-white-paper.html"},
};

} // namespace

TEST(NewSeedGpus, KeyValuesEqualTheirDatasheetRows)
{
    const SeedData seed = bundledSeed();
    for (const Expected &expected : kNewGpus) {
        SCOPED_TRACE(expected.id);
        const GpuSpec *gpu = findGpu(seed.gpus, QString::fromLatin1(expected.id));
        ASSERT_NE(gpu, nullptr);
        EXPECT_EQ(gpu->memoryGb, expected.memoryGb);
        EXPECT_EQ(gpu->memoryBandwidthGBs, expected.bandwidthGBs);
        EXPECT_EQ(gpu->fp16DenseTflops, expected.fp16Dense);
        EXPECT_EQ(gpu->fp8DenseTflops, expected.fp8Dense);
        EXPECT_EQ(gpu->fp4DenseTflops, expected.fp4Dense);
        EXPECT_EQ(gpu->tdpW, expected.tdpW);
        EXPECT_TRUE(gpu->sources.contains(QString::fromLatin1(expected.source)))
            << gpu->sources.toStdString();
        EXPECT_FALSE(gpu->sourceCrosscheck.isEmpty());
        EXPECT_FALSE(gpu->notes.isEmpty());
    }
    EXPECT_EQ(std::size(kNewGpus), size_t(newSeedIds(CatalogueSchema::SeedKind::Gpu).size()))
        << "every GPU the version-3 seed lacked has its expectation here";
}

TEST(NewSeedGpus, DenseNeverExceedsSparse)
{
    for (const GpuSpec &gpu : bundledSeed().gpus) {
        SCOPED_TRACE(gpu.gpuId.toStdString());
        const std::pair<std::optional<double>, std::optional<double>> pairs[] = {
            {gpu.tf32DenseTflops, gpu.tf32SparseTflops}, {gpu.fp16DenseTflops, gpu.fp16SparseTflops},
            {gpu.fp8DenseTflops, gpu.fp8SparseTflops},   {gpu.int8DenseTops, gpu.int8SparseTops},
            {gpu.fp6DenseTflops, gpu.fp6SparseTflops},   {gpu.fp4DenseTflops, gpu.fp4SparseTflops}};
        for (const auto &[dense, sparse] : pairs)
            if (dense && sparse) {
                EXPECT_LE(*dense, *sparse);
            }
    }
}

TEST(NewSeedGpus, BlackwellAndCdna4RowsHaveFp4AndTheB200GainsFp6)
{
    for (const GpuSpec &gpu : bundledSeed().gpus) {
        if (!gpu.architecture.startsWith(QStringLiteral("Blackwell")) &&
            gpu.architecture != QStringLiteral("CDNA 4"))
            continue;
        SCOPED_TRACE(gpu.gpuId.toStdString());
        EXPECT_GT(gpu.fp4DenseTflops.value_or(0), 0.0);
        EXPECT_GT(gpu.fp4SparseTflops.value_or(0), 0.0);
    }
    const SeedData seed = bundledSeed(); // held: the pointer below points into it
    const GpuSpec *b200 = findGpu(seed.gpus, QStringLiteral("b200_sxm_180gb"));
    ASSERT_NE(b200, nullptr);
    EXPECT_EQ(b200->fp6DenseTflops, 4500); // HGX B200: FP8/FP6 72 PF sparse for 8 GPUs
    EXPECT_EQ(b200->fp6SparseTflops, 9000);
}

using SeedOfferOnSeed = SeededCatalogueTest;

TEST_F(SeedOfferOnSeed, AFreshCatalogueIsOfferedNothing)
{
    EXPECT_TRUE(offerOf(*catalogue, bundledSeed(), SeedCatalogue::OfferScope::AllMissing).isEmpty());
    // It was given every row: one deleted later is not offered as new.
    GpuSpec h100 = *catalogue->gpus().find(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_FALSE(catalogue->gpus().remove(h100));
    EXPECT_TRUE(offerOf(*catalogue, bundledSeed(), SeedCatalogue::OfferScope::Unanswered).isEmpty());
    EXPECT_EQ(gpuIds(offerOf(*catalogue, bundledSeed(), SeedCatalogue::OfferScope::AllMissing).gpus),
              QStringList{QStringLiteral("h100_sxm5_80gb")});
}

TEST(SeedOffer, AVersion3CatalogueIsOfferedExactlyWhatTheNewerSeedBrings)
{
    QTemporaryDir dir;
    const std::unique_ptr<Catalogue> catalogue = openVersion3Fixture(dir);
    ASSERT_TRUE(catalogue);
    EXPECT_EQ(catalogue->migratedFromVersion(), 3);

    const SeedCatalogue::SeedOffer offer =
        offerOf(*catalogue, bundledSeed(), SeedCatalogue::OfferScope::Unanswered);
    EXPECT_EQ(gpuIds(offer.gpus), newSeedIds(CatalogueSchema::SeedKind::Gpu));
    EXPECT_EQ(modelIds(offer.models), newSeedIds(CatalogueSchema::SeedKind::Model));
    EXPECT_EQ(offer.gpus.size(), 10);

    // The version-3 rows the fixture's user deleted are not offered as new, and the upgrade did not add
    // the presets back; the menu action (AllMissing) shows them.
    const SeedCatalogue::SeedOffer all =
        offerOf(*catalogue, bundledSeed(), SeedCatalogue::OfferScope::AllMissing);
    EXPECT_NE(findGpu(all.gpus, QStringLiteral("a100_sxm4_80gb")), nullptr);
    EXPECT_EQ(findGpu(offer.gpus, QStringLiteral("a100_sxm4_80gb")), nullptr);
    EXPECT_EQ(catalogue->models().find(QStringLiteral("mixtral-8x7b")), std::nullopt);

    // Seed values reach unchanged seed rows only (the frozen version-4 UPDATE), edited rows keep theirs.
    const std::optional<GpuSpec> b200 = catalogue->gpus().find(QStringLiteral("b200_sxm_180gb"));
    ASSERT_TRUE(b200);
    EXPECT_EQ(b200->fp6DenseTflops, 4500);
    EXPECT_EQ(b200->revision, 1);
    const std::optional<GpuSpec> l4 = catalogue->gpus().find(QStringLiteral("l4_24gb"));
    ASSERT_TRUE(l4);
    EXPECT_TRUE(l4->userModified);
    EXPECT_FALSE(l4->fp6DenseTflops.has_value());
    QSqlQuery query(catalogue->connection());
    ASSERT_TRUE(query.exec(QStringLiteral(
                    "SELECT name, source, revision FROM models WHERE model_id = 'llama-3.1-70b'")) &&
                query.next());
    EXPECT_EQ(query.value(0).toString(), QStringLiteral("My Llama 3.1 70B"));
    EXPECT_EQ(query.value(2).toInt(), 3);
}

TEST(SeedOffer, AcceptedRowsAreBundledAndDeclinedOnesAreNotOfferedAgain)
{
    QTemporaryDir dir;
    const std::unique_ptr<Catalogue> catalogue = openVersion3Fixture(dir);
    ASSERT_TRUE(catalogue);
    // A newer seed with a preset this catalogue never had (the bundled seed may have none yet).
    SeedData seed = bundledSeed();
    ModelSpec extra = seed.models.first();
    extra.modelId = QStringLiteral("test-new-preset");
    extra.name = QStringLiteral("Test New Preset");
    seed.models << extra;

    const SeedCatalogue::SeedOffer offer = offerOf(*catalogue, seed, SeedCatalogue::OfferScope::Unanswered);
    ASSERT_NE(findGpu(offer.gpus, QStringLiteral("b300_sxm_288gb")), nullptr);
    ASSERT_TRUE(modelIds(offer.models).contains(QStringLiteral("test-new-preset")));
    const QSet<QString> addGpus{QStringLiteral("b300_sxm_288gb"), QStringLiteral("mi355x_288gb")};
    const QSet<QString> addModels{QStringLiteral("test-new-preset")};
    ASSERT_FALSE(SeedCatalogue::answerOffer(*catalogue, offer, addGpus, addModels));

    const std::optional<GpuSpec> b300 = catalogue->gpus().find(QStringLiteral("b300_sxm_288gb"));
    ASSERT_TRUE(b300);
    EXPECT_FALSE(b300->userModified) << "an accepted seed row is a bundled row";
    EXPECT_EQ(b300->memoryGb, 288);
    EXPECT_TRUE(catalogue->models().find(QStringLiteral("test-new-preset")).has_value());
    EXPECT_FALSE(catalogue->gpus().find(QStringLiteral("h20_96gb")).has_value()) << "declined: not added";

    // Nothing is offered again at the next start: added or declined, every row was answered.
    EXPECT_TRUE(offerOf(*catalogue, seed, SeedCatalogue::OfferScope::Unanswered).isEmpty());
    // Deleting an added row does not bring the offer back; the menu action lists it with the declined.
    ASSERT_FALSE(catalogue->gpus().remove(*b300));
    EXPECT_TRUE(offerOf(*catalogue, seed, SeedCatalogue::OfferScope::Unanswered).isEmpty());
    const SeedCatalogue::SeedOffer all = offerOf(*catalogue, seed, SeedCatalogue::OfferScope::AllMissing);
    EXPECT_NE(findGpu(all.gpus, QStringLiteral("b300_sxm_288gb")), nullptr);
    EXPECT_NE(findGpu(all.gpus, QStringLiteral("h20_96gb")), nullptr);
    EXPECT_EQ(findGpu(all.gpus, QStringLiteral("mi355x_288gb")), nullptr);

    // The user's own and edited rows came through untouched.
    const std::optional<GpuSpec> mine = catalogue->gpus().find(QStringLiteral("my_lab_card"));
    ASSERT_TRUE(mine);
    EXPECT_TRUE(mine->userModified);
}

TEST(SeedOffer, AnAnswerThatCannotBeSavedWritesNothing)
{
    QTemporaryDir dir;
    const std::unique_ptr<Catalogue> catalogue = openVersion3Fixture(dir);
    ASSERT_TRUE(catalogue);
    SeedCatalogue::SeedOffer offer =
        offerOf(*catalogue, bundledSeed(), SeedCatalogue::OfferScope::Unanswered);
    ASSERT_FALSE(offer.gpus.isEmpty());
    // A row whose id the catalogue has meanwhile (another window added it): the insert fails last.
    GpuSpec clash = *catalogue->gpus().find(QStringLiteral("h100_sxm5_80gb"));
    offer.gpus << clash;
    QSet<QString> all;
    for (const GpuSpec &gpu : offer.gpus)
        all << gpu.gpuId;
    EXPECT_TRUE(SeedCatalogue::answerOffer(*catalogue, offer, all, {}));
    EXPECT_FALSE(catalogue->gpus().find(QStringLiteral("b300_sxm_288gb")).has_value());
    QSqlQuery query(catalogue->connection());
    ASSERT_TRUE(query.exec(QStringLiteral("SELECT count(*) FROM seed_answers WHERE answered_at <> ''")) &&
                query.next());
    EXPECT_EQ(query.value(0).toInt(), 0) << "no answer was recorded";
    EXPECT_EQ(gpuIds(offerOf(*catalogue, bundledSeed(), SeedCatalogue::OfferScope::Unanswered).gpus),
              newSeedIds(CatalogueSchema::SeedKind::Gpu));
}
