#include "app/analysis/SplitMemory.h"

#include "app/analysis/ParallelismModel.h"

#include <limits>

SplitMemory::SplitMemory(const ModelArchitecture &architecture, const Workload &workload,
                         const EfficiencyParameters &parameters)
    : m_architecture(architecture)
    , m_workload(workload)
    , m_overheadGb(parameters.frameworkOverheadGb)
{}

MemoryBreakdown SplitMemory::at(const Parallelism &parallelism, int batch)
{
    const Key key{parallelism.tensor, parallelism.pipeline, parallelism.data, batch};
    const auto found = m_evaluated.find(key);
    if (found != m_evaluated.end())
        return found->second;
    const MemoryBreakdown memory =
        ParallelismModel::memoryAt(m_architecture, m_workload, parallelism, batch, m_overheadGb);
    m_evaluated.emplace(key, memory);
    return memory;
}

SplitMemory::Ladder &SplitMemory::ladder(int batch)
{
    if (batch != m_ladderBatch) {
        m_ladder.fill(std::numeric_limits<double>::quiet_NaN());
        m_ladderBatch = batch;
    }
    return m_ladder;
}
