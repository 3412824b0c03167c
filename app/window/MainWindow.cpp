#include "MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace {

// Stand-in content for a dock or tab whose feature has not landed yet; says what will be there.
QWidget *pendingPanel(const QString &text)
{
    auto *label = new QLabel(text);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setMargin(12);
    label->setEnabled(false);
    return label;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("GPU Compare"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/gpucompare.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    createTabs();
    createDocks();
    createActions();
    createMenus();
    statusBar()->showMessage(tr("Ready"));
    resize(1280, 800);
}

void MainWindow::createTabs()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("centralTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(pendingPanel(tr("Specs and estimates of the chosen GPUs, side by side.")), tr("&Compare"));
    m_tabs->addTab(pendingPanel(tr("Bar charts of compute, memory and bandwidth, and a radar plot.")),
                   tr("C&harts"));
    m_tabs->addTab(pendingPanel(tr("The editable GPU catalogue.")), tr("C&atalogue"));
    setCentralWidget(m_tabs);
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
    addDock(QStringLiteral("gpuPickerDock"), tr("GPUs"),
            pendingPanel(tr("Pick the GPUs to compare, grouped by vendor and architecture.")),
            Qt::LeftDockWidgetArea);
    addDock(QStringLiteral("workloadDock"), tr("Workload"),
            pendingPanel(tr("Model, task, precision, batch, lengths, GPU count, profile and prices.")),
            Qt::TopDockWidgetArea);
    addDock(QStringLiteral("verdictDock"), tr("Verdicts"),
            pendingPanel(tr("Training and inference verdicts per GPU, with their reasons.")),
            Qt::RightDockWidgetArea);
    addDock(QStringLiteral("mathDock"), tr("Show the Math"),
            pendingPanel(tr("Select a number to see the terms that produced it.")), Qt::RightDockWidgetArea);
}

void MainWindow::createActions()
{
    auto make = [this](const QString &text, const QKeySequence &shortcut, bool enabled) {
        auto *action = new QAction(text, this);
        if (!shortcut.isEmpty())
            action->setShortcut(shortcut);
        action->setEnabled(enabled); // disabled until the feature behind it lands
        return action;
    };
    m_actions.openCatalogue = make(tr("&Open Catalogue…"), QKeySequence::Open, false);
    m_actions.openScenario = make(tr("Open &Scenario…"), QKeySequence(), false);
    m_actions.saveScenario = make(tr("&Save Scenario…"), QKeySequence::Save, false);
    m_actions.importCatalogue = make(tr("&Import Catalogue…"), QKeySequence(), false);
    m_actions.exportCatalogue = make(tr("E&xport Catalogue…"), QKeySequence(), false);
    m_actions.exportChart = make(tr("Export &Chart…"), QKeySequence(tr("Ctrl+E")), false);
    m_actions.exportReport = make(tr("Export &Report…"), QKeySequence(), false);
    m_actions.quit = make(tr("&Quit"), QKeySequence::Quit, true);
    m_actions.undo = make(tr("&Undo"), QKeySequence::Undo, false);
    m_actions.redo = make(tr("&Redo"), QKeySequence::Redo, false);
    m_actions.about = make(tr("&About GPU Compare"), QKeySequence(), true);
    m_actions.aboutQt = make(tr("About &Qt"), QKeySequence(), true);

    m_actions.quit->setMenuRole(QAction::QuitRole);
    connect(m_actions.quit, &QAction::triggered, this, &QWidget::close);
    connect(m_actions.about, &QAction::triggered, this, &MainWindow::showAbout);
    connect(m_actions.aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_actions.openCatalogue);
    file->addSeparator();
    file->addAction(m_actions.openScenario);
    file->addAction(m_actions.saveScenario);
    file->addSeparator();
    file->addAction(m_actions.importCatalogue);
    file->addAction(m_actions.exportCatalogue);
    file->addSeparator();
    file->addAction(m_actions.exportChart);
    file->addAction(m_actions.exportReport);
    file->addSeparator();
    file->addAction(m_actions.quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_actions.undo);
    edit->addAction(m_actions.redo);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : std::as_const(m_docks))
        view->addAction(dock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_actions.about);
    help->addAction(m_actions.aboutQt);
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
