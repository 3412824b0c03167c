#pragma once

#include "app/analysis/DisaggregatedSimulator.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/MathTerm.h"
#include "app/analysis/ServingSimulator.h"
#include "app/analysis/Workload.h"

#include <QVector>

// Serving questions asked of many simulations at one deployment: the result under a traffic, its math and
// the most users that meet the targets. Each runs the serving simulation at the workload's split on one GPU
// type; the estimator decides the deployment (the latency curve against users, which asks the estimator
// for it, is ServingCurve).
namespace ServingLoad {

// One GPU type serving one workload: the step cost and engine of each replica, and how many replicas.
struct Deployment
{
    ServingSimulator::StepCost cost;
    ServingSimulator::Engine engine;
    int replicas = 1;
    int gpus = 1;
    int inputTokens = 0;
    int outputTokens = 0;
    // Disaggregated: the prefill pool and the KV cache's hand-over; cost, engine, replicas and gpus above
    // are then the decode pool's.
    std::optional<DisaggregatedSimulator::Pool> prefill;
    DisaggregatedSimulator::Transfer transfer;
    QVector<ServingPool> pools; // as the result reports them (simulate fills in the utilisation)
};

// The requests' lengths the traffic draws from, around the deployment's input and output tokens.
LengthMix lengthMix(const Deployment &deployment, const ServingTraffic &traffic);

// The traffic over the whole deployment, split evenly over the replicas (users round-robin, the request
// rate divided). Latencies are the busiest replica's; throughput adds every replica's.
ServingResult simulate(const Deployment &deployment, const ServingTraffic &traffic);

// The math of the numbers under load (--math, the window's math panel): the mean request of the length
// mix, the time outside the GPU, one engine step at the simulation's mean running batch, and how the TTFT
// and TPOT p90 and the throughput come out of the simulation.
void explain(const Deployment &deployment, const ServingResult &result, MathLog *math);

// The one judgement of a serving result against the traffic's targets: every target it misses, with the
// value and the target (empty: it meets them). The verdict, the answer strip, the table, the planner and
// the search below all read this list; nothing else compares a latency with a target.
QVector<MissedTarget> missedTargets(const ServingResult &result, const ServingTraffic &traffic);

// The target's name in --json ("ttft_p90", "tpot_p90", "served"), not translated.
QString targetName(MissedTarget::Which which);

// Whether the result meets every target the traffic sets: missedTargets is empty.
bool meetsTargets(const ServingResult &result, const ServingTraffic &traffic);

// The most closed-loop users (whole deployment) that meet the traffic's targets, each user count judged by
// the same simulation the estimate runs at the traffic's own users (the same harness, warm-up and request
// count: only the users change), so the two never disagree. `atTraffic`, the estimate's own result at
// traffic.concurrency, is taken as that count's judgement: it meets them at those users exactly when they
// are at most the answer. 0 when even one user misses them. Latency grows with users, so a doubling search
// then bisection to one user finds it; `capped` (when given) says the search stopped at its cap, 8x every
// replica's sequence limit, still within them: the answer is then "at least".
struct MostUsers
{
    int users = 0;
    bool capped = false;
};
MostUsers mostUsersWithin(const Deployment &deployment, const ServingTraffic &traffic,
                          const ServingResult *atTraffic = nullptr);

} // namespace ServingLoad
