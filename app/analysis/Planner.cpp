#include "app/analysis/Planner.h"

#include "app/analysis/EstimateRanges.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/PlanSearch.h"
#include "app/analysis/WorkloadDefaults.h"
#include "app/analysis/WorkloadResolver.h"
#include "db/SystemGpu.h"

#include <QMap>
#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>

namespace PlanSearch {

QVector<Precision> precisionsOf(const PlanRequest &request)
{
    if (!request.precisions.isEmpty())
        return request.precisions;
    if (request.workload.weightPrecision)
        return {*request.workload.weightPrecision};
    return {request.workload.task.value_or(Task::Inference) == Task::Qlora ? Precision::Int4
                                                                           : Precision::Bf16};
}

int maxGpusOf(const PlanRequest &request)
{
    return request.maxGpus > 0 ? request.maxGpus : 1024;
}

const SystemSpec *shippingSystem(const GpuSpec &gpu, const QVector<SystemSpec> &systems)
{
    const SystemSpec *chosen = nullptr;
    // (sold in any number, network known, GPUs per system): the larger wins.
    const auto rank = [](const SystemSpec &s) {
        return std::tuple(!s.maxSystems.has_value(), s.networkGbpsPerGpu().has_value(), s.gpusPerNode);
    };
    for (const SystemSpec &system : systems)
        if (system.gpuId == gpu.gpuId && (!chosen || rank(system) > rank(*chosen)))
            chosen = &system;
    return chosen;
}

int maxGpusFor(const Context &context, QStringList *notes)
{
    const int most = maxGpusOf(context.request);
    // A GPU sold only in machines sold alone (GeForce and workstation cards in workstations of 1 to 4) is
    // planned within one of them, named or not: no cluster of it is sold (RTX 4090: workstations of 2).
    if (const SystemSpec *system = context.system; system && system->maxSystems) {
        const int sold = std::max(1, *system->maxSystems) * system->gpusPerNode;
        if (most <= sold)
            return most;
        notes->append(QCoreApplication::translate(
                          "Planner", "%1 ships in %2, sold alone: at most %3 GPUs; no system of more of them "
                                     "is sold")
                          .arg(context.gpu.displayName(), system->name)
                          .arg(sold));
        return sold;
    }
    // Proposed for a cluster only when asked for by name: GeForce cards have no NVLink (RTX 4090, 5090) or a
    // pair at most (RTX 3090), and NVIDIA's GeForce driver licence excludes data-centre deployment.
    const bool geForce = context.gpu.product.contains(QLatin1String("GeForce"), Qt::CaseInsensitive);
    if (!geForce || !context.request.gpuIds.isEmpty() || most <= kGeForceMachine)
        return most;
    notes->append(QCoreApplication::translate(
                      "Planner", "GeForce: planned within one machine (up to %1 GPUs): no NVLink between "
                                 "more than two cards, and NVIDIA's GeForce driver licence excludes "
                                 "data-centre deployment; choose it by name to plan a cluster")
                      .arg(kGeForceMachine));
    return kGeForceMachine;
}

QString precisionCaveat(const GpuSpec &gpu, const Estimate &estimate)
{
    if (!GpuCapabilities::peak(gpu, estimate.activationPrecision).fellBack)
        return {};
    return QCoreApplication::translate("Planner", "%1: %2 has no %1 tensor rate; its matmuls run at the %3 "
                                                  "rate (the weights keep their memory saving)")
        .arg(Precisions::name(estimate.activationPrecision), gpu.displayName(),
             Precisions::name(estimate.computePrecisionUsed));
}

} // namespace PlanSearch

namespace {

// The request a configuration starts from: what the user gave, less what the planner searches.
WorkloadRequest searchedOut(const WorkloadRequest &given)
{
    WorkloadRequest r = given;
    r.gpus.reset();
    r.tensorParallel.reset();
    r.pipelineParallel.reset();
    r.microBatch.reset();
    r.zeroStage.reset();
    r.recompute.reset();
    r.maxNumSeqs.reset();
    r.virtualStages.reset();
    r.weightPrecision.reset();
    return r;
}

// Resolved bases, one per (precision, GPU count), shared by every GPU type: the recipe (profile, ZeRO,
// recomputation, a global batch of 8 per GPU) depends on the count, never on the GPU.
class BaseCache
{
public:
    BaseCache(const PlanRequest &request, const CatalogueSnapshot &catalogue)
        : m_given(searchedOut(request.workload))
        , m_catalogue(catalogue)
    {}

    const PlanSearch::Base *get(Precision weights, int gpus)
    {
        const QPair<int, int> key{int(weights), gpus};
        auto found = m_bases.find(key);
        if (found != m_bases.end())
            return found->get();
        WorkloadRequest r = m_given;
        r.weightPrecision = weights;
        r.gpus = gpus;
        if (Tasks::isTraining(r.task.value_or(Task::Inference)) && !r.batch && !r.globalBatch)
            r.globalBatch = Planner::trainingBatch(r);
        // One GPU, or one node the user sized, uses no network: the resolver refuses one given for it.
        if (gpus == 1 || (r.gpusPerNode && gpus <= *r.gpusPerNode))
            r.networkGbps.reset();
        const ResolvedWorkload resolved = WorkloadResolver::resolve(r, m_catalogue);
        std::unique_ptr<PlanSearch::Base> base;
        if (resolved.workload) {
            base = std::make_unique<PlanSearch::Base>();
            base->request = r;
            base->workload = *resolved.workload;
            base->parameters = resolved.parameters;
        } else {
            m_problems = resolved.problems;
        }
        return m_bases.insert(key, std::shared_ptr<PlanSearch::Base>(std::move(base)))->get();
    }

    const QVector<WorkloadProblem> &lastProblems() const { return m_problems; }

private:
    WorkloadRequest m_given;
    const CatalogueSnapshot &m_catalogue;
    QMap<QPair<int, int>, std::shared_ptr<PlanSearch::Base>> m_bases;
    QVector<WorkloadProblem> m_problems;
};

QVector<const GpuSpec *> gpusOf(const PlanRequest &request, const CatalogueSnapshot &catalogue)
{
    QVector<const GpuSpec *> gpus;
    if (request.gpuIds.isEmpty()) {
        for (const GpuSpec &gpu : catalogue.gpus)
            gpus.append(&gpu);
        return gpus;
    }
    for (const QString &id : request.gpuIds)
        if (const GpuSpec *gpu = catalogue.findGpu(id))
            gpus.append(gpu);
    return gpus;
}

PlanProblem workloadProblem(const WorkloadProblem &p)
{
    return PlanProblem{PlanInput::Workload, p.field, p.message};
}

} // namespace

QVector<PlanProblem> Planner::check(const PlanRequest &request, const CatalogueSnapshot &catalogue)
{
    QVector<PlanProblem> problems;
    const auto add = [&](PlanInput input, const QString &message) {
        problems.append(PlanProblem{input, std::nullopt, message});
    };
    for (const QString &id : request.gpuIds)
        if (!catalogue.findGpu(id))
            add(PlanInput::Gpus, tr("GPU '%1' is not in the catalogue").arg(id));
    if (request.gpuIds.isEmpty() && catalogue.gpus.isEmpty())
        add(PlanInput::Gpus, tr("the catalogue has no GPUs to plan with"));
    for (auto it = request.usdPerGpuHour.cbegin(); it != request.usdPerGpuHour.cend(); ++it) {
        if (!catalogue.findGpu(it.key()))
            add(PlanInput::Prices, tr("price for GPU '%1', which is not in the catalogue").arg(it.key()));
        else if (!std::isfinite(it.value()) || it.value() < 0.0 || it.value() > 10000.0)
            add(PlanInput::Prices,
                tr("price %1 $/GPU-hour for %2: allowed 0 to 10000").arg(it.value()).arg(it.key()));
    }
    if (request.maxGpus < 0 || request.maxGpus > 65536)
        add(PlanInput::MaxGpus, tr("max GPUs %1: allowed 1 to 65536").arg(request.maxGpus));

    const Task task = request.workload.task.value_or(Task::Inference);
    if (Tasks::isTraining(task)) {
        if (!std::isfinite(request.deadlineDays) || request.deadlineDays <= 0.0 ||
            request.deadlineDays > 36500.0)
            add(PlanInput::DeadlineDays,
                request.deadlineDays == 0.0
                    ? tr("a deadline is needed: the days the run may take (more than 0)")
                    : tr("deadline %1 days: allowed more than 0 to 36500").arg(request.deadlineDays));
        // A plan trains a budget within the deadline: no tokens is no plan (the estimate itself takes 0 as
        // "no budget").
        if (request.workload.trainTokens && !(*request.workload.trainTokens > 0.0))
            problems.append(PlanProblem{PlanInput::Workload, WorkloadField::TrainTokens,
                                        tr("train tokens %1: a plan needs tokens to train, more than 0")
                                            .arg(*request.workload.trainTokens)});
    } else {
        const WorkloadRequest &w = request.workload;
        if (!w.concurrency && !w.requestRate)
            problems.append(
                PlanProblem{PlanInput::Workload, WorkloadField::Concurrency,
                            tr("the plan serves a load: give concurrent users or a request rate")});
        else if (!w.ttftP90Ms && !w.tpotP90Ms)
            problems.append(PlanProblem{PlanInput::Workload, WorkloadField::TtftP90,
                                        tr("the plan meets a target: give a TTFT p90 or a TPOT p90 target")});
    }

    // Each precision allowed must make a workload the estimator accepts.
    BaseCache bases(request, catalogue);
    for (Precision precision : PlanSearch::precisionsOf(request)) {
        if (!bases.get(precision, 1)) {
            for (const WorkloadProblem &p : bases.lastProblems()) {
                PlanProblem problem = workloadProblem(p);
                if (p.field == WorkloadField::WeightPrecision)
                    problem = PlanProblem{PlanInput::Precisions, std::nullopt, p.message};
                if (!problems.contains(problem))
                    problems.append(problem);
            }
        }
    }
    return problems;
}

PlanResult Planner::plan(const PlanRequest &request, const CatalogueSnapshot &catalogue,
                         const Callbacks &callbacks)
{
    PlanResult result;
    result.task = request.workload.task.value_or(Task::Inference);
    result.problems = check(request, catalogue);
    if (!result.problems.isEmpty())
        return result;
    BaseCache bases(request, catalogue);
    const QVector<const GpuSpec *> gpus = gpusOf(request, catalogue);
    const PlanSearch::Base *first = bases.get(PlanSearch::precisionsOf(request).constFirst(), 1);
    const ModelArchitecture architecture = ModelArchitecture::from(first->workload.model);
    int done = 0;
    for (const GpuSpec *gpu : gpus) {
        if (callbacks.cancelled && callbacks.cancelled()) {
            result.cancelled = true;
            break;
        }
        // Training is planned on the system the GPU ships in (its node, scale-up domain and network), unless
        // the request names one (the command line then places the GPU in it itself).
        const SystemSpec *system =
            request.workload.systemId ? nullptr : PlanSearch::shippingSystem(*gpu, catalogue.systems);
        const GpuSpec placed = system && Tasks::isTraining(result.task) ? gpuInSystem(*gpu, *system) : *gpu;
        const PlanSearch::Context context{
            placed,
            request,
            architecture,
            [&bases](Precision weights, int count) { return bases.get(weights, count); },
            callbacks.cancelled,
            system};
        GpuPlan plan =
            Tasks::isTraining(result.task) ? PlanSearch::training(context) : PlanSearch::serving(context);
        if (callbacks.cancelled && callbacks.cancelled()) {
            result.cancelled = true;
            break; // a GPU type searched halfway is not an answer
        }
        result.searched += plan.searched;
        // What to read before trusting the answer, said once for both searches.
        if (plan.best) {
            const bool training = Tasks::isTraining(result.task);
            if (!(training ? plan.best->usdTotal : plan.best->usdPerHour))
                plan.notes << (training
                                   ? tr("no price: planned at the fewest GPU-hours that meet the deadline; "
                                        "add its $/GPU-hour to compare its cost")
                                   : tr("no price: planned at the fewest GPUs that meet the targets; add its "
                                        "$/GPU-hour to compare its cost"));
            if (!plan.best->caveat.isEmpty())
                plan.notes << plan.best->caveat;
        } else if (!plan.notes.isEmpty()) { // a GeForce kept to one machine: say why it stopped there
            plan.whyNot += QStringLiteral("; ") + plan.notes.join(QStringLiteral("; "));
        }
        result.plans.append(plan);
        ++done;
        if (callbacks.gpuDone)
            callbacks.gpuDone(result.plans.constLast(), done, int(gpus.size()));
    }
    rank(result.plans, result.task);
    return result;
}

// How many sequences one optimizer step takes is a convergence choice, not a hardware one, so more GPUs
// split the same batch. Full training: about 4M tokens a step (Llama 2: 1,024 sequences of 4,096); adapters:
// 64 sequences (QLoRA trained with 16).
int Planner::trainingBatch(const WorkloadRequest &request)
{
    if (request.globalBatch || request.batch)
        return request.globalBatch.value_or(request.batch.value_or(1));
    if (request.task.value_or(Task::Inference) != Task::Training)
        return WorkloadDefaults::kPlanAdapterBatch;
    const int sequenceLength = request.sequenceLength.value_or(WorkloadDefaults::kSequenceLength);
    return std::max(
        1, int(std::lround(WorkloadDefaults::kPlanTrainingBatchTokens / std::max(1, sequenceLength))));
}

void Planner::rank(QVector<GpuPlan> &plans, Task task)
{
    const bool training = Tasks::isTraining(task);
    // A GPU on a stack nobody measured is ranked by its cost at the pessimistic end of the spread between
    // stacks (the factor its range is widened by, EstimateRanges): it goes ahead of a measured GPU only by
    // more than that, and within it the measured one is the first answer.
    const double unmeasured = std::exp(EstimateRanges::kUnmeasuredStackLog);
    const auto cost = [training, unmeasured](const GpuPlan &p) -> std::optional<double> {
        if (!p.best)
            return std::nullopt;
        const std::optional<double> usd = training ? p.best->usdTotal : p.best->usdPerHour;
        if (usd && !p.best->uncalibratedStack.isEmpty())
            return *usd * unmeasured;
        return usd;
    };
    std::stable_sort(plans.begin(), plans.end(), [&](const GpuPlan &a, const GpuPlan &b) {
        if (a.best.has_value() != b.best.has_value())
            return a.best.has_value();
        if (!a.best)
            return a.gpuName.localeAwareCompare(b.gpuName) < 0;
        const auto ca = cost(a), cb = cost(b);
        if (ca.has_value() != cb.has_value())
            return ca.has_value();
        if (ca && *ca != *cb)
            return *ca < *cb;
        if (a.best->parallelism.gpus != b.best->parallelism.gpus)
            return a.best->parallelism.gpus < b.best->parallelism.gpus;
        return a.best->margin > b.best->margin;
    });
}

QString Planner::layoutText(const PlanCandidate &c, Task task)
{
    const Parallelism &p = c.parallelism;
    if (Tasks::isTraining(task)) {
        QString text = tr("tp %1 × pp %2 × dp %3").arg(p.tensor).arg(p.pipeline).arg(p.data);
        if (p.context > 1)
            text += tr(" × cp %1").arg(p.context);
        return text;
    }
    if (p.pipeline > 1)
        return tr("tp %1 × pp %2 × %n replica(s)", nullptr, p.data).arg(p.tensor).arg(p.pipeline);
    if (p.tensor == 1 && p.data == 1)
        return tr("1 GPU");
    if (p.data == 1)
        return tr("tp %1").arg(p.tensor);
    if (p.tensor == 1)
        return tr("%n replica(s)", nullptr, p.data);
    return tr("tp %1 × %n replica(s)", nullptr, p.data).arg(p.tensor);
}

QString Planner::settingsText(const PlanCandidate &c, Task task)
{
    QStringList parts{Precisions::name(c.weightPrecision)};
    if (Tasks::isTraining(task)) {
        parts << tr("micro-batch %1").arg(c.microBatch);
        if (task == Task::Training)
            parts << tr("ZeRO-%1").arg(c.zeroStage);
        parts << tr("%1 recompute").arg(WorkloadResolver::recomputeLabel(c.recompute));
    } else {
        parts << tr("max %1 running").arg(c.maxNumSeqs);
    }
    return parts.join(QStringLiteral(" · "));
}
