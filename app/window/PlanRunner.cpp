#include "app/window/PlanRunner.h"

#include "app/analysis/Planner.h"

#include <QMetaObject>

PlanRunner::PlanRunner(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(2); // a superseded run winding down, and the current one
}

PlanRunner::~PlanRunner()
{
    cancel();
    m_pool.waitForDone();
}

void PlanRunner::cancel()
{
    ++*m_generation;
    m_running = false;
}

void PlanRunner::start(const PlanRequest &request, const CatalogueSnapshot &catalogue)
{
    const quint64 run = ++*m_generation;
    m_running = true;
    m_pool.start([this, request, catalogue, run, generation = m_generation] {
        const auto superseded = [&generation, run] { return generation->load() != run; };
        // `this` outlives the run: the destructor waits for the pool. Each delivery checks again on the
        // GUI thread, where a cancel may have come in while it was queued.
        Planner::Callbacks callbacks;
        callbacks.cancelled = superseded;
        callbacks.gpuDone = [this, run, generation](const GpuPlan &plan, int done, int total) {
            QMetaObject::invokeMethod(
                this,
                [this, plan, done, total, run, generation] {
                    if (generation->load() == run)
                        emit gpuDone(plan, done, total);
                },
                Qt::QueuedConnection);
        };
        const PlanResult result = Planner::plan(request, catalogue, callbacks);
        if (superseded())
            return;
        QMetaObject::invokeMethod(
            this,
            [this, result, run, generation] {
                if (generation->load() != run)
                    return;
                m_running = false;
                emit finished(result);
            },
            Qt::QueuedConnection);
    });
}
