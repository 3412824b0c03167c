#include "db/CatalogueSnapshot.h"

namespace {

template <typename Record, typename Key>
const Record *findBy(const QVector<Record> &records, const QString &id, Key key)
{
    for (const Record &record : records)
        if ((record.*key).compare(id, Qt::CaseInsensitive) == 0)
            return &record;
    return nullptr;
}

} // namespace

const GpuSpec *CatalogueSnapshot::findGpu(const QString &gpuId) const
{
    return findBy(gpus, gpuId, &GpuSpec::gpuId);
}

const ModelSpec *CatalogueSnapshot::findModel(const QString &modelId) const
{
    return findBy(models, modelId, &ModelSpec::modelId);
}

const EfficiencyProfile *CatalogueSnapshot::findProfile(const QString &profileId) const
{
    return findBy(profiles, profileId, &EfficiencyProfile::profileId);
}

const SystemSpec *CatalogueSnapshot::findSystem(const QString &systemId) const
{
    return findBy(systems, systemId, &SystemSpec::systemId);
}
