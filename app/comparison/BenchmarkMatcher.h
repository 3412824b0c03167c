#pragma once

#include "app/analysis/Workload.h"
#include "app/comparison/MeasuredEstimates.h"
#include "db/Benchmark.h"
#include "db/CatalogueSnapshot.h"
#include "db/GpuSpec.h"

#include <QStringList>
#include <QVector>

// Finds the catalogue's measurements of a workload: the same model and kind of task (training or
// inference) on the chosen GPUs, shown beside the estimates. Made once per catalogue: the model key of
// every benchmark is computed here, not on each recompute.
class BenchmarkMatcher
{
public:
    // Training runs at scale shown for a training workload: the nearest in GPU count and sequence length.
    static constexpr int kNearestTrainingRuns = 8;

    BenchmarkMatcher() = default;
    explicit BenchmarkMatcher(const QVector<Benchmark> &benchmarks);
    // Also estimates every benchmark under its own conditions, for compare().
    explicit BenchmarkMatcher(const CatalogueSnapshot &catalogue);

    QVector<Benchmark> matching(const Workload &workload, const QVector<GpuSpec> &gpus) const;
    // What a matched benchmark measured and the estimate for its conditions (its conditions alone when
    // this matcher was made from the benchmarks only).
    MeasuredComparison compare(const Benchmark &benchmark) const;

private:
    QVector<Benchmark> m_benchmarks;
    QStringList m_modelKeys; // modelKey() of each benchmark, same order
    std::optional<MeasuredEstimates> m_estimates;
};
