#include "app/window/ComparisonController.h"

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/calibration/UserProfileFit.h"
#include "app/comparison/ChartKind.h"
#include "db/Quantity.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/charts/ChartsPanel.h"
#include "widgets/compare/AnswerStrip.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/compare/MathPanel.h"
#include "widgets/compare/VerdictPanel.h"
#include "widgets/workload/WorkloadForm.h"

ComparisonController::ComparisonController(const Views &views, QObject *parent)
    : QObject(parent)
    , m_views(views)
{
    m_recomputeTimer.setSingleShot(true);
    m_recomputeTimer.setInterval(0);
    connect(&m_recomputeTimer, &QTimer::timeout, this, &ComparisonController::recomputeNow);
    connect(m_views.picker, &GpuPicker::checkedIdsChanged, this, &ComparisonController::scheduleRecompute);
    connect(m_views.form, &WorkloadForm::valuesChanged, this, &ComparisonController::scheduleRecompute);
    connect(m_views.charts, &ChartsPanel::showSparseChanged, this, &ComparisonController::scheduleRecompute);
    connect(m_views.table, &ComparisonTable::cellSelected, this, &ComparisonController::showMath);
    connect(m_views.table, &ComparisonTable::selectionCleared, m_views.math, &MathPanel::clear);
    // A bar, a radar point or a verdict reason selects the table cell of its number, which shows its math.
    connect(m_views.charts, &ChartsPanel::pointClicked, this, &ComparisonController::selectChartPoint);
    connect(m_views.verdicts, &VerdictPanel::reasonClicked, this,
            [this](int gpuColumn, const QString &rowId) { m_views.table->selectCell(rowId, gpuColumn); });
    connect(m_views.charts, &ChartsPanel::currentKindChanged, this, &ComparisonController::updateLoadCurves);
    connect(m_views.charts, &ChartsPanel::currentKindChanged, this,
            &ComparisonController::updateScalingCurves);
    connect(&m_loadCurves, &ChartJobRunner::finished, this, &ComparisonController::showLoadCurves);
    connect(&m_scalingCurves, &ChartJobRunner::finished, this, &ComparisonController::showScalingCurves);

    QVector<ChartsPanel::Kind> kinds;
    for (ChartKind kind : ChartKinds::all())
        kinds.append({ChartKinds::id(kind), ChartKinds::title(kind), kind == ChartKind::Radar,
                      kind == ChartKind::Compute, kind == ChartKind::Serving || kind == ChartKind::Scaling});
    m_views.charts->setKinds(kinds);
}

void ComparisonController::setCatalogue(const CatalogueSnapshot &catalogue)
{
    setCatalogueWith(catalogue, BenchmarkMatcher(catalogue));
}

void ComparisonController::setCatalogueWith(const CatalogueSnapshot &catalogue, BenchmarkMatcher measured)
{
    m_catalogue = catalogue;
    m_shownCurvesKey.reset(); // the same ids may now have other specs
    m_shownScalingKey.reset();
    m_measured = std::move(measured);

    const MachineGpus::Matches here = MachineGpus::match(m_machineDevices, catalogue.gpus);
    QVector<GpuPickerEntry> entries;
    for (const GpuSpec &gpu : catalogue.gpus)
        entries.append({gpu.gpuId, gpu.displayName(), gpu.vendor, gpu.architecture,
                        Quantity::format(gpu.memoryGb, QStringLiteral("GB")) + u' ' + gpu.memoryType +
                            QStringLiteral(" · ") +
                            Quantity::format(gpu.memoryBandwidthGBs, QStringLiteral("GB/s")),
                        here.countOf(gpu.gpuId)});
    m_views.picker->setGpus(entries);

    QVector<WorkloadForm::Choice> models;
    for (const ModelSpec &model : catalogue.models)
        models.append({model.modelId, model.name.isEmpty() ? model.modelId : model.name});
    m_views.form->setModelChoices(models);
    QStringList expertModels;
    for (const ModelSpec &model : catalogue.models)
        if (model.experts > 1)
            expertModels << model.modelId;
    m_views.form->setExpertModels(expertModels);
    QVector<WorkloadForm::Choice> profiles;
    for (const EfficiencyProfile &profile : catalogue.profiles) {
        // The engine and versions a serving profile was measured on, so a user picks the one they run.
        QString label = profile.name.isEmpty() ? profile.profileId : profile.name;
        const auto parameters = EfficiencyParameters::fromProfile(profile);
        if (parameters && parameters->userFit)
            label = tr("%1: %2").arg(label, UserProfileFit::summary(*parameters->userFit));
        else if (parameters && !parameters->engine.isEmpty())
            label = tr("%1 — measured on %2").arg(label, parameters->engine);
        profiles.append({profile.profileId, label});
    }
    m_views.form->setProfileChoices(profiles);
    QVector<WorkloadForm::Choice> systems;
    for (const SystemSpec &system : catalogue.systems)
        systems.append({system.systemId, system.name});
    m_views.form->setSystemChoices(systems);
    QStringList kvPrecisions;
    QStringList mathPrecisions; // training's: floating-point math (the resolver says which a task takes)
    for (const QString &name : Precisions::allNames()) {
        if (!name.startsWith(u'q') && name != QStringLiteral("tf32")) // GGUF formats hold weights only
            kvPrecisions << name;
        if (!name.startsWith(u'q') && !name.startsWith(QStringLiteral("int")))
            mathPrecisions << name;
    }
    m_views.form->setPrecisionChoices(Precisions::allNames(), kvPrecisions, mathPrecisions);
    scheduleRecompute();
}

void ComparisonController::scheduleRecompute()
{
    m_recomputeTimer.start();
}

void ComparisonController::recomputeNow()
{
    m_recomputeTimer.stop();
    const QStringList ids = m_views.picker->checkedIds();
    ComparisonRun run(ids, m_views.form->request(), m_catalogue, m_views.charts->showSparse(), m_measured);
    m_views.form->setRecipeDefaults(run.workload().recipeDefaults);
    m_views.form->setFieldErrors(run.workload().errors);
    // A field the form cannot read holds its last valid value: the run above is not what the user typed.
    QVector<WorkloadFieldError> errors = m_views.form->inputErrors() + run.workload().errors;
    if (errors.isEmpty() && !run.workload().isValid())
        errors.append({WorkloadField::Model, tr("the workload cannot be estimated")}); // not expected
    if (!errors.isEmpty()) {
        // Keep what the views show (the last valid result), marked, rather than emptying them: an empty
        // chart titled for another task and "Pick GPUs…" with four GPUs picked said nothing of the field.
        showStale(errors.constFirst(), run);
        emit statusMessage(tr("Workload not estimated: %1").arg(errors.constFirst().reason));
        emit recomputed();
        return;
    }
    m_hasResult = true;
    m_run = std::move(run);
    m_views.table->setStaleNote(QString());
    m_views.charts->setStaleNote(QString());
    m_views.verdicts->setStaleNote(QString());
    const MappedWorkload &mapped = m_run.workload();
    const QVector<GpuSpec> &gpus = m_run.gpus();
    const ComparisonPresentation &presentation = m_run.presentation();
    m_loadCurveInput.reset();
    if (mapped.isValid() && !gpus.isEmpty() && !Tasks::isTraining(mapped.resolved.workload->task))
        m_loadCurveInput =
            LoadCurves::Input{gpus, *mapped.resolved.workload, mapped.resolved.parameters, mapped.summary};
    m_loadCurveKey = LoadCurveKey{mapped.request, ids};
    m_loadCurvesStale = m_loadCurveInput && m_shownCurvesKey != m_loadCurveKey;
    if (m_loadCurvesStale)
        m_loadCurves.cancel();
    m_scalingInput.reset();
    if (mapped.isValid() && !gpus.isEmpty() && Tasks::isTraining(mapped.resolved.workload->task))
        m_scalingInput =
            ScalingCurves::Input{gpus, *mapped.resolved.workload, mapped.resolved.parameters, mapped.summary};
    m_scalingStale = m_scalingInput && m_shownScalingKey != m_loadCurveKey;
    if (m_scalingStale)
        m_scalingCurves.cancel();

    const QString selectedRow = m_views.table->selectedRowId();
    const int selectedColumn = m_views.table->selectedColumn();
    m_views.table->setComparison(presentation.table());
    m_views.table->answerStrip()->setAnswers(presentation.answers());
    for (ChartKind kind : ChartKinds::all())
        m_views.charts->setChart(ChartKinds::id(kind), presentation.chart(kind));
    if (m_loadCurveInput && !m_loadCurvesStale)
        m_views.charts->setChart(ChartKinds::id(ChartKind::Serving), m_shownCurves);
    if (m_scalingInput && !m_scalingStale)
        m_views.charts->setChart(ChartKinds::id(ChartKind::Scaling), m_shownScaling);
    m_views.verdicts->setVerdicts(presentation.verdicts());
    m_views.verdicts->setRecipes(presentation.trainingRecipe(), presentation.inferenceRecipe());
    if (!selectedRow.isEmpty() && !m_views.table->selectCell(selectedRow, selectedColumn))
        m_views.math->clear();
    updateLoadCurves();
    updateScalingCurves();

    emit statusMessage(mapped.summary);
    emit recomputed();
}

void ComparisonController::showStale(const WorkloadFieldError &error, const ComparisonRun &invalidRun)
{
    QString field = m_views.form->caption(WorkloadFields::key(error.field));
    if (field.isEmpty())
        field = WorkloadFields::key(error.field);
    QString note;
    if (m_hasResult) {
        note = tr("Showing the last valid result: fix %1 to update (%2)").arg(field, error.reason);
    } else {
        // Nothing valid yet (a scenario or settings that no longer resolve): the views show the GPUs only.
        m_run = invalidRun;
        m_views.table->setComparison(m_run.presentation().table());
        for (ChartKind kind : ChartKinds::all())
            m_views.charts->setChart(ChartKinds::id(kind), m_run.presentation().chart(kind));
        m_views.verdicts->setVerdicts(m_run.presentation().verdicts());
        note = tr("Not estimated: fix %1 (%2)").arg(field, error.reason);
    }
    m_views.table->setStaleNote(note);
    m_views.charts->setStaleNote(note);
    m_views.verdicts->setStaleNote(note);
}

void ComparisonController::updateLoadCurves()
{
    // Only while the chart is chosen: its simulations would cost every keystroke a second of CPU.
    if (!m_loadCurveInput || !m_loadCurvesStale ||
        m_views.charts->currentKind() != ChartKinds::id(ChartKind::Serving))
        return;
    m_loadCurves.start([input = *m_loadCurveInput](const std::function<bool()> &cancelled) {
        const QVector<LoadCurves::Curve> curves = LoadCurves::compute(input, cancelled);
        return cancelled() ? ChartData{} : LoadCurves::chart(input, curves);
    });
    m_loadCurvesStale = false;
}

void ComparisonController::showLoadCurves(const ChartData &chart)
{
    m_shownCurves = chart;
    m_shownCurvesKey = m_loadCurveKey;
    m_views.charts->setChart(ChartKinds::id(ChartKind::Serving), chart);
    emit loadCurvesShown();
}

void ComparisonController::updateScalingCurves()
{
    // Only while the chart is chosen: eight estimates per GPU on every keystroke would be wasted.
    if (!m_scalingInput || !m_scalingStale ||
        m_views.charts->currentKind() != ChartKinds::id(ChartKind::Scaling))
        return;
    m_scalingCurves.start([input = *m_scalingInput](const std::function<bool()> &cancelled) {
        return ScalingCurves::chart(input, ScalingCurves::compute(input, cancelled));
    });
    m_scalingStale = false;
}

void ComparisonController::showScalingCurves(const ChartData &chart)
{
    m_shownScaling = chart;
    m_shownScalingKey = m_loadCurveKey;
    m_views.charts->setChart(ChartKinds::id(ChartKind::Scaling), chart);
    emit scalingCurvesShown();
}

void ComparisonController::showMath(const QString &rowId, int gpuColumn)
{
    const ComparisonMath math = m_run.math(rowId, gpuColumn);
    m_views.math->setMath(math.title, math.terms);
}

void ComparisonController::selectChartPoint(const QString &kindId, int series, int category)
{
    const std::optional<ChartKind> kind = ChartKinds::parse(kindId);
    if (!kind)
        return;
    const ChartPointLink link = m_run.presentation().chart(*kind).series.value(series).links.value(category);
    if (link.isValid())
        m_views.table->selectCell(link.rowId, link.column);
}
