// Rename GPU…: the one way to change a GPU's id. The id cell is not editable; the dialog checks the id rule
// and uniqueness before OK; the rename is one undoable edit, and saving moves the GPU's measurements (which
// name it by gpu_id text) to the new id. Before this, a slip in the id cell saved "2.49" as the H100 SXM5's
// id and left its 78 measurements naming an id nothing had.

#include "db/BenchmarkRepository.h"
#include "db/Catalogue.h"
#include "db/GpuRepository.h"
#include "tests/support/SeededCatalogue.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"
#include "widgets/catalogue/RenameGpuDialog.h"
#include "widgets/catalogue/SpecTableView.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <gtest/gtest.h>

namespace {

const QString kH100 = QStringLiteral("h100_sxm5_80gb");
const QString kRenamed = QStringLiteral("h100_sxm5_80gb_hbm3");

struct RenameFixture : SeededCatalogue
{
    QString path = dir.filePath(QStringLiteral("catalogue.db"));
    SpecTableModel model;
    CatalogueEditor editor{&model};

    RenameFixture() { EXPECT_FALSE(model.session()->setCatalogue(catalogue.get())); }

    // Read from the file through a second connection: what the next session (or the CLI) would see.
    qsizetype benchmarksInFile(const QString &gpuId) const
    {
        const std::unique_ptr<Catalogue> reopened = Catalogue::open(path, nullptr);
        EXPECT_TRUE(reopened);
        return reopened ? reopened->benchmarks().listForGpu(gpuId).size() : -1;
    }
};

} // namespace

TEST(RenameGpu, TheIdCellIsNotEditableInPlace)
{
    RenameFixture f;
    const int row = f.model.session()->rowOf(kH100);
    ASSERT_GE(row, 0);
    const QAbstractItemModel *shown = f.editor.undoableModel();
    EXPECT_FALSE(shown->flags(shown->index(row, GpuField::GpuId)) & Qt::ItemIsEditable);
    EXPECT_TRUE(shown->flags(shown->index(row, GpuField::MemoryGb)) & Qt::ItemIsEditable);
    // Nor through the editor's cell path: it says where the id is changed.
    EXPECT_FALSE(f.editor.setValue(row, GpuField::GpuId, QStringLiteral("2.49")));
    EXPECT_TRUE(f.editor.lastError().contains(QStringLiteral("Rename GPU")))
        << f.editor.lastError().toStdString();
    EXPECT_EQ(f.model.session()->gpuAt(row).gpuId, kH100);
}

TEST(RenameGpu, RenamingMovesTheMeasurementsOnSaveAndUndoBringsTheOldIdBack)
{
    RenameFixture f;
    const qsizetype measured = f.benchmarksInFile(kH100);
    ASSERT_GT(measured, 10) << "the seed's calibration set measures the H100 SXM5";
    const int row = f.model.session()->rowOf(kH100);
    const std::optional<double> price = f.model.session()->gpuAt(row).usdPerGpuHour;
    ASSERT_TRUE(price.has_value());

    ASSERT_TRUE(f.editor.renameGpu(row, kRenamed)) << f.editor.lastError().toStdString();
    EXPECT_EQ(f.editor.undoStack()->count(), 1); // one edit
    EXPECT_EQ(f.editor.undoStack()->undoText(), QStringLiteral("Rename GPU %1 to %2").arg(kH100, kRenamed));
    EXPECT_EQ(f.model.session()->rowOf(kH100), -1);
    // Pending until saved: the file still has the old id and its measurements under it.
    EXPECT_EQ(f.benchmarksInFile(kH100), measured);

    // Undo before saving: the old id is back, nothing to save.
    f.editor.undoStack()->undo();
    EXPECT_EQ(f.model.session()->gpuAt(f.model.session()->rowOf(kH100)).gpuId, kH100);
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges());
    f.editor.undoStack()->redo();

    ASSERT_TRUE(f.editor.save().ok());
    EXPECT_EQ(f.benchmarksInFile(kRenamed), measured);
    EXPECT_EQ(f.benchmarksInFile(kH100), 0);
    // The price is part of the GPU's row: it went with it.
    const std::unique_ptr<Catalogue> reopened = Catalogue::open(f.path, nullptr);
    ASSERT_TRUE(reopened);
    const std::optional<GpuSpec> renamed = reopened->gpus().find(kRenamed);
    ASSERT_TRUE(renamed);
    EXPECT_EQ(renamed->usdPerGpuHour, price);
    EXPECT_FALSE(reopened->gpus().find(kH100));

    // Renaming back (as undo after a save does) brings the measurements back on the next save.
    ASSERT_TRUE(f.editor.renameGpu(f.model.session()->rowOf(kRenamed), kH100));
    ASSERT_TRUE(f.editor.save().ok());
    EXPECT_EQ(f.benchmarksInFile(kH100), measured);
    EXPECT_EQ(f.benchmarksInFile(kRenamed), 0);
}

TEST(RenameGpu, TwoGpusSwappingIdsKeepTheirOwnMeasurements)
{
    RenameFixture f;
    const QString a100 = QStringLiteral("a100_sxm4_80gb");
    const qsizetype h100Measured = f.benchmarksInFile(kH100);
    const qsizetype a100Measured = f.benchmarksInFile(a100);
    ASSERT_NE(h100Measured, a100Measured);
    const int h100Row = f.model.session()->rowOf(kH100);
    const int a100Row = f.model.session()->rowOf(a100);
    ASSERT_TRUE(f.editor.renameGpu(h100Row, QStringLiteral("swap_tmp")));
    ASSERT_TRUE(f.editor.renameGpu(a100Row, kH100));
    ASSERT_TRUE(f.editor.renameGpu(f.model.session()->rowOf(QStringLiteral("swap_tmp")), a100));
    const GpuEditSession::SaveResult saved = f.editor.save();
    ASSERT_TRUE(saved.ok()) << saved.error.message.toStdString();
    // The row that was the H100 is now called a100_sxm4_80gb, and its measurements went with it.
    EXPECT_EQ(f.benchmarksInFile(a100), h100Measured);
    EXPECT_EQ(f.benchmarksInFile(kH100), a100Measured);
}

TEST(RenameGpu, ADuplicateOrABadIdIsRefusedWithTheReason)
{
    RenameFixture f;
    const int row = f.model.session()->rowOf(kH100);
    EXPECT_FALSE(f.editor.renameGpu(row, QStringLiteral("a100_sxm4_80gb")));
    EXPECT_TRUE(
        f.editor.lastError().contains(QStringLiteral("another GPU already has the id 'a100_sxm4_80gb'")))
        << f.editor.lastError().toStdString();
    EXPECT_FALSE(f.editor.renameGpu(row, QStringLiteral("H100 SXM5")));
    EXPECT_TRUE(f.editor.lastError().contains(QStringLiteral("lowercase letters")))
        << f.editor.lastError().toStdString();
    EXPECT_EQ(f.editor.undoStack()->count(), 0);
    EXPECT_EQ(f.model.session()->gpuAt(row).gpuId, kH100);
}

// Deleting the L4 and giving its id to the H100 before saving would hand the L4's measurements (still in
// the file) to the H100: refused until the deletion is saved.
TEST(RenameGpu, TheIdOfAGpuDeletedButNotSavedIsRefused)
{
    RenameFixture f;
    const QString l4 = QStringLiteral("l4_24gb");
    ASSERT_TRUE(f.editor.deleteGpus({f.model.session()->rowOf(l4)}));
    EXPECT_FALSE(f.editor.renameGpu(f.model.session()->rowOf(kH100), l4));
    EXPECT_TRUE(f.editor.lastError().contains(QStringLiteral("deleted but not saved yet")))
        << f.editor.lastError().toStdString();
    EXPECT_EQ(f.model.session()->gpuAt(f.model.session()->rowOf(kH100)).gpuId, kH100);
}

TEST(RenameGpu, TheDialogSaysWhatIsWrongBeforeOk)
{
    RenameFixture f;
    const int row = f.model.session()->rowOf(kH100);
    RenameGpuDialog dialog(kH100, QStringLiteral("H100 SXM5 80GB"),
                           [&f, row](const QString &id) { return f.editor.checkRename(row, id); });
    EXPECT_FALSE(dialog.canAccept()) << "the same id is no rename";
    EXPECT_TRUE(dialog.problem().isEmpty());
    dialog.idEdit()->setText(QStringLiteral("l40s_48gb"));
    EXPECT_FALSE(dialog.canAccept());
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("already has the id")))
        << dialog.problem().toStdString();
    dialog.idEdit()->setText(QStringLiteral("Bad Id!"));
    EXPECT_FALSE(dialog.canAccept());
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("lowercase letters")))
        << dialog.problem().toStdString();
    dialog.idEdit()->setText(QStringLiteral(" h100_custom "));
    EXPECT_TRUE(dialog.canAccept());
    EXPECT_TRUE(dialog.problem().isEmpty());
    EXPECT_EQ(dialog.newId(), QStringLiteral("h100_custom"));
}

TEST(RenameGpu, TheCatalogueTabsActionRenamesTheCurrentGpuThroughTheDialog)
{
    RenameFixture f;
    CatalogueTab tab;
    tab.setEditor(&f.editor);
    tab.resize(1200, 700);
    tab.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&tab));
    tab.view()->setCurrentIndex(tab.proxy()->mapFromSource(
        tab.proxy()->sourceModel()->index(f.model.session()->rowOf(kH100), GpuField::MemoryGb)));
    QAction *rename = tab.renameAction();
    ASSERT_TRUE(rename->isEnabled());
    // In the cells' context menu too.
    EXPECT_TRUE(tab.view()->actions().contains(rename));
    EXPECT_TRUE(tab.view()->frozenView()->actions().contains(rename));

    bool answered = false;
    QTimer::singleShot(0, [&answered] {
        auto *dialog = qobject_cast<RenameGpuDialog *>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        dialog->idEdit()->setText(kRenamed);
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        answered = true;
    });
    rename->trigger();
    EXPECT_TRUE(answered);
    EXPECT_EQ(f.model.session()->rowOf(kH100), -1);
    EXPECT_GE(f.model.session()->rowOf(kRenamed), 0);
    f.editor.undoStack()->undo();
    EXPECT_GE(f.model.session()->rowOf(kH100), 0);
}
