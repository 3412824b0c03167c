#include "SplitMemory.h"

#include "ParallelismModel.h"

#include <cstdint>
#include <limits>

SplitMemory::SplitMemory(const ModelArchitecture &architecture, const Workload &workload,
                         const EfficiencyParameters &parameters)
    : m_architecture(architecture)
    , m_workload(workload)
    , m_overheadGb(parameters.frameworkOverheadGb)
    , m_slots(32)
{
    m_evaluated.reserve(16);
}

SplitMemory::Slot &SplitMemory::slotFor(int tensor, int pipeline, int data, int batch)
{
    const std::uint64_t hash = (std::uint64_t(unsigned(tensor)) * 0x9E3779B97F4A7C15u) ^
                               (std::uint64_t(unsigned(pipeline)) * 0xC2B2AE3D27D4EB4Fu) ^
                               (std::uint64_t(unsigned(data)) * 0x165667B19E3779F9u) ^
                               (std::uint64_t(unsigned(batch)) * 0x27D4EB2F165667C5u);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = (hash >> 32) & mask;; i = (i + 1) & mask) {
        Slot &slot = m_slots[i];
        if (slot.tensor == 0 ||
            (slot.tensor == tensor && slot.pipeline == pipeline && slot.data == data && slot.batch == batch))
            return slot;
    }
}

MemoryBreakdown SplitMemory::at(const Parallelism &parallelism, int batch)
{
    Slot *slot = &slotFor(parallelism.tensor, parallelism.pipeline, parallelism.data, batch);
    if (slot->tensor != 0)
        return m_evaluated[slot->index];
    if (2 * (m_evaluated.size() + 1) > m_slots.size()) { // keep the table at most half full
        std::vector<Slot> old(m_slots.size() * 2);
        old.swap(m_slots);
        for (const Slot &entry : old)
            if (entry.tensor != 0)
                slotFor(entry.tensor, entry.pipeline, entry.data, entry.batch) = entry;
        slot = &slotFor(parallelism.tensor, parallelism.pipeline, parallelism.data, batch);
    }
    *slot = Slot{parallelism.tensor, parallelism.pipeline, parallelism.data, batch, int(m_evaluated.size())};
    m_evaluated.push_back(
        ParallelismModel::memoryAt(m_architecture, m_workload, parallelism, batch, m_overheadGb));
    return m_evaluated.back();
}

SplitMemory::Ladder &SplitMemory::ladder(int batch)
{
    if (batch != m_ladderBatch) {
        m_ladder.fill(std::numeric_limits<double>::quiet_NaN());
        m_ladderBatch = batch;
    }
    return m_ladder;
}
