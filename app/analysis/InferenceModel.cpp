#include "app/analysis/InferenceModel.h"

#include "app/analysis/CommunicationModel.h"
#include "app/analysis/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace InferenceModel {

namespace {

// The words of the formulas, translated when the math is built ("tp", "L", "eta_c" are notation).
constexpr const char *kRequests = QT_TRANSLATE_NOOP("MathExpr", "requests in flight");
constexpr const char *kInput = QT_TRANSLATE_NOOP("MathExpr", "input");
constexpr const char *kOutput = QT_TRANSLATE_NOOP("MathExpr", "output");
constexpr const char *kPeak = QT_TRANSLATE_NOOP("MathExpr", "peak TFLOPS");
constexpr const char *kBandwidth = QT_TRANSLATE_NOOP("MathExpr", "bandwidth GB/s");
constexpr const char *kBytes = QT_TRANSLATE_NOOP("MathExpr", "bytes");
constexpr const char *kParams = QT_TRANSLATE_NOOP("MathExpr", "params");
constexpr const char *kFlopsPerSample = QT_TRANSLATE_NOOP("MathExpr", "FLOPs per sample");
constexpr const char *kLayerOverhead = QT_TRANSLATE_NOOP("MathExpr", "layer overhead");
constexpr const char *kMicrobatchTokens = QT_TRANSLATE_NOOP("MathExpr", "micro-batch tokens");
constexpr const char *kExpertParams = QT_TRANSLATE_NOOP("MathExpr", "expert params");
constexpr const char *kBytesPerExpertParam = QT_TRANSLATE_NOOP("MathExpr", "bytes per expert param");
constexpr const char *kMoeLayers = QT_TRANSLATE_NOOP("MathExpr", "MoE layers");
constexpr const char *kWeightBytes = QT_TRANSLATE_NOOP("MathExpr", "weight bytes");
constexpr const char *kKvBytesPerToken = QT_TRANSLATE_NOOP("MathExpr", "KV bytes per token");
constexpr const char *kStatePerSequence = QT_TRANSLATE_NOOP("MathExpr", "recurrent state bytes per sequence");
constexpr const char *kLinearFlops = QT_TRANSLATE_NOOP("MathExpr", "linear FLOPs");
constexpr const char *kAttentionFlops = QT_TRANSLATE_NOOP("MathExpr", "attention FLOPs");
constexpr const char *kSmClockBandwidth =
    QT_TRANSLATE_NOOP("MathExpr", "SMs x clock x bytes per SM per clock");

constexpr const char *kSmClockCompute = QT_TRANSLATE_NOOP("MathExpr", "SMs x clock x FLOPs per SM per clock");

bool weightOnlyQuantised(const Workload &w)
{
    switch (w.weightPrecision) {
    case Precision::GgufQ8_0:
    case Precision::GgufQ4_0:
    case Precision::GgufQ4_K_M:
    case Precision::Int4:
        return true;
    case Precision::Int8:
        return w.activationPrecision != Precision::Int8;
    default:
        return false;
    }
}

// Weight bytes one decode step streams from one GPU. A MoE batch touches E x (1 - (1 - k/E)^batch)
// distinct experts per layer (tokens routed independently).
template <typename T>
T decodeWeightBytes(const ModelArchitecture &a, const Workload &w, const Parallelism &p, const T &all,
                    const T &batch)
{
    if (a.experts <= 0)
        return all;
    // A checkpoint with its own mix (MXFP4 experts, BF16 rest) skips expert bytes at the experts' format.
    const T bytesPerParam =
        MemoryModel::keepsCheckpointMix(a, w)
            ? Math::input<T>(kBytesPerExpertParam, MemoryModel::expertBytesPerParamPerGpu(a, w, p))
            : all / Math::input<T>(kParams, a.totalParams);
    const T k = Math::input<T>("k", a.activeExperts);
    const T e = Math::input<T>("E", a.experts);
    const T touched = e * (1.0 - Math::pow(1.0 - k / e, batch));
    const T untouched = (e - touched) * Math::input<T>(kExpertParams, a.expertParamsPerLayer) *
                        Math::input<T>(kMoeLayers, a.moeLayers);
    return Math::max(0.0, all - untouched * bytesPerParam);
}

// What prefill and decode share: the rates, the split and the sizes runOf works out once (references to
// its locals, so that both passes read the very same terms).
template <typename T> struct Pass
{
    const Inputs &in;
    MathLog *math;
    const LinkInfo &link;
    const T &b, &requests, &computeRate, &attentionRate, &memoryRate, &tp, &pp, &mp;
    const T &activationBytes, &weightBytes, &s, &layers, &layersPerStage, &h, &layerOverhead;
};

template <typename T> T prefillOf(const Pass<T> &c, InferenceResult &r);
template <typename T> void decodeOf(const Pass<T> &c, const T &ttft, InferenceResult &r);

template <typename T> InferenceResult runOf(const Inputs &in, MathLog *math)
{
    using Id = MathTermId;
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    InferenceResult r;
    r.batch = in.batch;
    r.requestsInFlight = in.requests;
    r.replicas = in.parallelism.data;
    const T b = Math::inputNamed<T>([] { return MathTerms::displayName(Id::BatchPerReplica); }, in.batch);
    const T requests = Math::input<T>(kRequests, in.requests);
    const T peak = Math::input<T>(kPeak, in.rate.tflops) * 1e12;
    const T bandwidth = Math::input<T>(kBandwidth, in.gpu.memoryBandwidthGBs.value_or(0.0)) * 1e9;
    // FLOP/s for matmuls on one GPU; weight-only quantised formats pay for dequantising.
    // Datasheet x what microbenchmarks reach of it (f_mm, f_mem: 1 for datasheet profiles) x the engine's
    // share.
    T computeRate = peak * Math::input<T>("f_mm", e.matmulAchievable) * Math::input<T>("eta_c", e.compute);
    if (const double smLimit = GpuCapabilities::smClockRate(in.gpu, e.matmulFlopsPerSmClock); smLimit > 0.0)
        computeRate = Math::min(computeRate, Math::input<T>(kSmClockCompute, smLimit));
    if (weightOnlyQuantised(w))
        computeRate = computeRate * Math::input<T>("eta_quant", e.quantizedCompute);
    const T attentionRate = computeRate * Math::input<T>("eta_attn", e.attention); // attention scores
    T memoryRate =
        bandwidth * Math::input<T>("f_mem", e.memoryAchievable) * Math::input<T>("eta_m", e.memory);
    if (const double smLimit = GpuCapabilities::smClockRate(in.gpu, e.memoryBytesPerSmClock); smLimit > 0.0)
        memoryRate = Math::min(memoryRate, Math::input<T>(kSmClockBandwidth, smLimit));
    const T tp = Math::input<T>("tp", p.tensor);
    const T pp = Math::input<T>("pp", p.pipeline);
    const T mp = tp * pp;
    const LinkInfo link = scaleUpLinks(in.gpu, w, p).tensor;
    const T activationBytes = Math::input<T>(kBytes, Precisions::bytesPerValue(w.activationPrecision));
    const T weightBytes = Math::named(MemoryModel::weightBytesPerGpu<T>(a, w, p), kWeightBytes);

    if (!a.transformer) {
        // One forward pass per sample; the batch runs as one compute-bound pass.
        const T flops = b * Math::input<T>(kFlopsPerSample, a.forwardFlopsPerSample) / mp;
        const T seconds = Math::max(flops / computeRate, weightBytes / memoryRate);
        const T ms = seconds * 1e3;
        r.ttftMs = Math::value(ms);
        Math::record(math, Id::ForwardTime, ms);
        const T samples = requests / Math::named(seconds, Id::ForwardTime);
        r.prefillTokensPerS = Math::value(samples);
        r.throughputTokensPerS = r.prefillTokensPerS;
        Math::record(math, Id::SamplesPerSecond, samples);
        return r;
    }

    const T s = Math::input<T>(kInput, std::max(1, w.inputTokens));
    const T layers = Math::input<T>("L", a.layers);
    const T layersPerStage = layers / pp;
    const T h = Math::input<T>("h", a.hidden);
    const T layerOverhead = Math::input<T>(kLayerOverhead, e.layerOverheadS);

    const Pass<T> pass{in,
                       math,
                       link,
                       b,
                       requests,
                       computeRate,
                       attentionRate,
                       memoryRate,
                       tp,
                       pp,
                       mp,
                       activationBytes,
                       weightBytes,
                       s,
                       layers,
                       layersPerStage,
                       h,
                       layerOverhead};
    decodeOf(pass, prefillOf(pass, r), r);
    return r;
}

// Time to first token: the prompt's compute or weight reads, whichever is longer, per pipeline stage, plus
// the tensor-parallel all-reduces and the pipeline's transfers. Returns TTFT in seconds, named.
template <typename T> T prefillOf(const Pass<T> &c, InferenceResult &r)
{
    using Id = MathTermId;
    const ModelArchitecture &a = c.in.architecture;
    const Parallelism &p = c.in.parallelism;
    const ResolvedEfficiency &e = c.in.efficiency;
    const auto &[in, math, link, b, requests, computeRate, attentionRate, memoryRate, tp, pp, mp,
                 activationBytes, weightBytes, s, layers, layersPerStage, h, layerOverhead] = c;
    // ---- prefill ----
    // Causal attention: each token attends to input/2 earlier ones on average; an encoder's to all of them.
    const T linearFlops = b * s * a.linearFlopsPerToken<T>() / mp;
    const T attentionFlops = b * s * a.attentionFlopsPerToken<T>(a.encoder ? s : s / 2.0) / mp;
    Math::record(math, Id::PrefillFlops, linearFlops + attentionFlops);
    // A pipeline splits the prompt in micro-batches that overlap across stages; each reads the weights.
    const bool microbatched = p.pipeline > 1 && in.parameters.prefillMicrobatchTokens > 0;
    const T microbatches =
        microbatched
            ? Math::ceil(s / Math::input<T>(kMicrobatchTokens, in.parameters.prefillMicrobatchTokens))
            : T(1.0);
    const T prefillCompute = Math::named(linearFlops, kLinearFlops) / computeRate +
                             Math::named(attentionFlops, kAttentionFlops) / attentionRate;
    const T prefillMemory = (microbatched ? weightBytes * microbatches : weightBytes) / memoryRate;
    r.prefillComputeBound = Math::value(prefillCompute) >= Math::value(prefillMemory);
    Math::record(math, Id::PrefillComputeTime, prefillCompute * 1e3);
    Math::record(math, Id::PrefillMemoryTime, prefillMemory * 1e3);
    T perPass = layersPerStage * layerOverhead;
    if (a.experts > 0 && e.moeLayerOverheadS > 0.0) // the engine's fixed time of each MoE layer too
        perPass =
            perPass + Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "MoE layers"), a.moeLayers) / pp *
                          Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "t_moe_layer"), e.moeLayerOverheadS);
    const T stageOverhead = microbatched ? perPass * microbatches : perPass;
    const T stageWork = Math::max(Math::named(prefillCompute, Id::PrefillComputeTime),
                                  Math::named(prefillMemory, Id::PrefillMemoryTime)) +
                        stageOverhead;
    T ttft = p.pipeline > 1 ? stageWork * ((microbatches + pp - 1.0) / microbatches) : stageWork;
    const T prefillTp =
        a.allReducesPerLayer * layers *
        CommunicationModel::allReduceSeconds<T>(b * s * h * activationBytes, tp, link, e.communication);
    if (Math::value(prefillTp) != 0.0) { // adding 0 would change nothing
        Math::record(math, Id::PrefillTensorParallel, prefillTp * 1e3);
        ttft = ttft + Math::named(prefillTp, Id::PrefillTensorParallel);
    }
    if (p.pipeline > 1) {
        const T prefillPp = (pp - 1.0) * CommunicationModel::pointToPointSeconds<T>(
                                             b * s * h * activationBytes / tp, link, e.communication);
        Math::record(math, Id::PrefillPipelineTransfers, prefillPp * 1e3);
        ttft = ttft + Math::named(prefillPp, Id::PrefillPipelineTransfers);
    }
    const T ttftMs = ttft * 1e3;
    r.ttftMs = Math::value(ttftMs);
    Math::record(math, Id::TimeToFirstToken, ttftMs);
    ttft = Math::named(ttft, Id::TimeToFirstToken);
    const T prefillTokens = requests * s / ttft;
    r.prefillTokensPerS = Math::value(prefillTokens);
    Math::record(math, Id::PrefillTokensPerSecond, prefillTokens);

    return ttft;
}

// Time per output token and the throughput: a step reads the weights and the KV cache; the throughput
// counts TTFT once per request. Nothing for an encoder or a decoder that generates nothing.
template <typename T> void decodeOf(const Pass<T> &c, const T &ttft, InferenceResult &r)
{
    using Id = MathTermId;
    const ModelArchitecture &a = c.in.architecture;
    const Workload &w = c.in.workload;
    const Parallelism &p = c.in.parallelism;
    const ResolvedEfficiency &e = c.in.efficiency;
    const auto &[in, math, link, b, requests, computeRate, attentionRate, memoryRate, tp, pp, mp,
                 activationBytes, weightBytes, s, layers, layersPerStage, h, layerOverhead] = c;
    if (a.encoder || w.outputTokens <= 0) {
        // An encoder's output is its processed sequence; a decoder that generates nothing has no output
        // throughput (batch x output / (TTFT + output x TPOT) = 0).
        r.throughputTokensPerS = a.encoder ? r.prefillTokensPerS : 0.0;
        return;
    }

    // ---- decode ----
    // One step reads the weights once for the batch and every sequence's KV cache at the mean context.
    const T outputs = Math::input<T>(kOutput, w.outputTokens);
    const T context = MemoryModel::effectiveKvContext<T>(a, s + outputs / 2.0);
    const T stepWeights = decodeWeightBytes<T>(a, w, p, weightBytes, b);
    const T kvPerToken = Math::named(MemoryModel::kvBytesPerTokenPerGpu<T>(a, w, p), kKvBytesPerToken);
    const T stepKv = b * context * kvPerToken;
    const T stepLinear = b * a.linearFlopsPerToken<T>() / mp;
    // MLA decodes with the absorbed weights, over the latent
    // (ModelArchitecture::decodeAttentionFlopsPerPair).
    const T stepAttention =
        a.mla ? b *
                    Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "absorbed MLA FLOPs per token pair"),
                                   a.decodeAttentionFlopsPerPair()) *
                    context / mp
              : b * a.attentionFlopsPerToken<T>(context) / mp;
    T stepBytes = stepWeights + stepKv;
    if (a.hybrid && a.recurrentStateBytes(1.0) > 0.0)
        // Each step reads and writes every sequence's Mamba-2 / Gated DeltaNet state once.
        stepBytes = stepBytes + b * 2.0 *
                                    Math::named(MemoryModel::recurrentStateBytesPerSequencePerGpu<T>(a, w, p),
                                                kStatePerSequence);
    Math::record(math, Id::DecodeBytes, stepBytes);
    const T decodeMemory = Math::named(stepBytes, Id::DecodeBytes) / memoryRate;
    const T decodeCompute = stepLinear / computeRate + stepAttention / attentionRate;
    r.decodeComputeBound = Math::value(decodeCompute) > Math::value(decodeMemory);
    Math::record(math, Id::DecodeMemoryTime, decodeMemory * 1e3);
    Math::record(math, Id::DecodeComputeTime, decodeCompute * 1e3);
    // A decode step passes every pipeline stage in turn: pp does not shorten TPOT. A batch within the
    // engine's CUDA graphs replays its layers from one (the profile's cuda_graph_max_tokens).
    const bool graphed = in.parameters.cudaGraphMaxTokens > 0 && in.batch <= in.parameters.cudaGraphMaxTokens;
    const T decodeLayerOverhead =
        graphed ? Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "t_layer from a CUDA graph"),
                                 e.graphLayerOverheadS)
                : layerOverhead;
    T stage = Math::max(Math::named(decodeMemory, Id::DecodeMemoryTime),
                        Math::named(decodeCompute, Id::DecodeComputeTime)) +
              layersPerStage * decodeLayerOverhead;
    if (a.experts > 0 && e.moeLayerOverheadS > 0.0)
        stage = stage + Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "MoE layers"), a.moeLayers) / pp *
                            Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "t_moe_layer"), e.moeLayerOverheadS);
    T tpot = stage * pp;
    const T decodeTp =
        a.allReducesPerLayer * layers *
        CommunicationModel::allReduceSeconds<T>(b * h * activationBytes, tp, link, e.communication);
    if (Math::value(decodeTp) != 0.0) {
        Math::record(math, Id::DecodeTensorParallel, decodeTp * 1e3);
        tpot = tpot + Math::named(decodeTp, Id::DecodeTensorParallel);
    }
    if (p.pipeline > 1) {
        const T decodePp = (pp - 1.0) * CommunicationModel::pointToPointSeconds<T>(
                                            b * h * activationBytes / tp, link, e.communication);
        Math::record(math, Id::DecodePipelineTransfers, decodePp * 1e3);
        tpot = tpot + Math::named(decodePp, Id::DecodePipelineTransfers);
    }
    const T tpotMs = tpot * 1e3;
    r.tpotMs = Math::value(tpotMs);
    Math::record(math, Id::TimePerOutputToken, tpotMs);
    tpot = Math::named(tpot, Id::TimePerOutputToken);
    const T decodeTokens = requests / tpot;
    r.decodeTokensPerS = Math::value(decodeTokens);
    Math::record(math, Id::DecodeTokensPerSecond, decodeTokens);
    const T throughput = requests * outputs / (ttft + outputs * tpot);
    r.throughputTokensPerS = Math::value(throughput);
    Math::record(math, Id::EndToEndThroughput, throughput);
}

// Speculative decoding's terms of a step (issue 57). With a per-token acceptance a and K drafts, a step keeps
// 1 + a + a^2 + ... + a^K tokens (the accepted run of drafts, then the model's own token). An MTP module is
// num_nextn_predict_layers of the model's layers run once per draft; an EAGLE-3 head is one decoder layer of
// the model's width; both sample from the output head (vocabulary x hidden, split like the rest over tp).
// N-gram lookup is the host's, no GPU time.
void addSpeculation(ServingSimulator::StepCost &c, const ModelArchitecture &a, const Workload &w,
                    const Parallelism &p, double computeRate, double memoryRate)
{
    const Speculation &s = w.speculation;
    if (s.method == SpeculativeMethod::None || s.draftTokens < 1)
        return;
    const int k = s.draftTokens;
    const double alpha = std::clamp(s.acceptanceRate, 0.0, 1.0);
    c.verifyTokens = k + 1;
    c.acceptedTokens = alpha >= 1.0 ? k + 1.0 : (1.0 - std::pow(alpha, k + 1)) / (1.0 - alpha);
    if (s.method == SpeculativeMethod::Ngram || a.layers <= 0)
        return;
    c.draftPasses = k;
    const int draftLayers = s.method == SpeculativeMethod::Mtp ? std::max(1, a.mtpLayers) : 1;
    c.draftShare = double(draftLayers) / a.layers;
    const double headParams = a.vocab * a.hidden / std::max(1, p.tensor);
    c.headReadS = headParams * Precisions::bytesPerValue(w.weightPrecision) / memoryRate;
    c.headPerTokenS = 2.0 * headParams / computeRate;
}

} // namespace

ScaleUpLinks scaleUpLinks(const GpuSpec &gpu, const Workload &w, const Parallelism &p)
{
    ScaleUpLinks links;
    links.domainGpus = GpuCapabilities::gpusPerNode(gpu, w.gpusPerNode);
    links.tensor = GpuCapabilities::groupLink(gpu, p.tensor * p.pipeline, 1, links.domainGpus, w.networkGbps);
    CommunicationModel::ExpertGroup &experts = links.experts;
    experts.ep = std::max(1, w.expertParallel);
    experts.gpusPerNode = links.domainGpus;
    experts.inside = GpuCapabilities::link(gpu, std::min(experts.ep, links.domainGpus));
    // One NIC per GPU (as on HGX and NVL72 trays): Gb/s / 8 = GB/s each way. English here (the fast path);
    // the math translates it (context GpuCapabilities).
    experts.network = {w.networkGbps / 8.0, false, true,
                       QStringLiteral(QT_TRANSLATE_NOOP("GpuCapabilities", "network"))};
    return links;
}

ServingSimulator::StepCost stepCost(const Inputs &in)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    double computeRate = in.rate.tflops * 1e12 * e.matmulAchievable * e.compute;
    if (const double smLimit = GpuCapabilities::smClockRate(in.gpu, e.matmulFlopsPerSmClock); smLimit > 0.0)
        computeRate = std::min(computeRate, smLimit);
    if (weightOnlyQuantised(w))
        computeRate *= e.quantizedCompute;
    const double attentionRate = computeRate * e.attention;
    double memoryRate = in.gpu.memoryBandwidthGBs.value_or(0.0) * 1e9 * e.memoryAchievable * e.memory;
    if (const double smLimit = GpuCapabilities::smClockRate(in.gpu, e.memoryBytesPerSmClock); smLimit > 0.0)
        memoryRate = std::min(memoryRate, smLimit);
    const double modelParallel = double(p.tensor) * p.pipeline;
    ServingSimulator::StepCost c;
    if (computeRate <= 0.0 || memoryRate <= 0.0)
        return c;
    c.linearPerTokenS = a.linearFlopsPerToken<double>() / modelParallel / computeRate;
    if (a.experts > 0 && (e.expertTokensHalf > 0.0 || e.expertWidthHalf > 0.0)) {
        // The routed experts' share, at their grouped GEMMs' own size: their width on one GPU (tensor
        // parallelism splits an expert's width; expert parallelism keeps it whole) here, their tokens per
        // expert in StepCost::seconds.
        const double expertFlops = 2.0 * a.expertParamsPerLayer * a.activeExperts * a.moeLayers;
        const double width =
            a.expertFfn * std::min(1.0, double(std::max(1, w.expertParallel)) / std::max(1, p.tensor));
        const double widthFactor = e.expertWidthHalf > 0.0 ? width / (width + e.expertWidthHalf) : 1.0;
        const double expertS =
            std::min(expertFlops, a.linearFlopsPerToken<double>()) / modelParallel / computeRate;
        c.linearPerTokenS -= expertS;
        c.expertLinearPerTokenS = expertS / widthFactor;
        c.expertTokensHalf = e.expertTokensHalf;
    }
    c.attentionPerPairS = a.attentionFlopsPerToken<double>(1.0) / modelParallel / attentionRate;
    c.decodeAttentionPerPairS = a.decodeAttentionFlopsPerPair() / modelParallel / attentionRate;
    const double weightBytes = MemoryModel::weightBytesPerGpu<double>(a, w, p);
    c.weightReadS = weightBytes / memoryRate;
    // Wide expert parallelism (ep above tp): ep / tp attention replicas send their tokens to one expert
    // group, so an expert sees all of theirs (vLLM's data parallel with --enable-expert-parallel, SGLang's
    // --enable-dp-attention).
    const bool wideExperts = a.experts > 0 && w.expertParallel > p.tensor;
    c.expertFeeds = wideExperts ? w.expertParallel / std::max(1, p.tensor) : 1;
    if (a.experts > 0 && a.totalParams > 0.0) {
        c.experts = a.experts;
        c.activeExperts = a.activeExperts;
        c.expertReadS = a.expertParamsPerLayer * a.moeLayers *
                        (MemoryModel::keepsCheckpointMix(a, w) || wideExperts
                             ? MemoryModel::expertBytesPerParamPerGpu(a, w, p)
                             : weightBytes / a.totalParams) /
                        memoryRate;
    }
    c.kvReadPerTokenS = MemoryModel::kvBytesPerTokenPerGpu<double>(a, w, p) / (memoryRate * e.kvRead);
    // Fixed time as the engine spends it (issue 55): host work per step and per sequence, and the layers'
    // launches, from a CUDA graph for the steps the engine captured.
    const EfficiencyParameters &engine = in.parameters;
    c.hostStepS = e.stepOverheadS;
    const double moeLayers = a.experts > 0 ? a.moeLayers * e.moeLayerOverheadS : 0.0;
    c.eagerLaunchS = a.layers * e.layerOverheadS + moeLayers;
    c.graphLaunchS =
        a.layers * (engine.cudaGraphMaxTokens > 0 ? e.graphLayerOverheadS : e.layerOverheadS) + moeLayers;
    c.graphMaxTokens = engine.cudaGraphMaxTokens;
    c.graphPrefill = engine.cudaGraphPrefill;
    c.overlapHost = engine.overlapScheduler;
    c.perSequenceS = e.sequenceOverheadS;
    if (a.hybrid) // the recurrent state, read and written once a step
        c.perSequenceS +=
            2.0 * MemoryModel::recurrentStateBytesPerSequencePerGpu<double>(a, w, p) / memoryRate;
    c.slidingWindow = a.slidingWindow;
    c.fullLayerShare = a.slidingWindow > 0 && a.layers > 0 ? double(a.fullLayers) / a.layers : 0.0;
    // Communication is affine in the step's tokens: two all-reduces per layer, one hand-over per stage.
    // A group inside the scale-up domain (the node's NVLink or Infinity Fabric: 8 GPUs on HGX, 72 on an
    // NVL72 rack) runs at its rate; one that spans domains runs at the network's (scaleUpLinks).
    const ScaleUpLinks links = scaleUpLinks(in.gpu, w, p);
    const LinkInfo &link = links.tensor;
    const double tokenBytes = a.hidden * Precisions::bytesPerValue(w.activationPrecision);
    // With expert parallelism (ep a multiple of tp) a MoE layer's second all-reduce becomes a dispatch and a
    // combine of each token's k expert copies over the ep GPUs (CommunicationModel::expertAllToAllSeconds,
    // the one training uses): over the domain's links inside it, the network beyond.
    const bool expertParallel = w.expertParallel > 1 && a.moeLayers > 0 && w.expertParallel >= p.tensor;
    CommunicationModel::ExpertGroup experts = links.experts;
    experts.insideEfficiency = e.communication;
    experts.networkEfficiency = e.communication;
    const auto communication = [&](double tokens) {
        const double allReduce = CommunicationModel::allReduceSeconds<double>(tokens * tokenBytes, p.tensor,
                                                                              link, e.communication);
        double seconds = a.allReducesPerLayer * a.layers * allReduce;
        if (expertParallel)
            seconds += a.moeLayers * (2.0 * CommunicationModel::expertAllToAllSeconds<double>(
                                                tokens, tokenBytes, double(a.activeExperts), experts) -
                                      allReduce);
        if (p.pipeline > 1)
            seconds += (p.pipeline - 1.0) * CommunicationModel::pointToPointSeconds<double>(
                                                tokens * tokenBytes / p.tensor, link, e.communication);
        return seconds;
    };
    c.allReducePerTokenS = communication(2.0) - communication(1.0);
    c.allReduceFixedS = std::max(0.0, communication(1.0) - c.allReducePerTokenS);
    addSpeculation(c, a, w, p, computeRate, memoryRate);
    return c;
}

InferenceResult run(const Inputs &in, MathLog *math)
{
    return math ? runOf<MathExpr>(in, math) : runOf<double>(in, nullptr);
}

} // namespace InferenceModel
