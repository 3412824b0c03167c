#pragma once

#include "app/analysis/WorkloadRequest.h"

// Requests the form and the window's front door are both tested with.
namespace WorkloadTestData {

// A serving request as the planner returns one: Llama-3.3 70B in fp8 on 4 GPUs (tp 2), 50 users, p90 targets
// and the engine's running-sequence limit.
inline WorkloadRequest plannersServingRequest()
{
    WorkloadRequest serving;
    serving.modelId = QStringLiteral("llama-3.3-70b");
    serving.task = Task::Inference;
    serving.weightPrecision = Precision::Fp8;
    serving.inputTokens = 1024;
    serving.outputTokens = 256;
    serving.gpus = 4;
    serving.tensorParallel = 2;
    serving.pipelineParallel = 1;
    serving.usdPerGpuHour = 2.5;
    serving.usdPerKwh = 0.12;
    serving.concurrency = 50;
    serving.ttftP90Ms = 2000.0;
    serving.tpotP90Ms = 50.0;
    serving.maxNumSeqs = 64;
    return serving;
}

} // namespace WorkloadTestData
