#pragma once

#include "widgets/charts/ChartData.h"

#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <functional>
#include <memory>

// Computes one chart on a worker thread: a new start() supersedes the run in flight (its job sees
// cancelled() turn true and its result is dropped), and finished() always carries the latest job's chart.
// Used for the latency-under-load chart (LoadCurves) and the training scaling chart (ScalingCurves).
class ChartJobRunner : public QObject
{
    Q_OBJECT
public:
    // Runs on the worker: computes the chart, checking cancelled() between the expensive steps.
    using Job = std::function<ChartData(const std::function<bool()> &cancelled)>;

    explicit ChartJobRunner(QObject *parent = nullptr);
    ~ChartJobRunner() override; // stops the run in flight and waits for it

    void start(Job job);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void finished(const ChartData &chart);

private:
    QThreadPool m_pool; // its own, so the destructor can wait for its runs alone
    std::shared_ptr<std::atomic<quint64>> m_generation = std::make_shared<std::atomic<quint64>>(0);
    bool m_running = false;
};
