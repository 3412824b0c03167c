#include "LoadCurveRunner.h"

#include <QMetaObject>

LoadCurveRunner::LoadCurveRunner(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(2); // a superseded run winding down, and the current one
}

LoadCurveRunner::~LoadCurveRunner()
{
    cancel();
    m_pool.waitForDone();
}

void LoadCurveRunner::cancel()
{
    ++*m_generation;
    m_running = false;
}

void LoadCurveRunner::start(const LoadCurves::Input &input)
{
    const quint64 run = ++*m_generation;
    m_running = true;
    m_pool.start([this, input, run, generation = m_generation] {
        const auto superseded = [&generation, run] { return generation->load() != run; };
        const QVector<LoadCurves::Curve> curves = LoadCurves::compute(input, superseded);
        if (superseded())
            return;
        const ChartData chart = LoadCurves::chart(input, curves);
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
