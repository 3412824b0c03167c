#include "ImportPlan.h"

#include "GpuField.h"

#include <QHash>

ImportPlan ImportPlan::make(const QVector<GpuSpec> &current, const QVector<GpuSpec> &incoming)
{
    QHash<QString, const GpuSpec *> byId;
    byId.reserve(current.size());
    for (const GpuSpec &gpu : current)
        byId.insert(gpu.gpuId, &gpu);
    ImportPlan plan;
    for (const GpuSpec &gpu : incoming) {
        const GpuSpec *existing = byId.value(gpu.gpuId);
        if (!existing) {
            plan.additions.append(gpu);
            continue;
        }
        QStringList fields;
        for (const GpuField &field : GpuFields::all())
            if (GpuFields::value(*existing, field) != GpuFields::value(gpu, field))
                fields << field.name();
        if (fields.isEmpty()) {
            ++plan.unchanged;
            continue;
        }
        GpuSpec after = gpu;
        after.rowId = existing->rowId;
        after.revision = existing->revision;
        after.userModified = existing->userModified;
        plan.changes.append({*existing, after, fields});
    }
    return plan;
}
