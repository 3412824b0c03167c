#pragma once

#include "db/GpuSpec.h"

#include <QString>
#include <QVector>

// The 10,000-GPU catalogue the catalogue budgets of issue 8 are measured on (docs/performance.md).
namespace SyntheticCatalogue {

constexpr int kGpuCount = 10000;

// GPU number i: varied vendor, size, architecture, compute, memory, bandwidth, a source and notes.
GpuSpec gpu(int i);
QVector<GpuSpec> gpus(int count = kGpuCount);

// A catalogue file holding the seed plus synthetic GPUs up to kGpuCount rows, built once per process in
// a temporary folder.
const QString &largeCataloguePath();

} // namespace SyntheticCatalogue
