#include "app/window/AppSettings.h"

#include "db/Catalogue.h"

namespace {

namespace Key {
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString tab = QStringLiteral("window/tab");
const QString chartKind = QStringLiteral("charts/kind");
const QString theme = QStringLiteral("window/theme");
const QString catalogueColumns = QStringLiteral("catalogue/columns");
const QString gpus = QStringLiteral("comparison/gpus");
const QString exportFolder = QStringLiteral("export/folder");
const QString recentScenarios = QStringLiteral("scenarios/recent");
const QString recentTeamCatalogues = QStringLiteral("catalogue/recentTeam");
const QString workload = QStringLiteral("workload/");
// Version 2: batch counts the whole deployment and unset fields mean "the task's recipe". Values saved by
// version 1 filled every field with the old defaults, so they are not read back.
const QString workloadVersion = QStringLiteral("workload/version");
constexpr int kWorkloadVersion = 2;
const QString language = QStringLiteral("ui/language");
} // namespace Key

} // namespace

QByteArray AppSettings::windowGeometry() const
{
    return m_settings.value(Key::geometry).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray &geometry)
{
    m_settings.setValue(Key::geometry, geometry);
}

QByteArray AppSettings::windowState() const
{
    return m_settings.value(Key::state).toByteArray();
}

void AppSettings::setWindowState(const QByteArray &state)
{
    m_settings.setValue(Key::state, state);
}

QByteArray AppSettings::catalogueColumns() const
{
    return m_settings.value(Key::catalogueColumns).toByteArray();
}

void AppSettings::setCatalogueColumns(const QByteArray &state)
{
    m_settings.setValue(Key::catalogueColumns, state);
}

int AppSettings::currentTab() const
{
    return m_settings.value(Key::tab, 0).toInt();
}

void AppSettings::setCurrentTab(int index)
{
    m_settings.setValue(Key::tab, index);
}

QString AppSettings::chartKind() const
{
    return m_settings.value(Key::chartKind).toString();
}

void AppSettings::setChartKind(const QString &id)
{
    m_settings.setValue(Key::chartKind, id);
}

ThemeChoice AppSettings::theme() const
{
    // Stored by name so the file stays readable; anything else (a newer version's theme) reads as System.
    const QString name = m_settings.value(Key::theme).toString();
    if (name == QLatin1String("light"))
        return ThemeChoice::Light;
    if (name == QLatin1String("dark"))
        return ThemeChoice::Dark;
    return ThemeChoice::System;
}

void AppSettings::setTheme(ThemeChoice theme)
{
    m_settings.setValue(Key::theme, theme == ThemeChoice::Light  ? QStringLiteral("light")
                                    : theme == ThemeChoice::Dark ? QStringLiteral("dark")
                                                                 : QStringLiteral("system"));
}

QStringList AppSettings::defaultGpuIds()
{
    // The seed article compares these five.
    return {QStringLiteral("h100_sxm5_80gb"), QStringLiteral("h200_sxm_141gb"),
            QStringLiteral("a100_sxm4_80gb"), QStringLiteral("rtx_a6000_48gb"), QStringLiteral("l40s_48gb")};
}

QStringList AppSettings::selectedGpuIds() const
{
    if (!m_settings.contains(Key::gpus))
        return defaultGpuIds();
    return m_settings.value(Key::gpus).toStringList();
}

void AppSettings::setSelectedGpuIds(const QStringList &ids)
{
    m_settings.setValue(Key::gpus, ids);
}

WorkloadFormValues AppSettings::workload() const
{
    const WorkloadFormValues d;
    auto text = [this](const char *name, const QString &fallback) {
        return m_settings.value(Key::workload + QLatin1String(name), fallback).toString();
    };
    auto number = [this](const char *name, int fallback) {
        return m_settings.value(Key::workload + QLatin1String(name), fallback).toInt();
    };
    auto real = [this](const char *name, double fallback) {
        return m_settings.value(Key::workload + QLatin1String(name), fallback).toDouble();
    };
    WorkloadFormValues v;
    if (m_settings.value(Key::workloadVersion).toInt() != Key::kWorkloadVersion)
        return v;
    v.modelId = text("model", d.modelId);
    v.customConfigPath = text("customConfig", d.customConfigPath);
    v.task = text("task", d.task);
    v.weightPrecision = text("weightPrecision", d.weightPrecision);
    v.kvPrecision = text("kvPrecision", d.kvPrecision);
    v.batch = number("batch", d.batch);
    v.inputTokens = number("inputTokens", d.inputTokens);
    v.outputTokens = number("outputTokens", d.outputTokens);
    v.sequenceLength = number("sequenceLength", d.sequenceLength);
    v.gpus = number("gpus", d.gpus);
    v.tensorParallel = number("tensorParallel", d.tensorParallel);
    v.pipelineParallel = number("pipelineParallel", d.pipelineParallel);
    if (const int zero = number("zeroStage", -1); zero >= 0)
        v.zeroStage = zero;
    v.recompute = text("recompute", d.recompute);
    v.profileId = text("profile", d.profileId);
    const double price = real("usdPerGpuHour", 0.0);
    if (price > 0.0)
        v.usdPerGpuHour = price;
    v.usdPerKwh = real("usdPerKwh", d.usdPerKwh);
    v.trainTokensBillions = real("trainTokensBillions", d.trainTokensBillions);
    // Added within version 2: absent in older files, which read as "no load".
    v.concurrency = number("concurrency", d.concurrency);
    v.requestRate = real("requestRate", d.requestRate);
    v.ttftP90TargetMs = real("ttftP90TargetMs", d.ttftP90TargetMs);
    v.tpotP90TargetMs = real("tpotP90TargetMs", d.tpotP90TargetMs);
    v.maxNumSeqs = number("maxNumSeqs", d.maxNumSeqs);
    // Training at scale, added within version 2 too: absent reads as the defaults.
    v.microBatch = number("microBatch", d.microBatch);
    v.virtualStages = number("virtualStages", d.virtualStages);
    v.contextParallel = number("contextParallel", d.contextParallel);
    v.expertParallel = number("expertParallel", d.expertParallel);
    v.gpusPerNode = number("gpusPerNode", d.gpusPerNode);
    v.networkGbps = text("networkGbps", d.networkGbps);
    // Training's recipe and ownership, added within version 2: absent reads as the recipe's and renting.
    v.activationPrecision = text("activationPrecision", d.activationPrecision);
    v.optimizer = text("optimizer", d.optimizer);
    v.loraRank = number("loraRank", d.loraRank);
    v.ownYears = real("ownYears", d.ownYears);
    return v;
}

void AppSettings::setWorkload(const WorkloadFormValues &v)
{
    auto put = [this](const char *name, const QVariant &value) {
        m_settings.setValue(Key::workload + QLatin1String(name), value);
    };
    m_settings.setValue(Key::workloadVersion, Key::kWorkloadVersion);
    put("model", v.modelId);
    put("customConfig", v.customConfigPath);
    put("task", v.task);
    put("weightPrecision", v.weightPrecision);
    put("kvPrecision", v.kvPrecision);
    put("batch", v.batch);
    put("inputTokens", v.inputTokens);
    put("outputTokens", v.outputTokens);
    put("sequenceLength", v.sequenceLength);
    put("gpus", v.gpus);
    put("tensorParallel", v.tensorParallel);
    put("pipelineParallel", v.pipelineParallel);
    put("zeroStage", v.zeroStage.value_or(-1));
    put("recompute", v.recompute);
    put("profile", v.profileId);
    put("usdPerGpuHour", v.usdPerGpuHour.value_or(0.0));
    put("usdPerKwh", v.usdPerKwh);
    put("trainTokensBillions", v.trainTokensBillions);
    put("concurrency", v.concurrency);
    put("requestRate", v.requestRate);
    put("ttftP90TargetMs", v.ttftP90TargetMs);
    put("tpotP90TargetMs", v.tpotP90TargetMs);
    put("maxNumSeqs", v.maxNumSeqs);
    put("microBatch", v.microBatch);
    put("virtualStages", v.virtualStages);
    put("contextParallel", v.contextParallel);
    put("expertParallel", v.expertParallel);
    put("gpusPerNode", v.gpusPerNode);
    put("networkGbps", v.networkGbps);
    put("activationPrecision", v.activationPrecision);
    put("optimizer", v.optimizer);
    put("loraRank", v.loraRank);
    put("ownYears", v.ownYears);
}

QString AppSettings::lastExportFolder() const
{
    return m_settings.value(Key::exportFolder).toString();
}

void AppSettings::setLastExportFolder(const QString &folder)
{
    m_settings.setValue(Key::exportFolder, folder);
}

QStringList AppSettings::recentScenarios() const
{
    return m_settings.value(Key::recentScenarios).toStringList().mid(0, kMaxRecentScenarios);
}

void AppSettings::setRecentScenarios(const QStringList &paths)
{
    m_settings.setValue(Key::recentScenarios, paths.mid(0, kMaxRecentScenarios));
}

QStringList AppSettings::recentTeamCatalogues() const
{
    return m_settings.value(Key::recentTeamCatalogues).toStringList().mid(0, kMaxRecentTeamCatalogues);
}

void AppSettings::setRecentTeamCatalogues(const QStringList &urls)
{
    QStringList stored;
    for (const QString &url : urls) {
        const QString shown = Catalogue::displayLocation(url);
        if (Catalogue::isServerLocation(shown) && !stored.contains(shown))
            stored << shown;
    }
    m_settings.setValue(Key::recentTeamCatalogues, stored.mid(0, kMaxRecentTeamCatalogues));
}

QString AppSettings::language() const
{
    return m_settings.value(Key::language).toString();
}

void AppSettings::setLanguage(const QString &language)
{
    if (language.isEmpty())
        m_settings.remove(Key::language);
    else
        m_settings.setValue(Key::language, language);
}
