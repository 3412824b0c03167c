#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/ModelArchitecture.h"

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

// tensorMax: the most GPUs tensor parallelism spans (one node's); the rest of the model-parallel GPUs
// form pipeline stages.
Parallelism split(int gpus, int modelParallel, int dataParallel, bool pipelineOnly, int tensorMax = 8);

// Sequences one replica holds in memory at once when the deployment runs `batch` (the workload's batch:
// requests in flight, or the global training batch) over `dataParallel` replicas: inference, its share of
// the requests, ceil(batch / dp); training, one micro-batch.
int sequencesPerReplica(const Workload &workload, int batch, int dataParallel);

// The split of the memo's workload for the deployment batch `batch`, evaluated through the memo.
// Training's context, expert and virtual-stage degrees come from the workload; tensor parallelism stays
// within `gpusPerNode` GPUs. Full training with ZeRO-3 (FSDP): sharding comes first: the fewest
// model-parallel GPUs whose sharded memory fits, as FSDP runs are laid out.
Choice choose(SplitMemory &memory, double capacityGb, int batch, const EfficiencyParameters &parameters,
              int gpusPerNode = 8);

// Fewest GPUs (1, 2, 4, ... 1024) whose memory per GPU fits at the deployment batch `batch`, split as
// choose() would split them (ZeRO sharding over data-parallel GPUs counts); 0 when none does.
int minimumGpus(SplitMemory &memory, double capacityGb, int batch, const EfficiencyParameters &parameters);

} // namespace ParallelismModel
