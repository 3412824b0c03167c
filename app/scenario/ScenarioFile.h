#pragma once

#include "app/scenario/Scenario.h"

#include <QByteArray>
#include <QString>
#include <optional>

// The `.gpuc` file: JSON, {"format": "gpucompare-scenario", "schema_version": 1, ...}. Written with sorted
// keys and fixed number forms, so that saving what was opened gives the same bytes. Reading checks
// everything before returning: a damaged file, a newer schema or a wrong value gives no scenario and one
// message that names what is wrong (and where: "line 12", "gpus[3]", "workload.batch").
namespace ScenarioFile {

inline constexpr int kSchemaVersion = 1;
inline constexpr char kExtension[] = "gpuc";

QByteArray toJson(const Scenario &scenario);
std::optional<Scenario> fromJson(const QByteArray &data, QString *error = nullptr);

// Atomic (AtomicFileWriter): a failure leaves any previous file as it was.
bool save(const Scenario &scenario, const QString &path, QString *error = nullptr);
std::optional<Scenario> load(const QString &path, QString *error = nullptr);

} // namespace ScenarioFile
