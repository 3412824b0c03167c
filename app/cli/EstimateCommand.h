#pragma once

#include "CliCommand.h"

// gpucompare [--db FILE] estimate --gpu GPU[,GPU...] --model MODEL --task TASK [workload options] [--json]
// [--math] Memory, fit, speed, cost and verdicts per GPU, each with the math behind it.
CliCommand estimateCommand();
