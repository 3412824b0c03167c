#pragma once

#include "app/analysis/Estimate.h"
#include "app/cli/CliCommand.h"
#include "app/cli/WorkloadOptions.h"

#include <QTextStream>

// gpucompare [--db FILE] estimate --gpu GPU[,GPU...] --model MODEL --task TASK [workload options] [--json]
// [--math] Memory, fit, speed, cost and verdicts per GPU, each with the math behind it.
CliCommand estimateCommand();

// Shared by estimate and compare: parse the workload options, resolve them, estimate every GPU, print JSON
// with --json, else the text form writeText gives. Returns the exit code.
using EstimateTextWriter = void (*)(QTextStream &out, const QVector<Estimate> &estimates, bool showMath);
int runEstimates(const WorkloadOptions::Command &command, const QStringList &arguments, CliContext &context,
                 EstimateTextWriter writeText);
