#pragma once

#include "app/analysis/WorkloadField.h"
#include "app/analysis/WorkloadRequest.h"

#include <QJsonObject>
#include <QString>
#include <optional>

// WorkloadRequest <-> JSON object, for scenario files. Keys are the command line's option names in
// snake_case ("model", "task", "precision", "kv_precision", "batch", "ttft_p90_ms", ...); an unset field
// is left out, so a request reads back equal. Enumerations are written by name ("bf16", "lora").
namespace WorkloadRequestJson {

QJsonObject toJson(const WorkloadRequest &request);

// The key of a field in the object (the field table's: its command-line option in snake_case,
// "kv_precision").
QString keyOf(WorkloadField field);

// Reads what toJson writes. An unknown key, a value of the wrong type or an unknown name is an error in
// *error that names the key ("workload.precision: \"bf17\" is not a precision").
std::optional<WorkloadRequest> fromJson(const QJsonObject &object, QString *error = nullptr);

} // namespace WorkloadRequestJson
