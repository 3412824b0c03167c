// The Plan tab's views: the results and price models (QAbstractItemModelTester), the inputs, the
// cost-latency chart and the tab, on data made by hand.
#include "widgets/plan/PlanTab.h"

#include "widgets/charts/ParetoChartWidget.h"
#include "widgets/plan/PlanInputs.h"
#include "widgets/plan/PlanPriceModel.h"
#include "widgets/plan/PlanTableModel.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>
#include <qcustomplot.h>

namespace {

PlanTableData servingTable()
{
    PlanTableData data;
    PlanTableRow h100;
    h100.gpuId = QStringLiteral("h100");
    h100.gpuName = QStringLiteral("H100 SXM5 80GB");
    h100.rank = 1;
    h100.gpus = 4;
    h100.layout = QStringLiteral("tp 4");
    h100.settings = QStringLiteral("bf16 · max 256 running");
    h100.usdPerHour = 11.96;
    h100.cost = 3.11;
    h100.latency = 413.06;
    h100.speed = 44.5;
    h100.marginPercent = 11.0;
    PlanTableRow a6000;
    a6000.gpuId = QStringLiteral("a6000");
    a6000.gpuName = QStringLiteral("RTX A6000 48GB");
    a6000.note = QStringLiteral("even at one user per replica (tp 4): TPOT p90 78.0 ms (target 50)");
    PlanTableRow l40s;
    l40s.gpuId = QStringLiteral("l40s");
    l40s.gpuName = QStringLiteral("L40S 48GB");
    l40s.pending = true;
    l40s.note = QStringLiteral("not searched yet");
    data.rows = {h100, a6000, l40s};
    return data;
}

ParetoChartData chartData()
{
    ParetoChartData chart;
    chart.title = QStringLiteral("Cost per hour against TTFT p90");
    chart.xAxisLabel = QStringLiteral("TTFT p90 (ms)");
    chart.yAxisLabel = QStringLiteral("Cost ($ / hour)");
    chart.xTarget = 2000.0;
    chart.xTargetLabel = QStringLiteral("target 2,000 ms");
    chart.frontLabel = QStringLiteral("Pareto front");
    chart.missesLabel = QStringLiteral("Misses the target");
    ParetoSeries h100{QStringLiteral("h100"), QStringLiteral("H100"), {}, QStringLiteral("H100 × 4")};
    h100.points = {{9000.0, 6.0, false, true, false, 0, QStringLiteral("2 GPUs")},
                   {1500.0, 12.0, true, true, true, 1, QStringLiteral("4 GPUs")},
                   {600.0, 24.0, true, true, false, 2, QStringLiteral("8 GPUs")}};
    ParetoSeries a6000{QStringLiteral("a6000"), QStringLiteral("A6000"), {}, QString()};
    a6000.points = {{2500.0, 12.0, false, false, false, 0, QStringLiteral("8 GPUs")}};
    chart.series = {h100, a6000};
    return chart;
}

} // namespace

TEST(PlanTableModelTest, PassesTheModelTesterAndShowsEachRowsAnswerOrReason)
{
    PlanTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setPlan(servingTable());
    ASSERT_EQ(model.rowCount(), 3);
    ASSERT_EQ(model.columnCount(), PlanTableModel::ColumnCount);
    EXPECT_EQ(model.index(0, PlanTableModel::RankColumn).data().toString(), QStringLiteral("1"));
    EXPECT_EQ(model.index(0, PlanTableModel::GpusColumn).data().toString(), QStringLiteral("4"));
    EXPECT_EQ(model.index(0, PlanTableModel::UsdPerHourColumn).data().toString(), QStringLiteral("$11.96"));
    EXPECT_DOUBLE_EQ(
        model.index(0, PlanTableModel::LatencyColumn).data(PlanTableModel::RawValueRole).toDouble(), 413.06);
    EXPECT_EQ(model.index(0, PlanTableModel::LatencyColumn).data().toString(), QStringLiteral("413"));
    EXPECT_EQ(model.index(0, PlanTableModel::MarginColumn).data().toString(), QStringLiteral("11%"));
    EXPECT_TRUE(model.index(0, 0).data(PlanTableModel::MeetsTargetRole).toBool());
    EXPECT_TRUE(model.index(0, 0).data(PlanTableModel::ReasonRole).toString().isEmpty());
    // No plan: no rank, the reason in the reason column, no raw value to sort on.
    EXPECT_TRUE(model.index(1, PlanTableModel::RankColumn).data().toString().isEmpty());
    EXPECT_FALSE(model.index(1, PlanTableModel::RankColumn).data(PlanTableModel::RawValueRole).isValid());
    EXPECT_TRUE(
        model.index(1, PlanTableModel::ReasonColumn).data().toString().startsWith(QStringLiteral("even")));
    EXPECT_EQ(model.index(1, 0).data(PlanTableModel::ReasonRole).toString(), servingTable().rows.at(1).note);
    EXPECT_EQ(model.index(2, 0).data(PlanTableModel::GpuIdRole).toString(), QStringLiteral("l40s"));
    EXPECT_TRUE(model.headerData(PlanTableModel::LatencyColumn, Qt::Horizontal).toString().contains(u"TTFT"));

    // The same GPU types again: only changed rows are reported, the model is not reset.
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    PlanTableData next = servingTable();
    next.rows[2].pending = false;
    next.rows[2].note = QStringLiteral("does not fit");
    model.setPlan(next);
    EXPECT_EQ(resets.count(), 0);
    EXPECT_EQ(changes.count(), 1);
    // Training: the columns are named for it.
    next.training = true;
    model.setPlan(next);
    EXPECT_EQ(resets.count(), 1);
    EXPECT_EQ(model.headerData(PlanTableModel::LatencyColumn, Qt::Horizontal).toString(),
              QStringLiteral("Days"));
    model.setPlan({});
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(PlanPriceModelTest, PassesTheModelTesterAndKeepsEditsOverTheDefaults)
{
    PlanPriceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy edited(&model, &PlanPriceModel::pricesEdited);
    model.setRows({{QStringLiteral("h100"), QStringLiteral("H100"), 2.99},
                   {QStringLiteral("x"), QStringLiteral("Unpriced"), std::nullopt}});
    EXPECT_EQ(edited.count(), 0);
    const QModelIndex h100 = model.index(0, PlanPriceModel::PriceColumn);
    EXPECT_EQ(h100.data().toString(), QStringLiteral("$2.99"));
    EXPECT_TRUE(model.flags(h100).testFlag(Qt::ItemIsEditable));
    EXPECT_FALSE(model.flags(model.index(0, PlanPriceModel::GpuColumn)).testFlag(Qt::ItemIsEditable));
    EXPECT_FALSE(model.setData(h100, -1.0));

    ASSERT_TRUE(model.setData(h100, 2.0));
    EXPECT_EQ(edited.count(), 1);
    EXPECT_EQ(model.editedPrices(), (QHash<QString, double>{{QStringLiteral("h100"), 2.0}}));
    EXPECT_TRUE(h100.data(PlanPriceModel::EditedRole).toBool());
    // A new list of GPUs keeps the edit of a GPU still in it.
    model.setRows({{QStringLiteral("h100"), QStringLiteral("H100"), 2.99}});
    EXPECT_DOUBLE_EQ(
        model.index(0, PlanPriceModel::PriceColumn).data(PlanPriceModel::RawValueRole).toDouble(), 2.0);
    // Back to the default value: no longer an edit.
    ASSERT_TRUE(model.setData(model.index(0, PlanPriceModel::PriceColumn), 2.99));
    EXPECT_TRUE(model.editedPrices().isEmpty());
    ASSERT_TRUE(model.setData(model.index(0, PlanPriceModel::PriceColumn), 5.0));
    model.resetPrices();
    EXPECT_TRUE(model.editedPrices().isEmpty());
    EXPECT_EQ(edited.count(), 4);
}

TEST(PlanInputsTest, PrecisionsFollowTheFormUntilChosenAndEditsAreReported)
{
    PlanInputs inputs;
    QSignalSpy changed(&inputs, &PlanInputs::inputsChanged);
    inputs.setDefaultPrecisions({QStringLiteral("fp8")});
    EXPECT_EQ(inputs.values().precisions, QStringList{QStringLiteral("fp8")});
    EXPECT_EQ(changed.count(), 0);
    inputs.precisionBox(QStringLiteral("int4"))->click();
    EXPECT_EQ(changed.count(), 1);
    EXPECT_TRUE(inputs.precisionsChosen());
    inputs.setDefaultPrecisions({QStringLiteral("bf16")}); // the user's choice stays
    EXPECT_EQ(inputs.values().precisions, (QStringList{QStringLiteral("fp8"), QStringLiteral("int4")}));

    PlanInputValues values;
    values.wholeCatalogue = true;
    values.precisions = {QStringLiteral("bf16")};
    values.deadlineDays = 14.0;
    values.maxGpus = 64;
    inputs.setPrices({{QStringLiteral("h100"), QStringLiteral("H100"), 2.99}});
    values.prices = {{QStringLiteral("h100"), 1.5}};
    inputs.setValues(values);
    EXPECT_EQ(inputs.values(), values);
    EXPECT_EQ(changed.count(), 1);
    ASSERT_TRUE(
        inputs.priceModel()->setData(inputs.priceModel()->index(0, PlanPriceModel::PriceColumn), 1.0));
    EXPECT_EQ(changed.count(), 2);
}

TEST(ParetoChartWidgetTest, DrawsPointsTheFrontAndTheChosenLabelAndReportsAClickedPoint)
{
    ParetoChartWidget chart;
    chart.resize(800, 500);
    chart.setData(chartData());
    chart.show();
    chart.plot()->replot();
    QCustomPlot *plot = chart.plot();
    EXPECT_EQ(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
    EXPECT_EQ(plot->xAxis->label(), QStringLiteral("TTFT p90 (ms)"));
    // Per series a graph for the points that meet the target and one for those that miss it.
    int points = 0;
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g) != chart.frontLine())
            points += plot->graph(g)->dataCount();
    EXPECT_EQ(points, 4);
    ASSERT_NE(chart.frontLine(), nullptr);
    EXPECT_EQ(chart.frontLine()->dataCount(), 3);
    EXPECT_EQ(chart.frontLine()->lineStyle(), QCPGraph::lsStepLeft);
    ASSERT_EQ(chart.chosenLabels().size(), 1);
    EXPECT_EQ(chart.chosenLabels().first()->text(), QStringLiteral("H100 × 4"));
    EXPECT_TRUE(plot->xAxis->range().contains(2000.0));

    QSignalSpy clicked(&chart, &ParetoChartWidget::pointClicked);
    const QPoint point = chart.pixelOf(0, 1);
    EXPECT_EQ(chart.pointAt(point), qMakePair(0, 1));
    EXPECT_EQ(chart.toolTipAt(point), QStringLiteral("4 GPUs"));
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, plot->mapFrom(&chart, point));
    ASSERT_EQ(clicked.count(), 1);
    EXPECT_EQ(clicked.first().at(0).toString(), QStringLiteral("h100"));
    EXPECT_EQ(clicked.first().at(1).toInt(), 1);
    // Away from every point: nothing.
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, QPoint(5, 5));
    EXPECT_EQ(clicked.count(), 1);

    chart.setData({});
    EXPECT_TRUE(chart.chosenLabels().isEmpty());
}

TEST(PlanTabTest, ShowsProgressProblemsAndTheReasonAcrossTheRow)
{
    PlanTab tab;
    tab.resize(1200, 700);
    tab.show();
    QSignalSpy cancel(&tab, &PlanTab::cancelRequested);
    tab.setProgress({2, 5, true, false, 40});
    EXPECT_EQ(tab.progressBar()->format(), QStringLiteral("2 of 5 GPU types"));
    EXPECT_EQ(tab.progressBar()->value(), 2);
    ASSERT_TRUE(tab.cancelButton()->isEnabled());
    tab.cancelButton()->click();
    EXPECT_EQ(cancel.count(), 1);
    tab.setProgress({2, 5, false, true, 40});
    EXPECT_EQ(tab.progressBar()->format(), QStringLiteral("Cancelled after 2 of 5 GPU types"));
    EXPECT_FALSE(tab.cancelButton()->isEnabled());

    tab.setProblems({QStringLiteral("first"), QStringLiteral("second")});
    EXPECT_TRUE(tab.problemsLabel()->isVisible());
    tab.setProblems({});
    EXPECT_FALSE(tab.problemsLabel()->isVisible());

    tab.setTable(servingTable());
    EXPECT_EQ(tab.table()->columnSpan(1, PlanTableModel::ReasonColumn),
              PlanTableModel::ColumnCount - PlanTableModel::ReasonColumn);
    EXPECT_EQ(tab.table()->columnSpan(0, PlanTableModel::ReasonColumn), 1);

    QSignalSpy rows(&tab, &PlanTab::rowClicked);
    const QRect cell = tab.table()->visualRect(tab.table()->model()->index(0, PlanTableModel::GpuColumn));
    QTest::mouseClick(tab.table()->viewport(), Qt::LeftButton, Qt::NoModifier, cell.center());
    ASSERT_EQ(rows.count(), 1);
    EXPECT_EQ(rows.first().at(0).toString(), QStringLiteral("h100"));

    tab.setChart(chartData());
    ASSERT_NE(tab.chart(), nullptr);
    EXPECT_EQ(tab.chart()->data(), chartData());
}
