#include "db/ModelSpecJson.h"

#include "db/ModelSpecCheck.h"
#include "db/TextCheck.h"

#include <QJsonValue>
#include <cmath>

namespace {

// One table drives both directions so the two can never disagree on a key.
struct IntField
{
    const char *key;
    int ModelSpec::*member;
};
struct BoolField
{
    const char *key;
    bool ModelSpec::*member;
};
struct TextField
{
    const char *key;
    QString ModelSpec::*member;
};
struct OptionalField
{
    const char *key;
    std::optional<double> ModelSpec::*member;
};

constexpr IntField kIntFields[] = {
    {"num_hidden_layers", &ModelSpec::layers},
    {"hidden_size", &ModelSpec::hiddenSize},
    {"num_attention_heads", &ModelSpec::heads},
    {"num_key_value_heads", &ModelSpec::kvHeads},
    {"head_dim", &ModelSpec::headDim},
    {"intermediate_size", &ModelSpec::ffnSize},
    {"vocab_size", &ModelSpec::vocabSize},
    {"max_position_embeddings", &ModelSpec::maxContext},
    {"num_local_experts", &ModelSpec::experts},
    {"num_experts_per_tok", &ModelSpec::activeExperts},
    {"n_shared_experts", &ModelSpec::sharedExperts},
    {"first_k_dense_replace", &ModelSpec::denseLayers},
    {"moe_intermediate_size", &ModelSpec::moeFfnSize},
    {"kv_lora_rank", &ModelSpec::kvLoraRank},
    {"qk_rope_head_dim", &ModelSpec::qkRopeHeadDim},
    {"q_lora_rank", &ModelSpec::qLoraRank},
    {"qk_nope_head_dim", &ModelSpec::qkNopeHeadDim},
    {"v_head_dim", &ModelSpec::vHeadDim},
    {"sliding_window", &ModelSpec::slidingWindow},
    {"attention_chunk_size", &ModelSpec::attentionChunkSize},
    {"full_attention_interval", &ModelSpec::fullAttentionInterval},
    {"interleave_moe_layer_step", &ModelSpec::moeLayerInterval},
};
// Written when set, so a model without them keeps its JSON as before: multi-token prediction, and the
// hybrid stacks' fields (ModelSpec::layerPattern; Gated DeltaNet layers use the Mamba-2 names, ModelSpec
// says which config.json key each one holds).
constexpr IntField kHybridIntFields[] = {
    {"num_nextn_predict_layers", &ModelSpec::mtpLayers}, {"moe_latent_size", &ModelSpec::moeLatentSize},
    {"mamba_num_heads", &ModelSpec::ssmHeads},           {"mamba_head_dim", &ModelSpec::ssmHeadDim},
    {"ssm_state_size", &ModelSpec::ssmStateSize},        {"n_groups", &ModelSpec::ssmGroups},
    {"conv_kernel", &ModelSpec::ssmConvKernel},
};
constexpr TextField kHybridTextFields[] = {
    {"hybrid_override_pattern", &ModelSpec::layerPattern},
};
constexpr BoolField kBoolFields[] = {
    {"gated_mlp", &ModelSpec::gatedMlp},
    {"tie_word_embeddings", &ModelSpec::tiedEmbeddings},
};
constexpr TextField kTextFields[] = {
    {"model_id", &ModelSpec::modelId},
    {"name", &ModelSpec::name},
    {"family", &ModelSpec::family},
    {"kind", &ModelSpec::kind},
    {"source", &ModelSpec::source},
    {"notes", &ModelSpec::notes},
    {"expert_precision", &ModelSpec::expertPrecision},
    {"non_expert_precision", &ModelSpec::nonExpertPrecision},
};
constexpr OptionalField kOptionalFields[] = {
    {"params_billions", &ModelSpec::paramsBillions},
    {"gflops_per_sample", &ModelSpec::gflopsPerSample},
};

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

} // namespace

namespace ModelSpecJson {

QJsonObject toJson(const ModelSpec &model)
{
    QJsonObject object;
    for (const TextField &field : kTextFields)
        object.insert(key(field.key), model.*field.member);
    for (const IntField &field : kIntFields)
        object.insert(key(field.key), model.*field.member);
    for (const BoolField &field : kBoolFields)
        object.insert(key(field.key), model.*field.member);
    for (const OptionalField &field : kOptionalFields) {
        const std::optional<double> &value = model.*field.member;
        object.insert(key(field.key), value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null));
    }
    for (const IntField &field : kHybridIntFields)
        if (model.*field.member != 0)
            object.insert(key(field.key), model.*field.member);
    for (const TextField &field : kHybridTextFields)
        if (!(model.*field.member).isEmpty())
            object.insert(key(field.key), model.*field.member);
    return object;
}

std::optional<ModelSpec> fromJson(const QJsonObject &object, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<ModelSpec> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    ModelSpec model;
    // The text read into model, or the problem with it.
    const auto readText = [&object, &model](const TextField &field) -> QString {
        const QJsonValue value = object.value(key(field.key));
        if (value.isUndefined() || value.isNull())
            return {};
        if (!value.isString())
            return QStringLiteral("%1: expected text").arg(key(field.key));
        // The same text the GPU fields take: a NUL or a lone surrogate would break the catalogue's exports.
        if (const QString problem = TextCheck::problem(value.toString()); !problem.isEmpty())
            return QStringLiteral("%1: %2").arg(key(field.key), problem);
        model.*field.member = value.toString();
        return {};
    };
    const auto readInt = [&object, &model](const IntField &field) -> QString {
        const QJsonValue value = object.value(key(field.key));
        if (value.isUndefined() || value.isNull())
            return {};
        const double number = value.toDouble(-1.0);
        if (!value.isDouble() || number < 0 || number != std::floor(number) || number > 1e9)
            return QStringLiteral("%1: expected a whole number >= 0").arg(key(field.key));
        model.*field.member = static_cast<int>(number);
        return {};
    };
    for (const TextField &field : kTextFields)
        if (const QString problem = readText(field); !problem.isEmpty())
            return fail(problem);
    for (const TextField &field : kHybridTextFields)
        if (const QString problem = readText(field); !problem.isEmpty())
            return fail(problem);
    for (const IntField &field : kIntFields)
        if (const QString problem = readInt(field); !problem.isEmpty())
            return fail(problem);
    for (const IntField &field : kHybridIntFields)
        if (const QString problem = readInt(field); !problem.isEmpty())
            return fail(problem);
    for (const BoolField &field : kBoolFields) {
        const QJsonValue value = object.value(key(field.key));
        if (value.isUndefined() || value.isNull())
            continue;
        if (!value.isBool())
            return fail(QStringLiteral("%1: expected true or false").arg(key(field.key)));
        model.*field.member = value.toBool();
    }
    for (const OptionalField &field : kOptionalFields) {
        const QJsonValue value = object.value(key(field.key));
        if (value.isUndefined() || value.isNull())
            continue;
        if (!value.isDouble() || !std::isfinite(value.toDouble()) || value.toDouble() < 0)
            return fail(QStringLiteral("%1: expected a number >= 0").arg(key(field.key)));
        model.*field.member = value.toDouble();
    }
    if (model.modelId.trimmed().isEmpty())
        return fail(QStringLiteral("model_id: required"));
    if (const QString problem = ModelSpecCheck::problem(model); !problem.isEmpty())
        return fail(problem);
    return model;
}

} // namespace ModelSpecJson
