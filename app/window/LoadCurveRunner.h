#pragma once

#include "ChartData.h"
#include "LoadCurves.h"

#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <memory>

// Computes the latency-under-load chart on a worker thread. A new start() supersedes the run in flight,
// which stops at its next point and is never reported: finished() always carries the latest input's chart.
class LoadCurveRunner : public QObject
{
    Q_OBJECT
public:
    explicit LoadCurveRunner(QObject *parent = nullptr);
    ~LoadCurveRunner() override; // stops the run in flight and waits for it

    void start(const LoadCurves::Input &input);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void finished(const ChartData &chart);

private:
    QThreadPool m_pool; // its own, so the destructor can wait for its runs alone
    std::shared_ptr<std::atomic<quint64>> m_generation = std::make_shared<std::atomic<quint64>>(0);
    bool m_running = false;
};
