#include "app/analysis/TrainingRecipe.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/ModelArchitecture.h"

#include <algorithm>

namespace TrainingRecipe {

namespace {

// The degrees tried for tp (within a node, dividing the heads) or pp (at most the layers): the user's
// value alone when given.
QVector<int> tensorDegrees(const Workload &w, const ModelArchitecture &a, int node, int gpus)
{
    if (w.tensorParallel > 0 || w.pipelineParallel > 0)
        return {std::max(1, w.tensorParallel)};
    QVector<int> degrees;
    for (int tensor = 1; tensor <= std::min(node, gpus); tensor *= 2)
        if (!(a.transformer && a.heads > 0 && int(a.heads) % tensor != 0))
            degrees.append(tensor);
    return degrees;
}

QVector<int> pipelineDegrees(const Workload &w, const ModelArchitecture &a, int room)
{
    if (w.tensorParallel > 0 || w.pipelineParallel > 0)
        return {std::max(1, w.pipelineParallel)};
    if (!a.transformer)
        return {1}; // a CNN is not pipelined here
    QVector<int> degrees;
    // Layers that the stages do not divide are split unevenly, as Megatron takes them (PipelineStages):
    // DeepSeek-V3's 61 layers run at pp 16.
    for (int pipeline = 1; pipeline <= std::min({room, 64, a.layers}); pipeline *= 2)
        degrees.append(pipeline);
    return degrees;
}

// Interleaved stages for a pipeline the search lays out: 1, and 2, 4 ... 16 model chunks per stage where
// pp x vpp divides the layers, or the layers + 2 with the embedding and the loss as chunks of their own
// (Megatron's --account-for-embedding/loss-in-pipeline-split: Llama-3.1 405B's 126 layers at pp 16 x vpp 8).
// Interleaving divides the bubble by vpp and multiplies the stage boundaries' sends by it.
QVector<int> virtualDegrees(const Workload &w, const ModelArchitecture &a, int pipeline)
{
    if (!w.automatic.virtualStages || w.tensorParallel > 0 || w.pipelineParallel > 0)
        return {std::max(1, w.virtualStages)};
    QVector<int> degrees{1};
    if (pipeline <= 1 || !a.transformer)
        return degrees;
    for (int vpp = 2; vpp <= 16 && pipeline * vpp <= a.layers + 2; vpp *= 2)
        if (a.layers % (pipeline * vpp) == 0 || (a.layers + 2) % (pipeline * vpp) == 0)
            degrees.append(vpp);
    return degrees;
}

// Expert parallelism for a model with experts left to the search: none, or 8 to 64 GPUs (the degrees
// Megatron-Bridge's and AutoModel's recipes run), dividing the experts and the GPUs of a pipeline stage.
QVector<int> expertDegrees(const Workload &w, const ModelArchitecture &a, int stageGpus)
{
    if (!w.automatic.expertParallel) // the user's, where it divides the stage's GPUs
        return w.expertParallel > 1 && stageGpus % w.expertParallel != 0 ? QVector<int>{}
                                                                         : QVector<int>{w.expertParallel};
    QVector<int> degrees{1};
    for (int expert = 8; expert <= std::min(64, stageGpus); expert *= 2)
        if (a.experts % expert == 0 && stageGpus % expert == 0)
            degrees.append(expert);
    return degrees;
}

QVector<int> zeroStages(const Workload &w)
{
    if (!w.automatic.zeroStage)
        return {w.zeroStage};
    // Megatron's distributed optimizer (ZeRO-1); FSDP's SHARD_GRAD_OP (ZeRO-2), which gathers the weights
    // once a step and keeps them through the accumulation steps (llm-foundry's 3B recipe); FULL_SHARD
    // (ZeRO-3), which gathers them for every micro-batch. Adapters' state is too small to shard.
    return w.task == Task::Training ? QVector<int>{1, 2, 3} : QVector<int>{0};
}

QVector<Recompute> recomputations(const Workload &w, bool automatic)
{
    if (!automatic)
        return {w.recompute};
    if (w.task != Task::Training)
        return {Recompute::Full}; // adapters: gradient checkpointing, as PEFT runs them
    return {Recompute::None, Recompute::Selective, Recompute::Full};
}

class Search
{
public:
    Search(const GpuSpec &gpu, const EfficiencyParameters &parameters, Workload::Automatic automatic,
           const Hooks &hooks, Result &result)
        : m_gpu(gpu)
        , m_parameters(parameters)
        , m_automatic(automatic)
        , m_hooks(hooks)
        , m_result(result)
    {}

    bool cancelled() const { return m_hooks.cancelled && m_hooks.cancelled(); }

    // The least recomputation that fits this layout at this micro-batch; false when none does.
    bool leastRecomputation(const Workload &layout)
    {
        for (Recompute recompute : recomputations(layout, m_automatic.recompute)) {
            Workload w = layout;
            w.recompute = recompute;
            if (Estimator::check(w) || cancelled())
                continue;
            ++m_result.searched;
            Estimate e = Estimator::estimate(m_gpu, w, m_parameters, EstimateOptions{false, true});
            if (!e.fits || !e.training) {
                if (m_result.closestGb < 0.0 || e.perGpuGb < m_result.closestGb) {
                    m_result.closestGb = e.perGpuGb;
                    m_result.capacityGb = e.capacityGb;
                }
                continue;
            }
            Candidate candidate{w, std::move(e)};
            if (m_hooks.fitted)
                m_hooks.fitted(candidate);
            if (!m_result.fastest ||
                candidate.estimate.training->tokensPerS > m_result.fastest->estimate.training->tokensPerS)
                m_result.fastest = std::move(candidate);
            return true;
        }
        return false;
    }

    // Micro-batches 1, 2, 4, 8 while they divide each replica's share and fit (the user's alone when
    // given), for one layout and ZeRO stage.
    void microBatches(const Workload &layout, int data)
    {
        if (!m_automatic.microBatch) {
            leastRecomputation(layout);
            return;
        }
        for (int micro = 1; micro <= 8 && !cancelled(); micro *= 2) {
            if (layout.batch % (data * micro) != 0)
                break; // larger micro-batches do not divide either
            Workload w = layout;
            w.microBatch = micro;
            if (!leastRecomputation(w))
                break; // a larger micro-batch needs more memory still
        }
    }

private:
    const GpuSpec &m_gpu;
    const EfficiencyParameters &m_parameters;
    const Workload::Automatic m_automatic; // what the candidates vary; each candidate's own flags are off
    const Hooks &m_hooks;
    Result &m_result;
};

} // namespace

bool searches(const Workload &w, const EfficiencyParameters &parameters)
{
    if (!Tasks::isTraining(w.task) || parameters.pipelineSplit)
        return false;
    return (w.tensorParallel == 0 && w.pipelineParallel == 0) || w.automatic.any();
}

Result search(const GpuSpec &gpu, const Workload &base, const EfficiencyParameters &parameters,
              const Hooks &hooks)
{
    Result result;
    const ModelArchitecture a = ModelArchitecture::from(base.model);
    const int gpus = std::max(1, base.gpuCount);
    const int node = GpuCapabilities::gpusPerNode(gpu, base.gpusPerNode);
    const int cp = std::max(1, base.contextParallel);
    Search search(gpu, parameters, base.automatic, hooks, result);
    for (int tensor : tensorDegrees(base, a, node, gpus)) {
        for (int pipeline : pipelineDegrees(base, a, gpus / (tensor * cp))) {
            if (gpus % (tensor * pipeline * cp) != 0)
                continue;
            const int data = gpus / (tensor * pipeline * cp);
            for (int expert : expertDegrees(base, a, gpus / pipeline)) {
                for (int vpp : virtualDegrees(base, a, pipeline)) {
                    for (int zero : zeroStages(base)) {
                        if (search.cancelled())
                            return result;
                        Workload w = base;
                        w.gpuCount = gpus;
                        w.tensorParallel = tensor;
                        w.pipelineParallel = pipeline;
                        w.expertParallel = expert;
                        w.virtualStages = vpp;
                        w.zeroStage = zero;
                        w.automatic = {}; // estimated as given: the estimate must not search again
                        search.microBatches(w, data);
                    }
                }
            }
        }
    }
    return result;
}

} // namespace TrainingRecipe
