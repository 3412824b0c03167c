#pragma once

#include "EfficiencyParameters.h"
#include "Estimate.h"
#include "ModelArchitecture.h"

class SplitMemory;

// How the workload's GPUs are split, and the fewest GPUs that hold it.
// Automatic split (tp = pp = 0 in the workload): the smallest divisor m of the GPU count whose
// model-parallel group holds the model; tensor parallel up to 8 GPUs (pipeline beyond); the rest is
// data parallel. A profile that splits layers (llama.cpp) puts every GPU in one pipeline.
namespace ParallelismModel {

struct Choice
{
    Parallelism parallelism;
    MemoryBreakdown memory;
    bool fits = false;
};

// Memory per GPU at a given split (batch and context as the estimator uses them).
MemoryBreakdown memoryAt(const ModelArchitecture &architecture, const Workload &workload,
                         const Parallelism &parallelism, int batch, double overheadGb,
                         MathLog *math = nullptr);

Parallelism split(int gpus, int modelParallel, int dataParallel, bool pipelineOnly);

// Sequences one replica holds in memory at once when the deployment runs `batch` (the workload's batch:
// requests in flight, or the global training batch) over `dataParallel` replicas: inference, its share of
// the requests, ceil(batch / dp); training, one micro-batch.
int sequencesPerReplica(const Workload &workload, int batch, int dataParallel);

// The split of the memo's workload for the deployment batch `batch`, evaluated through the memo.
Choice choose(SplitMemory &memory, double capacityGb, int batch, const EfficiencyParameters &parameters);

// Fewest GPUs (1, 2, 4, ... 1024) whose memory per GPU fits at the deployment batch `batch`, split as
// choose() would split them (ZeRO sharding over data-parallel GPUs counts); 0 when none does.
int minimumGpus(SplitMemory &memory, double capacityGb, int batch, const EfficiencyParameters &parameters);

} // namespace ParallelismModel
