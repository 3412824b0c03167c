#include "app/window/MeasurementsController.h"

#include "app/analysis/calibration/MeasuredRunCase.h"
#include "app/window/CatalogueSession.h"
#include "db/MeasuredRunText.h"
#include "widgets/measurements/MeasurementConditionsDialog.h"
#include "widgets/measurements/MeasurementsView.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHash>

MeasurementsController::MeasurementsController(CatalogueSession *session, MeasurementsView *view,
                                               QWidget *dialogParent, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_view(view)
    , m_dialogParent(dialogParent)
{
    connect(view, &MeasurementsView::filesDropped, this, &MeasurementsController::importFiles);
    connect(view, &MeasurementsView::importRequested, this, [this] {
        const QStringList paths = m_choose
                                      ? m_choose()
                                      : QFileDialog::getOpenFileNames(
                                            m_dialogParent, tr("Import Measurements"), QString(),
                                            tr("Benchmark results (*.json *.jsonl *.csv);;All files (*)"));
        if (!paths.isEmpty())
            importFiles(paths);
    });
    connect(view, &MeasurementsView::removeRequested, this, &MeasurementsController::remove);
    connect(session, &CatalogueSession::snapshotChanged, this, &MeasurementsController::refresh);
    refresh();
}

void MeasurementsController::refresh()
{
    const CatalogueSnapshot &snapshot = m_session->snapshot();
    QHash<qint64, const MeasurementFile *> files;
    for (const MeasurementFile &file : snapshot.measurementFiles)
        files.insert(file.rowId, &file);
    QVector<MeasurementsViewRow> rows;
    for (const StoredMeasuredRun &run : snapshot.measuredRuns) {
        const MeasurementFile *file = files.value(run.fileId);
        rows << MeasurementsViewRow{run.fileId,
                                    file ? file->fileName : QString(),
                                    file ? file->importedAt : QString(),
                                    run.gpuId,
                                    run.modelId,
                                    run.gpuCount,
                                    run.profileId,
                                    MeasuredRunText::headline(run.run)};
    }
    m_view->setRows(rows);
}

std::optional<MeasurementImportOptions>
MeasurementsController::askConditions(const QStringList &files, const MeasurementImportPlan &plan)
{
    const CatalogueSnapshot &snapshot = m_session->snapshot();
    MeasurementConditionsDialog::Choices gpus;
    for (const GpuSpec &gpu : snapshot.gpus)
        gpus << qMakePair(gpu.gpuId, gpu.vendor + u' ' + gpu.product +
                                         (gpu.variant.isEmpty() ? QString() : u' ' + gpu.variant));
    MeasurementConditionsDialog::Choices models;
    for (const ModelSpec &model : snapshot.models)
        models << qMakePair(model.modelId, model.name.isEmpty() ? model.modelId : model.name);
    MeasurementConditionsDialog::Choices profiles;
    for (const EfficiencyProfile &profile : snapshot.profiles)
        profiles << qMakePair(profile.profileId, profile.name.isEmpty() ? profile.profileId : profile.name);
    const MeasurementConditionsDialog::Missing missing{plan.lacks(QStringLiteral("--gpu")),
                                                       plan.lacks(QStringLiteral("--model")),
                                                       plan.lacks(QStringLiteral("--gpus"))};
    MeasurementConditionsDialog dialog(files, missing, gpus, models, profiles, m_dialogParent);
    if (m_ask)
        return m_ask(dialog);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    MeasurementImportOptions options;
    options.gpuId = dialog.gpuId();
    options.modelId = dialog.modelId();
    if (dialog.gpuCount() > 0)
        options.gpuCount = dialog.gpuCount();
    options.profileId = dialog.profileId();
    return options;
}

void MeasurementsController::importFiles(const QStringList &paths)
{
    QStringList names;
    for (const QString &path : paths)
        names << QFileInfo(path).fileName();
    MeasurementImportPlan plan = MeasurementImport::prepare(paths, {}, m_session->snapshot());
    if (plan.error.isEmpty() && !plan.missing.isEmpty()) {
        const std::optional<MeasurementImportOptions> options = askConditions(names, plan);
        if (!options) {
            m_view->showMessage(tr("Nothing was imported: %1 needs the conditions it does not state.")
                                    .arg(names.join(QStringLiteral(", "))));
            return;
        }
        plan = MeasurementImport::prepare(paths, *options, m_session->snapshot());
    }
    const QString problem = plan.ok()
                                ? MeasuredRunCases::firstInexpressible(plan.files, m_session->snapshot().gpus,
                                                                       m_session->snapshot().models)
                                : plan.message();
    if (!problem.isEmpty()) {
        m_view->showMessage(tr("Nothing was imported: %1").arg(problem));
        return;
    }
    int runs = 0;
    for (const MeasurementRepository::FileImport &file : std::as_const(plan.files))
        runs += int(file.runs.size());
    if (const CatalogueError error = m_session->importMeasurements(plan.files)) {
        m_view->showMessage(tr("Nothing was imported: %1").arg(error.message));
        return;
    }
    m_view->showMessage({});
    emit statusMessage(tr("Imported %n run(s) from %1", nullptr, runs).arg(names.join(QStringLiteral(", "))));
}

void MeasurementsController::remove(qint64 fileId)
{
    if (const CatalogueError error = m_session->removeMeasurementFile(fileId))
        m_view->showMessage(error.message);
    else
        m_view->showMessage({});
}
