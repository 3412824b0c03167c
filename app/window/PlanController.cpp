#include "app/window/PlanController.h"

#include "app/analysis/Planner.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/plan/PlanInputs.h"
#include "widgets/plan/PlanTab.h"
#include "widgets/workload/WorkloadForm.h"

#include <QTabWidget>

PlanController::PlanController(const Views &views, QObject *parent)
    : QObject(parent)
    , m_views(views)
{
    m_debounce.setSingleShot(true);
    connect(&m_debounce, &QTimer::timeout, this, &PlanController::startIfChanged);
    connect(m_views.picker, &GpuPicker::checkedIdsChanged, this, &PlanController::inputsChanged);
    connect(m_views.form, &WorkloadForm::valuesChanged, this, &PlanController::inputsChanged);
    connect(m_views.tab->inputs(), &PlanInputs::inputsChanged, this, &PlanController::inputsChanged);
    connect(m_views.tabs, &QTabWidget::currentChanged, this, &PlanController::tabChanged);
    connect(m_views.tab, &PlanTab::cancelRequested, this, &PlanController::cancel);
    connect(m_views.tab, &PlanTab::rowClicked, this, [this](const QString &gpuId) { load(gpuId); });
    connect(m_views.tab, &PlanTab::pointClicked, this, &PlanController::load);
    connect(&m_runner, &PlanRunner::gpuDone, this, &PlanController::showGpu);
    connect(&m_runner, &PlanRunner::finished, this, &PlanController::showResult);
}

void PlanController::setCatalogue(const CatalogueSnapshot &catalogue)
{
    m_catalogue = catalogue;
    m_searched.reset(); // the same ids may now have other specs or prices
    inputsChanged();
}

bool PlanController::isTabShown() const
{
    return m_views.tabs->currentWidget() == m_views.tab;
}

void PlanController::inputsChanged()
{
    // Only while the tab is shown: a search costs seconds of CPU, and typing in the form for the Compare
    // tab must not pay for it. A hidden tab searches when it is shown.
    if (isTabShown())
        m_debounce.start(kDebounceMs);
}

void PlanController::tabChanged()
{
    if (isTabShown())
        m_debounce.start(0);
    else
        m_debounce.stop();
}

void PlanController::startIfChanged()
{
    start(false);
}

void PlanController::startNow()
{
    start(true);
}

PlanRequest PlanController::currentRequest() const
{
    return PlanPresenter::request(m_views.form->heldRequest(), m_views.picker->checkedIds(),
                                  m_views.tab->inputs()->values(), m_catalogue);
}

void PlanController::refreshInputs(const PlanRequest &request)
{
    PlanInputs *inputs = m_views.tab->inputs();
    const Task task = request.workload.task.value_or(Task::Inference);
    inputs->setTraining(Tasks::isTraining(task));
    const std::optional<Precision> weights = request.workload.weightPrecision;
    inputs->setDefaultPrecisions({weights               ? Precisions::name(*weights)
                                  : task == Task::Qlora ? QStringLiteral("int4")
                                                        : QStringLiteral("bf16")});
    int picked = 0;
    for (const QString &id : m_views.picker->checkedIds())
        picked += m_catalogue.findGpu(id) ? 1 : 0;
    inputs->setGpuCounts(picked, static_cast<int>(m_catalogue.gpus.size()));
    inputs->setPrices(PlanPresenter::priceRows(request.gpuIds, m_catalogue, request.workload.usdPerGpuHour));
    const PlanPresenter::Summary summary = PlanPresenter::summary(request, m_catalogue);
    m_views.tab->setSummary(summary.text, summary.hint);
}

bool PlanController::samePlan(const PlanRequest &a, const PlanRequest &b)
{
    // What the planner searches over (the count, the split, the engine and training settings) does not
    // change the question; loading an answer into the form sets those.
    const auto question = [](const PlanRequest &r) {
        WorkloadRequest w = r.workload;
        w.gpus.reset();
        w.tensorParallel.reset();
        w.pipelineParallel.reset();
        w.microBatch.reset();
        w.zeroStage.reset();
        w.recompute.reset();
        w.maxNumSeqs.reset();
        if (!r.precisions.isEmpty())
            w.weightPrecision.reset();
        return w;
    };
    return question(a) == question(b) && a.gpuIds == b.gpuIds && a.precisions == b.precisions &&
           a.usdPerGpuHour == b.usdPerGpuHour && a.deadlineDays == b.deadlineDays && a.maxGpus == b.maxGpus;
}

void PlanController::start(bool evenIfUnchanged)
{
    m_debounce.stop();
    // First the inputs (their defaults follow the form), then the request they give.
    refreshInputs(currentRequest());
    const PlanRequest request = currentRequest();
    refreshInputs(request);
    if (!evenIfUnchanged && m_searched && samePlan(*m_searched, request)) {
        if (!m_runner.isRunning())
            emit planShown(); // the answers shown are still this question's
        return;
    }
    m_runner.cancel();
    m_searched = request;
    const QStringList problems =
        request.gpuIds.isEmpty()
            ? QStringList{tr("Pick one GPU or more on the left, or consider the whole catalogue.")}
            : PlanPresenter::problemTexts(Planner::check(request, m_catalogue));
    if (!problems.isEmpty()) {
        refuse(problems);
        return;
    }
    m_views.tab->setProblems({});
    QVector<PlanPresenter::GpuType> gpus;
    for (const QString &id : request.gpuIds)
        if (const GpuSpec *gpu = m_catalogue.findGpu(id))
            gpus.append({id, gpu->displayName()});
    m_presenter.start(request, gpus);
    m_progress = PlanProgress{0, static_cast<int>(gpus.size()), true, false, 0};
    m_views.tab->setProgress(m_progress);
    showPlan();
    m_runner.start(request, m_catalogue);
}

void PlanController::refuse(const QStringList &problems)
{
    m_presenter.clear();
    m_progress = PlanProgress{};
    m_views.tab->setProblems(problems);
    m_views.tab->setProgress(m_progress);
    showPlan();
    emit planShown();
}

void PlanController::cancel()
{
    if (!m_runner.isRunning())
        return;
    m_runner.cancel();
    m_progress.running = false;
    m_progress.cancelled = true;
    m_views.tab->setProgress(m_progress);
    emit statusMessage(m_views.tab->progressText());
    emit planShown();
}

void PlanController::showGpu(const GpuPlan &plan, int done, int total)
{
    m_presenter.add(plan);
    m_progress.done = done;
    m_progress.total = total;
    m_progress.searched = m_presenter.searched();
    m_views.tab->setProgress(m_progress);
    showPlan();
    emit gpuShown(done, total);
}

void PlanController::showResult(const PlanResult &result)
{
    m_presenter.finish(result);
    m_progress.running = false;
    m_progress.cancelled = result.cancelled;
    m_progress.done = static_cast<int>(result.plans.size());
    m_progress.searched = result.searched;
    m_views.tab->setProgress(m_progress);
    if (!result.problems.isEmpty())
        m_views.tab->setProblems(PlanPresenter::problemTexts(result.problems));
    showPlan();
    emit planShown();
}

void PlanController::showPlan()
{
    m_views.tab->setTable(m_presenter.table());
    m_views.tab->setChart(m_presenter.chart());
}

bool PlanController::load(const QString &gpuId, int candidate)
{
    const PlanCandidate *c = m_presenter.candidate(gpuId, candidate);
    if (!c)
        return false;
    m_views.form->setRequest(c->request);
    QStringList ids = m_views.picker->checkedIds();
    if (!ids.contains(gpuId)) {
        ids << gpuId;
        m_views.picker->setChecked(ids);
    }
    const GpuSpec *gpu = m_catalogue.findGpu(gpuId);
    emit statusMessage(tr("Loaded %1: %2, %3")
                           .arg(gpu ? gpu->displayName() : gpuId, Planner::layoutText(*c, m_presenter.task()),
                                Planner::settingsText(*c, m_presenter.task())));
    emit compareRequested();
    return true;
}
