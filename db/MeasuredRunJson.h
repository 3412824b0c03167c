#pragma once

#include "db/MeasuredRun.h"

#include <QJsonObject>
#include <QString>
#include <optional>

// A MeasuredRun as JSON, every field: how the catalogue stores a run (measured_runs.run_json) and how a
// catalogue export carries it. Absent numbers are left out (never 0 or null); an unlimited request rate
// (infinity, which JSON cannot hold) is the string "inf". fromJson(toJson(run)) gives run back.
namespace MeasuredRunJson {

QJsonObject toJson(const MeasuredRun &run);
// nullopt with *error set ("format: unknown value 'x'") when the object is not one toJson wrote.
std::optional<MeasuredRun> fromJson(const QJsonObject &object, QString *error = nullptr);

// Stable keys of the enums, stored in the catalogue: "vllm-bench-serve", "inference-serving".
QString formatKey(MeasuredRun::Format format);
std::optional<MeasuredRun::Format> formatFromKey(const QString &key);
QString taskKey(MeasuredRun::Task task);
std::optional<MeasuredRun::Task> taskFromKey(const QString &key);

} // namespace MeasuredRunJson
