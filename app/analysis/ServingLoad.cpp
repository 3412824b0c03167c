#include "app/analysis/ServingLoad.h"

#include "app/analysis/Estimator.h"

#include <algorithm>

namespace ServingLoad {

namespace {

ServingSimulator::Traffic replicaTraffic(const Deployment &d, const ServingTraffic &traffic, int users,
                                         const LengthMix &mix)
{
    ServingSimulator::Traffic t;
    t.concurrency = users;
    t.requestRate = users > 0 ? 0.0 : traffic.requestRate / d.replicas;
    t.mix = &mix;
    t.burstiness = traffic.burstiness;
    t.warmupRequests =
        traffic.warmupRequests > 0 ? std::max(1, (traffic.warmupRequests + d.replicas - 1) / d.replicas) : 0;
    t.replayArrivals = users == 0 && traffic.replaysTrace();
    t.replayStride = std::max(1, d.replicas);
    t.numRequests =
        traffic.numRequests > 0 ? std::max(1, (traffic.numRequests + d.replicas - 1) / d.replicas) : 0;
    t.seed = traffic.seed;
    t.inputTokens = d.inputTokens;
    t.outputTokens = d.outputTokens;
    return t;
}

} // namespace

LengthMix lengthMix(const Deployment &d, const ServingTraffic &traffic)
{
    return LengthMix{traffic.dataset, traffic.randomRangeRatio, traffic.lengthTable, d.inputTokens,
                     d.outputTokens};
}

ServingResult simulate(const Deployment &d, const ServingTraffic &traffic)
{
    const int replicas = std::max(1, d.replicas);
    const LengthMix mix = lengthMix(d, traffic);
    ServingResult result;
    if (traffic.concurrency > 0) {
        // Users spread round-robin: some replicas carry one more than the others.
        const int busy = (traffic.concurrency + replicas - 1) / replicas;
        const int light = traffic.concurrency / replicas;
        const int busyReplicas = traffic.concurrency - light * replicas;
        result = ServingSimulator::simulate(d.cost, d.engine, replicaTraffic(d, traffic, busy, mix));
        if (busyReplicas > 0 && busyReplicas < replicas && light > 0) {
            const ServingResult lighter =
                ServingSimulator::simulate(d.cost, d.engine, replicaTraffic(d, traffic, light, mix));
            result.outputTokensPerS =
                busyReplicas * result.outputTokensPerS + (replicas - busyReplicas) * lighter.outputTokensPerS;
            result.requestsPerS =
                busyReplicas * result.requestsPerS + (replicas - busyReplicas) * lighter.requestsPerS;
        } else {
            const int serving = busyReplicas > 0 && light == 0 ? busyReplicas : replicas;
            result.outputTokensPerS *= serving;
            result.requestsPerS *= serving;
        }
        result.concurrency = traffic.concurrency;
        result.numRequests = result.numRequests * replicas;
    } else {
        result = ServingSimulator::simulate(d.cost, d.engine, replicaTraffic(d, traffic, 0, mix));
        result.outputTokensPerS *= replicas;
        result.requestsPerS *= replicas;
        result.requestRate = traffic.requestRate;
        result.numRequests = result.numRequests * replicas;
    }
    result.outputTokensPerSPerGpu = result.outputTokensPerS / std::max(1, d.gpus);
    result.dataset = traffic.dataset == LengthDataset::File && traffic.lengthTable
                         ? traffic.lengthTable->source
                         : LengthDatasets::name(traffic.dataset);
    result.randomRangeRatio = traffic.randomRangeRatio;
    result.burstiness = traffic.burstiness;
    result.warmupRequests = traffic.warmupRequests;
    result.replayedTrace = traffic.replaysTrace();
    result.requestOverheadMs = d.engine.requestOverheadS * 1e3;
    if (traffic.hasTargets())
        result.meetsSlo = meetsTargets(result, traffic);
    return result;
}

bool meetsTargets(const ServingResult &result, const ServingTraffic &traffic)
{
    if (result.outputTokensPerS <= 0.0 && result.requestsPerS <= 0.0)
        return false; // nothing was served (a request does not fit the KV cache)
    if (traffic.ttftP90TargetMs && result.ttftMs.p90 > *traffic.ttftP90TargetMs)
        return false;
    if (traffic.tpotP90TargetMs && result.tpotMs.p90 > *traffic.tpotP90TargetMs)
        return false;
    return true;
}

int mostUsersWithin(const Deployment &d, const ServingTraffic &traffic)
{
    ServingTraffic probe = traffic;
    probe.requestRate = 0.0;
    probe.numRequests = 0;
    const auto meets = [&](int users) {
        probe.concurrency = users;
        return meetsTargets(simulate(d, probe), probe);
    };
    if (!meets(1))
        return 0;
    // Beyond every replica's sequence limit more users only queue, so the search stops at 8x that.
    const int ceiling = std::max(1, d.engine.maxNumSeqs) * std::max(1, d.replicas) * 8;
    int good = 1;
    int bad = 0;
    for (int users = 2; users <= ceiling; users *= 2) {
        if (!meets(users)) {
            bad = users;
            break;
        }
        good = users;
    }
    if (bad == 0)
        return good;
    while (bad - good > std::max(1, good / 50)) { // to 2%: finer than the model's accuracy is noise
        const int middle = good + (bad - good) / 2;
        (meets(middle) ? good : bad) = middle;
    }
    return good;
}

QVector<int> userCounts(int upTo)
{
    QVector<int> counts;
    for (int users = 1; users < upTo; users *= 2)
        counts.append(users);
    counts.append(std::max(1, upTo));
    return counts;
}

QVector<CurvePoint> curve(const GpuSpec &gpu, const Workload &workload,
                          const EfficiencyParameters &parameters, const QVector<int> &users)
{
    QVector<CurvePoint> points;
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
            CurvePoint{count, e.serving->ttftMs.p90, e.serving->tpotMs.p90, e.serving->outputTokensPerS});
    }
    return points;
}

} // namespace ServingLoad
