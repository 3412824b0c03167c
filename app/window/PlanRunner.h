#pragma once

#include "app/analysis/Plan.h"
#include "db/CatalogueSnapshot.h"

#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <memory>

// Runs Planner::plan on a worker thread and hands each GPU type's answer to the GUI thread as it comes
// (queued), then the ranked result. A new start() or cancel() supersedes the run in flight: its planner
// sees cancelled() turn true between configurations, and nothing more of it arrives. As ChartJobRunner does.
class PlanRunner : public QObject
{
    Q_OBJECT
public:
    explicit PlanRunner(QObject *parent = nullptr);
    ~PlanRunner() override; // stops the run in flight and waits for it

    void start(const PlanRequest &request, const CatalogueSnapshot &catalogue);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void gpuDone(const GpuPlan &plan, int done, int total);
    void finished(const PlanResult &result);

private:
    QThreadPool m_pool; // its own, so the destructor can wait for its runs alone
    std::shared_ptr<std::atomic<quint64>> m_generation = std::make_shared<std::atomic<quint64>>(0);
    bool m_running = false;
};
