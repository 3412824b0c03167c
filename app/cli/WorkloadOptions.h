#pragma once

#include "CliContext.h"

#include <CatalogueSnapshot.h>
#include <EfficiencyParameters.h>
#include <QStringList>
#include <QVector>
#include <Workload.h>
#include <optional>

// The workload options shared by `estimate` and `compare`, parsed and resolved against the catalogue:
//   --gpu G[,G...] --model M | --model-config FILE --task T --precision P --activation-precision P
//   --kv-precision P --batch N|max --input-tokens N --output-tokens N --seq-len N --gpus N --tp N --pp N
//   --zero 0-3 --recompute none|selective|full --optimizer adam|adam8bit --lora-rank N --profile ID
//   --usd-per-gpu-hour X
//   --usd-per-kwh X --utilisation X --train-tokens N --json --math
// Every bad value is reported as one line naming it and what is allowed (exit 2).
struct WorkloadRequest
{
    QVector<GpuSpec> gpus;
    Workload workload;
    EfficiencyParameters parameters;
    EfficiencyParameters otherTaskParameters; // for the verdict of the task not asked for
    bool json = false;
    bool showMath = false;
};

namespace WorkloadOptions {

// `command` names the subcommand in messages; `minimumGpus` is 1 for estimate, 2 for compare;
// `requireModelAndTask` is true for estimate (compare defaults to llama-3-8b inference).
std::optional<WorkloadRequest> parse(const QString &command, const QStringList &arguments,
                                     CliContext &context, int minimumGpus, bool requireModelAndTask,
                                     int *exitCode);

QString usage(const QString &command);

} // namespace WorkloadOptions
