#include "app/analysis/ServingCurve.h"

#include "app/analysis/Estimator.h"

#include <algorithm>

namespace ServingCurve {

QVector<int> userCounts(int upTo)
{
    QVector<int> counts;
    for (int users = 1; users < upTo; users *= 2)
        counts.append(users);
    counts.append(std::max(1, upTo));
    return counts;
}

QVector<Point> curve(const GpuSpec &gpu, const Workload &workload, const EfficiencyParameters &parameters,
                     const QVector<int> &users)
{
    QVector<Point> points;
    // One deployment along the curve: the split the workload gets as asked, kept at every user count (an
    // automatic split under load depends on the users, and a curve across splits would not be one curve).
    const Estimate asked = Estimator::estimate(gpu, workload, parameters, EstimateOptions{false});
    if (!asked.fits)
        return points;
    Workload pinned = workload;
    pinned.tensorParallel = asked.parallelism.tensor;
    pinned.pipelineParallel = asked.parallelism.pipeline;
    for (int count : users) {
        Workload w = pinned;
        ServingTraffic traffic = w.traffic.value_or(ServingTraffic{});
        traffic.concurrency = count;
        traffic.requestRate = 0.0;
        traffic.numRequests = 0;
        traffic.ttftP90TargetMs.reset(); // no search for the most users at each point
        traffic.tpotP90TargetMs.reset();
        w.traffic = traffic;
        w.batch = count;
        const Estimate e = Estimator::estimate(gpu, w, parameters, EstimateOptions{false});
        if (!e.fits || !e.serving || e.serving->outputTokensPerS <= 0.0)
            break;
        points.append(
            Point{count, e.serving->ttftMs.p90, e.serving->tpotMs.p90, e.serving->outputTokensPerS});
    }
    return points;
}

} // namespace ServingCurve
