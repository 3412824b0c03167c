#include "widgets/catalogue/GpuPicker.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStyle>
#include <QTest>
#include <QTreeView>
#include <gtest/gtest.h>

namespace {

QVector<GpuPickerEntry> catalogue()
{
    auto gpu = [](const char *id, const char *name, const char *vendor, const char *arch,
                  const char *detail) {
        return GpuPickerEntry{QString::fromUtf8(id), QString::fromUtf8(name), QString::fromUtf8(vendor),
                              QString::fromUtf8(arch), QString::fromUtf8(detail)};
    };
    return {
        gpu("h100-sxm5", "H100 SXM5", "NVIDIA", "Hopper", "80 GB HBM3, 3,350 GB/s"),
        gpu("h200-sxm", "H200 SXM", "NVIDIA", "Hopper", "141 GB HBM3e, 4,800 GB/s"),
        gpu("a100-80gb-sxm4", "A100 80GB SXM4", "NVIDIA", "Ampere", "80 GB HBM2e, 2,039 GB/s"),
        gpu("rtx-a6000", "RTX A6000", "NVIDIA", "Ampere", "48 GB GDDR6, 768 GB/s"),
        gpu("l40s", "L40S", "NVIDIA", "Ada Lovelace", "48 GB GDDR6, 864 GB/s"),
        gpu("l4", "L4", "NVIDIA", "Ada Lovelace", "24 GB GDDR6, 300 GB/s"),
        gpu("mi300x", "MI300X", "AMD", "CDNA 3", "192 GB HBM3, 5,300 GB/s"),
        gpu("mi325x", "MI325X", "AMD", "CDNA 3", "256 GB HBM3e, 6,000 GB/s"),
    };
}

// Finds a row in the view's (filtered) model by its text, searching the whole tree.
QModelIndex findInView(const GpuPicker &picker, const QString &text)
{
    const QAbstractItemModel *model = picker.view()->model();
    const QModelIndexList hits =
        model->match(model->index(0, 0), Qt::DisplayRole, text, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return hits.isEmpty() ? QModelIndex() : hits.first();
}

// What a click on a check box does: the view's delegate sets the new state on the view's model.
void userToggle(GpuPicker &picker, const QString &text)
{
    const QModelIndex index = findInView(picker, text);
    ASSERT_TRUE(index.isValid()) << text.toStdString();
    const auto state = index.data(Qt::CheckStateRole).value<Qt::CheckState>();
    picker.view()->model()->setData(index, state == Qt::Checked ? Qt::Unchecked : Qt::Checked,
                                    Qt::CheckStateRole);
}

Qt::CheckState stateOf(const GpuPicker &picker, const QString &text)
{
    return findInView(picker, text).data(Qt::CheckStateRole).value<Qt::CheckState>();
}

int visibleLeafCount(const QAbstractItemModel *model, const QModelIndex &parent = {})
{
    int count = 0;
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex child = model->index(r, 0, parent);
        count += model->hasChildren(child) ? visibleLeafCount(model, child) : 1;
    }
    return count;
}

} // namespace

TEST(GpuPicker, GroupsByVendorThenArchitecture)
{
    GpuPicker picker;
    QAbstractItemModelTester tester(picker.proxyModel(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    picker.setGpus(catalogue());
    const QAbstractItemModel *model = picker.view()->model();
    ASSERT_EQ(model->rowCount(), 2);
    EXPECT_EQ(model->index(0, 0).data().toString(), QStringLiteral("NVIDIA"));
    EXPECT_EQ(model->index(1, 0).data().toString(), QStringLiteral("AMD"));
    const QModelIndex nvidia = model->index(0, 0);
    ASSERT_EQ(model->rowCount(nvidia), 3);
    EXPECT_EQ(model->index(0, 0, nvidia).data().toString(), QStringLiteral("Hopper"));
    EXPECT_EQ(model->index(2, 0, nvidia).data().toString(), QStringLiteral("Ada Lovelace"));
    const QModelIndex hopper = model->index(0, 0, nvidia);
    EXPECT_EQ(model->index(1, 0, hopper).data().toString(), QStringLiteral("H200 SXM"));
    EXPECT_EQ(model->index(1, 0, hopper).data(GpuPicker::IdRole).toString(), QStringLiteral("h200-sxm"));
    EXPECT_EQ(model->index(1, GpuPicker::DetailColumn, hopper).data().toString(),
              QStringLiteral("141 GB HBM3e, 4,800 GB/s"));
    EXPECT_EQ(visibleLeafCount(model), 8);
}

TEST(GpuPicker, SetCheckedChecksThoseIdsAndGroupsFollow)
{
    GpuPicker picker;
    picker.setGpus(catalogue());
    QSignalSpy spy(&picker, &GpuPicker::checkedIdsChanged);
    picker.setChecked({QStringLiteral("l40s"), QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                       QStringLiteral("unknown-gpu")});
    ASSERT_EQ(spy.count(), 1);
    const QStringList expected{QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                               QStringLiteral("l40s")};
    EXPECT_EQ(spy.at(0).at(0).toStringList(), expected); // catalogue order
    EXPECT_EQ(picker.checkedIds(), expected);
    EXPECT_EQ(stateOf(picker, QStringLiteral("Hopper")), Qt::Checked);
    EXPECT_EQ(stateOf(picker, QStringLiteral("Ada Lovelace")), Qt::PartiallyChecked);
    EXPECT_EQ(stateOf(picker, QStringLiteral("Ampere")), Qt::Unchecked);
    EXPECT_EQ(stateOf(picker, QStringLiteral("NVIDIA")), Qt::PartiallyChecked);
    EXPECT_EQ(stateOf(picker, QStringLiteral("AMD")), Qt::Unchecked);

    picker.setChecked(expected); // no change, no signal
    EXPECT_EQ(spy.count(), 1);
}

TEST(GpuPicker, ClickingAGpuEmitsOnce)
{
    GpuPicker picker;
    picker.setGpus(catalogue());
    picker.setChecked({QStringLiteral("h100-sxm5")});
    QSignalSpy spy(&picker, &GpuPicker::checkedIdsChanged);
    userToggle(picker, QStringLiteral("MI300X"));
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toStringList(),
              (QStringList{QStringLiteral("h100-sxm5"), QStringLiteral("mi300x")}));
    EXPECT_EQ(stateOf(picker, QStringLiteral("AMD")), Qt::PartiallyChecked);
    userToggle(picker, QStringLiteral("H100 SXM5"));
    ASSERT_EQ(spy.count(), 2);
    EXPECT_EQ(spy.at(1).at(0).toStringList(), QStringList{QStringLiteral("mi300x")});
}

TEST(GpuPicker, ClickingAGroupChecksAllItsGpusWithOneSignal)
{
    GpuPicker picker;
    picker.setGpus(catalogue());
    QSignalSpy spy(&picker, &GpuPicker::checkedIdsChanged);
    userToggle(picker, QStringLiteral("Hopper"));
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(picker.checkedIds(), (QStringList{QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm")}));
    EXPECT_EQ(stateOf(picker, QStringLiteral("NVIDIA")), Qt::PartiallyChecked);

    // A partially checked vendor becomes fully checked on click, then unchecked.
    userToggle(picker, QStringLiteral("NVIDIA"));
    EXPECT_EQ(spy.count(), 2);
    EXPECT_EQ(picker.checkedIds().size(), 6);
    EXPECT_EQ(stateOf(picker, QStringLiteral("NVIDIA")), Qt::Checked);
    userToggle(picker, QStringLiteral("NVIDIA"));
    EXPECT_EQ(spy.count(), 3);
    EXPECT_TRUE(picker.checkedIds().isEmpty());
}

TEST(GpuPicker, TypingFiltersAndKeepsTheGroupsOfMatches)
{
    GpuPicker picker;
    picker.setGpus(catalogue());
    picker.show();
    QTest::keyClicks(picker.filterEdit(), QStringLiteral("h20"));
    const QAbstractItemModel *model = picker.view()->model();
    EXPECT_EQ(visibleLeafCount(model), 1);
    EXPECT_TRUE(findInView(picker, QStringLiteral("H200 SXM")).isValid());
    EXPECT_TRUE(findInView(picker, QStringLiteral("Hopper")).isValid());
    EXPECT_FALSE(findInView(picker, QStringLiteral("H100 SXM5")).isValid());
    EXPECT_TRUE(picker.view()->isExpanded(findInView(picker, QStringLiteral("Hopper"))));

    // Case-insensitive; a vendor or architecture name shows all its GPUs; details match too.
    picker.filterEdit()->clear();
    QTest::keyClicks(picker.filterEdit(), QStringLiteral("amd"));
    EXPECT_EQ(visibleLeafCount(model), 2);
    picker.setFilterText(QStringLiteral("ampere"));
    EXPECT_EQ(visibleLeafCount(model), 2);
    picker.setFilterText(QStringLiteral("GDDR6"));
    EXPECT_EQ(visibleLeafCount(model), 3);
    picker.setFilterText(QString());
    EXPECT_EQ(visibleLeafCount(model), 8);

    // Words in any order, from any level (issue 39: "H100 SXM" found nothing).
    picker.setFilterText(QStringLiteral("H100 SXM"));
    EXPECT_EQ(visibleLeafCount(model), 1);
    EXPECT_TRUE(findInView(picker, QStringLiteral("H100 SXM5")).isValid());
    picker.setFilterText(QStringLiteral("sxm h100"));
    EXPECT_EQ(visibleLeafCount(model), 1);
    picker.setFilterText(QStringLiteral("hopper h200"));
    EXPECT_EQ(visibleLeafCount(model), 1);
    EXPECT_TRUE(findInView(picker, QStringLiteral("H200 SXM")).isValid());
    picker.setFilterText(QStringLiteral("h100 ampere"));
    EXPECT_EQ(visibleLeafCount(model), 0);
}

TEST(GpuPicker, ClickingAGroupWhileFilteredChecksOnlyTheGpusShown)
{
    GpuPicker picker;
    picker.setGpus(catalogue());
    picker.setFilterText(QStringLiteral("HBM"));
    QSignalSpy spy(&picker, &GpuPicker::checkedIdsChanged);
    userToggle(picker, QStringLiteral("NVIDIA"));
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(picker.checkedIds(), (QStringList{QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                                                QStringLiteral("a100-80gb-sxm4")}));
    picker.setFilterText(QString());
    EXPECT_EQ(stateOf(picker, QStringLiteral("NVIDIA")), Qt::PartiallyChecked);
    EXPECT_EQ(stateOf(picker, QStringLiteral("Ampere")), Qt::PartiallyChecked);
}

TEST(GpuPicker, NewCatalogueKeepsCheckedGpusThatRemain)
{
    GpuPicker picker;
    picker.setGpus(catalogue());
    picker.setChecked({QStringLiteral("l4"), QStringLiteral("mi300x")});
    QSignalSpy spy(&picker, &GpuPicker::checkedIdsChanged);
    QVector<GpuPickerEntry> fewer = catalogue();
    fewer.removeLast();
    fewer.removeLast(); // no AMD any more
    picker.setGpus(fewer);
    EXPECT_EQ(picker.checkedIds(), QStringList{QStringLiteral("l4")});
    EXPECT_EQ(spy.count(), 1);
    EXPECT_EQ(picker.view()->model()->rowCount(), 1);
}

TEST(GpuPicker, ControlsHaveAccessibleNames)
{
    GpuPicker picker;
    EXPECT_FALSE(picker.filterEdit()->accessibleName().isEmpty());
    EXPECT_FALSE(picker.view()->accessibleName().isEmpty());
    EXPECT_FALSE(picker.accessibleName().isEmpty());
}

// Whether the long name added by the tests below is shown whole.
::testing::AssertionResult longNameFits(const GpuPicker &picker)
{
    const QModelIndex name = findInView(picker, QStringLiteral("A very long accelerator name, 96GB HBM3"));
    if (!name.isValid())
        return ::testing::AssertionFailure() << "the long name is not shown";
    // On one line, or (in a dock narrower than the name) wrapped onto lines its row is tall enough for.
    const QRect cell = picker.view()->visualRect(name);
    const QFontMetrics metrics = picker.view()->fontMetrics();
    const int text = metrics.horizontalAdvance(name.data().toString());
    if (cell.right() - cell.left() >= text)
        return ::testing::AssertionSuccess();
    const int check = picker.style()->pixelMetric(QStyle::PM_IndicatorWidth) +
                      picker.style()->pixelMetric(QStyle::PM_CheckBoxLabelSpacing);
    const QRect wrapped = metrics.boundingRect(QRect(0, 0, cell.width() - check - 6, 100000),
                                               Qt::TextWordWrap, name.data().toString());
    if (cell.height() < wrapped.height() || cell.right() > picker.view()->viewport()->width())
        return ::testing::AssertionFailure()
               << "cell " << cell.width() << " x " << cell.height() << " px for a " << text << " px name";
    return ::testing::AssertionSuccess();
}

// The name column is fitted when rows appear (not kept ResizeToContents): a name hidden by the filter
// when the column was fitted, or inside a group the user closed and opens again, is not cut.
TEST(GpuPicker, NamesAreNotCutAfterTheFilterIsClearedOrAGroupReopened)
{
    GpuPicker picker;
    picker.resize(200, 500);
    picker.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&picker));
    QVector<GpuPickerEntry> gpus = catalogue();
    gpus << GpuPickerEntry{QStringLiteral("long"), QStringLiteral("A very long accelerator name, 96GB HBM3"),
                           QStringLiteral("NVIDIA"), QStringLiteral("Hopper"), QString()};
    picker.setFilterText(QStringLiteral("L4"));
    picker.setGpus(gpus);

    picker.setFilterText(QString());
    EXPECT_TRUE(longNameFits(picker));

    const QModelIndex hopper = findInView(picker, QStringLiteral("Hopper"));
    picker.view()->collapse(hopper);
    picker.view()->setColumnWidth(GpuPicker::NameColumn, 40); // as if the user had dragged it narrow
    picker.view()->expand(hopper);
    EXPECT_TRUE(longNameFits(picker));
}

// A picker fits its name column when it is shown, at the width it is shown at, when its rows came while it
// was hidden: before the window was first shown (the names are given while the window is built), or while
// the user had closed its dock. In a dock wide enough, no name wraps.
TEST(GpuPicker, NamesGivenWhileHiddenAreFittedWhenShown)
{
    QVector<GpuPickerEntry> gpus = catalogue();
    const QString longName = QStringLiteral("A very long accelerator name, 96GB HBM3");
    gpus << GpuPickerEntry{QStringLiteral("long"), longName, QStringLiteral("NVIDIA"),
                           QStringLiteral("Hopper"), QString()};
    const auto onOneLine = [&](const GpuPicker &picker) {
        const QRect cell = picker.view()->visualRect(findInView(picker, longName));
        const int oneLine = picker.view()->visualRect(findInView(picker, QStringLiteral("L4"))).height();
        const int text = picker.view()->fontMetrics().horizontalAdvance(longName);
        if (cell.width() >= text && cell.height() == oneLine)
            return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure()
               << "cell " << cell.width() << " x " << cell.height() << " px for a " << text
               << " px name (one line: " << oneLine << " px)";
    };
    GpuPicker picker;
    picker.setGpus(gpus);
    picker.resize(600, 500);
    picker.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&picker));
    EXPECT_TRUE(onOneLine(picker)) << "before the first show";

    picker.hide();
    picker.setGpus(catalogue());
    picker.resize(640, 500);
    picker.setGpus(gpus);
    picker.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&picker));
    EXPECT_TRUE(onOneLine(picker)) << "while hidden";
}

// The GPUs found in this machine (the controller counts them with MachineGpus) are marked in words and
// with an icon, say how many in their tooltip, and a button (only when some were found) checks them.
TEST(GpuPicker, MarksThisMachinesGpusAndOffersToPickThem)
{
    GpuPicker picker;
    picker.resize(360, 500);
    picker.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&picker));
    picker.setGpus(catalogue());
    EXPECT_FALSE(picker.pickMachineButton()->isVisible()) << "nothing found: no button";
    EXPECT_TRUE(picker.machineIds().isEmpty());

    QVector<GpuPickerEntry> gpus = catalogue();
    gpus[0].inThisMachine = 2; // H100 SXM5
    gpus[5].inThisMachine = 1; // L4
    picker.setGpus(gpus);
    picker.setChecked({QStringLiteral("mi300x")});

    const QModelIndex h100 = findInView(picker, QStringLiteral("H100 SXM5 · 2 in this machine"));
    ASSERT_TRUE(h100.isValid());
    EXPECT_TRUE(
        h100.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("2 found in this machine\n")));
    EXPECT_FALSE(h100.data(Qt::DecorationRole).value<QIcon>().isNull());
    EXPECT_TRUE(findInView(picker, QStringLiteral("L4 · 1 in this machine")).isValid());
    const QModelIndex h200 = findInView(picker, QStringLiteral("H200 SXM"));
    ASSERT_TRUE(h200.isValid()) << "a GPU not found here is shown as before";
    EXPECT_TRUE(h200.data(Qt::DecorationRole).value<QIcon>().isNull());

    picker.setFilterText(QStringLiteral("in this machine"));
    EXPECT_EQ(visibleLeafCount(picker.view()->model()), 2) << "the filter finds them by the mark";
    picker.setFilterText(QString());

    QPushButton *button = picker.pickMachineButton();
    ASSERT_TRUE(button->isVisible());
    EXPECT_EQ(button->text(), QStringLiteral("Pick this machine's GPUs"));
    QSignalSpy changed(&picker, &GpuPicker::checkedIdsChanged);
    QTest::mouseClick(button, Qt::LeftButton);
    EXPECT_EQ(picker.checkedIds(),
              (QStringList{QStringLiteral("h100-sxm5"), QStringLiteral("l4"), QStringLiteral("mi300x")}))
        << "this machine's GPUs are added to the ones checked";
    EXPECT_EQ(changed.count(), 1);

    picker.setGpus(catalogue()); // the catalogue changed: the GPUs here no longer match
    EXPECT_FALSE(picker.pickMachineButton()->isVisible());
}
