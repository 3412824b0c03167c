// The Catalogue tab with a real catalogue file: filtering, raw-value sorting, editing through the
// delegate (a refused value keeps the editor open and says why), undo and redo, save and reopen.

#include "widgets/catalogue/CatalogueTab.h"

#include "db/Catalogue.h"
#include "db/CatalogueExporter.h"
#include "db/GpuRepository.h"
#include "db/ImportPlan.h"
#include "db/SeedCatalogue.h"
#include "tests/support/SeededCatalogue.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueImport.h"
#include "widgets/catalogue/SpecItemDelegate.h"
#include "widgets/catalogue/SpecSpinBox.h"
#include "widgets/catalogue/SpecTableView.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <gtest/gtest.h>

namespace {

struct CatalogueFixture : SeededCatalogue
{
    QString path = dir.filePath(QStringLiteral("catalogue.db"));
    SpecTableModel model;
    CatalogueEditor editor{&model};
    CatalogueTab tab;

    CatalogueFixture()
    {
        EXPECT_FALSE(model.session()->setCatalogue(catalogue.get()));
        QString error;
        model.setBundled(SeedCatalogue::load(&error)->gpus);
        tab.setEditor(&editor);
        tab.resize(1200, 700);
        tab.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&tab));
    }

    QModelIndex viewIndex(const QString &gpuId, int column) const
    {
        // The proxy sorts and filters the editor's undoable model, whose rows are the spec model's.
        return tab.proxy()->mapFromSource(
            tab.proxy()->sourceModel()->index(model.session()->rowOf(gpuId), column));
    }

    // What typing a value into an open cell editor and pressing Return does.
    static void enter(SpecSpinBox *spin, const QString &text)
    {
        spin->setText(text);
        QTest::keyClick(spin, Qt::Key_Return);
        QApplication::processEvents();
    }

    // The window active, as when the user types: shortcuts reach the tab only then.
    void activate()
    {
        tab.activateWindow();
        EXPECT_TRUE(QTest::qWaitForWindowActive(&tab));
    }

    // Clicks button in the next message box (the one the next action opens); *text gets its text.
    static void answerNextBox(QMessageBox::StandardButton button, QString *text = nullptr)
    {
        QTimer::singleShot(0, [button, text] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            ASSERT_NE(box, nullptr) << "no question was asked";
            if (text)
                *text = box->text();
            box->button(button)->click();
        });
    }

    QWidget *openEditor(const QModelIndex &index)
    {
        tab.view()->setCurrentIndex(index);
        tab.view()->edit(index);
        QApplication::processEvents();
        return tab.view()->indexWidget(index);
    }
};

} // namespace

TEST(CatalogueTab, TypingFiltersByNameVendorArchitectureOnly)
{
    CatalogueFixture f;
    QTest::keyClicks(f.tab.filterEdit(), QStringLiteral("hopper"));
    ASSERT_GT(f.tab.proxy()->rowCount(), 0);
    for (int row = 0; row < f.tab.proxy()->rowCount(); ++row)
        EXPECT_TRUE(f.tab.proxy()
                        ->index(row, GpuField::Architecture)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("Hopper")));

    // A number in a spec column is not a name: "989" matches nothing.
    f.tab.filterEdit()->clear();
    QTest::keyClicks(f.tab.filterEdit(), QStringLiteral("989"));
    EXPECT_EQ(f.tab.proxy()->rowCount(), 0);
    f.tab.filterEdit()->clear();
    EXPECT_EQ(f.tab.proxy()->rowCount(), f.model.rowCount());

    // Words in any order: "sxm h100" finds the H100 SXM, as "H100 SXM" does, and no PCIe card (the H200
    // and H20 SXM match too: their chip is the GH100).
    for (const QString &words : {QStringLiteral("H100 SXM"), QStringLiteral("sxm h100")}) {
        f.tab.filterEdit()->clear();
        QTest::keyClicks(f.tab.filterEdit(), words);
        QStringList ids;
        for (int row = 0; row < f.tab.proxy()->rowCount(); ++row)
            ids << f.tab.proxy()->index(row, GpuField::GpuId).data().toString();
        EXPECT_TRUE(ids.contains(QStringLiteral("h100_sxm5_80gb"))) << ids.join(u' ').toStdString();
        for (const QString &id : ids)
            EXPECT_FALSE(id.contains(QStringLiteral("pcie"))) << id.toStdString();
    }
}

TEST(CatalogueTab, SortsNumbersByRawValueNotByText)
{
    CatalogueFixture f;
    f.tab.view()->sortByColumn(GpuField::MemoryBandwidthGBs, Qt::DescendingOrder);
    double previous = 1e12;
    for (int row = 0; row < f.tab.proxy()->rowCount(); ++row) {
        const QVariant value =
            f.tab.proxy()->index(row, GpuField::MemoryBandwidthGBs).data(SpecTableModel::RawValueRole);
        if (value.isNull())
            continue;
        EXPECT_LE(value.toDouble(), previous) << "row " << row;
        previous = value.toDouble();
    }
}

// Closing the tab (here: the fixture going away) with a refused value still in an open editor: the
// editor's focus-out commits again while QWidget's destructor runs, when the tab's own members are
// already gone. Nothing may reach them (this crashed with the message kept in a QString member).
TEST(CatalogueTab, ClosingWithARefusedValueStillInAnEditorIsSafe)
{
    CatalogueFixture f;
    const QModelIndex memory = f.viewIndex(QStringLiteral("a100_sxm4_80gb"), GpuField::MemoryGb);
    auto *spin = qobject_cast<SpecSpinBox *>(f.openEditor(memory));
    ASSERT_TRUE(spin);
    f.enter(spin, QStringLiteral("-80"));
    ASSERT_TRUE(f.tab.view()->indexWidget(memory)) << "the refused value's editor stays open";
    EXPECT_FALSE(f.tab.message().isEmpty());
    // The editor has the focus in the active window, so closing the window takes the focus from it.
    f.tab.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&f.tab));
    spin->setFocus();
    ASSERT_TRUE(spin->hasFocus());
}

TEST(CatalogueTab, ARefusedValueKeepsTheEditorOpenAndSaysWhyThenUndoRedoSaveReopen)
{
    CatalogueFixture f;
    const QModelIndex memory = f.viewIndex(QStringLiteral("h100_sxm5_80gb"), GpuField::MemoryGb);
    auto *spin = qobject_cast<SpecSpinBox *>(f.openEditor(memory));
    ASSERT_TRUE(spin) << "a numeric column is edited with a spin box";
    EXPECT_EQ(spin->suffix(), QStringLiteral(" GB"));

    f.enter(spin, QStringLiteral("-80"));
    EXPECT_TRUE(f.tab.view()->indexWidget(memory)) << "the editor stays open";
    EXPECT_EQ(f.tab.message(), QStringLiteral("Memory: must not be negative (got -80)"));
    EXPECT_EQ(memory.data(Qt::EditRole).toDouble(), 80.0);
    EXPECT_EQ(f.editor.undoStack()->count(), 0);

    f.enter(spin, QStringLiteral("96"));
    EXPECT_FALSE(f.tab.view()->indexWidget(memory)) << "an accepted value closes the editor";
    EXPECT_EQ(memory.data(Qt::EditRole).toDouble(), 96.0);
    EXPECT_TRUE(memory.data(SpecTableModel::UnsavedRole).toBool());
    EXPECT_TRUE(f.tab.saveAction()->isEnabled());
    ASSERT_EQ(f.editor.undoStack()->count(), 1);
    EXPECT_EQ(f.editor.undoStack()->undoText(), QStringLiteral("Edit Memory of H100 SXM5 80GB"));

    f.editor.undoStack()->undo();
    EXPECT_EQ(memory.data(Qt::EditRole).toDouble(), 80.0);
    EXPECT_FALSE(f.tab.saveAction()->isEnabled()) << "nothing left to save";
    f.editor.undoStack()->redo();
    EXPECT_EQ(memory.data(Qt::EditRole).toDouble(), 96.0);

    ASSERT_TRUE(f.tab.save());
    EXPECT_FALSE(f.tab.saveAction()->isEnabled());
    auto reopened = Catalogue::open(f.path, nullptr);
    ASSERT_TRUE(reopened);
    EXPECT_EQ(reopened->gpus().find(QStringLiteral("h100_sxm5_80gb"))->memoryGb, 96.0);
}

TEST(CatalogueTab, TextStillInAnOpenEditorIsSavedToo)
{
    CatalogueFixture f;
    const QModelIndex notes = f.viewIndex(QStringLiteral("l4_24gb"), GpuField::Notes);
    auto *line = qobject_cast<QLineEdit *>(f.openEditor(notes));
    ASSERT_TRUE(line);
    line->setText(QStringLiteral("bought two"));
    ASSERT_TRUE(f.tab.save()); // no Enter pressed
    auto reopened = Catalogue::open(f.path, nullptr);
    EXPECT_EQ(reopened->gpus().find(QStringLiteral("l4_24gb"))->notes, QStringLiteral("bought two"));
}

TEST(CatalogueTab, FilteringKeepsAnOpenEditorsText)
{
    CatalogueFixture f;
    const QModelIndex notes = f.viewIndex(QStringLiteral("l4_24gb"), GpuField::Notes);
    auto *line = qobject_cast<QLineEdit *>(f.openEditor(notes));
    ASSERT_TRUE(line);
    line->setText(QStringLiteral("typed, not confirmed"));
    f.tab.filterEdit()->setText(QStringLiteral("mi300"));
    EXPECT_EQ(f.model.session()->gpuAt(f.model.session()->rowOf(QStringLiteral("l4_24gb"))).notes,
              QStringLiteral("typed, not confirmed"));
}

TEST(CatalogueTab, DeleteUndoAndRestoreTheBundledValue)
{
    CatalogueFixture f;
    const int rows = f.model.rowCount();
    ASSERT_TRUE(f.editor.deleteGpus({f.model.session()->rowOf(QStringLiteral("a10_24gb"))}));
    EXPECT_EQ(f.model.rowCount(), rows - 1);
    f.editor.undoStack()->undo();
    EXPECT_EQ(f.model.rowCount(), rows);
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges());

    const int row = f.model.session()->rowOf(QStringLiteral("a10_24gb"));
    ASSERT_TRUE(f.editor.setValue(row, GpuField::TdpW, 999.0));
    EXPECT_TRUE(f.model.index(row, GpuField::TdpW).data(SpecTableModel::DiffersFromBundledRole).toBool());
    f.tab.changedOnlyBox()->setChecked(true);
    EXPECT_EQ(f.tab.proxy()->rowCount(), 1) << "only the GPU the user changed";
    ASSERT_TRUE(f.editor.restoreBundledCell(row, GpuField::TdpW));
    EXPECT_EQ(f.model.index(row, GpuField::TdpW).data(Qt::EditRole).toDouble(), 150.0);
    EXPECT_EQ(f.editor.undoStack()->undoText(), QStringLiteral("Restore bundled TDP of A10 24GB"));
    EXPECT_EQ(f.tab.proxy()->rowCount(), 0);

    const int added = f.editor.duplicateGpu(row);
    ASSERT_GE(added, 0) << f.editor.lastError().toStdString();
    EXPECT_EQ(f.model.session()->gpuAt(added).gpuId, QStringLiteral("a10_24gb_copy"));
    EXPECT_FALSE(f.editor.restoreBundledRow(added)) << "a copy has no bundled values";
    ASSERT_TRUE(f.tab.save());
    EXPECT_TRUE(Catalogue::open(f.path, nullptr)->gpus().find(QStringLiteral("a10_24gb_copy")));
}

TEST(CatalogueTab, ABadImportNamesTheLineAndChangesNothingAGoodOneIsOneUndoableEdit)
{
    CatalogueFixture f;
    const QString good = f.dir.filePath(QStringLiteral("gpus.csv"));
    QVector<GpuSpec> rows = f.model.session()->gpus();
    rows[0].notes = QStringLiteral("imported note");
    GpuSpec extra = rows[1];
    extra.gpuId = QStringLiteral("imported_gpu");
    rows.append(extra);
    ASSERT_FALSE(CatalogueExporter::exportToFile(rows, good));

    QFile file(good);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    file.close();
    const QString bad = f.dir.filePath(QStringLiteral("bad.csv"));
    QByteArray broken = bytes;
    broken.replace(",80,", ",-80,"); // a negative memory size in one row
    QFile badFile(bad);
    ASSERT_TRUE(badFile.open(QIODevice::WriteOnly));
    badFile.write(broken);
    badFile.close();

    QString error;
    EXPECT_FALSE(CatalogueImport(&f.editor, &f.tab).read(bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("line "))) << error.toStdString();
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges());

    const std::optional<ImportPlan> plan = CatalogueImport(&f.editor, &f.tab).read(good, &error);
    ASSERT_TRUE(plan) << error.toStdString();
    EXPECT_EQ(plan->additions.size(), 1);
    EXPECT_EQ(plan->changes.size(), 1);
    EXPECT_EQ(plan->changes[0].fields, QStringList{QStringLiteral("notes")});
    ASSERT_TRUE(f.editor.applyImport(*plan, true));
    EXPECT_GE(f.model.session()->rowOf(QStringLiteral("imported_gpu")), 0);
    f.editor.undoStack()->undo();
    EXPECT_LT(f.model.session()->rowOf(QStringLiteral("imported_gpu")), 0);
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges());
}

// Columns are fitted to the header and the rows' texts (widths summed from character advances, not
// shaped): every seed value and header must fit whole in its column, short of the 320 px cap.
TEST(CatalogueTab, EveryColumnFitsItsHeaderAndValues)
{
    CatalogueFixture f;
    const QSortFilterProxyModel *proxy = f.tab.proxy();
    const QFontMetrics cell(f.tab.view()->font());
    const QFontMetrics header(f.tab.view()->horizontalHeader()->font());
    for (int column = 0; column < proxy->columnCount(); ++column) {
        const int width = f.tab.view()->columnWidth(column);
        if (width >= 320)
            continue; // capped: longer texts are elided, whole in the tooltip
        const QString title = proxy->headerData(column, Qt::Horizontal).toString();
        EXPECT_LE(header.horizontalAdvance(title), width) << qPrintable(title);
        for (int row = 0; row < proxy->rowCount(); ++row) {
            const QString text = proxy->index(row, column).data().toString();
            EXPECT_LE(cell.horizontalAdvance(text) + 4, width)
                << qPrintable(title) << ": " << qPrintable(text);
        }
    }
}

// Issue 39: scrolled sideways, a column lay half under the frozen id column, its header cut ("aunch
// price"). The table stops where a column starts at the frozen edge, wherever it is scrolled to.
TEST(CatalogueTab, ScrolledSidewaysNoColumnLiesHalfUnderTheIdColumn)
{
    CatalogueFixture f;
    SpecTableView *view = f.tab.view();
    QScrollBar *bar = view->horizontalScrollBar();
    ASSERT_GT(bar->maximum(), 0);
    const int frozen = view->frozenView()->width();
    for (const int wanted : {1, 37, 113, bar->maximum() / 2, bar->maximum()}) {
        bar->setValue(wanted);
        QApplication::processEvents();
        const int column = view->columnAt(frozen + 1);
        ASSERT_GE(column, 0) << wanted;
        EXPECT_EQ(view->columnViewportPosition(column), frozen) << "scrolled to " << wanted;
    }
}

// The user types a value into a cell and presses Ctrl+S without Enter: the value is saved (Save was
// disabled while nothing but the open editor held an edit, so the key did nothing).
TEST(CatalogueTab, CtrlSWithAnOpenEditorSavesTheTypedValue)
{
    CatalogueFixture f;
    f.activate();
    const QModelIndex notes = f.viewIndex(QStringLiteral("l4_24gb"), GpuField::Notes);
    auto *line = qobject_cast<QLineEdit *>(f.openEditor(notes));
    ASSERT_TRUE(line);
    line->setFocus();
    QTest::keyClicks(line, QStringLiteral("bought two"));
    EXPECT_TRUE(f.tab.saveAction()->isEnabled()) << "typed text waits to be saved";
    QTest::keyClick(line, Qt::Key_S, Qt::ControlModifier);
    auto reopened = Catalogue::open(f.path, nullptr);
    EXPECT_EQ(reopened->gpus().find(QStringLiteral("l4_24gb"))->notes, QStringLiteral("bought two"));
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges());
}

TEST(CatalogueTab, CtrlSWithARefusedValueKeepsTheEditorOpenAndSaysWhy)
{
    CatalogueFixture f;
    f.activate();
    const QModelIndex memory = f.viewIndex(QStringLiteral("h100_sxm5_80gb"), GpuField::MemoryGb);
    auto *spin = qobject_cast<SpecSpinBox *>(f.openEditor(memory));
    ASSERT_TRUE(spin);
    spin->setFocus();
    spin->setText(QStringLiteral("-80"));
    QTest::keyClick(spin, Qt::Key_S, Qt::ControlModifier);
    EXPECT_EQ(f.tab.view()->indexWidget(memory), spin) << "the editor stays open with the typed text";
    EXPECT_EQ(f.tab.message(), QStringLiteral("Memory: must not be negative (got -80)"));
    EXPECT_EQ(Catalogue::open(f.path, nullptr)->gpus().find(QStringLiteral("h100_sxm5_80gb"))->memoryGb,
              80.0);
}

TEST(CatalogueTab, RevertAsksWithTheCountAndIsUndoable)
{
    CatalogueFixture f;
    const int l4 = f.model.session()->rowOf(QStringLiteral("l4_24gb"));
    const QString savedNotes = f.model.session()->gpuAt(l4).notes;
    ASSERT_TRUE(f.editor.setValue(l4, GpuField::Notes, QStringLiteral("mine")));
    ASSERT_TRUE(f.editor.deleteGpus({f.model.session()->rowOf(QStringLiteral("a10_24gb"))}));
    ASSERT_GE(f.editor.addNewGpu(), 0);
    const int rows = f.model.rowCount();

    QString asked;
    f.answerNextBox(QMessageBox::Cancel, &asked);
    f.tab.revertAction()->trigger();
    EXPECT_EQ(asked, QStringLiteral("Discard 3 unsaved change(s)?")) << "(English plurals come from the .qm)";
    EXPECT_EQ(f.model.session()->unsavedRowCount(), 3) << "Cancel keeps every edit";

    f.answerNextBox(QMessageBox::Discard);
    f.tab.revertAction()->trigger();
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges());
    EXPECT_EQ(f.model.session()->gpuAt(f.model.session()->rowOf(QStringLiteral("l4_24gb"))).notes,
              savedNotes);
    EXPECT_GE(f.model.session()->rowOf(QStringLiteral("a10_24gb")), 0);
    EXPECT_LT(f.model.session()->rowOf(QStringLiteral("custom_gpu")), 0);

    f.editor.undoStack()->undo(); // the revert
    EXPECT_EQ(f.model.session()->unsavedRowCount(), 3);
    EXPECT_EQ(f.model.rowCount(), rows);
    EXPECT_EQ(f.model.session()->gpuAt(f.model.session()->rowOf(QStringLiteral("l4_24gb"))).notes,
              QStringLiteral("mine"));
    EXPECT_LT(f.model.session()->rowOf(QStringLiteral("a10_24gb")), 0);
    EXPECT_GE(f.model.session()->rowOf(QStringLiteral("custom_gpu")), 0);
    // The edits before the revert still undo one by one.
    f.editor.undoStack()->undo();
    EXPECT_LT(f.model.session()->rowOf(QStringLiteral("custom_gpu")), 0);
    f.editor.undoStack()->undo();
    EXPECT_GE(f.model.session()->rowOf(QStringLiteral("a10_24gb")), 0);
    f.editor.undoStack()->undo();
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges());
}

// Ctrl+F then typing: the text goes to the filter, never into the current cell.
TEST(CatalogueTab, CtrlFThenTypingFiltersAndLeavesTheCurrentCellAlone)
{
    CatalogueFixture f;
    f.activate();
    const QModelIndex memory = f.viewIndex(QStringLiteral("h100_sxm5_80gb"), GpuField::MemoryGb);
    f.tab.view()->setCurrentIndex(memory);
    f.tab.view()->setFocus();
    QTest::keyClick(f.tab.view(), Qt::Key_F, Qt::ControlModifier);
    EXPECT_EQ(QApplication::focusWidget(), f.tab.filterEdit());
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("96"));
    EXPECT_EQ(f.tab.filterEdit()->text(), QStringLiteral("96"));
    EXPECT_FALSE(f.model.session()->hasUnsavedChanges()) << "no cell took the typed text";
    EXPECT_FALSE(f.tab.delegate()->hasOpenEditor());
}

TEST(CatalogueTab, DeleteKeyDeletesTheCurrentGpuButNotTextInTheFilter)
{
    CatalogueFixture f;
    f.activate();
    const int rows = f.model.rowCount();
    f.tab.filterEdit()->setFocus();
    QTest::keyClicks(f.tab.filterEdit(), QStringLiteral("a10"));
    QTest::keyClick(f.tab.filterEdit(), Qt::Key_Home);
    QTest::keyClick(f.tab.filterEdit(), Qt::Key_Delete);
    EXPECT_EQ(f.tab.filterEdit()->text(), QStringLiteral("10")) << "Delete in the filter deletes a letter";
    EXPECT_EQ(f.model.rowCount(), rows);

    f.tab.filterEdit()->clear();
    f.tab.view()->setCurrentIndex(f.viewIndex(QStringLiteral("a10_24gb"), GpuField::TdpW));
    f.tab.view()->setFocus();
    QTest::keyClick(f.tab.view(), Qt::Key_Delete);
    EXPECT_EQ(f.model.rowCount(), rows - 1);
    EXPECT_LT(f.model.session()->rowOf(QStringLiteral("a10_24gb")), 0);
    f.editor.undoStack()->undo();
    EXPECT_GE(f.model.session()->rowOf(QStringLiteral("a10_24gb")), 0);
}

// The interconnect editor is a combo box that does not take Delete: the key must not reach the table.
TEST(CatalogueTab, DeleteInAnOpenCellEditorDeletesNoGpu)
{
    CatalogueFixture f;
    f.activate();
    const int rows = f.model.rowCount();
    const QModelIndex kind = f.viewIndex(QStringLiteral("l4_24gb"), GpuField::InterconnectKind);
    f.tab.view()->setCurrentIndex(kind);
    QWidget *combo = f.openEditor(kind);
    ASSERT_TRUE(qobject_cast<QComboBox *>(combo));
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Delete);
    EXPECT_EQ(f.model.rowCount(), rows);
    EXPECT_GE(f.model.session()->rowOf(QStringLiteral("l4_24gb")), 0);
    EXPECT_EQ(f.editor.undoStack()->count(), 0);
}

TEST(CatalogueTab, FindDeleteAndRevertHaveShortcutsShownInTheirTooltips)
{
    CatalogueFixture f;
    EXPECT_EQ(f.tab.findAction()->shortcut(), QKeySequence(QKeySequence::Find));
    EXPECT_EQ(f.tab.deleteAction()->shortcut(), QKeySequence(QKeySequence::Delete));
    EXPECT_FALSE(f.tab.revertAction()->shortcut().isEmpty());
    for (QAction *action :
         {f.tab.findAction(), f.tab.deleteAction(), f.tab.revertAction(), f.tab.saveAction()})
        EXPECT_TRUE(action->toolTip().contains(action->shortcut().toString(QKeySequence::NativeText)))
            << action->toolTip().toStdString();
    EXPECT_TRUE(f.tab.filterEdit()->placeholderText().contains(
        f.tab.findAction()->shortcut().toString(QKeySequence::NativeText)));
}

// An n/a number cell's editor left untouched, with Tab, Return or a click elsewhere, stores nothing: its
// cell stays "not given", never 0 ("unknown" and "0" are different facts; issue 40, item 2).
TEST(CatalogueTab, LeavingAnEmptyNumberEditorKeepsTheValueNotGiven)
{
    CatalogueFixture f;
    f.activate();
    const QString a10 = QStringLiteral("a10_24gb");
    for (const int column : {int(GpuField::Fp8DenseTflops), int(GpuField::AchievableMemoryGBs)}) {
        for (const int way : {0, 1, 2}) {
            const QModelIndex cell = f.viewIndex(a10, column);
            ASSERT_TRUE(cell.data(SpecTableModel::RawValueRole).isNull()) << column;
            auto *spin = qobject_cast<SpecSpinBox *>(f.openEditor(cell));
            ASSERT_NE(spin, nullptr);
            spin->setFocus();
            QApplication::processEvents();
            if (way == 0)
                QTest::keyClick(spin, Qt::Key_Tab);
            else if (way == 1)
                QTest::keyClick(spin, Qt::Key_Return);
            else
                f.tab.filterEdit()->setFocus();
            QApplication::processEvents();
            f.tab.view()->closePersistentEditor(cell);
            QApplication::processEvents();
            EXPECT_TRUE(f.viewIndex(a10, column).data(SpecTableModel::RawValueRole).isNull())
                << "column " << column << ", way " << way << ": "
                << f.viewIndex(a10, column).data().toString().toStdString();
        }
    }
    EXPECT_EQ(f.editor.undoStack()->count(), 0) << "leaving an editor untouched is no edit";
}

// The editor reads numbers in the user's locale (issue 40, item 6): in German "9,75" is 9.75 GB/s, never
// 975, and the editor shows the stored value with the German decimal comma.
TEST(CatalogueTab, AGermanDecimalCommaIsReadAsTheDecimalPoint)
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    {
        CatalogueFixture f;
        f.activate();
        const QModelIndex cell = f.viewIndex(QStringLiteral("a10_24gb"), GpuField::MemoryBandwidthGBs);
        auto *spin = qobject_cast<SpecSpinBox *>(f.openEditor(cell));
        ASSERT_NE(spin, nullptr);
        EXPECT_TRUE(spin->text().startsWith(QStringLiteral("600"))) << "the stored 600";
        CatalogueFixture::enter(spin, QStringLiteral("599,75"));
        EXPECT_EQ(f.viewIndex(QStringLiteral("a10_24gb"), GpuField::MemoryBandwidthGBs)
                      .data(SpecTableModel::RawValueRole)
                      .toDouble(),
                  599.75);
        spin = qobject_cast<SpecSpinBox *>(f.openEditor(cell));
        ASSERT_NE(spin, nullptr);
        EXPECT_TRUE(spin->text().startsWith(QStringLiteral("599,75"))) << spin->text().toStdString();
    }
    QLocale::setDefault(before);
}
