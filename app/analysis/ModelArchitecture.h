#pragma once

#include "app/analysis/MathExpr.h"
#include "app/analysis/Precision.h"
#include "db/ModelSpec.h"

// The numbers the estimator needs from a ModelSpec, derived once: parameter counts (GQA, gated
// MLPs, MoE, MLA aware), FLOPs per token, KV-cache elements per token.
//
// Parameters of a decoder layer (cli99/llm-analysis get_num_params_per_layer; EleutherAI cookbook):
//   attention  = h x (a x d)  [Q] + 2 x h x (n_kv x d)  [K, V] + (a x d) x h  [O]
//   MLA        = h x q_lora + q_lora x a x (d_nope + d_rope) + h x (kv_lora + d_rope)
//                + kv_lora x a x (d_nope + d_v) + a x d_v x h
//   MLP        = (3 if gated else 2) x h x f; MoE: E experts (+ shared) of that size, k active
//   norms      = 2 x h
// plus the embeddings V x h (twice when the output head is not tied).
struct ModelArchitecture
{
    bool transformer = false; // false: a CNN / diffusion preset sized by params and FLOPs per sample
    bool encoder = false;     // BERT-style: no decode phase
    int layers = 0;
    double hidden = 0;
    double heads = 0;
    double kvHeads = 0;
    double headDim = 0;
    double ffn = 0;
    double vocab = 0;
    bool mla = false;
    int slidingWindow = 0; // tokens a local layer keeps: the sliding window or attention chunk (0: none)
    int fullLayers = 0;    // layers that attend to (and cache) the whole context; the rest keep at most
                           // slidingWindow tokens (gpt-oss: every 2nd, Gemma 3: every 6th, Llama 4: 4th)
    int maxContext = 0;

    // Bits per weight of the non-expert parts when a workload stores the experts in the checkpoint's own
    // expert format (gpt-oss: mxfp4 experts, bf16 attention and embeddings); 0: one format for all.
    Precision expertPrecision = Precision::Bf16;
    double nonExpertBits = 0;

    double totalParams = 0;          // stored parameters
    double embeddingParams = 0;      // the input embeddings and the output head (V x h, twice when untied)
    double activeParams = 0;         // parameters used per token (MoE: k of E experts)
    double matmulParamsActive = 0;   // active parameters that take part in a matmul (no input embedding)
    double expertParamsPerLayer = 0; // one expert's MLP (MoE), for the weight bytes a decode step reads
    int moeLayers = 0;
    int experts = 0;
    int activeExperts = 0;

    double kvElementsPerTokenPerLayer = 0; // 2 x n_kv x d, or kv_lora + d_rope with MLA
    double forwardFlopsPerSample = 0;      // non-transformer presets, FLOPs

    static ModelArchitecture from(const ModelSpec &model);

    // Layers that keep only the sliding window (or chunk) in the KV cache.
    int localLayers() const { return slidingWindow > 0 ? layers - fullLayers : 0; }
    // Parameters of the routed experts: the part expert parallelism splits (shared experts are replicated)
    // and the part a checkpoint's expert format covers.
    double expertParams() const { return expertParamsPerLayer * experts * moeLayers; }

    // Forward FLOPs of the matmuls for one token, without the attention scores: 2 x active params.
    // T is double, or MathExpr for the shown math (MathExpr.h).
    template <typename T = double> T linearFlopsPerToken() const
    {
        return 2.0 * Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "active params"), matmulParamsActive);
    }
    // Attention-score FLOPs (QK^T and AV) for one token attending to `context` earlier tokens.
    template <typename T> T attentionFlopsPerToken(const T &context) const
    {
        return 4.0 * Math::input<T>("L", layers) * Math::input<T>("a", heads) * Math::input<T>("d", headDim) *
               context;
    }
    // LoRA adapters of rank r on every linear layer of attention and MLP: r x (in + out) each.
    double loraParams(int rank) const;
};
