#pragma once

#include "app/analysis/WorkloadRequest.h"
#include "app/window/ThemeChoice.h"

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

    // The values the workload form holds (WorkloadForm::heldRequest()), greyed-out ones included; empty on
    // first start (a new form). Settings of version 2, one key per form value, still read.
    WorkloadRequest workload() const;
    void setWorkload(const WorkloadRequest &values);

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
    WorkloadRequest legacyWorkload() const;

    mutable QSettings m_settings;
};
