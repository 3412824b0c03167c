#pragma once

#include <QKeySequence>
#include <QMainWindow>
#include <memory>

class CatalogueOpener;
class CatalogueSession;
class CatalogueTab;
class ChartsPanel;
class ComparisonController;
class ComparisonTable;
class GpuPicker;
class MathPanel;
class MeasurementsController;
class PlanController;
class PlanTab;
class QAction;
class QDockWidget;
class QMenu;
class QTabWidget;
class ScenarioController;
class SeedOfferBar;
class TeamChangeBar;
class SeedOfferController;
class ThemeController;
class UserPrompt;
class VerdictPanel;
class WorkloadForm;

// The shell: docks, tabs, actions and menus. It runs no SQL and computes nothing; CatalogueSession
// holds the catalogue and ComparisonController turns it and the workload into what the views show.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // catalogue: opened by the caller (main, or a test); the window shows what it holds.
    explicit MainWindow(CatalogueSession *catalogue, QWidget *parent = nullptr);
    ~MainWindow() override;

    QTabWidget *tabs() const { return m_tabs; }
    GpuPicker *gpuPicker() const { return m_picker; }
    WorkloadForm *workloadForm() const { return m_form; }
    ComparisonTable *comparisonTable() const { return m_table; }
    PlanTab *planTab() const { return m_planTab; }
    PlanController *plan() const { return m_plan; }
    CatalogueTab *catalogueTab() const { return m_catalogueTab; }
    ChartsPanel *chartsPanel() const { return m_charts; }
    VerdictPanel *verdictPanel() const { return m_verdicts; }
    MathPanel *mathPanel() const { return m_math; }
    ComparisonController *comparison() const { return m_comparison; }
    MeasurementsController *measurements() const { return m_measurements; }
    ThemeController *theme() const { return m_theme; }
    ScenarioController *scenarios() const { return m_scenarios; }
    CatalogueOpener *catalogueOpener() const { return m_catalogueOpener; }
    // The offer of this version's GPUs and models the catalogue lacks (bar and File menu action).
    SeedOfferController *seedOffer() const { return m_seedOffer; }
    SeedOfferBar *seedOfferBar() const { return m_seedOfferBar; }
    TeamChangeBar *teamChangeBar() const { return m_teamChangeBar; }
    QAction *addFromSeedAction() const { return m_actions.addFromSeed; }
    // How the controllers tell and ask the user (message boxes); a test or --screenshot replaces it.
    UserPrompt *prompt() const { return m_prompt.get(); }
    QMenu *recentMenu() const { return m_recentMenu; }
    QAction *preferencesAction() const { return m_actions.preferences; }
    QAction *backUpCatalogueAction() const { return m_actions.backUpCatalogue; }
    // Resizes the window to size (logical pixels) and lays its docks out for it, whatever size and layout
    // were saved: `--window-size`, and tests that look at the window at a given screen size.
    void setStartSize(const QSize &size);
    // Edit > Preferences: the platform's key, Ctrl+, where the platform has none (Linux).
    static QKeySequence preferencesShortcut();

protected:
    void closeEvent(QCloseEvent *event) override;
    // A `.gpuc` file dropped on the window opens as the scenario.
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createViews();
    void createDocks();
    void createFileControllers();
    void createActions();
    void createMenus();
    QDockWidget *addDock(const QString &objectName, const QString &title, QWidget *content,
                         Qt::DockWidgetArea area);
    QSize defaultSize() const;
    void restoreSettings();
    void saveSettings() const;
    void showCatalogueState();
    // A message box, unless the Catalogue tab (which shows it) is in view or the window is not shown at all.
    void showCatalogueProblem(const QString &message);
    void showScenarioState(); // the title names the scenario's file, [*] marks unsaved changes
    void chooseModelConfig();
    void exportChart();
    void showAbout();
    void showPreferences();

    QMetaObject::Connection m_focusFollower; // QApplication::focusChanged, cut in the destructor
    CatalogueSession *m_catalogue;
    ComparisonController *m_comparison = nullptr;
    MeasurementsController *m_measurements = nullptr;
    PlanController *m_plan = nullptr;
    ThemeController *m_theme = nullptr;
    ScenarioController *m_scenarios = nullptr;
    CatalogueOpener *m_catalogueOpener = nullptr;
    SeedOfferController *m_seedOffer = nullptr;
    SeedOfferBar *m_seedOfferBar = nullptr;
    TeamChangeBar *m_teamChangeBar = nullptr;
    std::unique_ptr<UserPrompt> m_prompt;
    QMenu *m_recentMenu = nullptr;
    QString m_pendingProblem; // showCatalogueProblem(): said in a box once the action is over
    QTabWidget *m_tabs = nullptr;
    GpuPicker *m_picker = nullptr;
    WorkloadForm *m_form = nullptr;
    ComparisonTable *m_table = nullptr;
    PlanTab *m_planTab = nullptr;
    ChartsPanel *m_charts = nullptr;
    CatalogueTab *m_catalogueTab = nullptr;
    VerdictPanel *m_verdicts = nullptr;
    MathPanel *m_math = nullptr;
    QList<QDockWidget *> m_docks;

    struct Actions
    {
        QAction *openCatalogue = nullptr;
        QAction *openTeamCatalogue = nullptr;
        QAction *openScenario = nullptr;
        QAction *saveScenario = nullptr;
        QAction *saveScenarioAs = nullptr;
        QAction *importCatalogue = nullptr;
        QAction *exportCatalogue = nullptr;
        QAction *backUpCatalogue = nullptr;
        QAction *addFromSeed = nullptr;
        QAction *exportChart = nullptr;
        QAction *exportReport = nullptr;
        QAction *quit = nullptr;
        QAction *undo = nullptr;
        QAction *redo = nullptr;
        QAction *showCompare = nullptr;
        QAction *showPlan = nullptr;
        QAction *showCharts = nullptr;
        QAction *showCatalogue = nullptr;
        QAction *about = nullptr;
        QAction *aboutQt = nullptr;
        QAction *preferences = nullptr;
    } m_actions;
};
