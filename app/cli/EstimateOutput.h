#pragma once

#include "app/analysis/Estimate.h"

#include <QTextStream>
#include <QVector>

// How `estimate` and `compare` print results: one JSON document {"results": [...]}, a detailed text
// block per GPU (estimate), or a side-by-side table with the best value per row marked (compare).
namespace EstimateOutput {

void writeJson(QTextStream &out, const QVector<Estimate> &estimates);
void writeDetails(QTextStream &out, const QVector<Estimate> &estimates, bool showMath);
void writeComparison(QTextStream &out, const QVector<Estimate> &estimates, bool showMath);

} // namespace EstimateOutput
