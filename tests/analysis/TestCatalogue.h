#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "db/CatalogueSnapshot.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"

#include <QString>
#include <QVector>

// Datasheet records of the GPUs the tests use (values of resources/seed/gpu-specs.csv, the achievable rates
// included), and the
// seed presets and profiles read from resources/seed.
namespace TestCatalogue {

GpuSpec h100Sxm();   // 989.4 TFLOPS dense FP16, 80 GB HBM3, 3350 GB/s, NVLink switch 900 GB/s
GpuSpec h200Sxm();   // 989.4, 141 GB HBM3e, 4800 GB/s
GpuSpec a100Sxm80(); // 312, 80 GB HBM2e, 2039 GB/s, no FP8
GpuSpec l40s();      // 362.05 dense / 733 sparse, 48 GB GDDR6, 864 GB/s, no NVLink
GpuSpec rtxA6000();  // 154.8, 48 GB GDDR6, 768 GB/s, NVLink bridge 112.5 GB/s
QVector<GpuSpec> fiveFromTheArticle();
// Any GPU of the bundled seed as a new catalogue holds it; fails the test (and returns an empty one) when
// absent.
GpuSpec seedGpu(const QString &gpuId);

ModelSpec model(const QString &modelId); // from resources/seed/models.json; fails the test if absent
EfficiencyParameters profile(const QString &profileId); // from resources/seed/profiles.json
// The five GPUs of the article with every seed preset and profile, as the catalogue would give them.
CatalogueSnapshot snapshot();

// The estimate for gpuId among all; fails the test (and returns an empty one) when there is none.
const Estimate &find(const QVector<Estimate> &all, const QString &gpuId);

} // namespace TestCatalogue
