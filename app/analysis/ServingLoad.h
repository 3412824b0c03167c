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

// Whether the result meets every target the traffic sets.
bool meetsTargets(const ServingResult &result, const ServingTraffic &traffic);

// The most closed-loop users (whole deployment) whose p90 TTFT and TPOT meet the traffic's targets in a
// sustained run (each probe's first round, the users starting together, left out): 0 when even one user
// misses them. Latency grows with users, so a doubling search then bisection finds it.
int mostUsersWithin(const Deployment &deployment, const ServingTraffic &traffic);

} // namespace ServingLoad
