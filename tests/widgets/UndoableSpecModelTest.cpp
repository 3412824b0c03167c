// Edits through any view of CatalogueEditor::undoableModel() are undo commands: a second view on the same
// model edits, Undo puts the value back in both views and in the spec model.

#include "widgets/catalogue/UndoableSpecModel.h"

#include "db/SeedCatalogue.h"
#include "widgets/catalogue/CatalogueEditor.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <gtest/gtest.h>

namespace {

const QString kL4 = QStringLiteral("l4_24gb");

struct TwoViews
{
    SpecTableModel model;
    CatalogueEditor editor{&model};
    QAbstractItemModelTester tester{editor.undoableModel(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal};
    QTableView first;
    QTableView second;

    TwoViews()
    {
        QString error;
        model.session()->setGpus(SeedCatalogue::load(&error)->gpus);
        for (QTableView *view : {&first, &second}) {
            view->setModel(editor.undoableModel());
            view->show();
            EXPECT_TRUE(QTest::qWaitForWindowExposed(view));
        }
    }

    int row() const { return model.session()->rowOf(kL4); }
    double tdp() const { return model.session()->gpuAt(row()).tdpW.value_or(0); }

    // Types value into the cell's editor in view and presses Return, as a user does.
    static void typeInto(QTableView &view, const QModelIndex &index, double value)
    {
        view.setCurrentIndex(index);
        view.edit(index);
        auto *spin = qobject_cast<QDoubleSpinBox *>(view.indexWidget(index));
        ASSERT_TRUE(spin) << "the default delegate edits a number in a spin box";
        spin->setValue(value);
        QTest::keyClick(spin, Qt::Key_Return);
        QApplication::processEvents();
    }
};

} // namespace

TEST(UndoableSpecModel, AnEditThroughASecondViewIsUndone)
{
    TwoViews views;
    const double saved = views.tdp(); // 72 W in the seed (NVIDIA L4 datasheet)
    ASSERT_GT(saved, 0);
    const QModelIndex inSecond = views.second.model()->index(views.row(), GpuField::TdpW);

    TwoViews::typeInto(views.second, inSecond, 75.0);
    EXPECT_DOUBLE_EQ(views.tdp(), 75.0);
    EXPECT_EQ(views.editor.undoStack()->count(), 1);
    const QModelIndex inFirst = views.first.model()->index(views.row(), GpuField::TdpW);
    EXPECT_DOUBLE_EQ(inFirst.data(Qt::EditRole).toDouble(), 75.0);
    EXPECT_TRUE(inFirst.data(SpecTableModel::UnsavedRole).toBool());

    views.editor.undoStack()->undo();
    EXPECT_DOUBLE_EQ(views.tdp(), saved);
    EXPECT_DOUBLE_EQ(inFirst.data(Qt::EditRole).toDouble(), saved);
    EXPECT_DOUBLE_EQ(inSecond.data(Qt::EditRole).toDouble(), saved);
    EXPECT_FALSE(views.model.session()->hasUnsavedChanges());

    views.editor.undoStack()->redo();
    EXPECT_DOUBLE_EQ(views.tdp(), 75.0);
}

TEST(UndoableSpecModel, ARefusedValuePushesNothingAndSaysWhy)
{
    TwoViews views;
    const double saved = views.tdp();
    QSignalSpy refused(&views.editor, &CatalogueEditor::refused);
    const QModelIndex cell = views.second.model()->index(views.row(), GpuField::TdpW);

    EXPECT_FALSE(views.second.model()->setData(cell, -5.0));
    EXPECT_EQ(views.editor.undoStack()->count(), 0);
    EXPECT_DOUBLE_EQ(views.tdp(), saved);
    ASSERT_EQ(refused.count(), 1);
    EXPECT_FALSE(refused.first().first().toString().isEmpty());
}

TEST(UndoableSpecModel, TheIdIsChangedOnlyByRename)
{
    TwoViews views;
    const QModelIndex id = views.second.model()->index(views.row(), GpuField::GpuId);
    EXPECT_FALSE(views.second.model()->setData(id, QStringLiteral("l4_renamed")));
    EXPECT_EQ(views.model.session()->gpuAt(views.row()).gpuId, kL4);
    EXPECT_EQ(views.editor.undoStack()->count(), 0);
}
