#include "app/analysis/UncertaintyTable.h"

#include "app/analysis/EfficiencyParameters.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace {

using GroupKey = std::pair<QString, QString>; // kind, profile

QMap<GroupKey, QVector<const UncertaintyResidual *>> byGroup(const QVector<UncertaintyResidual> &residuals)
{
    QMap<GroupKey, QVector<const UncertaintyResidual *>> groups;
    for (const UncertaintyResidual &r : residuals)
        groups[{r.kind, r.profileId}].append(&r);
    return groups;
}

QString categoriesOf(const QVector<const UncertaintyResidual *> &group)
{
    QStringList names;
    for (const UncertaintyResidual *r : group)
        if (!names.contains(r->category))
            names << r->category;
    return names.join(QStringLiteral(", "));
}

std::optional<UncertaintyBand> bandOf(const QVector<const UncertaintyResidual *> &group)
{
    if (group.size() < UncertaintyTable::kMinimumPoints)
        return std::nullopt;
    QVector<double> values;
    for (const UncertaintyResidual *r : group)
        values << r->residual;
    UncertaintyBand band;
    band.kind = group.first()->kind;
    band.profileId = group.first()->profileId;
    band.category = categoriesOf(group);
    // The range always holds the estimate itself: a band that the held-out fits' bias puts wholly on one
    // side (an engine measured on one GPU only) is stretched to it rather than shown beside the number.
    band.lowLog = std::min(UncertaintyTable::percentile(values, 0.1), 0.0);
    band.highLog = std::max(UncertaintyTable::percentile(values, 0.9), 0.0);
    band.points = int(group.size());
    return band;
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

double UncertaintyTable::percentile(QVector<double> values, double p)
{
    if (values.isEmpty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const double at = std::clamp(p, 0.0, 1.0) * double(values.size() - 1);
    const auto below = qsizetype(std::floor(at));
    const qsizetype above = std::min(below + 1, values.size() - 1);
    return values[below] + (at - double(below)) * (values[above] - values[below]);
}

namespace {

QStringList gpusOf(const QVector<UncertaintyResidual> &residuals)
{
    QStringList gpus;
    for (const UncertaintyResidual &r : residuals)
        if (!gpus.contains(r.gpuId))
            gpus << r.gpuId;
    return gpus;
}

} // namespace

QVector<UncertaintyBand> UncertaintyTable::fit(const QVector<UncertaintyResidual> &residuals)
{
    QVector<UncertaintyBand> bands;
    const auto groups = byGroup(residuals);
    for (const auto &group : groups)
        if (const auto band = bandOf(group))
            bands << *band;
    // Serving under load: every engine's residuals of a kind together, for an engine measured too little
    // on that kind (vLLM's TTFT) to have its own band.
    QVector<UncertaintyResidual> pooled;
    for (const UncertaintyResidual &r : residuals)
        if (r.kind.startsWith(QLatin1String("serving_")))
            pooled << UncertaintyResidual{r.kind, kAnyProfile, r.category, r.gpuId, r.residual, r.conditions};
    for (const auto &group : byGroup(pooled))
        if (const auto band = bandOf(group))
            bands << *band;
    return bands;
}

QMap<std::pair<QString, QString>, UncertaintyTable::Coverage>
UncertaintyTable::nestedCoverageByBand(const QVector<UncertaintyResidual> &residuals)
{
    // The held-out GPU does not inform the bands it is checked against.
    QMap<std::pair<QString, QString>, Coverage> coverage;
    for (const QString &held : gpusOf(residuals)) {
        QVector<UncertaintyResidual> others;
        QVector<UncertaintyResidual> own;
        for (const UncertaintyResidual &r : residuals)
            (r.gpuId == held ? own : others) << r;
        const UncertaintyTable table(fit(others));
        for (const UncertaintyResidual &r : own)
            if (const UncertaintyBand *band = table.find(r.kind, r.profileId)) {
                Coverage &c = coverage[{r.kind, r.profileId}];
                ++c.counted;
                if (r.residual >= band->lowLog && r.residual <= band->highLog)
                    ++c.covered;
            }
    }
    return coverage;
}

UncertaintyTable::Coverage UncertaintyTable::nestedCoverage(const QVector<UncertaintyResidual> &residuals)
{
    Coverage all;
    for (const Coverage &c : nestedCoverageByBand(residuals)) {
        all.covered += c.covered;
        all.counted += c.counted;
    }
    return all;
}

UncertaintyTable::Coverage UncertaintyTable::coverage() const
{
    Coverage all;
    for (const UncertaintyResidual &r : m_residuals) {
        ++all.counted;
        const UncertaintyBand *band = find(r.kind, r.profileId);
        if (band && r.residual >= band->lowLog && r.residual <= band->highLog)
            ++all.covered;
    }
    return all;
}

const UncertaintyBand *UncertaintyTable::find(const QString &kind, const QString &profileId) const
{
    for (const UncertaintyBand &band : m_bands)
        if (band.kind == kind && band.profileId == profileId)
            return &band;
    return nullptr;
}

const UncertaintyTable &UncertaintyTable::bundled()
{
    static const UncertaintyTable table = [] {
        QFile file(QStringLiteral(":/seed/uncertainty.json"));
        if (!file.open(QIODevice::ReadOnly))
            return UncertaintyTable();
        return fromJson(file.readAll()).value_or(UncertaintyTable());
    }();
    return table;
}

UncertaintyTable UncertaintyTable::forProfile(const EfficiencyParameters &parameters) const
{
    if (!parameters.userFit)
        return *this;
    QVector<UncertaintyBand> bands = m_bands;
    QStringList own;
    for (UncertaintyBand band : parameters.userFit->bands) {
        band.profileId = parameters.profileId;
        own << band.kind;
        bands << band;
    }
    for (const UncertaintyBand &band : m_bands)
        if (band.profileId == parameters.userFit->baseProfileId && !own.contains(band.kind)) {
            UncertaintyBand inherited = band;
            inherited.profileId = parameters.profileId;
            bands << inherited;
        }
    return UncertaintyTable(bands);
}

std::optional<UncertaintyTable> UncertaintyTable::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        fail(error, QStringLiteral("uncertainty.json: not a JSON object (%1)").arg(parseError.errorString()));
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    QVector<UncertaintyBand> bands;
    const QJsonArray bandArray = root.value(QStringLiteral("bands")).toArray();
    for (qsizetype i = 0; i < bandArray.size(); ++i) {
        const QJsonObject o = bandArray[i].toObject();
        UncertaintyBand band{o.value(QStringLiteral("kind")).toString(),
                             o.value(QStringLiteral("profile")).toString(),
                             o.value(QStringLiteral("category")).toString(),
                             o.value(QStringLiteral("p10")).toDouble(std::nan("")),
                             o.value(QStringLiteral("p90")).toDouble(std::nan("")),
                             o.value(QStringLiteral("points")).toInt()};
        if (band.kind.isEmpty() || band.profileId.isEmpty() || !std::isfinite(band.lowLog) ||
            !std::isfinite(band.highLog) || band.lowLog > band.highLog || band.points <= 0) {
            fail(error, QStringLiteral("uncertainty.json: $.bands[%1]: needs kind, profile, p10 <= p90 and "
                                       "points > 0")
                            .arg(i));
            return std::nullopt;
        }
        bands << band;
    }
    QVector<UncertaintyResidual> residuals;
    for (const QJsonValue &value : root.value(QStringLiteral("residuals")).toArray()) {
        const QJsonObject o = value.toObject();
        residuals << UncertaintyResidual{
            o.value(QStringLiteral("kind")).toString(),     o.value(QStringLiteral("profile")).toString(),
            o.value(QStringLiteral("category")).toString(), o.value(QStringLiteral("gpu")).toString(),
            o.value(QStringLiteral("residual")).toDouble(), o.value(QStringLiteral("conditions")).toString()};
    }
    return UncertaintyTable(std::move(bands), std::move(residuals));
}

QJsonObject UncertaintyTable::toJson() const
{
    QJsonArray bands;
    for (const UncertaintyBand &band : m_bands)
        bands.append(QJsonObject{{QStringLiteral("kind"), band.kind},
                                 {QStringLiteral("profile"), band.profileId},
                                 {QStringLiteral("category"), band.category},
                                 {QStringLiteral("p10"), band.lowLog},
                                 {QStringLiteral("p90"), band.highLog},
                                 {QStringLiteral("points"), band.points}});
    QJsonArray residuals;
    for (const UncertaintyResidual &r : m_residuals) {
        QJsonObject residual{{QStringLiteral("kind"), r.kind},
                             {QStringLiteral("profile"), r.profileId},
                             {QStringLiteral("category"), r.category},
                             {QStringLiteral("gpu"), r.gpuId},
                             {QStringLiteral("residual"), r.residual}};
        if (!r.conditions.isEmpty())
            residual.insert(QStringLiteral("conditions"), r.conditions);
        residuals.append(residual);
    }
    return QJsonObject{
        {QStringLiteral("generated_by"),
         QStringLiteral("gpucompare-calibrate --write-profiles; do not edit")},
        {QStringLiteral("method"),
         QStringLiteral(
             "p10 and p90 of ln(measured / predicted) of a rate (times and prices enter inverted), "
             "each prediction from factors fitted without the measured GPU (leave-one-GPU-out)")},
        {QStringLiteral("bands"), bands},
        {QStringLiteral("residuals"), residuals}};
}
