#pragma once

#include "db/Benchmark.h"
#include "db/EfficiencyProfile.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"
#include "db/StoredMeasurement.h"
#include "db/SystemSpec.h"

#include <QString>
#include <QVector>

// Everything the estimator needs, read in one transaction so the parts agree with each other.
// Plain values: safe to copy to another thread.
struct CatalogueSnapshot
{
    QVector<GpuSpec> gpus;                     // ordered by vendor, product, variant
    QVector<ModelSpec> models;                 // ordered by name
    QVector<SystemSpec> systems;               // ordered by system_id
    QVector<EfficiencyProfile> profiles;       // ordered by profile_id
    QVector<Benchmark> benchmarks;             // ordered by bench_id
    QVector<MeasurementFile> measurementFiles; // the user's imported files, ordered by id
    QVector<StoredMeasuredRun> measuredRuns;   // their runs, ordered by file id, then id
    bool readOnly = false;
    QString readOnlyReason; // why the catalogue opened read-only ("" when writable)

    const GpuSpec *findGpu(const QString &gpuId) const;
    const ModelSpec *findModel(const QString &modelId) const;
    const EfficiencyProfile *findProfile(const QString &profileId) const;
    const SystemSpec *findSystem(const QString &systemId) const;
};
