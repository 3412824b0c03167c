#include "app/analysis/MemoryModel.h"

#include "app/analysis/PipelineStages.h"

#include <algorithm>

namespace MemoryModel {

namespace {

// The words of the formulas, translated when the math is built ("tp", "L", "h" are notation).
constexpr const char *kParams = QT_TRANSLATE_NOOP("MathExpr", "params");
constexpr const char *kBitsPerWeight = QT_TRANSLATE_NOOP("MathExpr", "bits per weight");
constexpr const char *kNf4Bits = QT_TRANSLATE_NOOP("MathExpr", "NF4 bits");
constexpr const char *kLoraParams = QT_TRANSLATE_NOOP("MathExpr", "LoRA params");
constexpr const char *kBytes = QT_TRANSLATE_NOOP("MathExpr", "bytes");
constexpr const char *kTokens = QT_TRANSLATE_NOOP("MathExpr", "tokens");
constexpr const char *kInput = QT_TRANSLATE_NOOP("MathExpr", "input");
constexpr const char *kMicroBatch = QT_TRANSLATE_NOOP("MathExpr", "micro-batch");
constexpr const char *kVocab = QT_TRANSLATE_NOOP("MathExpr", "vocab");
constexpr const char *kSlidingWindow = QT_TRANSLATE_NOOP("MathExpr", "sliding window");
constexpr const char *kFullLayers = QT_TRANSLATE_NOOP("MathExpr", "full-attention layers");
constexpr const char *kHeaviestStage = QT_TRANSLATE_NOOP("MathExpr", "heaviest stage / even stage");
constexpr const char *kLocalLayers = QT_TRANSLATE_NOOP("MathExpr", "local-attention layers");
constexpr const char *kExpertParams = QT_TRANSLATE_NOOP("MathExpr", "expert params");
constexpr const char *kNonExpertParams = QT_TRANSLATE_NOOP("MathExpr", "non-expert params");
constexpr const char *kNonExpertBits = QT_TRANSLATE_NOOP("MathExpr", "non-expert bits per weight");
constexpr const char *kEmbeddingParams = QT_TRANSLATE_NOOP("MathExpr", "embedding and output-head params");
constexpr const char *kEmbeddingBits = QT_TRANSLATE_NOOP("MathExpr", "embedding bits (kept 16-bit)");
constexpr const char *kFlopsPerSample = QT_TRANSLATE_NOOP("MathExpr", "FLOPs per sample");
constexpr const char *kStateBytes = QT_TRANSLATE_NOOP("MathExpr", "recurrent state bytes per sequence");
constexpr const char *kActivationBytesPerToken =
    QT_TRANSLATE_NOOP("MathExpr", "activation bytes per token, all blocks");
constexpr const char *kRecurrentState = QT_TRANSLATE_NOOP("MathExpr", "recurrent state");
constexpr const char *kMasterBytes = QT_TRANSLATE_NOOP("MathExpr", "master bytes");
constexpr const char *kMomentBytes = QT_TRANSLATE_NOOP("MathExpr", "moment bytes");
// The parts of the sum "memory per GPU".
constexpr const char *kWeights = QT_TRANSLATE_NOOP("MathExpr", "weights");
constexpr const char *kKvCache = QT_TRANSLATE_NOOP("MathExpr", "KV cache");
constexpr const char *kActivations = QT_TRANSLATE_NOOP("MathExpr", "activations");
constexpr const char *kGradients = QT_TRANSLATE_NOOP("MathExpr", "gradients");
constexpr const char *kOptimizer = QT_TRANSLATE_NOOP("MathExpr", "optimizer state");
constexpr const char *kAdapters = QT_TRANSLATE_NOOP("MathExpr", "adapters");
constexpr const char *kOverhead = QT_TRANSLATE_NOOP("MathExpr", "overhead");

template <typename T> T weightBits(const Workload &w)
{
    const T bits = Math::input<T>(kBitsPerWeight, Precisions::bitsPerValue(w.weightPrecision));
    if (w.task == Task::Qlora)
        return Math::min(Math::input<T>(kNf4Bits, kQloraBitsPerWeight), bits);
    // NVFP4 training keeps beside the 16-bit weights the NVFP4 copies its matmuls read, one row-wise for
    // the forward and one column-wise for the backward (Transformer Engine quantizes both from the
    // high-precision weight), 4.5 bits each.
    if (w.task == Task::Training && w.activationPrecision == Precision::Nvfp4)
        return bits + Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "NVFP4 weight copies bits"),
                                     2.0 * Precisions::bitsPerValue(Precision::Nvfp4));
    return bits;
}

// The GPUs one replica's weights and state are split over. Training's uneven pipeline stages hold more on
// the heaviest stage, which is the one that must fit (PipelineStages).
template <typename T> T modelParallel(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    const T mp = Math::input<T>("tp", p.tensor) * Math::input<T>("pp", p.pipeline);
    const double heaviest = Tasks::isTraining(w.task) ? PipelineStages::imbalance(a, w, p) : 1.0;
    return heaviest > 1.0 ? mp / Math::input<T>(kHeaviestStage, heaviest) : mp;
}

// Per GPU the data-parallel replicas split by ZeRO (divides by nothing without it, exactly as by 1). With
// context parallelism the GPUs of one sequence shard it too (Megatron's distributed optimizer over dp x cp).
// Expert parallelism spreads the experts over the GPUs of a pipeline stage (Megatron's layout: the expert,
// expert-tensor and expert-data-parallel groups fold over the tp x dp x cp GPUs). Fully sharded state then
// holds 1 / (GPUs) of the experts on each GPU, as of everything else: expert parallelism does not shrink it
// further. Only unsharded state is smaller for it.
bool shardsExperts(const Parallelism &p)
{
    return p.expert > 1 && p.expert <= p.data * std::max(1, p.context) * std::max(1, p.tensor);
}

template <typename T> T shardedOverData(const T &x, bool sharded, const Parallelism &p)
{
    if (!sharded)
        return x;
    return p.context > 1 ? x / (Math::input<T>("dp", p.data) * Math::input<T>("cp", p.context))
                         : x / Math::input<T>("dp", p.data);
}

template <typename T> MemoryBreakdown perGpuOf(const Inputs &in, MathLog *math)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const T mp = modelParallel<T>(a, w, p);
    // Sequences in memory at once on each replica: its share of the requests, or one training micro-batch.
    const T batch = Tasks::isTraining(w.task)
                        ? Math::input<T>(kMicroBatch, in.batch)
                        : Math::inputNamed<T>(
                              [] { return MathTerms::displayName(MathTermId::BatchPerReplica); }, in.batch);
    MemoryBreakdown m;

    const T weights = weightBytesPerGpu<T>(a, w, p) / kBytesPerGb;
    m.weightsGb = Math::value(weights);
    Math::record(math, MathTermId::WeightsPerGpu, weights);
    // The sum leaves out the parts this task does not have (adding their 0 would change nothing).
    T total = Math::named(weights, kWeights);

    if (!Tasks::isTraining(w.task)) {
        const T kvCache = kvBytesPerTokenPerGpu<T>(a, w, p) *
                          effectiveKvContext<T>(a, Math::input<T>(kTokens, in.context)) * batch / kBytesPerGb;
        m.kvCacheGb = Math::value(kvCache);
        if (a.transformer && !a.encoder) {
            Math::record(math, a.mla ? MathTermId::KvCacheMlaPerGpu : MathTermId::KvCachePerGpu, kvCache);
            total = total + Math::named(kvCache, kKvCache);
        }
        if (a.hybrid) {
            // Mamba-2 / Gated DeltaNet layers keep a fixed state per sequence, whatever its length.
            const T state = recurrentStateBytesPerSequencePerGpu<T>(a, w, p) * batch / kBytesPerGb;
            m.recurrentStateGb = Math::value(state);
            if (m.recurrentStateGb > 0.0)
                total = total + Math::named(state, kRecurrentState);
        }
        const T activations = inferenceActivationBytesPerSequence<T>(a, w, p) * batch / kBytesPerGb;
        m.activationsGb = Math::value(activations);
        Math::record(math, MathTermId::ActivationsInference, activations);
        total = total + Math::named(activations, kActivations);
    } else {
        const T activations = trainingActivationBytesPerSequence<T>(a, w, p) * batch / kBytesPerGb;
        m.activationsGb = Math::value(activations);
        Math::record(math,
                     w.recompute == Recompute::Full        ? MathTermId::ActivationsRecomputeFull
                     : w.recompute == Recompute::Selective ? MathTermId::ActivationsRecomputeSelective
                                                           : MathTermId::ActivationsRecomputeNone,
                     activations);
        total = total + Math::named(activations, kActivations);
        const T trainable = trainableParams<T>(a, w) * expertParallelShare<T>(a, p);
        if (w.task == Task::Training) {
            // Sharded state: 1 / (GPUs) of all of it, experts included (shardsExperts).
            const T whole = trainableParams<T>(a, w);
            const auto state = [&](const T &perParam, bool sharded) {
                return sharded && shardsExperts(p) ? shardedOverData(whole * perParam / mp, true, p)
                                                   : shardedOverData(trainable * perParam / mp, sharded, p);
            };
            const T gradients = state(T(2.0), w.zeroStage >= 2) / kBytesPerGb;
            // bf16 training keeps fp32 master weights; Adam two fp32 moments, 8-bit Adam two bytes.
            const T master =
                Math::input<T>(kMasterBytes, Precisions::bitsPerValue(w.weightPrecision) < 32.0 ? 4.0 : 0.0);
            const T moments = Math::input<T>(kMomentBytes, w.optimizer == Optimizer::Adam ? 8.0 : 2.0);
            const T optimizer = state(master + moments, w.zeroStage >= 1) / kBytesPerGb;
            m.gradientsGb = Math::value(gradients);
            m.optimizerGb = Math::value(optimizer);
            Math::record(math, MathTermId::GradientsPerGpu, gradients);
            Math::record(math, MathTermId::OptimizerStatePerGpu, optimizer);
            total = total + Math::named(gradients, kGradients) + Math::named(optimizer, kOptimizer);
        } else {
            // Adapters train in bf16 with fp32 Adam: 2 + 2 + 12 bytes per adapter parameter.
            const T adapters = trainable * 16.0 / mp / kBytesPerGb;
            m.adaptersGb = Math::value(adapters);
            Math::record(math, MathTermId::LoraAdaptersPerGpu, adapters);
            total = total + Math::named(adapters, kAdapters);
        }
    }
    const T overhead = Math::input<T>("framework_overhead_gb", in.overheadGb);
    m.overheadGb = Math::value(overhead);
    Math::record(math, MathTermId::FrameworkOverheadPerGpu, overhead);
    total = total + Math::named(overhead, kOverhead);
    Math::record(math, MathTermId::MemoryPerGpu, total);
    return m;
}

} // namespace

namespace {

// How many ways the experts are split beyond the tensor-parallel split of the rest. Training (Megatron's
// folding): ep, each expert also split over tp. Serving (vLLM --enable-expert-parallel, SGLang --ep): every
// expert is whole on one of the ep GPUs, so a GPU holds 1/ep of them: ep / tp beyond the tensor split.
int expertSplit(const Workload &w, const Parallelism &p)
{
    if (Tasks::isTraining(w.task))
        return std::max(1, p.expert);
    return std::max(1, p.expert / std::max(1, p.tensor));
}

template <typename T> T expertShareOf(const ModelArchitecture &a, int split)
{
    if (split <= 1 || a.experts < 2 || a.totalParams <= 0.0)
        return T(1.0);
    const double expertShare = std::min(1.0, a.expertParams() / a.totalParams);
    return Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "expert-parallel share"),
                          1.0 - expertShare * (1.0 - 1.0 / split));
}

} // namespace

template <typename T> T expertParallelShare(const ModelArchitecture &a, const Parallelism &p)
{
    return expertShareOf<T>(a, p.expert);
}

bool keepsCheckpointMix(const ModelArchitecture &a, const Workload &w)
{
    return a.nonExpertBits > 0.0 && w.task != Task::Qlora && w.weightPrecision == a.expertPrecision &&
           a.totalParams > a.expertParams();
}

// The weights one GPU uses, whole: its tensor- and pipeline-parallel share, its experts' share.
template <typename T> T usedWeightBytes(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    T bytes = 0.0;
    if (keepsCheckpointMix(a, w)) {
        // Expert parallelism splits the experts only; the rest is replicated on every expert-parallel GPU.
        const T experts = Math::input<T>(kExpertParams, a.expertParams());
        const int split = expertSplit(w, p);
        const T ep = split > 1 && a.experts > 1 ? Math::input<T>("ep", split) : T(1.0);
        bytes = (experts / ep * weightBits<T>(w) +
                 Math::input<T>(kNonExpertParams, a.totalParams - a.expertParams()) *
                     Math::input<T>(kNonExpertBits, a.nonExpertBits)) /
                8.0 / modelParallel<T>(a, w, p);
    } else if (w.task == Task::Qlora && a.embeddingParams > 0.0) {
        // bitsandbytes quantises the linear layers only: the embeddings and the output head stay 16-bit
        // (1.6 GB more than NF4 for the 1.05B of Llama-3 8B).
        const T embeddings = Math::input<T>(kEmbeddingParams, a.embeddingParams);
        bytes = ((Math::input<T>(kParams, a.totalParams) - embeddings) *
                     expertShareOf<T>(a, expertSplit(w, p)) * weightBits<T>(w) +
                 embeddings * Math::input<T>(kEmbeddingBits, 16.0)) /
                8.0 / modelParallel<T>(a, w, p);
    } else {
        // Full training keeps its multi-token-prediction modules too (trainableParams).
        const T params =
            w.task == Task::Training ? trainableParams<T>(a, w) : Math::input<T>(kParams, a.totalParams);
        bytes = params * expertShareOf<T>(a, expertSplit(w, p)) * weightBits<T>(w) / 8.0 /
                modelParallel<T>(a, w, p);
    }
    return bytes;
}

template <typename T> T weightBytesPerGpu(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    if (!(Tasks::isTraining(w.task) && w.zeroStage >= 3))
        return usedWeightBytes<T>(a, w, p);
    // ZeRO-3 keeps a 1/dp shard, the experts sharded over the same GPUs as the rest (shardsExperts) ...
    Parallelism storedOver = p;
    if (shardsExperts(p))
        storedOver.expert = 1;
    const T stored = shardedOverData(usedWeightBytes<T>(a, w, storedOver), true, p);
    if (!a.transformer || a.layers <= 0)
        return stored;
    // ... and gathers each layer whole before it runs, the next one prefetched (FSDP's forward and backward
    // prefetch): two of the stage's layers unsharded at a time. An MoE layer of 256 experts without expert
    // parallelism is 23 GB at 16 bits (DeepSeek-V3): FSDP alone does not hold it.
    const T stageLayers = Math::input<T>("L", a.layers) / Math::input<T>("pp", std::max(1, p.pipeline));
    return stored + 2.0 * usedWeightBytes<T>(a, w, p) / stageLayers;
}

double expertBytesPerParamPerGpu(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    // Serving's wide expert parallelism (ep above tp) keeps whole experts: the average over every weight
    // would mix in the replicated rest.
    if (keepsCheckpointMix(a, w) || (a.experts > 1 && !Tasks::isTraining(w.task) && expertSplit(w, p) > 1))
        return Precisions::bytesPerValue(w.weightPrecision) / (double(p.tensor) * p.pipeline) /
               (a.experts > 1 ? expertSplit(w, p) : 1);
    return a.totalParams > 0.0 ? weightBytesPerGpu<double>(a, w, p) / a.totalParams : 0.0;
}

template <typename T> T effectiveKvContext(const ModelArchitecture &a, const T &context)
{
    if (a.slidingWindow <= 0)
        return context;
    const T window = Math::min(context, Math::input<T>(kSlidingWindow, a.slidingWindow));
    if (a.fullLayers <= 0)
        return window;
    // Some layers attend to the whole context, the others to the window or chunk: the mean over the layers.
    return (Math::input<T>(kFullLayers, a.fullLayers) * context +
            Math::input<T>(kLocalLayers, a.localLayers()) * window) /
           Math::input<T>("L", a.layers);
}

template <typename T>
T kvBytesPerTokenPerGpu(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    if (!a.transformer || a.encoder)
        return T(0.0);
    // A hybrid stack caches keys and values in its attention layers only.
    const T layersPerGpu = a.attentionLayerCount<T>() / Math::input<T>("pp", p.pipeline);
    // MLA caches one latent per token, replicated over tp; otherwise K and V heads split over tp, at least
    // one KV head per GPU.
    const T elements =
        a.mla ? Math::input<T>("(kv_lora_rank + qk_rope_head_dim)", a.kvElementsPerTokenPerLayer)
              : 2.0 * Math::input<T>("d", a.headDim) *
                    Math::max(1.0, Math::input<T>("n_kv", a.kvHeads) / Math::input<T>("tp", p.tensor));
    return layersPerGpu * elements * Math::input<T>(kBytes, Precisions::bytesPerValue(w.kvPrecision));
}

template <typename T>
T recurrentStateBytesPerSequencePerGpu(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    const double bytes = a.recurrentStateBytes(Precisions::bytesPerValue(w.kvPrecision));
    if (bytes <= 0.0 || a.encoder)
        return T(0.0);
    // The heads split over tp, the layers over pp.
    return Math::input<T>(kStateBytes, bytes) /
           (Math::input<T>("tp", p.tensor) * Math::input<T>("pp", p.pipeline));
}

template <typename T>
T inferenceActivationBytesPerSequence(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    const T bytes = Math::input<T>(kBytes, Precisions::bytesPerValue(w.activationPrecision));
    if (!a.transformer) // CNN feature maps, live between two layers
        return Math::input<T>(kFlopsPerSample, a.forwardFlopsPerSample) * 0.0005 * bytes;
    const T tokens = Math::input<T>(kInput, std::max(1, w.inputTokens));
    const T buffers = tokens *
                      (4.0 * Math::input<T>("h", a.hidden) +
                       2.0 * Math::input<T>("f", a.ffn) / Math::input<T>("tp", p.tensor)) *
                      bytes;
    const T logits = Math::input<T>(kVocab, a.vocab) * 4.0;
    return buffers + logits;
}

template <typename T>
T trainingActivationBytesPerSequence(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    const T scale = Math::input<T>(kBytes, Precisions::bytesPerValue(w.activationPrecision)) / 2.0;
    if (!a.transformer) // CNNs keep every feature map: about 5 bytes per forward kFLOP at 16 bit
        return Math::input<T>(kFlopsPerSample, a.forwardFlopsPerSample) * 0.005 * scale;
    const T s = Math::input<T>("s", std::max(1, w.sequenceLength));
    const T h = Math::input<T>("h", a.hidden);
    const T tp = Math::input<T>("tp", p.tensor);
    T perLayer = 0.0;
    if (a.hybrid && w.recompute != Recompute::Full) {
        // Block by block (ModelArchitecture::activationBytesPerToken); without FlashAttention the attention
        // layers keep their scores.
        T blocks = s * Math::input<T>(kActivationBytesPerToken, a.activationBytesPerToken) / tp;
        if (w.recompute == Recompute::None && !w.flashAttention)
            blocks = blocks + a.attentionLayerCount<T>() * 5.0 * Math::input<T>("a", a.heads) * s * s / tp;
        const T logits = s * Math::input<T>(kVocab, a.vocab) * 4.0 / tp;
        const T perSequence = (blocks + logits) * scale;
        return p.context > 1 ? perSequence / Math::input<T>("cp", p.context) : perSequence;
    }
    switch (w.recompute) {
    case Recompute::None:
        perLayer =
            s * h * (w.flashAttention ? T(34.0) : 34.0 + 5.0 * Math::input<T>("a", a.heads) * s / h) / tp;
        break;
    case Recompute::Selective:
        perLayer = s * h * 34.0 / tp;
        break;
    case Recompute::Full:
        perLayer = 2.0 * s * h / tp; // the layer input, sharded by sequence parallelism
        break;
    }
    const T logits = s * Math::input<T>(kVocab, a.vocab) * 4.0 / tp;
    T perSequence = (perLayer * Math::input<T>("L", a.layers) + logits) * scale;
    // Each multi-token-prediction module keeps one more layer's activations and its own logits.
    if (w.task == Task::Training && w.mtpLayers > 0)
        perSequence =
            perSequence + Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "MTP modules"), w.mtpLayers) *
                              (perLayer + logits) * scale;
    // Context parallelism splits every sequence over cp GPUs.
    return p.context > 1 ? perSequence / Math::input<T>("cp", p.context) : perSequence;
}

template <typename T> T trainableParams(const ModelArchitecture &a, const Workload &w)
{
    if (w.task == Task::Lora || w.task == Task::Qlora)
        return Math::input<T>(kLoraParams, a.loraParams(w.loraRank));
    if (w.task != Task::Training)
        return T(0.0);
    if (w.mtpLayers > 0 && a.mtpParams > 0.0) // multi-token-prediction modules train beside the model
        return Math::input<T>(kParams, a.totalParams) +
               Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "MTP modules"), w.mtpLayers) *
                   Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "MTP params"), a.mtpParams);
    return Math::input<T>(kParams, a.totalParams);
}

MemoryBreakdown perGpu(const Inputs &in, MathLog *math)
{
    return math ? perGpuOf<MathExpr>(in, math) : perGpuOf<double>(in, nullptr);
}

#define GPUCOMPARE_INSTANTIATE(T)                                                                            \
    template T weightBytesPerGpu<T>(const ModelArchitecture &, const Workload &, const Parallelism &);       \
    template T kvBytesPerTokenPerGpu<T>(const ModelArchitecture &, const Workload &, const Parallelism &);   \
    template T effectiveKvContext<T>(const ModelArchitecture &, const T &);                                  \
    template T recurrentStateBytesPerSequencePerGpu<T>(const ModelArchitecture &, const Workload &,          \
                                                       const Parallelism &);                                 \
    template T inferenceActivationBytesPerSequence<T>(const ModelArchitecture &, const Workload &,           \
                                                      const Parallelism &);                                  \
    template T trainingActivationBytesPerSequence<T>(const ModelArchitecture &, const Workload &,            \
                                                     const Parallelism &);                                   \
    template T trainableParams<T>(const ModelArchitecture &, const Workload &);                              \
    template T expertParallelShare<T>(const ModelArchitecture &, const Parallelism &);
GPUCOMPARE_INSTANTIATE(double)
GPUCOMPARE_INSTANTIATE(MathExpr)
#undef GPUCOMPARE_INSTANTIATE

} // namespace MemoryModel
