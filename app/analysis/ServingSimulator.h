#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/RequestMix.h"

#include <cstdint>

// Continuous batching, simulated one engine step at a time, as vLLM, TensorRT-LLM and SGLang schedule:
//   - each step first gives every running sequence that is decoding one token, then fills the rest of the
//     step's token budget (max batched tokens) with prefill chunks, oldest request first (chunked prefill);
//   - a waiting request is admitted when a sequence slot (max num seqs) is free and the KV cache has room:
//     for its whole sequence when the engine reserves (TensorRT-LLM's guaranteed-no-evict), else for its
//     prompt, the cache growing as it generates and the newest sequence preempted (recomputed later) when
//     it is full (vLLM, TurboMind); otherwise it queues (first come, first served);
//   - a request's first token comes out of the step that finishes its prompt; it leaves after its last.
// The step's duration comes from StepCost, the same roofline terms as InferenceModel for one replica.
// Requests arrive as the benchmark tools send them (vllm bench serve, AIPerf):
//   - closed loop (--max-concurrency N, AIPerf's concurrency mode): all N users send their first request
//     at once, and each sends its next one when its last ends;
//   - open loop: gamma-distributed gaps at the request rate (vllm's --burstiness; 1 is Poisson), or a
//     trace's own arrival times;
//   - every request counts in the percentiles and the throughput, from the first request sent to the last
//     token, except warm-up requests when asked for.
// Each request spends the engine's request overhead outside the GPU (HTTP, tokenising, scheduling) before
// it can be scheduled: in its TTFT and end-to-end time, not in the engine's queue.
// Deterministic: the same seed gives the same arrivals and lengths.
namespace ServingSimulator {

// Seconds of one step on one replica, as a sum of terms the estimator computes once per GPU and workload.
//   time  = GPU and host time: their sum, or with an overlap scheduler the longer of the two
//   GPU   = max(compute, memory) + launches + tensor-parallel all-reduces
//   host  = per step (scheduling, sampling) + perSequence x running
//   compute = tokens x linearPerToken + prefill pairs x attentionPerPair + decode pairs x decodePerPair
//   memory  = weights (MoE: the experts the step's tokens touch) + KV tokens read x kvReadPerToken
//   launches: every layer's kernels, replayed from a CUDA graph when the step has at most graphMaxTokens
//   tokens (and no prefill, unless the engine's graphs take prefills too), else launched one by one
struct StepCost
{
    double linearPerTokenS = 0.0; // matmul time per token in the step (MoE: but the routed experts')
    // MoE: the routed experts' matmul time per token at the full rate, and their grouped GEMMs' size: with
    // t = the step's tokens x k / E tokens per expert, they run at t / (t + expertTokensHalf) of it (a
    // tensor-core tile has 64 or more rows: an expert with 2 tokens costs as one with tens).
    double expertLinearPerTokenS = 0.0;
    double expertTokensHalf = 0.0;
    double attentionPerPairS = 0.0;       // prefill attention-score time per (token, earlier token) pair
    double decodeAttentionPerPairS = 0.0; // the same for a decoding token (MLA: absorbed, over the latent)
    double weightReadS = 0.0; // reading every weight the step uses once (dense part + all experts)
    double expertReadS = 0.0; // MoE: reading one expert in every MoE layer (0: dense model)
    int experts = 0;          // MoE: routed experts per layer, and how many each token uses
    int activeExperts = 0;
    // Wide expert parallelism: the attention replicas whose tokens one expert group serves together (ep /
    // tp; each runs a step like this one at the same time), so an expert sees this many times the step's.
    int expertFeeds = 1;
    double kvReadPerTokenS = 0.0;    // reading one token's K and V in every layer
    double hostStepS = 0.0;          // per step on the host: scheduler, batch preparation, sampling launch
    double perSequenceS = 0.0;       // per running sequence per step: sampling, detokenising, bookkeeping
    double eagerLaunchS = 0.0;       // every layer's kernels launched one by one (and every stage's)
    double graphLaunchS = 0.0;       // the same replayed from a captured CUDA graph
    int graphMaxTokens = 0;          // the largest step the engine captured a graph for (0: none)
    bool graphPrefill = false;       // its graphs run steps with prefill tokens too
    bool overlapHost = false;        // the host prepares the next step while the GPU runs this one
    double allReduceFixedS = 0.0;    // tensor parallel: latency of a step's all-reduces
    double allReducePerTokenS = 0.0; // and their cost per token in the step
    int slidingWindow = 0;           // attention span cap (0: the whole context)
    double fullLayerShare = 0.0;     // with a window: the share of layers that still see the whole context
    // Speculative decoding: every decoding sequence verifies K drafted tokens with its own next one
    // (verifyTokens = K + 1 through the model a step) and keeps acceptedTokens of them on average
    // (1 + a + ... + a^K for a per-token acceptance rate a). The draft runs draftPasses passes a step (an
    // MTP module or an EAGLE head: K, one after the other; n-gram lookup: none, it is the host's), each
    // draftShare of a decode step's roofline and launches at the step's sequences, plus the output head
    // it samples from.
    int verifyTokens = 1;
    double acceptedTokens = 1.0;
    int draftPasses = 0;
    double draftShare = 0.0;
    double headReadS = 0.0;     // reading the output head's weights once
    double headPerTokenS = 0.0; // its matmul per token

    // A step that prefills `prefillTokens` (whose attention spans `prefillPairs` token pairs and whose
    // KV reads are `prefillKvTokens`) and decodes `decodeSequences` at `decodeContextTokens` in total.
    double seconds(int prefillTokens, double prefillPairs, double prefillKvTokens, int decodeSequences,
                   double decodeContextTokens) const;
    // The launches of a step of `tokens` tokens: graphed or eager.
    double launchSeconds(int tokens, bool prefill) const;
    // What a decode step of `sequences` spends besides its roofline and all-reduces (launches, host).
    double fixedSeconds(int sequences) const;
    // The draft's time in a step that decodes `sequences` (0 without speculation).
    double draftSeconds(int sequences) const;
    // max(compute, memory) for `tokens` through the model, with `attention` seconds of attention compute
    // and `kvTokens` of KV cache read.
    double rooflineSeconds(double tokens, double attention, double kvTokens) const;
};

struct Engine
{
    int maxNumSeqs = 256;             // sequences running at once
    int maxBatchedTokens = 8192;      // tokens per step, decode tokens included
    long long kvCacheTokens = 0;      // tokens the KV cache holds (paged: whole blocks)
    int blockTokens = 16;             // KV page size
    bool reserveWholeSequence = true; // admission reserves prompt + output; false: on demand, preempting
    double requestOverheadS = 0.0;    // per request, outside the GPU, before it can be scheduled
};

struct Traffic
{
    int concurrency = 0;      // closed loop (users); 0 = open loop at requestRate
    double requestRate = 0.0; // requests per second
    int numRequests = 0;      // completed requests to measure; 0 = defaultRequests()
    std::uint32_t seed = 1;
    int inputTokens = 0;
    int outputTokens = 0;
    const LengthMix *mix = nullptr; // the requests' lengths; null: every one inputTokens and outputTokens
    double burstiness = 1.0;        // open loop: the gamma shape of the gaps (1: Poisson)
    int warmupRequests = 0;         // sent first and left out of the figures
    // Closed loop: the figures end with the last measured request while every user still has one in
    // flight (GenAI-Perf's stable windows): as many more requests are sent after them, not measured.
    bool steadyState = false;
    bool replayArrivals = false; // open loop at the mix's trace times (requestRate unused)
    int replayStride = 1;        // a replica of several replays every stride-th request of the trace
};

// Enough requests for a stable p99 without making the planner wait: 10 rounds of the closed loop's
// users, at least 200 and at most 2,000; a replayed trace, its requests.
int defaultRequests(const Traffic &traffic);

// One replica under its share of the traffic. Latencies in ms. A request that can never fit the KV cache
// is not admitted: kvCacheUse reports > 1 and outputTokensPerS stays 0 (the estimate says it does not fit).
ServingResult simulate(const StepCost &cost, const Engine &engine, const Traffic &traffic);

} // namespace ServingSimulator
