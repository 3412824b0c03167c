#pragma once

#include "db/GpuSpec.h"

#include <QStringList>
#include <QVector>

// Finds a GPU by what a user typed on the command line, and suggests close matches when nothing fits.
namespace GpuLookup {

// The GPU whose gpu_id equals query (case-insensitive), or nullptr.
const GpuSpec *find(const QVector<GpuSpec> &gpus, const QString &query);

// Up to maxCount gpu_ids that look like query: ids or names containing it (ignoring case, spaces,
// '_' and '-'), then ids within a small edit distance. Best first.
QStringList closeMatches(const QVector<GpuSpec> &gpus, const QString &query, int maxCount = 5);

} // namespace GpuLookup
