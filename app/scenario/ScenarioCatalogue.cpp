#include "app/scenario/ScenarioCatalogue.h"

#include "app/analysis/HuggingFaceConfig.h"
#include "app/analysis/WorkloadResolver.h"
#include "app/scenario/WorkloadRequestJson.h"
#include "db/GpuField.h"
#include "db/MessageText.h"
#include "db/ModelSpecJson.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QLocale>

namespace {

// A recorded or current value as a user reads it: numbers in the locale with their unit, text quoted and
// shortened, "n/a" when the catalogue has none.
QString shown(const QVariant &value, const QString &unit)
{
    if (value.isNull() || (value.typeId() == QMetaType::QString && value.toString().isEmpty()))
        return ScenarioCatalogue::tr("n/a");
    if (value.typeId() == QMetaType::QString || value.typeId() == QMetaType::Bool) {
        QString text = value.toString();
        if (text.size() > 60)
            text = text.left(57) + QStringLiteral("…");
        return u'"' + text + u'"';
    }
    const QString number = QLocale().toString(value.toDouble(), 'g', 8);
    return unit.isEmpty() ? number : number + u' ' + unit;
}

// The GPUs a scenario names: those compared, then those only priced for the plan, each once.
QStringList namedGpuIds(const QStringList &gpuIds, const PlanInputValues &plan)
{
    QStringList ids = gpuIds;
    QStringList priced = plan.prices.keys();
    priced.sort();
    for (const QString &id : std::as_const(priced))
        if (!ids.contains(id))
            ids << id;
    return ids;
}

// Whether the file recorded field for its i-th GPU (every field when it does not say).
bool recorded(const Scenario &scenario, qsizetype i, const GpuField &field)
{
    return i >= scenario.gpuFieldsRecorded.size() || scenario.gpuFieldsRecorded.at(i).test(field.id);
}

} // namespace

Scenario ScenarioCatalogue::capture(const QStringList &gpuIds, const WorkloadRequest &workload,
                                    const PlanInputValues &plan, const CatalogueSnapshot &catalogue,
                                    const QString &cataloguePath)
{
    Scenario scenario;
    scenario.gpuIds = gpuIds;
    scenario.workload = workload;
    scenario.plan = plan;
    scenario.cataloguePath = cataloguePath;
    for (const QString &id : namedGpuIds(gpuIds, plan))
        if (const GpuSpec *gpu = catalogue.findGpu(id))
            scenario.gpus << *gpu;
    if (workload.modelId) {
        if (const ModelSpec *model = catalogue.findModel(*workload.modelId))
            scenario.model = *model;
    } else if (workload.modelConfigPath) {
        // The config.json's values travel with the scenario: a colleague without the file sees what it held.
        scenario.model = HuggingFaceConfig::fromFile(*workload.modelConfigPath);
    }
    if (workload.profileId)
        if (const EfficiencyProfile *profile = catalogue.findProfile(*workload.profileId))
            scenario.profile = *profile;
    return scenario;
}

QStringList ScenarioCatalogue::problems(const Scenario &scenario, const CatalogueSnapshot &catalogue)
{
    QStringList problems;
    for (const QString &id : scenario.gpuIds)
        if (!catalogue.findGpu(id))
            problems << tr("The catalogue has no GPU \"%1\".").arg(MessageText::cut(id));
    if (scenario.workload.modelId && !catalogue.findModel(*scenario.workload.modelId))
        problems << tr("The catalogue has no model preset \"%1\".").arg(*scenario.workload.modelId);
    if (scenario.workload.modelConfigPath && !QFileInfo(*scenario.workload.modelConfigPath).isFile())
        problems << tr("The model's config.json is not there: %1").arg(*scenario.workload.modelConfigPath);
    if (scenario.workload.profileId && !catalogue.findProfile(*scenario.workload.profileId))
        problems << tr("The catalogue has no efficiency profile \"%1\".").arg(*scenario.workload.profileId);
    if (!problems.isEmpty())
        return MessageText::capped(problems);
    // The workload as the window and the command line would take it: a value they refuse ("concurrency":
    // -5) is refused here with its field, never opened as another question.
    for (const WorkloadProblem &problem : WorkloadResolver::resolve(scenario.workload, catalogue).problems)
        problems << tr("%1: %2").arg(WorkloadRequestJson::keyOf(problem.field), problem.message);
    return MessageText::capped(problems);
}

QVector<ScenarioCatalogue::Change> ScenarioCatalogue::changes(const Scenario &scenario,
                                                              const CatalogueSnapshot &catalogue)
{
    QVector<Change> changes;
    for (qsizetype i = 0; i < scenario.gpus.size(); ++i) {
        const GpuSpec &saved = scenario.gpus.at(i);
        const GpuSpec *now = catalogue.findGpu(saved.gpuId);
        if (!now) {
            changes << Change{saved.gpuId, saved.displayName(), tr("GPU"), tr("in the catalogue"),
                              tr("no longer in it")};
            continue;
        }
        for (const GpuField &field : GpuFields::all()) {
            if (!recorded(scenario, i, field))
                continue; // a column newer than the file: nothing to compare it with
            const QVariant before = GpuFields::value(saved, field);
            const QVariant after = GpuFields::value(*now, field);
            if (GpuFields::toText(saved, field) != GpuFields::toText(*now, field))
                changes << Change{saved.gpuId, now->displayName(), field.displayLabel(),
                                  shown(before, field.unitText()), shown(after, field.unitText())};
        }
    }
    if (scenario.model) {
        std::optional<ModelSpec> current;
        if (scenario.workload.modelId) {
            if (const ModelSpec *model = catalogue.findModel(*scenario.workload.modelId))
                current = *model;
        } else if (scenario.workload.modelConfigPath) {
            current = HuggingFaceConfig::fromFile(*scenario.workload.modelConfigPath);
        }
        if (current) {
            const QJsonObject before = ModelSpecJson::toJson(*scenario.model);
            const QJsonObject after = ModelSpecJson::toJson(*current);
            QStringList keys = before.keys() + after.keys();
            keys.removeDuplicates();
            keys.sort();
            for (const QString &key : std::as_const(keys))
                if (before.value(key) != after.value(key))
                    changes << Change{QString(), current->name, key, shown(before.value(key).toVariant(), {}),
                                      shown(after.value(key).toVariant(), {})};
        }
    }
    return changes;
}

ImportPlan ScenarioCatalogue::recordedValues(const Scenario &scenario, const CatalogueSnapshot &catalogue)
{
    return ImportPlan::make(catalogue.gpus, scenario.gpus, scenario.gpuFieldsRecorded);
}

QStringList ScenarioCatalogue::changeLines(const QVector<Change> &changes)
{
    QStringList lines;
    for (const Change &change : changes)
        lines << tr("%1 · %2: %3 when saved, %4 now")
                     .arg(change.subject, change.field, change.saved, change.now);
    return lines;
}
