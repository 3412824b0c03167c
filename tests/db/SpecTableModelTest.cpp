// SpecTableModel: the roles a view relies on, validation with reasons, saves through the catalogue.

#include "db/SpecTableModel.h"

#include "db/GpuRepository.h"
#include "tests/support/SeededCatalogue.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

QModelIndex cell(const SpecTableModel &model, const QString &gpuId, GpuField::Id column)
{
    return model.index(model.session()->rowOf(gpuId), column);
}

// An edit of the cell, as the model's session takes it (the model itself only shows the session).
bool setValue(SpecTableModel &model, const QModelIndex &index, const QVariant &value)
{
    return model.session()->setValue(index.row(), index.column(), value);
}

} // namespace

using SpecTableModelOnSeed = SeededCatalogueTest;

TEST_F(SpecTableModelOnSeed, PassesQAbstractItemModelTesterWhileLoadingAndEditing)
{
    SpecTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    EXPECT_EQ(model.rowCount(), seedGpuCount());
    EXPECT_EQ(model.columnCount(), GpuField::Count);
    EXPECT_TRUE(setValue(model, cell(model, QStringLiteral("l4_24gb"), GpuField::TdpW), 75.0));
    EXPECT_FALSE(setValue(model, cell(model, QStringLiteral("l4_24gb"), GpuField::TdpW), -75.0));
    ASSERT_FALSE(model.session()->reload());
}

TEST_F(SpecTableModelOnSeed, DisplayHasUnitsEditIsRawMissingIsNa)
{
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
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

TEST_F(SpecTableModelOnSeed, TheRawValueRoleSortsNumbersAsNumbers)
{
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SpecTableModel::RawValueRole);
    proxy.sort(GpuField::MemoryBandwidthGBs, Qt::DescendingOrder);
    // 8000 (B300, GB200/GB300, MI355X) > 960 as numbers; as text "960" would sort first.
    EXPECT_EQ(proxy.index(0, GpuField::MemoryBandwidthGBs).data(SpecTableModel::RawValueRole).toDouble(),
              8000.0);
    EXPECT_EQ(proxy.index(proxy.rowCount() - 1, GpuField::GpuId).data().toString(),
              QStringLiteral("l4_24gb")); // 300
}

TEST(SpecTableModel, ValidationRefusesBadValuesWithAReason)
{
    EXPECT_EQ(GpuEditSession::validate(GpuField::MemoryGb, -1.0),
              QStringLiteral("must not be negative (got -1)"));
    EXPECT_EQ(GpuEditSession::validate(GpuField::MemoryGb, std::nan("")),
              QStringLiteral("must be a number, not NaN"));
    EXPECT_EQ(GpuEditSession::validate(GpuField::MemoryGb, QStringLiteral("lots")),
              QStringLiteral("must be a number (got 'lots')"));
    EXPECT_TRUE(GpuEditSession::validate(GpuField::MemoryGb, QVariant()).isEmpty()) << "missing is allowed";
    EXPECT_EQ(GpuEditSession::validate(GpuField::Vendor, QString()), QStringLiteral("is required"));
    EXPECT_TRUE(GpuEditSession::validate(GpuField::InterconnectKind, QStringLiteral("pcie-only"))
                    .startsWith(QStringLiteral("must be one of")));
    EXPECT_TRUE(
        GpuEditSession::validate(GpuField::PcieGeneration, 3.5).contains(QStringLiteral("whole number")));
    EXPECT_TRUE(GpuEditSession::validate(GpuField::ReleaseYear, 1800)
                    .contains(QStringLiteral("between 1990 and 2100")));
    EXPECT_TRUE(GpuEditSession::validate(GpuField::GpuId, QStringLiteral("Has Spaces"))
                    .startsWith(QStringLiteral("must be")));
}

TEST_F(SpecTableModelOnSeed, ARefusedEditChangesNothingAndSaysWhy)
{
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    QSignalSpy refused(model.session(), &GpuEditSession::editRefused);
    QSignalSpy changed(&model, &SpecTableModel::dataChanged);
    const QModelIndex memory = cell(model, QStringLiteral("a10_24gb"), GpuField::MemoryGb);
    EXPECT_FALSE(setValue(model, memory, -24.0));
    ASSERT_EQ(refused.count(), 1);
    EXPECT_EQ(refused.first().at(2).toString(), QStringLiteral("Memory: must not be negative (got -24)"));
    EXPECT_EQ(model.session()->lastError(), QStringLiteral("Memory: must not be negative (got -24)"));
    EXPECT_EQ(changed.count(), 0);
    EXPECT_EQ(memory.data(Qt::EditRole).toDouble(), 24.0);
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("a10_24gb"))->memoryGb, 24.0);
}

TEST_F(SpecTableModelOnSeed, AnAcceptedEditIsPendingUntilSaveThenInTheFile)
{
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    QSignalSpy unsaved(model.session(), &GpuEditSession::unsavedChangesChanged);
    QSignalSpy saved(model.session(), &GpuEditSession::saved);
    const QModelIndex price = cell(model, QStringLiteral("a10_24gb"), GpuField::UsdPerGpuHour);
    ASSERT_TRUE(setValue(model, price, QStringLiteral("0.65")));
    EXPECT_EQ(price.data(Qt::EditRole).toDouble(), 0.65);
    EXPECT_TRUE(price.data(SpecTableModel::UnsavedRole).toBool());
    EXPECT_FALSE(
        cell(model, QStringLiteral("a10_24gb"), GpuField::TdpW).data(SpecTableModel::UnsavedRole).toBool());
    EXPECT_TRUE(model.session()->hasUnsavedChanges());
    ASSERT_EQ(unsaved.count(), 1);
    EXPECT_NE(catalogue->gpus().find(QStringLiteral("a10_24gb"))->usdPerGpuHour, 0.65) << "not saved yet";

    const GpuEditSession::SaveResult result = model.session()->save();
    ASSERT_TRUE(result.ok()) << result.error.message.toStdString();
    EXPECT_EQ(result.written, 1);
    EXPECT_EQ(saved.count(), 1);
    EXPECT_FALSE(model.session()->hasUnsavedChanges());
    EXPECT_FALSE(price.data(SpecTableModel::UnsavedRole).toBool());
    EXPECT_TRUE(price.data(SpecTableModel::UserModifiedRole).toBool());
    const auto stored = catalogue->gpus().find(QStringLiteral("a10_24gb"));
    EXPECT_EQ(stored->usdPerGpuHour, 0.65);
    EXPECT_TRUE(stored->userModified);

    // Clearing a value makes it missing (NULL), not 0.
    ASSERT_TRUE(setValue(model, price, QString()));
    ASSERT_TRUE(model.session()->save().ok());
    EXPECT_FALSE(catalogue->gpus().find(QStringLiteral("a10_24gb"))->usdPerGpuHour.has_value());

    // Revert throws pending edits away and shows the file again.
    ASSERT_TRUE(setValue(model, price, 3.0));
    model.session()->revert();
    EXPECT_TRUE(price.data(Qt::EditRole).isNull());
    EXPECT_FALSE(model.session()->hasUnsavedChanges());
}

TEST_F(SpecTableModelOnSeed, ABundledValueIsMarkedWhereItDiffers)
{
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    model.setBundled(catalogue->gpus().list());
    const QModelIndex tdp = cell(model, QStringLiteral("l4_24gb"), GpuField::TdpW);
    EXPECT_FALSE(tdp.data(SpecTableModel::DiffersFromBundledRole).toBool());
    EXPECT_FALSE(tdp.data(SpecTableModel::RowChangedByUserRole).toBool());
    ASSERT_TRUE(setValue(model, tdp, 75.0));
    EXPECT_TRUE(tdp.data(SpecTableModel::DiffersFromBundledRole).toBool());
    EXPECT_TRUE(tdp.data(SpecTableModel::RowChangedByUserRole).toBool());
    EXPECT_EQ(tdp.data(SpecTableModel::BundledValueRole).toDouble(), 72.0);
    EXPECT_TRUE(tdp.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Bundled value: 72 W")))
        << tdp.data(Qt::ToolTipRole).toString().toStdString();
}

// Two connections to one file: the other writes first; our save must not overwrite it silently.
TEST(SpecTableModel, ASaveOverARowChangedElsewhereIsAConflictUntilResolved)
{
    for (const GpuEditSession::Keep keep : {GpuEditSession::Keep::Mine, GpuEditSession::Keep::Theirs}) {
        QTemporaryDir dir;
        auto catalogue = SeededCatalogue::create(dir, QStringLiteral("catalogue.db"));
        ASSERT_TRUE(catalogue);
        auto other = Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")), nullptr);
        ASSERT_TRUE(other);
        SpecTableModel model;
        ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
        ASSERT_TRUE(setValue(model, cell(model, QStringLiteral("l40_48gb"), GpuField::Notes),
                             QStringLiteral("my note")));

        GpuSpec theirs = *other->gpus().find(QStringLiteral("l40_48gb"));
        theirs.notes = QStringLiteral("their note");
        ASSERT_FALSE(other->gpus().update(theirs));

        GpuEditSession::SaveResult result = model.session()->save();
        ASSERT_EQ(result.conflicts.size(), 1);
        EXPECT_EQ(result.conflicts[0].mine->notes, QStringLiteral("my note"));
        EXPECT_EQ(result.conflicts[0].theirs->notes, QStringLiteral("their note"));
        EXPECT_EQ(catalogue->gpus().find(QStringLiteral("l40_48gb"))->notes, QStringLiteral("their note"));
        EXPECT_TRUE(model.session()->hasUnsavedChanges()) << "the edit is kept while the conflict is open";

        model.session()->resolveConflict(result.conflicts[0], keep);
        result = model.session()->save();
        ASSERT_TRUE(result.ok()) << result.error.message.toStdString();
        const QString expected =
            keep == GpuEditSession::Keep::Mine ? QStringLiteral("my note") : QStringLiteral("their note");
        EXPECT_EQ(other->gpus().find(QStringLiteral("l40_48gb"))->notes, expected);
        EXPECT_EQ(cell(model, QStringLiteral("l40_48gb"), GpuField::Notes).data().toString(), expected);
    }
}

TEST_F(SpecTableModelOnSeed, DeletingARowTheFileChangedIsAConflict)
{
    auto other = Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")), nullptr);
    ASSERT_TRUE(other);
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    ASSERT_TRUE(model.session()->takeRow(model.session()->rowOf(QStringLiteral("a40_48gb"))));
    GpuSpec theirs = *other->gpus().find(QStringLiteral("a40_48gb"));
    theirs.tdpW = 290;
    ASSERT_FALSE(other->gpus().update(theirs));
    GpuEditSession::SaveResult result = model.session()->save();
    ASSERT_EQ(result.conflicts.size(), 1);
    EXPECT_FALSE(result.conflicts[0].mine.has_value());
    model.session()->resolveConflict(result.conflicts[0], GpuEditSession::Keep::Theirs);
    EXPECT_GE(model.session()->rowOf(QStringLiteral("a40_48gb")), 0) << "their version is back in the table";
    EXPECT_EQ(model.session()->gpuAt(model.session()->rowOf(QStringLiteral("a40_48gb"))).tdpW, 290.0);
    EXPECT_TRUE(model.session()->save().ok());
    EXPECT_TRUE(other->gpus().find(QStringLiteral("a40_48gb")));
}

// The user edits a bundled GPU while another program deletes it from the file; Keep Mine writes it back
// as the user's own row (user_modified), with the edited values, not as a bundled row.
TEST_F(SpecTableModelOnSeed, KeepMineOverARowDeletedElsewhereBringsItBackAsTheUsersRow)
{
    auto other = Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")), nullptr);
    ASSERT_TRUE(other);
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    ASSERT_FALSE(model.session()->gpuAt(model.session()->rowOf(QStringLiteral("l4_24gb"))).userModified)
        << "a bundled row";
    ASSERT_TRUE(setValue(model, cell(model, QStringLiteral("l4_24gb"), GpuField::TdpW), 80.0));
    ASSERT_FALSE(other->gpus().remove(*other->gpus().find(QStringLiteral("l4_24gb"))));

    GpuEditSession::SaveResult result = model.session()->save();
    ASSERT_EQ(result.conflicts.size(), 1);
    EXPECT_FALSE(result.conflicts[0].theirs.has_value());
    model.session()->resolveConflict(result.conflicts[0], GpuEditSession::Keep::Mine);
    result = model.session()->save();
    ASSERT_TRUE(result.ok()) << result.error.message.toStdString();

    const std::optional<GpuSpec> back = other->gpus().find(QStringLiteral("l4_24gb"));
    ASSERT_TRUE(back) << "Keep Mine wrote the row again";
    EXPECT_TRUE(back->userModified) << "the user's row, not a bundled one";
    EXPECT_EQ(back->tdpW, 80.0);
    EXPECT_TRUE(model.session()->gpuAt(model.session()->rowOf(QStringLiteral("l4_24gb"))).userModified);
    EXPECT_FALSE(model.session()->hasUnsavedChanges());
}

TEST(SpecTableModel, AReadOnlyCatalogueIsNotEditable)
{
    QTemporaryDir dir;
    {
        auto created = SeededCatalogue::create(dir, QStringLiteral("catalogue.db"));
        ASSERT_TRUE(created);
    }
    auto catalogue =
        Catalogue::open(dir.filePath(QStringLiteral("catalogue.db")),
                        Catalogue::Options{Catalogue::Access::ReadOnly, Catalogue::IfMissing::Fail}, nullptr);
    ASSERT_TRUE(catalogue);
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    const QModelIndex index = model.index(0, GpuField::Notes);
    EXPECT_FALSE(model.flags(index) & Qt::ItemIsEditable) << "the model shows; edits go through the session";
    EXPECT_FALSE(setValue(model, index, QStringLiteral("x")));
    EXPECT_TRUE(model.session()->lastError().contains(QStringLiteral("read-only")));
}

TEST_F(SpecTableModelOnSeed, AddingAndRemovingGpusSavesThemAndKeepsTheOrder)
{
    SpecTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));

    GpuSpec gpu;
    gpu.gpuId = QStringLiteral("h100_custom");
    gpu.vendor = QStringLiteral("NVIDIA");
    gpu.product = QStringLiteral("H100");
    gpu.variant = QStringLiteral("custom");
    gpu.interconnectKind = QStringLiteral("none");
    const quint64 key = model.session()->addGpu(gpu);
    ASSERT_NE(key, 0u) << model.session()->lastError().toStdString();
    const int row = model.session()->rowOfKey(key);
    EXPECT_EQ(model.rowCount(), seedGpuCount() + 1);
    EXPECT_EQ(model.index(row, GpuField::GpuId).data().toString(), QStringLiteral("h100_custom"));
    EXPECT_FALSE(catalogue->gpus().find(QStringLiteral("h100_custom"))) << "pending until save";
    ASSERT_TRUE(model.session()->save().ok());
    EXPECT_TRUE(catalogue->gpus().find(QStringLiteral("h100_custom")));
    // The row sits where a reload would put it.
    const QVector<GpuSpec> reloaded = catalogue->gpus().list();
    EXPECT_EQ(reloaded.at(row).gpuId, QStringLiteral("h100_custom"));

    EXPECT_EQ(model.session()->addGpu(gpu), 0u) << "a duplicate id is refused";
    EXPECT_FALSE(model.session()->lastError().isEmpty());
    gpu.gpuId = QStringLiteral("another");
    gpu.memoryGb = -1;
    EXPECT_EQ(model.session()->addGpu(gpu), 0u);
    EXPECT_TRUE(model.session()->lastError().contains(QStringLiteral("memory_gb")))
        << model.session()->lastError().toStdString();

    const auto removed = model.session()->takeRow(model.session()->rowOfKey(key));
    ASSERT_TRUE(removed);
    EXPECT_EQ(model.rowCount(), seedGpuCount());
    EXPECT_TRUE(catalogue->gpus().find(QStringLiteral("h100_custom"))) << "deleted from the file on save";
    ASSERT_TRUE(model.session()->save().ok());
    EXPECT_FALSE(catalogue->gpus().find(QStringLiteral("h100_custom")));
}

TEST_F(SpecTableModelOnSeed, StoredValuesOutsideTheInputRangesSurviveEditingAndSavingAnotherCell)
{
    QSqlQuery query(catalogue->connection());
    ASSERT_TRUE(
        query.exec(QStringLiteral("UPDATE gpus SET memory_gb = 13824, usd_per_gpu_hour = 0.005, "
                                  "notes = 'lone' || char(13) || 'return' WHERE gpu_id = 'l4_24gb'")));
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    EXPECT_EQ(cell(model, QStringLiteral("l4_24gb"), GpuField::MemoryGb).data(Qt::EditRole).toDouble(),
              13824.0);
    ASSERT_TRUE(setValue(model, cell(model, QStringLiteral("l4_24gb"), GpuField::TdpW), 75.0));
    const GpuEditSession::SaveResult result = model.session()->save();
    ASSERT_TRUE(result.ok()) << result.error.message.toStdString();
    const GpuSpec saved = *catalogue->gpus().find(QStringLiteral("l4_24gb"));
    EXPECT_EQ(saved.tdpW, 75.0);
    EXPECT_EQ(saved.memoryGb, 13824.0);
    EXPECT_EQ(saved.usdPerGpuHour, 0.005);
    EXPECT_EQ(saved.notes, QStringLiteral("lone\rreturn"));
}
