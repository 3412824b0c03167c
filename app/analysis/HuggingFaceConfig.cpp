#include "app/analysis/HuggingFaceConfig.h"

#include "db/BoundedFileRead.h"
#include "db/ModelSpecCheck.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

namespace HuggingFaceConfig {

namespace {

// The first key present, as a whole number >= 0; -1 when none is present, -2 when one is malformed.
int firstInt(const QJsonObject &config, std::initializer_list<const char *> keys, QString *badKey)
{
    for (const char *key : keys) {
        const QJsonValue value = config.value(QString::fromLatin1(key));
        if (value.isUndefined() || value.isNull())
            continue;
        const double number = value.toDouble(-1.0);
        if (!value.isDouble() || number < 0 || number > 1e9 || number != std::floor(number)) {
            *badKey = QString::fromLatin1(key);
            return -2;
        }
        return static_cast<int>(number);
    }
    return -1;
}

// Multimodal configs (Llama 4, Gemma 3) keep the language model's values under text_config; the outer
// object still names the model type and may say whether embeddings are tied.
QJsonObject languageModelOf(const QJsonObject &config)
{
    const QJsonValue text = config.value(QStringLiteral("text_config"));
    if (config.contains(QStringLiteral("num_hidden_layers")) || !text.isObject())
        return config;
    QJsonObject merged = text.toObject();
    for (const char *key : {"model_type", "tie_word_embeddings", "torch_dtype", "quantization_config"})
        if (!merged.contains(QLatin1String(key)) && config.contains(QLatin1String(key)))
            merged.insert(QLatin1String(key), config.value(QLatin1String(key)));
    return merged;
}

// Every n-th layer attends to the whole context, the others to the window or chunk: gpt-oss and newer
// configs list each layer's kind (layer_types), Gemma 3 gives the period (sliding_window_pattern), Llama 4
// its global (no-RoPE) layers' interval. 0: every layer alike.
int fullAttentionIntervalOf(const QJsonObject &config, int layers)
{
    const QJsonValue types = config.value(QStringLiteral("layer_types"));
    if (types.isArray() && layers > 0) {
        int full = 0;
        for (const QJsonValue &type : types.toArray())
            full += type.toString() == QLatin1String("full_attention") ? 1 : 0;
        return full > 0 && full < layers ? qRound(double(layers) / full) : 0;
    }
    for (const char *key : {"sliding_window_pattern", "no_rope_layer_interval"}) {
        const QJsonValue value = config.value(QLatin1String(key));
        if (value.isDouble() && value.toDouble() >= 1 && value.toDouble() <= layers &&
            value.toDouble() == std::floor(value.toDouble()))
            return value.toInt();
    }
    return 0;
}

// Hybrid stacks as their configs give them (ModelSpec::layerPattern). Nemotron-H: hybrid_override_pattern,
// or Nemotron 3 Ultra's layers_block_type list; mamba_num_heads, mamba_head_dim, ssm_state_size, n_groups,
// conv_kernel; one shared expert of moe_shared_expert_intermediate_size, counted as that many expert-sized
// ones when it divides; relu2 (non-gated) experts. Qwen3-Next: layer_types (linear_attention, full_attention)
// or full_attention_interval, each layer a mixer and its MoE (shared_expert_intermediate_size as expert-sized
// shared experts); linear_* sizes in the Mamba-2 fields. ModelSpecCheck judges what they make.
void readHybridStack(const QJsonObject &config, ModelSpec &model)
{
    const auto number = [&config](const char *key) { return config.value(QLatin1String(key)).toInt(0); };
    QString pattern = config.value(QStringLiteral("hybrid_override_pattern")).toString();
    if (pattern.isEmpty() && config.value(QStringLiteral("layers_block_type")).isArray()) {
        for (const QJsonValue &block : config.value(QStringLiteral("layers_block_type")).toArray()) {
            const QString type = block.toString();
            pattern += type == QLatin1String("mamba")       ? u'M'
                       : type == QLatin1String("moe")       ? u'E'
                       : type == QLatin1String("attention") ? u'*'
                       : type == QLatin1String("mlp")       ? u'-'
                                                            : u'?';
        }
    }
    if (!pattern.isEmpty()) {
        if (model.layers <= 0)
            model.layers = int(pattern.size());
        model.layerPattern = pattern;
        model.ssmHeads = number("mamba_num_heads");
        model.ssmHeadDim = number("mamba_head_dim");
        model.ssmStateSize = number("ssm_state_size");
        model.ssmGroups = number("n_groups");
        model.ssmConvKernel = number("conv_kernel");
        model.moeLatentSize = number("moe_latent_size");
        const int shared = number("moe_shared_expert_intermediate_size");
        if (shared > 0 && model.moeFfnSize > 0 && shared % model.moeFfnSize == 0)
            model.sharedExperts = std::max(1, model.sharedExperts) * (shared / model.moeFfnSize);
        return;
    }
    if (!config.contains(QStringLiteral("linear_num_value_heads")) || model.layers <= 0)
        return;
    const QJsonArray types = config.value(QStringLiteral("layer_types")).toArray();
    const int interval = number("full_attention_interval");
    const QChar mlp = model.experts > 0 ? u'E' : u'-';
    for (int layer = 0; layer < model.layers; ++layer) {
        const bool full = types.isEmpty() ? interval > 0 && (layer + 1) % interval == 0
                                          : types.at(layer).toString() == QLatin1String("full_attention");
        pattern += full ? u'*' : u'G';
        pattern += mlp;
    }
    model.layerPattern = pattern;
    model.ssmHeads = number("linear_num_value_heads");
    model.ssmHeadDim = number("linear_value_head_dim");
    model.ssmStateSize = number("linear_key_head_dim");
    model.ssmGroups = number("linear_num_key_heads");
    model.ssmConvKernel = number("linear_conv_kernel_dim");
    const int shared = number("shared_expert_intermediate_size");
    if (shared > 0 && model.moeFfnSize > 0 && shared % model.moeFfnSize == 0)
        model.sharedExperts = shared / model.moeFfnSize;
}

} // namespace

std::optional<ModelSpec> fromJson(const QJsonObject &original, const QString &modelId, QString *error)
{
    const QJsonObject config = languageModelOf(original);
    QString badKey;
    const auto fail = [error](const QString &message) -> std::optional<ModelSpec> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    ModelSpec model;
    model.modelId = modelId;
    model.name = modelId;
    model.source = QStringLiteral("local config.json");
    const QString modelType = config.value(QStringLiteral("model_type")).toString();
    model.family = modelType;

    struct Field
    {
        int ModelSpec::*member;
        std::initializer_list<const char *> keys;
    };
    const Field fields[] = {
        {&ModelSpec::layers, {"num_hidden_layers", "n_layer", "num_layers"}},
        {&ModelSpec::hiddenSize, {"hidden_size", "n_embd", "d_model"}},
        {&ModelSpec::heads, {"num_attention_heads", "n_head"}},
        {&ModelSpec::kvHeads, {"num_key_value_heads", "num_kv_heads", "multi_query_group_num"}},
        {&ModelSpec::headDim, {"head_dim"}},
        {&ModelSpec::ffnSize, {"intermediate_size", "n_inner", "ffn_dim", "d_ff"}},
        {&ModelSpec::vocabSize, {"vocab_size"}},
        {&ModelSpec::maxContext, {"max_position_embeddings", "n_positions", "seq_length"}},
        {&ModelSpec::experts, {"num_local_experts", "n_routed_experts", "num_experts"}},
        {&ModelSpec::activeExperts, {"num_experts_per_tok", "moe_top_k"}},
        {&ModelSpec::sharedExperts, {"n_shared_experts"}},
        {&ModelSpec::denseLayers, {"first_k_dense_replace"}},
        {&ModelSpec::moeFfnSize, {"moe_intermediate_size"}},
        {&ModelSpec::kvLoraRank, {"kv_lora_rank"}},
        {&ModelSpec::qkRopeHeadDim, {"qk_rope_head_dim"}},
        {&ModelSpec::qLoraRank, {"q_lora_rank"}},
        {&ModelSpec::qkNopeHeadDim, {"qk_nope_head_dim"}},
        {&ModelSpec::vHeadDim, {"v_head_dim"}},
        {&ModelSpec::slidingWindow, {"sliding_window"}},
        {&ModelSpec::attentionChunkSize, {"attention_chunk_size"}},
        {&ModelSpec::moeLayerInterval, {"interleave_moe_layer_step"}},
        {&ModelSpec::mtpLayers, {"num_nextn_predict_layers", "mtp_num_hidden_layers"}},
    };
    for (const Field &field : fields) {
        const int value = firstInt(config, field.keys, &badKey);
        if (value == -2)
            return fail(QCoreApplication::translate("HuggingFaceConfig", "%1: expected a whole number >= 0")
                            .arg(badKey));
        if (value >= 0)
            model.*field.member = value;
        // A context of 0 tokens is a mistake, not "not given" (the key's absence says that).
        if (value == 0 && field.member == &ModelSpec::maxContext)
            return fail(QCoreApplication::translate("HuggingFaceConfig",
                                                    "%1 0: a model reads at least 1 token; leave the key out "
                                                    "if its context is not known")
                            .arg(QString::fromLatin1(*field.keys.begin())));
    }
    readHybridStack(config, model);
    // Qwen2 and Qwen3 configs carry a sliding_window they do not use (use_sliding_window false).
    if (config.value(QStringLiteral("use_sliding_window")).toBool(true) == false)
        model.slidingWindow = 0;
    if (model.slidingWindow > 0 || model.attentionChunkSize > 0)
        model.fullAttentionInterval = fullAttentionIntervalOf(config, model.layers);
    // gpt-oss: the experts published in MXFP4 (quantization_config), the rest in torch_dtype.
    const QJsonObject quantization = config.value(QStringLiteral("quantization_config")).toObject();
    if (quantization.value(QStringLiteral("quant_method")).toString() == QLatin1String("mxfp4") &&
        model.experts > 1) {
        model.expertPrecision = QStringLiteral("mxfp4");
        const QString dtype = config.value(QStringLiteral("torch_dtype")).toString();
        model.nonExpertPrecision = dtype == QLatin1String("float16")   ? QStringLiteral("fp16")
                                   : dtype == QLatin1String("float32") ? QStringLiteral("fp32")
                                                                       : QStringLiteral("bf16");
    }
    if (model.layers <= 0 || model.hiddenSize <= 0 || model.heads <= 0)
        return fail(QCoreApplication::translate("HuggingFaceConfig",
                                                "config.json: needs num_hidden_layers, hidden_size and "
                                                "num_attention_heads (or n_layer, n_embd, n_head)"));
    // The bounds first: the defaults below multiply the sizes.
    if (const QString problem = ModelSpecCheck::problem(model); !problem.isEmpty())
        return fail(QCoreApplication::translate("HuggingFaceConfig", "config.json: %1").arg(problem));
    if (model.kvHeads == 0)
        model.kvHeads = model.heads;
    if (model.ffnSize == 0)
        model.ffnSize = 4 * model.hiddenSize;
    const QString activation = config.value(QStringLiteral("hidden_act"))
                                   .toString(config.value(QStringLiteral("activation_function")).toString());
    // GPT-2, GPT-J, GPT-NeoX: a plain GELU MLP; gpt-oss (2025) gates its experts like Llama.
    const bool gptStyle =
        (modelType.startsWith(QLatin1String("gpt")) && modelType != QLatin1String("gpt_oss")) ||
        modelType == QLatin1String("bert") || modelType == QLatin1String("opt") ||
        modelType == QLatin1String("bloom") || modelType == QLatin1String("falcon");
    model.gatedMlp =
        !gptStyle && (activation.isEmpty() || activation == QLatin1String("silu") ||
                      activation == QLatin1String("swiglu") || activation.contains(QLatin1String("gated")) ||
                      activation == QLatin1String("geglu"));
    if (modelType == QLatin1String("nemotron_h")) // relu2 MLPs and experts: up and down, no gate
        model.gatedMlp = false;
    model.tiedEmbeddings =
        config.value(QStringLiteral("tie_word_embeddings")).toBool(modelType == QLatin1String("bert"));
    if (modelType == QLatin1String("bert") || modelType == QLatin1String("roberta"))
        model.kind = QStringLiteral("encoder");
    return model;
}

std::optional<ModelSpec> fromFile(const QString &path, QString *error)
{
    // At most the limit plus one byte of anything (a FIFO, /dev/zero); a file cut at the limit is not read
    // as if it ended there.
    const BoundedFileRead::Result file = BoundedFileRead::read(path, BoundedFileRead::kModelConfig);
    if (!file.ok()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.error);
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        if (error)
            *error = QCoreApplication::translate("HuggingFaceConfig", "%1: not a JSON object (%2)")
                         .arg(path, parseError.errorString());
        return std::nullopt;
    }
    QString id = QFileInfo(path).absoluteDir().dirName();
    if (id.isEmpty() || id == QLatin1String("."))
        id = QFileInfo(path).completeBaseName();
    return fromJson(document.object(), QStringLiteral("custom-") + id.toLower(), error);
}

} // namespace HuggingFaceConfig
