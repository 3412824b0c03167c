#include "db/ImportPlan.h"

#include <QCoreApplication>
#include <QHash>

namespace {

bool hasValue(const QVariant &value)
{
    return !value.isNull() && !(value.typeId() == QMetaType::QString && value.toString().trimmed().isEmpty());
}

GpuFieldSet everyField()
{
    return GpuFieldSet().set();
}

} // namespace

GpuSpec ImportPlan::overlay(const GpuSpec &existing, const GpuSpec &incoming, const GpuFieldSet &given)
{
    GpuSpec result = existing;
    for (const GpuField &field : GpuFields::all())
        if (given.test(field.id))
            GpuFields::setValue(result, field, GpuFields::value(incoming, field));
    result.userModified = incoming.userModified || existing.userModified;
    return result;
}

ImportPlan ImportPlan::make(const QVector<GpuSpec> &current, const QVector<GpuSpec> &incoming,
                            const QVector<GpuFieldSet> &given)
{
    QHash<QString, const GpuSpec *> byId;
    byId.reserve(current.size());
    for (const GpuSpec &gpu : current)
        byId.insert(gpu.gpuId, &gpu);
    ImportPlan plan;
    for (qsizetype i = 0; i < incoming.size(); ++i) {
        const GpuSpec &gpu = incoming.at(i);
        const GpuSpec *existing = byId.value(gpu.gpuId);
        if (!existing) {
            plan.additions.append(gpu);
            continue;
        }
        GpuSpec after = overlay(*existing, gpu, i < given.size() ? given.at(i) : everyField());
        QStringList fields;
        QStringList emptied;
        for (const GpuField &field : GpuFields::all()) {
            const QVariant before = GpuFields::value(*existing, field);
            const QVariant now = GpuFields::value(after, field);
            if (before == now)
                continue;
            fields << field.name();
            if (hasValue(before) && !hasValue(now))
                emptied << field.name();
        }
        if (fields.isEmpty()) {
            ++plan.unchanged;
            continue;
        }
        after.rowId = existing->rowId;
        after.revision = existing->revision;
        after.userModified = existing->userModified;
        plan.changes.append({*existing, after, fields, emptied});
    }
    return plan;
}

int ImportPlan::emptiedCount() const
{
    int count = 0;
    for (const Change &change : changes)
        count += static_cast<int>(change.emptied.size());
    return count;
}

QString ImportPlan::emptyingWarning() const
{
    const int count = emptiedCount();
    if (count == 0)
        return {};
    constexpr int kNamed = 5; // GPUs named in the sentence; the count covers the rest
    QStringList named;
    int gpus = 0;
    for (const Change &change : changes) {
        if (change.emptied.isEmpty())
            continue;
        ++gpus;
        if (named.size() < kNamed)
            named << change.before.gpuId + QStringLiteral(" (") + change.emptied.join(QStringLiteral(", ")) +
                         u')';
    }
    if (gpus > kNamed)
        named << QCoreApplication::translate("ImportPlan", "%n more GPU(s)", nullptr, gpus - kNamed);
    return QCoreApplication::translate("ImportPlan",
                                       "The file has empty cells where the catalogue has values: changing "
                                       "existing GPUs empties %n value(s): %1.",
                                       nullptr, count)
        .arg(named.join(QStringLiteral("; ")));
}
