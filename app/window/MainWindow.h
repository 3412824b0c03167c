#pragma once

#include <QMainWindow>

class QAction;
class QDockWidget;
class QTabWidget;

// The shell: docks, tabs, actions and menus. It runs no SQL and computes nothing; controllers wire
// the catalogue and the estimator into the widgets it hosts.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }

private:
    void createDocks();
    void createTabs();
    void createActions();
    void createMenus();
    QDockWidget *addDock(const QString &objectName, const QString &title, QWidget *content,
                         Qt::DockWidgetArea area);
    void showAbout();

    QTabWidget *m_tabs = nullptr;
    QList<QDockWidget *> m_docks;

    struct Actions
    {
        QAction *openCatalogue = nullptr;
        QAction *openScenario = nullptr;
        QAction *saveScenario = nullptr;
        QAction *importCatalogue = nullptr;
        QAction *exportCatalogue = nullptr;
        QAction *exportChart = nullptr;
        QAction *exportReport = nullptr;
        QAction *quit = nullptr;
        QAction *undo = nullptr;
        QAction *redo = nullptr;
        QAction *about = nullptr;
        QAction *aboutQt = nullptr;
    } m_actions;
};
