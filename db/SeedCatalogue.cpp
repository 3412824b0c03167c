#include "db/SeedCatalogue.h"

#include "db/BenchmarkCsvParser.h"
#include "db/BenchmarkRepository.h"
#include "db/Catalogue.h"
#include "db/CatalogueSchema.h"
#include "db/DatasheetCsvParser.h"
#include "db/GpuRepository.h"
#include "db/ModelRepository.h"
#include "db/ModelSpecJson.h"
#include "db/ProfileRepository.h"
#include "db/SqliteFailure.h"
#include "db/SystemCsvParser.h"
#include "db/SystemRepository.h"
#include "db/WriteTransaction.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <algorithm>

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

// Records answers in the caller's transaction; a newer answer replaces an older one.
CatalogueError recordAnswers(QSqlDatabase database, const QString &kind, const QStringList &ids,
                             const QString &answer)
{
    QSqlQuery query(database);
    // An upsert both engines take (SQLite's INSERT OR REPLACE is its own).
    query.prepare(QStringLiteral("INSERT INTO seed_answers (kind, item_id, answer, answered_at) "
                                 "VALUES (?, ?, ?, ?) ON CONFLICT (kind, item_id) DO UPDATE SET "
                                 "answer = excluded.answer, answered_at = excluded.answered_at"));
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    for (const QString &id : ids) {
        query.addBindValue(kind);
        query.addBindValue(id);
        query.addBindValue(answer);
        query.addBindValue(now);
        if (!query.exec())
            return SqliteFailure::toError(query.lastError(),
                                          QStringLiteral("cannot record the answer for '%1'").arg(id),
                                          database.databaseName());
    }
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

std::optional<QVector<ModelSpec>> readModels(const QString &path, QString *error)
{
    const std::optional<QByteArray> json = readFile(path, error);
    return json ? parseModels(*json, error) : std::nullopt;
}

std::optional<QVector<EfficiencyProfile>> readProfiles(const QString &path, QString *error)
{
    const std::optional<QByteArray> json = readFile(path, error);
    return json ? parseProfiles(*json, error) : std::nullopt;
}

namespace {

// The bundled measurement files, the first required. The training-at-scale runs came with schema
// version 7 (Catalogue::upgrade gives an older catalogue those of them it lacks).
const char *const kBenchmarkFiles[] = {"benchmarks-calibration.csv", "benchmarks-training-calibration.csv",
                                       "benchmarks-training-calibration-moe.csv"};

std::optional<SeedData> failed(QString *error, const QString &file, const QString &reason)
{
    if (error)
        *error = QStringLiteral("the bundled seed is broken: %1: %2").arg(file, reason);
    return std::nullopt;
}

// Appends the rows of one measurement file; an optional file that is absent adds nothing.
bool readBenchmarks(const QString &resourceRoot, const QString &file, bool required, QVector<Benchmark> &into,
                    QString *error)
{
    const QString path = resourceRoot + u'/' + file;
    if (!required && !QFile::exists(path))
        return true;
    QString problem;
    const std::optional<QByteArray> csv = readFile(path, &problem);
    std::optional<QVector<Benchmark>> rows = csv ? BenchmarkCsvParser::parse(*csv, &problem) : std::nullopt;
    if (!rows) {
        failed(error, file, problem);
        return false;
    }
    into += *rows;
    return true;
}

} // namespace

std::optional<SeedData> loadGpusAndModels(QString *error, const QString &resourceRoot)
{
    SeedData seed;
    QString problem;

    const std::optional<QByteArray> specs =
        readFile(resourceRoot + QStringLiteral("/gpu-specs.csv"), &problem);
    if (!specs)
        return failed(error, QStringLiteral("gpu-specs.csv"), problem);
    std::optional<QVector<GpuSpec>> gpus = DatasheetCsvParser::parse(*specs, &problem);
    if (!gpus)
        return failed(error, QStringLiteral("gpu-specs.csv"), problem);
    seed.gpus = *gpus;

    const std::optional<QByteArray> prices =
        readFile(resourceRoot + QStringLiteral("/gpu-prices.csv"), &problem);
    if (!prices || !DatasheetCsvParser::applyPrices(seed.gpus, *prices, &problem))
        return failed(error, QStringLiteral("gpu-prices.csv"), problem);

    const std::optional<QByteArray> pciIds =
        readFile(resourceRoot + QStringLiteral("/gpu-pci-ids.csv"), &problem);
    if (!pciIds || !DatasheetCsvParser::applyPciIds(seed.gpus, *pciIds, &problem))
        return failed(error, QStringLiteral("gpu-pci-ids.csv"), problem);

    // Optional like models.json (the tests' trimmed seeds lack it); every system names a seed GPU.
    const QString systemsPath = resourceRoot + QStringLiteral("/systems.csv");
    if (QFile::exists(systemsPath)) {
        const std::optional<QByteArray> csv = readFile(systemsPath, &problem);
        std::optional<QVector<SystemSpec>> systems =
            csv ? SystemCsvParser::parse(*csv, &problem) : std::nullopt;
        if (!systems)
            return failed(error, QStringLiteral("systems.csv"), problem);
        for (const SystemSpec &system : std::as_const(*systems))
            if (std::none_of(seed.gpus.cbegin(), seed.gpus.cend(),
                             [&system](const GpuSpec &gpu) { return gpu.gpuId == system.gpuId; }))
                return failed(error, QStringLiteral("systems.csv"),
                              QStringLiteral("%1: gpu_id '%2' is not in gpu-specs.csv")
                                  .arg(system.systemId, system.gpuId));
        seed.systems = *systems;
    }

    // Optional until the estimator's presets land: a missing file is an empty table.
    const QString modelsPath = resourceRoot + QStringLiteral("/models.json");
    if (QFile::exists(modelsPath)) {
        const std::optional<QByteArray> json = readFile(modelsPath, &problem);
        std::optional<QVector<ModelSpec>> models = json ? parseModels(*json, &problem) : std::nullopt;
        if (!models)
            return failed(error, QStringLiteral("models.json"), problem);
        seed.models = *models;
    }
    return seed;
}

std::optional<SeedData> load(QString *error, const QString &resourceRoot)
{
    std::optional<SeedData> seed = loadGpusAndModels(error, resourceRoot);
    if (!seed)
        return std::nullopt;
    QString problem;

    // The measured runs: single-GPU inference and training (required), then training at scale, dense
    // and MoE (optional, as the tests' trimmed seeds lack them), shown beside the estimates in Compare.
    for (const char *name : kBenchmarkFiles) {
        const bool required = name == kBenchmarkFiles[0];
        if (!readBenchmarks(resourceRoot, QString::fromLatin1(name), required, seed->benchmarks, error))
            return std::nullopt;
    }

    const QString profilesPath = resourceRoot + QStringLiteral("/profiles.json");
    if (QFile::exists(profilesPath)) {
        const std::optional<QByteArray> json = readFile(profilesPath, &problem);
        std::optional<QVector<EfficiencyProfile>> profiles =
            json ? parseProfiles(*json, &problem) : std::nullopt;
        if (!profiles)
            return failed(error, QStringLiteral("profiles.json"), problem);
        seed->profiles = *profiles;
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
    if (CatalogueError error = profiles.insertAll(seed->profiles, false))
        return error;
    SystemRepository systems(database, false);
    if (CatalogueError error = systems.insertAll(seed->systems, false))
        return error;
    // A new catalogue was given every seed row: a later seed offers only what it adds, never a row the
    // user deleted from this one.
    QStringList gpuIds, modelIds, systemIds;
    for (const GpuSpec &gpu : std::as_const(seed->gpus))
        gpuIds << gpu.gpuId;
    for (const ModelSpec &model : std::as_const(seed->models))
        modelIds << model.modelId;
    for (const SystemSpec &system : std::as_const(seed->systems))
        systemIds << system.systemId;
    WriteTransaction transaction(database);
    if (CatalogueError error = transaction.begin())
        return error;
    if (CatalogueError error =
            recordAnswers(database, QStringLiteral("gpu"), gpuIds, QStringLiteral("added")))
        return error;
    if (CatalogueError error =
            recordAnswers(database, QStringLiteral("model"), modelIds, QStringLiteral("added")))
        return error;
    if (CatalogueError error =
            recordAnswers(database, QStringLiteral("system"), systemIds, QStringLiteral("added")))
        return error;
    return transaction.commit();
}

QSet<QString> removedSinceAdded(const SeedOffer &offer, const SeedAnswers &answers)
{
    const QString added = QStringLiteral("added");
    QSet<QString> ids;
    for (const GpuSpec &gpu : offer.gpus)
        if (answers.gpus.value(gpu.gpuId) == added)
            ids << gpu.gpuId;
    for (const ModelSpec &model : offer.models)
        if (answers.models.value(model.modelId) == added)
            ids << model.modelId;
    for (const SystemSpec &system : offer.systems)
        if (answers.systems.value(system.systemId) == added)
            ids << system.systemId;
    return ids;
}

CatalogueError addMissingPresets(QSqlDatabase database, bool models)
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
    const QStringList presetsOfVersion3 =
        CatalogueSchema::seedIdsOfVersion3(CatalogueSchema::SeedKind::Model);
    for (const ModelSpec &model : seed->models) {
        if (!models || !presetsOfVersion3.contains(model.modelId))
            continue; // a newer preset: offered (offerFor), not added by the upgrade
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

std::optional<QVector<Benchmark>> loadTrainingRuns(QString *error)
{
    QVector<Benchmark> runs;
    for (const char *name : kBenchmarkFiles)
        if (name != kBenchmarkFiles[0] &&
            !readBenchmarks(QStringLiteral(":/seed"), QString::fromLatin1(name), false, runs, error))
            return std::nullopt;
    return runs;
}

CatalogueError addMissingTrainingRuns(QSqlDatabase database)
{
    QString problem;
    std::optional<QVector<Benchmark>> runs = loadTrainingRuns(&problem);
    if (!runs)
        return CatalogueError::make(CatalogueError::Kind::Invalid, problem);
    QSqlQuery query(database);
    if (!query.exec(QStringLiteral("SELECT bench_id FROM benchmarks")))
        return SqliteFailure::toError(query.lastError(), QStringLiteral("cannot read the benchmarks"),
                                      database.databaseName());
    QSet<QString> present;
    while (query.next())
        present.insert(query.value(0).toString());
    query.finish();
    runs->removeIf([&present](const Benchmark &run) { return present.contains(run.benchId); });
    return BenchmarkRepository(database, false).insertAll(*runs);
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
    const QSet<QString> systemIds = idsOf(catalogue.systems, &SystemSpec::systemId);
    SeedData missing;
    for (const SystemSpec &system : seed.systems)
        if (!systemIds.contains(system.systemId))
            missing.systems.append(system);
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
    if (CatalogueError error = catalogue.systems().insertAll(rows.systems, false))
        return error;
    return catalogue.profiles().insertAll(rows.profiles, false);
}

std::optional<SeedAnswers> readAnswers(const Catalogue &catalogue, CatalogueError *error)
{
    QSqlQuery query(catalogue.connection());
    if (!query.exec(QStringLiteral("SELECT kind, item_id, answer FROM seed_answers"))) {
        if (error)
            *error = SqliteFailure::toError(query.lastError(), QStringLiteral("cannot read seed_answers"),
                                            catalogue.path());
        return std::nullopt;
    }
    SeedAnswers answers;
    while (query.next()) {
        const QString kind = query.value(0).toString();
        (kind == QLatin1String("gpu")      ? answers.gpus
         : kind == QLatin1String("system") ? answers.systems
                                           : answers.models)
            .insert(query.value(1).toString(), query.value(2).toString());
    }
    return answers;
}

SeedOffer offerFor(const CatalogueSnapshot &catalogue, const SeedData &seed, const SeedAnswers &answers,
                   OfferScope scope)
{
    const SeedData missing = rowsMissingFrom(catalogue, seed);
    const bool all = scope == OfferScope::AllMissing;
    SeedOffer offer;
    for (const GpuSpec &gpu : missing.gpus)
        if (all || !answers.gpus.contains(gpu.gpuId))
            offer.gpus.append(gpu);
    for (const ModelSpec &model : missing.models)
        if (all || !answers.models.contains(model.modelId))
            offer.models.append(model);
    // A system is offered with its GPU: one the catalogue has, or one this offer brings.
    QSet<QString> gpuIds;
    for (const GpuSpec &gpu : catalogue.gpus)
        gpuIds.insert(gpu.gpuId);
    for (const GpuSpec &gpu : std::as_const(offer.gpus))
        gpuIds.insert(gpu.gpuId);
    for (const SystemSpec &system : missing.systems)
        if ((all || !answers.systems.contains(system.systemId)) && gpuIds.contains(system.gpuId))
            offer.systems.append(system);
    return offer;
}

CatalogueError answerOffer(const Catalogue &catalogue, const SeedOffer &offer, const QSet<QString> &addGpuIds,
                           const QSet<QString> &addModelIds, const QSet<QString> &addSystemIds)
{
    if (CatalogueError error = catalogue.checkWritable())
        return error;
    QVector<GpuSpec> gpus;
    QVector<ModelSpec> models;
    QStringList addedGpus, declinedGpus, addedModels, declinedModels;
    for (GpuSpec gpu : offer.gpus) {
        if (addGpuIds.contains(gpu.gpuId)) {
            gpu.rowId = 0; // always inserted, never an update of an existing row
            gpu.userModified = false;
            gpus.append(gpu);
            addedGpus << gpu.gpuId;
        } else {
            declinedGpus << gpu.gpuId;
        }
    }
    for (const ModelSpec &model : offer.models) {
        if (addModelIds.contains(model.modelId)) {
            models.append(model);
            addedModels << model.modelId;
        } else {
            declinedModels << model.modelId;
        }
    }
    QSqlDatabase database = catalogue.connection();
    WriteTransaction transaction(database);
    if (CatalogueError error = transaction.begin())
        return error;
    // A system comes only with its GPU: one the catalogue has now (inside the transaction) or adds here.
    QSet<QString> gpuIdsAfter(addedGpus.cbegin(), addedGpus.cend());
    QVector<SystemSpec> systems;
    QStringList addedSystems, declinedSystems;
    for (SystemSpec system : offer.systems) {
        if (addSystemIds.contains(system.systemId) &&
            (gpuIdsAfter.contains(system.gpuId) || catalogue.gpus().find(system.gpuId))) {
            system.rowId = 0;
            systems.append(system);
            addedSystems << system.systemId;
        } else {
            declinedSystems << system.systemId;
        }
    }
    // The repositories' own transactions nest as savepoints in this one.
    if (CatalogueError error = catalogue.gpus().saveAll(gpus))
        return error;
    if (CatalogueError error = catalogue.models().insertAll(models, false))
        return error;
    if (CatalogueError error = catalogue.systems().insertAll(systems, false))
        return error;
    const QString gpu = QStringLiteral("gpu"), model = QStringLiteral("model"),
                  system = QStringLiteral("system");
    const QString added = QStringLiteral("added"), declined = QStringLiteral("declined");
    for (const auto &[kind, ids, answer] :
         {std::tuple{gpu, addedGpus, added}, std::tuple{gpu, declinedGpus, declined},
          std::tuple{model, addedModels, added}, std::tuple{model, declinedModels, declined},
          std::tuple{system, addedSystems, added}, std::tuple{system, declinedSystems, declined}})
        if (CatalogueError error = recordAnswers(database, kind, ids, answer))
            return error;
    return transaction.commit();
}

} // namespace SeedCatalogue
