// gpus_per_node (issue 18): the seed's values, the field's range, and its way through the repository,
// CSV/JSON export and import, the datasheet parser and the table model.

#include "db/CatalogueExporter.h"
#include "db/CatalogueImporter.h"
#include "db/DatasheetCsvParser.h"
#include "db/GpuField.h"
#include "db/GpuRepository.h"
#include "db/SeedCatalogue.h"
#include "db/SpecTableModel.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QFile>
#include <QHash>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using TestCatalogueFiles::readBytes;
using TestCatalogueFiles::writeBytes;

namespace {

GpuSpec cardWithNodes(const QString &id, std::optional<int> gpusPerNode)
{
    GpuSpec gpu;
    gpu.gpuId = id;
    gpu.vendor = QStringLiteral("Acme");
    gpu.product = QStringLiteral("Node card");
    gpu.interconnectKind = QStringLiteral("none");
    gpu.gpusPerNode = gpusPerNode;
    return gpu;
}

QByteArray seedCsv()
{
    return readBytes(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/gpu-specs.csv"));
}

} // namespace

TEST(GpusPerNode, TheFieldIsAnIntegerFrom1To1024NextToThePcieColumns)
{
    const GpuField *field = GpuFields::findByName(QStringLiteral("gpus_per_node"));
    ASSERT_NE(field, nullptr);
    EXPECT_EQ(field->id, GpuField::GpusPerNode);
    EXPECT_EQ(field->type, GpuField::Type::Integer);
    EXPECT_EQ(QString::fromLatin1(field->label), QStringLiteral("GPUs per node"));
    EXPECT_TRUE(field->unitText().isEmpty());
    EXPECT_FALSE(field->required);
    EXPECT_EQ(field->minimum, 1.0);
    EXPECT_EQ(field->maximum, 1024.0);
    EXPECT_EQ(GpuField::GpusPerNode, GpuField::PcieGBs + 1);
}

TEST(GpusPerNode, EveryBundledGpuHasItsPlatformsCount)
{
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    ASSERT_TRUE(seed) << error.toStdString();
    QHash<QString, int> values;
    for (const GpuSpec &gpu : seed->gpus) {
        ASSERT_TRUE(gpu.gpusPerNode.has_value()) << gpu.gpuId.toStdString();
        values.insert(gpu.gpuId, *gpu.gpusPerNode);
    }
    // HGX/DGX and UBB boards, 8-card PCIe servers, workstations, GH200 NVL2 (gpu-specs-notes.md section 6).
    for (const char *id :
         {"h100_sxm5_80gb", "h200_sxm_141gb", "a100_sxm4_40gb", "a100_sxm4_80gb", "b200_sxm_180gb",
          "mi300x_192gb", "mi325x_256gb", "h100_pcie_80gb", "h100_nvl_94gb", "h200_nvl_141gb",
          "a100_pcie_40gb", "a100_pcie_80gb", "l40s_48gb", "l40_48gb", "l4_24gb", "a10_24gb", "a40_48gb"})
        EXPECT_EQ(values.value(QLatin1String(id)), 8) << id;
    EXPECT_EQ(values.value(QStringLiteral("rtx_a6000_48gb")), 4);
    EXPECT_EQ(values.value(QStringLiteral("rtx_6000_ada_48gb")), 4);
    EXPECT_EQ(values.value(QStringLiteral("rtx_4090_24gb")), 2);
    EXPECT_EQ(values.value(QStringLiteral("rtx_3090_24gb")), 2);
    EXPECT_EQ(values.value(QStringLiteral("gh200_144gb")), 2);
    // The GPUs of 2026 (gpu-specs-notes.md section 6): the NVL72 racks are one 72-GPU NVLink domain.
    for (const char *id : {"b300_sxm_288gb", "h20_96gb", "mi355x_288gb", "rtx_pro_6000_server_96gb",
                           "l20_48gb", "gaudi3_128gb"})
        EXPECT_EQ(values.value(QLatin1String(id)), 8) << id;
    EXPECT_EQ(values.value(QStringLiteral("gb200_nvl72_186gb")), 72);
    EXPECT_EQ(values.value(QStringLiteral("gb300_nvl72_288gb")), 72);
    EXPECT_EQ(values.value(QStringLiteral("rtx_pro_6000_ws_96gb")), 4);
    EXPECT_EQ(values.value(QStringLiteral("rtx_5090_32gb")), 2);
    EXPECT_EQ(values.size(), seedGpuCount());
}

using GpusPerNodeOnSeed = SeededCatalogueTest;

TEST_F(GpusPerNodeOnSeed, ANewCatalogueStoresTheSeedValuesAndTheTableShowsThem)
{
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("h100_sxm5_80gb"))->gpusPerNode, 8);
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("gh200_144gb"))->gpusPerNode, 2);

    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    const QModelIndex a6000 =
        model.index(model.session()->rowOf(QStringLiteral("rtx_a6000_48gb")), GpuField::GpusPerNode);
    EXPECT_EQ(a6000.data(Qt::DisplayRole).toString(), QStringLiteral("4"));
    EXPECT_EQ(a6000.data(Qt::EditRole).toInt(), 4);
    EXPECT_EQ(a6000.data(SpecTableModel::FieldKeyRole).toString(), QStringLiteral("gpus_per_node"));
    EXPECT_EQ(model.headerData(GpuField::GpusPerNode, Qt::Horizontal).toString(),
              QStringLiteral("GPUs per node"));
}

TEST_F(GpusPerNodeOnSeed, WriteThenReadKeepsTheValueAndMissingStaysMissing)
{
    GpuRepository repository = catalogue->gpus();

    GpuSpec sixteen = cardWithNodes(QStringLiteral("node_16"), 16);
    GpuSpec unknown = cardWithNodes(QStringLiteral("node_unknown"), std::nullopt);
    ASSERT_FALSE(repository.insert(sixteen));
    ASSERT_FALSE(repository.insert(unknown));
    EXPECT_EQ(repository.find(QStringLiteral("node_16"))->gpusPerNode, 16);
    EXPECT_FALSE(repository.find(QStringLiteral("node_unknown"))->gpusPerNode.has_value()) << "never 0";

    GpuSpec edited = *repository.find(QStringLiteral("node_16"));
    edited.gpusPerNode = 1024;
    ASSERT_FALSE(repository.update(edited));
    EXPECT_EQ(repository.find(QStringLiteral("node_16"))->gpusPerNode, 1024);

    // An out-of-range value never reaches the file.
    GpuSpec zero = *repository.find(QStringLiteral("node_16"));
    zero.gpusPerNode = 0;
    const CatalogueError error = repository.update(zero);
    EXPECT_EQ(error.kind, CatalogueError::Kind::Invalid) << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("gpus_per_node"))) << error.message.toStdString();
    EXPECT_EQ(repository.find(QStringLiteral("node_16"))->gpusPerNode, 1024);
}

class GpusPerNodeFiles : public ::testing::TestWithParam<const char *>
{
};

TEST_P(GpusPerNodeFiles, ExportThenImportKeepsIt)
{
    QTemporaryDir dir;
    auto source = SeededCatalogue::create(dir, QStringLiteral("source.db"));
    ASSERT_TRUE(source);
    GpuSpec sixteen = cardWithNodes(QStringLiteral("node_16"), 16);
    GpuSpec unknown = cardWithNodes(QStringLiteral("node_unknown"), std::nullopt);
    ASSERT_FALSE(source->gpus().insert(sixteen));
    ASSERT_FALSE(source->gpus().insert(unknown));
    const QVector<GpuSpec> original = source->gpus().list();

    const QString path = dir.filePath(QStringLiteral("export.") + QLatin1String(GetParam()));
    ASSERT_FALSE(CatalogueExporter::exportToFile(original, path));
    const QByteArray bytes = readBytes(path);
    EXPECT_TRUE(bytes.contains("gpus_per_node")) << "the column or key is exported";

    ImportProblem problem;
    const std::optional<QVector<GpuSpec>> imported = CatalogueImporter::parseFile(path, &problem);
    ASSERT_TRUE(imported) << problem.text().toStdString();
    ASSERT_EQ(imported->size(), original.size());
    for (qsizetype i = 0; i < original.size(); ++i) {
        EXPECT_EQ(imported->at(i).gpusPerNode, original[i].gpusPerNode) << original[i].gpuId.toStdString();
        EXPECT_TRUE(GpuFields::sameSpecs(imported->at(i), original[i])) << original[i].gpuId.toStdString();
    }

    // Into another catalogue, updating the seed rows: the values land in the file.
    auto target = SeededCatalogue::create(dir, QStringLiteral("target.db"));
    ASSERT_TRUE(target);
    ASSERT_FALSE(CatalogueImporter::importFile(*target, path, GpuRepository::OnExisting::Update));
    EXPECT_EQ(target->gpus().find(QStringLiteral("node_16"))->gpusPerNode, 16);
    EXPECT_FALSE(target->gpus().find(QStringLiteral("node_unknown"))->gpusPerNode.has_value());
    EXPECT_EQ(target->gpus().find(QStringLiteral("b200_sxm_180gb"))->gpusPerNode, 8);
}

INSTANTIATE_TEST_SUITE_P(Formats, GpusPerNodeFiles, ::testing::Values("csv", "json"));

TEST(GpusPerNode, ACsvImportRefusesABadCountWithTheReason)
{
    const auto problemFor = [](const char *cell) {
        ImportProblem problem;
        const QByteArray csv =
            QByteArray("gpu_id,vendor,product,gpus_per_node\r\nok,v,p,8\r\nbad,v,p,") + cell + "\r\n";
        EXPECT_FALSE(CatalogueImporter::parseCsv(csv, &problem)) << cell;
        return problem.text();
    };
    EXPECT_EQ(problemFor("0"),
              QStringLiteral("line 3, field gpus_per_node: must be between 1 and 1024 (got 0)"));
    EXPECT_EQ(problemFor("2000"),
              QStringLiteral("line 3, field gpus_per_node: must be between 1 and 1024 (got 2000)"));
    EXPECT_EQ(problemFor("abc"), QStringLiteral("line 3, field gpus_per_node: must be a number (got 'abc')"));
    EXPECT_EQ(problemFor("4.5"),
              QStringLiteral("line 3, field gpus_per_node: must be a whole number (got 4.5)"));
    EXPECT_EQ(problemFor("-8"), QStringLiteral("line 3, field gpus_per_node: must not be negative (got -8)"));

    ImportProblem problem;
    const auto empty =
        CatalogueImporter::parseCsv("gpu_id,vendor,product,gpus_per_node\r\nx,v,p,\r\n", &problem);
    ASSERT_TRUE(empty) << problem.text().toStdString();
    EXPECT_FALSE(empty->first().gpusPerNode.has_value()) << "an empty cell is 'not given'";
}

TEST(GpusPerNode, AJsonImportRefusesABadCountWithTheReason)
{
    const auto problemFor = [](const char *value) {
        ImportProblem problem;
        const QByteArray json = QByteArray(R"({"format":"gpucompare-catalogue","version":1,"gpus":[)"
                                           R"({"gpu_id":"a","vendor":"v","product":"p","gpus_per_node":)") +
                                value + "}]}";
        EXPECT_FALSE(CatalogueImporter::parseJson(json, &problem)) << value;
        return problem.text();
    };
    EXPECT_EQ(problemFor("0"), QStringLiteral("$.gpus[0].gpus_per_node: must be between 1 and 1024 (got 0)"));
    EXPECT_EQ(problemFor("2000"),
              QStringLiteral("$.gpus[0].gpus_per_node: must be between 1 and 1024 (got 2000)"));
    EXPECT_EQ(problemFor("\"abc\""), QStringLiteral("$.gpus[0].gpus_per_node: must be a number or null"));
}

TEST_F(GpusPerNodeOnSeed, TheTableRefusesABadCountWithTheReason)
{
    EXPECT_EQ(GpuEditSession::validate(GpuField::GpusPerNode, 0),
              QStringLiteral("must be between 1 and 1024 (got 0)"));
    EXPECT_EQ(GpuEditSession::validate(GpuField::GpusPerNode, 2000),
              QStringLiteral("must be between 1 and 1024 (got 2000)"));
    EXPECT_EQ(GpuEditSession::validate(GpuField::GpusPerNode, QStringLiteral("abc")),
              QStringLiteral("must be a number (got 'abc')"));
    EXPECT_TRUE(GpuEditSession::validate(GpuField::GpusPerNode, 8).isEmpty());
    EXPECT_TRUE(GpuEditSession::validate(GpuField::GpusPerNode, QVariant()).isEmpty())
        << "missing is allowed";

    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    const QModelIndex l4 =
        model.index(model.session()->rowOf(QStringLiteral("l4_24gb")), GpuField::GpusPerNode);
    EXPECT_FALSE(model.session()->setValue(l4.row(), l4.column(), 0));
    EXPECT_EQ(model.session()->lastError(),
              QStringLiteral("GPUs per node: must be between 1 and 1024 (got 0)"));
    EXPECT_EQ(l4.data(Qt::EditRole).toInt(), 8);
    EXPECT_TRUE(model.session()->setValue(l4.row(), l4.column(), 16));
    EXPECT_EQ(l4.data(Qt::EditRole).toInt(), 16);
}

TEST(GpusPerNode, TheDatasheetParserNeedsTheColumnAndAWholeNumber)
{
    QString error;
    QByteArray withoutColumn = seedCsv();
    withoutColumn.replace("pcie_bandwidth_gbps_bidir,gpus_per_node,", "pcie_bandwidth_gbps_bidir,x_unused,");
    EXPECT_FALSE(DatasheetCsvParser::parse(withoutColumn, &error));
    EXPECT_EQ(error, QStringLiteral("line 1: the column 'gpus_per_node' is missing"));

    const QByteArray original = seedCsv();
    ASSERT_TRUE(original.contains("SXM5 80GB,")); // the first data row (line 2) is the H100 SXM5
    const qsizetype lineEnd = original.indexOf("\r\n", original.indexOf("\r\n") + 2);
    const auto withFirstRowCell = [&](const QByteArray &cell) {
        QByteArray csv = original;
        const qsizetype at = csv.indexOf(",128,8,", original.indexOf("\r\n"));
        EXPECT_TRUE(at > 0 && at < lineEnd);
        const QByteArray replacement = QByteArray(",128,") + cell + QByteArray(",");
        csv.replace(at, 7, replacement);
        return csv;
    };
    EXPECT_FALSE(DatasheetCsvParser::parse(withFirstRowCell("8.5"), &error));
    EXPECT_EQ(error, QStringLiteral("line 2, column gpus_per_node: '8.5' is not a whole number in range"));
    EXPECT_FALSE(DatasheetCsvParser::parse(withFirstRowCell("0"), &error));
    EXPECT_EQ(error, QStringLiteral("line 2: gpus_per_node: must be between 1 and 1024 (got 0)"));
    EXPECT_FALSE(DatasheetCsvParser::parse(withFirstRowCell("eight"), &error));
    EXPECT_EQ(error, QStringLiteral("line 2, column gpus_per_node: 'eight' is not a number"));
    const auto parsed = DatasheetCsvParser::parse(withFirstRowCell("16"), &error);
    ASSERT_TRUE(parsed) << error.toStdString();
    EXPECT_EQ(parsed->first().gpusPerNode, 16);
}
