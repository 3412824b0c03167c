#pragma once

#include "db/EfficiencyProfile.h"

#include <QString>
#include <QVector>

// Which engine profile stands for a measurement of an engine at a version. Each serving profile names its
// engine and the versions it was fitted for (EfficiencyParameters::engineId, engineVersionFrom/To), so a
// vLLM 0.5 result is estimated with the 2024 engine and a vLLM 0.19 one with V1, never one for the other.
namespace EngineProfiles {

// -1, 0 or 1 as a is older than, the same as or newer than b, by their dotted numbers ("0.10" > "0.9";
// "v0.5.9-cu130" reads as 0.5.9). Parts a version leaves out count as 0.
int compareVersions(const QString &a, const QString &b);

// "trtllm", "TensorRT-LLM", "trt" -> "tensorrt-llm"; "vLLM" -> "vllm"; "SGLang" -> "sglang".
QString engineId(const QString &engine);

// The profile of `engine` whose versions hold `version`; with no version, or none holding it, the profile
// of the engine's newest versions. Empty when no profile is of that engine.
QString forEngine(const QVector<EfficiencyProfile> &profiles, const QString &engine, const QString &version);

} // namespace EngineProfiles
