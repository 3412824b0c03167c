#pragma once

#include "app/analysis/Plan.h"
#include "app/comparison/PlanPresenter.h"
#include "app/window/PlanRunner.h"
#include "db/CatalogueSnapshot.h"

#include <QObject>
#include <QTimer>
#include <optional>

class GpuPicker;
class PlanTab;
class QTabWidget;
class WorkloadForm;

// Wires the planner into the Plan tab: builds the PlanRequest from the workload form, the picked GPUs and
// the tab's own inputs, runs the search on a worker thread while the tab is shown (restarting it 300 ms
// after the last change of any input, or when the tab is shown with changed inputs), shows each GPU
// type's answer as it arrives, and loads a chosen configuration into the form and the picker for the
// Compare tab.
class PlanController : public QObject
{
    Q_OBJECT
public:
    struct Views
    {
        GpuPicker *picker = nullptr;
        WorkloadForm *form = nullptr;
        PlanTab *tab = nullptr;
        QTabWidget *tabs = nullptr; // the tab searches only while it is the current one
    };

    static constexpr int kDebounceMs = 300;

    explicit PlanController(const Views &views, QObject *parent = nullptr);

    void setCatalogue(const CatalogueSnapshot &catalogue);

    bool isTabShown() const;
    // A search is waiting for its debounce or running: what is shown will change.
    bool isBusy() const { return m_debounce.isActive() || m_runner.isRunning(); }
    bool isRunning() const { return m_runner.isRunning(); }
    void startNow(); // the search for the current inputs, now, whether the tab is shown or not
    void cancel();

    // The configuration behind a results row (candidate -1) or a chart point goes into the workload form,
    // its GPU type is checked in the picker (the others stay), and compareRequested() asks for Compare.
    bool load(const QString &gpuId, int candidate = -1);

    const PlanPresenter &presenter() const { return m_presenter; }
    // The request the inputs give now.
    PlanRequest currentRequest() const;

signals:
    void gpuShown(int done, int total); // one GPU type's answer is shown
    void planShown();                   // the search ended (done, cancelled or refused) and is shown
    void compareRequested();
    void statusMessage(const QString &message);

private:
    void inputsChanged();
    void tabChanged();
    void startIfChanged();
    void start(bool evenIfUnchanged);
    void refreshInputs(const PlanRequest &request);
    void refuse(const QStringList &problems); // nothing to search: says why
    void showGpu(const GpuPlan &plan, int done, int total);
    void showResult(const PlanResult &result);
    void showPlan();
    static bool samePlan(const PlanRequest &a, const PlanRequest &b);

    Views m_views;
    CatalogueSnapshot m_catalogue;
    PlanRunner m_runner;
    PlanPresenter m_presenter;
    QTimer m_debounce;
    PlanProgress m_progress;
    std::optional<PlanRequest> m_searched; // what the shown answers are for (none: search when shown)
};
