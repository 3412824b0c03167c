// What public microbenchmarks reach of a GPU's datasheet (achievable_matmul_tflops, achievable_memory_gbs,
// achievable_source; issue 36): every figure in the seed has its source, is a plausible share of the
// datasheet, and the version-6 migration gives an upgraded catalogue's untouched seed rows the figures a
// new catalogue gets, leaving edited and own rows unknown (NULL), never 0.

#include "db/Catalogue.h"
#include "db/CatalogueSchema.h"
#include "db/SeedCatalogue.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>

using TestCatalogueFiles::execOn;
using TestCatalogueFiles::sqlText;

TEST(AchievableRates, EverySeedFigureHasItsSourceAndIsAShareOfTheDatasheet)
{
    const SeedData data = TestCatalogueFiles::loadSeed();
    int matmul = 0;
    int memory = 0;
    for (const GpuSpec &gpu : data.gpus) {
        const std::string id = gpu.gpuId.toStdString();
        if (gpu.achievableMatmulTflops) {
            ++matmul;
            ASSERT_TRUE(gpu.fp16DenseTflops) << id;
            // Tuned GEMMs reach 50-90% of the datasheet; GeForce cards boosting above their rated clock a
            // little more (RTX 5090: 1.14).
            EXPECT_GT(*gpu.achievableMatmulTflops / *gpu.fp16DenseTflops, 0.5) << id;
            EXPECT_LT(*gpu.achievableMatmulTflops / *gpu.fp16DenseTflops, 1.2) << id;
            EXPECT_TRUE(gpu.achievableSource.contains(QStringLiteral("matmul: "))) << id;
        }
        if (gpu.achievableMemoryGBs) {
            ++memory;
            ASSERT_TRUE(gpu.memoryBandwidthGBs) << id;
            EXPECT_GT(*gpu.achievableMemoryGBs / *gpu.memoryBandwidthGBs, 0.7) << id;
            EXPECT_LE(*gpu.achievableMemoryGBs / *gpu.memoryBandwidthGBs, 1.0) << id;
        }
        if (gpu.achievableMatmulTflops || gpu.achievableMemoryGBs) {
            EXPECT_TRUE(gpu.achievableSource.contains(QStringLiteral("memory: "))) << id;
        }
    }
    // stas00/ml-engineering's MAMF table and the other sources in the seed notes: 20 matmul, 9 memory.
    EXPECT_EQ(matmul, 20);
    EXPECT_EQ(memory, 9);
}

TEST(AchievableRates, AVersion5CatalogueGetsTheSeedFiguresOnItsUntouchedSeedRowsOnly)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v5.db"));
    QStringList statements = TestCatalogueFiles::schemaUpTo(5);
    const SeedData data = TestCatalogueFiles::loadSeed();
    for (const GpuSpec &gpu : data.gpus)
        statements << QStringLiteral("INSERT INTO gpus (gpu_id, vendor, product, user_modified) "
                                     "VALUES (%1, 'v', 'p', %2)")
                          .arg(sqlText(gpu.gpuId))
                          .arg(gpu.gpuId == QStringLiteral("h100_sxm5_80gb") ? 1 : 0);
    statements << QStringLiteral("INSERT INTO gpus (gpu_id, vendor, product, user_modified) VALUES "
                                 "('my_card', 'v', 'p', 1)");
    execOn(path, statements);

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);
    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    for (const GpuSpec &gpu : data.gpus) {
        if (gpu.gpuId == QStringLiteral("h100_sxm5_80gb"))
            continue;
        const GpuSpec *migrated = snapshot->findGpu(gpu.gpuId);
        ASSERT_NE(migrated, nullptr) << gpu.gpuId.toStdString();
        EXPECT_EQ(migrated->achievableMatmulTflops, gpu.achievableMatmulTflops) << gpu.gpuId.toStdString();
        EXPECT_EQ(migrated->achievableMemoryGBs, gpu.achievableMemoryGBs) << gpu.gpuId.toStdString();
        EXPECT_EQ(migrated->achievableSource, gpu.achievableSource) << gpu.gpuId.toStdString();
    }
    const GpuSpec *edited = snapshot->findGpu(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_NE(edited, nullptr);
    EXPECT_FALSE(edited->achievableMatmulTflops.has_value()) << "an edited row is not overwritten";
    EXPECT_FALSE(snapshot->findGpu(QStringLiteral("my_card"))->achievableMemoryGBs.has_value());
}
