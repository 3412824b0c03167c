// The Plan tab in the window, on the seed catalogue: a serving plan for the form's traffic and targets
// over the picked GPUs, shown as it arrives; Cancel; a row loaded into the Compare tab with the same
// numbers; the search waits while the tab is hidden.
#include "app/window/PlanController.h"
#include "tests/app/WindowFixture.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/plan/PlanInputs.h"
#include "widgets/plan/PlanTab.h"
#include "widgets/plan/PlanTableModel.h"
#include "widgets/workload/WorkloadForm.h"

#include <QCheckBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <cmath>

namespace {

constexpr int kPlanTimeoutMs = 120'000;

class PlanWindowTest : public WindowFixture
{
protected:
    // Serve Llama-3.3 70B to 50 users, TTFT p90 <= 2 s, TPOT p90 <= 50 ms (the README's example).
    void setServingWorkload()
    {
        WorkloadRequest values;
        values.modelId = QStringLiteral("llama-3.3-70b");
        values.task = Task::Inference;
        values.concurrency = 50;
        values.ttftP90Ms = 2000.0;
        values.tpotP90Ms = 50.0;
        m_window->workloadForm()->setRequest(values);
    }

    // Shows the Plan tab and waits until its search has ended.
    bool showPlanAndWait()
    {
        QSignalSpy shown(m_window->plan(), &PlanController::planShown);
        m_window->tabs()->setCurrentWidget(m_window->planTab());
        return shown.wait(kPlanTimeoutMs) || !shown.isEmpty();
    }

    PlanTab *tab() const { return m_window->planTab(); }
};

std::optional<double> valueFor(const ComparisonData &table, const QString &rowId, const QString &gpuTitle)
{
    const int column = table.columnTitles.indexOf(gpuTitle);
    for (const ComparisonRow &row : table.rows)
        if (row.id == rowId && column >= 0)
            return row.values.value(column);
    return std::nullopt;
}

} // namespace

TEST_F(PlanWindowTest, TheTabSitsBetweenCompareAndChartsAndSaysWhatThePlanIsFor)
{
    QTabWidget *tabs = m_window->tabs();
    EXPECT_EQ(tabs->indexOf(m_window->comparisonTable()), 0);
    EXPECT_EQ(tabs->indexOf(tab()), 1);
    EXPECT_EQ(tabs->indexOf(reinterpret_cast<QWidget *>(m_window->chartsPanel())), 2);
    EXPECT_EQ(tabs->count(), 4);

    // The default form has no traffic: the tab says what to set, and nothing is searched.
    ASSERT_TRUE(showPlanAndWait());
    EXPECT_TRUE(tab()->summaryLabel()->text().contains(QStringLiteral("Concurrent users")))
        << tab()->summaryLabel()->text().toStdString();
    EXPECT_FALSE(m_window->plan()->isRunning());
}

TEST_F(PlanWindowTest, AServingPlanRanksEveryPickedGpuTypeAndTheFirstMeetsTheTarget)
{
    setServingWorkload();
    QSignalSpy arrived(m_window->plan(), &PlanController::gpuShown);
    ASSERT_TRUE(showPlanAndWait());
    EXPECT_EQ(
        tab()->summaryLabel()->text(),
        QStringLiteral("Serving Llama-3.3 70B to 50 users, 1,024 in / 256 out; targets TTFT p90 ≤ 2,000 ms, "
                       "TPOT p90 ≤ 50 ms"));
    EXPECT_FALSE(tab()->problemsLabel()->isVisible()) << tab()->problemsLabel()->text().toStdString();

    // One row per GPU type picked (the seed article's five), answered one at a time.
    const int picked = static_cast<int>(m_window->gpuPicker()->checkedIds().size());
    ASSERT_EQ(picked, 5);
    EXPECT_EQ(arrived.count(), picked);
    EXPECT_EQ(arrived.last().at(0).toInt(), picked);
    const PlanTableModel *model = tab()->model();
    ASSERT_EQ(model->rowCount(), picked);
    EXPECT_FALSE(tab()->progress().running);
    EXPECT_EQ(tab()->progress().done, picked);
    EXPECT_TRUE(tab()->progressBar()->format().startsWith(QStringLiteral("Done")))
        << tab()->progressBar()->format().toStdString();

    // Cheapest first, and it meets both targets.
    EXPECT_EQ(model->index(0, PlanTableModel::RankColumn).data().toString(), QStringLiteral("1"));
    const QString first = model->index(0, 0).data(PlanTableModel::GpuIdRole).toString();
    const PlanCandidate *best = m_window->plan()->presenter().candidate(first);
    ASSERT_NE(best, nullptr);
    EXPECT_TRUE(best->meetsTarget);
    EXPECT_LE(best->ttftP90Ms, 2000.0);
    EXPECT_LE(best->tpotP90Ms, 50.0);
    for (int row = 1; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (!index.data(PlanTableModel::MeetsTargetRole).toBool()) {
            EXPECT_FALSE(index.data(PlanTableModel::ReasonRole).toString().isEmpty()) << row;
        }
    }
    // The chart: every configuration tried with a price, the front marked, the answers labelled.
    const ParetoChartData &chart = tab()->chartData();
    EXPECT_GT(chart.pointCount(), picked);
    EXPECT_FALSE(chart.series.isEmpty());
}

TEST_F(PlanWindowTest, ClickingTheFirstRowLoadsItIntoTheCompareTabWithTheSameNumbers)
{
    setServingWorkload();
    ASSERT_TRUE(showPlanAndWait());
    const PlanTableModel *model = tab()->model();
    ASSERT_GT(model->rowCount(), 0);
    const QString gpuId = model->index(0, 0).data(PlanTableModel::GpuIdRole).toString();
    const PlanCandidate best = *m_window->plan()->presenter().candidate(gpuId);

    QTableView *table = tab()->table();
    const QRect cell = table->visualRect(table->model()->index(0, PlanTableModel::GpuColumn));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, cell.center());

    const WorkloadRequest values = m_window->workloadForm()->heldRequest();
    EXPECT_EQ(values.gpus, best.request.gpus.value_or(-1));
    EXPECT_EQ(values.tensorParallel, best.request.tensorParallel.value_or(-1));
    EXPECT_EQ(values.maxNumSeqs, best.request.maxNumSeqs); // both unset: the profile's
    EXPECT_EQ(m_window->tabs()->currentWidget(), m_window->comparisonTable());
    EXPECT_TRUE(m_window->gpuPicker()->checkedIds().contains(gpuId));
    EXPECT_EQ(m_window->gpuPicker()->checkedIds().size(), 5) << "the other GPUs stay checked";

    settle();
    const GpuSpec *gpu = m_session->snapshot().findGpu(gpuId);
    ASSERT_NE(gpu, nullptr);
    const ComparisonData &compare = m_window->comparisonTable()->comparison();
    const auto ttft = valueFor(compare, QStringLiteral("serve.ttft.p90"), gpu->displayName());
    ASSERT_TRUE(ttft) << "no TTFT p90 for " << gpu->displayName().toStdString();
    EXPECT_NEAR(*ttft, best.ttftP90Ms, best.ttftP90Ms * 0.005);
    const auto tpot = valueFor(compare, QStringLiteral("serve.tpot.p90"), gpu->displayName());
    ASSERT_TRUE(tpot);
    EXPECT_NEAR(*tpot, best.tpotP90Ms, best.tpotP90Ms * 0.005);

    // Back on the Plan tab: the question did not change (only what the plan searches over), so the
    // answers stay and nothing is searched again.
    QSignalSpy arrived(m_window->plan(), &PlanController::gpuShown);
    ASSERT_TRUE(showPlanAndWait());
    EXPECT_EQ(arrived.count(), 0);
    EXPECT_EQ(tab()->model()->rowCount(), 5);
}

TEST_F(PlanWindowTest, CancelStopsTheSearchWithTheGpuTypesDoneSoFar)
{
    setServingWorkload();
    m_window->tabs()->setCurrentWidget(tab());
    m_window->plan()->startNow();
    ASSERT_TRUE(m_window->plan()->isRunning());
    ASSERT_TRUE(tab()->cancelButton()->isEnabled());
    tab()->cancelButton()->click();

    EXPECT_FALSE(m_window->plan()->isRunning());
    EXPECT_TRUE(tab()->progress().cancelled);
    EXPECT_LT(tab()->progress().done, tab()->progress().total);
    EXPECT_TRUE(tab()->progressBar()->format().startsWith(QStringLiteral("Cancelled")))
        << tab()->progressBar()->format().toStdString();
    EXPECT_FALSE(tab()->cancelButton()->isEnabled());
    // Nothing of the cancelled search arrives afterwards.
    QSignalSpy arrived(m_window->plan(), &PlanController::gpuShown);
    QTest::qWait(500);
    EXPECT_EQ(arrived.count(), 0);
    EXPECT_TRUE(tab()->progress().cancelled);
    EXPECT_LT(static_cast<int>(m_window->plan()->presenter().plans().size()), 5);
}

TEST_F(PlanWindowTest, SearchesOnlyWhileTheTabIsShownAndRestartsAfterAChange)
{
    setServingWorkload();
    EXPECT_FALSE(m_window->plan()->isBusy()) << "the Compare tab is in front: nothing is searched";
    ASSERT_TRUE(showPlanAndWait());

    // A change of the plan's own inputs restarts it after the debounce.
    QSignalSpy shown(m_window->plan(), &PlanController::planShown);
    tab()->inputs()->precisionBox(QStringLiteral("fp8"))->click();
    EXPECT_TRUE(m_window->plan()->isBusy());
    EXPECT_FALSE(m_window->plan()->isRunning()) << "waits for the debounce";
    ASSERT_TRUE(shown.wait(kPlanTimeoutMs));
    EXPECT_EQ(m_window->plan()->currentRequest().precisions,
              (QVector<Precision>{Precision::Bf16, Precision::Fp8}));

    // A form change while another tab is in front waits for the tab.
    m_window->tabs()->setCurrentWidget(m_window->comparisonTable());
    WorkloadRequest values = m_window->workloadForm()->heldRequest();
    values.concurrency = 20;
    m_window->workloadForm()->setRequest(values);
    EXPECT_FALSE(m_window->plan()->isBusy());
    QSignalSpy arrived(m_window->plan(), &PlanController::gpuShown);
    ASSERT_TRUE(showPlanAndWait());
    EXPECT_EQ(arrived.count(), 5);
    EXPECT_TRUE(tab()->summaryLabel()->text().contains(QStringLiteral("20 users")));
}

TEST_F(PlanWindowTest, ATrainingPlanForADeadline)
{
    WorkloadRequest values;
    values.modelId = QStringLiteral("mpt-13b");
    values.task = Task::Training;
    values.trainTokens = 1000.0e9;
    m_window->workloadForm()->setRequest(values);
    ASSERT_TRUE(showPlanAndWait());
    EXPECT_TRUE(tab()->summaryLabel()->text().contains(QStringLiteral("within 30 days")))
        << tab()->summaryLabel()->text().toStdString();
    const PlanTableModel *model = tab()->model();
    ASSERT_EQ(model->rowCount(), 5);
    EXPECT_TRUE(model->plan().training);
    ASSERT_TRUE(model->index(0, 0).data(PlanTableModel::MeetsTargetRole).toBool())
        << tab()->problemsLabel()->text().toStdString();
    const QString gpuId = model->index(0, 0).data(PlanTableModel::GpuIdRole).toString();
    const PlanCandidate best = *m_window->plan()->presenter().candidate(gpuId);
    EXPECT_LE(best.days, 30.0);
    ASSERT_TRUE(m_window->plan()->load(gpuId));
    EXPECT_EQ(m_window->workloadForm()->heldRequest().gpus, best.request.gpus.value_or(-1));
    EXPECT_EQ(m_window->workloadForm()->heldRequest().microBatch, best.request.microBatch);
}

// A picture of the tab while the search runs (the progress bar part way, the first GPU types' answers):
// saved as plan-progress.png into $GPUCOMPARE_SCREENSHOT_DIR when it is set (docs/screenshots).
TEST_F(PlanWindowTest, ScreenshotDuringTheSearch)
{
    setServingWorkload();
    m_window->resize(1600, 900);
    m_window->show();
    QImage frame;
    QObject::connect(m_window->plan(), &PlanController::gpuShown, m_window.get(), [&](int done, int total) {
        if (done == 2 && frame.isNull() && done < total)
            frame = m_window->grab().toImage();
    });
    ASSERT_TRUE(showPlanAndWait());
    ASSERT_FALSE(frame.isNull());
    EXPECT_EQ(frame.size(), QSize(1600, 900) * frame.devicePixelRatio());
    const QString folder = qEnvironmentVariable("GPUCOMPARE_SCREENSHOT_DIR");
    if (!folder.isEmpty()) {
        EXPECT_TRUE(frame.save(QDir(folder).filePath(QStringLiteral("plan-progress.png"))));
    }
}
