#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/NumberText.h"
#include "app/analysis/PlanSearch.h"
#include "app/analysis/TrainingRecipe.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace PlanSearch {

namespace {

QString tr(const char *source)
{
    return QCoreApplication::translate("Planner", source);
}

// GPU counts: 1, 2 and 4 GPUs, then whole nodes 1, 2, 3, 4, 6, 8, 12, 16, ... (powers of two and 1.5x
// them): a geometric grid a quarter to a half apart, as clusters are rented.
QVector<int> gpuCounts(int gpusPerNode, int maxGpus)
{
    QVector<int> counts;
    for (int n = 1; n < gpusPerNode && n <= maxGpus; n *= 2)
        counts.append(n);
    for (long long nodes = 1; nodes * gpusPerNode <= maxGpus; nodes *= 2) {
        counts.append(int(nodes * gpusPerNode));
        if (nodes >= 2 && nodes * 3 / 2 * gpusPerNode <= maxGpus && nodes * 3 % 2 == 0)
            counts.append(int(nodes * 3 / 2 * gpusPerNode));
    }
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    if (counts.isEmpty() || counts.constLast() < maxGpus)
        counts.append(maxGpus); // the most allowed is always tried: it tells how close the GPU type comes
    return counts;
}

class TrainingSearch
{
public:
    TrainingSearch(const Context &context)
        : m_context(context)
    {
        m_price = context.request.usdPerGpuHour.value(context.gpu.gpuId, -1.0);
        m_deadline = context.request.deadlineDays;
    }

    bool cancelled() const { return m_context.cancelled && m_context.cancelled(); }

    // Every recipe of `gpus` GPUs for this base (TrainingRecipe, the estimate's own search): each that
    // fits is tried, the fastest is this count's best (at one count also the cheapest and soonest done).
    void layouts(const Base &base, int gpus, GpuPlan &plan, std::optional<PlanCandidate> &bestHere)
    {
        Workload w = base.workload;
        w.gpuCount = gpus;
        w.batch = base.request.globalBatch.value_or(base.request.batch.value_or(w.batch));
        w.tensorParallel = 0; // the base leaves the layout and recipe out (searchedOut): all searched
        w.pipelineParallel = 0;
        w.virtualStages = 1;
        w.automatic = {true, true, true};
        w.automatic.virtualStages = w.task == Task::Training; // interleaving searched with the pipeline
        // The system the GPU ships in: its GPUs per node and its network, unless the user gave them.
        if (const SystemSpec *system = m_context.system) {
            if (!base.request.gpusPerNode)
                w.gpusPerNode = system->gpusPerNode;
            if (!base.request.networkGbps && system->networkGbpsPerGpu())
                w.networkGbps = *system->networkGbpsPerGpu();
        }
        if (m_price >= 0.0)
            w.usdPerGpuHour = m_price;
        TrainingRecipe::Hooks hooks;
        hooks.cancelled = [this]() { return cancelled(); };
        hooks.fitted = [&](const TrainingRecipe::Candidate &tried) {
            plan.tried.append(candidate(base, tried.workload, tried.estimate));
        };
        const TrainingRecipe::Result found = TrainingRecipe::search(m_context.gpu, w, base.parameters, hooks);
        plan.searched += found.searched;
        if (found.closestGb >= 0.0 && (m_closestGb < 0.0 || found.closestGb < m_closestGb)) {
            m_closestGb = found.closestGb;
            m_capacityGb = found.capacityGb;
            m_closestGpus = gpus;
        }
        if (found.fastest)
            bestHere = candidate(base, found.fastest->workload, found.fastest->estimate);
    }

    PlanCandidate candidate(const Base &base, const Workload &w, const Estimate &e) const
    {
        PlanCandidate c;
        c.gpuId = m_context.gpu.gpuId;
        c.caveat = precisionCaveat(m_context.gpu, e);
        c.parallelism = e.parallelism;
        c.weightPrecision = w.weightPrecision;
        c.microBatch = w.microBatch;
        c.zeroStage = w.zeroStage;
        c.recompute = w.recompute;
        c.days = e.training->budgetHours / 24.0;
        c.tokensPerS = e.training->tokensPerS;
        c.mfu = e.training->mfu;
        c.meetsTarget = c.days <= m_deadline;
        c.margin = (m_deadline - c.days) / m_deadline;
        c.uncalibratedStack = e.uncalibratedStack;
        // The planner answers "what to rent": an owned card's cost (CostModel) is not a price to plan by.
        const bool rented = e.cost.basis == CostBasis::Rental;
        if (rented && e.cost.usdPerGpuHour)
            c.usdPerHour = *e.cost.usdPerGpuHour * w.gpuCount;
        if (rented)
            c.usdTotal = e.cost.usdForBudget;
        c.request = base.request;
        c.request.gpus = w.gpuCount;
        c.request.tensorParallel = w.tensorParallel;
        c.request.pipelineParallel = w.pipelineParallel;
        c.request.microBatch = w.microBatch;
        c.request.zeroStage = w.zeroStage;
        c.request.recompute = w.recompute;
        // NVFP4 training resolves to bf16 weights and NVFP4 math: the request asks for it as nvfp4.
        c.request.weightPrecision = w.task == Task::Training && w.activationPrecision == Precision::Nvfp4
                                        ? Precision::Nvfp4
                                        : w.weightPrecision;
        if (w.virtualStages > 1)
            c.request.virtualStages = w.virtualStages;
        else
            c.request.virtualStages.reset();
        if (m_context.system) // estimated alone, the request gives the same nodes and network
            c.request.systemId = m_context.system->systemId;
        if (m_price >= 0.0)
            c.request.usdPerGpuHour = m_price;
        return c; // base.request already leaves out a network the resolver would refuse (BaseCache)
    }

    // What a run costs: its price, or without one its GPU-hours, which a price would multiply.
    static double costOf(const PlanCandidate &c)
    {
        return c.usdTotal ? *c.usdTotal : c.days * 24.0 * c.parallelism.gpus;
    }

    // Meeting the deadline first, then the cheaper run (the fewer GPU-hours without a price: an unpriced
    // GPU is not planned at the most GPUs allowed because nothing says they cost), then the faster.
    static bool better(const PlanCandidate &a, const PlanCandidate &b)
    {
        if (a.meetsTarget != b.meetsTarget)
            return a.meetsTarget;
        if (a.meetsTarget && a.usdTotal.has_value() == b.usdTotal.has_value() &&
            std::abs(costOf(a) - costOf(b)) > 1e-6 * std::max(1.0, costOf(a)))
            return costOf(a) < costOf(b);
        return a.days < b.days;
    }

    double closestGb() const { return m_closestGb; }
    double capacityGb() const { return m_capacityGb; }
    int closestGpus() const { return m_closestGpus; }

private:
    const Context &m_context;
    double m_price = -1.0;
    double m_deadline = 0.0;
    double m_closestGb = -1.0;
    double m_capacityGb = 0.0;
    int m_closestGpus = 0;
};

// Days to train the budget at the GPU's dense peak on `gpus` GPUs: no configuration is faster.
double idealDays(const Context &context, const Workload &w, int gpus)
{
    const double peak = GpuCapabilities::peak(context.gpu, w.activationPrecision).tflops * 1e12;
    if (peak <= 0.0)
        return 0.0;
    const double flopsPerToken = (w.task == Task::Training ? 6.0 : 4.0) * context.architecture.activeParams;
    return w.trainTokens * flopsPerToken / (peak * gpus) / 86400.0;
}

} // namespace

GpuPlan training(const Context &context)
{
    GpuPlan plan;
    plan.gpuId = context.gpu.gpuId;
    plan.gpuName = context.gpu.displayName();
    const int maxGpus = maxGpusFor(context, &plan.notes);
    // Whole systems beyond one: unknown NICs are not 0 Gb/s; the default network is assumed, and said.
    if (const SystemSpec *system = context.system;
        system && !system->maxSystems && !system->networkGbpsPerGpu() && maxGpus > system->gpusPerNode &&
        !context.request.workload.networkGbps)
        plan.notes << tr("%1: the catalogue gives no NICs for it; between systems the default network per "
                         "GPU is assumed")
                          .arg(system->name);
    TrainingSearch search(context);
    std::optional<PlanCandidate> fastest; // the quickest configuration that fits, for "needs more GPUs"
    QLocale locale;

    for (Precision precision : precisionsOf(context.request)) {
        const Base *first = context.base(precision, 1);
        if (!first)
            continue;
        const int node = GpuCapabilities::gpusPerNode(context.gpu, first->workload.gpusPerNode);
        int risesAfterMeeting = 0;
        std::optional<double> previousCost;
        for (int gpus : gpuCounts(node, maxGpus)) {
            if (search.cancelled())
                return plan;
            const Base *base = context.base(precision, gpus);
            if (!base)
                continue;
            if (gpus < maxGpus && idealDays(context, base->workload, gpus) > context.request.deadlineDays)
                continue; // even at the dense peak this count misses the deadline
            std::optional<PlanCandidate> bestHere;
            search.layouts(*base, gpus, plan, bestHere);
            if (!bestHere)
                continue;
            if (!fastest || bestHere->days < fastest->days)
                fastest = bestHere;
            if (!bestHere->meetsTarget)
                continue;
            const bool cheaper = !plan.best || TrainingSearch::better(*bestHere, *plan.best);
            if (cheaper)
                plan.best = bestHere;
            // More GPUs finish sooner but rarely cost less: stop after two counts that cost more.
            const std::optional<double> cost = TrainingSearch::costOf(*bestHere);
            if (previousCost && cost && *cost >= *previousCost && !cheaper) {
                if (++risesAfterMeeting >= 2)
                    break;
            } else {
                risesAfterMeeting = 0;
            }
            if (cost)
                previousCost = cost;
        }
    }
    if (plan.best)
        return plan;
    if (fastest) {
        plan.whyNot = tr("needs more than %1 GPUs: the fastest tried, %2 GPUs, takes %3 days (deadline %4)")
                          .arg(maxGpus)
                          .arg(fastest->parallelism.gpus)
                          .arg(NumberText::fixed(fastest->days, 1, locale),
                               locale.toString(context.request.deadlineDays, 'g', 4));
    } else if (search.closestGb() > 0.0) {
        plan.whyNot = tr("does not fit: %1 GB per GPU at best (%2 GPUs) on %3 GB")
                          .arg(NumberText::fixed(search.closestGb(), 1, locale))
                          .arg(search.closestGpus())
                          .arg(NumberText::fixed(search.capacityGb(), 0, locale));
    } else {
        plan.whyNot = tr("cannot finish in %1 days on %2 GPUs even at the GPU's peak rate")
                          .arg(locale.toString(context.request.deadlineDays, 'g', 4))
                          .arg(maxGpus);
    }
    return plan;
}

} // namespace PlanSearch
