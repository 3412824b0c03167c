#include "app/window/ScenarioController.h"

#include "app/report/ReportExporter.h"
#include "app/scenario/ScenarioCatalogue.h"
#include "app/scenario/ScenarioFile.h"
#include "app/window/AppSettings.h"
#include "app/window/CatalogueSession.h"
#include "app/window/UserPrompt.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/plan/PlanInputs.h"
#include "widgets/workload/WorkloadForm.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QMimeData>
#include <QUrl>

namespace {

QString native(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

bool isScenarioFile(const QString &path)
{
    return QFileInfo(path).suffix().compare(QLatin1String(ScenarioFile::kExtension), Qt::CaseInsensitive) ==
           0;
}

// Recent files are compared as absolute paths, so "./a.gpuc" and "/home/me/a.gpuc" are one entry.
QString absolute(const QString &path)
{
    return QFileInfo(path).absoluteFilePath();
}

} // namespace

ScenarioController::ScenarioController(const Views &views, QObject *parent)
    : QObject(parent)
    , m_views(views)
{
    connect(m_views.picker, &GpuPicker::checkedIdsChanged, this, &ScenarioController::updateModified);
    connect(m_views.form, &WorkloadForm::valuesChanged, this, &ScenarioController::updateModified);
    connect(m_views.planInputs, &PlanInputs::inputsChanged, this, &ScenarioController::updateModified);
}

Scenario ScenarioController::capture() const
{
    const State state = currentState();
    return ScenarioCatalogue::capture(state.gpuIds, state.workload, state.plan, m_views.catalogue->snapshot(),
                                      m_views.catalogue->path());
}

ScenarioController::State ScenarioController::currentState() const
{
    return {m_views.picker->checkedIds(), m_views.form->request(), m_views.planInputs->values()};
}

QString ScenarioController::displayName() const
{
    return m_path.isEmpty() ? QString() : QFileInfo(m_path).fileName();
}

bool ScenarioController::isModified() const
{
    return !m_path.isEmpty() && currentState() != m_saved;
}

void ScenarioController::updateModified()
{
    const bool modified = isModified();
    if (modified == m_modified)
        return;
    m_modified = modified;
    emit documentChanged();
}

void ScenarioController::setDocument(const QString &path)
{
    m_path = absolute(path);
    m_saved = currentState();
    m_modified = false;
    addRecent(m_path);
    emit documentChanged();
}

void ScenarioController::apply(const Scenario &scenario)
{
    // The form last: its one valuesChanged() makes the comparison and the plan follow all three.
    m_views.planInputs->setValues(scenario.plan);
    m_views.picker->setChecked(scenario.gpuIds);
    m_views.form->setRequest(scenario.workload);
}

bool ScenarioController::open(const QString &path)
{
    const QString title = tr("Open Scenario");
    QString error;
    const std::optional<Scenario> scenario = ScenarioFile::load(path, &error);
    if (!scenario) {
        tell(title, tr("The scenario %1 was not opened.").arg(native(path)), error);
        return false;
    }
    const CatalogueSnapshot &catalogue = m_views.catalogue->snapshot();
    const QStringList problems = ScenarioCatalogue::problems(*scenario, catalogue);
    if (!problems.isEmpty()) {
        tell(title, tr("The scenario %1 cannot be opened on this catalogue.").arg(native(path)),
             problems.join(u'\n'));
        return false;
    }
    // Asked once the file is known to open: a refused file changes nothing, and asks nothing either.
    if (!confirmDiscardOrSave())
        return false;
    apply(*scenario);
    setDocument(path);
    emit applied();
    emit statusMessage(tr("Opened %1").arg(native(m_path)));

    const QVector<ScenarioCatalogue::Change> changes = ScenarioCatalogue::changes(*scenario, catalogue);
    if (!changes.isEmpty()) {
        UserPrompt::Message message;
        message.icon = QMessageBox::Information;
        message.title = title;
        message.text = tr("%n value(s) in the catalogue changed since %1 was saved.", nullptr,
                          static_cast<int>(changes.size()))
                           .arg(displayName());
        message.informativeText =
            tr("The numbers use the catalogue's current values; the details list what "
               "changed. Apply puts the GPU values the scenario was saved with into the "
               "catalogue as one edit you can undo; saving the catalogue then gives the "
               "scenario's numbers.");
        message.detailedText = ScenarioCatalogue::changeLines(changes).join(u'\n');
        message.buttons = QMessageBox::Ok | QMessageBox::Apply;
        message.defaultButton = QMessageBox::Ok;
        if (m_views.prompt->show(message) == QMessageBox::Apply)
            applyRecordedValues(*scenario);
    }
    return true;
}

void ScenarioController::applyRecordedValues(const Scenario &scenario)
{
    const ImportPlan plan = ScenarioCatalogue::recordedValues(scenario, m_views.catalogue->snapshot());
    CatalogueEditor *editor = m_views.catalogue->editor();
    if (plan.changesNothing())
        return;
    if (!editor->applyImport(plan, true)) {
        tell(tr("Open Scenario"), tr("The scenario's values were not put into the catalogue."),
             editor->lastError());
        return;
    }
    emit statusMessage(
        tr("The scenario's values are in the Catalogue tab, not saved yet: save them to use them, "
           "or undo."));
}

bool ScenarioController::openRecent(const QString &path)
{
    if (!QFileInfo::exists(path)) {
        AppSettings settings;
        QStringList recent = settings.recentScenarios();
        recent.removeAll(path);
        settings.setRecentScenarios(recent);
        emit recentFilesChanged();
        tell(tr("Open Recent"), tr("The scenario %1 is no longer there.").arg(native(path)),
             tr("It was removed from the recent files."));
        return false;
    }
    return open(path);
}

bool ScenarioController::save()
{
    return m_path.isEmpty() ? saveAsWithDialog() : saveAs(m_path);
}

bool ScenarioController::saveAs(const QString &path)
{
    QString error;
    if (!ScenarioFile::save(capture(), path, &error)) {
        tell(tr("Save Scenario"), tr("The scenario was not saved to %1.").arg(native(path)), error);
        return false;
    }
    setDocument(path);
    emit statusMessage(tr("Saved %1").arg(native(m_path)));
    return true;
}

bool ScenarioController::confirmDiscardOrSave()
{
    if (!isModified())
        return true;
    UserPrompt::Message message;
    message.icon = QMessageBox::Warning;
    message.title = tr("Unsaved Scenario");
    message.text = tr("The scenario %1 has changes that are not saved.").arg(displayName());
    message.informativeText = tr("Save them before going on?");
    message.buttons = QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel;
    message.defaultButton = QMessageBox::Save;
    const QMessageBox::StandardButton answer = m_views.prompt->show(message);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool ScenarioController::exportReport(const QString &path)
{
    const QString title = tr("Export Report");
    const Scenario scenario = capture();
    const QStringList problems = ScenarioCatalogue::problems(scenario, m_views.catalogue->snapshot());
    if (!problems.isEmpty()) {
        tell(title, tr("The report was not written to %1.").arg(native(path)), problems.join(u'\n'));
        return false;
    }
    QString error;
    // About two seconds of estimates, simulations and drawing on this thread: say so with the cursor.
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const bool written = ReportExporter::write(scenario, m_views.catalogue->snapshot(), path, &error);
    QGuiApplication::restoreOverrideCursor();
    if (!written) {
        tell(title, tr("The report was not written to %1.").arg(native(path)), error);
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(native(path)));
    return true;
}

QString ScenarioController::dialogFolder() const
{
    if (!m_path.isEmpty())
        return QFileInfo(m_path).absolutePath();
    const QStringList recent = recentFiles();
    return recent.isEmpty() ? QDir::homePath() : QFileInfo(recent.first()).absolutePath();
}

void ScenarioController::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_views.window, tr("Open Scenario"), dialogFolder(),
                                                      tr("GPU Compare scenarios (*.gpuc);;All files (*)"));
    if (!path.isEmpty())
        open(path);
}

bool ScenarioController::saveAsWithDialog()
{
    const QString suggested =
        m_path.isEmpty() ? QDir(dialogFolder()).filePath(tr("scenario") + QStringLiteral(".gpuc")) : m_path;
    QString path = QFileDialog::getSaveFileName(m_views.window, tr("Save Scenario As"), suggested,
                                                tr("GPU Compare scenarios (*.gpuc)"));
    if (path.isEmpty())
        return false;
    if (!isScenarioFile(path))
        path += QStringLiteral(".gpuc");
    return saveAs(path);
}

void ScenarioController::exportReportWithDialog()
{
    AppSettings settings;
    const QString folder =
        settings.lastExportFolder().isEmpty() ? QDir::homePath() : settings.lastExportFolder();
    const QString base = m_path.isEmpty() ? tr("report") : QFileInfo(m_path).completeBaseName();
    const QString pdf = tr("PDF (*.pdf)");
    const QString html = tr("HTML (*.html *.htm)");
    QString filter = pdf;
    QString path = QFileDialog::getSaveFileName(m_views.window, tr("Export Report"),
                                                QDir(folder).filePath(base + QStringLiteral(".pdf")),
                                                pdf + QStringLiteral(";;") + html, &filter);
    if (path.isEmpty())
        return;
    if (!ReportExporter::formatForPath(path))
        path += filter == html ? QStringLiteral(".html") : QStringLiteral(".pdf");
    if (exportReport(path))
        settings.setLastExportFolder(QFileInfo(path).absolutePath());
}

QStringList ScenarioController::recentFiles() const
{
    return AppSettings().recentScenarios();
}

void ScenarioController::addRecent(const QString &path)
{
    AppSettings settings;
    QStringList recent = settings.recentScenarios();
    recent.removeAll(path);
    recent.prepend(path);
    settings.setRecentScenarios(recent);
    emit recentFilesChanged();
}

void ScenarioController::clearRecentFiles()
{
    AppSettings().setRecentScenarios({});
    emit recentFilesChanged();
}

void ScenarioController::fillRecentMenu(QMenu *menu)
{
    menu->clear();
    const QStringList recent = recentFiles();
    for (int i = 0; i < recent.size(); ++i) {
        const QString &path = recent.at(i);
        // &1 … &9 pick the first nine from the keyboard.
        const QString text = i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName())
                                   : QFileInfo(path).fileName();
        QAction *action = menu->addAction(text, this, [this, path] { openRecent(path); });
        action->setToolTip(native(path));
        action->setStatusTip(native(path));
    }
    menu->addSeparator();
    menu->addAction(tr("&Clear Menu"), this, &ScenarioController::clearRecentFiles);
    menu->setEnabled(!recent.isEmpty());
}

QString ScenarioController::scenarioIn(const QMimeData *data)
{
    if (!data || !data->hasUrls())
        return {};
    for (const QUrl &url : data->urls())
        if (url.isLocalFile() && isScenarioFile(url.toLocalFile()))
            return url.toLocalFile();
    return {};
}

void ScenarioController::tell(const QString &title, const QString &text, const QString &informative) const
{
    UserPrompt::Message message;
    message.icon = QMessageBox::Warning;
    message.title = title;
    message.text = text;
    message.informativeText = informative;
    m_views.prompt->show(message);
}
