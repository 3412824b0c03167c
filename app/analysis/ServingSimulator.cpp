#include "app/analysis/ServingSimulator.h"

#include "app/analysis/ServingStatistics.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <random>
#include <vector>

namespace ServingSimulator {

// The GPU's time for `tokens` through the model's matmuls and weights (the roofline's max), with their
// attention terms given.
double StepCost::rooflineSeconds(double tokens, double compute, double kvTokens) const
{
    const double routed = tokens * std::max(1, expertFeeds); // tokens the expert group gets this step
    if (expertLinearPerTokenS > 0.0) {
        const double perExpert = experts > 0 ? routed * activeExperts / experts : routed;
        compute += tokens * expertLinearPerTokenS * (1.0 + expertTokensHalf / std::max(perExpert, 1e-9));
    }
    double weights = weightReadS;
    if (experts > 0 && activeExperts > 0) {
        // Tokens route independently: a step touches E x (1 - (1 - k/E)^tokens) distinct experts per layer.
        const double untouched = experts * std::pow(1.0 - double(activeExperts) / experts, routed);
        weights -= untouched * expertReadS;
    }
    const double memory = weights + kvTokens * kvReadPerTokenS;
    return std::max(tokens * linearPerTokenS + compute, memory);
}

double StepCost::seconds(int prefillTokens, double prefillPairs, double prefillKvTokens, int decodeSequences,
                         double decodeContextTokens) const
{
    // Speculative decoding verifies each sequence's drafted tokens with its own: K + 1 tokens a sequence
    // through the matmuls and the attention, over a KV cache read once.
    const int verify = std::max(1, verifyTokens);
    const double decodeTokens = double(decodeSequences) * verify;
    const double tokens = prefillTokens + decodeTokens;
    if (tokens <= 0.0)
        return 0.0;
    const double attention =
        prefillPairs * attentionPerPairS + decodeContextTokens * verify * decodeAttentionPerPairS;
    const int sequences = decodeSequences + (prefillTokens > 0 ? 1 : 0);
    const double gpu = rooflineSeconds(tokens, attention, prefillKvTokens + decodeContextTokens) +
                       launchSeconds(int(tokens), prefillTokens > 0) + allReduceFixedS +
                       allReducePerTokenS * tokens + draftSeconds(decodeSequences);
    const double host = hostStepS + perSequenceS * sequences;
    return overlapHost ? std::max(gpu, host) : gpu + host;
}

double StepCost::draftSeconds(int sequences) const
{
    if (draftPasses <= 0 || sequences <= 0)
        return 0.0;
    // One pass: the draft's share of a decode step of these sequences (its layers' matmuls, weights and
    // launches; its own KV cache is left out, one layer's worth), plus the output head it samples from.
    const double pass = draftShare * (rooflineSeconds(sequences, 0.0, 0.0) + graphLaunchS) +
                        std::max(sequences * headPerTokenS, headReadS);
    return draftPasses * pass;
}

double StepCost::launchSeconds(int tokens, bool prefill) const
{
    const bool graphed = graphMaxTokens > 0 && tokens <= graphMaxTokens && (graphPrefill || !prefill);
    return graphed ? graphLaunchS : eagerLaunchS;
}

double StepCost::fixedSeconds(int sequences) const
{
    const double host = hostStepS + perSequenceS * sequences;
    return launchSeconds(sequences, false) + (overlapHost ? 0.0 : host);
}

int defaultRequests(const Traffic &traffic)
{
    if (traffic.numRequests > 0)
        return traffic.numRequests;
    if (traffic.replayArrivals && traffic.mix && traffic.mix->table)
        return std::max(1, int(traffic.mix->table->requests.size()) / std::max(1, traffic.replayStride));
    return std::clamp(10 * traffic.concurrency, 200, 2000);
}

namespace {

using ServingStatistics::GammaArrivals;
using ServingStatistics::LogHistogram;
using ServingStatistics::statsMs;

struct Request
{
    double sent = 0.0;       // the client sent it (TTFT and end-to-end count from here)
    double arrival = 0.0;    // it reached the engine's queue, after the time outside the GPU
    double scheduled = -1.0; // first step that gave it tokens
    double firstToken = -1.0;
    double lastToken = 0.0;
    int input = 0; // its lengths
    int output = 0;
    int prompt = 0; // tokens to prefill: the input, or input and output so far after a preemption
    int prefilled = 0;
    int generated = 0;
    long long blocks = 0;
    bool measured = true;
};

class Simulation
{
public:
    Simulation(const StepCost &cost, const Engine &engine, const Traffic &traffic)
        : m_cost(cost)
        , m_engine(engine)
        , m_traffic(traffic)
        , m_warmup(std::max(0, traffic.warmupRequests))
        , m_measuredTotal(defaultRequests(traffic))
        , m_steady(traffic.steadyState && traffic.concurrency > 0)
        , m_total(m_measuredTotal + m_warmup + (m_steady ? traffic.concurrency : 0))
        , m_arrivals(traffic.requestRate > 0.0 ? traffic.requestRate : 1.0, traffic.burstiness, traffic.seed)
    {
        m_blockTokens = std::max(1, engine.blockTokens);
        m_totalBlocks = engine.kvCacheTokens / m_blockTokens;
        m_requests.reserve(m_total);
        const int stride = traffic.replayArrivals ? std::max(1, traffic.replayStride) : 1;
        const LengthMix fixed{LengthDataset::Fixed, 0.0, nullptr, traffic.inputTokens, traffic.outputTokens};
        const std::vector<RequestShape> drawn =
            (traffic.mix ? *traffic.mix : fixed).draw(m_total * stride, traffic.seed);
        for (int i = 0; i < m_total; ++i)
            m_shapes.push_back(drawn[size_t(i) * stride]);
        if (traffic.replayArrivals) { // a trace repeated past its end continues after its last arrival
            double offset = 0.0;
            for (int i = 1; i < m_total; ++i) {
                if (m_shapes[i].arrivalS + offset < m_shapes[i - 1].arrivalS)
                    offset = m_shapes[i - 1].arrivalS - m_shapes[i].arrivalS + 1e-3;
                m_shapes[i].arrivalS += offset;
            }
        }
    }

    ServingResult run()
    {
        if (closedLoop()) {
            // Every user sends its first request at once, as the benchmark tools start them.
            const int users = std::min(m_traffic.concurrency, m_total);
            m_sends.assign(size_t(users), 0.0);
        } else {
            m_nextArrival = firstOpenLoopSend();
        }
        long long needed = 0;
        for (const RequestShape &shape : m_shapes)
            needed = std::max(needed, blocksFor(shape.inputTokens + shape.outputTokens));
        if (needed > m_totalBlocks)
            return unservable(needed);
        while (m_steady ? m_measuredCompleted < m_measuredTotal : m_completed < m_total) {
            admitArrivals();
            makeRoomForRunning();
            admit();
            if (m_running.empty()) {
                const double next = nextArrival();
                if (!std::isfinite(next))
                    break; // nothing left to do (cannot happen while requests remain)
                m_time = std::max(m_time, next);
                continue;
            }
            step();
        }
        return result();
    }

private:
    bool closedLoop() const { return m_traffic.concurrency > 0; }
    long long blocksFor(int tokens) const { return (tokens + m_blockTokens - 1) / m_blockTokens; }

    // A request sent at `sent` reaches the engine now (sent + the time outside the GPU).
    void arrive(double sent)
    {
        if (int(m_requests.size()) == m_warmup) { // the first measured request opens the window
            m_windowStart = sent;
            m_tokensBeforeWindow = m_generatedTokens;
            m_completedBeforeWindow = m_completed;
        }
        const RequestShape &shape = m_shapes[m_requests.size()];
        Request r;
        r.sent = sent;
        r.arrival = sent + m_engine.requestOverheadS;
        r.input = shape.inputTokens;
        r.output = shape.outputTokens;
        r.prompt = shape.inputTokens;
        const int index = int(m_requests.size());
        r.measured = index >= m_warmup && index < m_warmup + m_measuredTotal;
        m_requests.push_back(r);
        m_waiting.push_back(int(m_requests.size()) - 1);
        ++m_issued;
    }

    double firstOpenLoopSend()
    {
        return m_traffic.replayArrivals ? m_shapes.front().arrivalS : m_arrivals.next();
    }
    double nextOpenLoopSend()
    {
        if (m_issued >= m_total)
            return std::numeric_limits<double>::infinity();
        return m_traffic.replayArrivals ? m_shapes[m_issued].arrivalS : m_arrivals.next();
    }

    // When the next request reaches the engine (sent + the time outside the GPU); infinity if none.
    double nextArrival() const
    {
        double sent = std::numeric_limits<double>::infinity();
        if (closedLoop()) {
            if (!m_sends.empty())
                sent = m_sends.front();
        } else if (m_issued < m_total) {
            sent = m_nextArrival;
        }
        return sent + m_engine.requestOverheadS;
    }

    void admitArrivals()
    {
        while (nextArrival() <= m_time) {
            if (closedLoop()) {
                arrive(m_sends.front());
                m_sends.pop_front();
            } else {
                arrive(m_nextArrival);
                m_nextArrival = nextOpenLoopSend();
            }
        }
    }

    // KV blocks a waiting request needs to start: its whole sequence when the engine reserves (never
    // preempts), else its prompt and the first token (the cache grows as it generates).
    long long admissionBlocks(const Request &r) const
    {
        return m_engine.reserveWholeSequence ? blocksFor(r.input + r.output) : blocksFor(r.prompt + 1);
    }

    // First come, first served: the queue's head waits for a slot and for its KV blocks.
    void admit()
    {
        while (!m_waiting.empty() && int(m_running.size()) < m_engine.maxNumSeqs) {
            Request &r = m_requests[m_waiting.front()];
            const long long blocks = admissionBlocks(r);
            if (m_usedBlocks + blocks > m_totalBlocks)
                break;
            r.blocks = blocks;
            m_usedBlocks += blocks;
            m_peakBlocks = std::max(m_peakBlocks, m_usedBlocks);
            m_running.push_back(m_waiting.front());
            m_waiting.pop_front();
        }
    }

    // On demand (vLLM, TurboMind): before a step every decoding sequence needs a block for its next token;
    // when the cache is full the latest admitted sequence is preempted: its blocks are freed and it goes
    // back to the head of the queue, to recompute its prompt and the tokens it has made.
    void makeRoomForRunning()
    {
        if (m_engine.reserveWholeSequence)
            return;
        while (!m_running.empty()) {
            long long needed = 0;
            for (int index : m_running) {
                const Request &r = m_requests[index];
                if (decoding(r))
                    needed += std::max(0LL, blocksFor(heldTokens(r) + ahead()) - r.blocks);
            }
            if (m_usedBlocks + needed <= m_totalBlocks) {
                for (int index : m_running) {
                    Request &r = m_requests[index];
                    if (decoding(r))
                        r.blocks = std::max(r.blocks, blocksFor(heldTokens(r) + ahead()));
                }
                m_usedBlocks += needed;
                m_peakBlocks = std::max(m_peakBlocks, m_usedBlocks);
                return;
            }
            const int victim = m_running.back();
            Request &r = m_requests[victim];
            m_usedBlocks -= r.blocks;
            r.blocks = 0;
            r.prompt = heldTokens(r);
            r.prefilled = 0;
            m_running.pop_back();
            m_waiting.push_front(victim);
        }
    }

    bool decoding(const Request &r) const { return r.prefilled >= r.prompt && r.generated > 0; }

    // Tokens every decoding sequence keeps this step: 1, or with speculative decoding the accepted drafts
    // and the verifying token, acceptedTokens on average (a running credit turns the mean into whole
    // tokens: 1.875 gives 1, 2, 2, 2, 2, 2, 2, 2 ...).
    int acceptedThisStep()
    {
        m_acceptCredit += std::max(1.0, m_cost.acceptedTokens);
        const int made = std::max(1, int(m_acceptCredit));
        m_acceptCredit -= made;
        return made;
    }
    int heldTokens(const Request &r) const { return r.input + r.generated; }
    // The KV slots a decoding sequence writes in one step: its verified tokens.
    int ahead() const { return std::max(1, m_cost.verifyTokens); }

    double contextOf(const Request &r) const
    {
        const double context = r.input + r.generated;
        return m_cost.slidingWindow > 0 ? windowed(context, std::min(context, double(m_cost.slidingWindow)))
                                        : context;
    }

    // The context the layers read on average: the local layers their window, the full ones all of it.
    double windowed(double full, double local) const
    {
        if (m_cost.fullLayerShare <= 0.0)
            return local;
        return m_cost.fullLayerShare * full + (1.0 - m_cost.fullLayerShare) * local;
    }

    void step()
    {
        // Decode first: every sequence past its prompt makes one token; prompts fill the rest of the
        // token budget in chunks, oldest first.
        int decoding = 0;
        int decodingMeasured = 0;
        double decodeContext = 0.0;
        double fullContext = 0.0; // the same, unwindowed: what the full-attention layers read
        for (int index : m_running) {
            const Request &r = m_requests[index];
            if (this->decoding(r)) {
                ++decoding;
                decodingMeasured += r.measured ? 1 : 0;
                decodeContext += contextOf(r);
                fullContext += r.input + r.generated;
            }
        }
        int budget = std::max(0, m_engine.maxBatchedTokens - decoding);
        int prefillTokens = 0;
        double prefillPairs = 0.0;
        double prefillKv = 0.0;
        m_chunks.clear();
        for (int index : m_running) {
            Request &r = m_requests[index];
            if (budget <= 0)
                break;
            if (this->decoding(r))
                continue;
            if (r.scheduled < 0.0)
                r.scheduled = m_time;
            const int remaining = std::max(0, r.prompt - r.prefilled);
            const int chunk = std::min(remaining, budget);
            // Causal attention: the chunk's tokens attend to the earlier chunks and to each other.
            double span = r.prefilled + (chunk + 1) / 2.0;
            if (m_cost.slidingWindow > 0)
                span = windowed(span, std::min(span, double(m_cost.slidingWindow)));
            prefillPairs += double(chunk) * span;
            prefillKv += r.prefilled;
            prefillTokens += chunk;
            budget -= chunk;
            m_chunks.push_back({index, chunk});
        }

        // Only decoding, nobody waiting to be admitted (or no room for them), no arrival due: the same
        // sequences step together until the first of them finishes, so those steps are added up at once.
        int steps = 1;
        if (m_chunks.empty() && (m_waiting.empty() || !canAdmitHead())) {
            int untilFinish = std::numeric_limits<int>::max();
            for (int index : m_running)
                untilFinish = std::min(untilFinish, m_requests[index].output - m_requests[index].generated);
            // Speculation: the steps until the first of them could finish at the accepted rate.
            steps = std::max(1, int(std::ceil(untilFinish / std::max(1.0, m_cost.acceptedTokens))));
            if (!m_engine.reserveWholeSequence && decoding > 0) {
                // Each sequence's next block must be free: free blocks shared out give that many tokens.
                const long long perSequence = (m_totalBlocks - m_usedBlocks) / decoding;
                steps = int(std::min<long long>(steps, 1 + perSequence * m_blockTokens / ahead()));
            }
        }
        double context = decodeContext;
        double localContext = m_cost.slidingWindow > 0
                                  ? std::min(fullContext, double(decoding) * m_cost.slidingWindow)
                                  : fullContext;
        int taken = 0;
        int made = 0; // tokens each decoding sequence made over the steps taken
        for (; taken < steps; ++taken) {
            if (taken > 0 && nextArrival() <= m_time)
                break; // an arrival joins at the next step boundary
            const double seconds = m_cost.seconds(prefillTokens, prefillPairs, prefillKv, decoding, context);
            const int accepted = acceptedThisStep();
            made += accepted;
            m_time += seconds;
            m_itl.add(seconds / accepted, double(decodingMeasured) * accepted); // a gap a token
            m_runningTime += seconds * double(m_running.size());
            m_busyTime += seconds;
            if (m_cost.fullLayerShare > 0.0) {
                // Every decoding sequence grew by its tokens; the local layers' share stops at the window.
                fullContext += double(decoding) * accepted;
                localContext = std::min(localContext + double(decoding) * accepted,
                                        double(decoding) * m_cost.slidingWindow);
                context = windowed(fullContext, localContext);
                continue;
            }
            context += double(decoding) * accepted; // every decoding sequence grew by its tokens
            if (m_cost.slidingWindow > 0)
                context = std::min(context, double(decoding) * m_cost.slidingWindow);
        }
        finishStep(made);
    }

    bool canAdmitHead() const
    {
        if (int(m_running.size()) >= m_engine.maxNumSeqs)
            return false;
        return m_usedBlocks + admissionBlocks(m_requests[m_waiting.front()]) <= m_totalBlocks;
    }

    // `made`: the tokens each decoding sequence made (one a step, more with speculation), at most its rest.
    void finishStep(int made)
    {
        for (int index : m_running) {
            Request &r = m_requests[index];
            if (decoding(r)) {
                const int tokens = std::min(made, std::max(1, r.output - r.generated));
                r.generated += tokens;
                r.lastToken = m_time;
                m_generatedTokens += tokens;
                if (!m_engine.reserveWholeSequence && tokens > 1) { // blocks for the tokens made at once
                    const long long blocks = blocksFor(heldTokens(r));
                    m_usedBlocks += std::max(0LL, blocks - r.blocks);
                    r.blocks = std::max(r.blocks, blocks);
                }
            }
        }
        m_peakBlocks = std::max(m_peakBlocks, m_usedBlocks);
        for (const Chunk &chunk : m_chunks) {
            Request &r = m_requests[chunk.request];
            r.prefilled += chunk.tokens;
            if (r.prefilled >= r.prompt) {
                // The step that ends the prompt samples a token: the first, or the next after a preemption.
                if (r.generated == 0)
                    r.firstToken = m_time;
                ++r.generated;
                ++m_generatedTokens;
                r.lastToken = m_time;
            }
        }
        // Finished sequences free their blocks; a closed loop's user sends the next request at once.
        for (size_t i = 0; i < m_running.size();) {
            Request &r = m_requests[m_running[i]];
            if (r.generated >= std::max(1, r.output)) {
                m_usedBlocks -= r.blocks;
                complete(r);
                m_running.erase(m_running.begin() + long(i));
                if (closedLoop() && m_issued + int(m_sends.size()) < m_total)
                    m_sends.push_back(m_time);
            } else {
                ++i;
            }
        }
    }

    void complete(const Request &r)
    {
        ++m_completed;
        if (!r.measured)
            return;
        ++m_measuredCompleted;
        m_ttft.push_back(r.firstToken - r.sent);
        m_e2e.push_back(m_time - r.sent);
        m_queue.push_back(std::max(0.0, r.scheduled - r.arrival));
        if (r.output > 1)
            m_tpot.push_back((m_time - r.firstToken) / (r.output - 1));
    }

    ServingResult unservable(long long needed)
    {
        ServingResult s = base();
        s.kvCacheUse = m_totalBlocks > 0 ? double(needed) / double(m_totalBlocks)
                                         : std::numeric_limits<double>::infinity();
        return s;
    }

    ServingResult base() const
    {
        ServingResult s;
        s.concurrency = m_traffic.concurrency;
        s.requestRate = closedLoop() ? 0.0 : m_traffic.requestRate;
        s.numRequests = m_total;
        s.maxNumSeqs = m_engine.maxNumSeqs;
        s.maxBatchedTokens = m_engine.maxBatchedTokens;
        s.kvCacheTokens = m_totalBlocks * m_blockTokens;
        return s;
    }

    ServingResult result() const
    {
        ServingResult s = base();
        s.ttftMs = statsMs(m_ttft);
        s.tpotMs = statsMs(m_tpot);
        s.e2eMs = statsMs(m_e2e);
        s.queueMs = statsMs(m_queue);
        s.itlMs = m_itl.statsMs();
        // Everything made from the first measured arrival to the end: warm-up requests still queued then
        // are served inside the window too.
        const double span = m_time - m_windowStart;
        s.windowTokens = m_generatedTokens - m_tokensBeforeWindow;
        s.windowSeconds = span;
        ServingStatistics::setMeanLengths(m_shapes, s);
        if (span > 0.0) {
            s.outputTokensPerS = double(m_generatedTokens - m_tokensBeforeWindow) / span;
            s.requestsPerS = double(m_completed - m_completedBeforeWindow) / span;
        }
        s.kvCacheUse = m_totalBlocks > 0 ? double(m_peakBlocks) / double(m_totalBlocks) : 0.0;
        s.meanRunningSequences = m_busyTime > 0.0 ? m_runningTime / m_busyTime : 0.0;
        s.busyShare = m_time > 0.0 ? m_busyTime / m_time : 0.0;
        return s;
    }

    struct Chunk
    {
        int request;
        int tokens;
    };

    const StepCost &m_cost;
    const Engine &m_engine;
    const Traffic &m_traffic;
    const int m_warmup;
    const int m_measuredTotal; // requests in the figures
    const bool m_steady;
    const int m_total; // requests sent: warm-up, measured and, in a steady state, one more round
    int m_measuredCompleted = 0;
    GammaArrivals m_arrivals;
    std::vector<RequestShape> m_shapes; // every request's lengths (and trace time), in the order sent
    int m_blockTokens = 16;
    long long m_totalBlocks = 0;
    long long m_usedBlocks = 0;
    long long m_peakBlocks = 0;

    std::vector<Request> m_requests;
    std::deque<int> m_waiting;
    std::deque<double> m_sends; // a closed loop's requests sent and not yet at the engine, by time
    std::vector<int> m_running;
    std::vector<Chunk> m_chunks;
    double m_time = 0.0;
    double m_nextArrival = 0.0; // open loop: when the next request is sent
    int m_issued = 0;
    long long m_generatedTokens = 0;
    double m_windowStart = 0.0;
    long long m_tokensBeforeWindow = 0;
    int m_completedBeforeWindow = 0;
    int m_completed = 0;
    double m_runningTime = 0.0;
    double m_busyTime = 0.0;
    double m_acceptCredit = 0.0; // speculation: the accepted tokens' fraction carried to the next step

    std::vector<double> m_ttft, m_tpot, m_e2e, m_queue;
    LogHistogram m_itl;
};

} // namespace

ServingResult simulate(const StepCost &cost, const Engine &engine, const Traffic &traffic)
{
    if (traffic.concurrency <= 0 && !(traffic.requestRate > 0.0) && !traffic.replayArrivals)
        return {};
    return Simulation(cost, engine, traffic).run();
}

} // namespace ServingSimulator
