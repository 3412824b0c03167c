#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/NumberText.h"
#include "app/analysis/PlanSearch.h"
#include "app/analysis/ServingLoad.h"

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

// The tightest target's room, as a fraction of the target (negative: missed).
double servingMargin(const ServingResult &s, const ServingTraffic &targets)
{
    double margin = 1.0;
    if (targets.ttftP90TargetMs)
        margin = std::min(margin, (*targets.ttftP90TargetMs - s.ttftMs.p90) / *targets.ttftP90TargetMs);
    if (targets.tpotP90TargetMs)
        margin = std::min(margin, (*targets.tpotP90TargetMs - s.tpotMs.p90) / *targets.tpotP90TargetMs);
    return margin;
}

class ServingSearch
{
public:
    ServingSearch(const Context &context, const Base &base)
        : m_context(context)
        , m_base(base)
    {
        m_targets = *base.workload.traffic;
        m_price = m_context.request.usdPerGpuHour.value(context.gpu.gpuId, -1.0);
    }

    // One configuration, estimated as `estimate` would estimate it alone (targets aside: the search only
    // needs whether they are met, not the most users that meet them).
    std::optional<PlanCandidate> evaluate(int tensor, int pipeline, int replicas, int maxNumSeqs,
                                          GpuPlan &plan)
    {
        if (cancelled())
            return std::nullopt;
        ++plan.searched;
        Workload w = m_base.workload;
        w.gpuCount = tensor * pipeline * replicas;
        w.tensorParallel = tensor;
        w.pipelineParallel = pipeline;
        if (m_price >= 0.0)
            w.usdPerGpuHour = m_price;
        ServingTraffic traffic = m_targets;
        traffic.maxNumSeqs = maxNumSeqs;
        traffic.ttftP90TargetMs.reset();
        traffic.tpotP90TargetMs.reset();
        w.traffic = traffic;
        const Estimate e = Estimator::estimate(m_context.gpu, w, m_base.parameters, EstimateOptions{false});
        m_lastPerGpuGb = e.perGpuGb;
        m_capacityGb = e.capacityGb;
        if (!e.fits || !e.serving || e.serving->outputTokensPerS <= 0.0)
            return std::nullopt;
        PlanCandidate c;
        c.gpuId = m_context.gpu.gpuId;
        c.caveat = precisionCaveat(m_context.gpu, e);
        c.parallelism = e.parallelism;
        c.weightPrecision = w.weightPrecision;
        c.maxNumSeqs = e.serving->maxNumSeqs;
        c.meetsTarget = ServingLoad::meetsTargets(*e.serving, m_targets);
        // The planner answers "what to rent": an owned card's cost (CostModel) is not a price to plan by.
        const bool rented = e.cost.basis == CostBasis::Rental;
        if (rented && e.cost.usdPerGpuHour)
            c.usdPerHour = *e.cost.usdPerGpuHour * w.gpuCount;
        if (rented)
            c.usdPerMillionTokens = e.cost.usdPerMillionTokens;
        c.ttftP90Ms = e.serving->ttftMs.p90;
        c.tpotP90Ms = e.serving->tpotMs.p90;
        c.outputTokensPerS = e.serving->outputTokensPerS;
        c.margin = servingMargin(*e.serving, m_targets);
        c.uncalibratedStack = e.uncalibratedStack;
        c.request = m_base.request;
        c.request.gpus = w.gpuCount;
        c.request.tensorParallel = tensor;
        c.request.pipelineParallel = pipeline;
        c.request.weightPrecision = w.weightPrecision;
        c.request.maxNumSeqs = c.maxNumSeqs;
        if (m_price >= 0.0)
            c.request.usdPerGpuHour = m_price;
        plan.tried.append(c);
        return c;
    }

    // The fewest replicas in [1, most] that meet the targets at this split and engine limit: doubling,
    // then bisection (latency falls as more replicas share the traffic).
    std::optional<PlanCandidate> fewestReplicas(int tensor, int pipeline, int most, int maxNumSeqs,
                                                GpuPlan &plan)
    {
        std::optional<PlanCandidate> found;
        int good = 0;
        int bad = 0;
        for (int r = 1;; r = std::min(most, r * 2)) {
            if (cancelled())
                return std::nullopt;
            const auto c = evaluate(tensor, pipeline, r, maxNumSeqs, plan);
            if (!c)
                return std::nullopt; // does not fit: more replicas of the same split do not help
            if (c->meetsTarget) {
                good = r;
                found = c;
                break;
            }
            bad = r;
            if (r == most)
                return std::nullopt;
        }
        while (good - bad > 1 && !cancelled()) {
            const int middle = bad + (good - bad) / 2;
            const auto c = evaluate(tensor, pipeline, middle, maxNumSeqs, plan);
            if (c && c->meetsTarget) {
                good = middle;
                found = c;
            } else {
                bad = middle;
            }
        }
        return found;
    }

    bool cancelled() const { return m_context.cancelled && m_context.cancelled(); }

    double lastPerGpuGb() const { return m_lastPerGpuGb; }
    double capacityGb() const { return m_capacityGb; }
    const ServingTraffic &targets() const { return m_targets; }

private:
    const Context &m_context;
    const Base &m_base;
    ServingTraffic m_targets;
    double m_price = -1.0;
    double m_lastPerGpuGb = 0.0;
    double m_capacityGb = 0.0;
};

bool cheaper(const PlanCandidate &a, const PlanCandidate &b)
{
    if (a.usdPerHour && b.usdPerHour && std::abs(*a.usdPerHour - *b.usdPerHour) > 1e-9)
        return *a.usdPerHour < *b.usdPerHour;
    if (a.parallelism.gpus != b.parallelism.gpus)
        return a.parallelism.gpus < b.parallelism.gpus;
    return a.margin > b.margin;
}

} // namespace

GpuPlan serving(const Context &context)
{
    GpuPlan plan;
    plan.gpuId = context.gpu.gpuId;
    plan.gpuName = context.gpu.displayName();
    const ModelArchitecture &a = context.architecture;
    const int node =
        GpuCapabilities::gpusPerNode(context.gpu, context.request.workload.gpusPerNode.value_or(0));
    const int maxGpus = maxGpusFor(context, &plan.notes);
    QLocale locale;

    // What stops the GPU type, kept from the configuration that came closest.
    double floorTtft = -1.0, floorTpot = -1.0, floorMargin = 0.0;
    int floorTensor = 0;
    bool anyFits = false;
    double bestMemory = -1.0, capacity = 0.0;
    int bestMemoryTensor = 0, bestMemoryPipeline = 1;
    bool capped = false;

    for (Precision precision : precisionsOf(context.request)) {
        const Base *base = context.base(precision, 1);
        if (!base || !base->workload.traffic)
            continue;
        ServingSearch search(context, *base);
        const ServingTraffic &traffic = search.targets();
        const int profileSeqs = traffic.maxNumSeqs > 0 ? traffic.maxNumSeqs : base->parameters.maxNumSeqs;
        // One split: whether it fits, its floor, the fewest replicas and the engine limits.
        const auto trySplit = [&](int tensor, int pipeline) {
            const int group = tensor * pipeline;
            const int most =
                std::max(1, std::min(maxGpus / group,
                                     traffic.concurrency > 0 ? traffic.concurrency : maxGpus / group));
            // The floor: as many replicas as may be used (one user each, or the lightest request rate).
            const auto floor = search.evaluate(tensor, pipeline, most, profileSeqs, plan);
            if (!floor) {
                if (bestMemory < 0.0 || search.lastPerGpuGb() < bestMemory) {
                    bestMemory = search.lastPerGpuGb();
                    bestMemoryTensor = tensor;
                    bestMemoryPipeline = pipeline;
                    capacity = search.capacityGb();
                }
                return false;
            }
            anyFits = true;
            if (!floor->meetsTarget) {
                if (floorTtft < 0.0 || floor->margin > floorMargin) {
                    floorTtft = floor->ttftP90Ms;
                    floorTpot = floor->tpotP90Ms;
                    floorMargin = floor->margin;
                    floorTensor = tensor;
                }
                capped = capped || (traffic.concurrency > 0 && most < traffic.concurrency);
                return true;
            }
            auto found = search.fewestReplicas(tensor, pipeline, most, profileSeqs, plan);
            if (!found)
                found = floor;
            // A lower engine limit trades queueing (TTFT) for faster steps (TPOT): it can let fewer
            // replicas meet a TPOT target.
            for (int seqs = profileSeqs / 2; seqs >= 8 && found->parallelism.data > 1; seqs /= 2) {
                if (search.cancelled())
                    return true;
                const int fewer = found->parallelism.data - 1;
                if (traffic.concurrency > 0 && seqs >= (traffic.concurrency + fewer - 1) / fewer)
                    continue; // the limit binds only below the users each replica carries
                const auto trial = search.evaluate(tensor, pipeline, fewer, seqs, plan);
                if (!trial || !trial->meetsTarget)
                    continue;
                auto better = search.fewestReplicas(tensor, pipeline, fewer, seqs, plan);
                found = better ? better : trial;
            }
            if (!plan.best || cheaper(*found, *plan.best))
                plan.best = found;
            return true;
        };
        bool fitsOneNode = false;
        int widest = 1;
        for (int tensor = 1; tensor <= std::min(node, maxGpus); tensor *= 2) {
            if (search.cancelled())
                return plan;
            if (a.transformer && a.heads > 0 && int(a.heads) % tensor != 0)
                continue; // the engine splits attention heads evenly
            widest = tensor;
            fitsOneNode = trySplit(tensor, 1) || fitsOneNode;
        }
        // A model one node cannot hold: pipeline stages over nodes, each stage one node's tensor group.
        for (int pipeline = 2; !fitsOneNode && widest * pipeline <= maxGpus && pipeline <= 8; pipeline *= 2) {
            if (search.cancelled())
                return plan;
            if (a.transformer && a.layers % pipeline != 0)
                continue;
            if (trySplit(widest, pipeline))
                break;
        }
    }
    if (plan.best)
        return plan;
    if (!anyFits) {
        plan.whyNot = bestMemory > 0.0 ? tr("does not fit: %1 GB per GPU at best (tp %2 × pp %3) on %4 GB")
                                             .arg(NumberText::fixed(bestMemory, 1, locale))
                                             .arg(bestMemoryTensor)
                                             .arg(bestMemoryPipeline)
                                             .arg(NumberText::fixed(capacity, 0, locale))
                                       : tr("does not fit");
        return plan;
    }
    const ServingTraffic &t = *context.base(precisionsOf(context.request).constFirst(), 1)->workload.traffic;
    QStringList misses;
    if (t.ttftP90TargetMs && floorTtft > *t.ttftP90TargetMs)
        misses << tr("TTFT p90 %1 ms (target %2)")
                      .arg(NumberText::fixed(floorTtft, 0, locale),
                           NumberText::fixed(*t.ttftP90TargetMs, 0, locale));
    if (t.tpotP90TargetMs && floorTpot > *t.tpotP90TargetMs)
        misses << tr("TPOT p90 %1 ms (target %2)")
                      .arg(NumberText::fixed(floorTpot, 1, locale),
                           NumberText::fixed(*t.tpotP90TargetMs, 0, locale));
    const QString what = misses.join(QStringLiteral(", "));
    if (capped)
        plan.whyNot = tr("needs more than %1 GPUs: at %1 (tp %2) %3").arg(maxGpus).arg(floorTensor).arg(what);
    else if (t.concurrency > 0)
        plan.whyNot = tr("even at one user per replica (tp %1): %2").arg(floorTensor).arg(what);
    else
        plan.whyNot = tr("even at the lightest load, %1 replicas (tp %2): %3")
                          .arg(maxGpus / std::max(1, floorTensor))
                          .arg(floorTensor)
                          .arg(what);
    return plan;
}

} // namespace PlanSearch
