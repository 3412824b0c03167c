#include "app/window/ChartJobRunner.h"

#include <QMetaObject>

ChartJobRunner::ChartJobRunner(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(2); // a superseded run winding down, and the current one
}

ChartJobRunner::~ChartJobRunner()
{
    cancel();
    m_pool.waitForDone();
}

void ChartJobRunner::cancel()
{
    ++*m_generation;
    m_running = false;
}

void ChartJobRunner::start(Job job)
{
    const quint64 run = ++*m_generation;
    m_running = true;
    m_pool.start([this, job = std::move(job), run, generation = m_generation] {
        const auto superseded = [&generation, run] { return generation->load() != run; };
        const ChartData chart = job(superseded);
        if (superseded())
            return;
        // `this` outlives the run: the destructor waits for the pool.
        QMetaObject::invokeMethod(
            this,
            [this, chart, run, generation] {
                if (generation->load() != run)
                    return; // superseded while the result was on its way
                m_running = false;
                emit finished(chart);
            },
            Qt::QueuedConnection);
    });
}
