// The FP16-with-FP16-accumulate tensor rate (fp16_accumulate_dense_tflops): given in the seed where the
// datasheet prints it beside a slower FP32-accumulate rate, filled by the version-5 migration from the
// compute note that held it before, checked like every other rate, and carried through CSV unchanged.

#include "db/Catalogue.h"
#include "db/CatalogueExporter.h"
#include "db/CatalogueImporter.h"
#include "db/CatalogueSchema.h"
#include "db/GpuField.h"
#include "db/SeedCatalogue.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QHash>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using TestCatalogueFiles::execOn;
using TestCatalogueFiles::sqlText;

namespace {

// The figure the note's text gives ("... FP16 with FP16 accumulate = 330.3 dense / 660.6 sparse ..."),
// read independently of the code under test.
std::optional<double> figureInNote(const QString &note)
{
    static const QRegularExpression figure(QStringLiteral("FP16 accumulate = ([0-9]+(?:\\.[0-9]+)?)"),
                                           QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = figure.match(note);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1).toDouble();
}

} // namespace

TEST(Fp16Accumulate, TheSeedGivesTheHalfRateCardsDatasheetFiguresAndTheNotesSayTheSame)
{
    // GeForce datasheets (Ada and Ampere whitepapers, RTX 5090 specifications; gpu-specs-notes.md section 2
    // and section 7) and the L40's (its FP32 accumulate is half rate, section 2) print FP16 tensor with
    // FP16 accumulate at twice the FP32-accumulate rate.
    const QHash<QString, double> expected{{QStringLiteral("rtx_4090_24gb"), 330.3},
                                          {QStringLiteral("rtx_3090_24gb"), 142.0},
                                          {QStringLiteral("rtx_5090_32gb"), 419.2},
                                          {QStringLiteral("l40_48gb"), 362.1}};
    const SeedData data = TestCatalogueFiles::loadSeed();
    ASSERT_FALSE(data.gpus.isEmpty());
    int given = 0;
    for (const GpuSpec &gpu : data.gpus) {
        const std::string id = gpu.gpuId.toStdString();
        EXPECT_EQ(gpu.fp16AccumulateDenseTflops, figureInNote(gpu.computeNote))
            << id << ": the column and its source text in fp16_accumulate_note disagree";
        if (expected.contains(gpu.gpuId)) {
            EXPECT_EQ(gpu.fp16AccumulateDenseTflops, expected.value(gpu.gpuId)) << id;
            ASSERT_TRUE(gpu.fp16DenseTflops.has_value()) << id;
            EXPECT_NEAR(*gpu.fp16AccumulateDenseTflops / *gpu.fp16DenseTflops, 2.0, 0.001)
                << id << ": the FP32-accumulate column is the half-rate figure";
            ++given;
        } else {
            EXPECT_FALSE(gpu.fp16AccumulateDenseTflops.has_value())
                << id << ": one rate for both accumulate modes leaves the column empty";
        }
    }
    EXPECT_EQ(given, expected.size());
}

TEST(Fp16Accumulate, AVersion4CatalogueGetsTheFigureItsNoteGivesOnEveryRow)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v4.db"));
    QStringList statements = TestCatalogueFiles::schemaUpTo(4);
    // Every seed GPU with the note the seed gives it; the 3090 edited by the user.
    const SeedData data = TestCatalogueFiles::loadSeed();
    for (const GpuSpec &gpu : data.gpus)
        statements << QStringLiteral(
                          "INSERT INTO gpus (gpu_id, vendor, product, compute_note, user_modified) "
                          "VALUES (%1, 'v', 'p', %2, %3)")
                          .arg(sqlText(gpu.gpuId), sqlText(gpu.computeNote))
                          .arg(gpu.gpuId == QStringLiteral("rtx_3090_24gb") ? 1 : 0);
    // The user's own rows: a figure in any case, a note with no number, a negative one.
    statements << QStringLiteral(
        "INSERT INTO gpus (gpu_id, vendor, product, compute_note, user_modified) VALUES "
        "('my_card', 'v', 'p', 'Lab card: fp16 ACCUMULATE = 200 dense', 1), "
        "('no_number', 'v', 'p', 'FP16 accumulate = n/a', 1), "
        "('negative', 'v', 'p', 'FP16 accumulate = -5', 1)");
    execOn(path, statements);

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);
    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    for (const GpuSpec &gpu : data.gpus) {
        const GpuSpec *migrated = snapshot->findGpu(gpu.gpuId);
        ASSERT_NE(migrated, nullptr) << gpu.gpuId.toStdString();
        EXPECT_EQ(migrated->fp16AccumulateDenseTflops, gpu.fp16AccumulateDenseTflops)
            << gpu.gpuId.toStdString() << ": an upgraded row has the figure a new catalogue gets";
        EXPECT_EQ(migrated->computeNote, gpu.computeNote) << "the source text stays";
    }
    EXPECT_EQ(snapshot->findGpu(QStringLiteral("rtx_3090_24gb"))->fp16AccumulateDenseTflops, 142.0)
        << "an edited row keeps the rate its note gives (the column is new: nothing is overwritten)";
    EXPECT_EQ(snapshot->findGpu(QStringLiteral("my_card"))->fp16AccumulateDenseTflops, 200.0);
    EXPECT_FALSE(snapshot->findGpu(QStringLiteral("no_number"))->fp16AccumulateDenseTflops.has_value());
    EXPECT_FALSE(snapshot->findGpu(QStringLiteral("negative"))->fp16AccumulateDenseTflops.has_value());
}

TEST(Fp16Accumulate, AnImplausibleOrUnreadableValueIsRefusedWithItsReason)
{
    const GpuField *field = GpuFields::findByName(QStringLiteral("fp16_accumulate_dense_tflops"));
    ASSERT_NE(field, nullptr);
    EXPECT_EQ(field->unitText(), QStringLiteral("TFLOPS"));
    EXPECT_TRUE(GpuFields::validate(*field, 330.3).isEmpty());
    EXPECT_TRUE(GpuFields::validate(*field, QVariant()).isEmpty()) << "empty: one rate for both modes";
    const QString tiny = GpuFields::validate(*field, 1e-300);
    EXPECT_TRUE(tiny.contains(QStringLiteral("0.001 and 500000 TFLOPS (got 1e-300)"))) << tiny.toStdString();
    EXPECT_FALSE(GpuFields::validate(*field, -5.0).isEmpty());
    EXPECT_FALSE(GpuFields::validate(*field, QStringLiteral("330.3 dense")).isEmpty());

    ImportProblem problem;
    EXPECT_FALSE(CatalogueImporter::parseCsv("gpu_id,vendor,product,fp16_accumulate_dense_tflops\na,v,p,-5\n",
                                             &problem));
    EXPECT_TRUE(problem.text().startsWith(QStringLiteral("line 2, field fp16_accumulate_dense_tflops")))
        << problem.text().toStdString();
}

TEST(Fp16Accumulate, TheFigureSurvivesACsvRoundTrip)
{
    GpuSpec gpu;
    gpu.gpuId = QStringLiteral("geforce_like");
    gpu.vendor = QStringLiteral("NVIDIA");
    gpu.product = QStringLiteral("Card");
    gpu.fp16DenseTflops = 165.2;
    gpu.fp16AccumulateDenseTflops = 330.3;
    GpuSpec pro = gpu;
    pro.gpuId = QStringLiteral("pro_like");
    pro.fp16AccumulateDenseTflops.reset();

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gpus.csv"));
    ASSERT_FALSE(CatalogueExporter::exportToFile({gpu, pro}, path));
    const QByteArray bytes = TestCatalogueFiles::readBytes(path);
    EXPECT_TRUE(bytes.contains("fp16_accumulate_dense_tflops"));

    ImportProblem problem;
    const auto back = CatalogueImporter::parseCsv(bytes, &problem);
    ASSERT_TRUE(back) << problem.text().toStdString();
    ASSERT_EQ(back->size(), 2);
    for (const GpuSpec &read : *back)
        if (read.gpuId == gpu.gpuId)
            EXPECT_EQ(read.fp16AccumulateDenseTflops, 330.3);
        else
            EXPECT_FALSE(read.fp16AccumulateDenseTflops.has_value()) << "missing stays missing, never 0";
}
