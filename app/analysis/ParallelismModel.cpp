#include "app/analysis/ParallelismModel.h"

#include "app/analysis/MemoryModel.h"
#include "app/analysis/SplitMemory.h"

#include <cmath>
#include <limits>

namespace ParallelismModel {

MemoryBreakdown memoryAt(const ModelArchitecture &a, const Workload &w, const Parallelism &p, int batch,
                         double overheadGb, MathLog *math)
{
    const double context = Tasks::isTraining(w.task) ? 0.0 : double(w.inputTokens) + w.outputTokens;
    return MemoryModel::perGpu(MemoryModel::Inputs{a, w, p, batch, context, overheadGb}, math);
}

Parallelism split(int gpus, int modelParallel, int dataParallel, bool pipelineOnly, int tensorMax)
{
    Parallelism p;
    p.gpus = gpus;
    p.data = dataParallel;
    const int node = std::max(1, tensorMax);
    if (pipelineOnly) {
        p.pipeline = modelParallel;
    } else if (modelParallel <= node) {
        p.tensor = modelParallel;
    } else if (modelParallel % node == 0) {
        p.tensor = node;
        p.pipeline = modelParallel / node;
    } else {
        // The largest tensor degree within a node that divides the group; the rest pipelined.
        p.tensor = 1;
        for (int t = node; t > 1; --t)
            if (modelParallel % t == 0) {
                p.tensor = t;
                break;
            }
        p.pipeline = modelParallel / p.tensor;
    }
    return p;
}

int sequencesPerReplica(const Workload &w, int batch, int dataParallel)
{
    if (Tasks::isTraining(w.task))
        return std::max(1, w.microBatch);
    const int replicas = std::max(1, dataParallel);
    return std::max(1, (batch + replicas - 1) / replicas);
}

namespace {

MemoryBreakdown memoryOf(SplitMemory &splitMemory, const Parallelism &p, int batch)
{
    return splitMemory.at(p, sequencesPerReplica(splitMemory.workload(), batch, p.data));
}

Choice chooseFor(SplitMemory &splitMemory, int gpuCount, double capacityGb, int batch,
                 const EfficiencyParameters &parameters, int gpusPerNode)
{
    const Workload &w = splitMemory.workload();
    const int gpus = std::max(1, gpuCount);
    const bool training = Tasks::isTraining(w.task);
    // Context parallelism and interleaving are training's; inference keeps one GPU per sequence.
    const int context = training ? std::max(1, w.contextParallel) : 1;
    const auto withTrainingDegrees = [&](Parallelism p) {
        if (training) {
            p.context = context;
            p.expert = std::max(1, w.expertParallel);
            p.virtualStages = std::max(1, w.virtualStages);
        } else if (w.expertParallel > 1) {
            // Serving: the experts whole over ep GPUs, tp of them per attention replica (ep / tp replicas
            // feed one expert group; the estimator checks that tp divides ep).
            p.expert = w.expertParallel;
        }
        return p;
    };
    Choice choice;
    if (w.tensorParallel > 0 || w.pipelineParallel > 0) {
        Parallelism p;
        p.gpus = gpus;
        p.tensor = std::max(1, w.tensorParallel);
        p.pipeline = std::max(1, w.pipelineParallel);
        p.data = std::max(1, gpus / (p.tensor * p.pipeline * context));
        p = withTrainingDegrees(p);
        choice.parallelism = p;
        choice.memory = memoryOf(splitMemory, p, batch);
        choice.fits = choice.memory.totalGb() <= capacityGb;
        return choice;
    }
    if (parameters.pipelineSplit) {
        // The framework splits the layers over every GPU it sees (llama.cpp's default layer split).
        const Parallelism p = split(gpus, gpus, 1, true);
        const MemoryBreakdown memory = memoryOf(splitMemory, p, batch);
        return Choice{p, memory, memory.totalGb() <= capacityGb};
    }
    // Model-parallel sizes m that divide the GPUs left after context parallelism; beyond a node, whole
    // nodes of tensor parallelism.
    const int groups = std::max(1, gpus / context);
    const int node = std::max(1, gpusPerNode);
    const auto candidate = [groups, node](int m) { return groups % m == 0 && (m <= node || m % node == 0); };
    const auto splitFor = [&](int m) {
        return withTrainingDegrees(split(gpus, m, groups / m, parameters.pipelineSplit, node));
    };
    // The fewest model-parallel GPUs that hold the model without ZeRO's data-parallel sharding (so the
    // choice does not change as data-parallel GPUs are added), else with it, else the split that needs
    // the least memory per GPU. FSDP (ZeRO-3) shards first: it exists to avoid model parallelism.
    // Inference shards nothing over replicas, so its split is the unsharded one at each replica's share.
    if (!(w.task == Task::Training && w.zeroStage >= 3)) {
        for (int m = 1; m <= groups; ++m) {
            if (!candidate(m))
                continue;
            const Parallelism p = splitFor(m);
            Parallelism unsharded = p;
            if (training) {
                unsharded = withTrainingDegrees(split(m * context, m, 1, parameters.pipelineSplit, node));
                unsharded.data = 1;
            }
            if (splitMemory.at(unsharded, sequencesPerReplica(w, batch, p.data)).totalGb() <= capacityGb) {
                const MemoryBreakdown memory = memoryOf(splitMemory, p, batch);
                return Choice{p, memory, memory.totalGb() <= capacityGb};
            }
        }
    }
    bool first = true;
    for (int m = 1; m <= groups; ++m) {
        if (!candidate(m))
            continue;
        const Parallelism p = splitFor(m);
        const MemoryBreakdown memory = memoryOf(splitMemory, p, batch);
        if (memory.totalGb() <= capacityGb)
            return Choice{p, memory, true};
        if (first || memory.totalGb() < choice.memory.totalGb())
            choice = Choice{p, memory, false};
        first = false;
    }
    return choice;
}

} // namespace

Choice choose(SplitMemory &memory, double capacityGb, int batch, const EfficiencyParameters &parameters,
              int gpusPerNode)
{
    return chooseFor(memory, memory.workload().gpuCount, capacityGb, batch, parameters, gpusPerNode);
}

namespace {

// The least memory per GPU on n GPUs split as choose() would split them (the user's tp x pp when given,
// extra GPUs data parallel; else any automatic split); infinite when the user's tp x pp does not divide n.
double leastMemoryOn(SplitMemory &memory, int n, int batch, const EfficiencyParameters &parameters)
{
    const Workload &w = memory.workload();
    if (w.tensorParallel > 0 || w.pipelineParallel > 0) {
        if (n % (std::max(1, w.tensorParallel) * std::max(1, w.pipelineParallel)) != 0)
            return std::numeric_limits<double>::infinity();
        return chooseFor(memory, n, 0.0, batch, parameters, 8).memory.totalGb();
    }
    // Without ZeRO sharding (inference, or ZeRO stage 0) data-parallel GPUs never lower the memory per GPU:
    // the whole group is model parallel. With it, each model-parallel size's sharded split is a candidate.
    const bool sharding = Tasks::isTraining(w.task) && w.zeroStage > 0;
    if (!sharding)
        return memoryOf(memory, split(n, n, 1, parameters.pipelineSplit), batch).totalGb();
    double least = std::numeric_limits<double>::infinity();
    for (int m = 1; m <= n; m *= 2) {
        if (!parameters.pipelineSplit && m > 8 && m % 8 != 0)
            continue;
        least =
            std::min(least, memoryOf(memory, split(n, m, n / m, parameters.pipelineSplit), batch).totalGb());
    }
    return least;
}

} // namespace

int minimumGpus(SplitMemory &memory, double capacityGb, int batch, const EfficiencyParameters &parameters)
{
    // The least memory on each power of two does not depend on the GPU: the memo keeps the rungs already
    // climbed, so the GPUs of a comparison share them and each only compares its capacity.
    SplitMemory::Ladder &leastGb = memory.ladder(batch);
    for (std::size_t rung = 0; rung < leastGb.size(); ++rung) {
        const int n = 1 << rung;
        if (std::isnan(leastGb[rung]))
            leastGb[rung] = leastMemoryOn(memory, n, batch, parameters);
        if (leastGb[rung] <= capacityGb)
            return n;
    }
    return 0;
}

} // namespace ParallelismModel
