#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/ServingSimulator.h"

// Disaggregated serving (NVIDIA Dynamo, llm-d, SGLang's PD disaggregation), simulated step by step: a pool
// of prefill ranks and a pool of decode ranks, each rank an engine of its own (a worker's attention replica:
// a worker of G GPUs at tensor parallel tp has G / tp of them).
//   - A request is sent as ServingSimulator's traffic sends it (closed loop: a user sends the next one when
//     the last one's final token arrives); after the time outside the GPU it queues at the next prefill rank
//     (round-robin), which schedules prompts first come first served in chunks of its token budget.
//   - The step that ends its prompt makes its first token. Its KV cache then moves to the next decode rank
//     (round-robin): `transfer.seconds(tokens)` (NVLink inside a scale-up domain, the network across, as
//     NIXL moves it), during which the prefill rank still holds its blocks. The first token reaches the user
//     with the KV cache: TTFT includes the transfer.
//   - The decode rank admits it when a sequence slot is free and its KV cache has blocks for the whole
//     sequence (prompt + output; a decode worker does not preempt), and it decodes one token per step with
//     the others. The transfer is the NICs' and copy engines' work: it does not slow either rank's steps
//     (it overlaps them, the first decode step included).
// Every rank's steps run on one clock: the rank whose next step starts first goes first, so a request handed
// over at time t joins the decode rank's first step that starts at or after t.
namespace DisaggregatedSimulator {

struct Pool
{
    ServingSimulator::StepCost cost;
    ServingSimulator::Engine engine;
    int ranks = 1; // attention replicas over every worker of the pool
    int gpus = 1;  // every GPU of the pool
};

// The KV cache's hand-over: a fixed latency plus the bytes at the rate of the sending rank's GPUs together.
struct Transfer
{
    double bytesPerToken = 0.0; // the whole KV cache of one token (every layer, every tensor-parallel share)
    double bytesPerS = 0.0;     // the sending rank's GPUs together, after the transfer engine's efficiency
    double latencyS = 0.0;
    bool network = false; // crosses the network (else the scale-up domain's links)
    double seconds(int tokens) const
    {
        return bytesPerS > 0.0 ? latencyS + tokens * bytesPerToken / bytesPerS : latencyS;
    }
};

struct Result
{
    ServingResult serving;         // the whole deployment: latencies over every request, throughput summed
    double prefillUtilisation = 0; // the share of the run the prefill ranks spend in steps
    double decodeUtilisation = 0;  // the same for the decode ranks
    LatencyStats transferMs;       // the KV cache's hand-over per request
    long long prefillKvTokens = 0; // KV cache per prefill rank
};

// The traffic (users or a rate, the requests' lengths, warm-up) over the whole deployment. A request that
// can never fit a rank's KV cache leaves the result without throughput (outputTokensPerS 0).
Result simulate(const Pool &prefill, const Pool &decode, const Transfer &transfer,
                const ServingSimulator::Traffic &traffic);

} // namespace DisaggregatedSimulator
