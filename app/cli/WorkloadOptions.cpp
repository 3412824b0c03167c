#include "WorkloadOptions.h"

#include <ProfileChoice.h>

#include "CliCatalogue.h"

#include <Estimator.h>
#include <GpuLookup.h>
#include <HuggingFaceConfig.h>
#include <QCoreApplication>
#include <QHash>
#include <cmath>

namespace WorkloadOptions {

namespace {

QString normalized(const QString &text)
{
    QString result;
    for (const QChar c : text)
        if (c.isLetterOrNumber())
            result += c.toLower();
    return result;
}

int editDistance(const QString &a, const QString &b)
{
    QVector<int> previous(b.size() + 1);
    QVector<int> current(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j)
            current[j] = std::min(
                {previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(previous, current);
    }
    return previous[b.size()];
}

QStringList closeModels(const QVector<ModelSpec> &models, const QString &query)
{
    const QString wanted = normalized(query);
    QStringList exact;
    QStringList near;
    for (const ModelSpec &model : models) {
        const QString id = normalized(model.modelId);
        if (!wanted.isEmpty() && (id.contains(wanted) || wanted.contains(id)))
            exact << model.modelId;
        else if (editDistance(wanted, id) <= std::max(2, int(wanted.size()) / 3))
            near << model.modelId;
    }
    return (exact + near).mid(0, 6);
}

struct Parser
{
    const QString &command;
    CliContext &context;
    bool failed = false;

    void fail(const QString &message)
    {
        if (!failed)
            context.err << "gpucompare: " << command << ": " << message << Qt::endl;
        failed = true;
    }

    std::optional<int> integer(const QString &option, const QString &text, int minimum, int maximum)
    {
        bool ok = false;
        const qlonglong value = text.toLongLong(&ok);
        if (!ok || value < minimum || value > maximum) {
            fail(QCoreApplication::translate("cli", "%1 '%2': expected a whole number from %3 to %4")
                     .arg(option, text)
                     .arg(minimum)
                     .arg(maximum));
            return std::nullopt;
        }
        return int(value);
    }

    std::optional<double> number(const QString &option, const QString &text, double minimum, double maximum)
    {
        bool ok = false;
        const double value = text.toDouble(&ok);
        if (!ok || !std::isfinite(value) || value < minimum || value > maximum) {
            fail(QCoreApplication::translate("cli", "%1 '%2': expected a number from %3 to %4")
                     .arg(option, text)
                     .arg(minimum)
                     .arg(maximum));
            return std::nullopt;
        }
        return value;
    }

    std::optional<Precision> precision(const QString &option, const QString &text)
    {
        const auto value = Precisions::parse(text);
        if (!value)
            fail(QCoreApplication::translate("cli", "%1 '%2': allowed %3")
                     .arg(option, text, Precisions::allNames().join(QStringLiteral(", "))));
        return value;
    }
};

} // namespace

QString usage(const QString &command)
{
    return QStringLiteral(
               "%1 --gpu GPU[,GPU...] --model MODEL|--model-config FILE --task inference|training|lora|qlora "
               "[--precision P] [--kv-precision P] [--batch N|max] [--input-tokens N] [--output-tokens N] "
               "[--seq-len N] "
               "[--gpus N] [--tp N] [--pp N] [--zero 0-3] [--recompute none|selective|full] [--optimizer "
               "adam|adam8bit] [--lora-rank N] [--profile ID] "
               "[--usd-per-gpu-hour X] [--usd-per-kwh X] [--train-tokens N] [--json] [--math]")
        .arg(command);
}

std::optional<WorkloadRequest> parse(const QString &command, const QStringList &arguments,
                                     CliContext &context, int minimumGpus, bool requireModelAndTask,
                                     int *exitCode)
{
    *exitCode = ExitCode::BadInput;
    Parser p{command, context};
    WorkloadRequest request;
    Workload &w = request.workload;
    QHash<QString, QString> values;
    static const QStringList valued{QStringLiteral("--gpu"),
                                    QStringLiteral("--model"),
                                    QStringLiteral("--model-config"),
                                    QStringLiteral("--task"),
                                    QStringLiteral("--precision"),
                                    QStringLiteral("--activation-precision"),
                                    QStringLiteral("--kv-precision"),
                                    QStringLiteral("--batch"),
                                    QStringLiteral("--input-tokens"),
                                    QStringLiteral("--output-tokens"),
                                    QStringLiteral("--seq-len"),
                                    QStringLiteral("--gpus"),
                                    QStringLiteral("--tp"),
                                    QStringLiteral("--pp"),
                                    QStringLiteral("--zero"),
                                    QStringLiteral("--recompute"),
                                    QStringLiteral("--lora-rank"),
                                    QStringLiteral("--profile"),
                                    QStringLiteral("--usd-per-gpu-hour"),
                                    QStringLiteral("--usd-per-kwh"),
                                    QStringLiteral("--utilisation"),
                                    QStringLiteral("--train-tokens"),
                                    QStringLiteral("--optimizer")};
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        QString option = arguments[i];
        QString value;
        const qsizetype equals = option.indexOf(u'=');
        if (option.startsWith(QLatin1String("--")) && equals > 0) {
            value = option.mid(equals + 1);
            option = option.left(equals);
        }
        if (option == QLatin1String("--json")) {
            request.json = true;
        } else if (option == QLatin1String("--math")) {
            request.showMath = true;
        } else if (valued.contains(option)) {
            if (equals < 0) {
                if (i + 1 >= arguments.size()) {
                    p.fail(QCoreApplication::translate("cli", "%1 needs a value (usage: %2)")
                               .arg(option, usage(command)));
                    return std::nullopt;
                }
                value = arguments[++i];
            }
            values.insert(option, value);
        } else {
            p.fail(QCoreApplication::translate("cli", "unexpected argument '%1' (usage: %2)")
                       .arg(option, usage(command)));
            return std::nullopt;
        }
    }

    // Plain values first, so a typo is reported before the catalogue is opened.
    if (values.contains(QStringLiteral("--task"))) {
        const auto task = Tasks::parse(values.value(QStringLiteral("--task")));
        if (!task) {
            p.fail(QCoreApplication::translate("cli", "--task '%1': allowed %2")
                       .arg(values.value(QStringLiteral("--task")),
                            Tasks::allNames().join(QStringLiteral(", "))));
            return std::nullopt;
        }
        w.task = *task;
    } else if (requireModelAndTask) {
        p.fail(QCoreApplication::translate("cli", "--task is required: %1")
                   .arg(Tasks::allNames().join(QStringLiteral(", "))));
        return std::nullopt;
    }
    if (!values.contains(QStringLiteral("--gpu"))) {
        p.fail(QCoreApplication::translate(
            "cli", "--gpu is required (comma-separated gpu_ids; `gpucompare list` names them)"));
        return std::nullopt;
    }
    if (requireModelAndTask && !values.contains(QStringLiteral("--model")) &&
        !values.contains(QStringLiteral("--model-config"))) {
        p.fail(QCoreApplication::translate(
            "cli", "--model (a preset id) or --model-config (a config.json) is required"));
        return std::nullopt;
    }
    w.weightPrecision = Precision::Bf16;
    if (values.contains(QStringLiteral("--precision"))) {
        const auto precision =
            p.precision(QStringLiteral("--precision"), values.value(QStringLiteral("--precision")));
        if (!precision)
            return std::nullopt;
        w.weightPrecision = *precision;
    }
    w.activationPrecision = Precisions::defaultActivationFor(w.weightPrecision);
    if (w.task == Task::Qlora && !values.contains(QStringLiteral("--precision"))) {
        w.weightPrecision = Precision::Int4; // stored as NF4 (4.127 bits) by the memory model
        w.activationPrecision = Precision::Bf16;
    }
    if (values.contains(QStringLiteral("--activation-precision"))) {
        const auto precision = p.precision(QStringLiteral("--activation-precision"),
                                           values.value(QStringLiteral("--activation-precision")));
        if (!precision)
            return std::nullopt;
        w.activationPrecision = *precision;
    }
    w.kvPrecision = Precisions::defaultKvFor(w.activationPrecision);
    if (values.contains(QStringLiteral("--kv-precision"))) {
        const auto precision =
            p.precision(QStringLiteral("--kv-precision"), values.value(QStringLiteral("--kv-precision")));
        if (!precision)
            return std::nullopt;
        w.kvPrecision = *precision;
    }
    const auto readInt = [&](const char *name, int &target, int minimum, int maximum) {
        const QString option = QString::fromLatin1(name);
        if (!values.contains(option))
            return true;
        const auto value = p.integer(option, values.value(option), minimum, maximum);
        if (value)
            target = *value;
        return value.has_value();
    };
    const auto readDouble = [&](const char *name, double &target, double minimum, double maximum) {
        const QString option = QString::fromLatin1(name);
        if (!values.contains(option))
            return true;
        const auto value = p.number(option, values.value(option), minimum, maximum);
        if (value)
            target = *value;
        return value.has_value();
    };
    if (values.value(QStringLiteral("--batch")).compare(QLatin1String("max"), Qt::CaseInsensitive) == 0) {
        if (Tasks::isTraining(w.task)) {
            p.fail(QCoreApplication::translate(
                "cli", "--batch max: only for inference; training needs a batch from 1 to 1000000"));
            return std::nullopt;
        }
        w.batch = 0;
    } else if (!readInt("--batch", w.batch, 1, 1000000)) {
        return std::nullopt;
    }
    double usdPerGpuHour = -1.0;
    if (!readInt("--input-tokens", w.inputTokens, 0, 10000000) ||
        !readInt("--output-tokens", w.outputTokens, 0, 10000000) ||
        !readInt("--seq-len", w.sequenceLength, 1, 10000000) || !readInt("--gpus", w.gpuCount, 1, 65536) ||
        !readInt("--tp", w.tensorParallel, 1, 65536) || !readInt("--pp", w.pipelineParallel, 1, 65536) ||
        !readInt("--zero", w.zeroStage, 0, 3) || !readInt("--lora-rank", w.loraRank, 1, 65536) ||
        !readDouble("--usd-per-gpu-hour", usdPerGpuHour, 0.0, 10000.0) ||
        !readDouble("--usd-per-kwh", w.usdPerKwh, 0.0, 100.0) ||
        !readDouble("--utilisation", w.utilisation, 0.01, 1.0) ||
        !readDouble("--train-tokens", w.trainTokens, 0.0, 1e16))
        return std::nullopt;
    if (usdPerGpuHour >= 0.0)
        w.usdPerGpuHour = usdPerGpuHour;
    if (!values.contains(QStringLiteral("--gpus")))
        w.gpuCount = std::max(1, w.tensorParallel) * std::max(1, w.pipelineParallel);
    if (w.task == Task::Lora || w.task == Task::Qlora)
        w.recompute =
            Recompute::Full; // the PEFT and QLoRA recipes checkpoint every layer; --recompute overrides
    if (values.contains(QStringLiteral("--recompute"))) {
        const auto recompute = Recomputes::parse(values.value(QStringLiteral("--recompute")));
        if (!recompute) {
            p.fail(QCoreApplication::translate("cli", "--recompute '%1': allowed %2")
                       .arg(values.value(QStringLiteral("--recompute")),
                            Recomputes::allNames().join(QStringLiteral(", "))));
            return std::nullopt;
        }
        w.recompute = *recompute;
    }
    if (values.contains(QStringLiteral("--optimizer"))) {
        const QString optimizer = values.value(QStringLiteral("--optimizer")).toLower();
        if (optimizer == QLatin1String("adam"))
            w.optimizer = Optimizer::Adam;
        else if (optimizer == QLatin1String("adam8bit"))
            w.optimizer = Optimizer::Adam8bit;
        else {
            p.fail(QCoreApplication::translate("cli", "--optimizer '%1': allowed adam, adam8bit")
                       .arg(values.value(QStringLiteral("--optimizer"))));
            return std::nullopt;
        }
    }
    const QStringList gpuQueries = values.value(QStringLiteral("--gpu")).split(u',', Qt::SkipEmptyParts);
    if (gpuQueries.size() < minimumGpus) {
        p.fail(QCoreApplication::translate("cli", "--gpu '%1': needs at least %2 GPUs, comma-separated")
                   .arg(values.value(QStringLiteral("--gpu")))
                   .arg(minimumGpus));
        return std::nullopt;
    }

    // Now the catalogue.
    const std::optional<CatalogueSnapshot> snapshot = loadCatalogueForCli(context);
    if (!snapshot) {
        *exitCode = ExitCode::Failure;
        return std::nullopt;
    }
    for (const QString &query : gpuQueries) {
        const GpuSpec *gpu = GpuLookup::find(snapshot->gpus, query.trimmed());
        if (!gpu) {
            const QStringList matches = GpuLookup::closeMatches(snapshot->gpus, query.trimmed());
            p.fail(
                matches.isEmpty()
                    ? QCoreApplication::translate("cli", "unknown GPU '%1'; `gpucompare list` names them all")
                          .arg(query)
                    : QCoreApplication::translate("cli", "unknown GPU '%1'; close matches: %2")
                          .arg(query, matches.join(QStringLiteral(", "))));
            return std::nullopt;
        }
        request.gpus.append(*gpu);
    }
    if (values.contains(QStringLiteral("--model-config"))) {
        QString error;
        const auto model =
            HuggingFaceConfig::fromFile(values.value(QStringLiteral("--model-config")), &error);
        if (!model) {
            p.fail(QStringLiteral("--model-config: ") + error);
            return std::nullopt;
        }
        w.model = *model;
    } else {
        const QString modelId =
            values.value(QStringLiteral("--model"), QStringLiteral("llama-3-8b")).trimmed();
        const ModelSpec *model = snapshot->findModel(modelId);
        if (!model)
            for (const ModelSpec &candidate : snapshot->models)
                if (candidate.modelId.compare(modelId, Qt::CaseInsensitive) == 0)
                    model = &candidate;
        if (!model) {
            const QStringList matches = closeModels(snapshot->models, modelId);
            QStringList all;
            for (const ModelSpec &candidate : snapshot->models)
                all << candidate.modelId;
            p.fail(matches.isEmpty()
                       ? QCoreApplication::translate("cli", "unknown model '%1'; presets: %2")
                             .arg(modelId, all.join(QStringLiteral(", ")))
                       : QCoreApplication::translate("cli", "unknown model '%1'; close matches: %2")
                             .arg(modelId, matches.join(QStringLiteral(", "))));
            return std::nullopt;
        }
        w.model = *model;
    }

    const auto profileFor = [&](const QString &id, EfficiencyParameters &target) {
        const EfficiencyProfile *profile = snapshot->findProfile(id);
        if (!profile) {
            QStringList ids;
            for (const EfficiencyProfile &candidate : snapshot->profiles)
                ids << candidate.profileId;
            p.fail(QCoreApplication::translate("cli", "--profile '%1': allowed %2")
                       .arg(id, ids.join(QStringLiteral(", "))));
            return false;
        }
        QString error;
        const auto parameters = EfficiencyParameters::fromProfile(*profile, &error);
        if (!parameters) {
            p.fail(error);
            *exitCode = ExitCode::Failure;
            return false;
        }
        target = *parameters;
        return true;
    };
    if (!profileFor(values.value(QStringLiteral("--profile"), ProfileChoice::defaultFor(w.task, w.gpuCount)),
                    request.parameters))
        return std::nullopt;
    if (!profileFor(ProfileChoice::forOtherTask(w.task, w.gpuCount), request.otherTaskParameters))
        return std::nullopt;

    const QString problem = Estimator::validate(w);
    if (!problem.isEmpty()) {
        p.fail(problem);
        return std::nullopt;
    }
    *exitCode = ExitCode::Ok;
    return request;
}

} // namespace WorkloadOptions
