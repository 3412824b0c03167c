#include "app/analysis/SeedFiles.h"

#include "db/ModelSpecJson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace SeedFiles {

namespace {

std::optional<QJsonArray> readArray(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isArray()) {
        if (error)
            *error = QStringLiteral("%1: not a JSON array (%2)").arg(path, parseError.errorString());
        return std::nullopt;
    }
    return document.array();
}

} // namespace

std::optional<QVector<ModelSpec>> readModels(const QString &path, QString *error)
{
    const auto array = readArray(path, error);
    if (!array)
        return std::nullopt;
    QVector<ModelSpec> models;
    for (qsizetype i = 0; i < array->size(); ++i) {
        QString detail;
        const auto model = ModelSpecJson::fromJson(array->at(i).toObject(), &detail);
        if (!model) {
            if (error)
                *error = QStringLiteral("%1: entry %2: %3").arg(path).arg(i).arg(detail);
            return std::nullopt;
        }
        models.append(*model);
    }
    return models;
}

std::optional<QVector<EfficiencyProfile>> readProfiles(const QString &path, QString *error)
{
    const auto array = readArray(path, error);
    if (!array)
        return std::nullopt;
    QVector<EfficiencyProfile> profiles;
    for (qsizetype i = 0; i < array->size(); ++i) {
        const QJsonObject object = array->at(i).toObject();
        EfficiencyProfile profile;
        profile.profileId = object.value(QStringLiteral("profile_id")).toString();
        profile.name = object.value(QStringLiteral("name")).toString();
        profile.description = object.value(QStringLiteral("description")).toString();
        profile.calibration = object.value(QStringLiteral("calibration")).toString();
        profile.parametersJson =
            QString::fromUtf8(QJsonDocument(object.value(QStringLiteral("parameters")).toObject())
                                  .toJson(QJsonDocument::Compact));
        if (profile.profileId.isEmpty()) {
            if (error)
                *error = QStringLiteral("%1: entry %2: profile_id: required").arg(path).arg(i);
            return std::nullopt;
        }
        profiles.append(profile);
    }
    return profiles;
}

} // namespace SeedFiles
