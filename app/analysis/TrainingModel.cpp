#include "app/analysis/TrainingModel.h"

#include "app/analysis/CommunicationModel.h"
#include "app/analysis/Fp8Scaling.h"
#include "app/analysis/MemoryModel.h"
#include "app/analysis/PipelineStages.h"

#include <algorithm>
#include <cmath>

namespace TrainingModel {

namespace {

// The words of the formulas, translated when the math is built ("tp", "L", "eta_c" are notation).
constexpr const char *kGlobalBatch = QT_TRANSLATE_NOOP("MathExpr", "global batch");
constexpr const char *kMicroBatch = QT_TRANSLATE_NOOP("MathExpr", "micro-batch");
constexpr const char *kPeak = QT_TRANSLATE_NOOP("MathExpr", "peak TFLOPS");
constexpr const char *kPeak16 = QT_TRANSLATE_NOOP("MathExpr", "16-bit peak TFLOPS");
constexpr const char *kBandwidth = QT_TRANSLATE_NOOP("MathExpr", "bandwidth GB/s");
constexpr const char *kBytes = QT_TRANSLATE_NOOP("MathExpr", "bytes");
constexpr const char *kBytesPerWeight = QT_TRANSLATE_NOOP("MathExpr", "bytes per weight");
constexpr const char *kBytesPerFlop = QT_TRANSLATE_NOOP("MathExpr", "bytes per FLOP");
constexpr const char *kFlopsPerSample = QT_TRANSLATE_NOOP("MathExpr", "FLOPs per sample");
constexpr const char *kPasses = QT_TRANSLATE_NOOP("MathExpr", "passes");
constexpr const char *kAttentionPasses = QT_TRANSLATE_NOOP("MathExpr", "attention passes");
constexpr const char *kMatmulTime = QT_TRANSLATE_NOOP("MathExpr", "matmul time per micro-batch");
constexpr const char *kSizeFactor = QT_TRANSLATE_NOOP("MathExpr", "size factor");
constexpr const char *kGpus = QT_TRANSLATE_NOOP("MathExpr", "GPUs");
constexpr const char *kTokenBudget = QT_TRANSLATE_NOOP("MathExpr", "token budget");
constexpr const char *kOptimizerBytes = QT_TRANSLATE_NOOP("MathExpr", "optimizer bytes per parameter");
constexpr const char *kSmClockAttention =
    QT_TRANSLATE_NOOP("MathExpr", "SMs x clock x attention FLOPs per SM per clock");
constexpr const char *kHeaviestStage = QT_TRANSLATE_NOOP("MathExpr", "heaviest stage / even stage");

double efficiencyOf(const LinkInfo &link, const ResolvedEfficiency &e)
{
    return link.network ? e.network : e.communication;
}

// The link a ring collective (all-reduce, all-gather, reduce-scatter) of `group` GPUs at `stride` runs at.
// Across nodes NCCL runs one ring per NIC: each ring leaves a node once, so when k members of the group share
// a node, each with its own NIC, the node's k NICs carry the ring's inter-node traffic together: k x the
// network per GPU, at most the node's own fabric (nccl-tests: ~190 GB/s bus bandwidth between DGX A100
// nodes of 8 x 200 Gb/s, not 25). Without this FSDP on 16 GPUs ran at half the speed of 8, where the
// measured tokens/s per GPU are the same (llm-foundry MPT-13B on 8, 16, 32 and 64 H100).
LinkInfo ringLink(const GpuSpec &gpu, int group, int stride, int node, double networkGbps)
{
    LinkInfo link = GpuCapabilities::groupLink(gpu, group, stride, node, networkGbps);
    const int perNode = std::min(group, std::max(1, node / std::max(1, stride)));
    if (!link.network || perNode <= 1)
        return link;
    const LinkInfo inside = GpuCapabilities::groupLink(gpu, perNode, stride, node, networkGbps);
    link.unidirectionalGBs = std::min(inside.unidirectionalGBs, link.unidirectionalGBs * perNode);
    return link;
}

// One micro-batch on one GPU as its model-parallel communication sees it.
template <typename T> struct MicroBatchShape
{
    T microBatch; // sequences
    T s;          // tokens per sequence
    T tp;
    T pp;
    T cp;
    T layers;
    T activationBytes;
    T attentionForward;             // forward attention FLOPs, for what ring attention hides behind
    T attentionRate;                // FLOP/s
    double extraLinearPasses = 0.0; // full recomputation repeats the forward's collectives
    double stageImbalance = 1.0;    // heaviest stage / even stage
};

// Every stage waits for the heaviest (PipelineStages): an even share times the imbalance.
template <typename T> T heaviestStageShare(const T &evenShare, double imbalance)
{
    return imbalance > 1.0 ? evenShare * Math::input<T>(kHeaviestStage, imbalance) : evenShare;
}

// Model-parallel communication per micro-batch, over the link each group crosses: tensor-parallel
// all-reduces, context-parallel ring attention, expert all-to-alls and pipeline sends, less what overlaps.
template <typename T> T modelParallelComm(const Inputs &in, const MicroBatchShape<T> &shape, int node)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    const T &microBatch = shape.microBatch;
    const T &s = shape.s;
    const T &tp = shape.tp;
    const T &pp = shape.pp;
    const T &cp = shape.cp;
    const T &activationBytes = shape.activationBytes;
    const double extraLinearPasses = shape.extraLinearPasses;
    const auto onHeaviestStage = [&](const T &evenShare) {
        return heaviestStageShare(evenShare, shape.stageImbalance);
    };
    T modelComm = 0.0;
    if (!a.transformer)
        return modelComm;
    const T layerActivations = microBatch * s / cp * Math::input<T>("h", a.hidden) * activationBytes;
    const T layersPerStage = onHeaviestStage(shape.layers / pp);
    if (p.tensor > 1) {
        const LinkInfo link = ringLink(in.gpu, p.tensor, 1, node, w.networkGbps);
        // 2 all-reduces forward, 2 backward per layer; full recompute repeats the forward's 2.
        // (One of each per block: a Nemotron-H layer is one block, half of that.)
        const double perLayer = (4.0 + 2.0 * extraLinearPasses) * a.allReducesPerLayer / 2.0;
        const T tpComm =
            perLayer * layersPerStage *
            CommunicationModel::allReduceSeconds<T>(layerActivations, tp, link, efficiencyOf(link, e)) *
            (1.0 - Math::input<T>("tp_overlap", e.tensorParallelOverlap));
        modelComm = modelComm + tpComm;
    }
    if (p.context > 1) {
        // Ring attention passes every other GPU's K and V block: (cp - 1) blocks per layer forward,
        // twice that backward (the gradients return), hidden behind the attention math when it is longer.
        const LinkInfo link = GpuCapabilities::groupLink(in.gpu, p.context, p.tensor, node, w.networkGbps);
        const T kvBlock =
            microBatch * s / cp * Math::input<T>("kv", a.kvElementsPerTokenPerLayer) / tp * activationBytes;
        const T ring = 3.0 * layersPerStage * (cp - 1.0) *
                       CommunicationModel::pointToPointSeconds<T>(kvBlock, link, efficiencyOf(link, e));
        const T attentionTime = shape.attentionForward * 3.0 / shape.attentionRate;
        modelComm = modelComm + Math::max(T(0.0), ring - attentionTime);
    }
    if (p.expert > 1 && a.moeLayers > 0) {
        // Dispatch and combine all-to-alls, forward and backward, of each token's k expert copies. The
        // experts sit on neighbouring GPUs (Megatron-Core's MoE parallel folding; FSDP2 with EP).
        CommunicationModel::ExpertGroup group;
        group.ep = p.expert;
        group.gpusPerNode = node;
        group.inside = GpuCapabilities::groupLink(in.gpu, std::min(p.expert, node), 1, node, 0.0);
        group.network = GpuCapabilities::groupLink(in.gpu, p.expert, 1, node, w.networkGbps);
        group.insideEfficiency = efficiencyOf(group.inside, e);
        group.networkEfficiency = efficiencyOf(group.network, e);
        T tokens = microBatch * s / cp / tp;
        // Dropless routing: the busiest GPU receives more than its even share, and the exchange waits for it.
        if (w.moeRouting == MoeRouting::Dropless && e.moeDroplessImbalance > 1.0)
            tokens = tokens * Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "dropless imbalance"),
                                             e.moeDroplessImbalance);
        // A latent MoE (Nemotron 3 Super/Ultra) projects each token to its latent width before dispatch.
        const T tokenBytes =
            (a.moeLatent > 0.0 ? Math::input<T>("moe_latent", a.moeLatent) : Math::input<T>("h", a.hidden)) *
            activationBytes;
        modelComm = modelComm + 4.0 * onHeaviestStage(Math::input<T>("L_moe", a.moeLayers) / pp) *
                                    CommunicationModel::expertAllToAllSeconds<T>(
                                        tokens, tokenBytes, Math::input<T>("k", a.activeExperts), group);
    }
    if (p.pipeline > 1) {
        // Each stage boundary sends the micro-batch's activations forward and their gradients back;
        // interleaving multiplies the boundaries by vpp.
        const LinkInfo link =
            GpuCapabilities::groupLink(in.gpu, p.pipeline, p.gpus / p.pipeline, node, w.networkGbps);
        // The sends run asynchronously beside the next micro-batch's math (Megatron's batched
        // isend/irecv, overlapped in the interleaved schedule), hidden as much as the tensor-parallel
        // collectives are.
        const T sends = 2.0 * Math::input<T>("vpp", p.virtualStages);
        modelComm = modelComm + sends *
                                    CommunicationModel::pointToPointSeconds<T>(layerActivations / tp, link,
                                                                               efficiencyOf(link, e)) *
                                    (1.0 - Math::input<T>("tp_overlap", e.tensorParallelOverlap));
    }
    return modelComm;
}

// Data parallelism: gradients reduce-scattered and weights all-gathered (all-reduce volume) once per
// step; ZeRO-3 gathers the weights for the forward and the backward of every micro-batch and reduces
// each micro-batch's gradients (FSDP without no_sync). Hidden behind dp_overlap of the compute.
template <typename T>
T dataParallelComm(const Inputs &in, const T &trainable, const T &m, const T &busy, const T &layers, int node,
                   MathLog *math)
{
    using Id = MathTermId;
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    const T gradientBytes =
        trainable *
        Math::max(2.0, Math::input<T>(kBytesPerWeight, Precisions::bytesPerValue(w.weightPrecision)));
    T dataComm = 0.0;
    if (p.data * p.context > 1 && Math::value(trainable) > 0.0) {
        const int group = p.data * p.context; // the gradients of a sequence's cp shards are reduced too
        const LinkInfo link = ringLink(in.gpu, group, p.tensor, node, w.networkGbps);
        const T n = Math::input<T>("dp", group);
        const T allReduce =
            CommunicationModel::allReduceSeconds<T>(gradientBytes, n, link, efficiencyOf(link, e));
        // An all-gather or a reduce-scatter moves half an all-reduce's bytes.
        const T total = w.zeroStage >= 3 ? m * 1.5 * allReduce : allReduce;
        const T hidden = Math::input<T>("dp_overlap", e.dataParallelOverlap) * busy;
        // The last layer's gradients are reduced after the backward pass ends: at least 1/L stays exposed.
        const T tail = a.transformer ? total / layers : T(0.0);
        dataComm = Math::max(tail, total - hidden);
        Math::record(math, Id::DataParallelAllReduce, dataComm);
    }
    return dataComm;
}

// How fast one GPU runs a micro-batch's work: its matmuls, its attention, the memory traffic they do not hide
// and QLoRA's dequantisation.
template <typename T> struct MicroBatchRates
{
    T linear = 0.0;               // FLOP/s of the matmuls
    T expertLinear = 0.0;         // FLOP/s of the routed experts' grouped matmuls, on the busiest expert GPU
    T attention = 0.0;            // FLOP/s of the attention
    T trafficPerFlop = 0.0;       // s of unhidden memory traffic per FLOP
    T fp8CastPerLinearFlop = 0.0; // s per matmul FLOP: the FP8 or NVFP4 recipe's casts beyond delayed scaling
    T hadamardPerLinearFlop = 0.0;      // s per matmul FLOP: NVFP4's random Hadamard transforms
    T highPrecisionPerLinearFlop = 0.0; // s per matmul FLOP: the matmuls kept in BF16 beyond the low rate
    T dequantPerPass = 0.0;             // s per matmul pass over the base weights (QLoRA)
};

// The recipe the matmuls' casts follow: math asked in MXFP8 or NVFP4 is that recipe, FP8 the resolved one.
Fp8Recipe castRecipeOf(const Inputs &in)
{
    if (in.rate.used == Precision::Mxfp8 || in.rate.used == Precision::Nvfp4)
        return in.rate.used == Precision::Mxfp8 ? Fp8Recipe::Mxfp8 : Fp8Recipe::Nvfp4;
    return Fp8Scaling::resolved(in.gpu, in.workload.fp8Recipe);
}

// The share of the matmul FLOPs that a low-precision recipe leaves in BF16: the transformer blocks the
// user keeps there (Megatron's --first-last-layers-bf16 with --num-layers-at-start/end-in-bf16), and with
// NVFP4 the output head (Megatron-Core's output layer is its own ColumnParallelLinear, outside Transformer
// Engine's autocast; under FP8 the profiles' fitted FP8 factor already holds it).
double highPrecisionShare(const ModelArchitecture &a, const Workload &w, bool nvfp4)
{
    if (!a.transformer || a.matmulParamsActive <= 0.0 || a.layers <= 0)
        return 0.0;
    const double head = nvfp4 ? a.vocab * a.hidden : 0.0;
    const double perBlock = std::max(0.0, a.matmulParamsActive - a.vocab * a.hidden) / a.layers;
    return std::clamp((std::min(w.bf16Layers, a.layers) * perBlock + head) / a.matmulParamsActive, 0.0, 1.0);
}

template <typename T>
MicroBatchRates<T> microBatchRates(const Inputs &in, const T &microBatch, const T &s, const T &tp,
                                   const T &cp, const T &peak, const T &peak16, const T &memoryRate,
                                   bool lowPrecision)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    // Matmuls smaller than the GPU's tiles keep part of it idle: the hidden width per tensor-parallel GPU
    // and the tokens of a micro-batch per GPU set the size.
    T sizeFactor = 1.0;
    if (a.transformer && (e.gemmWidthHalf > 0.0 || e.gemmTokensHalf > 0.0)) {
        const T width = Math::input<T>("h", a.hidden) / tp;
        const T tokens = microBatch * s / cp;
        const T wHalf = Math::input<T>("w_half", e.gemmWidthHalf);
        const T tHalf = Math::input<T>("t_half", e.gemmTokensHalf);
        sizeFactor = Math::named(width / (width + wHalf) * (tokens / (tokens + tHalf)), kSizeFactor);
    }
    // Datasheet x what microbenchmarks reach of it (f_mm: 1 for datasheet profiles) x the framework's share.
    const T achievable = Math::input<T>("f_mm", e.matmulAchievable);
    // A matmul rate at its size factor: FP8 at its own share, QLoRA's 4-bit base dequantised for each.
    const auto matmulRate = [&](const T &size) {
        T rate = peak * achievable * Math::input<T>("eta_c", e.compute) * size;
        if (lowPrecision)
            rate = rate * Math::input<T>("eta_fp8", e.fp8Compute);
        if (w.task == Task::Qlora)
            rate = rate * Math::input<T>("eta_quant", e.quantizedCompute);
        return rate;
    };
    MicroBatchRates<T> rates;
    rates.linear = matmulRate(sizeFactor);
    rates.expertLinear = rates.linear;
    if (a.transformer && a.moeLayers > 0 && a.expertFfn > 0.0) {
        // The routed experts run as grouped matmuls, one per local expert, each over the tokens routed to
        // it: from the ep GPUs of the group, k copies of each token over E experts. Experts keep their
        // whole width on every GPU (Megatron-Core's expert tensor parallel 1); fine-grained experts
        // (Qwen3, DeepSeek: 768-2,048 wide) and few tokens each run far below the dense layers' rate.
        const T tokens = microBatch * s / (cp * tp) * Math::input<T>("k", a.activeExperts) *
                         Math::input<T>("ep", std::max(1, p.expert)) / Math::input<T>("E", a.experts);
        const T width = Math::input<T>("f_expert", a.expertFfn);
        const T wHalf = Math::input<T>("w_half", e.gemmWidthHalf);
        const T tHalf = Math::input<T>("t_half", e.gemmTokensHalf);
        T expertSize = 1.0;
        if (e.gemmWidthHalf > 0.0 || e.gemmTokensHalf > 0.0)
            expertSize = Math::named(width / (width + wHalf) * (tokens / (tokens + tHalf)),
                                     QT_TRANSLATE_NOOP("MathExpr", "expert size factor"));
        rates.expertLinear = matmulRate(expertSize);
        // Dropless routing: the busiest expert GPU gets more than its even share, and every GPU waits.
        // Without expert parallelism each GPU runs every expert on its own tokens: nothing to wait for.
        if (w.moeRouting == MoeRouting::Dropless && e.moeDroplessImbalance > 1.0 && p.expert > 1)
            rates.expertLinear =
                rates.expertLinear /
                Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "dropless imbalance"), e.moeDroplessImbalance);
    }
    rates.attention =
        peak16 * achievable * Math::input<T>("eta_c", e.compute) * Math::input<T>("eta_attn", e.attention);
    if (const double smLimit = GpuCapabilities::smClockRate(in.gpu, e.attentionFlopsPerSmClock);
        smLimit > 0.0)
        rates.attention = Math::min(rates.attention, Math::input<T>(kSmClockAttention, smLimit));
    // Memory traffic the matmuls do not hide (normalisations, activations, optimizer-free elementwise work).
    rates.trafficPerFlop = Math::input<T>(kBytesPerFlop, e.trainingBytesPerFlop) / memoryRate;
    const bool nvfp4 = lowPrecision && in.rate.used == Precision::Nvfp4;
    // Matmuls a low-precision recipe keeps in BF16 run at the 16-bit rate: each of their FLOPs costs
    // 1 / rate16 - 1 / rate instead of 1 / rate.
    const double bf16Share = lowPrecision ? highPrecisionShare(a, w, nvfp4) : 0.0;
    if (bf16Share > 0.0) {
        const T rate16 = peak16 * achievable * Math::input<T>("eta_c", e.compute) * sizeFactor;
        rates.highPrecisionPerLinearFlop =
            Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "matmul share kept in BF16"), bf16Share) *
            (1.0 / rate16 - 1.0 / rates.linear);
    }
    // FP8: a recipe that finds each tensor's scale in a pass of its own reads every matmul input once more
    // than the delayed scaling the profiles were fitted on (Fp8Scaling), on the matmuls only (attention
    // stays 16-bit). Per token and layer a GPU casts h values for QKV and h for the MLP (column parallel:
    // every tensor-parallel GPU the whole token), a x d / tp and f / tp for the row-parallel inputs, and k
    // copies of h + f_expert for routed experts (whole on each GPU); its matmuls do 2 x active params / tp
    // FLOPs per token. The matmuls kept in BF16 cast nothing.
    const bool castsToFp8 = lowPrecision && Precisions::elementFormat(in.rate.used) == Precision::Fp8;
    if (const double extra = castsToFp8 || nvfp4 ? Fp8Scaling::extraBytesPerValue(castRecipeOf(in)) : 0.0;
        extra > 0.0 && a.transformer && a.matmulParamsActive > 0.0) {
        const double tpDegree = std::max(1, p.tensor);
        const int denseLayers = a.layers - a.moeLayers;
        const double castPerToken = a.layers * (2.0 * a.hidden + a.heads * a.headDim / tpDegree) +
                                    denseLayers * a.ffn / tpDegree +
                                    a.moeLayers * a.activeExperts * (a.hidden + a.expertFfn);
        const double flopsPerToken = 2.0 * a.matmulParamsActive / tpDegree;
        T castShare = 1.0;
        if (bf16Share > 0.0)
            castShare =
                1.0 - Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "matmul share kept in BF16"), bf16Share);
        const T valuesPerFlop = Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "cast values per matmul FLOP"),
                                               castPerToken / flopsPerToken) *
                                castShare;
        // NVFP4 (Transformer Engine's NVFP4BlockScaling): the per-tensor FP32 scale needs each tensor's amax
        // first (one more read of its 16-bit values, as tensorwise FP8), the wgrad operands' Hadamard
        // -transformed copies need their own amax after the transform, and every 16 values write an E4M3
        // scale (Fp8Scaling's constants). Stochastic rounding of the gradients draws its random bits in the
        // cast kernel's registers: no memory traffic, not costed.
        const T bytes =
            nvfp4 ? Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "amax pass bytes per value"),
                                   Fp8Scaling::kNvfp4AmaxBytes) +
                        Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "post-Hadamard amax bytes per value"),
                                       Fp8Scaling::kNvfp4RhtAmaxBytes) +
                        Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "NVFP4 scale bytes per value"),
                                       Fp8Scaling::kNvfp4ScaleBytes)
                  : Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "FP8 scaling bytes per value"), extra);
        rates.fp8CastPerLinearFlop = bytes * valuesPerFlop / memoryRate;
        // The random Hadamard transform: a 16 x 16 matrix on each 16 values of the wgrad GEMM's two
        // operands, 16 multiply-adds per value, run as a BF16 tensor-core matmul fused with the cast.
        if (nvfp4)
            rates.hadamardPerLinearFlop =
                Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "Hadamard FLOPs per cast value"),
                               Fp8Scaling::kNvfp4HadamardFlopsPerValue) *
                valuesPerFlop / (peak16 * achievable * Math::input<T>("eta_c", e.compute));
    }
    // QLoRA dequantises its NF4 base to 16 bits before every matmul pass (bitsandbytes): per weight it
    // reads 4.127 bits, writes and reads back 2 bytes, memory time the matmul does not hide.
    if (w.task == Task::Qlora && a.transformer)
        rates.dequantPerPass =
            Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "NF4 params"),
                           (a.totalParams - a.embeddingParams) / std::max(1, p.tensor * p.pipeline)) *
            Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "dequantise bytes per weight"),
                           MemoryModel::kQloraBitsPerWeight / 8.0 + 4.0) /
            memoryRate;
    return rates;
}

// What the result reports whatever the formulas: the batches and recipe asked for, the nodes the GPUs fill
// and the network between them (none on one node).
TrainingResult resultOf(const Inputs &in)
{
    const Workload &w = in.workload;
    TrainingResult r;
    r.globalBatch = std::max(1, w.batch);
    r.microBatch = std::max(1, w.microBatch);
    r.zeroStage = w.zeroStage;
    r.recompute = w.recompute;
    r.gpusPerNode = GpuCapabilities::gpusPerNode(in.gpu, w.gpusPerNode);
    r.nodes = (in.parallelism.gpus + r.gpusPerNode - 1) / r.gpusPerNode;
    r.networkGbps = r.nodes > 1 ? w.networkGbps : 0.0;
    if (Precisions::elementFormat(in.rate.used) == Precision::Fp8 || in.rate.used == Precision::Nvfp4)
        r.fp8Recipe = castRecipeOf(in); // the math asked in MXFP8 or NVFP4 is that recipe
    return r;
}

// One step's batch as one replica runs it.
template <typename T> struct StepBatch
{
    T globalBatch; // sequences per step, all replicas together
    T dp;
    T microBatch; // sequences
    T m;          // micro-batches per step
};

template <typename T> StepBatch<T> stepBatchOf(const Inputs &in, TrainingResult &r, MathLog *math)
{
    using Id = MathTermId;
    const T globalBatch = Math::input<T>(kGlobalBatch, r.globalBatch);
    const T dp = Math::input<T>("dp", in.parallelism.data);
    // Every replica's step takes as long as the fullest one's.
    const T perReplica = Math::ceil(globalBatch / dp);
    r.sequencesPerReplica = static_cast<int>(Math::value(perReplica));
    Math::record(math, Id::BatchPerReplica, perReplica);
    const T b = Math::named(perReplica, Id::BatchPerReplica);
    const T microBatch = Math::input<T>(kMicroBatch, r.microBatch);
    const T microbatches = Math::ceil(b / microBatch);
    r.gradientAccumulation = static_cast<int>(Math::value(microbatches));
    Math::record(math, Id::MicroBatchesPerStep, microbatches);
    const T m = Math::named(microbatches, Id::MicroBatchesPerStep);
    return {globalBatch, dp, microBatch, m};
}

// One GPU's share of a replica and the rates its datasheet gives it.
template <typename T> struct GpuShare
{
    T tp;
    T pp;
    T cp;
    T modelShards; // GPUs one replica's FLOPs are split over
    T gpus;
    T peak;       // FLOP/s at the precision the matmuls run at
    T peak16;     // FLOP/s of the attention
    T memoryRate; // B/s reached
    bool lowPrecision;
};

template <typename T> GpuShare<T> gpuShareOf(const Inputs &in)
{
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    const T tp = Math::input<T>("tp", p.tensor);
    const T pp = Math::input<T>("pp", p.pipeline);
    const T cp = p.context > 1 ? Math::input<T>("cp", p.context) : T(1.0);
    const T modelShards = tp * pp * cp; // GPUs one replica's FLOPs are split over
    const T gpus = Math::input<T>(kGpus, p.gpus);
    const T peak = Math::input<T>(kPeak, in.rate.tflops) * 1e12;
    const Precision element = Precisions::elementFormat(in.rate.used);
    const bool lowPrecision = element == Precision::Fp8 || element == Precision::Fp4;
    // Attention (FlashAttention) runs at 16 bit in FP8 training (Transformer Engine).
    const T peak16 =
        lowPrecision ? Math::input<T>(kPeak16, GpuCapabilities::peak(in.gpu, Precision::Bf16).tflops) * 1e12
                     : peak;
    const T bandwidth = Math::input<T>(kBandwidth, in.gpu.memoryBandwidthGBs.value_or(0.0)) * 1e9;
    const T memoryRate =
        bandwidth * Math::input<T>("f_mem", e.memoryAchievable) * Math::input<T>("eta_m", e.memory);
    return {tp, pp, cp, modelShards, gpus, peak, peak16, memoryRate, lowPrecision};
}

// The work of one micro-batch on one GPU: its forward FLOPs and how many passes a step makes over them.
template <typename T> struct MicroBatchWork
{
    T layers;
    T s; // tokens per sequence
    T linearForward;
    T expertForward; // the routed experts' share of linearForward (0 without experts)
    T attentionForward;
    T routingBytes; // forward memory traffic of routing: router scores, permuting tokens to and from experts
    double modelLinearPasses;
    double extraLinearPasses;
    double extraAttentionPasses;
};

template <typename T>
MicroBatchWork<T> microBatchWorkOf(const Inputs &in, const T &microBatch, const T &modelShards)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const bool adapters = w.task == Task::Lora || w.task == Task::Qlora;
    const T layers = Math::input<T>("L", a.layers);
    const T s = Math::input<T>("s", std::max(1, w.sequenceLength));

    // Forward FLOPs of one micro-batch on one GPU (causal attention: s/2 earlier tokens on average).
    T linearForward = 0.0;
    T expertForward = 0.0;
    T attentionForward = 0.0;
    T routingBytes = 0.0;
    if (a.transformer) {
        const T tokens = microBatch * s;
        linearForward = tokens * a.linearFlopsPerToken<T>() / modelShards;
        attentionForward = tokens * a.attentionFlopsPerToken<T>(a.encoder ? s : s / 2.0) / modelShards;
        if (a.moeLayers > 0 && a.expertFfn > 0.0) {
            const T k = Math::input<T>("k", a.activeExperts);
            const T moeLayers = Math::input<T>("L_moe", a.moeLayers);
            expertForward =
                tokens * 2.0 * k *
                Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "expert params"), a.expertParamsPerLayer) *
                moeLayers / modelShards;
            // Per token and MoE layer: the router writes and reads its E scores in fp32 (softmax, top-k);
            // the permutation reads the token and writes its k copies, the combine reads them back and
            // writes one (at the latent width when tokens are dispatched there), 2 bytes a value.
            const T width =
                a.moeLatent > 0.0 ? Math::input<T>("moe_latent", a.moeLatent) : Math::input<T>("h", a.hidden);
            routingBytes = tokens * moeLayers *
                           (Math::input<T>("E", a.experts) * 16.0 + (width + k * width) * 2.0 * 2.0) /
                           modelShards;
        }
        if (w.mtpLayers > 0 && a.mtpMatmulParamsActive > 0.0) // multi-token prediction: its modules' matmuls
            linearForward = linearForward +
                            tokens * 2.0 *
                                Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "MTP modules"), w.mtpLayers) *
                                Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "MTP active params"),
                                               a.mtpMatmulParamsActive) /
                                modelShards;
    } else {
        linearForward = microBatch * Math::input<T>(kFlopsPerSample, a.forwardFlopsPerSample) / modelShards;
    }
    // Passes over the model: forward 1, backward 2 (activation and weight gradients); adapters skip the
    // frozen weights' gradients. Recomputation repeats the forward (full) or the attention (selective).
    const double modelLinearPasses = adapters ? 2.0 : 3.0;
    const double extraLinearPasses = w.recompute == Recompute::Full ? 1.0 : 0.0;
    const double extraAttentionPasses = w.recompute == Recompute::None ? 0.0 : 1.0;
    return {layers,
            s,
            linearForward,
            expertForward,
            attentionForward,
            routingBytes,
            modelLinearPasses,
            extraLinearPasses,
            extraAttentionPasses};
}

// The step's compute on the heaviest pipeline stage: the passes over the model, then what recomputation
// repeats, each paying the micro-batch rates and a fixed time per layer.
template <typename T> struct StepCompute
{
    MicroBatchRates<T> rates;
    double stageImbalance; // heaviest stage / even stage, 1 when even
    T microCompute;        // s per micro-batch
    T microRecompute;      // s per micro-batch
    T compute;             // s per step
    T recompute;           // s per step
};

template <typename T>
StepCompute<T> stepComputeOf(const Inputs &in, const StepBatch<T> &batch, const GpuShare<T> &share,
                             const MicroBatchWork<T> &work, TrainingResult &r, MathLog *math)
{
    using Id = MathTermId;
    const ModelArchitecture &a = in.architecture;
    const ResolvedEfficiency &e = in.efficiency;
    const T &m = batch.m;
    const T &linearForward = work.linearForward;
    const T &attentionForward = work.attentionForward;
    const MicroBatchRates<T> rates =
        microBatchRates(in, batch.microBatch, work.s, share.tp, share.cp, share.peak, share.peak16,
                        share.memoryRate, share.lowPrecision);
    // The matmuls: the dense ones at the micro-batch's rate, the routed experts' at theirs.
    const bool experts = Math::value(work.expertForward) > 0.0;
    const auto matmulTime = [&](const T &linearPasses) {
        T time = experts ? (linearForward - work.expertForward) * linearPasses / rates.linear +
                               work.expertForward * linearPasses / rates.expertLinear
                         : linearForward * linearPasses / rates.linear;
        if (Math::value(rates.fp8CastPerLinearFlop) > 0.0)
            time = time + linearForward * linearPasses * rates.fp8CastPerLinearFlop;
        if (Math::value(rates.hadamardPerLinearFlop) > 0.0)
            time = time + linearForward * linearPasses * rates.hadamardPerLinearFlop;
        if (Math::value(rates.highPrecisionPerLinearFlop) > 0.0)
            time = time + linearForward * linearPasses * rates.highPrecisionPerLinearFlop;
        return time;
    };
    // Routing traffic: the forward and the backward each move the token copies once (the backward's matmul
    // passes share one), a recomputed forward once again.
    const auto routingTime = [&](const T &linearPasses) {
        const double passes = std::min(2.0, Math::value(linearPasses));
        return work.routingBytes * Math::input<T>(kPasses, passes) / share.memoryRate;
    };
    const auto timeOf = [&](const T &linearPasses, const T &attentionPasses) {
        const T linear = linearForward * linearPasses;
        if (Math::value(rates.dequantPerPass) > 0.0) {
            T time = matmulTime(linearPasses) + attentionForward * attentionPasses / rates.attention +
                     (linear + attentionForward * attentionPasses) * rates.trafficPerFlop +
                     linearPasses * rates.dequantPerPass;
            if (experts)
                time = time + routingTime(linearPasses);
            return time;
        }
        if (!a.transformer)
            return matmulTime(linearPasses) + linear * rates.trafficPerFlop;
        const T attention = attentionForward * attentionPasses;
        T time = matmulTime(linearPasses) + attention / rates.attention +
                 (linear + attention) * rates.trafficPerFlop;
        if (experts)
            time = time + routingTime(linearPasses);
        return time;
    };
    // Uneven pipeline stages: every stage waits for the heaviest (PipelineStages); 1 when they are even.
    const Parallelism &p = in.parallelism;
    const double stageImbalance = PipelineStages::imbalance(a, in.workload, p);
    r.heaviestStageLayers = p.pipeline > 1 ? int(std::lround(stageImbalance * a.layers / p.pipeline)) : 0;
    const auto onHeaviestStage = [&](const T &evenShare) {
        return heaviestStageShare(evenShare, stageImbalance);
    };
    const T modelPasses = Math::input<T>(kPasses, work.modelLinearPasses);
    const T modelAttentionPasses = Math::input<T>(kAttentionPasses, 3.0);
    Math::record(math, Id::TrainingFlops,
                 m * (a.transformer ? linearForward * modelPasses + attentionForward * modelAttentionPasses
                                    : linearForward * modelPasses));
    // Every pass over a layer also pays a fixed time that no GPU speeds up (kernel launches, the
    // framework's per-layer hooks and collective latency): small models on fast GPUs feel it most.
    const T layerOverhead = a.transformer && e.layerOverheadS > 0.0
                                ? work.layers / share.pp * Math::input<T>("t_layer", e.layerOverheadS)
                                : T(0.0);
    const T microCompute =
        onHeaviestStage(timeOf(modelPasses, modelAttentionPasses) + layerOverhead * modelPasses);
    T microRecompute = 0.0;
    if (work.extraLinearPasses > 0.0 || (a.transformer && work.extraAttentionPasses > 0.0))
        microRecompute = onHeaviestStage(timeOf(Math::input<T>(kPasses, work.extraLinearPasses),
                                                Math::input<T>(kAttentionPasses, work.extraAttentionPasses)) +
                                         layerOverhead * work.extraLinearPasses);
    const T compute = m * Math::named(microCompute, kMatmulTime);
    Math::record(math, Id::ComputeTimePerStep, compute);
    const T recompute = m * microRecompute;
    if (Math::value(recompute) > 0.0)
        Math::record(math, Id::RecomputeTimePerStep, recompute);
    r.breakdown.compute = Math::value(compute);
    r.breakdown.recompute = Math::value(recompute);
    return {rates, stageImbalance, microCompute, microRecompute, compute, recompute};
}

// What the step spends beside its compute: the pipeline bubble, model- and data-parallel communication
// and the optimizer update.
template <typename T> struct StepOverheads
{
    T bubble;
    T modelComm;
    T dataComm;
    T optimizer;
};

template <typename T>
StepOverheads<T> stepOverheadsOf(const Inputs &in, const StepBatch<T> &batch, const GpuShare<T> &share,
                                 const MicroBatchWork<T> &work, const StepCompute<T> &busy, TrainingResult &r,
                                 MathLog *math)
{
    using Id = MathTermId;
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const T &m = batch.m;
    // Interleaved 1F1B: (pp - 1) / vpp micro-batches' worth of the pipeline stands idle per step.
    T bubble = 0.0;
    if (p.pipeline > 1) {
        const T vpp = Math::input<T>("vpp", p.virtualStages);
        bubble = (share.pp - 1.0) / vpp * (busy.microCompute + busy.microRecompute);
        Math::record(math, Id::PipelineBubble, bubble);
    }
    r.breakdown.pipelineBubble = Math::value(bubble);

    // Model-parallel communication per micro-batch, over the link each group crosses.
    const T activationBytes = Math::input<T>(kBytes, Precisions::bytesPerValue(w.activationPrecision) < 2.0
                                                         ? 2.0
                                                         : Precisions::bytesPerValue(w.activationPrecision));
    const int node = r.gpusPerNode;
    const MicroBatchShape<T> shape{batch.microBatch,
                                   work.s,
                                   share.tp,
                                   share.pp,
                                   share.cp,
                                   work.layers,
                                   activationBytes,
                                   work.attentionForward,
                                   busy.rates.attention,
                                   work.extraLinearPasses,
                                   busy.stageImbalance};
    T modelComm = modelParallelComm(in, shape, node);
    modelComm = m * modelComm;
    if (Math::value(modelComm) > 0.0)
        Math::record(math, Id::TensorParallelAllReduces, modelComm);
    r.breakdown.modelParallelComm = Math::value(modelComm);

    const T trainable = MemoryModel::trainableParams<T>(a, w) * MemoryModel::expertParallelShare<T>(a, p) /
                        (share.tp * share.pp);
    const T dataComm =
        dataParallelComm(in, trainable, m, busy.compute + busy.recompute, work.layers, node, math);
    r.breakdown.dataParallelComm = Math::value(dataComm);

    // The optimizer reads and writes ~30 bytes per trained parameter (weights, gradients, master, moments).
    const T optimizer = (w.zeroStage >= 1 ? trainable / batch.dp : trainable) *
                        Math::input<T>(kOptimizerBytes, w.optimizer == Optimizer::Adam8bit ? 24.0 : 30.0) /
                        share.memoryRate;
    Math::record(math, Id::OptimizerUpdate, optimizer);
    r.breakdown.optimizer = Math::value(optimizer);
    return {bubble, modelComm, dataComm, optimizer};
}

// The step time: the compute plus every overhead that is there, each shown by its term's name.
template <typename T>
T stepTimeOf(const Parallelism &p, const StepCompute<T> &busy, const StepOverheads<T> &over,
             TrainingResult &r, MathLog *math)
{
    using Id = MathTermId;
    T step = busy.compute;
    if (Math::value(busy.recompute) > 0.0)
        step = step + Math::named(busy.recompute, Id::RecomputeTimePerStep);
    if (p.pipeline > 1)
        step = step + Math::named(over.bubble, Id::PipelineBubble);
    if (Math::value(over.modelComm) > 0.0)
        step = step + Math::named(over.modelComm, Id::TensorParallelAllReduces);
    if (Math::value(over.dataComm) > 0.0)
        step = step + Math::named(over.dataComm, Id::DataParallelAllReduce);
    step = step + Math::named(over.optimizer, Id::OptimizerUpdate);
    r.stepTimeS = Math::value(step);
    Math::record(math, Id::StepTime, step);
    return Math::named(step, Id::StepTime);
}

// What the step time gives: samples and tokens per second, MFU and HFU, and the hours of the token budget.
template <typename T>
void throughputOf(const Inputs &in, const StepBatch<T> &batch, const GpuShare<T> &share,
                  const MicroBatchWork<T> &work, const T &step, TrainingResult &r, MathLog *math)
{
    using Id = MathTermId;
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const T &globalBatch = batch.globalBatch;
    const T samples = globalBatch / step;
    r.samplesPerS = Math::value(samples);
    Math::record(math, Id::TrainingSamplesPerSecond, samples);
    // A CNN's "tokens" are its samples.
    const T tokens = a.transformer ? globalBatch * work.s / step : samples;
    const Id tokensId = a.transformer ? Id::TrainingTokensPerSecond : Id::TrainingSamplesPerSecond;
    r.tokensPerS = Math::value(tokens);
    r.tokensPerSPerGpu = r.tokensPerS / std::max(1, in.parallelism.gpus);
    if (a.transformer)
        Math::record(math, Id::TrainingTokensPerSecond, tokens);

    // Model FLOPs exclude recomputation (PaLM's MFU); hardware FLOPs include it (HFU). Both per
    // micro-batch per GPU, times the micro-batches of every GPU.
    const T modelFlops =
        work.linearForward * work.modelLinearPasses + work.attentionForward * (a.transformer ? 3.0 : 0.0);
    const T hardwareFlops = modelFlops + work.linearForward * work.extraLinearPasses +
                            work.attentionForward * (a.transformer ? work.extraAttentionPasses : 0.0);
    const T perGpuMicrobatches = globalBatch / batch.dp / batch.microBatch;
    const T mfu = modelFlops * perGpuMicrobatches / (step * share.peak);
    r.mfu = Math::value(mfu);
    Math::record(math, Id::Mfu, mfu);
    const T hfu = hardwareFlops * perGpuMicrobatches / (step * share.peak);
    r.hfu = Math::value(hfu);
    Math::record(math, Id::Hfu, hfu);
    if (Math::value(share.gpus) > 0.0 && w.trainTokens > 0.0 && r.tokensPerS > 0.0) {
        const T hours = Math::input<T>(kTokenBudget, w.trainTokens) / Math::named(tokens, tokensId) / 3600.0;
        r.budgetHours = Math::value(hours);
        Math::record(math, Id::BudgetHours, hours);
        const T gpuHours = Math::named(hours, Id::BudgetHours) * share.gpus;
        r.budgetGpuHours = Math::value(gpuHours);
        Math::record(math, Id::BudgetGpuHours, gpuHours);
    }
}

// One step, in the order its terms are shown: the batch, the compute, what the step spends beside it,
// the step time and what it gives.
template <typename T> TrainingResult runOf(const Inputs &in, MathLog *math)
{
    TrainingResult r = resultOf(in);
    const StepBatch<T> batch = stepBatchOf<T>(in, r, math);
    const GpuShare<T> share = gpuShareOf<T>(in);
    const MicroBatchWork<T> work = microBatchWorkOf<T>(in, batch.microBatch, share.modelShards);
    const StepCompute<T> busy = stepComputeOf(in, batch, share, work, r, math);
    const StepOverheads<T> over = stepOverheadsOf(in, batch, share, work, busy, r, math);
    const T step = stepTimeOf(in.parallelism, busy, over, r, math);
    throughputOf(in, batch, share, work, step, r, math);
    return r;
}

} // namespace

TrainingResult run(const Inputs &in, MathLog *math)
{
    return math ? runOf<MathExpr>(in, math) : runOf<double>(in, nullptr);
}

} // namespace TrainingModel
