#pragma once

#include "app/window/ThemeChoice.h"
#include "widgets/workload/WorkloadFormValues.h"

#include <QByteArray>
#include <QSettings>
#include <QStringList>

// Every persisted setting, with its key and type, in one place. Backed by QSettings (the user's
// config folder; tests point QStandardPaths at a temporary one).
class AppSettings
{
public:
    AppSettings() = default;

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);
    // The Catalogue tab's columns: order, widths, hidden ones (QHeaderView::saveState).
    QByteArray catalogueColumns() const;
    void setCatalogueColumns(const QByteArray &state);
    int currentTab() const;
    void setCurrentTab(int index);
    // The chart chosen in the Charts tab ("compute", "serving", ...); empty on first start.
    QString chartKind() const;
    void setChartKind(const QString &id);
    // View > Theme; System on first start.
    ThemeChoice theme() const;
    void setTheme(ThemeChoice theme);

    // The GPUs checked in the picker; on first start, the five GPUs of the seed article.
    QStringList selectedGpuIds() const;
    void setSelectedGpuIds(const QStringList &ids);
    static QStringList defaultGpuIds();

    WorkloadFormValues workload() const;
    void setWorkload(const WorkloadFormValues &values);

    QString lastExportFolder() const;
    void setLastExportFolder(const QString &folder);

    // File > Open Recent: the scenario files last opened or saved, newest first, at most kMaxRecentScenarios.
    static constexpr int kMaxRecentScenarios = 10;
    QStringList recentScenarios() const;
    void setRecentScenarios(const QStringList &paths);

    // File > Recent Team Catalogues: the team catalogues last opened, newest first, at most
    // kMaxRecentTeamCatalogues, each its URL without a password (a password given in a URL is never stored).
    static constexpr int kMaxRecentTeamCatalogues = 5;
    QStringList recentTeamCatalogues() const;
    void setRecentTeamCatalogues(const QStringList &urls);

    // The interface language ("en", "zh_CN"); empty: follow the system locale. Read at start-up.
    QString language() const;
    void setLanguage(const QString &language);

private:
    mutable QSettings m_settings;
};
