#include "app/comparison/ComparisonRun.h"

#include "app/analysis/CostModel.h"
#include "app/analysis/EstimateRanges.h"
#include "app/analysis/Estimator.h"
#include "db/SystemGpu.h"

ComparisonRun::ComparisonRun(const QStringList &gpuIds, const WorkloadRequest &request,
                             const CatalogueSnapshot &catalogue, bool showSparse,
                             const BenchmarkMatcher &measured)
    : m_workload(WorkloadMapper::map(request, catalogue))
{
    ComparisonInput input;
    // A system compares its GPU as it sits and is priced there (gpuInSystem), in place of the GPUs
    // picked: the command line's --system, the same request.
    const SystemSpec *system = request.systemId ? catalogue.findSystem(*request.systemId) : nullptr;
    if (const GpuSpec *held = system ? catalogue.findGpu(system->gpuId) : nullptr)
        input.gpus << gpuInSystem(*held, *system);
    else
        for (const QString &id : gpuIds)
            if (const GpuSpec *gpu = catalogue.findGpu(id))
                input.gpus << *gpu;
    input.showSparse = showSparse;
    if (m_workload.isValid()) {
        // The math terms are built only for the number the user selects (math()), not for every GPU.
        EstimateOptions options;
        options.buildMath = false;
        input.estimates = Estimator::estimateAll(input.gpus, m_workload.resolved, options);
        input.workloadSummary = m_workload.summary;
        input.traffic = m_workload.resolved.workload->traffic;
        input.measured = measured.matching(*m_workload.resolved.workload, input.gpus);
        for (const Benchmark &benchmark : std::as_const(input.measured))
            input.measuredEstimates << measured.compare(benchmark);
    }
    m_gpus = input.gpus;
    m_presentation = ComparisonPresentation::build(input);
}

ComparisonRun::ComparisonRun(const QStringList &gpuIds, const WorkloadRequest &request,
                             const CatalogueSnapshot &catalogue, bool showSparse)
    : ComparisonRun(gpuIds, request, catalogue, showSparse, BenchmarkMatcher(catalogue))
{}

ComparisonMath ComparisonRun::math(const QString &rowId, int gpuColumn) const
{
    std::optional<Estimate> withMath;
    if (ComparisonPresentation::needsEstimateMath(rowId) && m_workload.isValid() && gpuColumn >= 0 &&
        gpuColumn < m_gpus.size()) {
        // Priced as the comparison is (estimateAll's basis), so the cell's math shows the cell's number.
        withMath = Estimator::estimate(m_gpus.at(gpuColumn),
                                       CostModel::withComparisonBasis(m_gpus, *m_workload.resolved.workload),
                                       m_workload.resolved.parameters);
        EstimateRanges::attach(*withMath, UncertaintyTable::bundled().forProfile(
                                              m_workload.resolved.parameters)); // the ranges on its terms
    }
    return {m_presentation.mathTitle(rowId, gpuColumn),
            m_presentation.math(rowId, gpuColumn, withMath ? &*withMath : nullptr)};
}
