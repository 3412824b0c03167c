#include "app/analysis/DisaggregatedSimulator.h"

#include "app/analysis/ServingStatistics.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <vector>

namespace DisaggregatedSimulator {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

struct Request
{
    double sent = 0.0;
    double prefillArrival = 0.0; // at the prefill rank's queue, after the time outside the GPU
    double scheduled = -1.0;     // its first prefill chunk
    double firstToken = -1.0;    // at the user: the prefill's token, delivered with the KV cache
    double transferS = 0.0;
    double lastToken = 0.0;
    int input = 0;
    int output = 0;
    int prefilled = 0;
    int generated = 0;
    bool measured = true;
};

// One attention replica of a worker: its queue, its running sequences, its KV blocks and its clock.
struct Rank
{
    double time = 0.0;                        // when its next step may start
    std::deque<std::pair<double, int>> queue; // (arrival, request), by arrival
    std::vector<int> running;
    std::vector<std::pair<double, long long>> held; // prefill: blocks kept until the transfer ends
    long long usedBlocks = 0;
    long long peakBlocks = 0;
    double busy = 0.0;

    // When it can next do something: now if it runs sequences, else at its next arrival.
    double ready() const
    {
        if (!running.empty())
            return time;
        return queue.empty() ? kNever : std::max(time, queue.front().first);
    }
};

class Simulation
{
public:
    Simulation(const Pool &prefill, const Pool &decode, const Transfer &transfer,
               const ServingSimulator::Traffic &traffic)
        : m_prefillPool(prefill)
        , m_decodePool(decode)
        , m_transfer(transfer)
        , m_traffic(traffic)
        , m_warmup(std::max(0, traffic.warmupRequests))
        , m_measuredTotal(ServingSimulator::defaultRequests(traffic))
        , m_total(m_measuredTotal + m_warmup)
        , m_arrivals(traffic.requestRate > 0.0 ? traffic.requestRate : 1.0, traffic.burstiness, traffic.seed)
        , m_prefill(size_t(std::max(1, prefill.ranks)))
        , m_decode(size_t(std::max(1, decode.ranks)))
    {
        const LengthMix fixed{LengthDataset::Fixed, 0.0, nullptr, traffic.inputTokens, traffic.outputTokens};
        m_shapes = (traffic.mix ? *traffic.mix : fixed).draw(m_total, traffic.seed);
        m_requests.reserve(size_t(m_total));
    }

    Result run()
    {
        for (const RequestShape &shape : m_shapes)
            if (blocks(m_prefillPool, shape.inputTokens + 1) > totalBlocks(m_prefillPool) ||
                blocks(m_decodePool, shape.inputTokens + shape.outputTokens) > totalBlocks(m_decodePool))
                return unservable();
        if (m_traffic.concurrency > 0)
            m_sends.assign(size_t(std::min(m_traffic.concurrency, m_total)), 0.0);
        else
            m_nextSend = m_traffic.replayArrivals ? m_shapes.front().arrivalS : m_arrivals.next();
        while (m_completed < m_total) {
            const double send = nextSend();
            Rank *next = nullptr;
            bool prefill = false;
            for (Rank &rank : m_prefill)
                if (!next || rank.ready() < next->ready()) {
                    next = &rank;
                    prefill = true;
                }
            for (Rank &rank : m_decode)
                if (rank.ready() < next->ready()) {
                    next = &rank;
                    prefill = false;
                }
            if (send <= next->ready()) {
                sendRequest(send);
                continue;
            }
            if (!std::isfinite(next->ready()))
                break; // nothing can happen (cannot while requests remain)
            next->time = next->ready();
            if (prefill)
                prefillStep(*next);
            else
                decodeStep(*next);
        }
        return result();
    }

private:
    static long long totalBlocks(const Pool &pool)
    {
        return pool.engine.kvCacheTokens / std::max(1, pool.engine.blockTokens);
    }
    static long long blocks(const Pool &pool, int tokens)
    {
        const int block = std::max(1, pool.engine.blockTokens);
        return (tokens + block - 1) / block;
    }

    double nextSend() const
    {
        if (m_issued >= m_total)
            return kNever;
        if (m_traffic.concurrency > 0)
            return m_sends.empty() ? kNever : m_sends.front();
        return m_nextSend;
    }

    // The next request leaves the user; after the time outside the GPU it queues at the next prefill rank.
    void sendRequest(double sent)
    {
        if (m_traffic.concurrency > 0)
            m_sends.pop_front();
        else
            m_nextSend = m_issued + 1 >= m_total    ? kNever
                         : m_traffic.replayArrivals ? m_shapes[size_t(m_issued) + 1].arrivalS
                                                    : m_arrivals.next();
        if (m_issued == m_warmup) { // the first measured request opens the window
            m_windowStart = sent;
            m_tokensBeforeWindow = m_generatedTokens;
            m_completedBeforeWindow = m_completed;
        }
        const RequestShape &shape = m_shapes[size_t(m_issued)];
        Request r;
        r.sent = sent;
        r.prefillArrival = sent + m_prefillPool.engine.requestOverheadS;
        r.input = shape.inputTokens;
        r.output = std::max(1, shape.outputTokens);
        r.measured = m_issued >= m_warmup;
        m_requests.push_back(r);
        Rank &rank = m_prefill[size_t(m_issued) % m_prefill.size()];
        rank.queue.emplace_back(r.prefillArrival, m_issued);
        ++m_issued;
    }

    // Admit first come first served while a slot and the blocks for the prompt (and its token) are free.
    void admit(Rank &rank, const Pool &pool, bool prefill)
    {
        while (!rank.queue.empty() && rank.queue.front().first <= rank.time &&
               int(rank.running.size()) < pool.engine.maxNumSeqs) {
            const Request &r = m_requests[size_t(rank.queue.front().second)];
            const long long need = blocks(pool, prefill ? r.input + 1 : r.input + r.output);
            if (rank.usedBlocks + need > totalBlocks(pool))
                break;
            rank.usedBlocks += need;
            rank.peakBlocks = std::max(rank.peakBlocks, rank.usedBlocks);
            rank.running.push_back(rank.queue.front().second);
            rank.queue.pop_front();
        }
    }

    void prefillStep(Rank &rank)
    {
        // Blocks whose transfer has ended are free again.
        for (size_t i = 0; i < rank.held.size();) {
            if (rank.held[i].first <= rank.time) {
                rank.usedBlocks -= rank.held[i].second;
                rank.held.erase(rank.held.begin() + long(i));
            } else {
                ++i;
            }
        }
        admit(rank, m_prefillPool, true);
        if (rank.running.empty()) { // waiting for blocks held by transfers
            rank.time =
                rank.held.empty() ? kNever : std::min_element(rank.held.begin(), rank.held.end())->first;
            if (!rank.queue.empty())
                rank.time = std::max(rank.time, rank.queue.front().first);
            return;
        }
        int budget = std::max(1, m_prefillPool.engine.maxBatchedTokens);
        int tokens = 0;
        double pairs = 0.0;
        double kv = 0.0;
        std::vector<std::pair<int, int>> chunks;
        for (int index : rank.running) {
            if (budget <= 0)
                break;
            Request &r = m_requests[size_t(index)];
            if (r.scheduled < 0.0)
                r.scheduled = rank.time;
            const int chunk = std::min(r.input - r.prefilled, budget);
            pairs += double(chunk) * (r.prefilled + (chunk + 1) / 2.0);
            kv += r.prefilled;
            tokens += chunk;
            budget -= chunk;
            chunks.emplace_back(index, chunk);
        }
        const double seconds = m_prefillPool.cost.seconds(tokens, pairs, kv, 0, 0.0);
        rank.time += seconds;
        rank.busy += seconds;
        for (const auto &[index, chunk] : chunks) {
            Request &r = m_requests[size_t(index)];
            r.prefilled += chunk;
            if (r.prefilled < r.input)
                continue;
            // The prompt is done and its first token made: hand the KV cache over.
            r.transferS = m_transfer.seconds(r.input);
            const double handed = rank.time + r.transferS;
            r.firstToken = handed;
            r.generated = 1;
            ++m_generatedTokens;
            r.lastToken = handed;
            rank.running.erase(std::find(rank.running.begin(), rank.running.end(), index));
            rank.held.emplace_back(handed, blocks(m_prefillPool, r.input + 1));
            if (r.output <= 1) {
                complete(r, handed);
                continue;
            }
            Rank &decode = m_decode[size_t(m_handed++) % m_decode.size()];
            // By arrival: a later hand-over can land before an earlier long one.
            auto at = std::upper_bound(decode.queue.begin(), decode.queue.end(), std::pair{handed, index});
            decode.queue.insert(at, {handed, index});
        }
    }

    void decodeStep(Rank &rank)
    {
        admit(rank, m_decodePool, false);
        if (rank.running.empty()) { // not reached: an idle rank admits its first arrival (run() checked it
                                    // fits)
            rank.time = kNever;     // never loop on it
            return;
        }
        double context = 0.0;
        int measured = 0;
        for (int index : rank.running) {
            const Request &r = m_requests[size_t(index)];
            context += r.input + r.generated;
            measured += r.measured ? 1 : 0;
        }
        const int sequences = int(rank.running.size());
        const double seconds = m_decodePool.cost.seconds(0, 0.0, 0.0, sequences, context);
        rank.time += seconds;
        rank.busy += seconds;
        m_itl.add(seconds, measured);
        m_runningTime += seconds * sequences;
        m_decodeBusy += seconds;
        for (size_t i = 0; i < rank.running.size();) {
            Request &r = m_requests[size_t(rank.running[i])];
            ++r.generated;
            ++m_generatedTokens;
            r.lastToken = rank.time;
            if (r.generated >= r.output) {
                rank.usedBlocks -= blocks(m_decodePool, r.input + r.output);
                complete(r, rank.time);
                rank.running.erase(rank.running.begin() + long(i));
            } else {
                ++i;
            }
        }
    }

    void complete(const Request &r, double at)
    {
        ++m_completed;
        m_end = std::max(m_end, at);
        if (m_traffic.concurrency > 0 && m_issued + int(m_sends.size()) < m_total)
            m_sends.insert(std::upper_bound(m_sends.begin(), m_sends.end(), at), at);
        if (!r.measured)
            return;
        m_ttft.push_back(r.firstToken - r.sent);
        m_e2e.push_back(at - r.sent);
        m_queue.push_back(std::max(0.0, r.scheduled - r.prefillArrival));
        m_transfers.push_back(r.transferS);
        if (r.output > 1)
            m_tpot.push_back((at - r.firstToken) / (r.output - 1));
    }

    ServingResult base() const
    {
        ServingResult s;
        s.concurrency = m_traffic.concurrency;
        s.requestRate = m_traffic.concurrency > 0 ? 0.0 : m_traffic.requestRate;
        s.numRequests = m_total;
        s.maxNumSeqs = m_decodePool.engine.maxNumSeqs;
        s.maxBatchedTokens = m_decodePool.engine.maxBatchedTokens;
        s.kvCacheTokens = totalBlocks(m_decodePool) * std::max(1, m_decodePool.engine.blockTokens);
        return s;
    }

    Result unservable() const
    {
        Result r;
        r.serving = base();
        r.serving.kvCacheUse = kNever;
        return r;
    }

    Result result() const
    {
        Result out;
        ServingResult &s = out.serving;
        s = base();
        s.ttftMs = ServingStatistics::statsMs(m_ttft);
        s.tpotMs = ServingStatistics::statsMs(m_tpot);
        s.e2eMs = ServingStatistics::statsMs(m_e2e);
        s.queueMs = ServingStatistics::statsMs(m_queue);
        s.itlMs = m_itl.statsMs();
        out.transferMs = ServingStatistics::statsMs(m_transfers);
        const double span = m_end - m_windowStart;
        s.windowTokens = m_generatedTokens - m_tokensBeforeWindow;
        s.windowSeconds = span;
        ServingStatistics::setMeanLengths(m_shapes, s);
        if (span > 0.0) {
            s.outputTokensPerS = double(s.windowTokens) / span;
            s.outputTokensPerSPerGpu =
                s.outputTokensPerS / std::max(1, m_prefillPool.gpus + m_decodePool.gpus);
            s.requestsPerS = double(m_completed - m_completedBeforeWindow) / span;
        }
        long long peak = 0;
        for (const Rank &rank : m_decode)
            peak = std::max(peak, rank.peakBlocks);
        const long long total = totalBlocks(m_decodePool);
        s.kvCacheUse = total > 0 ? double(peak) / double(total) : 0.0;
        s.meanRunningSequences = m_decodeBusy > 0.0 ? m_runningTime / m_decodeBusy : 0.0;
        const double whole = m_end; // the ranks work from the first request to the last token
        const auto utilisation = [whole](const std::vector<Rank> &ranks) {
            double busy = 0.0;
            for (const Rank &rank : ranks)
                busy += rank.busy;
            return whole > 0.0 ? busy / (whole * double(ranks.size())) : 0.0;
        };
        out.prefillUtilisation = utilisation(m_prefill);
        out.decodeUtilisation = utilisation(m_decode);
        out.prefillKvTokens = totalBlocks(m_prefillPool) * std::max(1, m_prefillPool.engine.blockTokens);
        return out;
    }

    const Pool &m_prefillPool;
    const Pool &m_decodePool;
    const Transfer &m_transfer;
    const ServingSimulator::Traffic &m_traffic;
    const int m_warmup;
    const int m_measuredTotal;
    const int m_total;
    ServingStatistics::GammaArrivals m_arrivals;
    std::vector<RequestShape> m_shapes;
    std::vector<Request> m_requests;
    std::vector<Rank> m_prefill;
    std::vector<Rank> m_decode;
    std::deque<double> m_sends; // closed loop: when each user sends next, by time
    double m_nextSend = kNever; // open loop
    int m_issued = 0;
    int m_handed = 0;
    int m_completed = 0;
    long long m_generatedTokens = 0;
    double m_windowStart = 0.0;
    long long m_tokensBeforeWindow = 0;
    int m_completedBeforeWindow = 0;
    double m_end = 0.0;
    double m_runningTime = 0.0;
    double m_decodeBusy = 0.0;
    std::vector<double> m_ttft, m_tpot, m_e2e, m_queue, m_transfers;
    ServingStatistics::LogHistogram m_itl;
};

} // namespace

Result simulate(const Pool &prefill, const Pool &decode, const Transfer &transfer,
                const ServingSimulator::Traffic &traffic)
{
    if (traffic.concurrency <= 0 && !(traffic.requestRate > 0.0) && !traffic.replayArrivals)
        return {};
    return Simulation(prefill, decode, transfer, traffic).run();
}

} // namespace DisaggregatedSimulator
