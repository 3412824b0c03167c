#include "widgets/compare/ComparisonTable.h"

#include "tests/widgets/CompareTestData.h"
#include "widgets/compare/ComparisonTableModel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QFont>
#include <QScreen>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

namespace {

// The model row of a quantity, and the text of one of its cells.
QString cellText(const ComparisonTableModel &model, const QString &rowId, int gpuColumn,
                 int role = Qt::DisplayRole)
{
    const int row = model.modelRowFor(rowId);
    return model.index(row, ComparisonTableModel::modelColumnFor(gpuColumn)).data(role).toString();
}

bool isBest(const ComparisonTableModel &model, const QString &rowId, int gpuColumn)
{
    const int row = model.modelRowFor(rowId);
    return model.index(row, ComparisonTableModel::modelColumnFor(gpuColumn))
        .data(ComparisonTableModel::IsBestRole)
        .toBool();
}

} // namespace

TEST(ComparisonTableModel, PassesTheModelTesterThroughResets)
{
    ComparisonTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setComparison(CompareTestData::seedComparison());
    ComparisonData fewer = CompareTestData::seedComparison();
    fewer.columnTitles.removeLast();
    fewer.rows.resize(3);
    model.setComparison(fewer);
    model.setComparison({});
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(model.columnCount(), 1);
}

TEST(ComparisonTableModel, OneColumnPerGpuAndSectionHeadingsBetweenGroups)
{
    ComparisonTableModel model;
    model.setComparison(CompareTestData::seedComparison());
    ASSERT_EQ(model.columnCount(), 6);
    EXPECT_EQ(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("H100 SXM5"));
    EXPECT_EQ(model.headerData(5, Qt::Horizontal).toString(), QStringLiteral("L40S"));
    // 9 quantities under 4 headings.
    ASSERT_EQ(model.rowCount(), 13);
    EXPECT_TRUE(model.index(0, 0).data(ComparisonTableModel::IsSectionRole).toBool());
    EXPECT_EQ(model.index(0, 0).data().toString(), QStringLiteral("Specs"));
    EXPECT_EQ(model.flags(model.index(0, 1)) & Qt::ItemIsSelectable, Qt::NoItemFlags);
    const int memoryHeading = model.modelRowFor(QStringLiteral("memory")) - 1;
    EXPECT_EQ(model.index(memoryHeading, 0).data().toString(), QStringLiteral("Memory"));
}

TEST(ComparisonTableModel, EveryRowCarriesItsUnit)
{
    ComparisonTableModel model;
    model.setComparison(CompareTestData::seedComparison());
    const int row = model.modelRowFor(QStringLiteral("bandwidth"));
    EXPECT_EQ(model.index(row, ComparisonTableModel::LabelColumn).data().toString(),
              QStringLiteral("Memory bandwidth (GB/s)"));
    EXPECT_EQ(model.index(row, ComparisonTableModel::LabelColumn).data(Qt::AccessibleTextRole).toString(),
              QStringLiteral("Memory bandwidth (GB/s)"));
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, 0).data(ComparisonTableModel::IsSectionRole).toBool())
            continue;
        EXPECT_TRUE(model.index(r, 0).data().toString().endsWith(u')')) << r;
        EXPECT_FALSE(model.index(r, 1).data(ComparisonTableModel::UnitRole).toString().isEmpty()) << r;
    }
    // The unit also reaches the cell's tooltip and accessible text.
    EXPECT_TRUE(cellText(model, QStringLiteral("bandwidth"), 1, Qt::ToolTipRole)
                    .contains(QStringLiteral("4800\u00a0GB/s")) ||
                cellText(model, QStringLiteral("bandwidth"), 1, Qt::ToolTipRole)
                    .contains(QLocale().toString(4800) + QStringLiteral("\u00a0GB/s")));
    EXPECT_EQ(cellText(model, QStringLiteral("memory"), 1, Qt::AccessibleTextRole),
              QStringLiteral("141\u00a0GB"));
}

TEST(ComparisonTableModel, BestValueIsMarkedBoldAndDescribed)
{
    ComparisonTableModel model;
    model.setComparison(CompareTestData::seedComparison());
    const QString star = ComparisonTableModel::marker();

    // Higher is better: H200's 141 GB.
    EXPECT_TRUE(isBest(model, QStringLiteral("memory"), 1));
    EXPECT_FALSE(isBest(model, QStringLiteral("memory"), 0));
    EXPECT_EQ(cellText(model, QStringLiteral("memory"), 1), star + QStringLiteral(" 141"));
    EXPECT_EQ(cellText(model, QStringLiteral("memory"), 0), QStringLiteral("80"));
    const int row = model.modelRowFor(QStringLiteral("memory"));
    EXPECT_TRUE(model.index(row, 2).data(Qt::FontRole).value<QFont>().bold());
    EXPECT_FALSE(model.index(row, 1).data(Qt::FontRole).isValid());
    EXPECT_TRUE(cellText(model, QStringLiteral("memory"), 1, Qt::AccessibleDescriptionRole)
                    .contains(QStringLiteral("best")));

    // A tie marks both: H100 and H200 share 989.4 TFLOPS.
    EXPECT_TRUE(isBest(model, QStringLiteral("fp16-dense"), 0));
    EXPECT_TRUE(isBest(model, QStringLiteral("fp16-dense"), 1));
    EXPECT_FALSE(isBest(model, QStringLiteral("fp16-dense"), 4));

    // Lower is better: H200's 40 ms time to first token.
    EXPECT_TRUE(isBest(model, QStringLiteral("ttft"), 1));
    EXPECT_FALSE(isBest(model, QStringLiteral("ttft"), 3));

    // When every GPU has the same value, none stands out.
    ComparisonData same = CompareTestData::seedComparison();
    same.rows[4].values = {18.32, 18.32, std::nullopt, 18.32, 18.32};
    model.setComparison(same);
    for (int c = 0; c < 5; ++c)
        EXPECT_FALSE(isBest(model, QStringLiteral("memory"), c)) << c;
    model.setComparison(CompareTestData::seedComparison());

    // No direction, no mark.
    for (int c = 0; c < 5; ++c)
        EXPECT_FALSE(isBest(model, QStringLiteral("tdp"), c));
}

TEST(ComparisonTableModel, MissingValuesReadNaAndAreNeverBest)
{
    ComparisonTableModel model;
    model.setComparison(CompareTestData::seedComparison());
    EXPECT_EQ(cellText(model, QStringLiteral("fp8-dense"), 2), QStringLiteral("n/a"));
    EXPECT_FALSE(isBest(model, QStringLiteral("fp8-dense"), 2));
    const int row = model.modelRowFor(QStringLiteral("fp8-dense"));
    EXPECT_FALSE(model.index(row, 3).data(ComparisonTableModel::RawValueRole).isValid());
    EXPECT_EQ(cellText(model, QStringLiteral("cost-per-mtok"), 3), QStringLiteral("n/a"));
    // Lower is better, and a missing value must not win as if it were zero.
    EXPECT_TRUE(isBest(model, QStringLiteral("cost-per-mtok"), 1));
}

TEST(ComparisonTableModel, RawValueRoleHoldsNumbersForSorting)
{
    ComparisonTableModel model;
    model.setComparison(CompareTestData::seedComparison());
    const int row = model.modelRowFor(QStringLiteral("bandwidth"));
    EXPECT_DOUBLE_EQ(model.index(row, 2).data(ComparisonTableModel::RawValueRole).toDouble(), 4800.0);
    EXPECT_DOUBLE_EQ(model.index(row, 4).data(ComparisonTableModel::RawValueRole).toDouble(), 768.0);
    EXPECT_EQ(model.index(row, 2).data(ComparisonTableModel::RowIdRole).toString(),
              QStringLiteral("bandwidth"));
}

TEST(ComparisonTableModel, NotesLabelSparseAndMeasuredFiguresAndReachTheTooltip)
{
    ComparisonTableModel model;
    model.setComparison(CompareTestData::seedComparison());
    EXPECT_TRUE(cellText(model, QStringLiteral("fp16-sparse"), 2).endsWith(QStringLiteral("(sparse)")));
    EXPECT_EQ(cellText(model, QStringLiteral("decode"), 0), QStringLiteral("144 (measured: 143 tokens/s)"));
    EXPECT_TRUE(cellText(model, QStringLiteral("decode"), 0, Qt::ToolTipRole)
                    .contains(QStringLiteral("measured: 143 tokens/s")));
    EXPECT_EQ(cellText(model, QStringLiteral("decode"), 0, ComparisonTableModel::NoteRole),
              QStringLiteral("measured: 143 tokens/s"));
    EXPECT_TRUE(cellText(model, QStringLiteral("decode"), 1).isEmpty() == false);
}

TEST(ComparisonTable, SelectingACellReportsTheQuantityAndGpu)
{
    ComparisonTable table;
    table.resize(1000, 500);
    table.show();
    table.setComparison(CompareTestData::seedComparison());
    QSignalSpy spy(&table, &ComparisonTable::cellSelected);

    // A user clicks the L40S bandwidth cell.
    const int row = table.model()->modelRowFor(QStringLiteral("bandwidth"));
    const QModelIndex index = table.model()->index(row, ComparisonTableModel::modelColumnFor(4));
    table.view()->setCurrentIndex(index);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toString(), QStringLiteral("bandwidth"));
    EXPECT_EQ(spy.at(0).at(1).toInt(), 4);
    EXPECT_EQ(table.selectedRowId(), QStringLiteral("bandwidth"));
    EXPECT_EQ(table.selectedColumn(), 4);

    // Headings span the table.
    EXPECT_EQ(table.view()->columnSpan(0, 0), 6);

    // Selecting the label column clears the math selection.
    QSignalSpy cleared(&table, &ComparisonTable::selectionCleared);
    table.view()->setCurrentIndex(table.model()->index(row, ComparisonTableModel::LabelColumn));
    EXPECT_EQ(cleared.count(), 1);
    EXPECT_EQ(table.selectedColumn(), -1);
}

TEST(ComparisonTable, KeepsTheSelectedCellAcrossARecompute)
{
    ComparisonTable table;
    table.setComparison(CompareTestData::seedComparison());
    ASSERT_TRUE(table.selectCell(QStringLiteral("ttft"), 2));
    QSignalSpy spy(&table, &ComparisonTable::cellSelected);
    ComparisonData next = CompareTestData::seedComparison();
    next.rows[7].values[2] = 120.0;
    table.setComparison(next);
    EXPECT_EQ(table.selectedRowId(), QStringLiteral("ttft"));
    EXPECT_EQ(table.selectedColumn(), 2);
    ASSERT_EQ(spy.count(), 1); // the math panel refreshes for the new value
    EXPECT_FALSE(table.selectCell(QStringLiteral("no-such-row"), 0));
    EXPECT_FALSE(table.selectCell(QStringLiteral("ttft"), 5));
}

TEST(ComparisonTable, CopyPutsTheTableOnTheClipboardAsTabSeparatedText)
{
    ComparisonTable table;
    table.setComparison(CompareTestData::seedComparison());
    table.copyTable();
    const QStringList lines = QApplication::clipboard()->text().split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 14); // header + 4 headings + 9 quantities
    EXPECT_EQ(lines.at(0),
              QStringLiteral("Quantity (unit)\tH100 SXM5\tH200 SXM\tA100 80GB SXM4\tRTX A6000\tL40S"));
    EXPECT_EQ(lines.at(1), QStringLiteral("Specs"));
    EXPECT_TRUE(lines.at(2).startsWith(QStringLiteral("FP16 tensor, dense (TFLOPS)\t")));
    EXPECT_TRUE(lines.at(3).endsWith(QStringLiteral("\tn/a\tn/a\t733")));
}

TEST(ComparisonTable, ColumnsFitTheirTextsWhenShownAfterAHiddenRecompute)
{
    ComparisonTable table;
    table.resize(900, 600);
    table.setComparison(CompareTestData::seedComparison()); // hidden: measuring waits
    const int hiddenWidth = table.view()->columnWidth(1);
    table.show();
    const QString widest = table.model()->index(1, 1).data().toString();
    const int shownWidth = table.view()->columnWidth(1);
    EXPECT_NE(shownWidth, hiddenWidth);
    EXPECT_GE(shownWidth, QFontMetrics(table.view()->font())
                              .horizontalAdvance(table.model()->headerData(1, Qt::Horizontal).toString()));
    EXPECT_GE(shownWidth, QFontMetrics(table.view()->font()).horizontalAdvance(widest));
}

// A workload change keeps the rows and GPUs: the model reports exactly the cells whose text changed (so
// the view repaints those) and is not reset; a new GPU resets it. Every cell reads the new data either way.
TEST(ComparisonTableModel, AWorkloadChangeReportsOnlyTheChangedCells)
{
    ComparisonTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    const ComparisonData seed = CompareTestData::seedComparison();
    EXPECT_TRUE(model.setComparison(seed));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);

    ComparisonData next = seed;
    next.rows[7].values[2] = 120.0;        // one number
    next.rows[3].values[0] = std::nullopt; // a value goes missing: "n/a"
    EXPECT_FALSE(model.setComparison(next));
    EXPECT_EQ(resets.count(), 0);
    QSet<QPair<int, int>> reported;
    for (const QList<QVariant> &change : std::as_const(changes)) {
        const QModelIndex from = change.at(0).toModelIndex();
        const QModelIndex to = change.at(1).toModelIndex();
        for (int column = from.column(); column <= to.column(); ++column)
            reported.insert({from.row(), column});
    }
    ComparisonTableModel fresh; // what a reset would show
    fresh.setComparison(next);
    ComparisonTableModel old; // what was shown before
    old.setComparison(seed);
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            const QString now = model.index(row, column).data().toString();
            EXPECT_EQ(now, fresh.index(row, column).data().toString()) << row << "," << column;
            if (now != old.index(row, column).data().toString()) {
                EXPECT_TRUE(reported.contains({row, column}))
                    << "changed but not reported: " << row << "," << column;
            }
        }
    }
    EXPECT_FALSE(reported.isEmpty());
    EXPECT_LE(reported.size(), 6) << "a number and a missing value change a few cells, not the table";

    ComparisonData wider = next;
    wider.columnTitles << QStringLiteral("B200");
    for (ComparisonRow &row : wider.rows)
        row.values << 1.0;
    EXPECT_TRUE(model.setComparison(wider));
    EXPECT_EQ(resets.count(), 1);
    EXPECT_EQ(model.columnCount(), fresh.columnCount() + 1);
}

// What the screen shows after a workload change updated the table in place: the changed cell is painted
// with its new number, an unchanged one is painted as before.
TEST(ComparisonTable, AnInPlaceUpdateRepaintsTheChangedCell)
{
    ComparisonTable table;
    table.resize(900, 500);
    table.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&table));
    const ComparisonData seed = CompareTestData::seedComparison();
    table.setComparison(seed);
    QApplication::processEvents();
    QTableView *view = table.view();
    // From the window system's copy of the window (the backing store on offscreen), not a new rendering:
    // a cell the view was not told to repaint would still show its old number there.
    const auto cellImage = [view, &table](int row, int column) {
        const QRect cell = view->visualRect(view->model()->index(row, column));
        const QPoint topLeft = view->viewport()->mapTo(&table, cell.topLeft());
        return table.screen()
            ->grabWindow(table.winId(), topLeft.x(), topLeft.y(), cell.width(), cell.height())
            .toImage();
    };
    const int changedRow =
        static_cast<const ComparisonTableModel *>(view->model())->modelRowFor(seed.rows[7].id);
    const QImage before = cellImage(changedRow, 3);
    const QImage untouched = cellImage(changedRow, 1);

    // 118 -> 119 ms: as wide as before and still not the best (no column resized, no star).
    ComparisonData next = seed;
    next.rows[7].values[2] = 119.0;
    table.setComparison(next);
    QApplication::processEvents();
    ASSERT_EQ(view->model()->index(changedRow, 3).data().toString(), QStringLiteral("119"));
    EXPECT_NE(cellImage(changedRow, 3), before) << "the new number is on screen";
    EXPECT_EQ(cellImage(changedRow, 1), untouched);
}

TEST(ComparisonTable, AFoldedSectionShowsItsHeadingOnlyUntilClickedOrANumberOfItIsAskedFor)
{
    ComparisonTable table;
    table.resize(1000, 500);
    table.show();
    ComparisonData data = CompareTestData::seedComparison();
    data.foldedSections << QStringLiteral("Specs");
    table.setComparison(data);
    const int heading = 0;
    const int tdp = table.model()->modelRowFor(QStringLiteral("tdp"));
    ASSERT_TRUE(table.model()->isSection(heading));
    EXPECT_TRUE(table.view()->isRowHidden(tdp));
    EXPECT_FALSE(table.view()->isRowHidden(heading));
    EXPECT_TRUE(table.model()->index(heading, 0).data().toString().contains(QStringLiteral("folded")));
    // The other sections stay open.
    const int decode = table.model()->modelRowFor(QStringLiteral("decode"));
    EXPECT_FALSE(table.view()->isRowHidden(decode));

    // A click on the heading opens it; the choice outlives a recompute.
    const QRect rect = table.view()->visualRect(table.model()->index(heading, 0));
    QTest::mouseClick(table.view()->viewport(), Qt::LeftButton, {}, rect.center());
    EXPECT_FALSE(table.view()->isRowHidden(tdp));
    EXPECT_EQ(table.model()->index(heading, 0).data().toString(), QStringLiteral("Specs"));
    table.setComparison(data);
    EXPECT_FALSE(table.view()->isRowHidden(tdp));

    // Folded again, asking for one of its numbers (the answer strip's link) opens it.
    table.setFolded(QStringLiteral("Specs"), true);
    EXPECT_TRUE(table.view()->isRowHidden(tdp));
    EXPECT_TRUE(table.selectCell(QStringLiteral("tdp"), 1));
    EXPECT_FALSE(table.view()->isRowHidden(tdp));
}
