#include "app/window/AppSettings.h"

#include "app/scenario/WorkloadRequestJson.h"
#include "db/Catalogue.h"
#include "widgets/workload/WorkloadForm.h"

#include <QJsonDocument>

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
// Version 3: the values the form holds, as a scenario file's workload object (WorkloadRequestJson), so that
// a new field of the request is kept with no line here. Version 2 kept one key per form value and is still
// read (legacyWorkload). Values saved by version 1 filled every field with the old defaults: not read back.
const QString workloadVersion = QStringLiteral("workload/version");
const QString workloadRequest = QStringLiteral("workload/request");
constexpr int kWorkloadVersion = 3;
constexpr int kLegacyWorkloadVersion = 2;
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

WorkloadRequest AppSettings::workload() const
{
    const int version = m_settings.value(Key::workloadVersion).toInt();
    if (version == Key::kLegacyWorkloadVersion)
        return legacyWorkload();
    if (version != Key::kWorkloadVersion)
        return {}; // a new form
    const QJsonDocument json = QJsonDocument::fromJson(m_settings.value(Key::workloadRequest).toByteArray());
    return WorkloadRequestJson::fromJson(json.object()).value_or(WorkloadRequest());
}

void AppSettings::setWorkload(const WorkloadRequest &values)
{
    const QStringList legacyKeys = [this] {
        m_settings.beginGroup(Key::workload);
        const QStringList keys = m_settings.childKeys();
        m_settings.endGroup();
        return keys;
    }();
    for (const QString &key : legacyKeys) // version 2's keys, and any other left behind
        m_settings.remove(Key::workload + key);
    m_settings.setValue(Key::workloadVersion, Key::kWorkloadVersion);
    m_settings.setValue(Key::workloadRequest,
                        QJsonDocument(WorkloadRequestJson::toJson(values)).toJson(QJsonDocument::Compact));
}

WorkloadRequest AppSettings::legacyWorkload() const
{
    // Version 2's keys and their form values: "" or 0 for the recipe's (or "none"), -1 for a batch of "max"
    // and an unset ZeRO stage.
    auto text = [this](const char *name) {
        return m_settings.value(Key::workload + QLatin1String(name)).toString();
    };
    auto number = [this](const char *name) -> std::optional<double> {
        const QVariant value = m_settings.value(Key::workload + QLatin1String(name));
        return value.isValid() ? std::optional<double>(value.toDouble()) : std::nullopt;
    };
    // A value the version-2 form left at "none", "auto" or the recipe's (nonZero), or any it held.
    auto nonZero = [&number](const char *name) -> std::optional<double> {
        const auto value = number(name);
        return value && *value != 0.0 ? value : std::nullopt;
    };
    auto whole = [](std::optional<double> value) {
        return value ? std::optional<int>(int(*value)) : std::nullopt;
    };
    auto nonEmpty = [&text](const char *name) -> std::optional<QString> {
        const QString value = text(name);
        return value.isEmpty() ? std::nullopt : std::optional<QString>(value);
    };
    WorkloadRequest r;
    r.modelId = nonEmpty("model");
    r.modelConfigPath = nonEmpty("customConfig");
    r.task = Tasks::parse(text("task"));
    r.weightPrecision = Precisions::parse(text("weightPrecision"));
    r.kvPrecision = Precisions::parse(text("kvPrecision"));
    if (const auto batch = whole(nonZero("batch")))
        r.batch = *batch == -1 ? 0 : *batch; // -1: "max", the request's 0
    r.inputTokens = whole(number("inputTokens"));
    r.outputTokens = whole(number("outputTokens"));
    r.sequenceLength = whole(number("sequenceLength"));
    r.gpus = whole(number("gpus"));
    r.tensorParallel = whole(nonZero("tensorParallel"));
    r.pipelineParallel = whole(nonZero("pipelineParallel"));
    if (const auto zero = whole(number("zeroStage")); zero && *zero >= 0)
        r.zeroStage = zero;
    r.recompute = Recomputes::parse(text("recompute"));
    r.profileId = nonEmpty("profile");
    r.usdPerGpuHour = nonZero("usdPerGpuHour");
    r.usdPerKwh = number("usdPerKwh");
    if (const auto billions = number("trainTokensBillions"))
        r.trainTokens = *billions * 1e9;
    // Added within version 2: absent in older files, which read as "no load" and the defaults.
    r.concurrency = whole(nonZero("concurrency"));
    r.requestRate = nonZero("requestRate");
    r.ttftP90Ms = nonZero("ttftP90TargetMs");
    r.tpotP90Ms = nonZero("tpotP90TargetMs");
    r.maxNumSeqs = whole(nonZero("maxNumSeqs"));
    r.microBatch = whole(nonZero("microBatch"));
    r.virtualStages = whole(number("virtualStages"));
    r.contextParallel = whole(number("contextParallel"));
    r.expertParallel = whole(number("expertParallel"));
    r.gpusPerNode = whole(nonZero("gpusPerNode"));
    if (const auto network = nonEmpty("networkGbps")) // as the form held it: "800" or "800 Gb/s"
        r.networkGbps = WorkloadForm::networkGbps(*network);
    r.activationPrecision = Precisions::parse(text("activationPrecision"));
    r.optimizer = Optimizers::parse(text("optimizer"));
    r.loraRank = whole(nonZero("loraRank"));
    r.ownYears = nonZero("ownYears");
    return r;
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
