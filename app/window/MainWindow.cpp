#include "app/window/MainWindow.h"

#include "app/comparison/BenchmarkMatcher.h"
#include "app/window/AppSettings.h"
#include "app/window/CatalogueOpener.h"
#include "app/window/CatalogueSession.h"
#include "app/window/ComparisonController.h"
#include "app/window/MeasurementsController.h"
#include "app/window/PlanController.h"
#include "app/window/PreferencesDialog.h"
#include "app/window/ScenarioController.h"
#include "app/window/SeedOfferBar.h"
#include "app/window/SeedOfferController.h"
#include "app/window/TeamChangeBar.h"
#include "app/window/ThemeController.h"
#include "app/window/UserPrompt.h"
#include "db/GpuEditSession.h"
#include "db/GpuField.h"
#include "db/SpecTableModel.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/charts/ChartExportDialog.h"
#include "widgets/charts/ChartExporter.h"
#include "widgets/charts/ChartFileWriter.h"
#include "widgets/charts/ChartView.h"
#include "widgets/charts/ChartsPanel.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/compare/MathPanel.h"
#include "widgets/compare/VerdictPanel.h"
#include "widgets/plan/PlanTab.h"
#include "widgets/workload/WorkloadForm.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QShortcut>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <future>
#include <utility>

namespace {

// The tabs fill the window's middle, whatever height their pages' wrapped text would ask for. A tab
// widget reports height-for-width when any page has it (the answer strip, the plan summary), and the
// main window's layout then asks every page, shown or not, for its height at each width it tries: a
// good part of the layout work before the first frame, for a height the window never takes.
class CentralTabs : public QTabWidget
{
public:
    using QTabWidget::QTabWidget;
    bool hasHeightForWidth() const override { return false; }
};

} // namespace

MainWindow::MainWindow(CatalogueSession *catalogue, QWidget *parent)
    : QMainWindow(parent)
    , m_catalogue(catalogue)
    , m_prompt(std::make_unique<UserPrompt>(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("GPU Compare"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/gpucompare.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    setAcceptDrops(true);
    m_theme = new ThemeController(this);
    m_theme->applySaved(); // before the views exist, so they are polished once, in the right colours
    // The measured rows' matcher estimates every measurement of the catalogue under its own conditions:
    // 59 M instructions, 14 % of the GUI thread's work before the first frame (docs/performance.md). It is
    // made on another thread while the views are built; the snapshot is a read-only shared copy.
    std::future<BenchmarkMatcher> measured = std::async(
        std::launch::async, [snapshot = m_catalogue->snapshot()] { return BenchmarkMatcher(snapshot); });
    createViews();
    createDocks();
    createFileControllers();
    createActions();
    createMenus();

    m_comparison = new ComparisonController({m_picker, m_form, m_table, m_charts, m_verdicts, m_math}, this);
    connect(m_comparison, &ComparisonController::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message); });
    connect(m_catalogue, &CatalogueSession::snapshotChanged, m_comparison,
            &ComparisonController::setCatalogue);
    m_plan = new PlanController({m_picker, m_form, m_planTab, m_tabs}, this);
    connect(m_plan, &PlanController::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });
    connect(m_plan, &PlanController::compareRequested, this, [this] { m_tabs->setCurrentWidget(m_table); });
    connect(m_catalogue, &CatalogueSession::snapshotChanged, m_plan, &PlanController::setCatalogue);
    // An opened scenario shows its numbers at once (and in the first frame of `gpucompare FILE.gpuc`).
    connect(m_scenarios, &ScenarioController::applied, m_comparison, &ComparisonController::recomputeNow);
    m_catalogueTab->setEditor(m_catalogue->editor());
    connect(m_catalogueTab, &CatalogueTab::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });
    // A File- or Edit-menu action on the catalogue (import, export, save) that fails while another tab
    // is shown: its message would sit unseen on the Catalogue tab.
    connect(m_catalogueTab, &CatalogueTab::messageShown, this, &MainWindow::showCatalogueProblem);
    m_measurements = new MeasurementsController(m_catalogue, m_catalogueTab->measurementsView(), this, this);
    connect(m_measurements, &MeasurementsController::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });

    m_comparison->setCatalogueWith(m_catalogue->snapshot(), measured.get());
    m_plan->setCatalogue(m_catalogue->snapshot());
    setStartSize(defaultSize()); // once the picker has its names, which its dock's width follows
    restoreSettings();
    m_comparison->recomputeNow(); // the first frame already shows the comparison
    showCatalogueState();
    showScenarioState();
    m_seedOffer->refresh();
    // A catalogue that could not be opened (damaged, unreadable) is said in a message over the window,
    // with the way on: once the window is up, not before it is shown.
    if (!m_catalogue->isOpen())
        QTimer::singleShot(0, m_catalogueOpener, &CatalogueOpener::offerAnother);
}

MainWindow::~MainWindow()
{
    // QWidget's destructor closes the window, which moves the focus and would call followTab on a
    // MainWindow already destroyed (UBSan: member access within a QWidget).
    disconnect(m_focusFollower);
}

void MainWindow::createViews()
{
    m_picker = new GpuPicker;
    m_form = new WorkloadForm;
    m_table = new ComparisonTable;
    m_planTab = new PlanTab;
    m_charts = new ChartsPanel;
    m_catalogueTab = new CatalogueTab;
    m_verdicts = new VerdictPanel;
    m_math = new MathPanel;

    m_tabs = new CentralTabs(this);
    m_tabs->setObjectName(QStringLiteral("centralTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_table, tr("&Compare"));
    m_tabs->addTab(m_planTab, tr("&Plan"));
    m_tabs->addTab(m_charts, tr("C&harts"));
    m_tabs->addTab(m_catalogueTab, tr("C&atalogue"));
    // The offer of newer seed rows sits above the tabs, where it is seen, without stopping the work.
    m_seedOfferBar = new SeedOfferBar;
    m_seedOfferBar->hide();
    // A team catalogue: a teammate's save, said where the offer is, with a Reload.
    m_teamChangeBar = new TeamChangeBar;
    m_teamChangeBar->hide();
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_seedOfferBar);
    layout->addWidget(m_teamChangeBar);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);
}

QDockWidget *MainWindow::addDock(const QString &objectName, const QString &title, QWidget *content,
                                 Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    addDockWidget(area, dock);
    m_docks << dock;
    return dock;
}

void MainWindow::createDocks()
{
    addDock(QStringLiteral("gpuPickerDock"), tr("GPUs"), m_picker, Qt::LeftDockWidgetArea);
    addDock(QStringLiteral("workloadDock"), tr("Workload"), m_form, Qt::TopDockWidgetArea);
    // The panel scrolls its cards itself.
    addDock(QStringLiteral("verdictDock"), tr("Verdicts"), m_verdicts, Qt::RightDockWidgetArea);
    addDock(QStringLiteral("mathDock"), tr("Show the Math"), m_math, Qt::RightDockWidgetArea);
}

QSize MainWindow::defaultSize() const
{
    // 1280 x 800, or the screen's free area when it is smaller (a 1280 x 720 laptop).
    const QSize preferred(1280, 800);
    const QScreen *screen = this->screen();
    return screen ? preferred.boundedTo(screen->availableSize()) : preferred;
}

void MainWindow::setStartSize(const QSize &size)
{
    resize(size);
    // The docks start at shares of the window that fit it: the picker as wide as its names (up to a
    // fifth), the verdicts and math a fifth (260 to 480 px), the comparison table the rest. From 1600 px a
    // sixth each (240 px at least), so that five GPU columns and their labels fit (issue 39); below, the
    // picker's long names and the table's labels need the fifth.
    const int width = size.width();
    const int share = width >= 1600 ? 6 : 5;
    const int picker = std::clamp(m_picker->sizeHint().width(), 150, std::max(150, width / share));
    const int right = std::clamp(width / share, width >= 1600 ? 240 : 260, 480);
    resizeDocks({m_docks.at(0), m_docks.at(2)}, {picker, right}, Qt::Horizontal);
    const int below = std::max(200, size.height() - 260);
    resizeDocks({m_docks.at(2), m_docks.at(3)}, {below * 3 / 5, below * 2 / 5}, Qt::Vertical);
}

void MainWindow::createFileControllers()
{
    m_scenarios = new ScenarioController(
        {m_picker, m_form, m_planTab->inputs(), m_catalogue, m_prompt.get(), this}, this);
    connect(m_scenarios, &ScenarioController::documentChanged, this, &MainWindow::showScenarioState);
    connect(m_scenarios, &ScenarioController::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });
    m_recentMenu = new QMenu(tr("Open &Recent"), this);
    m_scenarios->fillRecentMenu(m_recentMenu);
    connect(m_scenarios, &ScenarioController::recentFilesChanged, this,
            [this] { m_scenarios->fillRecentMenu(m_recentMenu); });

    m_catalogueOpener = new CatalogueOpener(m_catalogue, m_catalogueTab, m_prompt.get(), this, this);
    connect(m_catalogueOpener, &CatalogueOpener::opened, this, &MainWindow::showCatalogueState);
    // File > Recent Team Catalogues, after Open Team Catalogue… (createMenus finds it by name).
    auto *recentTeam = new QMenu(tr("Recent Team Cata&logues"), this);
    recentTeam->setObjectName(QStringLiteral("recentTeamCatalogues"));
    m_catalogueOpener->fillRecentTeamMenu(recentTeam);
    // Queued: the menu's own action may be what opened the catalogue, and clearing the menu deletes it.
    connect(
        m_catalogueOpener, &CatalogueOpener::recentTeamCataloguesChanged, recentTeam,
        [this, recentTeam] { m_catalogueOpener->fillRecentTeamMenu(recentTeam); }, Qt::QueuedConnection);
    connect(m_catalogue, &CatalogueSession::teammateSaved, m_teamChangeBar, &TeamChangeBar::addChange);
    connect(m_teamChangeBar, &TeamChangeBar::reloadRequested, this, [this] {
        if (const CatalogueError error = m_catalogue->reload()) {
            UserPrompt::Message box;
            box.icon = QMessageBox::Information;
            box.title = tr("Reload Team Catalogue");
            box.text = error.message;
            m_prompt->show(box);
            return;
        }
        m_teamChangeBar->clear();
        statusBar()->showMessage(tr("Read %1 again").arg(m_catalogue->path()));
    });
    connect(m_catalogueOpener, &CatalogueOpener::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });

    m_seedOffer = new SeedOfferController(m_catalogue, m_seedOfferBar, m_prompt.get(), this, this);
    connect(m_seedOffer, &SeedOfferController::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });
    connect(m_catalogueOpener, &CatalogueOpener::opened, m_seedOffer, &SeedOfferController::refresh);

    connect(m_form, &WorkloadForm::customConfigRequested, this, &MainWindow::chooseModelConfig);
}

void MainWindow::createActions()
{
    auto make = [this](const QString &text, const QKeySequence &shortcut) {
        auto *action = new QAction(text, this);
        if (!shortcut.isEmpty())
            action->setShortcut(shortcut);
        return action;
    };
    // Ctrl+S saves the catalogue's edits in the Catalogue tab (CatalogueTab, a widget-with-children
    // shortcut); a window-wide Ctrl+S would make that key ambiguous there, so the scenario takes
    // Ctrl+Shift+S. The scenario is what users open most: Ctrl+O.
    m_actions.openCatalogue = make(tr("Open Ca&talogue…"), QKeySequence());
    m_actions.openTeamCatalogue = make(tr("Open T&eam Catalogue…"), QKeySequence());
    m_actions.openScenario = make(tr("&Open Scenario…"), QKeySequence::Open);
    m_actions.saveScenario = make(tr("&Save Scenario"), QKeySequence(tr("Ctrl+Shift+S")));
    m_actions.saveScenarioAs = make(tr("Save Scenario &As…"), QKeySequence(tr("Ctrl+Alt+S")));
    m_actions.importCatalogue = make(tr("&Import Catalogue…"), QKeySequence());
    m_actions.exportCatalogue = make(tr("E&xport Catalogue…"), QKeySequence());
    m_actions.backUpCatalogue = make(tr("&Back Up Catalogue…"), QKeySequence());
    m_actions.addFromSeed = make(tr("Add GPUs and &Models from This Version…"), QKeySequence());
    m_actions.exportChart = make(tr("Export &Chart…"), QKeySequence(tr("Ctrl+E")));
    m_actions.exportReport = make(tr("Export Re&port…"), QKeySequence(tr("Ctrl+Shift+E")));
    m_actions.quit = make(tr("&Quit"), QKeySequence::Quit);
    // Undo and redo of catalogue edits, named after the edit ("Undo Edit Memory of H100 SXM5 80GB").
    m_actions.undo = m_catalogue->editor()->undoStack()->createUndoAction(this, tr("&Undo"));
    m_actions.undo->setShortcut(QKeySequence::Undo);
    m_actions.redo = m_catalogue->editor()->undoStack()->createRedoAction(this, tr("&Redo"));
    m_actions.redo->setShortcut(QKeySequence::Redo);
    m_actions.showCompare = make(tr("&Compare"), QKeySequence(tr("Ctrl+1")));
    m_actions.showPlan = make(tr("&Plan"), QKeySequence(tr("Ctrl+2")));
    m_actions.showCharts = make(tr("C&harts"), QKeySequence(tr("Ctrl+3")));
    m_actions.showCatalogue = make(tr("C&atalogue"), QKeySequence(tr("Ctrl+4")));
    m_actions.about = make(tr("&About GPU Compare"), QKeySequence());
    m_actions.aboutQt = make(tr("About &Qt"), QKeySequence());
    m_actions.preferences = make(tr("&Preferences…"), preferencesShortcut());
    m_actions.preferences->setMenuRole(QAction::PreferencesRole);

    m_actions.quit->setMenuRole(QAction::QuitRole);
    connect(m_actions.quit, &QAction::triggered, this, &QWidget::close);
    connect(m_actions.openCatalogue, &QAction::triggered, m_catalogueOpener,
            &CatalogueOpener::openWithDialog);
    connect(m_actions.openTeamCatalogue, &QAction::triggered, m_catalogueOpener,
            &CatalogueOpener::openTeamWithDialog);
    connect(m_actions.openScenario, &QAction::triggered, m_scenarios, &ScenarioController::openWithDialog);
    connect(m_actions.saveScenario, &QAction::triggered, m_scenarios, &ScenarioController::save);
    connect(m_actions.saveScenarioAs, &QAction::triggered, m_scenarios,
            &ScenarioController::saveAsWithDialog);
    // Ctrl+S outside the Catalogue tab (issue 40): the Catalogue tab's own Ctrl+S saves its edits there;
    // elsewhere this one saves pending catalogue edits too, or says what Ctrl+S does, rather than nothing.
    // Disabled while the focus is inside that tab, so the two never make the key ambiguous; with the tab in
    // front and the focus elsewhere (the workload form, the GPU picker, after a scenario's Apply) this one
    // saves, since the tab's own shortcut reaches only the widgets inside it (issue 39).
    auto *saveElsewhere = new QShortcut(QKeySequence::Save, this);
    saveElsewhere->setObjectName(QStringLiteral("saveOutsideCatalogue"));
    connect(saveElsewhere, &QShortcut::activated, this, [this] {
        if (m_catalogueTab->editor()->session()->hasUnsavedChanges()) {
            if (m_catalogueTab->save())
                statusBar()->showMessage(tr("Catalogue edits saved."), 5000);
            return;
        }
        statusBar()->showMessage(
            tr("No catalogue edits to save. Ctrl+Shift+S saves the scenario; Ctrl+Alt+S saves it as."), 5000);
    });
    const auto followTab = [this, saveElsewhere] {
        const QWidget *focus = QApplication::focusWidget();
        const bool focusInCatalogue =
            focus && (focus == m_catalogueTab || m_catalogueTab->isAncestorOf(focus));
        saveElsewhere->setEnabled(m_tabs->currentWidget() != m_catalogueTab || !focusInCatalogue);
    };
    connect(m_tabs, &QTabWidget::currentChanged, this, followTab);
    m_focusFollower = connect(qApp, &QApplication::focusChanged, this, followTab);
    followTab();
    connect(m_actions.exportReport, &QAction::triggered, m_scenarios,
            &ScenarioController::exportReportWithDialog);
    connect(m_actions.exportChart, &QAction::triggered, this, &MainWindow::exportChart);
    connect(m_actions.importCatalogue, &QAction::triggered, m_catalogueTab, &CatalogueTab::importCatalogue);
    connect(m_actions.exportCatalogue, &QAction::triggered, m_catalogueTab, &CatalogueTab::exportCatalogue);
    connect(m_actions.backUpCatalogue, &QAction::triggered, m_catalogueOpener,
            &CatalogueOpener::backUpWithDialog);
    connect(m_actions.addFromSeed, &QAction::triggered, m_seedOffer, &SeedOfferController::reviewAll);
    connect(m_charts, &ChartsPanel::exportRequested, this, &MainWindow::exportChart);
    connect(m_actions.showCompare, &QAction::triggered, this, [this] { m_tabs->setCurrentWidget(m_table); });
    connect(m_actions.showPlan, &QAction::triggered, this, [this] { m_tabs->setCurrentWidget(m_planTab); });
    connect(m_actions.showCharts, &QAction::triggered, this, [this] { m_tabs->setCurrentWidget(m_charts); });
    connect(m_actions.showCatalogue, &QAction::triggered, this,
            [this] { m_tabs->setCurrentWidget(m_catalogueTab); });
    connect(m_actions.about, &QAction::triggered, this, &MainWindow::showAbout);
    connect(m_actions.aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
    connect(m_actions.preferences, &QAction::triggered, this, &MainWindow::showPreferences);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_actions.openScenario);
    file->addMenu(m_recentMenu);
    file->addAction(m_actions.saveScenario);
    file->addAction(m_actions.saveScenarioAs);
    file->addSeparator();
    file->addAction(m_actions.openCatalogue);
    file->addAction(m_actions.openTeamCatalogue);
    file->addMenu(findChild<QMenu *>(QStringLiteral("recentTeamCatalogues"), Qt::FindDirectChildrenOnly));
    file->addAction(m_actions.importCatalogue);
    file->addAction(m_actions.exportCatalogue);
    file->addAction(m_actions.backUpCatalogue);
    file->addAction(m_actions.addFromSeed);
    file->addSeparator();
    file->addAction(m_actions.exportChart);
    file->addAction(m_actions.exportReport);
    file->addSeparator();
    file->addAction(m_actions.quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_actions.undo);
    edit->addAction(m_actions.redo);
    edit->addSeparator();
    edit->addAction(m_catalogueTab->saveAction());
    edit->addAction(m_catalogueTab->revertAction());
    edit->addAction(m_catalogueTab->renameAction());
    edit->addSeparator();
    edit->addAction(m_actions.preferences);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_actions.showCompare);
    view->addAction(m_actions.showPlan);
    view->addAction(m_actions.showCharts);
    view->addAction(m_actions.showCatalogue);
    view->addSeparator();
    for (QDockWidget *dock : std::as_const(m_docks))
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addMenu(tr("&Theme"))->addActions(m_theme->actions());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_actions.about);
    help->addAction(m_actions.aboutQt);
}

void MainWindow::restoreSettings()
{
    const AppSettings settings;
    if (!settings.windowGeometry().isEmpty())
        restoreGeometry(settings.windowGeometry());
    if (!settings.windowState().isEmpty())
        restoreState(settings.windowState());
    m_tabs->setCurrentIndex(settings.currentTab());
    m_charts->setCurrentKind(settings.chartKind());
    m_catalogueTab->restoreHeaderState(settings.catalogueColumns());
    m_form->setRequest(settings.workload());
    m_picker->setChecked(settings.selectedGpuIds());
}

void MainWindow::saveSettings() const
{
    AppSettings settings;
    settings.setWindowGeometry(saveGeometry());
    settings.setWindowState(saveState());
    settings.setCurrentTab(m_tabs->currentIndex());
    settings.setChartKind(m_charts->currentKind());
    settings.setCatalogueColumns(m_catalogueTab->headerState());
    settings.setWorkload(m_form->heldRequest());
    settings.setSelectedGpuIds(m_picker->checkedIds());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_catalogueTab->confirmDiscardOrSave() || !m_scenarios->confirmDiscardOrSave()) {
        event->ignore();
        return;
    }
    saveSettings();
    event->accept();
}

QKeySequence MainWindow::preferencesShortcut()
{
    // The platform's key (Cmd+, on macOS); Linux desktops define none, and Ctrl+, is what GNOME and KDE
    // applications use.
    const QKeySequence standard(QKeySequence::Preferences);
    return standard.isEmpty() ? QKeySequence(tr("Ctrl+,")) : standard;
}

void MainWindow::showCatalogueState()
{
    // The window's own state, not a failed action: no message box for it (showCatalogueProblem).
    const QSignalBlocker quiet(m_catalogueTab);
    if (!m_catalogue->isOpen()) {
        m_catalogueTab->showMessage(
            tr("No catalogue is open: %1 The file was not changed.").arg(m_catalogue->lastError().message));
        statusBar()->showMessage(tr("No catalogue: %1").arg(m_catalogue->lastError().message));
    } else if (m_catalogue->isReadOnly()) {
        m_catalogueTab->showMessage(tr("Read-only: %1").arg(m_catalogue->readOnlyReason()));
    } else {
        m_catalogueTab->showMessage(QString()); // a writable file opened after a read-only one
    }
    if (m_catalogue->isOpen() && !m_catalogue->openedNote().isEmpty())
        statusBar()->showMessage(m_catalogue->openedNote()); // a mistyped --db, an upgraded file
    setWindowFilePath(m_catalogue->path());
    m_teamChangeBar->clear(); // another catalogue, or the same read again
    showScenarioState();      // the title names a team catalogue
}

void MainWindow::showCatalogueProblem(const QString &message)
{
    if (message.isEmpty() || !isVisible() || m_tabs->currentWidget() == m_catalogueTab)
        return;
    // One failure can be said twice in a row (the editor's reason, then the tab's "Nothing was saved: …"):
    // one box, with the last and fullest, once the action is over.
    const bool boxPending = !m_pendingProblem.isEmpty();
    m_pendingProblem = message;
    if (boxPending)
        return;
    QTimer::singleShot(0, this, [this] {
        UserPrompt::Message box;
        box.icon = QMessageBox::Warning;
        box.title = tr("Catalogue");
        box.text = std::exchange(m_pendingProblem, QString());
        m_prompt->show(box);
    });
}

void MainWindow::showScenarioState()
{
    // Qt adds the application's name ("a.gpuc* — GPU Compare") and puts the modified mark at [*].
    QString title = m_scenarios->path().isEmpty() ? tr("GPU Compare")
                                                  : m_scenarios->displayName() + QStringLiteral("[*]");
    // A team catalogue is named: which server and database everyone's edits go to.
    if (m_catalogue->isTeamCatalogue())
        title += QStringLiteral(" — ") + tr("team catalogue %1").arg(m_catalogue->path());
    setWindowTitle(title);
    setWindowModified(m_scenarios->isModified());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!ScenarioController::scenarioIn(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = ScenarioController::scenarioIn(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    // After the drop has finished: opening may ask or tell, and the drag's source waits until then.
    QTimer::singleShot(0, m_scenarios, [this, path] { m_scenarios->open(path); });
}

void MainWindow::chooseModelConfig()
{
    const QString current = m_form->heldRequest().modelConfigPath.value_or(QString());
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Custom Model"), current.isEmpty() ? QDir::homePath() : QFileInfo(current).absolutePath(),
        tr("Hugging Face model config (config.json *.json);;All files (*)"));
    if (!path.isEmpty())
        m_form->useModelConfig(path);
}

void MainWindow::exportChart()
{
    ChartView *chart = m_charts->currentView();
    if (!chart)
        return;
    AppSettings settings;
    const QString folder =
        settings.lastExportFolder().isEmpty() ? QDir::homePath() : settings.lastExportFolder();
    ChartExportDialog dialog(QDir(folder).filePath(m_charts->currentKind() + QStringLiteral(".png")), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    std::optional<ChartExporter::Drawing> drawing =
        ChartExporter::draw(*chart, dialog.filePath(), dialog.options(), &error);
    if (!drawing) {
        QMessageBox::warning(this, tr("Export Chart"), error);
        return;
    }
    const QString shownName = QDir::toNativeSeparators(dialog.filePath());
    statusBar()->showMessage(tr("Saving %1…").arg(shownName));
    auto *writer = new ChartFileWriter(this);
    connect(writer, &ChartFileWriter::finished, this, [this, writer, shownName](const QString &failure) {
        writer->deleteLater();
        if (!failure.isEmpty()) {
            statusBar()->clearMessage();
            QMessageBox::warning(this, tr("Export Chart"), failure);
            return;
        }
        AppSettings().setLastExportFolder(QFileInfo(writer->fileName()).absolutePath());
        statusBar()->showMessage(tr("Saved %1").arg(shownName), 5000);
    });
    writer->start(std::move(*drawing));
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted && dialog.save())
        statusBar()->showMessage(tr("The new language takes effect when GPU Compare restarts."), 5000);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About GPU Compare"),
                       tr("<h3>GPU Compare %1</h3>"
                          "<p>Choose GPUs for AI training and inference: memory fit, speed, cost and "
                          "verdicts, each with its math and sources.</p>"
                          "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}
