#include "WorkloadMapper.h"

#include "Estimator.h"
#include "HuggingFaceConfig.h"
#include "ProfileChoice.h"

#include <QLocale>

#include <array>

namespace {

// Estimator::validate() names the offending value first ("batch %1: ..." in its English source); this
// maps that name to the form field that holds it, so the message appears where the user can fix it.
QString fieldForProblem(const QString &problem)
{
    struct Prefix
    {
        const char16_t *text;
        const char16_t *field;
    };
    static constexpr std::array<Prefix, 17> kPrefixes{{
        {u"input and output tokens", u"outputTokens"},
        {u"input tokens", u"inputTokens"},
        {u"output tokens", u"outputTokens"},
        {u"sequence length", u"sequenceLength"},
        {u"batch", u"batch"},
        {u"gpus", u"gpus"},
        {u"tp x pp", u"tensorParallel"},
        {u"tp", u"tensorParallel"},
        {u"pp", u"pipelineParallel"},
        {u"zero", u"zeroStage"},
        {u"task", u"task"},
        {u"kv precision", u"kvPrecision"},
        {u"activation precision", u"weightPrecision"},
        {u"precision", u"weightPrecision"},
        {u"usd per gpu-hour", u"usdPerGpuHour"},
        {u"usd per kwh", u"usdPerKwh"},
        {u"train tokens", u"trainTokens"},
    }};
    for (const Prefix &prefix : kPrefixes)
        if (problem.startsWith(QString::fromUtf16(prefix.text), Qt::CaseInsensitive))
            return QString::fromUtf16(prefix.field);
    return QStringLiteral("model");
}

// The task as the workload form names it.
QString taskLabel(Task task)
{
    switch (task) {
    case Task::Inference:
        return WorkloadMapper::tr("inference");
    case Task::Training:
        return WorkloadMapper::tr("full training");
    case Task::Lora:
        return WorkloadMapper::tr("LoRA fine-tune");
    case Task::Qlora:
        return WorkloadMapper::tr("QLoRA fine-tune");
    }
    return Tasks::name(task);
}

std::optional<EfficiencyParameters> parametersFor(const CatalogueSnapshot &catalogue, const QString &profileId,
                                                  QString *error)
{
    const EfficiencyProfile *profile = catalogue.findProfile(profileId);
    if (!profile) {
        *error = WorkloadMapper::tr("profile %1 is not in the catalogue").arg(profileId);
        return std::nullopt;
    }
    return EfficiencyParameters::fromProfile(*profile, error);
}

} // namespace

MappedWorkload WorkloadMapper::map(const WorkloadFormValues &values, const CatalogueSnapshot &catalogue)
{
    MappedWorkload result;
    auto fail = [&result](const QString &field, const QString &reason) {
        result.errors.append({field, reason});
    };

    Workload w;
    if (!values.modelId.isEmpty()) {
        if (const ModelSpec *model = catalogue.findModel(values.modelId))
            w.model = *model;
        else
            fail(QStringLiteral("model"), tr("model %1 is not in the catalogue").arg(values.modelId));
    } else if (!values.customConfigPath.isEmpty()) {
        QString error;
        if (const auto model = HuggingFaceConfig::fromFile(values.customConfigPath, &error))
            w.model = *model;
        else
            fail(QStringLiteral("model"), error);
    } else {
        fail(QStringLiteral("model"), tr("choose a model or load a config.json"));
    }

    if (const auto task = Tasks::parse(values.task))
        w.task = *task;
    else
        fail(QStringLiteral("task"), tr("unknown task %1").arg(values.task));
    if (const auto precision = Precisions::parse(values.weightPrecision)) {
        w.weightPrecision = *precision;
        w.activationPrecision = Precisions::defaultActivationFor(*precision);
    } else {
        fail(QStringLiteral("weightPrecision"), tr("unknown precision %1").arg(values.weightPrecision));
    }
    if (const auto precision = Precisions::parse(values.kvPrecision))
        w.kvPrecision = *precision;
    else
        fail(QStringLiteral("kvPrecision"), tr("unknown precision %1").arg(values.kvPrecision));
    if (w.task == Task::Qlora && (w.weightPrecision == Precision::Bf16 || w.weightPrecision == Precision::Fp16
                                  || w.weightPrecision == Precision::Fp32)) {
        // QLoRA trains adapters over a 4-bit base (NF4); a 16-bit choice means the usual recipe.
        w.weightPrecision = Precision::Int4;
        w.activationPrecision = Precision::Bf16;
    }
    if (const auto recompute = Recomputes::parse(values.recompute))
        w.recompute = *recompute;
    else
        fail(QStringLiteral("recompute"), tr("unknown recomputation %1").arg(values.recompute));

    w.batch = values.batch;
    w.inputTokens = values.inputTokens;
    w.outputTokens = values.outputTokens;
    w.sequenceLength = values.sequenceLength;
    w.gpuCount = values.gpus;
    w.tensorParallel = values.tensorParallel;
    w.pipelineParallel = values.pipelineParallel;
    w.zeroStage = Tasks::isTraining(w.task) ? values.zeroStage : 0;
    w.usdPerGpuHour = values.usdPerGpuHour;
    w.usdPerKwh = values.usdPerKwh;
    w.trainTokens = values.trainTokensBillions * 1e9;

    const QString profileId =
        values.profileId.isEmpty() ? ProfileChoice::defaultFor(w.task, w.gpuCount) : values.profileId;
    QString error;
    if (const auto parameters = parametersFor(catalogue, profileId, &error))
        result.parameters = *parameters;
    else
        fail(QStringLiteral("profile"), error);
    if (const auto other = parametersFor(catalogue, ProfileChoice::forOtherTask(w.task, w.gpuCount), &error))
        result.otherTaskParameters = *other;
    else
        result.otherTaskParameters = result.parameters;

    if (result.errors.isEmpty()) {
        QString source;
        const QString problem = Estimator::validate(w, &source);
        if (!problem.isEmpty())
            fail(fieldForProblem(source), problem);
    }
    if (!result.errors.isEmpty())
        return result;

    const QLocale locale;
    const QString lengths = Tasks::isTraining(w.task)
                                ? tr("%1-token sequences").arg(locale.toString(w.sequenceLength))
                                : tr("%1 + %2 tokens").arg(locale.toString(w.inputTokens), locale.toString(w.outputTokens));
    result.summary = tr("%1 · %2 · %3 · batch %4 · %5 · %n GPU(s) each · %6", nullptr, w.gpuCount)
                         .arg(w.model.name.isEmpty() ? w.model.modelId : w.model.name, taskLabel(w.task),
                              Precisions::name(w.weightPrecision), locale.toString(w.batch), lengths,
                              result.parameters.profileName);
    result.workload = w;
    return result;
}
