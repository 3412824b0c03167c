// SpecTableModel: the roles a view relies on, validation with reasons, saves through the catalogue.

#include "TestCatalogueFiles.h"

#include <GpuRepository.h>
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <SpecTableModel.h>
#include <gtest/gtest.h>

namespace {

QModelIndex cell(const SpecTableModel &model, const QString &gpuId, GpuField::Id column)
{
    return model.index(model.rowOf(gpuId), column);
}

} // namespace

TEST(SpecTableModel, PassesQAbstractItemModelTesterWhileLoadingAndEditing)
{
    QTemporaryDir dir;
    auto catalogue = TestCatalogueFiles::createSeeded(dir);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));
    EXPECT_EQ(model.rowCount(), 22);
    EXPECT_EQ(model.columnCount(), GpuField::Count);
    EXPECT_TRUE(model.setData(cell(model, QStringLiteral("l4_24gb"), GpuField::TdpW), 75.0));
    EXPECT_FALSE(model.setData(cell(model, QStringLiteral("l4_24gb"), GpuField::TdpW), -75.0));
    ASSERT_FALSE(model.reload());
}

TEST(SpecTableModel, DisplayHasUnitsEditIsRawMissingIsNa)
{
    QTemporaryDir dir;
    auto catalogue = TestCatalogueFiles::createSeeded(dir);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));
    const QModelIndex fp16 = cell(model, QStringLiteral("h100_sxm5_80gb"), GpuField::Fp16DenseTflops);
    EXPECT_EQ(fp16.data(Qt::DisplayRole).toString(), QStringLiteral("989.4 TFLOPS"));
    EXPECT_EQ(fp16.data(Qt::EditRole).toDouble(), 989.4);
    EXPECT_EQ(fp16.data(SpecTableModel::RawValueRole).toDouble(), 989.4);
    EXPECT_EQ(fp16.data(SpecTableModel::UnitRole).toString(), QStringLiteral("TFLOPS"));
    EXPECT_EQ(fp16.data(SpecTableModel::FieldKeyRole).toString(), QStringLiteral("fp16_dense_tflops"));

    const QModelIndex fp4 = cell(model, QStringLiteral("h100_sxm5_80gb"), GpuField::Fp4DenseTflops);
    EXPECT_EQ(fp4.data(Qt::DisplayRole).toString(), QStringLiteral("n/a"));
    EXPECT_TRUE(fp4.data(Qt::EditRole).isNull());

    EXPECT_EQ(model.headerData(GpuField::MemoryBandwidthGBs, Qt::Horizontal).toString(),
              QStringLiteral("Memory bandwidth (GB/s)"));
    EXPECT_EQ(cell(model, QStringLiteral("h100_sxm5_80gb"), GpuField::MemoryGb).data().toString(),
              QStringLiteral("80 GB"));
}

TEST(SpecTableModel, TheRawValueRoleSortsNumbersAsNumbers)
{
    QTemporaryDir dir;
    auto catalogue = TestCatalogueFiles::createSeeded(dir);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SpecTableModel::RawValueRole);
    proxy.sort(GpuField::MemoryBandwidthGBs, Qt::DescendingOrder);
    EXPECT_EQ(proxy.index(0, GpuField::GpuId).data().toString(),
              QStringLiteral("b200_sxm_180gb"));                                              // 7700 > 960
    EXPECT_EQ(proxy.index(21, GpuField::GpuId).data().toString(), QStringLiteral("l4_24gb")); // 300
}

TEST(SpecTableModel, ValidationRefusesBadValuesWithAReason)
{
    EXPECT_EQ(SpecTableModel::validate(GpuField::MemoryGb, -1.0),
              QStringLiteral("must not be negative (got -1)"));
    EXPECT_EQ(SpecTableModel::validate(GpuField::MemoryGb, std::nan("")),
              QStringLiteral("must be a number, not NaN"));
    EXPECT_EQ(SpecTableModel::validate(GpuField::MemoryGb, QStringLiteral("lots")),
              QStringLiteral("must be a number (got 'lots')"));
    EXPECT_TRUE(SpecTableModel::validate(GpuField::MemoryGb, QVariant()).isEmpty()) << "missing is allowed";
    EXPECT_EQ(SpecTableModel::validate(GpuField::Vendor, QString()), QStringLiteral("is required"));
    EXPECT_TRUE(SpecTableModel::validate(GpuField::InterconnectKind, QStringLiteral("pcie-only"))
                    .startsWith(QStringLiteral("must be one of")));
    EXPECT_TRUE(
        SpecTableModel::validate(GpuField::PcieGeneration, 3.5).contains(QStringLiteral("whole number")));
    EXPECT_TRUE(SpecTableModel::validate(GpuField::ReleaseYear, 1800)
                    .contains(QStringLiteral("between 1990 and 2100")));
    EXPECT_TRUE(SpecTableModel::validate(GpuField::GpuId, QStringLiteral("Has Spaces"))
                    .startsWith(QStringLiteral("must be")));
}

TEST(SpecTableModel, ARefusedEditChangesNothingAndSaysWhy)
{
    QTemporaryDir dir;
    auto catalogue = TestCatalogueFiles::createSeeded(dir);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));
    QSignalSpy refused(&model, &SpecTableModel::editRefused);
    QSignalSpy changed(&model, &SpecTableModel::dataChanged);
    const QModelIndex memory = cell(model, QStringLiteral("a10_24gb"), GpuField::MemoryGb);
    EXPECT_FALSE(model.setData(memory, -24.0));
    ASSERT_EQ(refused.count(), 1);
    EXPECT_EQ(refused.first().at(2).toString(), QStringLiteral("Memory: must not be negative (got -24)"));
    EXPECT_EQ(model.lastError(), QStringLiteral("Memory: must not be negative (got -24)"));
    EXPECT_EQ(changed.count(), 0);
    EXPECT_EQ(memory.data(Qt::EditRole).toDouble(), 24.0);
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("a10_24gb"))->memoryGb, 24.0);
}

TEST(SpecTableModel, AnAcceptedEditIsSavedAndMarksTheRow)
{
    QTemporaryDir dir;
    auto catalogue = TestCatalogueFiles::createSeeded(dir);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));
    const QModelIndex price = cell(model, QStringLiteral("a10_24gb"), GpuField::UsdPerGpuHour);
    ASSERT_TRUE(model.setData(price, QStringLiteral("0.65")));
    EXPECT_EQ(price.data(Qt::EditRole).toDouble(), 0.65);
    EXPECT_TRUE(price.data(SpecTableModel::UserModifiedRole).toBool());
    const auto stored = catalogue->gpus().find(QStringLiteral("a10_24gb"));
    EXPECT_EQ(stored->usdPerGpuHour, 0.65);
    EXPECT_TRUE(stored->userModified);

    // Clearing a value makes it missing (NULL), not 0.
    ASSERT_TRUE(model.setData(price, QString()));
    EXPECT_FALSE(catalogue->gpus().find(QStringLiteral("a10_24gb"))->usdPerGpuHour.has_value());
}

TEST(SpecTableModel, AnEditOfARowChangedElsewhereIsAConflict)
{
    QTemporaryDir dir;
    auto catalogue = TestCatalogueFiles::createSeeded(dir);
    ASSERT_TRUE(catalogue);
    auto other = Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")), nullptr);
    ASSERT_TRUE(other);
    SpecTableModel model;
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));

    GpuSpec theirs = *other->gpus().find(QStringLiteral("l40_48gb"));
    theirs.notes = QStringLiteral("their note");
    ASSERT_FALSE(other->gpus().update(theirs));

    QSignalSpy refused(&model, &SpecTableModel::editRefused);
    EXPECT_FALSE(
        model.setData(cell(model, QStringLiteral("l40_48gb"), GpuField::Notes), QStringLiteral("my note")));
    ASSERT_EQ(refused.count(), 1);
    EXPECT_TRUE(
        refused.first().at(2).toString().contains(QStringLiteral("changed or deleted by someone else")));
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("l40_48gb"))->notes, QStringLiteral("their note"));
}

TEST(SpecTableModel, AReadOnlyCatalogueIsNotEditable)
{
    QTemporaryDir dir;
    {
        auto created = TestCatalogueFiles::createSeeded(dir);
        ASSERT_TRUE(created);
    }
    auto catalogue =
        Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")),
                        Catalogue::Options{Catalogue::Access::ReadOnly, Catalogue::IfMissing::Fail}, nullptr);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));
    const QModelIndex index = model.index(0, GpuField::Notes);
    EXPECT_FALSE(model.flags(index) & Qt::ItemIsEditable);
    EXPECT_FALSE(model.setData(index, QStringLiteral("x")));
    EXPECT_TRUE(model.lastError().contains(QStringLiteral("read-only")));
}

TEST(SpecTableModel, AddingAndRemovingGpusSavesThemAndKeepsTheOrder)
{
    QTemporaryDir dir;
    auto catalogue = TestCatalogueFiles::createSeeded(dir);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_FALSE(model.setCatalogue(catalogue.get()));

    GpuSpec gpu;
    gpu.gpuId = QStringLiteral("h100_custom");
    gpu.vendor = QStringLiteral("NVIDIA");
    gpu.product = QStringLiteral("H100");
    gpu.variant = QStringLiteral("custom");
    gpu.interconnectKind = QStringLiteral("none");
    const int row = model.addGpu(gpu);
    ASSERT_GE(row, 0) << model.lastError().toStdString();
    EXPECT_EQ(model.rowCount(), 23);
    EXPECT_EQ(model.index(row, GpuField::GpuId).data().toString(), QStringLiteral("h100_custom"));
    EXPECT_TRUE(catalogue->gpus().find(QStringLiteral("h100_custom")));
    // The row sits where a reload would put it.
    const QVector<GpuSpec> reloaded = catalogue->gpus().list();
    EXPECT_EQ(reloaded.at(row).gpuId, QStringLiteral("h100_custom"));

    EXPECT_EQ(model.addGpu(gpu), -1) << "a duplicate id is refused";
    EXPECT_FALSE(model.lastError().isEmpty());
    gpu.gpuId = QStringLiteral("another");
    gpu.memoryGb = -1;
    EXPECT_EQ(model.addGpu(gpu), -1);
    EXPECT_TRUE(model.lastError().contains(QStringLiteral("memory_gb"))) << model.lastError().toStdString();

    ASSERT_TRUE(model.removeGpu(row));
    EXPECT_EQ(model.rowCount(), 22);
    EXPECT_FALSE(catalogue->gpus().find(QStringLiteral("h100_custom")));
}
