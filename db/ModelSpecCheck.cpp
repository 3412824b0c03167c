#include "db/ModelSpecCheck.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace ModelSpecCheck {

namespace {

// Bounds well past every published model (Llama 3.1 405B: 126 layers, hidden 16384; DeepSeek-V3: 256
// experts; Gemma: 256k vocabulary), well inside the estimator's arithmetic.
constexpr int kMaxLayers = 1024;
constexpr int kMaxHidden = 262144;
constexpr int kMaxHeads = 16384;
constexpr int kMaxHeadDim = 4096;
constexpr int kMaxFfn = 4194304;
constexpr int kMaxVocab = 4194304;
constexpr int kMaxContext = 100000000;
constexpr int kMaxExperts = 4096;
constexpr int kMaxRank = 262144;
constexpr int kMaxConvKernel = 64;
constexpr double kMaxParamsBillions = 1e6;  // a quadrillion parameters
constexpr double kMaxGflopsPerSample = 1e9; // an exaFLOP per sample

QString tr(const char *text)
{
    return QCoreApplication::translate("ModelSpecCheck", text);
}

QString outside(const char *key, double value, double minimum, double maximum)
{
    return tr("%1 %2: allowed %3 to %4")
        .arg(QLatin1String(key))
        .arg(value, 0, 'g', 12)
        .arg(minimum, 0, 'g', 12)
        .arg(maximum, 0, 'g', 12);
}

// A precision name as the estimator spells them (lower-case letters, digits, '_'), at most 16 characters;
// the estimator ignores a name it does not know. The db layer keeps no list of them (app/analysis does).
bool isPrecisionName(const QString &text)
{
    if (text.size() > 16)
        return false;
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'_';
    });
}

// hybrid_override_pattern: blocks of '*' attention, 'M' Mamba-2, 'G' Gated DeltaNet, 'E' MoE, '-' dense MLP,
// one per layer or (a mixer then its MLP) two per layer; recurrent mixers need their sizes, 'E' experts.
QString patternProblem(const ModelSpec &m)
{
    const QString &pattern = m.layerPattern;
    if (pattern.isEmpty())
        return {};
    const auto bad = [&pattern](const QString &why) {
        return tr("hybrid_override_pattern '%1': %2").arg(pattern.left(40), why);
    };
    for (const QChar c : pattern)
        if (!QStringLiteral("*MGE-").contains(c))
            return bad(tr("one character per block: * attention, M Mamba-2, G Gated DeltaNet, E MoE, - MLP"));
    const auto mixer = [](QChar c) { return c == u'*' || c == u'M' || c == u'G'; };
    if (pattern.size() == 2 * m.layers) {
        for (qsizetype i = 0; i < pattern.size(); i += 2)
            if (!mixer(pattern[i]) || mixer(pattern[i + 1]))
                return bad(tr("two blocks per layer are a mixer (*, M, G) and an MLP (E, -)"));
    } else if (pattern.size() != m.layers) {
        return bad(
            tr("%1 blocks for num_hidden_layers %2: one or two per layer").arg(pattern.size()).arg(m.layers));
    }
    if ((pattern.contains(u'M') || pattern.contains(u'G')) &&
        (m.ssmHeads <= 0 || m.ssmHeadDim <= 0 || m.ssmStateSize <= 0 || m.ssmGroups <= 0))
        return bad(tr("M and G layers need mamba_num_heads, mamba_head_dim, ssm_state_size and n_groups"));
    if (pattern.contains(u'E') && m.experts <= 0)
        return bad(tr("E layers need num_local_experts"));
    return {};
}

} // namespace

QString problem(const ModelSpec &m)
{
    struct Bound
    {
        const char *key;
        int value;
        int minimum;
        int maximum;
    };
    // Described as a transformer (as the estimator reads it: ModelArchitecture): then it needs a vocabulary.
    const bool transformer = m.layers > 0 && m.hiddenSize > 0 && m.heads > 0;
    const int one = transformer ? 1 : 0;
    const Bound bounds[] = {
        {"num_hidden_layers", m.layers, one, kMaxLayers},
        {"hidden_size", m.hiddenSize, one, kMaxHidden},
        // Each head has at least one dimension of the hidden state; each KV head serves a query head.
        {"num_attention_heads", m.heads, one, std::min(kMaxHeads, std::max(1, m.hiddenSize))},
        {"num_key_value_heads", m.kvHeads, 0, std::max(1, m.heads)},
        {"head_dim", m.headDim, 0, kMaxHeadDim},
        {"intermediate_size", m.ffnSize, 0, kMaxFfn},
        {"vocab_size", m.vocabSize, one, kMaxVocab},
        {"max_position_embeddings", m.maxContext, 0, kMaxContext},
        {"num_local_experts", m.experts, 0, kMaxExperts},
        {"num_experts_per_tok", m.activeExperts, 0, std::max(0, m.experts)},
        {"n_shared_experts", m.sharedExperts, 0, kMaxExperts},
        {"first_k_dense_replace", m.denseLayers, 0, std::max(0, m.layers)},
        {"moe_intermediate_size", m.moeFfnSize, 0, kMaxFfn},
        {"kv_lora_rank", m.kvLoraRank, 0, kMaxRank},
        {"qk_rope_head_dim", m.qkRopeHeadDim, 0, kMaxHeadDim},
        {"q_lora_rank", m.qLoraRank, 0, kMaxRank},
        {"qk_nope_head_dim", m.qkNopeHeadDim, 0, kMaxHeadDim},
        {"v_head_dim", m.vHeadDim, 0, kMaxHeadDim},
        {"sliding_window", m.slidingWindow, 0, kMaxContext},
        {"attention_chunk_size", m.attentionChunkSize, 0, kMaxContext},
        // A pattern longer than the stack would leave no layer attending to the whole context.
        {"full_attention_interval", m.fullAttentionInterval, 0, std::max(1, m.layers)},
        {"interleave_moe_layer_step", m.moeLayerInterval, 0, std::max(1, m.layers)},
        {"num_nextn_predict_layers", m.mtpLayers, 0, std::max(1, m.layers)},
        {"moe_latent_size", m.moeLatentSize, 0, kMaxHidden},
        {"mamba_num_heads", m.ssmHeads, 0, kMaxHeads},
        {"mamba_head_dim", m.ssmHeadDim, 0, kMaxHeadDim},
        {"ssm_state_size", m.ssmStateSize, 0, kMaxHeadDim},
        {"n_groups", m.ssmGroups, 0, kMaxHeads},
        {"conv_kernel", m.ssmConvKernel, 0, kMaxConvKernel},
    };
    // Experts per token without experts: say what is missing, not "allowed 0 to 0".
    if (m.activeExperts > 0 && m.experts <= 0)
        return tr("num_experts_per_tok %1: needs num_local_experts (the experts to choose from)")
            .arg(m.activeExperts);
    for (const Bound &b : bounds)
        if (b.value < b.minimum || b.value > b.maximum)
            return outside(b.key, b.value, b.minimum, b.maximum);
    // One local span: a layer slides or attends in chunks, not both.
    if (m.slidingWindow > 0 && m.attentionChunkSize > 0)
        return tr("sliding_window %1 and attention_chunk_size %2: give one of them")
            .arg(m.slidingWindow)
            .arg(m.attentionChunkSize);
    for (const auto &[key, text] : {std::pair{"expert_precision", &m.expertPrecision},
                                    std::pair{"non_expert_precision", &m.nonExpertPrecision}})
        if (!isPrecisionName(*text))
            return tr("%1 '%2': a precision name such as mxfp4 or bf16").arg(QLatin1String(key), *text);
    if (const QString pattern = patternProblem(m); !pattern.isEmpty())
        return pattern;
    if (m.paramsBillions && !(std::isfinite(*m.paramsBillions) && *m.paramsBillions >= 0.0 &&
                              *m.paramsBillions <= kMaxParamsBillions))
        return outside("params_billions", *m.paramsBillions, 0, kMaxParamsBillions);
    if (m.gflopsPerSample && !(std::isfinite(*m.gflopsPerSample) && *m.gflopsPerSample >= 0.0 &&
                               *m.gflopsPerSample <= kMaxGflopsPerSample))
        return outside("gflops_per_sample", *m.gflopsPerSample, 0, kMaxGflopsPerSample);
    return {};
}

} // namespace ModelSpecCheck
