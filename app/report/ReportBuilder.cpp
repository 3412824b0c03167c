#include "app/report/ReportBuilder.h"

#include "app/analysis/OutputQuantity.h"
#include "app/analysis/Planner.h"
#include "app/comparison/ComparisonRun.h"
#include "app/comparison/LoadCurves.h"
#include "app/comparison/PlanPresenter.h"
#include "app/comparison/ScalingCurves.h"
#include "app/comparison/WorkloadMapper.h"
#include "app/scenario/ScenarioCatalogue.h"
#include "widgets/common/ValueFormat.h"
#include "widgets/compare/ComparisonTableModel.h"
#include "widgets/compare/VerdictPanel.h"
#include "widgets/plan/PlanTableModel.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <QLocale>

namespace {

QString gpuNames(const QVector<GpuSpec> &gpus)
{
    QStringList names;
    for (const GpuSpec &gpu : gpus)
        names << gpu.displayName();
    return QLocale().createSeparatedList(names);
}

// "H100 SXM5 80GB and H200 SXM 141GB: Recommended", or "none" when no GPU suits the task.
QString answerFor(const QVector<VerdictData> &verdicts, VerdictPanel::Task task)
{
    const auto level = [task](const VerdictData &v) {
        return task == VerdictPanel::Task::Training ? v.training : v.inference;
    };
    std::optional<VerdictLevel> best;
    for (const VerdictData &verdict : verdicts)
        if (!best || level(verdict) < *best)
            best = level(verdict);
    if (!best || *best == VerdictLevel::Unsuitable)
        return ReportBuilder::tr("none of the GPUs compared suits it");
    QStringList names;
    for (const VerdictData &verdict : verdicts)
        if (level(verdict) == *best)
            names << verdict.gpuName;
    return ReportBuilder::tr("%1 (%2)").arg(QLocale().createSeparatedList(names),
                                            VerdictPanel::levelText(*best).toLower());
}

ReportSection questionSection(const Scenario &scenario, const MappedWorkload &mapped,
                              const QVector<GpuSpec> &gpus, const CatalogueSnapshot &catalogue)
{
    ReportSection section{ReportBuilder::tr("The question"), {}};
    section.blocks << ReportBlock::paragraph(gpuNames(gpus), ReportBuilder::tr("GPUs compared"));
    if (mapped.isValid())
        section.blocks << ReportBlock::paragraph(mapped.summary, ReportBuilder::tr("Workload"));
    else
        for (const WorkloadFieldError &error : mapped.errors)
            section.blocks << ReportBlock::paragraph(error.reason,
                                                     ReportBuilder::tr("Workload not estimated"));

    QStringList details;
    const WorkloadRequest &r = scenario.workload;
    if (mapped.isValid()) {
        const Workload &w = *mapped.resolved.workload;
        QString model = w.model.name.isEmpty() ? w.model.modelId : w.model.name;
        if (!w.model.source.isEmpty())
            model = ReportBuilder::tr("%1 (configuration from %2)").arg(model, w.model.source);
        details << ReportBuilder::tr("Model: %1").arg(model);
        if (w.traffic) {
            const ServingTraffic &t = *w.traffic;
            details << (t.concurrency > 0
                            ? ReportBuilder::tr(
                                  "Traffic: %1 users at once, each sending the next request when the "
                                  "last one is answered")
                                  .arg(QLocale().toString(t.concurrency))
                            : ReportBuilder::tr("Traffic: %1 requests per second, arriving at random")
                                  .arg(ValueFormat::number(t.requestRate)));
            QStringList targets;
            if (t.ttftP90TargetMs)
                targets << ReportBuilder::tr("time to first token p90 at most %1 ms")
                               .arg(ValueFormat::number(*t.ttftP90TargetMs));
            if (t.tpotP90TargetMs)
                targets << ReportBuilder::tr("time per output token p90 at most %1 ms")
                               .arg(ValueFormat::number(*t.tpotP90TargetMs));
            details << (targets.isEmpty()
                            ? ReportBuilder::tr("Targets: none")
                            : ReportBuilder::tr("Targets: %1").arg(QLocale().createSeparatedList(targets)));
        }
    }
    details << (r.usdPerGpuHour ? ReportBuilder::tr("Rental price: %1 $ per GPU-hour for every GPU")
                                      .arg(ValueFormat::number(*r.usdPerGpuHour))
                : r.ownYears ? ReportBuilder::tr("Owned cards: each GPU's launch price over %1 years, plus "
                                                 "electricity")
                                   .arg(ValueFormat::number(*r.ownYears))
                             : ReportBuilder::tr("Rental price: each GPU's price in the catalogue"));
    if (!scenario.plan.prices.isEmpty()) {
        QStringList prices;
        QStringList ids = scenario.plan.prices.keys();
        ids.sort();
        for (const QString &id : std::as_const(ids)) {
            const GpuSpec *gpu = catalogue.findGpu(id);
            prices << ReportBuilder::tr("%1 %2 $").arg(gpu ? gpu->displayName() : id,
                                                       ValueFormat::number(scenario.plan.prices.value(id)));
        }
        details << ReportBuilder::tr("Plan prices per GPU-hour: %1").arg(prices.join(QStringLiteral(", ")));
    }
    section.blocks << ReportBlock::bullets(details);
    return section;
}

ReportSection answerSection(const ComparisonPresentation &presentation)
{
    ReportSection section{ReportBuilder::tr("The answer"), {}};
    const QVector<VerdictData> &verdicts = presentation.verdicts();
    if (verdicts.isEmpty()) {
        section.blocks << ReportBlock::paragraph(
            ReportBuilder::tr("No verdicts: the workload could not be estimated."));
        return section;
    }
    section.blocks << ReportBlock::paragraph(answerFor(verdicts, VerdictPanel::Task::Inference),
                                             ReportBuilder::tr("For inference"));
    section.blocks << ReportBlock::paragraph(answerFor(verdicts, VerdictPanel::Task::Training),
                                             ReportBuilder::tr("For training"));
    // The verdict of the task not asked for is made under that task's own recipe: say which.
    section.blocks << ReportBlock::paragraph(presentation.inferenceRecipe(),
                                             ReportBuilder::tr("Inference judged on"));
    section.blocks << ReportBlock::paragraph(presentation.trainingRecipe(),
                                             ReportBuilder::tr("Training judged on"));
    for (const VerdictData &verdict : verdicts) {
        for (const VerdictPanel::Task task : {VerdictPanel::Task::Inference, VerdictPanel::Task::Training}) {
            const bool training = task == VerdictPanel::Task::Training;
            const VerdictLevel level = training ? verdict.training : verdict.inference;
            section.blocks << ReportBlock::paragraph(
                VerdictPanel::levelSymbol(level) + u' ' + VerdictPanel::levelText(level),
                ReportBuilder::tr("%1, %2").arg(verdict.gpuName, VerdictPanel::taskName(task).toLower()));
            section.blocks << ReportBlock::bullets(training ? verdict.trainingReasons
                                                            : verdict.inferenceReasons);
        }
    }
    return section;
}

ReportTable comparisonTable(const ComparisonTableModel &model)
{
    ReportTable table;
    for (int column = 0; column < model.columnCount(); ++column) {
        table.header << model.headerData(column, Qt::Horizontal).toString();
        table.rightAligned << (column >= ComparisonTableModel::FirstValueColumn);
    }
    for (int row = 0; row < model.rowCount(); ++row) {
        ReportTable::Row line;
        line.section = model.isSection(row);
        for (int column = 0; column < (line.section ? 1 : model.columnCount()); ++column) {
            line.cells << model.displayText(row, column);
            line.emphasised << (!line.section && model.isBest(row, column));
        }
        table.rows << line;
    }
    return table;
}

ReportSection comparisonSection(const ComparisonTableModel &model)
{
    ReportSection section{ReportBuilder::tr("Side by side"), {}};
    section.blocks << ReportBlock::paragraph(
        ReportBuilder::tr(
            "As the Compare tab shows it: the best value of each row is marked %1; n/a where a value does "
            "not exist or the workload does not fit.")
            .arg(ComparisonTableModel::marker()));
    ReportBlock block;
    block.kind = ReportBlock::Kind::Table;
    block.table = comparisonTable(model);
    section.blocks << block;
    return section;
}

ReportSection chartsSection(const ComparisonPresentation &presentation, const MappedWorkload &mapped,
                            const QVector<GpuSpec> &gpus)
{
    ReportSection section{ReportBuilder::tr("Charts"), {}, true};
    QVector<ChartKind> kinds{ChartKind::Compute, ChartKind::Memory, ChartKind::Bandwidth, ChartKind::Radar};
    const bool estimated = mapped.isValid() && !gpus.isEmpty();
    const bool training = estimated && Tasks::isTraining(mapped.resolved.workload->task);
    if (estimated)
        kinds << ChartKind::Fit << ChartKind::Latency << ChartKind::Throughput << ChartKind::Cost;
    if (estimated && training)
        kinds << ChartKind::Breakdown << ChartKind::Scaling;
    else if (estimated && mapped.resolved.workload->traffic)
        kinds << ChartKind::Serving;
    for (const ChartKind kind : kinds) {
        ReportBlock block;
        block.kind = ReportBlock::Kind::Chart;
        block.chart.kind = kind;
        // The curves over users or GPU counts are computed here, as export-chart does; the window computes
        // them off its thread when the chart is chosen.
        if (kind == ChartKind::Serving)
            block.chart.data = LoadCurves::build(
                {gpus, *mapped.resolved.workload, mapped.resolved.parameters, mapped.summary});
        else if (kind == ChartKind::Scaling)
            block.chart.data = ScalingCurves::build(
                {gpus, *mapped.resolved.workload, mapped.resolved.parameters, mapped.summary});
        else
            block.chart.data = presentation.chart(kind);
        section.blocks << block;
    }
    return section;
}

// The plan the Plan tab would search for this scenario, when the workload can be planned.
std::optional<ReportSection> planSection(const Scenario &scenario, const CatalogueSnapshot &catalogue)
{
    const PlanRequest request =
        PlanPresenter::request(scenario.workload, scenario.gpuIds, scenario.plan, catalogue);
    if (request.gpuIds.isEmpty() || !Planner::check(request, catalogue).isEmpty())
        return std::nullopt;

    const PlanResult result = Planner::plan(request, catalogue);
    PlanPresenter presenter;
    QVector<PlanPresenter::GpuType> types;
    for (const QString &id : std::as_const(request.gpuIds))
        types.append({id, catalogue.findGpu(id)->displayName()});
    presenter.start(request, types);
    presenter.finish(result);

    ReportSection section{ReportBuilder::tr("The plan"), {}, true};
    section.blocks << ReportBlock::paragraph(PlanPresenter::summary(request, catalogue).text);
    PlanTableModel model;
    model.setPlan(presenter.table());
    ReportBlock block;
    block.kind = ReportBlock::Kind::Table;
    for (int column = 0; column < model.columnCount(); ++column) {
        block.table.header << model.headerData(column, Qt::Horizontal).toString();
        block.table.rightAligned << (column == PlanTableModel::RankColumn ||
                                     column == PlanTableModel::GpusColumn ||
                                     column >= PlanTableModel::UsdPerHourColumn);
    }
    block.table.widths = {5, 17, 6, 12, 15, 9, 9, 9, 9, 9};
    QStringList whyNot;
    for (int row = 0; row < model.rowCount(); ++row) {
        ReportTable::Row line;
        const QString reason = model.index(row, 0).data(PlanTableModel::ReasonRole).toString();
        for (int column = 0; column < model.columnCount(); ++column) {
            // The view spans a GPU type's reason over the columns after its name; here it goes below.
            const bool spanned = !reason.isEmpty() && column >= PlanTableModel::ReasonColumn;
            line.cells << (spanned ? QString() : model.index(row, column).data().toString());
            line.emphasised << false;
        }
        if (!reason.isEmpty())
            whyNot << ReportBuilder::tr("%1: %2").arg(
                model.index(row, PlanTableModel::GpuColumn).data().toString(), reason);
        block.table.rows << line;
    }
    section.blocks << block;
    if (!whyNot.isEmpty()) {
        section.blocks << ReportBlock::paragraph(QString(), ReportBuilder::tr("Cannot meet the target"));
        section.blocks << ReportBlock::bullets(whyNot);
    }
    section.blocks << ReportBlock::paragraph(
        ReportBuilder::tr(
            "Configurations searched: %1. Each row is the cheapest configuration of its GPU type that meets "
            "the target, ranked by cost; the Plan tab loads a row into the comparison.")
            .arg(QLocale().toString(result.searched)));
    return section;
}

ReportSection mathSection(const ComparisonRun &run)
{
    const ComparisonPresentation &presentation = run.presentation();
    ReportSection section{ReportBuilder::tr("The math of the headline numbers"), {}, true};
    section.blocks << ReportBlock::paragraph(ReportBuilder::tr(
        "Each number as the Math panel explains it when it is selected in the table: the formula, the "
        "values put in, the result."));
    const ComparisonData &table = presentation.table();
    const auto sameTerms = [](const QVector<MathTermView> &a, const QVector<MathTermView> &b) {
        return std::equal(a.cbegin(), a.cend(), b.cbegin(), b.cend(),
                          [](const MathTermView &x, const MathTermView &y) {
                              return x.name == y.name && x.formula == y.formula &&
                                     x.substituted == y.substituted && x.value == y.value && x.unit == y.unit;
                          });
    };
    for (const QString &rowId : ReportBuilder::headlineRowIds(table)) {
        // A calculation that comes out the same on several GPUs (the memory a model needs) is shown once,
        // naming them all.
        QVector<ReportBlock> blocks;
        QVector<QStringList> gpus;
        for (int column = 0; column < table.columnTitles.size(); ++column) {
            const ComparisonMath math = run.math(rowId, column);
            if (math.terms.isEmpty())
                continue;
            const QString gpu = presentation.verdicts().value(column).gpuName;
            const auto same = std::find_if(blocks.begin(), blocks.end(), [&](const ReportBlock &b) {
                return sameTerms(b.terms, math.terms);
            });
            if (same != blocks.end() && !gpu.isEmpty()) {
                gpus[same - blocks.begin()] << gpu;
                continue;
            }
            ReportBlock block;
            block.kind = ReportBlock::Kind::Math;
            block.label = math.title;
            block.terms = math.terms;
            blocks << block;
            gpus << QStringList{gpu};
        }
        const auto row = std::find_if(table.rows.cbegin(), table.rows.cend(),
                                      [&rowId](const ComparisonRow &r) { return r.id == rowId; });
        for (qsizetype i = 0; i < blocks.size(); ++i) {
            if (gpus.at(i).size() > 1)
                blocks[i].label =
                    ReportBuilder::tr("%1, %2").arg(row->label, QLocale().createSeparatedList(gpus.at(i)));
            section.blocks << blocks.at(i);
        }
    }
    return section;
}

ReportSection profileSection(const MappedWorkload &mapped, const CatalogueSnapshot &catalogue)
{
    ReportSection section{ReportBuilder::tr("Estimator profile"), {}, true};
    if (!mapped.isValid()) {
        section.blocks << ReportBlock::paragraph(
            ReportBuilder::tr("None: the workload could not be estimated."));
        return section;
    }
    const QString id = mapped.resolved.parameters.profileId;
    const EfficiencyProfile *profile = catalogue.findProfile(id);
    if (!profile) {
        section.blocks << ReportBlock::paragraph(id, ReportBuilder::tr("Profile"));
        return section;
    }
    section.blocks << ReportBlock::paragraph(
        ReportBuilder::tr("%1 (%2)").arg(profile->name, profile->profileId), ReportBuilder::tr("Profile"));
    section.blocks << ReportBlock::paragraph(profile->description);
    // The calibration text says how the factors were fitted and their median error on measured runs, on
    // the fit and leaving each GPU out: the accuracy to expect of these numbers.
    section.blocks << ReportBlock::paragraph(profile->calibration, ReportBuilder::tr("Measured accuracy"));
    return section;
}

ReportSection sourcesSection(const QVector<GpuSpec> &gpus, const MappedWorkload &mapped)
{
    ReportSection section{ReportBuilder::tr("Sources"), {}};
    section.blocks << ReportBlock::paragraph(ReportBuilder::tr(
        "Every spec value above comes from the catalogue, which keeps the sources of each GPU's "
        "figures."));
    for (const GpuSpec &gpu : gpus) {
        QStringList lines;
        lines << ReportBuilder::tr("Sources: %1")
                     .arg(gpu.sources.isEmpty() ? ReportBuilder::tr("none recorded") : gpu.sources);
        if (!gpu.sourceCrosscheck.isEmpty())
            lines << ReportBuilder::tr("Cross-checked against: %1").arg(gpu.sourceCrosscheck);
        if (!gpu.confidence.isEmpty())
            lines << ReportBuilder::tr("Confidence: %1").arg(gpu.confidence);
        if (!gpu.notes.isEmpty())
            lines << ReportBuilder::tr("Notes: %1").arg(gpu.notes);
        if (!gpu.usdPerGpuHourNote.isEmpty())
            lines << ReportBuilder::tr("Rental price: %1").arg(gpu.usdPerGpuHourNote);
        if (gpu.userModified)
            lines << ReportBuilder::tr("Edited in this catalogue after it came from the seed.");
        section.blocks << ReportBlock::paragraph(QString(), gpu.displayName());
        section.blocks << ReportBlock::bullets(lines);
    }
    if (mapped.isValid()) {
        const ModelSpec &model = mapped.resolved.workload->model;
        QStringList lines;
        lines << ReportBuilder::tr("Sources: %1")
                     .arg(model.source.isEmpty() ? ReportBuilder::tr("none recorded") : model.source);
        if (!model.notes.isEmpty())
            lines << ReportBuilder::tr("Notes: %1").arg(model.notes);
        section.blocks << ReportBlock::paragraph(QString(),
                                                 model.name.isEmpty() ? model.modelId : model.name);
        section.blocks << ReportBlock::bullets(lines);
    }
    return section;
}

ReportSection changesSection(const Scenario &scenario, const CatalogueSnapshot &catalogue)
{
    ReportSection section{ReportBuilder::tr("Changes since the scenario was saved"), {}};
    const QStringList lines = ScenarioCatalogue::changeLines(ScenarioCatalogue::changes(scenario, catalogue));
    if (lines.isEmpty()) {
        section.blocks << ReportBlock::paragraph(ReportBuilder::tr(
            "None: the catalogue holds every value the scenario recorded as it was when saved."));
        return section;
    }
    section.blocks << ReportBlock::paragraph(ReportBuilder::tr(
        "The numbers above come from the catalogue as it is now. These values differ from those the "
        "scenario recorded:"));
    section.blocks << ReportBlock::bullets(lines);
    return section;
}

} // namespace

QStringList ReportBuilder::headlineRowIds(const ComparisonData &table)
{
    using Q = OutputQuantity;
    static const QVector<Q> wanted{
        Q::MemoryPerGpu, Q::ServingTtftP90, Q::ServingTpotP90, Q::ServingThroughput, Q::Ttft,
        Q::Tpot,         Q::Throughput,     Q::StepTime,       Q::TrainingTokens,    Q::Mfu,
        Q::BudgetDays,   Q::CostPerMillion, Q::CostForBudget};
    const auto shows = [](const ComparisonRow &row, QuantityKind kind) {
        return OutputQuantities::isKind(row.id, kind);
    };
    const bool serving = std::any_of(table.rows.cbegin(), table.rows.cend(), [&](const ComparisonRow &row) {
        return shows(row, QuantityKind::Serving);
    });
    QStringList ids;
    for (const ComparisonRow &row : table.rows) {
        // Under a load the static-batch rows are a side note; the simulated ones answer.
        const OutputQuantityInfo *quantity = OutputQuantities::find(row.id);
        if (!quantity || !wanted.contains(quantity->quantity) ||
            (serving && shows(row, QuantityKind::Inference)))
            continue;
        ids << row.id;
    }
    return ids;
}

ReportContent ReportBuilder::build(const Scenario &scenario, const CatalogueSnapshot &catalogue,
                                   const Options &options)
{
    // The GPUs in the catalogue's order, as the window's picker lists them; sparse figures off, as the
    // Charts tab starts.
    QStringList gpuIds;
    for (const GpuSpec &gpu : catalogue.gpus)
        if (scenario.gpuIds.contains(gpu.gpuId) && !gpuIds.contains(gpu.gpuId))
            gpuIds << gpu.gpuId;
    // What the window asks for this scenario: the fields its form shows, as it shows them.
    const ComparisonRun run(gpuIds, WorkloadFormLayout::sent(scenario.workload), catalogue, false);
    const ComparisonPresentation &presentation = run.presentation();
    const MappedWorkload &mapped = run.workload();
    const QVector<GpuSpec> &gpus = run.gpus();
    ComparisonTableModel tableModel; // the cell texts and best marks exactly as the Compare tab shows them
    tableModel.setComparison(presentation.table());

    ReportContent content;
    content.title = ReportBuilder::tr("GPU Compare report");
    content.date = QLocale().toString(options.date, QLocale::LongFormat);
    content.version = QCoreApplication::applicationVersion();
    content.subtitle
        << ReportBuilder::tr("%1 on %2")
               .arg(mapped.isValid() ? mapped.summary : ReportBuilder::tr("a workload not estimated"),
                    gpuNames(gpus))
        << ReportBuilder::tr("Written on %1 by GPU Compare %2").arg(content.date, content.version);
    content.sections << questionSection(scenario, mapped, gpus, catalogue) << answerSection(presentation)
                     << comparisonSection(tableModel) << chartsSection(presentation, mapped, gpus);
    if (const std::optional<ReportSection> plan = planSection(scenario, catalogue))
        content.sections << *plan;
    content.sections << mathSection(run) << profileSection(mapped, catalogue) << sourcesSection(gpus, mapped)
                     << changesSection(scenario, catalogue);
    return content;
}
