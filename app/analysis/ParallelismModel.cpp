#include "ParallelismModel.h"

#include "MemoryModel.h"

namespace ParallelismModel {

MemoryBreakdown memoryAt(const ModelArchitecture &a, const Workload &w, const Parallelism &p, int batch,
                         double overheadGb, MathLog *math)
{
    const double context = Tasks::isTraining(w.task) ? 0.0 : double(w.inputTokens) + w.outputTokens;
    return MemoryModel::perGpu(MemoryModel::Inputs{a, w, p, batch, context, overheadGb}, math);
}

Parallelism split(int gpus, int modelParallel, int dataParallel, bool pipelineOnly)
{
    Parallelism p;
    p.gpus = gpus;
    p.data = dataParallel;
    if (pipelineOnly) {
        p.pipeline = modelParallel;
    } else if (modelParallel <= 8) {
        p.tensor = modelParallel;
    } else {
        p.tensor = 8;
        p.pipeline = modelParallel / 8;
    }
    return p;
}

namespace {

Choice chooseFor(const ModelArchitecture &a, const Workload &w, int gpuCount, double capacityGb, int batch,
                 const EfficiencyParameters &parameters)
{
    const int gpus = std::max(1, gpuCount);
    Choice choice;
    if (w.tensorParallel > 0 || w.pipelineParallel > 0) {
        Parallelism p;
        p.gpus = gpus;
        p.tensor = std::max(1, w.tensorParallel);
        p.pipeline = std::max(1, w.pipelineParallel);
        p.data = std::max(1, gpus / (p.tensor * p.pipeline));
        choice.parallelism = p;
        choice.memory = memoryAt(a, w, p, batch, parameters.frameworkOverheadGb);
        choice.fits = choice.memory.totalGb() <= capacityGb;
        return choice;
    }
    if (parameters.pipelineSplit) {
        // The framework splits the layers over every GPU it sees (llama.cpp's default layer split).
        const Parallelism p = split(gpus, gpus, 1, true);
        const MemoryBreakdown memory = memoryAt(a, w, p, batch, parameters.frameworkOverheadGb);
        return Choice{p, memory, memory.totalGb() <= capacityGb};
    }
    // The fewest model-parallel GPUs that hold the model without ZeRO's data-parallel sharding (so the
    // choice does not change as data-parallel GPUs are added), else with it, else the split that needs
    // the least memory per GPU.
    const auto candidate = [gpus](int m) { return gpus % m == 0 && (m <= 8 || m % 8 == 0); };
    for (int m = 1; m <= gpus; ++m) {
        if (!candidate(m))
            continue;
        Parallelism unsharded = split(m, m, 1, parameters.pipelineSplit);
        if (memoryAt(a, w, unsharded, batch, parameters.frameworkOverheadGb).totalGb() <= capacityGb) {
            const Parallelism p = split(gpus, m, gpus / m, parameters.pipelineSplit);
            const MemoryBreakdown memory = memoryAt(a, w, p, batch, parameters.frameworkOverheadGb);
            return Choice{p, memory, memory.totalGb() <= capacityGb};
        }
    }
    bool first = true;
    for (int m = 1; m <= gpus; ++m) {
        if (!candidate(m))
            continue;
        const Parallelism p = split(gpus, m, gpus / m, parameters.pipelineSplit);
        const MemoryBreakdown memory = memoryAt(a, w, p, batch, parameters.frameworkOverheadGb);
        if (memory.totalGb() <= capacityGb)
            return Choice{p, memory, true};
        if (first || memory.totalGb() < choice.memory.totalGb())
            choice = Choice{p, memory, false};
        first = false;
    }
    return choice;
}

} // namespace

Choice choose(const ModelArchitecture &a, const Workload &w, double capacityGb, int batch,
              const EfficiencyParameters &parameters)
{
    return chooseFor(a, w, w.gpuCount, capacityGb, batch, parameters);
}

int minimumGpus(const ModelArchitecture &a, const Workload &w, double capacityGb, int batch,
                const EfficiencyParameters &parameters)
{
    // Each power of two with the same rules as the workload's own split: the user's tp x pp when given
    // (extra GPUs are data parallel, which helps with ZeRO), else the automatic choice.
    // Without ZeRO sharding (inference, or ZeRO stage 0) data-parallel GPUs never lower the memory per GPU,
    // so the answer is the smallest model-parallel group that fits: one evaluation per power of two.
    const bool sharding = Tasks::isTraining(w.task) && w.zeroStage > 0;
    if (!sharding && w.tensorParallel == 0 && w.pipelineParallel == 0) {
        for (int n = 1; n <= 1024; n *= 2) {
            const Parallelism p = split(n, n, 1, parameters.pipelineSplit);
            if (memoryAt(a, w, p, batch, parameters.frameworkOverheadGb).totalGb() <= capacityGb)
                return n;
        }
        return 0;
    }
    for (int n = 1; n <= 1024; n *= 2) {
        if ((w.tensorParallel > 0 || w.pipelineParallel > 0) &&
            n % (std::max(1, w.tensorParallel) * std::max(1, w.pipelineParallel)) != 0)
            continue;
        if (w.tensorParallel > 0 || w.pipelineParallel > 0) {
            if (chooseFor(a, w, n, capacityGb, batch, parameters).fits)
                return n;
            continue;
        }
        // Some split of n fits; data-parallel sharding only lowers memory, so the sharded split of each
        // model-parallel size is the one to check (what chooseFor would find, with half the work).
        for (int m = 1; m <= n; m *= 2) {
            if (!parameters.pipelineSplit && m > 8 && m % 8 != 0)
                continue;
            const Parallelism p = split(n, m, n / m, parameters.pipelineSplit);
            if (memoryAt(a, w, p, batch, parameters.frameworkOverheadGb).totalGb() <= capacityGb)
                return n;
        }
    }
    return 0;
}

} // namespace ParallelismModel
