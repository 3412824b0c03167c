#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] compare --gpu GPU,GPU[,...] [--model MODEL] [--task TASK] [workload options]
// [--json] The same estimates side by side, the best value of each row marked, and the verdicts.
CliCommand compareCommand();
