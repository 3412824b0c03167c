#pragma once

#include "db/ModelSpec.h"

#include <QJsonObject>
#include <QString>
#include <optional>

// A custom model from a local Hugging Face config.json, offline. Reads the Llama/Mistral/Qwen names
// (num_hidden_layers, hidden_size, ...), the GPT-2/GPT-J names (n_layer, n_embd, n_head, n_inner),
// Mixtral (num_local_experts) and DeepSeek (n_routed_experts, kv_lora_rank, ...). MLP gating follows
// hidden_act (silu/swiglu/gelu-gated: gated) unless the architecture is GPT-style.
namespace HuggingFaceConfig {

std::optional<ModelSpec> fromJson(const QJsonObject &config, const QString &modelId,
                                  QString *error = nullptr);
std::optional<ModelSpec> fromFile(const QString &path, QString *error = nullptr);

} // namespace HuggingFaceConfig
