#include "app/analysis/ServingLoad.h"

#include "app/analysis/MathExpr.h"

#include <QCoreApplication>
#include <QMap>
#include <algorithm>
#include <cmath>

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
    // The harness's warm-up (GenAI-Perf's first round is the replica's own users) and the user's.
    const int warmup =
        traffic.warmupRequests > 0 ? std::max(1, (traffic.warmupRequests + d.replicas - 1) / d.replicas) : 0;
    t.warmupRequests = BenchmarkHarnesses::warmupRequests(traffic.harness, users, warmup);
    t.steadyState = BenchmarkHarnesses::steadyState(traffic.harness);
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

namespace {

// Disaggregated: every request through a prefill rank and a decode rank, all of them on one clock
// (DisaggregatedSimulator), the whole traffic at once.
ServingResult simulateDisaggregated(const Deployment &d, const ServingTraffic &traffic, const LengthMix &mix)
{
    Deployment whole = d;
    whole.replicas = 1; // the simulation spreads the requests over the ranks itself
    ServingSimulator::Traffic t = replicaTraffic(whole, traffic, traffic.concurrency, mix);
    t.steadyState = false; // GenAI-Perf's stable window is not modelled here: every request counts
    const DisaggregatedSimulator::Pool decode{d.cost, d.engine, std::max(1, d.replicas), d.gpus};
    const DisaggregatedSimulator::Result run =
        DisaggregatedSimulator::simulate(*d.prefill, decode, d.transfer, t);
    ServingResult result = run.serving;
    result.pools = d.pools;
    for (ServingPool &pool : result.pools)
        pool.utilisation =
            pool.role == QLatin1String("prefill") ? run.prefillUtilisation : run.decodeUtilisation;
    result.kvTransferMs = run.transferMs;
    result.kvTransferLink =
        d.transfer.network ? QStringLiteral("network") : QStringLiteral("NVLink/NVSwitch");
    result.busyShare = run.decodeUtilisation;
    result.numRequests = run.serving.numRequests;
    return result;
}

} // namespace

ServingResult simulate(const Deployment &d, const ServingTraffic &traffic)
{
    const int replicas = std::max(1, d.replicas);
    const LengthMix mix = lengthMix(d, traffic);
    ServingResult result;
    if (d.prefill) {
        result = simulateDisaggregated(d, traffic, mix);
    } else if (traffic.concurrency > 0) {
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
    if (!d.prefill) {
        result.outputTokensPerSPerGpu = result.outputTokensPerS / std::max(1, d.gpus);
        result.pools = d.pools;
        for (ServingPool &pool : result.pools)
            pool.utilisation = result.busyShare; // the busiest replica's
    }
    result.dataset = traffic.dataset == LengthDataset::File && traffic.lengthTable
                         ? traffic.lengthTable->source
                         : LengthDatasets::name(traffic.dataset);
    result.randomRangeRatio = traffic.randomRangeRatio;
    result.burstiness = traffic.burstiness;
    result.warmupRequests = traffic.warmupRequests;
    result.harness = BenchmarkHarnesses::name(traffic.harness);
    result.replayedTrace = traffic.replaysTrace();
    result.requestOverheadMs = d.engine.requestOverheadS * 1e3;
    if (traffic.hasTargets()) {
        result.missedTargets = missedTargets(result, traffic);
        result.meetsSlo = result.missedTargets.isEmpty();
    }
    return result;
}

void explain(const Deployment &d, const ServingResult &r, MathLog *math)
{
    if (!math)
        return;
    using Id = MathTermId;
    const auto in = [](const char *name, double value) { return Math::input<MathExpr>(name, value); };
    const QString dataset = r.dataset;
    const MathExpr meanInput = Math::inputNamed<MathExpr>(
        [&] { return QCoreApplication::translate("MathExpr", "mean input (%1)").arg(dataset); },
        r.meanInputTokens);
    const MathExpr meanOutput = Math::inputNamed<MathExpr>(
        [&] { return QCoreApplication::translate("MathExpr", "mean output (%1)").arg(dataset); },
        r.meanOutputTokens);
    math->add(Id::ServingMeanRequest, meanInput + meanOutput);

    const MathExpr overhead = in(
        QT_TRANSLATE_NOOP("MathExpr", "API server, tokenising, scheduling (profile)"), r.requestOverheadMs);
    math->add(Id::ServingRequestOverhead, overhead);

    // One decode step of the mean running batch at the mean context (input + half the output): the step
    // cost the simulation adds up step by step, with prefill chunks where prompts are waiting.
    const ServingSimulator::StepCost &c = d.cost;
    const double running = std::max(1.0, r.meanRunningSequences);
    const double context = running * (r.meanInputTokens + r.meanOutputTokens / 2.0);
    const MathExpr n =
        in(QT_TRANSLATE_NOOP("MathExpr", "mean running sequences"), double(std::lround(running)));
    const MathExpr kvTokens = in(QT_TRANSLATE_NOOP("MathExpr", "KV tokens read"), context);
    const int sequences = int(std::lround(running));
    MathExpr compute = n * in(QT_TRANSLATE_NOOP("MathExpr", "matmul ms per token"), c.linearPerTokenS * 1e3) +
                       kvTokens * in(QT_TRANSLATE_NOOP("MathExpr", "attention ms per token pair"),
                                     c.decodeAttentionPerPairS * 1e3);
    if (c.expertLinearPerTokenS > 0.0) { // the routed experts' grouped GEMMs at their size (StepCost)
        const double perExpert = c.experts > 0 ? double(sequences) * c.activeExperts / c.experts : sequences;
        compute = compute +
                  n *
                      in(QT_TRANSLATE_NOOP("MathExpr", "experts' matmul ms per token"),
                         c.expertLinearPerTokenS * 1e3) *
                      (MathExpr(1.0) +
                       in(QT_TRANSLATE_NOOP("MathExpr", "expert tokens half"), c.expertTokensHalf) /
                           in(QT_TRANSLATE_NOOP("MathExpr", "tokens per expert"), std::max(perExpert, 1e-9)));
    }
    double weightsS = c.weightReadS;
    if (c.experts > 0 && c.activeExperts > 0) // the experts the step's tokens touch (StepCost::seconds)
        weightsS -=
            c.experts * std::pow(1.0 - double(c.activeExperts) / c.experts, sequences) * c.expertReadS;
    const MathExpr memory =
        in(QT_TRANSLATE_NOOP("MathExpr", "weights read ms"), weightsS * 1e3) +
        kvTokens * in(QT_TRANSLATE_NOOP("MathExpr", "KV read ms per token"), c.kvReadPerTokenS * 1e3);
    const double launchS = c.launchSeconds(sequences, false);
    const MathExpr gpu =
        MathExpr::call(QStringLiteral("max"), compute, memory, std::max(compute.value(), memory.value())) +
        in(c.graphMaxTokens > 0 && launchS == c.graphLaunchS
               ? QT_TRANSLATE_NOOP("MathExpr", "layers replayed from a CUDA graph ms")
               : QT_TRANSLATE_NOOP("MathExpr", "layers' kernels launched one by one ms"),
           launchS * 1e3) +
        in(QT_TRANSLATE_NOOP("MathExpr", "tensor-parallel all-reduces ms"),
           (c.allReduceFixedS + c.allReducePerTokenS * sequences) * 1e3);
    const MathExpr host =
        in(QT_TRANSLATE_NOOP("MathExpr", "host ms per step (scheduling, sampling)"), c.hostStepS * 1e3) +
        n * in(QT_TRANSLATE_NOOP("MathExpr", "host ms per sequence per step"), c.perSequenceS * 1e3);
    // An overlap scheduler prepares the next step while the GPU runs this one: the longer of the two.
    const MathExpr step =
        c.overlapHost ? MathExpr::call(QStringLiteral("max"), gpu, host, std::max(gpu.value(), host.value()))
                      : gpu + host;
    math->add(Id::ServingDecodeStep, step);

    const MathExpr ttft =
        Math::named(overhead, QT_TRANSLATE_NOOP("MathExpr", "time outside the GPU")) +
        in(QT_TRANSLATE_NOOP("MathExpr", "queue and prefill in the engine, p90 of the simulated requests"),
           r.ttftMs.p90 - r.requestOverheadMs);
    math->add(Id::ServingTtftP90, ttft);
    const MathExpr tpot =
        Math::named(step, QT_TRANSLATE_NOOP("MathExpr", "engine step")) *
        in(QT_TRANSLATE_NOOP("MathExpr", "p90 of the simulated TPOT over the step (prefill chunks, batch)"),
           step.value() > 0.0 ? r.tpotMs.p90 / step.value() : 0.0);
    math->add(Id::ServingTpotP90, tpot);
    const MathExpr throughput =
        in(QT_TRANSLATE_NOOP("MathExpr", "tokens made per replica"), double(r.windowTokens)) /
        in(QT_TRANSLATE_NOOP("MathExpr", "seconds from the first request to the last token"),
           r.windowSeconds) *
        in(QT_TRANSLATE_NOOP("MathExpr", "replicas serving"),
           r.windowTokens > 0 && r.windowSeconds > 0.0
               ? r.outputTokensPerS / (double(r.windowTokens) / r.windowSeconds)
               : double(d.replicas));
    math->add(Id::ServingOutputTokensPerSecond, throughput);
}

QVector<MissedTarget> missedTargets(const ServingResult &result, const ServingTraffic &traffic)
{
    using Which = MissedTarget::Which;
    if (result.outputTokensPerS <= 0.0 && result.requestsPerS <= 0.0)
        return {MissedTarget{Which::Served, 0.0, 0.0}}; // nothing was served (no request fits the KV cache)
    QVector<MissedTarget> missed;
    if (traffic.ttftP90TargetMs && result.ttftMs.p90 > *traffic.ttftP90TargetMs)
        missed << MissedTarget{Which::TtftP90, result.ttftMs.p90, *traffic.ttftP90TargetMs};
    if (traffic.tpotP90TargetMs && result.tpotMs.p90 > *traffic.tpotP90TargetMs)
        missed << MissedTarget{Which::TpotP90, result.tpotMs.p90, *traffic.tpotP90TargetMs};
    return missed;
}

QString targetName(MissedTarget::Which which)
{
    switch (which) {
    case MissedTarget::Which::Served:
        return QStringLiteral("served");
    case MissedTarget::Which::TtftP90:
        return QStringLiteral("ttft_p90");
    case MissedTarget::Which::TpotP90:
        return QStringLiteral("tpot_p90");
    }
    return {};
}

bool meetsTargets(const ServingResult &result, const ServingTraffic &traffic)
{
    return missedTargets(result, traffic).isEmpty();
}

MostUsers mostUsersWithin(const Deployment &d, const ServingTraffic &traffic, const ServingResult *atTraffic)
{
    // Each user count is simulated as the estimate simulates the traffic's own (its harness, warm-up and
    // request count): only the users change. (A run that left the first round out here while the estimate
    // kept it in judged two different runs: "misses the targets at 50 users ... meets them up to 54".)
    ServingTraffic probe = traffic;
    probe.requestRate = 0.0;
    QMap<int, bool> judged;
    if (atTraffic && traffic.concurrency > 0)
        judged.insert(traffic.concurrency, meetsTargets(*atTraffic, traffic));
    const auto meets = [&](int users) {
        if (const auto known = judged.constFind(users); known != judged.cend())
            return *known;
        probe.concurrency = users;
        const bool within = meetsTargets(simulate(d, probe), probe);
        judged.insert(users, within);
        return within;
    };
    // Beyond every replica's sequence limit more users only queue, so the search stops at 8x that.
    const int ceiling = std::max(1, d.engine.maxNumSeqs) * std::max(1, d.replicas) * 8;
    // The largest count known to meet them (0: none yet) and the smallest known to miss them (0: none yet),
    // the estimate's own count among them.
    int good = 0;
    int bad = 0;
    for (auto it = judged.cbegin(); it != judged.cend(); ++it)
        (it.value() ? good : bad) = it.key();
    if (bad == 0) {
        for (int users = good > 0 ? good * 2 : 1; bad == 0; users *= 2) {
            const int probeUsers = std::min(users, ceiling);
            if (probeUsers <= good)
                return {good, true}; // at the cap and still within them
            (meets(probeUsers) ? good : bad) = probeUsers;
        }
    }
    while (bad - good > 1) { // to one user: a count the search calls within them is one the estimate meets
        const int middle = good + (bad - good) / 2;
        (meets(middle) ? good : bad) = middle;
    }
    return {good, false};
}

} // namespace ServingLoad
