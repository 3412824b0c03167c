#pragma once

#include "db/ModelSpec.h"

#include <QJsonObject>

// ModelSpec <-> JSON object with snake_case keys (Hugging Face config.json names where one exists).
// This is the format of resources/seed/models.json and of the models table's config column.
namespace ModelSpecJson {

QJsonObject toJson(const ModelSpec &model);

// Reads what toJson writes. Missing keys keep ModelSpec's defaults; a key with a value of the wrong
// type, a negative size or an empty model_id is an error described in *error (key named).
std::optional<ModelSpec> fromJson(const QJsonObject &object, QString *error = nullptr);

} // namespace ModelSpecJson
