#include "app/scenario/ScenarioFile.h"

#include "app/analysis/Precision.h"
#include "app/analysis/WorkloadDefaults.h"
#include "app/scenario/WorkloadRequestJson.h"
#include "db/AtomicFileWriter.h"
#include "db/BoundedFileRead.h"
#include "db/GpuField.h"
#include "db/MessageText.h"
#include "db/ModelSpecJson.h"
#include "db/TextCheck.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <cmath>

namespace {

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioFile)
};

const QString kFormat = QStringLiteral("gpucompare-scenario");

// Text a user may see in a message or a table: what the catalogue accepts (TextCheck), so a GPU or model
// whose text holds an emoji (a valid surrogate pair) opens again from the scenario it was saved into.
bool isCleanText(const QString &text)
{
    return TextCheck::problem(text).isEmpty();
}

// Why an id or name cannot be one: TextCheck's reasons, and the tab and line breaks it allows in a note.
QString idProblem(const QString &text)
{
    if (const QString problem = TextCheck::problem(text); !problem.isEmpty())
        return problem;
    for (qsizetype i = 0; i < text.size(); ++i)
        if (text.at(i).unicode() < 0x20)
            return Messages::tr("contains the control character U+%1 at character %2")
                .arg(text.at(i).unicode(), 4, 16, QLatin1Char('0'))
                .arg(i + 1);
    return {};
}

QJsonObject gpuToJson(const GpuSpec &gpu)
{
    QJsonObject object;
    for (const GpuField &field : GpuFields::all())
        object.insert(field.name(), QJsonValue::fromVariant(GpuFields::value(gpu, field)));
    return object;
}

std::optional<GpuSpec> gpuFromJson(const QJsonValue &value, const QString &where, GpuFieldSet *recorded,
                                   QString *error)
{
    if (!value.isObject()) {
        *error = Messages::tr("%1: not a GPU record").arg(where);
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    GpuSpec gpu;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const GpuField *field = GpuFields::findByName(it.key());
        if (!field) {
            *error = Messages::tr("%1.%2: not a GPU value").arg(where, it.key());
            return std::nullopt;
        }
        recorded->set(field->id);
        const QVariant fieldValue = it.value().isNull() ? QVariant() : it.value().toVariant();
        QString reason;
        if ((field->isNumeric() && !it.value().isNull() && !it.value().isDouble()) ||
            (!field->isNumeric() && !it.value().isNull() && !it.value().isString()) ||
            !GpuFields::setValue(gpu, *field, fieldValue, &reason)) {
            *error =
                Messages::tr("%1.%2: %3")
                    .arg(where, it.key(), reason.isEmpty() ? Messages::tr("not a value it takes") : reason);
            return std::nullopt;
        }
    }
    if (gpu.gpuId.isEmpty()) {
        *error = Messages::tr("%1: has no gpu_id").arg(where);
        return std::nullopt;
    }
    return gpu;
}

QJsonObject planToJson(const PlanInputValues &plan)
{
    QJsonObject prices;
    for (auto it = plan.prices.begin(); it != plan.prices.end(); ++it)
        prices.insert(it.key(), it.value());
    return {{QStringLiteral("whole_catalogue"), plan.wholeCatalogue},
            {QStringLiteral("precisions"), QJsonArray::fromStringList(plan.precisions)},
            {QStringLiteral("deadline_days"), plan.deadlineDays},
            {QStringLiteral("max_gpus"), plan.maxGpus},
            {QStringLiteral("usd_per_gpu_hour"), prices}};
}

// A list of ids or names: strings, none empty, no control characters.
std::optional<QStringList> stringList(const QJsonValue &value, const QString &where, QString *error)
{
    if (!value.isArray()) {
        *error = Messages::tr("%1: needs a list").arg(where);
        return std::nullopt;
    }
    QStringList list;
    QSet<QString> seen;
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString text = array.at(i).toString();
        if (!array.at(i).isString() || text.isEmpty()) {
            *error = Messages::tr("%1[%2]: needs a name").arg(where).arg(i);
            return std::nullopt;
        }
        // What is wrong with the text itself, named: "contains the control character U+0007 at character 3".
        if (const QString problem = idProblem(text); !problem.isEmpty()) {
            *error = Messages::tr("%1[%2]: %3").arg(where).arg(i).arg(problem);
            return std::nullopt;
        }
        // A name twice asks nothing more; 10,000 copies of one GPU made `report` run for minutes.
        if (seen.contains(text)) {
            *error = Messages::tr("%1[%2]: \"%3\" is already in the list")
                         .arg(where)
                         .arg(i)
                         .arg(MessageText::cut(text));
            return std::nullopt;
        }
        seen.insert(text);
        list << text;
    }
    return list;
}

std::optional<PlanInputValues> planFromJson(const QJsonValue &value, QString *error)
{
    PlanInputValues plan;
    if (value.isUndefined())
        return plan;
    if (!value.isObject()) {
        *error = Messages::tr("plan: needs an object");
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        const QString where = QStringLiteral("plan.") + key;
        const QJsonValue v = it.value();
        if (key == u"whole_catalogue" && v.isBool()) {
            plan.wholeCatalogue = v.toBool();
        } else if (key == u"precisions") {
            const std::optional<QStringList> names = stringList(v, where, error);
            if (!names)
                return std::nullopt;
            for (const QString &name : *names)
                if (!Precisions::parse(name)) {
                    *error = Messages::tr("%1: \"%2\" is not a precision").arg(where, name);
                    return std::nullopt;
                }
            plan.precisions = *names;
        } else if (key == u"deadline_days") {
            // The bounds the command line's --deadline-days has (0: not given, as the window saves it).
            if (!v.isDouble() || !(v.toDouble() >= 0.0) ||
                v.toDouble() > WorkloadDefaults::kMaxDeadlineDays) {
                *error = Messages::tr("%1: allowed a number of days from 0 to %2")
                             .arg(where)
                             .arg(WorkloadDefaults::kMaxDeadlineDays);
                return std::nullopt;
            }
            plan.deadlineDays = v.toDouble();
        } else if (key == u"max_gpus" && v.isDouble() && v.toDouble() >= 0.0 && v.toDouble() <= 1e6 &&
                   v.toDouble() == std::floor(v.toDouble())) {
            plan.maxGpus = v.toInt();
        } else if (key == u"usd_per_gpu_hour" && v.isObject()) {
            const QJsonObject prices = v.toObject();
            for (auto price = prices.begin(); price != prices.end(); ++price) {
                if (!price.value().isDouble() || !(price.value().toDouble() >= 0.0) ||
                    price.value().toDouble() > WorkloadDefaults::kMaxUsdPerGpuHour ||
                    !isCleanText(price.key())) {
                    *error = Messages::tr("%1.%2: needs a price from 0 to %3 USD per GPU-hour")
                                 .arg(where, MessageText::cut(price.key()))
                                 .arg(WorkloadDefaults::kMaxUsdPerGpuHour);
                    return std::nullopt;
                }
                plan.prices.insert(price.key(), price.value().toDouble());
            }
        } else {
            *error = Messages::tr("%1: not a value the plan takes").arg(where);
            return std::nullopt;
        }
    }
    return plan;
}

// The line of a byte offset, for a parse error a user can find in an editor.
int lineOf(const QByteArray &data, int offset)
{
    return static_cast<int>(data.left(offset).count('\n')) + 1;
}

std::optional<Scenario> fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return std::nullopt;
}

} // namespace

namespace ScenarioFile {

QByteArray toJson(const Scenario &scenario)
{
    QJsonArray gpus;
    for (const GpuSpec &gpu : scenario.gpus)
        gpus.append(gpuToJson(gpu));
    QJsonObject recorded{{QStringLiteral("catalogue"), scenario.cataloguePath},
                         {QStringLiteral("gpus"), gpus}};
    if (scenario.model)
        recorded.insert(QStringLiteral("model"), ModelSpecJson::toJson(*scenario.model));
    if (scenario.profile)
        recorded.insert(QStringLiteral("profile"),
                        QJsonObject{{QStringLiteral("profile_id"), scenario.profile->profileId},
                                    {QStringLiteral("name"), scenario.profile->name},
                                    {QStringLiteral("description"), scenario.profile->description},
                                    {QStringLiteral("calibration"), scenario.profile->calibration}});
    const QJsonObject root{{QStringLiteral("format"), kFormat},
                           {QStringLiteral("schema_version"), kSchemaVersion},
                           {QStringLiteral("gpus"), QJsonArray::fromStringList(scenario.gpuIds)},
                           {QStringLiteral("workload"), WorkloadRequestJson::toJson(scenario.workload)},
                           {QStringLiteral("plan"), planToJson(scenario.plan)},
                           {QStringLiteral("recorded"), recorded}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<Scenario> fromJson(const QByteArray &data, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(error, Messages::tr("line %1: %2 (the file is damaged or not a scenario)")
                               .arg(lineOf(data, parseError.offset))
                               .arg(parseError.errorString()));
    const QJsonObject root = document.object();
    if (!document.isObject() || root.value(QStringLiteral("format")).toString() != kFormat)
        return fail(error, Messages::tr("not a GPU Compare scenario (no \"format\": \"%1\")").arg(kFormat));
    const QJsonValue version = root.value(QStringLiteral("schema_version"));
    if (!version.isDouble() || version.toDouble() < 1 || version.toDouble() != std::floor(version.toDouble()))
        return fail(error, Messages::tr("schema_version: needs a whole number from 1"));
    if (version.toDouble() > kSchemaVersion)
        return fail(error,
                    Messages::tr("written by a newer GPU Compare (scenario schema version %1; this version "
                                 "reads up to %2): update GPU Compare to open it")
                        .arg(version.toDouble())
                        .arg(kSchemaVersion));

    QString problem;
    Scenario scenario;
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QString key = it.key();
        if (key == u"format" || key == u"schema_version")
            continue;
        if (key == u"gpus") {
            const std::optional<QStringList> ids = stringList(it.value(), key, &problem);
            if (!ids)
                return fail(error, problem);
            scenario.gpuIds = *ids;
        } else if (key == u"workload") {
            if (!it.value().isObject())
                return fail(error, Messages::tr("workload: needs an object"));
            const std::optional<WorkloadRequest> request =
                WorkloadRequestJson::fromJson(it.value().toObject(), &problem);
            if (!request)
                return fail(error, problem);
            scenario.workload = *request;
        } else if (key == u"plan") {
            const std::optional<PlanInputValues> plan = planFromJson(it.value(), &problem);
            if (!plan)
                return fail(error, problem);
            scenario.plan = *plan;
        } else if (key == u"recorded" && it.value().isObject()) {
            const QJsonObject recorded = it.value().toObject();
            for (auto r = recorded.begin(); r != recorded.end(); ++r) {
                const QString where = QStringLiteral("recorded.") + r.key();
                if (r.key() == u"catalogue" && r.value().isString() && isCleanText(r.value().toString())) {
                    scenario.cataloguePath = r.value().toString();
                } else if (r.key() == u"gpus" && r.value().isArray()) {
                    const QJsonArray gpus = r.value().toArray();
                    for (qsizetype i = 0; i < gpus.size(); ++i) {
                        GpuFieldSet fieldsRecorded;
                        const std::optional<GpuSpec> gpu =
                            gpuFromJson(gpus.at(i), QStringLiteral("%1[%2]").arg(where).arg(i),
                                        &fieldsRecorded, &problem);
                        if (!gpu)
                            return fail(error, problem);
                        scenario.gpus << *gpu;
                        scenario.gpuFieldsRecorded << fieldsRecorded;
                    }
                } else if (r.key() == u"model" && r.value().isObject()) {
                    const std::optional<ModelSpec> model =
                        ModelSpecJson::fromJson(r.value().toObject(), &problem);
                    if (!model)
                        return fail(error, QStringLiteral("%1: %2").arg(where, problem));
                    scenario.model = *model;
                } else if (r.key() == u"profile" && r.value().isObject()) {
                    const QJsonObject o = r.value().toObject();
                    EfficiencyProfile profile;
                    profile.profileId = o.value(QStringLiteral("profile_id")).toString();
                    profile.name = o.value(QStringLiteral("name")).toString();
                    profile.description = o.value(QStringLiteral("description")).toString();
                    profile.calibration = o.value(QStringLiteral("calibration")).toString();
                    if (profile.profileId.isEmpty() || !isCleanText(profile.profileId))
                        return fail(error, Messages::tr("%1: needs its profile_id").arg(where));
                    scenario.profile = profile;
                } else {
                    return fail(error, Messages::tr("%1: not a value a scenario records").arg(where));
                }
            }
        } else {
            return fail(error, Messages::tr("%1: not a value of a scenario").arg(key));
        }
    }
    if (!root.contains(QStringLiteral("workload")))
        return fail(error, Messages::tr("workload: missing"));
    return scenario;
}

bool save(const Scenario &scenario, const QString &path, QString *error)
{
    const CatalogueError written = AtomicFileWriter::write(path, toJson(scenario));
    if (written && error)
        *error = written.message;
    return !written;
}

std::optional<Scenario> load(const QString &path, QString *error)
{
    // At most the limit plus one byte of anything (a FIFO, /dev/zero): its size is no guide.
    const BoundedFileRead::Result file = BoundedFileRead::read(path, BoundedFileRead::kScenarioFile);
    if (!file.ok())
        return fail(error, QStringLiteral("%1: %2").arg(path, file.error));
    const QByteArray &data = file.bytes;
    QString problem;
    std::optional<Scenario> scenario = fromJson(data, &problem);
    if (!scenario)
        return fail(error, QStringLiteral("%1: %2").arg(path, problem));
    return scenario;
}

} // namespace ScenarioFile
