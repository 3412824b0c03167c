#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] plan [--gpu GPU[,GPU...]] --model MODEL --task TASK [workload options]
//     serving: --concurrency N | --request-rate X, --ttft-p90-ms MS and/or --tpot-p90-ms MS
//     training: --train-tokens N --deadline-days D [--max-gpus N]
//     [--precisions P[,P...]] [--price GPU=USD[,...]] [--json]
// The cheapest configuration of each GPU type that meets the target (Planner), ranked by cost, and why
// the other GPU types cannot meet it.
CliCommand planCommand();
