#pragma once

#include "app/analysis/Plan.h"

#include <QJsonObject>
#include <QTextStream>

// How `plan` prints its answer: one JSON document {"task", "plans": [...], "searched", "elapsed_ms"} (the
// contract of issue 19, plus the configuration's parts and the `estimate` arguments that reproduce it
// alone), or a ranked table with the GPU types that cannot meet the target below it.
namespace PlanOutput {

// One GPU type's answer. Keys that do not apply to the task are left out; values unknown (no price) or
// without a configuration (the target cannot be met) are null.
QJsonObject toJson(const GpuPlan &plan, Task task);
QJsonObject toJson(const PlanResult &result, qint64 elapsedMs);

void writeJson(QTextStream &out, const PlanResult &result, qint64 elapsedMs);
void writeText(QTextStream &out, const PlanResult &result, qint64 elapsedMs);

// The `gpucompare estimate` arguments (after "estimate") that estimate this configuration alone.
QStringList estimateArguments(const PlanCandidate &candidate);

} // namespace PlanOutput
