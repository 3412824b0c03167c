#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/Workload.h"

#include <array>
#include <map>
#include <tuple>

// Memory per GPU of one workload under one profile, by split and batch, each evaluated once.
// Memory does not depend on the GPU, and the split search, the fewest-GPUs search and the batch search
// ask for the same splits again and again, for every GPU of a comparison: ~13 memory evaluations per
// estimate, which unmemoised are more than half of the estimator's instructions (docs/performance.md).
// Holds references: the architecture and workload must outlive it.
class SplitMemory
{
public:
    SplitMemory(const ModelArchitecture &architecture, const Workload &workload,
                const EfficiencyParameters &parameters);

    const ModelArchitecture &architecture() const { return m_architecture; }
    const Workload &workload() const { return m_workload; }
    double overheadGb() const { return m_overheadGb; }

    // Memory per GPU at this split with `batch` sequences per replica.
    MemoryBreakdown at(const Parallelism &parallelism, int batch);
    double totalGb(const Parallelism &parallelism, int batch) { return at(parallelism, batch).totalGb(); }

    // Scratch for ParallelismModel::minimumGpus: the least memory per GPU on 1, 2, 4 ... 1024 GPUs at one
    // batch (NaN: not evaluated yet). Asking for another batch starts a fresh ladder.
    using Ladder = std::array<double, 11>;
    Ladder &ladder(int batch);

private:
    // The memory model reads tp, pp and dp, never the GPU count itself, so that is not part of the key.
    using Key = std::tuple<int, int, int, int>; // tensor, pipeline, data, batch

    const ModelArchitecture &m_architecture;
    const Workload &m_workload;
    double m_overheadGb;
    std::map<Key, MemoryBreakdown> m_evaluated;
    int m_ladderBatch = -1;
    Ladder m_ladder{};
};
