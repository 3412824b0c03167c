#include "SeedCatalogue.h"

#include "BenchmarkCsvParser.h"
#include "BenchmarkRepository.h"
#include "Catalogue.h"
#include "DatasheetCsvParser.h"
#include "GpuRepository.h"
#include "ModelRepository.h"
#include "ModelSpecJson.h"
#include "ProfileRepository.h"
#include "SqliteFailure.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>

namespace {

std::optional<QByteArray> readFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return file.readAll();
}

std::optional<QJsonArray> parseArray(const QByteArray &json, const QString &what, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = QStringLiteral("%1: %2 at offset %3")
                         .arg(what, parseError.errorString())
                         .arg(parseError.offset);
        return std::nullopt;
    }
    if (!document.isArray()) {
        if (error)
            *error = QStringLiteral("%1: the top level must be an array").arg(what);
        return std::nullopt;
    }
    return document.array();
}

QString jsonText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return {};
}

} // namespace

namespace SeedCatalogue {

std::optional<QVector<ModelSpec>> parseModels(const QByteArray &json, QString *error)
{
    const std::optional<QJsonArray> array = parseArray(json, QStringLiteral("models.json"), error);
    if (!array)
        return std::nullopt;
    QVector<ModelSpec> models;
    for (qsizetype i = 0; i < array->size(); ++i) {
        QString problem;
        std::optional<ModelSpec> model = ModelSpecJson::fromJson(array->at(i).toObject(), &problem);
        if (!array->at(i).isObject() || !model) {
            if (error)
                *error = QStringLiteral("models.json: $[%1]: %2")
                             .arg(i)
                             .arg(problem.isEmpty() ? QStringLiteral("not an object") : problem);
            return std::nullopt;
        }
        models.append(*model);
    }
    return models;
}

std::optional<QVector<EfficiencyProfile>> parseProfiles(const QByteArray &json, QString *error)
{
    const std::optional<QJsonArray> array = parseArray(json, QStringLiteral("profiles.json"), error);
    if (!array)
        return std::nullopt;
    QVector<EfficiencyProfile> profiles;
    for (qsizetype i = 0; i < array->size(); ++i) {
        const QJsonObject object = array->at(i).toObject();
        EfficiencyProfile profile;
        profile.profileId = object.value(QStringLiteral("profile_id")).toString();
        profile.name = object.value(QStringLiteral("name")).toString();
        profile.description = object.value(QStringLiteral("description")).toString();
        const QJsonValue parameters = object.value(QStringLiteral("parameters"));
        profile.parametersJson = parameters.isObject() ? jsonText(parameters) : QStringLiteral("{}");
        profile.calibration = jsonText(object.value(QStringLiteral("calibration")));
        if (profile.profileId.isEmpty()) {
            if (error)
                *error = QStringLiteral("profiles.json: $[%1].profile_id: missing or empty").arg(i);
            return std::nullopt;
        }
        profiles.append(profile);
    }
    return profiles;
}

std::optional<SeedData> load(QString *error, const QString &resourceRoot)
{
    const auto fail = [error](const QString &file, const QString &reason) -> std::optional<SeedData> {
        if (error)
            *error = QStringLiteral("the bundled seed is broken: %1: %2").arg(file, reason);
        return std::nullopt;
    };
    SeedData seed;
    QString problem;

    const std::optional<QByteArray> specs =
        readFile(resourceRoot + QStringLiteral("/gpu-specs.csv"), &problem);
    if (!specs)
        return fail(QStringLiteral("gpu-specs.csv"), problem);
    std::optional<QVector<GpuSpec>> gpus = DatasheetCsvParser::parse(*specs, &problem);
    if (!gpus)
        return fail(QStringLiteral("gpu-specs.csv"), problem);
    seed.gpus = *gpus;

    const std::optional<QByteArray> prices =
        readFile(resourceRoot + QStringLiteral("/gpu-prices.csv"), &problem);
    if (!prices || !DatasheetCsvParser::applyPrices(seed.gpus, *prices, &problem))
        return fail(QStringLiteral("gpu-prices.csv"), problem);

    const std::optional<QByteArray> pciIds =
        readFile(resourceRoot + QStringLiteral("/gpu-pci-ids.csv"), &problem);
    if (!pciIds || !DatasheetCsvParser::applyPciIds(seed.gpus, *pciIds, &problem))
        return fail(QStringLiteral("gpu-pci-ids.csv"), problem);

    const std::optional<QByteArray> benchmarkCsv =
        readFile(resourceRoot + QStringLiteral("/benchmarks-calibration.csv"), &problem);
    if (!benchmarkCsv)
        return fail(QStringLiteral("benchmarks-calibration.csv"), problem);
    std::optional<QVector<Benchmark>> benchmarks = BenchmarkCsvParser::parse(*benchmarkCsv, &problem);
    if (!benchmarks)
        return fail(QStringLiteral("benchmarks-calibration.csv"), problem);
    seed.benchmarks = *benchmarks;

    // Optional until the estimator's presets land: a missing file is an empty table.
    const QString modelsPath = resourceRoot + QStringLiteral("/models.json");
    if (QFile::exists(modelsPath)) {
        const std::optional<QByteArray> json = readFile(modelsPath, &problem);
        std::optional<QVector<ModelSpec>> models = json ? parseModels(*json, &problem) : std::nullopt;
        if (!models)
            return fail(QStringLiteral("models.json"), problem);
        seed.models = *models;
    }
    const QString profilesPath = resourceRoot + QStringLiteral("/profiles.json");
    if (QFile::exists(profilesPath)) {
        const std::optional<QByteArray> json = readFile(profilesPath, &problem);
        std::optional<QVector<EfficiencyProfile>> profiles =
            json ? parseProfiles(*json, &problem) : std::nullopt;
        if (!profiles)
            return fail(QStringLiteral("profiles.json"), problem);
        seed.profiles = *profiles;
    }
    return seed;
}

CatalogueError populate(QSqlDatabase database)
{
    QString problem;
    std::optional<SeedData> seed = load(&problem);
    if (!seed)
        return CatalogueError::make(CatalogueError::Kind::Invalid, problem);
    GpuRepository gpus(database, false);
    if (CatalogueError error = gpus.saveAll(seed->gpus))
        return error;
    BenchmarkRepository benchmarks(database, false);
    if (CatalogueError error = benchmarks.insertAll(seed->benchmarks))
        return error;
    ModelRepository models(database, false);
    if (CatalogueError error = models.insertAll(seed->models, false))
        return error;
    ProfileRepository profiles(database, false);
    return profiles.insertAll(seed->profiles, false);
}

CatalogueError addMissingPresets(QSqlDatabase database)
{
    QString problem;
    const std::optional<SeedData> seed = load(&problem);
    if (!seed)
        return CatalogueError::make(CatalogueError::Kind::Invalid, problem);
    QSqlQuery query(database);
    const auto failed = [&query, &database](const QString &what) {
        return SqliteFailure::toError(query.lastError(), what, database.databaseName());
    };
    query.prepare(
        QStringLiteral("INSERT INTO models (model_id, name, config_json, source, user_modified) "
                       "SELECT ?, ?, ?, ?, 0 WHERE NOT EXISTS (SELECT 1 FROM models WHERE model_id = ?)"));
    for (const ModelSpec &model : seed->models) {
        query.addBindValue(model.modelId);
        query.addBindValue(model.name.isNull() ? QStringLiteral("") : model.name);
        query.addBindValue(
            QString::fromUtf8(QJsonDocument(ModelSpecJson::toJson(model)).toJson(QJsonDocument::Compact)));
        query.addBindValue(model.source.isNull() ? QStringLiteral("") : model.source);
        query.addBindValue(model.modelId);
        if (!query.exec())
            return failed(QStringLiteral("cannot add the model preset '%1'").arg(model.modelId));
    }
    query.prepare(QStringLiteral(
        "INSERT INTO profiles (profile_id, name, description, parameters_json, calibration, user_modified) "
        "SELECT ?, ?, ?, ?, ?, 0 WHERE NOT EXISTS (SELECT 1 FROM profiles WHERE profile_id = ?)"));
    const auto text = [](const QString &value) { return value.isNull() ? QStringLiteral("") : value; };
    for (const EfficiencyProfile &profile : seed->profiles) {
        query.addBindValue(profile.profileId);
        query.addBindValue(text(profile.name));
        query.addBindValue(text(profile.description));
        query.addBindValue(profile.parametersJson.isEmpty() ? QStringLiteral("{}") : profile.parametersJson);
        query.addBindValue(text(profile.calibration));
        query.addBindValue(profile.profileId);
        if (!query.exec())
            return failed(QStringLiteral("cannot add the profile '%1'").arg(profile.profileId));
    }
    return {};
}

SeedData rowsMissingFrom(const CatalogueSnapshot &catalogue, const SeedData &seed)
{
    const auto idsOf = [](const auto &records, auto member) {
        QSet<QString> ids;
        for (const auto &record : records)
            ids.insert(record.*member);
        return ids;
    };
    const QSet<QString> gpuIds = idsOf(catalogue.gpus, &GpuSpec::gpuId);
    const QSet<QString> benchIds = idsOf(catalogue.benchmarks, &Benchmark::benchId);
    const QSet<QString> modelIds = idsOf(catalogue.models, &ModelSpec::modelId);
    const QSet<QString> profileIds = idsOf(catalogue.profiles, &EfficiencyProfile::profileId);
    SeedData missing;
    for (const GpuSpec &gpu : seed.gpus)
        if (!gpuIds.contains(gpu.gpuId))
            missing.gpus.append(gpu);
    for (const Benchmark &benchmark : seed.benchmarks)
        if (!benchIds.contains(benchmark.benchId))
            missing.benchmarks.append(benchmark);
    for (const ModelSpec &model : seed.models)
        if (!modelIds.contains(model.modelId))
            missing.models.append(model);
    for (const EfficiencyProfile &profile : seed.profiles)
        if (!profileIds.contains(profile.profileId))
            missing.profiles.append(profile);
    return missing;
}

CatalogueError addRows(const Catalogue &catalogue, SeedData rows)
{
    if (CatalogueError error = catalogue.checkWritable())
        return error;
    for (GpuSpec &gpu : rows.gpus)
        gpu.rowId = 0; // always inserted, never an update of an existing row
    if (CatalogueError error = catalogue.gpus().saveAll(rows.gpus))
        return error;
    if (CatalogueError error = catalogue.benchmarks().insertAll(rows.benchmarks))
        return error;
    if (CatalogueError error = catalogue.models().insertAll(rows.models, false))
        return error;
    return catalogue.profiles().insertAll(rows.profiles, false);
}

} // namespace SeedCatalogue
