#include "app/comparison/ChartKind.h"
#include "db/Catalogue.h"
#include "db/GpuRepository.h"
#include "db/SpecTableModel.h"
#include "tests/app/WindowFixture.h"
#include "tests/db/FakeSysfs.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/catalogue/SpecTableView.h"
#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/ChartsPanel.h"
#include "widgets/charts/LineChartWidget.h"
#include "widgets/charts/RadarChartWidget.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/compare/MathPanel.h"
#include "widgets/compare/VerdictPanel.h"
#include "widgets/workload/WorkloadForm.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <algorithm>

namespace {

const ComparisonRow *rowById(const ComparisonData &table, const QString &id)
{
    const auto it = std::find_if(table.rows.cbegin(), table.rows.cend(),
                                 [&id](const ComparisonRow &row) { return row.id == id; });
    return it == table.rows.cend() ? nullptr : &*it;
}

std::optional<double> valueFor(const ComparisonData &table, const QString &rowId, const QString &gpuTitle)
{
    const ComparisonRow *row = rowById(table, rowId);
    const int column = table.columnTitles.indexOf(gpuTitle);
    if (!row || column < 0)
        return std::nullopt;
    return row->values.value(column);
}

} // namespace

TEST_F(WindowFixture, FirstStartComparesTheFiveGpusOfTheSeedArticle)
{
    const ComparisonData &table = m_window->comparisonTable()->comparison();
    QStringList titles = table.columnTitles;
    titles.sort();
    EXPECT_EQ(titles, (QStringList{QStringLiteral("A100 SXM4 80GB"), QStringLiteral("H100 SXM5 80GB"),
                                   QStringLiteral("H200 SXM 141GB"), QStringLiteral("L40S 48GB"),
                                   QStringLiteral("RTX A6000 48GB")}));
    // Dense FP16/BF16 tensor figures from the datasheets (gpu-specs.csv), never the sparse headline.
    EXPECT_EQ(valueFor(table, QStringLiteral("spec.fp16"), QStringLiteral("H100 SXM5 80GB")), 989.4);
    EXPECT_EQ(valueFor(table, QStringLiteral("spec.fp16"), QStringLiteral("RTX A6000 48GB")), 154.8);
    EXPECT_EQ(valueFor(table, QStringLiteral("spec.fp16"), QStringLiteral("A100 SXM4 80GB")), 312.0);
    // Ampere has no FP8 tensor cores: missing, not zero.
    EXPECT_EQ(valueFor(table, QStringLiteral("spec.fp8"), QStringLiteral("A100 SXM4 80GB")), std::nullopt);
    // The default workload (Llama-3 8B inference) is estimated for every GPU.
    for (const QString &title : table.columnTitles) {
        const auto memory = valueFor(table, QStringLiteral("fit.memory"), title);
        ASSERT_TRUE(memory.has_value()) << title.toStdString();
        EXPECT_GT(*memory, 16.0); // at least the 16.06 GB of bf16 weights
    }
    EXPECT_EQ(m_window->verdictPanel()->cardCount(), 5);
}

TEST_F(WindowFixture, TypingABiggerBatchRaisesDecodeThroughput)
{
    const QString h100 = QStringLiteral("H100 SXM5 80GB");
    const auto before =
        valueFor(m_window->comparisonTable()->comparison(), QStringLiteral("infer.decode"), h100);
    ASSERT_TRUE(before.has_value());
    typeInto(m_window->workloadForm()->editor(QStringLiteral("batch")), QStringLiteral("16"));
    settle();
    EXPECT_EQ(m_window->workloadForm()->heldRequest().batch, 16);
    const auto after =
        valueFor(m_window->comparisonTable()->comparison(), QStringLiteral("infer.decode"), h100);
    ASSERT_TRUE(after.has_value());
    // Decode is memory-bound at small batches: 16 sequences share one read of the weights.
    EXPECT_GT(*after, 8.0 * *before);
}

TEST_F(WindowFixture, CheckingAGpuAddsItsColumnChartSeriesAndVerdict)
{
    GpuPicker *picker = m_window->gpuPicker();
    QStringList ids = picker->checkedIds();
    ids << QStringLiteral("b200_sxm_180gb");
    picker->setChecked(ids);
    settle();
    const ComparisonData &table = m_window->comparisonTable()->comparison();
    EXPECT_EQ(table.columnTitles.size(), 6);
    EXPECT_EQ(m_window->verdictPanel()->cardCount(), 6);

    const ChartData compute = m_window->comparison()->presentation().chart(ChartKind::Compute);
    EXPECT_EQ(compute.series.size(), 6);
    EXPECT_TRUE(compute.valueAxisLabel.contains(QStringLiteral("TFLOPS")));
    // B200 brings FP4, so the FP4 group appears; it is n/a for the others.
    const int fp4 = compute.categories.indexOf(QStringLiteral("FP4"));
    ASSERT_GE(fp4, 0);
    int withFp4 = 0;
    for (const ChartSeries &series : compute.series)
        withFp4 += series.values.value(fp4).has_value() ? 1 : 0;
    EXPECT_EQ(withFp4, 1);
}

TEST_F(WindowFixture, TheChartsTabShowsTheChosenChartWithUnits)
{
    ChartsPanel *charts = m_window->chartsPanel();
    charts->setCurrentKind(QStringLiteral("memory"));
    const ChartData shown = charts->barChart()->data();
    EXPECT_EQ(shown.series.size(), 5);
    EXPECT_TRUE(shown.valueAxisLabel.contains(QStringLiteral("GB")));
    for (const ChartSeries &series : shown.series) {
        if (series.name == QStringLiteral("H200 SXM 141GB")) {
            EXPECT_EQ(series.values.value(0), 141.0);
        }
    }

    charts->setCurrentKind(QStringLiteral("radar"));
    EXPECT_EQ(charts->currentView(), static_cast<ChartView *>(charts->radarChart()));
    const ChartData radar = charts->radarChart()->data();
    ASSERT_EQ(radar.categories.size(), 6);
    for (const ChartSeries &series : radar.series) {
        for (const auto &value : series.values) {
            if (value) {
                EXPECT_LE(*value, 1.0); // normalised to the best of the comparison
            }
        }
    }
}

TEST_F(WindowFixture, AnImpossibleSplitIsMarkedAtItsFieldAndTheLastResultIsMarkedStale)
{
    WorkloadForm *form = m_window->workloadForm();
    typeInto(form->editor(QStringLiteral("tensorParallel")), QStringLiteral("3"));
    settle();
    EXPECT_FALSE(form->fieldError(QStringLiteral("tensorParallel")).isEmpty());
    // The last valid estimate stays on screen, marked as such (tests/app/FeedbackWindowTest.cpp).
    EXPECT_NE(rowById(m_window->comparisonTable()->comparison(), QStringLiteral("fit.memory")), nullptr);
    EXPECT_FALSE(m_window->comparisonTable()->staleNote().isEmpty());
    EXPECT_NE(rowById(m_window->comparisonTable()->comparison(), QStringLiteral("spec.fp16")), nullptr);

    typeInto(form->editor(QStringLiteral("tensorParallel")), QStringLiteral("1"));
    settle();
    EXPECT_TRUE(form->fieldError(QStringLiteral("tensorParallel")).isEmpty());
    EXPECT_TRUE(m_window->comparisonTable()->staleNote().isEmpty());
    EXPECT_NE(rowById(m_window->comparisonTable()->comparison(), QStringLiteral("fit.memory")), nullptr);
}

TEST_F(WindowFixture, SelectingANumberShowsTheTermsBehindIt)
{
    ComparisonTable *table = m_window->comparisonTable();
    ASSERT_TRUE(table->selectCell(QStringLiteral("fit.memory"), 0));
    MathPanel *math = m_window->mathPanel();
    ASSERT_FALSE(math->terms().isEmpty());
    const bool hasWeights =
        std::any_of(math->terms().cbegin(), math->terms().cend(), [](const MathTermView &t) {
            return t.name.startsWith(QStringLiteral("weights per GPU"));
        });
    EXPECT_TRUE(hasWeights);
    EXPECT_TRUE(math->title().contains(table->comparison().columnTitles.at(0)));

    // A datasheet number shows where it came from.
    ASSERT_TRUE(table->selectCell(QStringLiteral("spec.bandwidth"), 0));
    ASSERT_FALSE(math->terms().isEmpty());
    EXPECT_TRUE(math->terms().first().substituted.contains(QStringLiteral("http")));
}

TEST_F(WindowFixture, SelectionAndWorkloadAreRememberedBetweenRuns)
{
    m_window->gpuPicker()->setChecked({QStringLiteral("h100_sxm5_80gb"), QStringLiteral("l40s_48gb")});
    typeInto(m_window->workloadForm()->editor(QStringLiteral("batch")), QStringLiteral("4"));
    m_window->close();
    openWindow();
    QStringList ids = m_window->gpuPicker()->checkedIds();
    ids.sort();
    EXPECT_EQ(ids, (QStringList{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("l40s_48gb")}));
    EXPECT_EQ(m_window->workloadForm()->heldRequest().batch, 4);
    EXPECT_EQ(m_window->comparisonTable()->comparison().columnTitles.size(), 2);
}

TEST_F(WindowFixture, AChartExportedFromAnotherTabShowsTheCurrentWorkload)
{
    // The Charts tab is hidden while the Compare tab is in front; its chart must still be current.
    m_window->chartsPanel()->setCurrentKind(QStringLiteral("memory"));
    m_window->gpuPicker()->setChecked({QStringLiteral("h100_sxm5_80gb")});
    settle();
    EXPECT_EQ(m_window->chartsPanel()->currentView()->data().series.size(), 1);
}

TEST_F(WindowFixture, ASavedCatalogueEditReachesTheComparisonAtOnce)
{
    CatalogueEditor *editor = m_session->editor();
    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_TRUE(editor->setValue(row, GpuField::Fp16DenseTflops, 1000.0));
    // The bundled values are read on first use: the edited cell now differs from them.
    const QModelIndex cell = m_session->specModel()->index(row, GpuField::Fp16DenseTflops);
    EXPECT_TRUE(cell.data(SpecTableModel::DiffersFromBundledRole).toBool());
    EXPECT_EQ(cell.data(SpecTableModel::BundledValueRole).toDouble(), 989.4);
    settle();
    EXPECT_EQ(valueFor(m_window->comparisonTable()->comparison(), QStringLiteral("spec.fp16"),
                       QStringLiteral("H100 SXM5 80GB")),
              989.4)
        << "an unsaved edit is not in the comparison";
    ASSERT_TRUE(m_window->catalogueTab()->save());
    settle();
    EXPECT_EQ(valueFor(m_window->comparisonTable()->comparison(), QStringLiteral("spec.fp16"),
                       QStringLiteral("H100 SXM5 80GB")),
              1000.0);
}

TEST_F(WindowFixture, ClosingWithUnsavedEditsAsksAndCancelKeepsTheWindowAndTheEdit)
{
    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("l4_24gb"));
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::Notes, QStringLiteral("unsaved")));
    m_window->show();
    QString asked;
    const auto answer = [&asked](QMessageBox::StandardButton button) {
        QTimer::singleShot(0, [&asked, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            ASSERT_NE(box, nullptr);
            asked = box->text();
            box->button(button)->click();
        });
    };
    answer(QMessageBox::Cancel);
    EXPECT_FALSE(m_window->close());
    EXPECT_TRUE(asked.contains(QStringLiteral("not saved"))) << asked.toStdString();
    EXPECT_TRUE(m_session->specModel()->session()->hasUnsavedChanges());

    answer(QMessageBox::Save);
    EXPECT_TRUE(m_window->close());
    auto reopened = Catalogue::open(m_session->path(), nullptr);
    EXPECT_EQ(reopened->gpus().find(QStringLiteral("l4_24gb"))->notes, QStringLiteral("unsaved"));
}

TEST_F(WindowFixture, CatalogueColumnsAreRememberedBetweenRuns)
{
    m_window->catalogueTab()->view()->horizontalHeader()->setSectionHidden(GpuField::Notes, true);
    m_window->close();
    openWindow();
    EXPECT_TRUE(m_window->catalogueTab()->view()->horizontalHeader()->isSectionHidden(GpuField::Notes));
}

// Users, targets and the chosen chart come back with the window.
TEST_F(WindowFixture, TheLoadTargetsAndChartAreRememberedBetweenRuns)
{
    WorkloadRequest values = m_window->workloadForm()->heldRequest();
    values.concurrency = 24;
    values.ttftP90Ms = 1500.0;
    m_window->workloadForm()->setRequest(values);
    m_window->chartsPanel()->setCurrentKind(QStringLiteral("serving"));
    m_window->close();
    openWindow();
    EXPECT_EQ(m_window->workloadForm()->heldRequest().concurrency, 24);
    EXPECT_EQ(m_window->workloadForm()->heldRequest().ttftP90Ms, 1500.0);
    EXPECT_EQ(m_window->chartsPanel()->currentKind(), QStringLiteral("serving"));
}

// Users in the form give the serving rows; the latency-under-load chart is simulated off the GUI thread
// and shown when ready, and a run superseded by an edit is never shown.
TEST_F(WindowFixture, ALoadGivesServingRowsAndItsChartArrivesFromAWorker)
{
    m_window->gpuPicker()->setChecked({QStringLiteral("h100_sxm5_80gb"), QStringLiteral("l40s_48gb")});
    WorkloadRequest values = m_window->workloadForm()->heldRequest();
    values.concurrency = 8;
    values.outputTokens = 64;
    values.tpotP90Ms = 40.0;
    m_window->workloadForm()->setRequest(values);
    settle();
    const ComparisonData &table = m_window->comparisonTable()->comparison();
    const ComparisonRow *ttft = rowById(table, QStringLiteral("serve.ttft.p90"));
    ASSERT_NE(ttft, nullptr);
    ASSERT_TRUE(ttft->values.value(0).has_value());
    EXPECT_GT(*ttft->values.value(0), 0.0);
    EXPECT_NE(rowById(table, QStringLiteral("serve.max-users")), nullptr);

    ChartsPanel *charts = m_window->chartsPanel();
    ComparisonController *controller = m_window->comparison();
    QSignalSpy shown(controller, &ComparisonController::loadCurvesShown);
    charts->setCurrentKind(QStringLiteral("serving"));
    ASSERT_TRUE(controller->isComputingLoadCurves());
    EXPECT_TRUE(charts->currentView()->data().series.isEmpty()); // the placeholder while it runs

    // An edit while it runs: only the new workload's chart is shown.
    values.tpotP90Ms = 45.0;
    m_window->workloadForm()->setRequest(values);
    settle();
    ASSERT_TRUE(shown.wait(120000));
    EXPECT_EQ(shown.count(), 1);
    EXPECT_FALSE(controller->isComputingLoadCurves());
    const ChartData chart = charts->currentView()->data();
    ASSERT_EQ(chart.series.size(), 4); // TTFT and TPOT for each GPU
    ASSERT_EQ(chart.referenceLines.size(), 1);
    EXPECT_EQ(chart.referenceLines.first().value, 45.0);
    const auto &h100Ttft = chart.series.first().values;
    ASSERT_TRUE(h100Ttft.first().has_value());
    ASSERT_TRUE(h100Ttft.last().has_value());
    EXPECT_GE(*h100Ttft.last(), *h100Ttft.first()); // more users never lower TTFT
    EXPECT_EQ(charts->lineChart()->graphs(0).size(), 2);

    // A recompute that changes nothing keeps the curves instead of simulating again.
    settle();
    EXPECT_FALSE(controller->isComputingLoadCurves());
    EXPECT_EQ(charts->currentView()->data().series.size(), 4);
}

// The training-at-scale fields come back with the window; the scaling chart is estimated off the GUI thread
// and the breakdown chart stacks the parts for each GPU.
TEST_F(WindowFixture, TrainingAtScaleIsRememberedAndItsChartsArrive)
{
    m_window->gpuPicker()->setChecked({QStringLiteral("h100_sxm5_80gb"), QStringLiteral("a100_sxm4_80gb")});
    WorkloadRequest values = m_window->workloadForm()->heldRequest();
    values.modelId = QStringLiteral("mpt-13b");
    values.task = Task::Training;
    values.gpus = 16;
    values.microBatch = 2;
    values.gpusPerNode = 8;
    values.networkGbps = 200.0;
    m_window->workloadForm()->setRequest(values);
    settle();
    const ComparisonData &table = m_window->comparisonTable()->comparison();
    const ComparisonRow *nodes = rowById(table, QStringLiteral("train.nodes"));
    ASSERT_NE(nodes, nullptr);
    ASSERT_TRUE(nodes->values.value(0).has_value());
    EXPECT_EQ(*nodes->values.value(0), 2.0);
    EXPECT_TRUE(nodes->notes.value(0).contains(QStringLiteral("200"))) << nodes->notes.value(0).toStdString();

    ChartsPanel *charts = m_window->chartsPanel();
    charts->setCurrentKind(QStringLiteral("breakdown"));
    EXPECT_TRUE(charts->currentView()->data().stacked);
    EXPECT_EQ(charts->currentView()->data().categories.size(), 2);

    ComparisonController *controller = m_window->comparison();
    QSignalSpy shown(controller, &ComparisonController::scalingCurvesShown);
    charts->setCurrentKind(QStringLiteral("scaling"));
    ASSERT_TRUE(controller->isComputingScalingCurves());
    ASSERT_TRUE(shown.wait(120000));
    const ChartData chart = charts->currentView()->data();
    ASSERT_EQ(chart.series.size(), 2);
    EXPECT_EQ(chart.xValues.size(), 8);
    EXPECT_TRUE(chart.series.first().values.first().has_value());
    settle();
    EXPECT_FALSE(controller->isComputingScalingCurves()); // nothing changed: the curves are kept

    m_window->close();
    openWindow();
    const WorkloadRequest restored = m_window->workloadForm()->heldRequest();
    EXPECT_EQ(restored.microBatch, 2);
    EXPECT_EQ(restored.gpusPerNode, 8);
    EXPECT_EQ(restored.networkGbps, 200.0);
    EXPECT_EQ(m_window->chartsPanel()->currentKind(), QStringLiteral("scaling"));
}

// The window over a fake sysfs (GPUCOMPARE_SYSFS_ROOT) with two H100 SXM5 and an RTX 4090: the picker
// marks those two, and its button adds them to the GPUs compared.
TEST_F(WindowFixture, ThePickerMarksThisMachinesGpusAndPicksThem)
{
    FakeSysfs sysfs;
    sysfs.addIssueMachine();
    qputenv("GPUCOMPARE_SYSFS_ROOT", sysfs.root().toUtf8());
    openWindow();
    qunsetenv("GPUCOMPARE_SYSFS_ROOT");
    GpuPicker *picker = m_window->gpuPicker();
    QHash<QString, int> marked;
    for (const GpuPickerEntry &gpu : picker->gpus())
        if (gpu.inThisMachine > 0)
            marked.insert(gpu.id, gpu.inThisMachine);
    EXPECT_EQ(marked, (QHash<QString, int>{{QStringLiteral("h100_sxm5_80gb"), 2},
                                           {QStringLiteral("rtx_4090_24gb"), 1}}));
    ASSERT_FALSE(picker->pickMachineButton()->isHidden());

    const QStringList before = picker->checkedIds();
    ASSERT_FALSE(before.contains(QStringLiteral("rtx_4090_24gb")));
    QTest::mouseClick(picker->pickMachineButton(), Qt::LeftButton);
    const QStringList after = picker->checkedIds();
    EXPECT_TRUE(after.contains(QStringLiteral("rtx_4090_24gb")));
    EXPECT_TRUE(after.contains(QStringLiteral("h100_sxm5_80gb")));
    for (const QString &id : before)
        EXPECT_TRUE(after.contains(id)) << id.toStdString() << " stays checked";
    settle();
    EXPECT_TRUE(m_window->comparison()->presentation().table().columnTitles.contains(
        QStringLiteral("GeForce RTX 4090 24GB")));

    // Without sysfs: nothing marked, no button, no error.
    qputenv("GPUCOMPARE_SYSFS_ROOT", m_dir.filePath(QStringLiteral("no-sysfs")).toUtf8());
    openWindow();
    qunsetenv("GPUCOMPARE_SYSFS_ROOT");
    for (const GpuPickerEntry &gpu : m_window->gpuPicker()->gpus())
        EXPECT_EQ(gpu.inThisMachine, 0) << gpu.id.toStdString();
    EXPECT_TRUE(m_window->gpuPicker()->pickMachineButton()->isHidden());
}

// Ctrl+S outside the Catalogue tab (issue 40): it saves the catalogue's pending edits there too, and with
// none it says what Ctrl+S does instead of nothing. Save Scenario As has a shortcut of its own.
TEST_F(WindowFixture, CtrlSOutsideTheCatalogueTabSavesPendingEditsOrSaysWhatItDoes)
{
    m_window->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    m_window->tabs()->setCurrentWidget(m_window->comparisonTable());
    m_window->comparisonTable()->setFocus();
    QTest::keyClick(m_window->comparisonTable(), Qt::Key_S, Qt::ControlModifier);
    EXPECT_TRUE(
        m_window->statusBar()->currentMessage().contains(QStringLiteral("No catalogue edits to save")))
        << m_window->statusBar()->currentMessage().toStdString();

    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("l4_24gb"));
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::Notes, QStringLiteral("saved from Compare")));
    QTest::keyClick(m_window->comparisonTable(), Qt::Key_S, Qt::ControlModifier);
    EXPECT_FALSE(m_session->specModel()->session()->hasUnsavedChanges());
    auto reopened = Catalogue::open(m_session->path(), nullptr);
    EXPECT_EQ(reopened->gpus().find(QStringLiteral("l4_24gb"))->notes, QStringLiteral("saved from Compare"));

    bool saveAsHasAShortcut = false;
    for (QAction *action : m_window->findChildren<QAction *>())
        if (action->text().contains(QStringLiteral("Save Scenario &As")))
            saveAsHasAShortcut = !action->shortcut().isEmpty();
    EXPECT_TRUE(saveAsHasAShortcut);
}

// Ctrl+S with the Catalogue tab in front and the focus outside it (the workload form, as after a scenario's
// Apply): the tab's own shortcut reaches only the widgets inside it, so the window's saves (issue 39).
TEST_F(WindowFixture, CtrlSWithTheCatalogueInFrontSavesWhereverTheFocusIs)
{
    m_window->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    m_window->tabs()->setCurrentWidget(m_window->catalogueTab());
    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("l4_24gb"));
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::Notes, QStringLiteral("saved from the form")));
    QWidget *field = m_window->workloadForm()->editor(QStringLiteral("gpus"));
    field->setFocus();
    QApplication::processEvents();
    ASSERT_EQ(QApplication::focusWidget(), field);
    QTest::keyClick(field, Qt::Key_S, Qt::ControlModifier);
    EXPECT_FALSE(m_session->specModel()->session()->hasUnsavedChanges());
    auto reopened = Catalogue::open(m_session->path(), nullptr);
    EXPECT_EQ(reopened->gpus().find(QStringLiteral("l4_24gb"))->notes, QStringLiteral("saved from the form"));
}

// Settings saved by an earlier version (workload version 2: one key per form value) still load, and the
// next close saves them as version 3 (the form's request as a scenario's JSON), which loads the same.
TEST_F(WindowFixture, AnEarlierVersionsSavedWorkloadStillLoads)
{
    m_window->close();
    {
        QSettings settings;
        settings.remove(QStringLiteral("workload"));
        settings.setValue(QStringLiteral("workload/version"), 2);
        settings.setValue(QStringLiteral("workload/model"), QStringLiteral("mpt-13b"));
        settings.setValue(QStringLiteral("workload/task"), QStringLiteral("training"));
        settings.setValue(QStringLiteral("workload/weightPrecision"), QString());
        settings.setValue(QStringLiteral("workload/batch"), 0); // the recipe's
        settings.setValue(QStringLiteral("workload/gpus"), 16);
        settings.setValue(QStringLiteral("workload/tensorParallel"), 2);
        settings.setValue(QStringLiteral("workload/zeroStage"), -1); // the recipe's
        settings.setValue(QStringLiteral("workload/recompute"), QStringLiteral("full"));
        settings.setValue(QStringLiteral("workload/trainTokensBillions"), 300.0);
        settings.setValue(QStringLiteral("workload/concurrency"), 24); // greyed out under training
        settings.setValue(QStringLiteral("workload/microBatch"), 2);
        settings.setValue(QStringLiteral("workload/virtualStages"), 1);
        settings.setValue(QStringLiteral("workload/gpusPerNode"), 8);
        settings.setValue(QStringLiteral("workload/networkGbps"), QStringLiteral("200 Gb/s")); // as typed
    }
    openWindow();
    const WorkloadRequest sent = m_window->workloadForm()->request();
    EXPECT_EQ(sent.modelId, QStringLiteral("mpt-13b"));
    EXPECT_EQ(sent.task, Task::Training);
    EXPECT_FALSE(sent.weightPrecision.has_value());
    EXPECT_FALSE(sent.batch.has_value());
    EXPECT_EQ(sent.gpus, 16);
    EXPECT_EQ(sent.tensorParallel, 2);
    EXPECT_FALSE(sent.zeroStage.has_value());
    EXPECT_EQ(sent.recompute, Recompute::Full);
    EXPECT_EQ(sent.trainTokens, 300e9);
    EXPECT_EQ(sent.microBatch, 2);
    EXPECT_FALSE(sent.virtualStages.has_value());
    EXPECT_EQ(sent.gpusPerNode, 8);
    EXPECT_EQ(sent.networkGbps, 200.0);
    EXPECT_EQ(m_window->workloadForm()->heldRequest().concurrency, 24);

    const WorkloadRequest held = m_window->workloadForm()->heldRequest();
    m_window->close();
    EXPECT_EQ(QSettings().value(QStringLiteral("workload/version")).toInt(), 3);
    EXPECT_FALSE(QSettings().contains(QStringLiteral("workload/microBatch"))) << "version 2's keys are gone";
    openWindow();
    EXPECT_EQ(m_window->workloadForm()->heldRequest(), held);
    EXPECT_EQ(m_window->workloadForm()->request(), sent);
}
