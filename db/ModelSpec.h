#pragma once

#include <QString>
#include <optional>

// A model the estimator can size: a transformer described by its architecture config, or a
// non-transformer preset (ResNet-50, SDXL) described by parameters and FLOPs per sample.
// Each preset keeps the config values it came from and their source.
struct ModelSpec
{
    qint64 rowId = 0;
    QString modelId; // kebab-case: llama-3-8b, mixtral-8x7b, resnet-50
    QString name;
    QString family;
    QString kind = QStringLiteral("decoder"); // decoder, encoder, cnn, diffusion

    // Transformer config (Hugging Face config.json names in comments)
    int layers = 0;       // num_hidden_layers
    int hiddenSize = 0;   // hidden_size
    int heads = 0;        // num_attention_heads
    int kvHeads = 0;      // num_key_value_heads (GQA); == heads for MHA
    int headDim = 0;      // head_dim; 0 means hiddenSize / heads
    int ffnSize = 0;      // intermediate_size (per expert for MoE)
    bool gatedMlp = true; // SwiGLU-style gate: 3 FFN matrices instead of 2
    int vocabSize = 0;    // vocab_size
    bool tiedEmbeddings = false;
    int maxContext = 0;    // max_position_embeddings
    int experts = 0;       // num_local_experts; 0 for dense models
    int activeExperts = 0; // num_experts_per_tok
    int sharedExperts = 0; // always-active experts (DeepSeek)
    int denseLayers = 0;   // leading dense layers in an MoE stack (DeepSeek first_k_dense_replace)
    int moeFfnSize = 0;    // expert FFN size when it differs from ffnSize
    int kvLoraRank = 0;    // MLA compressed KV dimension; 0 means no MLA
    int qkRopeHeadDim = 0; // MLA decoupled RoPE key dimension
    int qLoraRank = 0;     // MLA compressed query dimension; 0 means queries are not compressed
    int qkNopeHeadDim = 0; // MLA per-head key dimension without RoPE
    int vHeadDim = 0;      // MLA per-head value dimension
    int slidingWindow = 0; // sliding_window: attention (and so the KV cache) spans at most this many tokens
    int attentionChunkSize = 0;    // attention_chunk_size (Llama 4): local layers attend within fixed chunks
    int fullAttentionInterval = 0; // every n-th layer attends to the whole context, the others only to the
                                   // sliding window or chunk (gpt-oss layer_types: 2; Gemma 3
                                   // sliding_window_pattern: 6; Llama 4 no_rope_layer_interval: 4); 0: every
                                   // layer alike
    int mtpLayers = 0;             // num_nextn_predict_layers (DeepSeek-V3): multi-token-prediction modules,
                                   // each a layer and the output head again, trained beside the model
    int moeLayerInterval = 0;      // interleave_moe_layer_step (Llama 4): every n-th layer past the dense
                                   // ones is MoE, the others dense; 0 or 1: every one

    // Hybrid stacks (Nemotron-H: Mamba-2 + attention + MoE; Qwen3-Next: Gated DeltaNet + attention + MoE).
    // The blocks in order, one character each, as Megatron's hybrid_override_pattern writes them: '*'
    // attention, 'M' Mamba-2 mixer, 'G' Gated DeltaNet mixer, 'E' MoE, '-' dense MLP. With one character
    // per layer (Nemotron-H) a layer is a mixer or an MLP alone; with two (Qwen3-Next "GEGEGE*E...") a
    // layer is a mixer and its MLP. Empty: every layer is attention and an MLP, as the fields above say.
    QString layerPattern;
    int moeLatentSize = 0; // moe_latent_size (Nemotron 3 Super/Ultra): routed experts work at this width
    int ssmHeads = 0;      // Mamba-2 mamba_num_heads, or Gated DeltaNet linear_num_value_heads
    int ssmHeadDim = 0;    // mamba_head_dim, or linear_value_head_dim
    int ssmStateSize = 0;  // Mamba-2 ssm_state_size, or Gated DeltaNet linear_key_head_dim
    int ssmGroups = 0;     // Mamba-2 n_groups (B and C shared by groups of heads), or linear_num_key_heads
    int ssmConvKernel = 0; // conv_kernel, or linear_conv_kernel_dim

    // Formats of the published checkpoint when its parts differ (gpt-oss: quantization_config mxfp4 for
    // the experts, torch_dtype bfloat16 for attention, router and embeddings): asked for the expert format,
    // the estimator keeps the other weights at theirs. Precision names ("mxfp4", "bf16"); empty: one format.
    QString expertPrecision;
    QString nonExpertPrecision;

    // Non-transformer presets, and overrides where the config cannot give them
    std::optional<double> paramsBillions;  // total parameters when not derivable from config
    std::optional<double> gflopsPerSample; // forward pass, for CNN / diffusion presets

    QString source; // where the config values came from
    QString notes;
};
