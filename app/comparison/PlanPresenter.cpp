#include "app/comparison/PlanPresenter.h"

#include "app/analysis/Planner.h"
#include "app/analysis/WorkloadDefaults.h"
#include "app/comparison/ParetoFront.h"
#include "widgets/common/ValueFormat.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <QFileInfo>
#include <QLocale>
#include <algorithm>

namespace {

QString taskText(Task task)
{
    switch (task) {
    case Task::Inference:
        return PlanPresenter::tr("inference");
    case Task::Training:
        return PlanPresenter::tr("full training");
    case Task::Lora:
        return PlanPresenter::tr("LoRA fine-tune");
    case Task::Qlora:
        return PlanPresenter::tr("QLoRA fine-tune");
    }
    return {};
}

QString modelText(const WorkloadRequest &request, const CatalogueSnapshot &catalogue)
{
    if (request.modelId) {
        const ModelSpec *model = catalogue.findModel(*request.modelId);
        return model && !model->name.isEmpty() ? model->name : *request.modelId;
    }
    if (request.modelConfigPath)
        return QFileInfo(*request.modelConfigPath).fileName();
    return PlanPresenter::tr("no model");
}

} // namespace

void PlanPresenter::start(const PlanRequest &request, const QVector<GpuType> &gpus)
{
    m_task = request.workload.task.value_or(Task::Inference);
    m_gpus = gpus;
    m_plans.clear();
    m_finalSearched = -1;
    m_xTarget =
        Tasks::isTraining(m_task)
            ? (request.deadlineDays > 0.0 ? std::optional<double>(request.deadlineDays) : std::nullopt)
            : request.workload.ttftP90Ms;
}

void PlanPresenter::add(const GpuPlan &plan)
{
    const auto same = [&plan](const GpuPlan &p) { return p.gpuId == plan.gpuId; };
    m_plans.erase(std::remove_if(m_plans.begin(), m_plans.end(), same), m_plans.end());
    m_plans.append(plan);
    Planner::rank(m_plans, m_task);
}

void PlanPresenter::finish(const PlanResult &result)
{
    m_task = result.task;
    m_plans = result.plans;
    m_finalSearched = result.searched;
}

void PlanPresenter::clear()
{
    m_gpus.clear();
    m_plans.clear();
    m_finalSearched = -1;
}

int PlanPresenter::searched() const
{
    if (m_finalSearched >= 0)
        return m_finalSearched;
    int count = 0;
    for (const GpuPlan &plan : m_plans)
        count += plan.searched;
    return count;
}

QString PlanPresenter::nameOf(const GpuPlan &plan) const
{
    for (const GpuType &gpu : m_gpus)
        if (gpu.id == plan.gpuId && !gpu.name.isEmpty())
            return gpu.name;
    return plan.gpuName.isEmpty() ? plan.gpuId : plan.gpuName;
}

PlanTableRow PlanPresenter::rowFor(const GpuPlan &plan, int rank) const
{
    PlanTableRow row;
    row.gpuId = plan.gpuId;
    row.gpuName = nameOf(plan);
    if (!plan.best) {
        row.note = plan.whyNot.isEmpty() ? tr("no configuration meets the target") : plan.whyNot;
        return row;
    }
    const PlanCandidate &c = *plan.best;
    row.rank = rank;
    row.gpus = c.parallelism.gpus > 0 ? c.parallelism.gpus : c.request.gpus.value_or(0);
    row.layout = Planner::layoutText(c, m_task);
    row.settings = Planner::settingsText(c, m_task);
    row.note = plan.notes.join(u'\n'); // read before trusting the row: shown beside the settings
    row.usdPerHour = c.usdPerHour;
    row.marginPercent = c.margin * 100.0;
    if (isTraining()) {
        row.cost = c.usdTotal;
        row.latency = c.days;
        row.speed = c.mfu * 100.0;
    } else {
        row.cost = c.usdPerMillionTokens;
        row.latency = c.ttftP90Ms;
        row.speed = c.tpotP90Ms;
    }
    return row;
}

PlanTableData PlanPresenter::table() const
{
    PlanTableData data;
    data.training = isTraining();
    int rank = 0;
    for (const GpuPlan &plan : m_plans)
        data.rows << rowFor(plan, plan.best ? ++rank : 0);
    for (const GpuType &gpu : m_gpus) {
        const bool answered = std::any_of(m_plans.cbegin(), m_plans.cend(),
                                          [&gpu](const GpuPlan &plan) { return plan.gpuId == gpu.id; });
        if (answered)
            continue;
        PlanTableRow row;
        row.gpuId = gpu.id;
        row.gpuName = gpu.name;
        row.pending = true;
        row.note = tr("not searched yet");
        data.rows << row;
    }
    return data;
}

std::optional<double> PlanPresenter::xOf(const PlanCandidate &c) const
{
    const double x = isTraining() ? c.days : c.ttftP90Ms;
    return x > 0.0 ? std::optional<double>(x) : std::nullopt;
}

std::optional<double> PlanPresenter::yOf(const PlanCandidate &c) const
{
    const std::optional<double> y = isTraining() ? c.usdTotal : c.usdPerHour;
    return y && *y > 0.0 ? y : std::nullopt;
}

int PlanPresenter::bestIndex(const GpuPlan &plan)
{
    if (!plan.best)
        return -1;
    for (int i = 0; i < plan.tried.size(); ++i) {
        const PlanCandidate &c = plan.tried.at(i);
        if (c.request == plan.best->request && c.maxNumSeqs == plan.best->maxNumSeqs &&
            c.microBatch == plan.best->microBatch)
            return i;
    }
    return -1;
}

QString PlanPresenter::chosenLabel(const QString &gpuName, const PlanCandidate &candidate)
{
    return tr("%1 × %2").arg(gpuName).arg(
        candidate.parallelism.gpus > 0 ? candidate.parallelism.gpus : candidate.request.gpus.value_or(0));
}

QString PlanPresenter::pointToolTip(const QString &gpuName, const PlanCandidate &c) const
{
    const QLocale locale;
    const QString head =
        tr("%1: %2 · %3").arg(gpuName, Planner::layoutText(c, m_task), Planner::settingsText(c, m_task));
    const QString verdict = c.meetsTarget ? tr("meets the target") : tr("misses the target");
    if (isTraining())
        return tr("%1\n%2 days · $%3 for the run · MFU %4% · %5")
            .arg(head, ValueFormat::number(c.days, locale),
                 ValueFormat::number(c.usdTotal.value_or(0.0), locale),
                 ValueFormat::number(c.mfu * 100.0, locale), verdict);
    return tr("%1\nTTFT p90 %2 ms · TPOT p90 %3 ms · $%4 / hour · %5")
        .arg(head, ValueFormat::number(c.ttftP90Ms, locale), ValueFormat::number(c.tpotP90Ms, locale),
             ValueFormat::number(c.usdPerHour.value_or(0.0), locale), verdict);
}

ParetoChartData PlanPresenter::chart() const
{
    ParetoChartData chart;
    const QLocale locale;
    if (isTraining()) {
        chart.xAxisLabel = tr("Time to train (days, log scale)");
        chart.yAxisLabel = tr("Run cost ($, log scale)");
        if (m_xTarget)
            chart.xTargetLabel = tr("deadline %1 days").arg(ValueFormat::number(*m_xTarget, locale));
    } else {
        chart.xAxisLabel = tr("TTFT p90 (ms, log scale)");
        chart.yAxisLabel = tr("Cost ($ / hour, log scale)");
        if (m_xTarget)
            chart.xTargetLabel = tr("target %1 ms").arg(ValueFormat::number(*m_xTarget, locale));
    }
    chart.xTarget = m_xTarget;
    chart.frontLabel = tr("Pareto front");
    chart.missesLabel = tr("Misses the target");
    chart.emptyText = m_plans.isEmpty() ? tr("The configurations tried appear here as the search goes")
                                        : tr("No configuration fits with a price");

    // Series in the order the GPU types were listed, so that each keeps its colour as answers arrive.
    QVector<const GpuPlan *> ordered;
    for (const GpuType &gpu : m_gpus)
        for (const GpuPlan &plan : m_plans)
            if (plan.gpuId == gpu.id)
                ordered << &plan;
    for (const GpuPlan &plan : m_plans)
        if (!ordered.contains(&plan))
            ordered << &plan;

    QVector<QPointF> all;
    QVector<QPair<int, int>> where; // series, point of each entry of all
    QStringList unpriced, unfit;    // GPU types with no point: what fits has no price, or nothing fits
    for (const GpuPlan *plan : std::as_const(ordered)) {
        ParetoSeries series;
        series.id = plan->gpuId;
        series.name = nameOf(*plan);
        const int best = bestIndex(*plan);
        auto addPoint = [&](const PlanCandidate &c, int index, bool chosen) {
            const auto x = xOf(c);
            const auto y = yOf(c);
            if (!x || !y)
                return;
            ParetoPoint point;
            point.x = *x;
            point.y = *y;
            point.meetsTarget = c.meetsTarget;
            point.chosen = chosen;
            point.candidate = index;
            point.toolTip = pointToolTip(series.name, c);
            series.points << point;
        };
        for (int i = 0; i < plan->tried.size(); ++i)
            addPoint(plan->tried.at(i), i, i == best);
        if (plan->best && best < 0)
            addPoint(*plan->best, -1, true);
        if (plan->best)
            series.chosenLabel = chosenLabel(series.name, *plan->best);
        if (series.points.isEmpty()) {
            const bool fits = plan->best || !plan->tried.isEmpty();
            (fits ? unpriced : unfit) << series.name;
            continue;
        }
        const int s = static_cast<int>(chart.series.size());
        for (int p = 0; p < series.points.size(); ++p) {
            all << QPointF(series.points.at(p).x, series.points.at(p).y);
            where << qMakePair(s, p);
        }
        chart.series << series;
    }
    const QVector<bool> front = ParetoFront::mask(all);
    for (int i = 0; i < front.size(); ++i)
        chart.series[where.at(i).first].points[where.at(i).second].onFront = front.at(i);

    QStringList absent;
    if (!unpriced.isEmpty())
        absent << tr("no price: %1").arg(unpriced.join(QStringLiteral(", ")));
    if (!unfit.isEmpty())
        absent << tr("nothing fits: %1").arg(unfit.join(QStringLiteral(", ")));
    if (!absent.isEmpty())
        chart.footnote = tr("Not on the chart (%1)").arg(absent.join(QStringLiteral("; ")));

    const QString count = locale.toString(all.size());
    chart.title = isTraining() ? tr("Run cost against time to train: %1 configurations that fit").arg(count)
                               : tr("Cost per hour against TTFT p90: %1 configurations that fit").arg(count);
    return chart;
}

const PlanCandidate *PlanPresenter::candidate(const QString &gpuId, int index) const
{
    for (const GpuPlan &plan : m_plans) {
        if (plan.gpuId != gpuId)
            continue;
        if (index < 0)
            return plan.best ? &*plan.best : nullptr;
        return index < plan.tried.size() ? &plan.tried.at(index) : nullptr;
    }
    return nullptr;
}

PlanPresenter::Summary PlanPresenter::summary(const PlanRequest &request, const CatalogueSnapshot &catalogue)
{
    const QLocale locale;
    const WorkloadRequest &r = request.workload;
    const Task task = r.task.value_or(Task::Inference);
    const QString model = modelText(r, catalogue);
    Summary s;
    if (Tasks::isTraining(task)) {
        const double billions = r.trainTokens.value_or(0.0) / 1e9;
        s.text = tr("Training %1 (%2) on %3 B tokens of %4-token sequences, within %5 days")
                     .arg(model, taskText(task), ValueFormat::number(billions, locale),
                          locale.toString(r.sequenceLength.value_or(WorkloadDefaults::kSequenceLength)),
                          ValueFormat::number(request.deadlineDays, locale));
        s.text += tr("; global batch %1 sequences at every GPU count")
                      .arg(locale.toString(Planner::trainingBatch(r)));
        if (request.maxGpus > 0)
            s.text += tr(", on at most %1 GPUs of a type").arg(locale.toString(request.maxGpus));
        if (!(request.deadlineDays > 0.0))
            s.hint =
                tr("Set a deadline in days: the plan finds the cheapest configuration that ends by then.");
        return s;
    }
    const QString lengths =
        tr("%1 in / %2 out")
            .arg(locale.toString(r.inputTokens.value_or(WorkloadDefaults::kInputTokens)),
                 locale.toString(r.outputTokens.value_or(WorkloadDefaults::kOutputTokens)));
    QString load;
    if (r.concurrency && *r.concurrency > 0)
        load = tr("to %1 users").arg(locale.toString(*r.concurrency));
    else if (r.requestRate && *r.requestRate > 0.0)
        load = tr("at %1 requests/s").arg(ValueFormat::number(*r.requestRate, locale));
    QStringList targets;
    if (r.ttftP90Ms)
        targets << tr("TTFT p90 ≤ %1 ms").arg(ValueFormat::number(*r.ttftP90Ms, locale));
    if (r.tpotP90Ms)
        targets << tr("TPOT p90 ≤ %1 ms").arg(ValueFormat::number(*r.tpotP90Ms, locale));
    if (load.isEmpty()) {
        s.text = tr("Serving %1, %2, with no traffic").arg(model, lengths);
        s.hint =
            tr("Set Concurrent users or Requests / s in the workload form, and a TTFT p90 or TPOT p90 "
               "target: the plan finds the cheapest configuration that serves that traffic within them.");
        return s;
    }
    if (targets.isEmpty()) {
        s.text = tr("Serving %1 %2, %3, with no latency target").arg(model, load, lengths);
        s.hint = tr("Set a TTFT p90 or TPOT p90 target in the workload form: the plan finds the cheapest "
                    "configuration that meets it.");
        return s;
    }
    s.text =
        tr("Serving %1 %2, %3; targets %4").arg(model, load, lengths, targets.join(QStringLiteral(", ")));
    return s;
}

QVector<PlanPriceRow> PlanPresenter::priceRows(const QStringList &gpuIds, const CatalogueSnapshot &catalogue,
                                               std::optional<double> formPrice)
{
    QVector<PlanPriceRow> rows;
    for (const QString &id : gpuIds) {
        const GpuSpec *gpu = catalogue.findGpu(id);
        if (!gpu)
            continue;
        rows.append({id, gpu->displayName(), formPrice ? formPrice : gpu->usdPerGpuHour});
    }
    return rows;
}

QStringList PlanPresenter::problemTexts(const QVector<PlanProblem> &problems)
{
    QStringList texts;
    for (const PlanProblem &problem : problems)
        if (!texts.contains(problem.message))
            texts << problem.message;
    return texts;
}

PlanRequest PlanPresenter::request(WorkloadRequest held, const QStringList &pickedIds,
                                   const PlanInputValues &inputs, const CatalogueSnapshot &catalogue)
{
    // The form leaves the network out of a run that fits in one node; the plan may span nodes, so it is
    // asked for as if the run did.
    held.gpus = std::max({held.gpus.value_or(WorkloadDefaults::kGpus), held.gpusPerNode.value_or(0) + 1, 2});
    PlanRequest request;
    request.workload = WorkloadFormLayout::sent(held);
    if (inputs.wholeCatalogue)
        for (const GpuSpec &gpu : catalogue.gpus)
            request.gpuIds << gpu.gpuId;
    else
        for (const QString &id : pickedIds)
            if (catalogue.findGpu(id))
                request.gpuIds << id;
    for (const QString &name : inputs.precisions)
        if (const auto precision = Precisions::parse(name))
            request.precisions << *precision;
    request.usdPerGpuHour = inputs.prices;
    request.deadlineDays = inputs.deadlineDays;
    request.maxGpus = inputs.maxGpus;
    return request;
}
