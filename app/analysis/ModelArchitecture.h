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
//
// Hybrid stacks (ModelSpec::layerPattern) add block by block, one RMSNorm (h) each (Megatron-LM
// megatron/core/ssm/mamba_mixer.py, HF NemotronHMamba2Mixer and Qwen3NextGatedDeltaNet; the sums are checked
// in docs/research/hybrid-model-presets.md section 4):
//   Mamba-2 (d = heads x head_dim, conv = d + 2 x G x N):
//     h x (2d + 2GN + heads) [in_proj] + (K + 1) x conv [conv1d] + 3 x heads + d [norm] + d x h [out_proj]
//   Gated DeltaNet (keys k = G x N, values v = heads x head_dim, conv = 2k + v):
//     h x (2k + 2v + 2 x heads) + K x conv + 2 x heads + head_dim + v x h
//   MoE with a latent width L (Nemotron 3 Super): routed experts work at L, plus 2 x h x L projections.
// Their scan FLOPs beyond the projections (Megatron training.py mamba_layer_flops, gdn_layer_flops):
// 7 x d x N per token for Mamba-2, 8 x heads x head_dim x N for Gated DeltaNet; their state per sequence,
// independent of the context (vLLM MambaStateShapeCalculator): (K - 1) x conv values in the cache format
// and heads x head_dim x N in fp32 (mamba_ssm_cache_dtype).
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
    double mlaLatent = 0;  // MLA: kv_lora_rank, the latent the absorbed decode attends over
    int slidingWindow = 0; // tokens a local layer keeps: the sliding window or attention chunk (0: none)
    int fullLayers = 0;    // layers that attend to (and cache) the whole context; the rest keep at most
                           // slidingWindow tokens (gpt-oss: every 2nd, Gemma 3: every 6th, Llama 4: 4th)
    int maxContext = 0;
    // Hybrid stacks: the layers with attention (the only ones with a KV cache); == layers otherwise.
    bool hybrid = false;
    int attentionLayers = 0;
    double recurrentFlopsPerToken = 0;  // Mamba-2 / Gated DeltaNet scans, forward, all layers
    double convStateElements = 0;       // per sequence, all recurrent layers: kept in the cache format
    double ssmStateElements = 0;        // per sequence, all recurrent layers: kept in fp32
    double allReducesPerLayer = 2;      // tensor-parallel all-reduces of a layer's forward: one per block
                                        // (Nemotron-H: 1, a block a layer; attention + MLP: 2)
    double moeLatent = 0;               // moe_latent_size: the width tokens are dispatched to experts at
    double activationBytesPerToken = 0; // hybrid: training activations of all blocks per token at 16 bit
                                        // (selective recompute; Korthikanti's 34 h per plain layer)

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
    double expertFfn = 0; // a routed expert's matmul width (moe_intermediate_size): its grouped GEMMs' size
    // Multi-token prediction (DeepSeek-V3 section 2.2): each module is a 2h x h projection, two norms and
    // one more layer of the stack's kind (an MoE layer when the model has experts), then the shared output
    // head again. Its parameters are not in totalParams, as the model cards count them.
    int mtpLayers = 0;                // num_nextn_predict_layers of the config
    double mtpParams = 0;             // one module, stored
    double mtpMatmulParamsActive = 0; // one module, per token: projection, active layer and the head

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
        const T matmuls =
            2.0 * Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "active params"), matmulParamsActive);
        if (recurrentFlopsPerToken <= 0.0)
            return matmuls;
        return matmuls +
               Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "recurrent scan FLOPs"), recurrentFlopsPerToken);
    }
    // Attention-score FLOPs (QK^T and AV) for one token attending to `context` earlier tokens.
    // A decoding token's attention with MLA's absorbed weights (FlashMLA, the engines' decode path): per
    // head, scores over the latent and the rope part and values over the latent, 2 x (2 x kv_lora + d_rope)
    // FLOPs per pair and layer (DeepSeek-V3: 2,176 against 768 unabsorbed); otherwise as a prefill token.
    double decodeAttentionFlopsPerPair() const
    {
        if (!mla)
            return attentionFlopsPerToken<double>(1.0);
        const double rope = kvElementsPerTokenPerLayer - mlaLatent;
        return 2.0 * attentionLayers * heads * (2.0 * mlaLatent + rope);
    }
    template <typename T> T attentionFlopsPerToken(const T &context) const
    {
        return 4.0 * attentionLayerCount<T>() * Math::input<T>("a", heads) * Math::input<T>("d", headDim) *
               context;
    }
    // The layers with attention: "L" for a plain stack, "L_attn" for a hybrid one.
    template <typename T> T attentionLayerCount() const
    {
        return hybrid ? Math::input<T>("L_attn", attentionLayers) : Math::input<T>("L", layers);
    }
    // Bytes of the recurrent state of one sequence (all Mamba-2 / Gated DeltaNet layers) at `cacheBytes` per
    // conv value; 0 without such layers.
    double recurrentStateBytes(double cacheBytes) const
    {
        return convStateElements * cacheBytes + ssmStateElements * 4.0;
    }
    // LoRA adapters of rank r on every linear layer of attention and MLP: r x (in + out) each.
    double loraParams(int rank) const;
};
