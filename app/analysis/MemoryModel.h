#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/Workload.h"

// Memory per GPU. Sources of the formulas:
//  - KV cache: 2 x L x n_kv x d x bytes x tokens x batch (GQA: n_kv heads, split over tp, at least one
//    per GPU); MLA: L x (kv_lora + d_rope) x bytes x tokens x batch, replicated over tp (LMCache calculator).
//  - Mixed-precision Adam: 2 (bf16 weights) + 2 (bf16 gradients) + 12 (fp32 master, momentum,
//    variance) = 16 bytes per parameter (Rajbhandari et al. 2020, ZeRO, section 3.1). 8-bit Adam: the
//    two moments take 1 byte each (Dettmers et al. 2022). ZeRO stage 1/2/3 shards optimizer /
//    + gradients / + weights over the data-parallel GPUs.
//  - Training activations per layer at 16 bit (Korthikanti et al. 2022, with sequence parallelism):
//    s x b x h x (34 + 5 x a x s / h) / tp; selective recompute and FlashAttention (the default: fused
//    attention never stores the s x s scores) drop the 5as/h term; full recompute keeps
//    only the layer input, 2 x s x b x h / tp. A 1F1B pipeline's first stage holds pp micro-batches of L/pp
//    layers, so every GPU holds about L layers' worth.
//  - Inference activations: the largest live buffers of one layer (llm-analysis "maximum tensor buffer
//    reuse"): b x s x (4h + 2 f / tp) x bytes, plus the fp32 logits of the last position.
//  - Sliding windows and chunked attention (Mistral, gpt-oss, Gemma 3, Llama 4): a local layer caches at
//    most its window (or chunk) of tokens; with a layer pattern only the full-attention layers cache the
//    whole context, so the cache per sequence is (L_full x tokens + L_local x min(tokens, window)) / L
//    times the all-layer figure.
//  - Hybrid stacks (Nemotron 3, Qwen3-Next): only the attention layers cache keys and values; each Mamba-2
//    or Gated DeltaNet layer keeps a fixed state per sequence, (K - 1) x conv_dim values in the cache format
//    and heads x head_dim x N in fp32 (vLLM MambaStateShapeCalculator), split over tp and pp.
//  - Per-part formats: a checkpoint that stores its experts in MXFP4 and the rest in BF16 (gpt-oss) is
//    sized part by part when the experts' format is asked for.
//  - QLoRA stores the frozen base in NF4 with double quantisation: 4.127 bits per weight (Dettmers 2023);
//    bitsandbytes leaves the embeddings and the output head in 16 bits (Linear4bit replaces nn.Linear only).
namespace MemoryModel {

constexpr double kBytesPerGb = 1e9;
constexpr double kQloraBitsPerWeight = 4.127;

struct Inputs
{
    const ModelArchitecture &architecture;
    const Workload &workload;
    Parallelism parallelism;
    int batch = 1;        // sequences per replica (inference: concurrent; training: per step)
    double context = 0.0; // inference: tokens held in the KV cache per sequence (input + output)
    double overheadGb = 0.0;
};

// The formulas, each written once (MemoryModel.cpp): T is double, or MathExpr for the shown math.
template <typename T = double>
T weightBytesPerGpu(const ModelArchitecture &architecture, const Workload &workload,
                    const Parallelism &parallelism);
// KV bytes one token of one sequence occupies on one GPU.
template <typename T = double>
T kvBytesPerTokenPerGpu(const ModelArchitecture &architecture, const Workload &workload,
                        const Parallelism &parallelism);
// The Mamba-2 / Gated DeltaNet state of one sequence on one GPU: fixed, whatever the context (0 for a
// model without such layers).
template <typename T = double>
T recurrentStateBytesPerSequencePerGpu(const ModelArchitecture &architecture, const Workload &workload,
                                       const Parallelism &parallelism);
template <typename T> T effectiveKvContext(const ModelArchitecture &architecture, const T &context);
template <typename T = double>
T inferenceActivationBytesPerSequence(const ModelArchitecture &architecture, const Workload &workload,
                                      const Parallelism &parallelism);
template <typename T = double>
T trainingActivationBytesPerSequence(const ModelArchitecture &architecture, const Workload &workload,
                                     const Parallelism &parallelism);
template <typename T = double>
T trainableParams(const ModelArchitecture &architecture, const Workload &workload);
// The share of a model-parallel shard's parameters one GPU holds when expert parallelism splits the
// experts over ep GPUs: 1 - (expert share of the parameters) x (1 - 1/ep); exactly 1 without it.
template <typename T = double>
T expertParallelShare(const ModelArchitecture &architecture, const Parallelism &parallelism);

// The published checkpoint's mix of formats applies (gpt-oss at mxfp4: MXFP4 experts, BF16 attention,
// router and embeddings): the workload asks for the experts' own format.
bool keepsCheckpointMix(const ModelArchitecture &architecture, const Workload &workload);
// Bytes one routed-expert parameter takes on one GPU (what a decode step saves per expert it skips).
double expertBytesPerParamPerGpu(const ModelArchitecture &architecture, const Workload &workload,
                                 const Parallelism &parallelism);

MemoryBreakdown perGpu(const Inputs &inputs, MathLog *math = nullptr);

} // namespace MemoryModel
