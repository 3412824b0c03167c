#include "app/cli/ProfilesCommand.h"

#include "app/analysis/WorkloadResolver.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "app/cli/TextTable.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

// The resolver picks a profile by task and GPU count; asking it for every count up to this one finds the
// ranges without restating its rule here. A range that reaches it is open-ended.
constexpr int kLargestCountAsked = 1024;

struct DefaultRange
{
    QString task; // as --task takes it
    int fromGpus = 1;
    int toGpus = 0; // 0: no upper end
};

QVector<DefaultRange> defaultRanges(const QString &profileId)
{
    QVector<DefaultRange> ranges;
    for (const QString &name : Tasks::allNames()) {
        const std::optional<Task> task = Tasks::parse(name);
        if (!task)
            continue;
        std::optional<DefaultRange> open;
        for (int gpus = 1; gpus <= kLargestCountAsked; ++gpus) {
            const bool isDefault =
                WorkloadResolver::defaultFor(WorkloadField::Profile, *task, gpus) == profileId;
            if (isDefault && !open)
                open = DefaultRange{name, gpus, 0};
            if (!isDefault && open) {
                open->toGpus = gpus - 1;
                ranges.append(*open);
                open.reset();
            }
        }
        if (open)
            ranges.append(*open);
    }
    return ranges;
}

QString gpuRangeText(int from, int to)
{
    if (from == 1 && to == 0)
        return {};
    if (to == 0)
        return QCoreApplication::translate("cli", " on %1+ GPUs").arg(from);
    if (from == to)
        return QCoreApplication::translate("cli", " on %1 GPU(s)").arg(from);
    return QCoreApplication::translate("cli", " on %1-%2 GPUs").arg(from).arg(to);
}

// "inference" or "training, lora, qlora on 1-8 GPUs": tasks with the same GPU range share one phrase.
QString defaultsText(const QVector<DefaultRange> &ranges)
{
    QStringList phrases;
    QVector<bool> used(ranges.size(), false);
    for (qsizetype i = 0; i < ranges.size(); ++i) {
        if (used[i])
            continue;
        QStringList tasks;
        for (qsizetype j = i; j < ranges.size(); ++j) {
            if (!used[j] && ranges[j].fromGpus == ranges[i].fromGpus &&
                ranges[j].toGpus == ranges[i].toGpus) {
                tasks << ranges[j].task;
                used[j] = true;
            }
        }
        phrases << tasks.join(QStringLiteral(", ")) + gpuRangeText(ranges[i].fromGpus, ranges[i].toGpus);
    }
    return phrases.isEmpty() ? QStringLiteral("-") : phrases.join(QStringLiteral("; "));
}

int runProfiles(const QStringList &arguments, CliContext &context)
{
    bool json = false;
    if (!CliHelp::readJsonFlag(QStringLiteral("profiles"), arguments, context, &json))
        return ExitCode::BadInput;
    const std::optional<CatalogueSnapshot> snapshot =
        loadCatalogueForCli(context, Catalogue::Parts::ModelsAndProfiles);
    if (!snapshot)
        return ExitCode::Failure;

    QJsonArray profiles;
    QList<QStringList> rows;
    for (const EfficiencyProfile &profile : snapshot->profiles) {
        const QVector<DefaultRange> ranges = defaultRanges(profile.profileId);
        QJsonArray defaults;
        for (const DefaultRange &range : ranges) {
            QJsonObject object;
            object.insert(QStringLiteral("task"), range.task);
            object.insert(QStringLiteral("min_gpus"), range.fromGpus);
            object.insert(QStringLiteral("max_gpus"),
                          range.toGpus > 0 ? QJsonValue(range.toGpus) : QJsonValue(QJsonValue::Null));
            defaults.append(object);
        }
        // The engine and versions a serving profile models, so the user picks the one of their engine.
        const std::optional<EfficiencyParameters> parameters = EfficiencyParameters::fromProfile(profile);
        const QString engine = parameters ? parameters->engine : QString();
        QJsonObject object;
        object.insert(QStringLiteral("profile_id"), profile.profileId);
        object.insert(QStringLiteral("name"), profile.name);
        object.insert(QStringLiteral("description"), profile.description);
        object.insert(QStringLiteral("engine"), engine.isEmpty() ? QJsonValue(QJsonValue::Null) : engine);
        // Which engine and versions a measurement must be of to be estimated with this profile.
        if (parameters && !parameters->engineId.isEmpty())
            object.insert(QStringLiteral("engine_versions"),
                          QJsonObject{{QStringLiteral("engine_id"), parameters->engineId},
                                      {QStringLiteral("from"), parameters->engineVersionFrom},
                                      {QStringLiteral("to"), parameters->engineVersionTo.isEmpty()
                                                                 ? QJsonValue(QJsonValue::Null)
                                                                 : QJsonValue(parameters->engineVersionTo)}});
        object.insert(QStringLiteral("default_for"), defaults);
        profiles.append(object);
        rows.append({profile.profileId, profile.name, defaultsText(ranges),
                     engine.isEmpty() ? QStringLiteral("-") : engine, profile.description});
    }
    if (json) {
        context.out << QString::fromUtf8(QJsonDocument(profiles).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }
    TextTable::write(context.out,
                     {QCoreApplication::translate("cli", "Profile id"),
                      QCoreApplication::translate("cli", "Name"),
                      QCoreApplication::translate("cli", "Default for"),
                      QCoreApplication::translate("cli", "Engine measured"),
                      QCoreApplication::translate("cli", "Description")},
                     rows);
    context.out << QCoreApplication::translate("cli",
                                               "%1 profiles. Use the id with --profile; without it each "
                                               "task takes the one it is the default for.")
                       .arg(snapshot->profiles.size())
                << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand profilesCommand()
{
    CliCommand command{QStringLiteral("profiles"),
                       QCoreApplication::translate("cli",
                                                   "profiles [--json]: the efficiency profiles (the ids "
                                                   "--profile takes) and the tasks each is the default for"),
                       runProfiles};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] profiles [--json]"),
            QCoreApplication::translate("cli",
                                        "The catalogue's efficiency profiles: id, name, the tasks (and GPU "
                                        "counts) each is the default for, description."),
            {QCommandLineOption(QStringList{QStringLiteral("json")},
                                QCoreApplication::translate("cli", "Print one JSON document (an array of "
                                                                   "objects) instead of the table."))});
    };
    return command;
}
