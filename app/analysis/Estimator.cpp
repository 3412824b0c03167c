#include "app/analysis/Estimator.h"

#include "app/analysis/CommunicationModel.h"
#include "app/analysis/CostModel.h"
#include "app/analysis/EstimateRanges.h"
#include "app/analysis/Fp8Scaling.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/InferenceModel.h"
#include "app/analysis/MathExpr.h"
#include "app/analysis/MemoryModel.h"
#include "app/analysis/MissingSpecs.h"
#include "app/analysis/NumberText.h"
#include "app/analysis/ParallelismModel.h"
#include "app/analysis/ServingLoad.h"
#include "app/analysis/SplitMemory.h"
#include "app/analysis/TrainingModel.h"
#include "app/analysis/TrainingRecipe.h"
#include "app/analysis/VerdictRules.h"
#include "app/analysis/WorkloadResolver.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace Estimator {

namespace {

bool isGguf(Precision precision)
{
    return precision == Precision::GgufQ8_0 || precision == Precision::GgufQ4_0 ||
           precision == Precision::GgufQ4_K_M;
}

Precision computePrecision(const Workload &w)
{
    if (isGguf(w.weightPrecision))
        return Precision::Fp16;
    return w.activationPrecision;
}

// Per-sequence and fixed memory, from two evaluations (memory is affine in the batch).
std::pair<double, double> affineInBatch(SplitMemory &memory, const Parallelism &p)
{
    const double one = memory.totalGb(p, 1);
    const double two = memory.totalGb(p, 2);
    const double perSequence = two - one;
    return {one - perSequence, perSequence};
}

// A step, or the first two tokens, slower than three centuries: no real workload on a real GPU; a datasheet
// value is far off.
constexpr double kAbsurdSeconds = 1e10;

int clampToInt(double value)
{
    if (!std::isfinite(value) || value <= 0.0)
        return 0;
    return value > 1e9 ? 1000000000 : static_cast<int>(value);
}

// The words of the formulas below, translated when the math is built.
constexpr const char *kCapacity = QT_TRANSLATE_NOOP("MathExpr", "capacity");
constexpr const char *kFixedMemory = QT_TRANSLATE_NOOP("MathExpr", "fixed memory");
constexpr const char *kMemoryPerSequence = QT_TRANSLATE_NOOP("MathExpr", "memory per sequence");
constexpr const char *kRequests = QT_TRANSLATE_NOOP("MathExpr", "requests in flight");
constexpr const char *kWindow = QT_TRANSLATE_NOOP("MathExpr", "sliding window");
constexpr const char *kFullLayers = QT_TRANSLATE_NOOP("MathExpr", "full-attention layers");
constexpr const char *kLocalLayers = QT_TRANSLATE_NOOP("MathExpr", "local-attention layers");

// A count as the estimate reports it (clampToInt): 0 when nothing fits, at most 1e9. The clamp shows in
// the formula only where it changes the value.
template <typename T> T countThatFits(const T &count)
{
    const double value = Math::value(count);
    if (!std::isfinite(value))
        return T(0.0);
    if (value < 0.0)
        return Math::max(count, 0.0);
    return value > 1e9 ? Math::min(count, 1e9) : count;
}

// The most sequences one replica holds: memory is affine in the batch (fixed + batch x per sequence).
template <typename T> T sequencesThatFit(double capacityGb, double fixedGb, double perSequenceGb)
{
    if (perSequenceGb <= 0.0)
        return T(1e9);
    return countThatFits(
        Math::floor((Math::input<T>(kCapacity, capacityGb) - Math::input<T>(kFixedMemory, fixedGb)) /
                    Math::input<T>(kMemoryPerSequence, perSequenceGb)));
}

// The longest context (input + output) whose KV cache fits beside the rest of the memory at this batch,
// at most the model's max_position_embeddings.
template <typename T>
T longestContext(const ModelArchitecture &a, const Workload &w, const Parallelism &p, int batch,
                 double capacityGb, double perGpuGb, double kvCacheGb)
{
    const T kvPerToken =
        MemoryModel::kvBytesPerTokenPerGpu<T>(a, w, p) *
        Math::inputNamed<T>([] { return MathTerms::displayName(MathTermId::BatchPerReplica); }, batch) /
        MemoryModel::kBytesPerGb;
    const T maxPositions = Math::input<T>("max_position_embeddings", a.maxContext);
    if (Math::value(kvPerToken) <= 0.0)
        return maxPositions;
    const T memoryPerGpu =
        Math::inputNamed<T>([] { return MathTerms::displayName(MathTermId::MemoryPerGpu); }, perGpuGb);
    const T kvCache = Math::inputNamed<T>(
        [&a] {
            return MathTerms::displayName(a.mla ? MathTermId::KvCacheMlaPerGpu : MathTermId::KvCachePerGpu);
        },
        kvCacheGb);
    const T room = Math::input<T>(kCapacity, capacityGb) - (memoryPerGpu - kvCache);
    // A sliding window caps the cache: when the window fits, any context does.
    if (a.slidingWindow > 0 && a.fullLayers <= 0 &&
        Math::value(room) >= Math::value(kvPerToken) * a.slidingWindow)
        return a.maxContext > 0 ? maxPositions : T(1e9);
    T context = Math::floor(room / kvPerToken);
    if (a.slidingWindow > 0 && a.fullLayers > 0 && Math::value(context) > a.slidingWindow) {
        // Past the window only the full-attention layers grow: the mean over the layers (L_full x c +
        // L_local x window) / L fills the room.
        const T window = Math::input<T>(kWindow, a.slidingWindow);
        context = Math::floor((room / kvPerToken * Math::input<T>("L", a.layers) -
                               Math::input<T>(kLocalLayers, a.localLayers()) * window) /
                              Math::input<T>(kFullLayers, a.fullLayers));
    }
    return countThatFits(a.maxContext > 0 ? Math::min(context, maxPositions) : context);
}

// The most engine steps a serving simulation may take: about 4 s on one core.
constexpr double kMaxSimulatedSteps = 2e6;

// A check's message, translated: its source is marked with QT_TRANSLATE_NOOP where it is written.
QString say(const char *source)
{
    return QCoreApplication::translate("Estimator", source);
}

// The ends of a field's range in the field table (WorkloadField.cpp): the checks refuse what lies beyond
// them and their messages name them, so that a range is written once. Every end is a whole number (the
// messages write "10000000", not "1e+07"). Below the minimum some fields keep 0 for "the default".
qint64 lowest(WorkloadField field)
{
    return qint64(WorkloadFields::range(field).minimum);
}
qint64 highest(WorkloadField field)
{
    return qint64(WorkloadFields::range(field).maximum);
}

// A value beyond its field's range, refused at the field by a message that names the value (%1) and the
// range's ends (%2, %3). The value keeps its type: an int reads "2000000", a double would read "2e+06".
template <typename Value> WorkloadProblem outOfRange(WorkloadField field, const char *source, Value value)
{
    return WorkloadProblem{field, say(source).arg(value).arg(lowest(field)).arg(highest(field))};
}

// Who sends the requests: users or a rate (one of them), to a model that generates tokens.
std::optional<WorkloadProblem> checkTrafficSource(const Workload &w, const ModelArchitecture &a)
{
    using F = WorkloadField;
    const ServingTraffic &t = *w.traffic;
    if (Tasks::isTraining(w.task))
        return WorkloadProblem{
            F::Concurrency,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "concurrent users: only inference is served; training has no users"))};
    if (!a.transformer || a.encoder)
        return WorkloadProblem{
            F::Concurrency,
            say(QT_TRANSLATE_NOOP("Estimator", "concurrent users: the serving simulation needs a model that "
                                               "generates tokens; %1 does not"))
                .arg(w.model.modelId)};
    if (t.concurrency < 0 || t.concurrency > highest(F::Concurrency))
        return outOfRange(F::Concurrency,
                          QT_TRANSLATE_NOOP("Estimator", "concurrent users %1: allowed %2 to %3"),
                          t.concurrency);
    if (!std::isfinite(t.requestRate) || t.requestRate < 0.0 || t.requestRate > highest(F::RequestRate))
        return outOfRange(
            F::RequestRate,
            QT_TRANSLATE_NOOP("Estimator", "request rate %1: allowed above %2 up to %3 requests/s"),
            t.requestRate);
    if (t.concurrency > 0 && t.requestRate > 0.0)
        return WorkloadProblem{
            F::RequestRate,
            say(QT_TRANSLATE_NOOP("Estimator", "request rate %1 with %2 concurrent users: give one of them "
                                               "(users: a closed loop; rate: arrivals)"))
                .arg(t.requestRate)
                .arg(t.concurrency)};
    if (t.concurrency == 0 && t.requestRate <= 0.0 && !t.replaysTrace())
        return WorkloadProblem{
            F::Concurrency,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "concurrent users 0: give at least 1 user, or a request rate above 0"))};
    return std::nullopt;
}

// The requests: how many, the warm-up, how they arrive and how long they are (each within the model's
// context).
std::optional<WorkloadProblem> checkTrafficRequests(const Workload &w, const ModelArchitecture &a)
{
    using F = WorkloadField;
    const ServingTraffic &t = *w.traffic;
    if (t.numRequests < 0 || t.numRequests > highest(F::NumRequests))
        return outOfRange(F::NumRequests, QT_TRANSLATE_NOOP("Estimator", "requests %1: allowed %2 to %3"),
                          t.numRequests);
    if (t.warmupRequests < 0 || t.warmupRequests > highest(F::WarmupRequests))
        return outOfRange(F::WarmupRequests,
                          QT_TRANSLATE_NOOP("Estimator", "warm-up requests %1: allowed %2 to %3"),
                          t.warmupRequests);
    if (!std::isfinite(t.burstiness) || t.burstiness <= lowest(F::Burstiness) ||
        t.burstiness > highest(F::Burstiness))
        return outOfRange(
            F::Burstiness,
            QT_TRANSLATE_NOOP("Estimator", "burstiness %1: allowed above %2 up to %3 (1: Poisson arrivals)"),
            t.burstiness);
    if (t.burstiness != 1.0 && !(t.requestRate > 0.0))
        return WorkloadProblem{
            F::Burstiness,
            say(QT_TRANSLATE_NOOP("Estimator", "burstiness %1 shapes arrivals at a request rate: give "
                                               "--request-rate, not users"))
                .arg(t.burstiness)};
    if (!std::isfinite(t.randomRangeRatio) || t.randomRangeRatio < lowest(F::RandomRangeRatio) ||
        t.randomRangeRatio >= highest(F::RandomRangeRatio))
        return outOfRange(
            F::RandomRangeRatio,
            QT_TRANSLATE_NOOP("Estimator", "random range ratio %1: allowed %2 up to (not including) %3"),
            t.randomRangeRatio);
    if (t.randomRangeRatio > 0.0 && t.dataset != LengthDataset::Random)
        return WorkloadProblem{
            F::RandomRangeRatio,
            say(QT_TRANSLATE_NOOP("Estimator", "random range ratio %1 spreads the random dataset's lengths: "
                                               "give --dataset random"))
                .arg(t.randomRangeRatio)};
    if ((t.dataset == LengthDataset::ShareGpt || t.dataset == LengthDataset::File) && !t.lengthTable)
        return WorkloadProblem{
            F::Dataset, say(QT_TRANSLATE_NOOP("Estimator", "dataset %1: its lengths could not be read"))
                            .arg(LengthDatasets::name(t.dataset))};
    if (a.maxContext > 0) {
        const LengthMix mix{t.dataset, t.randomRangeRatio, t.lengthTable, w.inputTokens, w.outputTokens};
        if (t.dataset != LengthDataset::Fixed && mix.longestRequest() > a.maxContext)
            return WorkloadProblem{
                F::Dataset,
                say(QT_TRANSLATE_NOOP("Estimator", "dataset %1: its longest request has %2 tokens, beyond "
                                                   "%3's context of %4"))
                    .arg(t.lengthTable ? t.lengthTable->source : LengthDatasets::name(t.dataset))
                    .arg(mix.longestRequest())
                    .arg(w.model.modelId)
                    .arg(a.maxContext)};
    }
    return std::nullopt;
}

// The engine's limits, and a simulation short enough to run while the user waits.
std::optional<WorkloadProblem> checkTrafficEngine(const Workload &w)
{
    using F = WorkloadField;
    const ServingTraffic &t = *w.traffic;
    if (t.maxNumSeqs < 0 || t.maxNumSeqs > highest(F::MaxNumSeqs))
        return outOfRange(F::MaxNumSeqs,
                          QT_TRANSLATE_NOOP("Estimator", "max running sequences %1: allowed %2 to %3"),
                          t.maxNumSeqs);
    if (t.maxBatchedTokens < 0 || t.maxBatchedTokens > highest(F::MaxBatchedTokens))
        return outOfRange(F::MaxBatchedTokens,
                          QT_TRANSLATE_NOOP("Estimator", "max batched tokens %1: allowed %2 to %3"),
                          t.maxBatchedTokens);
    // A simulation takes at least the tokens over the tokens per step, and the output tokens over the
    // sequences running at once, in engine steps (about 2 us each): past kMaxSimulatedSteps it would run
    // for minutes (100,000 requests at 1 token per step: 77 million steps, 140 s), so it is refused here.
    if (t.numRequests > 0) {
        const double tokens = double(t.numRequests) *
                              (double(std::max(1, w.inputTokens)) + double(std::max(1, w.outputTokens)));
        const double perStep = t.maxBatchedTokens > 0 ? double(t.maxBatchedTokens) : tokens;
        double running = t.maxNumSeqs > 0 ? double(t.maxNumSeqs) : tokens;
        if (t.concurrency > 0)
            running = std::min(running, double(t.concurrency));
        const double steps =
            std::max(tokens / perStep, double(t.numRequests) * std::max(1, w.outputTokens) / running);
        if (steps > kMaxSimulatedSteps)
            return WorkloadProblem{
                F::NumRequests,
                say(QT_TRANSLATE_NOOP("Estimator", "requests %1: simulating them takes at least %2 engine "
                                                   "steps, more than %3 (a few seconds): ask for fewer "
                                                   "requests, or more tokens or sequences per step"))
                    .arg(t.numRequests)
                    .arg(QLocale::c().toString(steps, 'f', 0),
                         QLocale::c().toString(kMaxSimulatedSteps, 'f', 0))};
    }
    return std::nullopt;
}

// The latency targets: each, when given, a time above 0.
std::optional<WorkloadProblem> checkTrafficTargets(const ServingTraffic &t)
{
    using F = WorkloadField;
    const auto badTarget = [](const std::optional<double> &target) {
        return target && !(std::isfinite(*target) && *target > 0.0 && *target <= 1e9);
    };
    if (badTarget(t.ttftP90TargetMs))
        return WorkloadProblem{F::TtftP90,
                               say(QT_TRANSLATE_NOOP("Estimator", "TTFT p90 target %1 ms: allowed above 0"))
                                   .arg(*t.ttftP90TargetMs)};
    if (badTarget(t.tpotP90TargetMs))
        return WorkloadProblem{F::TpotP90,
                               say(QT_TRANSLATE_NOOP("Estimator", "TPOT p90 target %1 ms: allowed above 0"))
                                   .arg(*t.tpotP90TargetMs)};
    return std::nullopt;
}

// The load of a serving simulation: users or a rate, the requests, the engine's limits and the targets,
// in that order (the first problem is the one said).
std::optional<WorkloadProblem> checkTraffic(const Workload &w, const ModelArchitecture &a)
{
    if (auto problem = checkTrafficSource(w, a))
        return problem;
    if (auto problem = checkTrafficRequests(w, a))
        return problem;
    if (auto problem = checkTrafficEngine(w))
        return problem;
    return checkTrafficTargets(*w.traffic);
}

// Tokens the KV cache of one replica holds: the memory the engine may use (its memory fraction) beyond the
// weights, one sequence's activations and the framework's overhead.
long long kvCacheTokens(SplitMemory &memory, const Parallelism &p, double capacityGb,
                        const EfficiencyParameters &parameters)
{
    const MemoryBreakdown one = memory.at(p, 1);
    double freeBytes = (capacityGb * parameters.kvMemoryFraction - (one.totalGb() - one.kvCacheGb)) * 1e9;
    // A hybrid model's engine keeps a Mamba-2 / Gated DeltaNet state for every sequence it may run (vLLM
    // sizes that cache by max_num_seqs): the others' states come off the pool too (one's is in `one`).
    const Workload &w = memory.workload();
    if (const double state =
            MemoryModel::recurrentStateBytesPerSequencePerGpu<double>(memory.architecture(), w, p);
        state > 0.0) {
        const int seqs =
            w.traffic && w.traffic->maxNumSeqs > 0 ? w.traffic->maxNumSeqs : parameters.maxNumSeqs;
        freeBytes -= state * std::max(0, seqs - 1);
    }
    const double kvPerToken =
        MemoryModel::kvBytesPerTokenPerGpu<double>(memory.architecture(), memory.workload(), p);
    if (freeBytes <= 0.0)
        return 0;
    if (kvPerToken <= 0.0)
        return 1000000000LL;
    return static_cast<long long>(std::min(1e12, freeBytes / kvPerToken));
}

// Under load an automatic split must also leave room for the KV cache: the smallest model-parallel group
// whose cache holds every user's request at once (up to the engine's sequence limit), else the one with
// the largest cache. Without it a model that just fits one GPU would be served with no cache at all.
std::optional<Parallelism> servingSplit(SplitMemory &memory, double capacityGb,
                                        const EfficiencyParameters &parameters)
{
    const Workload &w = memory.workload();
    if (!w.traffic || w.tensorParallel > 0 || w.pipelineParallel > 0 || parameters.pipelineSplit ||
        !memory.architecture().transformer)
        return std::nullopt;
    const int gpus = std::max(1, w.gpuCount);
    const int maxNumSeqs = w.traffic->maxNumSeqs > 0 ? w.traffic->maxNumSeqs : parameters.maxNumSeqs;
    std::optional<Parallelism> largest;
    long long largestTokens = -1;
    for (int m = 1; m <= gpus; ++m) {
        if (gpus % m != 0 || (m > 8 && m % 8 != 0))
            continue;
        const Parallelism p = ParallelismModel::split(gpus, m, gpus / m, false);
        const long long tokens = kvCacheTokens(memory, p, capacityGb, parameters);
        const int users = w.traffic->concurrency > 0 ? (w.traffic->concurrency + p.data - 1) / p.data : 1;
        const double needed = double(std::min(users, maxNumSeqs)) * (w.inputTokens + w.outputTokens);
        if (tokens >= needed)
            return p;
        if (tokens > largestTokens) {
            largestTokens = tokens;
            largest = p;
        }
    }
    return largest;
}

// One replica's engine and step costs on this GPU. The step cost is the one the power's busy fraction
// used (estimateInference): computed once, as every estimate under a load needs both.
ServingLoad::Deployment servingDeployment(const InferenceModel::Inputs &inputs,
                                          const ServingSimulator::StepCost &step, SplitMemory &memory,
                                          double capacityGb)
{
    const ServingTraffic &traffic = *inputs.workload.traffic;
    const EfficiencyParameters &parameters = inputs.parameters;
    ServingLoad::Deployment d;
    d.cost = step;
    d.engine.maxNumSeqs = traffic.maxNumSeqs > 0 ? traffic.maxNumSeqs : parameters.maxNumSeqs;
    d.engine.maxBatchedTokens =
        traffic.maxBatchedTokens > 0 ? traffic.maxBatchedTokens : parameters.maxBatchedTokens;
    d.engine.kvCacheTokens = kvCacheTokens(memory, inputs.parallelism, capacityGb, parameters);
    d.engine.reserveWholeSequence = parameters.kvReserveWholeSequence;
    d.engine.requestOverheadS = inputs.efficiency.requestOverheadS;
    d.replicas = inputs.parallelism.data;
    d.gpus = inputs.parallelism.gpus;
    d.inputTokens = inputs.workload.inputTokens;
    d.outputTokens = inputs.workload.outputTokens;
    const Workload &w = inputs.workload;
    const Parallelism &p = inputs.parallelism;
    if (!w.disaggregation) {
        d.pools = {ServingPool{QStringLiteral("aggregated"), p.data, p.tensor * p.pipeline, p.tensor,
                               std::max(1, w.expertParallel), 0.0}};
        return d;
    }
    const Disaggregation &pools = *w.disaggregation;
    d.pools = {ServingPool{QStringLiteral("prefill"), pools.prefillWorkers, pools.prefillGpus,
                           pools.prefillTensorParallel, pools.prefillExpertParallel, 0.0},
               ServingPool{QStringLiteral("decode"), pools.decodeWorkers, pools.decodeGpus, p.tensor,
                           std::max(1, w.expertParallel), 0.0}};
    return d;
}

// Disaggregated serving (issue 57): the prefill pool at its workers' own split beside the decode pool (the
// estimate's split), and the KV cache's hand-over between them: one token's whole cache (every layer and
// tensor-parallel share) from the prefill rank's GPUs together, over the scale-up domain's links when both
// pools fit one domain (an NVL72 rack), else over the network (one NIC per GPU; NIXL over RDMA), at the
// profile's communication efficiency, plus a collective's latency. An empty reason: it fits.
QString addPrefillPool(ServingLoad::Deployment &d, const InferenceModel::Inputs &decode, double capacityGb)
{
    const Workload &w = decode.workload;
    const Disaggregation &pools = *w.disaggregation;
    Workload prefillWorkload = w;
    prefillWorkload.tensorParallel = pools.prefillTensorParallel;
    prefillWorkload.expertParallel = pools.prefillExpertParallel;
    prefillWorkload.gpuCount = pools.prefillPoolGpus();
    Parallelism p;
    p.gpus = pools.prefillPoolGpus();
    p.tensor = pools.prefillTensorParallel;
    p.data = p.gpus / p.tensor;
    p.expert = pools.prefillExpertParallel;
    SplitMemory memory(decode.architecture, prefillWorkload, decode.parameters);
    const double perGpuGb = memory.at(p, 1).totalGb();
    if (perGpuGb > capacityGb)
        return QCoreApplication::translate("Estimator",
                                           "the prefill workers' split (tp %1, ep %2) needs %3 GB "
                                           "per GPU")
            .arg(p.tensor)
            .arg(p.expert)
            .arg(NumberText::fixed(perGpuGb, 1));
    const InferenceModel::Inputs inputs{decode.architecture,
                                        prefillWorkload,
                                        decode.gpu,
                                        decode.parameters,
                                        decode.efficiency,
                                        p,
                                        decode.rate,
                                        1,
                                        p.data};
    DisaggregatedSimulator::Pool prefill;
    prefill.cost = InferenceModel::stepCost(inputs);
    prefill.engine = d.engine;
    prefill.engine.kvCacheTokens = kvCacheTokens(memory, p, capacityGb, decode.parameters);
    prefill.ranks = p.data;
    prefill.gpus = p.gpus;
    d.prefill = prefill;

    Parallelism whole; // tp 1: a token's whole KV cache
    d.transfer.bytesPerToken = MemoryModel::kvBytesPerTokenPerGpu<double>(decode.architecture, w, whole);
    const int domain = GpuCapabilities::gpusPerNode(decode.gpu, w.gpusPerNode);
    const bool inside = pools.prefillPoolGpus() + pools.decodePoolGpus() <= domain;
    const double perGpuGBs =
        inside ? GpuCapabilities::link(decode.gpu, domain).unidirectionalGBs : w.networkGbps / 8.0;
    d.transfer.bytesPerS = perGpuGBs * 1e9 * decode.efficiency.communication * p.tensor;
    d.transfer.latencyS = CommunicationModel::kCollectiveLatencyS;
    d.transfer.network = !inside;
    return {};
}

// GPUs one replica of a training run is split over: tp x pp x cp, in 64 bits (the product of three ints).
long long modelParallelOf(const Workload &w)
{
    return (long long)std::max(1, w.tensorParallel) * std::max(1, w.pipelineParallel) * w.contextParallel;
}

// Training's context, expert and interleaved-pipeline degrees, each alone and against the model.
std::optional<WorkloadProblem> checkParallelDegrees(const Workload &w, const ModelArchitecture &a)
{
    using F = WorkloadField;
    if (w.contextParallel < lowest(F::ContextParallel) || w.contextParallel > highest(F::ContextParallel))
        return outOfRange(F::ContextParallel, QT_TRANSLATE_NOOP("Estimator", "cp %1: allowed %2 to %3"),
                          w.contextParallel);
    if (w.expertParallel < lowest(F::ExpertParallel) || w.expertParallel > highest(F::ExpertParallel))
        return outOfRange(F::ExpertParallel, QT_TRANSLATE_NOOP("Estimator", "ep %1: allowed %2 to %3"),
                          w.expertParallel);
    if (w.expertParallel > 1 && a.experts < 2)
        return WorkloadProblem{
            F::ExpertParallel,
            say(QT_TRANSLATE_NOOP("Estimator", "ep %1: %2 has no experts to split (a dense model)"))
                .arg(w.expertParallel)
                .arg(w.model.modelId)};
    if (w.expertParallel > 1 && a.experts % w.expertParallel != 0)
        return WorkloadProblem{
            F::ExpertParallel,
            say(QT_TRANSLATE_NOOP("Estimator", "ep %1 does not divide the model's %2 experts"))
                .arg(w.expertParallel)
                .arg(a.experts)};
    if (w.virtualStages < lowest(F::VirtualStages) || w.virtualStages > highest(F::VirtualStages))
        return outOfRange(F::VirtualStages, QT_TRANSLATE_NOOP("Estimator", "vpp %1: allowed %2 to %3"),
                          w.virtualStages);
    if (w.virtualStages > 1 && w.pipelineParallel < 2)
        return WorkloadProblem{
            F::VirtualStages,
            say(QT_TRANSLATE_NOOP("Estimator", "vpp %1 interleaves pipeline stages: it needs pp 2 or more"))
                .arg(w.virtualStages)};
    return std::nullopt;
}

// The nodes and the network between them: a run beyond one node needs one.
std::optional<WorkloadProblem> checkNodes(const Workload &w)
{
    using F = WorkloadField;
    if (w.gpusPerNode < 0 || w.gpusPerNode > highest(F::GpusPerNode))
        return outOfRange(F::GpusPerNode,
                          QT_TRANSLATE_NOOP("Estimator", "GPUs per node %1: allowed %2 to %3"),
                          w.gpusPerNode);
    if (!std::isfinite(w.networkGbps) || w.networkGbps < lowest(F::NetworkGbps) ||
        w.networkGbps > highest(F::NetworkGbps))
        return outOfRange(F::NetworkGbps,
                          QT_TRANSLATE_NOOP("Estimator", "network %1 Gb/s: allowed %2 (one node only) to %3"),
                          w.networkGbps);
    if (w.gpusPerNode > 0 && w.networkGbps == 0.0 && w.gpuCount > w.gpusPerNode)
        return WorkloadProblem{
            F::NetworkGbps,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "one node only, but %1 GPUs need %2 nodes of %3: choose a network"))
                .arg(w.gpuCount)
                .arg((w.gpuCount + w.gpusPerNode - 1) / w.gpusPerNode)
                .arg(w.gpusPerNode)};
    return std::nullopt;
}

// The degrees together against the GPUs and the layers: tp x pp x cp divides the GPUs, ep a stage's GPUs,
// and every pipeline stage (and chunk) gets a layer.
std::optional<WorkloadProblem> checkGpuSplit(const Workload &w, const ModelArchitecture &a)
{
    using F = WorkloadField;
    const long long modelParallel = modelParallelOf(w);
    if (modelParallel > w.gpuCount)
        return WorkloadProblem{F::Gpus,
                               say(QT_TRANSLATE_NOOP("Estimator", "gpus %1: fewer than tp x pp x cp = %2"))
                                   .arg(w.gpuCount)
                                   .arg(modelParallel)};
    if (w.gpuCount % modelParallel != 0)
        return WorkloadProblem{
            F::Gpus, say(QT_TRANSLATE_NOOP("Estimator", "tp x pp x cp = %1 does not divide the GPU count %2"))
                         .arg(modelParallel)
                         .arg(w.gpuCount)};
    // The experts split over the GPUs of a pipeline stage, across its tensor-, context- and data-parallel
    // ranks alike (Megatron-Core's MoE parallel folding).
    const long long stageGpus = w.gpuCount / std::max(1, w.pipelineParallel);
    if (w.expertParallel > 1 && stageGpus % w.expertParallel != 0)
        return WorkloadProblem{
            F::ExpertParallel,
            say(QT_TRANSLATE_NOOP("Estimator", "ep %1 does not divide the %2 GPUs of a pipeline stage"))
                .arg(w.expertParallel)
                .arg(stageGpus)};
    // Layers that pp x vpp does not divide are split unevenly, as Megatron does (PipelineStages); a chunk
    // needs a layer, or the embedding or the loss: with --account-for-embedding-in-pipeline-split and
    // --account-for-loss-in-pipeline-split Megatron takes up to layers + 2 chunks when they divide them
    // evenly (Llama-3.1 405B's 126 layers at pp 16 x vpp 8: 128 chunks).
    if (a.transformer && w.pipelineParallel > 1) {
        const long long chunks = (long long)w.pipelineParallel * std::max(1, w.virtualStages);
        if (chunks > a.layers + 2 || (chunks > a.layers && (a.layers + 2) % chunks != 0))
            return WorkloadProblem{
                F::VirtualStages,
                say(QT_TRANSLATE_NOOP(
                        "Estimator",
                        "pp %1 x vpp %2 = %3 chunks for the model's %4 layers: Megatron takes at "
                        "most one chunk a layer, or exactly %5 with the embedding and the loss "
                        "as chunks of their own"))
                    .arg(w.pipelineParallel)
                    .arg(w.virtualStages)
                    .arg(chunks)
                    .arg(a.layers)
                    .arg(a.layers + 2)};
    }
    if (a.transformer && w.bf16Layers > a.layers)
        return WorkloadProblem{F::Bf16Layers,
                               say(QT_TRANSLATE_NOOP("Estimator", "bf16 layers %1: the model has %2 layers"))
                                   .arg(w.bf16Layers)
                                   .arg(a.layers)};
    if (a.transformer && (w.pipelineFirstLayers > 0 || w.pipelineLastLayers > 0) &&
        (w.pipelineFirstLayers + w.pipelineLastLayers >= a.layers ||
         w.pipelineParallel - (w.pipelineFirstLayers > 0) - (w.pipelineLastLayers > 0) >
             a.layers - w.pipelineFirstLayers - w.pipelineLastLayers))
        return WorkloadProblem{
            w.pipelineFirstLayers > 0 ? F::PipelineFirstLayers : F::PipelineLastLayers,
            say(QT_TRANSLATE_NOOP("Estimator", "first and last stages of %1 and %2 layers leave too few of "
                                               "the model's %3 layers for the other %4 stages"))
                .arg(w.pipelineFirstLayers)
                .arg(w.pipelineLastLayers)
                .arg(a.layers)
                .arg(std::max(0, w.pipelineParallel - (w.pipelineFirstLayers > 0) -
                                     (w.pipelineLastLayers > 0)))};
    return std::nullopt;
}

// The micro-batches of every replica, once the split is given.
std::optional<WorkloadProblem> checkMicroBatches(const Workload &w)
{
    using F = WorkloadField;
    const long long dataParallel = w.gpuCount / modelParallelOf(w);
    // With the split given, the global batch must fill every replica's micro-batches exactly.
    if (Tasks::isTraining(w.task) && w.tensorParallel > 0 && w.pipelineParallel > 0 && w.batch > 0 &&
        w.microBatch > 0 && w.batch % (dataParallel * w.microBatch) != 0)
        return WorkloadProblem{
            F::MicroBatch,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "micro-batch %1 does not divide the global batch %2 over %3 data-parallel "
                                  "replicas (%4 each); choose a global batch that is a multiple of %5"))
                .arg(w.microBatch)
                .arg(w.batch)
                .arg(dataParallel)
                .arg(QString::number(double(w.batch) / double(dataParallel), 'g', 4))
                .arg(dataParallel * w.microBatch)};
    return std::nullopt;
}

// Training's context, expert and interleaved-pipeline degrees, the nodes and the network. The parts that
// depend on the split (the micro-batch dividing each replica's share) are checked once the split is known.
std::optional<WorkloadProblem> checkTrainingLayout(const Workload &w, const ModelArchitecture &a)
{
    if (auto problem = checkParallelDegrees(w, a))
        return problem;
    if (auto problem = checkNodes(w))
        return problem;
    if (auto problem = checkGpuSplit(w, a))
        return problem;
    return checkMicroBatches(w);
}

// The model, the batch, the tokens and the GPU count, tp and pp each within their range.
std::optional<WorkloadProblem> checkSizes(const Workload &w, const ModelArchitecture &a)
{
    using F = WorkloadField;
    if (a.totalParams <= 0.0)
        return WorkloadProblem{
            F::Model,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "model %1: no layers, hidden size or parameter count to size it by"))
                .arg(w.model.modelId)};
    if (w.batch < 0 || w.batch > highest(F::Batch))
        return outOfRange(
            F::Batch,
            QT_TRANSLATE_NOOP("Estimator", "batch %1: allowed %2 to %3 (0 = the largest that fits)"),
            w.batch);
    if (Tasks::isTraining(w.task) && w.batch == 0)
        return WorkloadProblem{
            F::Batch, say(QT_TRANSLATE_NOOP("Estimator", "max (as many requests as fit) is for inference: "
                                                         "training needs a global batch of %1 to %2"))
                          .arg(lowest(F::Batch))
                          .arg(highest(F::Batch))};
    if (Tasks::isTraining(w.task) && (w.microBatch < 1 || w.microBatch > w.batch))
        return WorkloadProblem{
            F::MicroBatch,
            say(QT_TRANSLATE_NOOP("Estimator", "micro-batch %1: allowed 1 to the global batch (%2)"))
                .arg(w.microBatch)
                .arg(w.batch)};
    if (w.inputTokens < 0 || w.inputTokens > highest(F::InputTokens))
        return outOfRange(F::InputTokens, QT_TRANSLATE_NOOP("Estimator", "input tokens %1: allowed %2 to %3"),
                          w.inputTokens);
    if (w.outputTokens < 0 || w.outputTokens > highest(F::OutputTokens))
        return outOfRange(F::OutputTokens,
                          QT_TRANSLATE_NOOP("Estimator", "output tokens %1: allowed %2 to %3"),
                          w.outputTokens);
    if (!Tasks::isTraining(w.task) && a.transformer && w.inputTokens + w.outputTokens <= 0)
        return WorkloadProblem{
            F::OutputTokens,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "input and output tokens are both 0: at least one token is needed"))};
    if (w.sequenceLength < lowest(F::SequenceLength) || w.sequenceLength > highest(F::SequenceLength))
        return outOfRange(F::SequenceLength,
                          QT_TRANSLATE_NOOP("Estimator", "sequence length %1: allowed %2 to %3"),
                          w.sequenceLength);
    if (w.gpuCount < lowest(F::Gpus) || w.gpuCount > highest(F::Gpus))
        return outOfRange(F::Gpus, QT_TRANSLATE_NOOP("Estimator", "gpus %1: allowed %2 to %3"), w.gpuCount);
    if (w.tensorParallel < 0 || w.tensorParallel > w.gpuCount)
        return WorkloadProblem{F::TensorParallel,
                               say(QT_TRANSLATE_NOOP("Estimator", "tp %1: allowed 1 to the GPU count (%2)"))
                                   .arg(w.tensorParallel)
                                   .arg(w.gpuCount)};
    if (w.pipelineParallel < 0 || w.pipelineParallel > w.gpuCount)
        return WorkloadProblem{F::PipelineParallel,
                               say(QT_TRANSLATE_NOOP("Estimator", "pp %1: allowed 1 to the GPU count (%2)"))
                                   .arg(w.pipelineParallel)
                                   .arg(w.gpuCount)};
    return std::nullopt;
}

// The split as a whole (expert parallelism, training's layout, tp x pp against the GPUs and the layers),
// the ZeRO stage and LoRA.
std::optional<WorkloadProblem> checkSplitAndTask(const Workload &w, const ModelArchitecture &a)
{
    using F = WorkloadField;
    if (w.disaggregation && w.disaggregation->prefillExpertParallel > 1 &&
        (a.experts < 2 || a.experts % w.disaggregation->prefillExpertParallel != 0))
        return WorkloadProblem{
            F::PrefillExpertParallel,
            say(QT_TRANSLATE_NOOP("Estimator", "prefill ep %1 does not divide the model's %2 "
                                               "experts"))
                .arg(w.disaggregation->prefillExpertParallel)
                .arg(a.experts)};
    if (w.disaggregation && w.networkGbps == 0.0 && w.gpusPerNode > 0 &&
        qint64(w.disaggregation->prefillPoolGpus()) + w.disaggregation->decodePoolGpus() >
            std::max(1, w.gpusPerNode))
        return WorkloadProblem{
            F::NetworkGbps,
            say(QT_TRANSLATE_NOOP("Estimator", "one node only, but the two pools' %1 GPUs "
                                               "move KV caches between nodes: choose a network"))
                .arg(w.disaggregation->prefillPoolGpus() + w.disaggregation->decodePoolGpus())};
    // Serving with expert parallelism: every expert whole on one of ep GPUs, which are the tensor-parallel
    // GPUs of ep / tp attention replicas (vLLM --enable-expert-parallel, with --data-parallel-size ep / tp
    // beyond one replica; SGLang --ep with --enable-dp-attention). So tp divides ep, and no pipeline.
    if (!Tasks::isTraining(w.task) && w.expertParallel > 1 && a.experts >= 2 &&
        (w.tensorParallel < 1 || w.expertParallel % w.tensorParallel != 0 || w.pipelineParallel > 1))
        return WorkloadProblem{
            F::ExpertParallel,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "ep %1 for inference spreads the experts over the tensor-parallel "
                                  "GPUs of ep / tp replicas (vLLM --enable-expert-parallel, "
                                  "SGLang --ep): give a tp that divides %1 (tp %1 for one "
                                  "replica) and pp 1"))
                .arg(w.expertParallel)};
    if (auto problem = checkTrainingLayout(w, a))
        return problem;
    // 64 bits: tp and pp are each at most the GPU count, their product is not.
    const qint64 modelParallel = qint64(std::max(1, w.tensorParallel)) * std::max(1, w.pipelineParallel);
    if ((w.tensorParallel > 0 || w.pipelineParallel > 0) && w.gpuCount % modelParallel != 0)
        return WorkloadProblem{
            F::TensorParallel,
            say(QT_TRANSLATE_NOOP("Estimator", "tp x pp = %1 does not divide the GPU count %2"))
                .arg(modelParallel)
                .arg(w.gpuCount)};
    if (a.transformer && w.pipelineParallel > a.layers)
        return WorkloadProblem{F::PipelineParallel,
                               say(QT_TRANSLATE_NOOP("Estimator", "pp %1: the model has only %2 layers"))
                                   .arg(w.pipelineParallel)
                                   .arg(a.layers)};
    if (w.zeroStage < 0 || w.zeroStage > 3)
        return WorkloadProblem{
            F::ZeroStage,
            say(QT_TRANSLATE_NOOP("Estimator", "zero %1: allowed 0, 1, 2, 3")).arg(w.zeroStage)};
    if ((w.task == Task::Lora || w.task == Task::Qlora) && !a.transformer)
        return WorkloadProblem{
            F::Task,
            say(QT_TRANSLATE_NOOP("Estimator", "task %1: LoRA needs a transformer model, %2 is not one"))
                .arg(Tasks::name(w.task), w.model.modelId)};
    if ((w.task == Task::Lora || w.task == Task::Qlora) &&
        (w.loraRank < lowest(F::LoraRank) || w.loraRank > highest(F::LoraRank)))
        return outOfRange(F::LoraRank, QT_TRANSLATE_NOOP("Estimator", "lora rank %1: allowed %2 to %3"),
                          w.loraRank);
    return std::nullopt;
}

// The precisions: no GGUF format for the KV cache or the math, and what training can run in.
std::optional<WorkloadProblem> checkPrecisions(const Workload &w)
{
    using F = WorkloadField;
    if (isGguf(w.kvPrecision))
        return WorkloadProblem{
            F::KvPrecision,
            say(QT_TRANSLATE_NOOP(
                    "Estimator",
                    "kv precision %1: a GGUF weight format; allowed fp32, bf16, fp16, fp8, int8, int4"))
                .arg(Precisions::name(w.kvPrecision))};
    if (isGguf(w.activationPrecision) || w.activationPrecision == Precision::Int4)
        return WorkloadProblem{
            F::ActivationPrecision,
            say(QT_TRANSLATE_NOOP("Estimator", "activation precision %1: allowed fp32, tf32, bf16, fp16, "
                                               "fp8, mxfp8, fp4, mxfp4, nvfp4, int8"))
                .arg(Precisions::name(w.activationPrecision))};
    if (w.task == Task::Training || w.task == Task::Lora) {
        const Precision p = w.weightPrecision;
        // (The resolver turns full training's --precision nvfp4 into bf16 weights and NVFP4 math, as
        // Transformer Engine trains: a workload that still holds 4-bit weights to train is refused here.)
        if (p != Precision::Fp32 && p != Precision::Tf32 && p != Precision::Bf16 && p != Precision::Fp16 &&
            p != Precision::Fp8 && p != Precision::Mxfp8)
            return WorkloadProblem{
                F::WeightPrecision,
                say(QT_TRANSLATE_NOOP(
                        "Estimator",
                        "precision %1: %2 needs fp32, tf32, bf16, fp16, fp8 or mxfp8 weights (nvfp4 "
                        "for full training); use qlora for a 4-bit base"))
                    .arg(Precisions::name(p), Tasks::name(w.task))};
    }
    // Transformer Engine trains 4-bit matmuls only as NVFP4 (block scales of 16, random Hadamard transforms,
    // stochastic rounding); other 4-bit math is for inference.
    if (Tasks::isTraining(w.task) &&
        (w.activationPrecision == Precision::Fp4 || w.activationPrecision == Precision::Mxfp4 ||
         (w.activationPrecision == Precision::Nvfp4 && w.task != Task::Training)))
        return WorkloadProblem{F::ActivationPrecision,
                               say(QT_TRANSLATE_NOOP("Estimator", "activation precision %1: %2 runs 4-bit "
                                                                  "matmuls only as nvfp4, in full training"))
                                   .arg(Precisions::name(w.activationPrecision), Tasks::name(w.task))};
    if (Tasks::isTraining(w.task) && w.activationPrecision == Precision::Int8)
        return WorkloadProblem{
            F::ActivationPrecision,
            say(QT_TRANSLATE_NOOP("Estimator",
                                  "precision int8: training needs fp32, tf32, bf16, fp16 or fp8 math"))};
    return std::nullopt;
}

// The prices, the utilisation, the years owned and the token budget.
std::optional<WorkloadProblem> checkPrices(const Workload &w)
{
    using F = WorkloadField;
    if (w.usdPerGpuHour && (!std::isfinite(*w.usdPerGpuHour) || *w.usdPerGpuHour < lowest(F::UsdPerGpuHour) ||
                            *w.usdPerGpuHour > highest(F::UsdPerGpuHour)))
        return outOfRange(F::UsdPerGpuHour,
                          QT_TRANSLATE_NOOP("Estimator", "usd per GPU-hour %1: allowed %2 to %3"),
                          *w.usdPerGpuHour);
    if (!std::isfinite(w.usdPerKwh) || w.usdPerKwh < lowest(F::UsdPerKwh) ||
        w.usdPerKwh > highest(F::UsdPerKwh))
        return outOfRange(F::UsdPerKwh, QT_TRANSLATE_NOOP("Estimator", "usd per kWh %1: allowed %2 to %3"),
                          w.usdPerKwh);
    if (w.utilisation && (!std::isfinite(*w.utilisation) || *w.utilisation <= lowest(F::Utilisation) ||
                          *w.utilisation > highest(F::Utilisation)))
        return outOfRange(F::Utilisation,
                          QT_TRANSLATE_NOOP("Estimator", "utilisation %1: allowed above %2 up to %3"),
                          *w.utilisation);
    if (!std::isfinite(w.ownYears) || w.ownYears <= WorkloadFields::range(F::OwnYears).minimum ||
        w.ownYears > WorkloadFields::range(F::OwnYears).maximum)
        return WorkloadProblem{F::OwnYears,
                               say(QT_TRANSLATE_NOOP("Estimator", "years owned %1: allowed above 0 up to %2"))
                                   .arg(w.ownYears)
                                   .arg(WorkloadFields::range(F::OwnYears).maximum)};
    if (!std::isfinite(w.trainTokens) || w.trainTokens < 0.0 || w.trainTokens > 1e16)
        return WorkloadProblem{
            F::TrainTokens,
            say(QT_TRANSLATE_NOOP("Estimator", "train tokens %1: allowed 0 to 1e16")).arg(w.trainTokens)};
    return std::nullopt;
}

} // namespace

QString validate(const Workload &w)
{
    const std::optional<WorkloadProblem> problem = check(w);
    return problem ? problem->message : QString();
}

std::optional<WorkloadProblem> check(const Workload &w)
{
    const ModelArchitecture a = ModelArchitecture::from(w.model);
    // Each message names the bad value first; the field tells the window where to show it. The first
    // problem found is the one reported, so the groups keep their order.
    if (auto problem = checkSizes(w, a))
        return problem;
    if (auto problem = checkSplitAndTask(w, a))
        return problem;
    if (auto problem = checkPrecisions(w))
        return problem;
    if (auto problem = checkPrices(w))
        return problem;
    if (w.traffic)
        return checkTraffic(w, a);
    return std::nullopt;
}

Estimate estimate(const GpuSpec &gpu, const Workload &w, const EfficiencyParameters &parameters,
                  const EstimateOptions &options)
{
    return estimate(gpu, w, ModelArchitecture::from(w.model), parameters, options);
}

Estimate estimate(const GpuSpec &gpu, const Workload &w, const ModelArchitecture &a,
                  const EfficiencyParameters &parameters, const EstimateOptions &options)
{
    SplitMemory memory(a, w, parameters);
    return estimate(gpu, memory, parameters, options);
}

namespace {

// Training with values left automatic: the fastest recipe that fits (TrainingRecipe), estimated again with
// its math when asked for. The fewest GPUs stay those of the workload's own recipe (the least memory:
// ZeRO-3, full recomputation, micro-batch 1), not of the recipe chosen for this many GPUs.
std::optional<Estimate> searchedEstimate(const GpuSpec &gpu, SplitMemory &memory,
                                         const EfficiencyParameters &parameters,
                                         const EstimateOptions &options)
{
    const Workload &w = memory.workload();
    if (!TrainingRecipe::searches(w, parameters))
        return std::nullopt;
    TrainingRecipe::Result found = TrainingRecipe::search(gpu, w, parameters);
    if (!found.fastest)
        return std::nullopt; // nothing fits: the workload's own recipe says by how much
    // The fastest candidate again, in full (its notes; its terms when asked), unless this is itself a
    // search's candidate.
    Estimate e = options.searchCandidate ? std::move(found.fastest->estimate)
                                         : estimate(gpu, found.fastest->workload, parameters, options);
    e.training->layoutsSearched = found.searched;
    e.minGpus = ParallelismModel::minimumGpus(memory, e.capacityGb, std::max(1, w.batch), parameters);
    for (MathTerm &term : e.math) // the search, shown as its answer (a search, not a formula)
        if (term.id == MathTermId::FewestGpus) {
            term.value = e.minGpus;
            term.substituted = QString::number(e.minGpus);
        }
    return e;
}

} // namespace

namespace {

// What the estimate must say about the GPU's record: a precision it has no tensor rate for, rates assumed
// from the typical share of its datasheet, a software stack the profile was not measured on, and the
// values it lacks (a GPU just added to the catalogue often lacks some: estimate what they allow, name the
// rest).
void noteWhatTheRecordSays(Estimate &e, const GpuSpec &gpu, const Workload &w,
                           const EfficiencyParameters &parameters, const ResolvedEfficiency &efficiency,
                           const ComputeRate &rate, bool withText)
{
    e.matmulShareDerived = efficiency.matmulShareDerived;
    e.memoryShareDerived = efficiency.memoryShareDerived;
    if (!parameters.calibratedStacks.isEmpty()) {
        const QString stack = GpuCapabilities::softwareStackName(GpuCapabilities::softwareStack(gpu));
        if (!parameters.calibratedStacks.contains(stack, Qt::CaseInsensitive))
            e.uncalibratedStack = stack.isEmpty() ? gpu.vendor : stack;
    }
    if (e.capacityGb <= 0.0)
        e.missing << GpuField::MemoryGb;
    if (gpu.memoryBandwidthGBs.value_or(0.0) <= 0.0)
        e.missing << GpuField::MemoryBandwidthGBs;
    if (rate.tflops <= 0.0)
        e.missing << MissingSpecs::computeField(computePrecision(w));
    e.powerKnown = CostModel::powerKnown(gpu);
    if (!withText)
        return;

    if (rate.fellBack && rate.tflops > 0.0) // rare, so the fast path still pays nothing; none: said below
        e.notes << QCoreApplication::translate(
                       "Estimator", "%1 has no %2 tensor rate; computed at the %3 rate (%4 TFLOPS)")
                       .arg(e.gpuName, Precisions::name(computePrecision(w)), Precisions::name(rate.used),
                            MathLog::number(rate.tflops));
    if (e.matmulShareDerived || e.memoryShareDerived)
        e.notes << QCoreApplication::translate(
                       "Estimator", "%1: no microbenchmark of its %2 in the catalogue; assumed to "
                                    "reach the typical share of its datasheet (matmul %3%, memory %4%)")
                       .arg(e.gpuName,
                            e.matmulShareDerived && e.memoryShareDerived
                                ? QCoreApplication::translate("Estimator", "matmul rate and memory bandwidth")
                            : e.matmulShareDerived
                                ? QCoreApplication::translate("Estimator", "matmul rate")
                                : QCoreApplication::translate("Estimator", "memory bandwidth"),
                            QString::number(efficiency.matmulAchievable * 100.0, 'f', 0),
                            QString::number(efficiency.memoryAchievable * 100.0, 'f', 0));
    if (!e.uncalibratedStack.isEmpty())
        e.notes << QCoreApplication::translate(
                       "Estimator",
                       "%1 runs on %2, which %3's measurements do not include (they are %4): its "
                       "efficiencies are those stacks', and its ranges are widened by the spread "
                       "between stacks")
                       .arg(e.gpuName, e.uncalibratedStack, parameters.profileId,
                            parameters.calibratedStacks.join(QStringLiteral(", ")));
    if (!e.missingForEnergy().isEmpty())
        e.notes << QCoreApplication::translate("Estimator", "%1 %2 (not in the catalogue)")
                       .arg(e.gpuName, MissingSpecs::needsText(e.missingForEnergy()));
}

// The split and the batch per replica an estimate runs at.
struct Deployment
{
    ParallelismModel::Choice choice;
    int batch = 1;           // sequences per replica
    int deploymentBatch = 1; // over every replica
};

// The deployment batch (requests in flight, or the global training batch) as given; for inference with
// batch 0, as many as fit on each replica, capped by the framework. Each replica holds its share. Notes
// on e what it had to give up.
Deployment chooseDeployment(Estimate &e, const GpuSpec &gpu, SplitMemory &memory,
                            const EfficiencyParameters &parameters, const ResolvedEfficiency &efficiency,
                            const ComputeRate &rate)
{
    const ModelArchitecture &a = memory.architecture();
    const Workload &w = memory.workload();
    int deploymentBatch = std::max(1, w.batch);
    ParallelismModel::Choice choice = ParallelismModel::choose(
        memory, e.capacityGb, deploymentBatch, parameters, GpuCapabilities::gpusPerNode(gpu, w.gpusPerNode));
    int batch = ParallelismModel::sequencesPerReplica(w, deploymentBatch, choice.parallelism.data);
    if (!Tasks::isTraining(w.task) && w.batch == 0) {
        // Engine-chosen batch: the largest that fits, capped by the framework. With an automatic split,
        // every model-parallel size that holds the model is tried and the highest throughput kept (a
        // bigger tensor-parallel group leaves more memory for the KV cache of a bigger batch).
        const auto largestBatch = [&](const Parallelism &p) {
            const auto [fixed, perSequence] = affineInBatch(memory, p);
            const double fitting =
                perSequence > 0.0 ? std::floor((e.capacityGb - fixed) / perSequence) : parameters.maxBatch;
            return std::clamp(clampToInt(fitting), 1, parameters.maxBatch);
        };
        batch = largestBatch(choice.parallelism);
        const bool automatic = w.tensorParallel == 0 && w.pipelineParallel == 0 && !parameters.pipelineSplit;
        if (automatic && choice.fits && a.transformer && e.speedKnown()) {
            double bestThroughput = -1.0;
            const int gpus = choice.parallelism.gpus;
            for (int m = choice.parallelism.tensor * choice.parallelism.pipeline; m <= std::min(gpus, 8);
                 ++m) {
                if (gpus % m != 0)
                    continue;
                const Parallelism p = ParallelismModel::split(gpus, m, gpus / m, false);
                const int candidateBatch = largestBatch(p);
                if (memory.totalGb(p, candidateBatch) > e.capacityGb)
                    continue;
                const InferenceResult trial =
                    InferenceModel::run(InferenceModel::Inputs{a, w, gpu, parameters, efficiency, p, rate,
                                                               candidateBatch, candidateBatch * p.data},
                                        nullptr);
                if (trial.throughputTokensPerS > bestThroughput) {
                    bestThroughput = trial.throughputTokensPerS;
                    batch = candidateBatch;
                    choice.parallelism = p;
                }
            }
        }
        deploymentBatch = batch * choice.parallelism.data;
        choice.memory = memory.at(choice.parallelism, batch);
        choice.fits = choice.memory.totalGb() <= e.capacityGb;
    }
    if (const std::optional<Parallelism> serving = servingSplit(memory, e.capacityGb, parameters)) {
        choice.parallelism = *serving;
        batch = ParallelismModel::sequencesPerReplica(w, deploymentBatch, serving->data);
        choice.memory = memory.at(*serving, batch);
        choice.fits = choice.memory.totalGb() <= e.capacityGb;
    }
    if (w.traffic && !choice.fits) {
        // Under load the engine queues what its KV cache cannot hold: the static batch is what fits.
        const auto [fixed, perSequence] = affineInBatch(memory, choice.parallelism);
        const int fitting =
            perSequence > 0.0 ? clampToInt(std::floor((e.capacityGb - fixed) / perSequence)) : batch;
        if (fitting >= 1 && fitting < batch) {
            batch = fitting;
            deploymentBatch = batch * choice.parallelism.data;
            choice.memory = memory.at(choice.parallelism, batch);
            choice.fits = choice.memory.totalGb() <= e.capacityGb;
            e.notes << QCoreApplication::translate(
                           "Estimator", "%1 requests do not fit in memory at once: %2 run together, "
                                        "the others queue (serving simulation)")
                           .arg(std::max(1, w.batch))
                           .arg(deploymentBatch);
        }
    }
    return {choice, batch, deploymentBatch};
}

// What an estimate is of: the GPU, the model and task, the profile and the precisions.
Estimate describe(const GpuSpec &gpu, const Workload &w, const EfficiencyParameters &parameters)
{
    Estimate e;
    e.gpuId = gpu.gpuId;
    e.gpuName = gpu.displayName();
    e.modelId = w.model.modelId;
    e.task = w.task;
    e.profileId = parameters.profileId;
    e.weightPrecision = w.weightPrecision;
    e.activationPrecision = w.activationPrecision;
    e.kvPrecision = w.kvPrecision;
    e.capacityGb = gpu.memoryGb.value_or(0.0);
    return e;
}

// The split's terms: its degrees, the batch per replica and the search for the fewest GPUs.
void logSplit(MathLog &math, const Estimate &e, const Workload &w, int deploymentBatch)
{
    const auto in = [](const char *symbol, int value) { return Math::input<MathExpr>(symbol, value); };
    MathExpr split = in("tp", e.parallelism.tensor) * in("pp", e.parallelism.pipeline);
    if (e.parallelism.context > 1)
        split = split * in("cp", e.parallelism.context);
    math.add(MathTermId::Parallelism, split * in("dp", e.parallelism.data));
    if (!Tasks::isTraining(w.task)) // training: TrainingModel logs its split of the global batch
        math.add(MathTermId::BatchPerReplica, Math::ceil(Math::input<MathExpr>(kRequests, deploymentBatch) /
                                                         in("dp", e.parallelism.data)));
    // A search, not a formula: the memory terms above are what it compares with the capacity.
    math.add(MathTermId::FewestGpus,
             MathExpr::symbol(
                 QCoreApplication::translate(
                     "Estimator", "smallest power of two n whose split has memory per GPU <= capacity"),
                 e.minGpus));
}

// What the speed branches give the cost model.
struct Speed
{
    double tokensPerS = 0.0;
    double budgetHours = 0.0;
    double busyFraction = 1.0; // how busy the GPU is, for its power (CostModel)
};

// Under a serving load: the simulated engine's figures replace the static batch's, or, when the engine
// cannot admit one request, the deployment does not fit.
void estimateServing(Estimate &e, const InferenceModel::Inputs &inputs,
                     const ServingSimulator::StepCost &step, SplitMemory &memory, Speed &speed, MathLog *math)
{
    const Workload &w = inputs.workload;
    ServingLoad::Deployment deployment = servingDeployment(inputs, step, memory, e.capacityGb);
    if (w.disaggregation) {
        // Every GPU of both pools is paid for and counted per GPU.
        e.parallelism.gpus = w.disaggregation->prefillPoolGpus() + w.disaggregation->decodePoolGpus();
        if (const QString unfit = addPrefillPool(deployment, inputs, e.capacityGb); !unfit.isEmpty()) {
            e.fits = false;
            e.unfitReason = unfit;
            e.notes << unfit;
            return;
        }
    }
    ServingResult serving = ServingLoad::simulate(deployment, *w.traffic);
    if (w.traffic->hasTargets()) {
        const ServingLoad::MostUsers most = ServingLoad::mostUsersWithin(deployment, *w.traffic, &serving);
        serving.maxConcurrencyWithinSlo = most.users;
        serving.maxConcurrencyCapped = most.capped;
    }
    if (serving.outputTokensPerS > 0.0) {
        speed.tokensPerS = serving.outputTokensPerS;
        ServingLoad::explain(deployment, serving, math);
        e.serving = serving;
        return;
    }
    // The engine cannot admit one request: this deployment serves none of the load. Said as not fitting,
    // like a model too large, not as a load result of zeros.
    e.fits = false;
    e.unfitReason =
        QCoreApplication::translate(
            "Estimator", "under load nothing is served: the engine's KV cache holds %2 tokens and one "
                         "request needs %1 (the weights and overheads fill the share of memory the "
                         "engine uses)")
            .arg(w.inputTokens + w.outputTokens)
            .arg(serving.kvCacheTokens);
    e.notes << e.unfitReason;
}

// Inference at the chosen deployment: the static batch's latencies and throughput, the largest batch and
// context that fit, and under a serving load the simulated engine's figures.
Speed estimateInference(Estimate &e, const GpuSpec &gpu, SplitMemory &memory,
                        const EfficiencyParameters &parameters, const ResolvedEfficiency &efficiency,
                        const ComputeRate &rate, const Deployment &chosen, MathLog *math)
{
    const ModelArchitecture &a = memory.architecture();
    const Workload &w = memory.workload();
    // Plain names, not a structured binding: the lambdas below capture them (clang refuses a binding).
    const std::pair<double, double> affine = affineInBatch(memory, e.parallelism);
    const double fixed = affine.first;
    const double perSequence = affine.second;
    Speed speed;
    InferenceModel::Inputs inputs{
        a, w, gpu, parameters, efficiency, e.parallelism, rate, chosen.batch, chosen.deploymentBatch};
    InferenceResult result = InferenceModel::run(inputs, math);
    // The static batch's: under a load the engine runs batches of about its size.
    const ServingSimulator::StepCost step = InferenceModel::stepCost(inputs);
    speed.busyFraction =
        CostModel::inferenceBusyFraction(step.weightReadS + step.fixedSeconds(chosen.batch), w.outputTokens,
                                         result.ttftMs / 1000.0, result.tpotMs / 1000.0);
    // Over every replica.
    result.maxBatch = clampToInt(Math::evaluate(math, MathTermId::LargestBatch, [&]<typename T>() {
        return countThatFits(sequencesThatFit<T>(e.capacityGb, fixed, perSequence) *
                             Math::input<T>("dp", e.parallelism.data));
    }));
    result.maxContext = clampToInt(Math::evaluate(math, MathTermId::LongestContext, [&]<typename T>() {
        return longestContext<T>(a, w, e.parallelism, chosen.batch, e.capacityGb, e.perGpuGb,
                                 e.memory.kvCacheGb);
    }));
    speed.tokensPerS = result.throughputTokensPerS;
    e.inference = result;
    if (w.traffic && e.fits)
        estimateServing(e, inputs, step, memory, speed, math);
    return speed;
}

// Training at the chosen split: one step's time and throughput, with notes on a split the network or the
// global batch cannot carry as asked.
Speed estimateTraining(Estimate &e, const GpuSpec &gpu, SplitMemory &memory,
                       const ResolvedEfficiency &efficiency, const ComputeRate &rate, MathLog *math)
{
    const ModelArchitecture &a = memory.architecture();
    const Workload &w = memory.workload();
    const auto [fixed, perSequence] = affineInBatch(memory, e.parallelism);
    const int maxBatch = clampToInt(sequencesThatFit<double>(e.capacityGb, fixed, perSequence));
    const int node = GpuCapabilities::gpusPerNode(gpu, w.gpusPerNode);
    if (w.networkGbps == 0.0 && e.parallelism.gpus > node) {
        e.fits = false;
        e.notes << QCoreApplication::translate("Estimator",
                                               "%1 GPUs need %2 nodes of %3; the network is one node only")
                       .arg(e.parallelism.gpus)
                       .arg((e.parallelism.gpus + node - 1) / node)
                       .arg(node);
    }
    // An FP8 or FP4 recipe the GPU's tensor cores cannot run (MXFP8 and NVFP4 before data-centre Blackwell)
    // cannot train there; math asked in MXFP8 or NVFP4 is that recipe.
    const Fp8Recipe asked = Fp8Scaling::askedOf(w);
    if (Precisions::elementFormat(w.activationPrecision) == Precision::Fp8 || asked == Fp8Recipe::Nvfp4)
        if (const QString refusal = Fp8Scaling::refusal(gpu, asked); !refusal.isEmpty()) {
            e.fits = false;
            e.unfitReason = refusal;
            e.notes << refusal;
        }
    const int perReplica = (std::max(1, w.batch) + e.parallelism.data - 1) / e.parallelism.data;
    if (std::max(1, w.batch) % e.parallelism.data != 0 || perReplica % std::max(1, w.microBatch) != 0)
        e.notes << QCoreApplication::translate(
                       "Estimator", "the global batch %1 does not split evenly into micro-batches of %2 over "
                                    "%3 replicas: each step runs %4 micro-batches per replica")
                       .arg(std::max(1, w.batch))
                       .arg(std::max(1, w.microBatch))
                       .arg(e.parallelism.data)
                       .arg((perReplica + std::max(1, w.microBatch) - 1) / std::max(1, w.microBatch));
    TrainingModel::Inputs inputs{a, w, gpu, efficiency, e.parallelism, rate};
    TrainingResult result = TrainingModel::run(inputs, math);
    result.maxBatch = maxBatch;
    e.training = result;
    return {result.tokensPerS, result.budgetHours, CostModel::trainingBusyFraction(result.breakdown)};
}

// A datasheet value far off (1e-300 TFLOPS) gives a time no one could wait for: say so beside it.
void noteSpeedOutOfRange(Estimate &e, double tokensPerS)
{
    const double secondsTaken =
        e.training ? e.training->stepTimeS : (e.inference->ttftMs + e.inference->tpotMs) / 1000.0;
    e.speedOutOfRange =
        !std::isfinite(secondsTaken) || !std::isfinite(tokensPerS) || secondsTaken > kAbsurdSeconds;
    if (e.speedOutOfRange)
        e.notes << (e.training
                        ? QCoreApplication::translate("Estimator",
                                                      "%1: the speed estimate is out of range (%2 s a "
                                                      "training step): check its compute and bandwidth "
                                                      "values in the catalogue")
                        : QCoreApplication::translate("Estimator",
                                                      "%1: the speed estimate is out of range (%2 s for "
                                                      "the first two tokens): check its compute and "
                                                      "bandwidth values in the catalogue"))
                       .arg(e.gpuName, NumberText::fixed(secondsTaken, 1));
}

} // namespace

Estimate estimate(const GpuSpec &gpu, SplitMemory &memory, const EfficiencyParameters &parameters,
                  const EstimateOptions &options)
{
    if (memory.overheadGb() != parameters.frameworkOverheadGb) { // made for another profile: not shareable
        SplitMemory own(memory.architecture(), memory.workload(), parameters);
        return estimate(gpu, own, parameters, options);
    }
    if (std::optional<Estimate> searched = searchedEstimate(gpu, memory, parameters, options))
        return std::move(*searched);
    const ModelArchitecture &a = memory.architecture();
    const Workload &w = memory.workload();
    MathLog log;
    MathLog *math = options.buildMath ? &log : nullptr;
    Estimate e = describe(gpu, w, parameters);

    const ResolvedEfficiency efficiency = ResolvedEfficiency::resolve(parameters, gpu, w.model.kind);
    const ComputeRate rate =
        GpuCapabilities::peak(gpu, computePrecision(w), parameters.useFp16AccumulatePeak);
    e.computePrecisionUsed = rate.used;
    e.peakTflopsUsed = rate.tflops;
    noteWhatTheRecordSays(e, gpu, w, parameters, efficiency, rate, !options.searchCandidate);
    if (math) // a datasheet figure; a fallback is in the notes
        math->add(MathTermId::PeakCompute,
                  MathExpr::symbol(QCoreApplication::translate("Estimator", "dense tensor rate for %1")
                                       .arg(Precisions::name(rate.used)),
                                   rate.tflops));

    if (!e.memoryKnown()) {
        if (math)
            e.math = log.takeTerms();
        return e;
    }

    const Deployment chosen = chooseDeployment(e, gpu, memory, parameters, efficiency, rate);
    e.parallelism = chosen.choice.parallelism;
    // The memo holds this split at this batch already; evaluate again only to log the terms.
    e.memory = math ? ParallelismModel::memoryAt(a, w, e.parallelism, chosen.batch,
                                                 parameters.frameworkOverheadGb, math)
                    : chosen.choice.memory;
    e.perGpuGb = e.memory.totalGb();
    e.fits = e.perGpuGb <= e.capacityGb;
    if (!options.searchCandidate)
        e.minGpus = ParallelismModel::minimumGpus(
            memory, e.capacityGb, w.batch == 0 ? chosen.batch : chosen.deploymentBatch, parameters);
    if (math)
        logSplit(*math, e, w, chosen.deploymentBatch);

    if (!e.speedKnown()) { // the memory numbers above are all this GPU's record allows
        e.cost = CostModel::run(gpu, w, e.parallelism.gpus, 1.0, 0.0, 0.0, nullptr);
        if (math)
            e.math = log.takeTerms();
        return e;
    }

    const Speed speed = Tasks::isTraining(w.task)
                            ? estimateTraining(e, gpu, memory, efficiency, rate, math)
                            : estimateInference(e, gpu, memory, parameters, efficiency, rate, chosen, math);
    noteSpeedOutOfRange(e, speed.tokensPerS);
    e.cost = CostModel::run(gpu, w, e.parallelism.gpus, speed.busyFraction, speed.tokensPerS,
                            speed.budgetHours, math);
    if (e.training) // all GPUs, over the budget's hours, at the power the cost counts
        e.training->budgetEnergyKwh = e.cost.powerW * e.training->budgetHours / 1000.0;
    if (math)
        e.math = log.takeTerms();
    return e;
}

namespace {

QVector<Estimate> estimateEach(const QVector<GpuSpec> &gpus, const Workload &workload,
                               const ModelArchitecture &architecture, const EfficiencyParameters &parameters,
                               const EstimateOptions &options)
{
    SplitMemory memory(architecture, workload, parameters); // shared by every GPU
    const UncertaintyTable bands = UncertaintyTable::bundled().forProfile(parameters);
    QVector<Estimate> estimates;
    estimates.reserve(gpus.size());
    for (const GpuSpec &gpu : gpus) {
        estimates.append(estimate(gpu, memory, parameters, options));
        // The verdicts compare GPUs only beyond these ranges.
        EstimateRanges::attach(estimates.last(), bands);
    }
    return estimates;
}

// The first of `companions` (1, 2, 4, ... GPUs) that holds the workload on `gpu`, estimated into *out; its
// index. A count that does not fit names its fewest GPUs: the search jumps to the first count at or above it.
int fewestCompanion(const GpuSpec &gpu, const QVector<ResolvedWorkload::Companion> &companions, Estimate *out)
{
    int index = 0;
    while (true) {
        const ResolvedWorkload::Companion &c = companions.at(index);
        *out = estimate(gpu, c.workload, c.parameters, EstimateOptions{false});
        if (out->fits || !out->memoryKnown() || !out->unfitReason.isEmpty() || index + 1 >= companions.size())
            return index;
        int next = index + 1;
        while (next + 1 < companions.size() && companions.at(next).workload.gpuCount < out->minGpus)
            ++next;
        index = next;
    }
}

} // namespace

QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyParameters &parameters, const EstimateOptions &options)
{
    const Workload priced = CostModel::withComparisonBasis(gpus, workload); // one price basis for all
    const ModelArchitecture architecture = ModelArchitecture::from(priced.model);
    QVector<Estimate> primary = estimateEach(gpus, priced, architecture, parameters, options);
    const bool training = Tasks::isTraining(workload.task);
    const QVector<Verdict> verdicts = VerdictRules::judge(gpus, primary, training);
    const QString recipe = WorkloadResolver::recipe(workload, parameters);
    for (qsizetype i = 0; i < primary.size(); ++i) {
        Verdict &verdict = training ? primary[i].trainingVerdict : primary[i].inferenceVerdict;
        verdict = verdicts[i];
        verdict.recipe = recipe;
    }
    return primary;
}

QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const ResolvedWorkload &resolved,
                              const EstimateOptions &options)
{
    if (!resolved.workload)
        return {};
    QVector<Estimate> primary = estimateAll(gpus, *resolved.workload, resolved.parameters, options);
    if (resolved.companions.isEmpty())
        return primary;
    // The other task's verdict: its own recipe, estimated without math, on the fewest of each GPU that hold
    // it (what a user would deploy for that task), not on this run's count.
    const bool otherTraining = Tasks::isTraining(resolved.companions.first().workload.task);
    QVector<Estimate> companion;
    QStringList recipes;
    for (const GpuSpec &gpu : gpus) {
        const int chosen = fewestCompanion(gpu, resolved.companions, &companion.emplace_back());
        recipes << WorkloadResolver::recipe(resolved.companions.at(chosen).workload,
                                            resolved.companions.at(chosen).parameters);
    }
    const QVector<Verdict> verdicts = VerdictRules::judge(gpus, companion, otherTraining);
    for (qsizetype i = 0; i < primary.size(); ++i) {
        Verdict &verdict = otherTraining ? primary[i].trainingVerdict : primary[i].inferenceVerdict;
        verdict = verdicts[i];
        verdict.recipe = recipes.at(i);
    }
    return primary;
}

QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyProfile &profile, QString *error,
                              const EstimateOptions &options)
{
    const auto parameters = EfficiencyParameters::fromProfile(profile, error);
    if (!parameters)
        return {};
    return estimateAll(gpus, workload, *parameters, options);
}

} // namespace Estimator
