#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/PairRanges.h"
#include "widgets/compare/AnswerData.h"

#include <QTextStream>
#include <QVector>

// How `estimate` and `compare` print results: one JSON document {"results": [...]}, a detailed text
// block per GPU (estimate), or a side-by-side table with the best value per row marked (compare).
namespace EstimateOutput {

// With `answer` (compare): a top-level "answer" too, {"lines": [{"task", "title", "text"}], "picks": {task:
// {"fastest": [GPU ids], "cheapest": [GPU ids]}}}.
// With an answer (compare), also "pairs": each pair of GPUs on each headline number (PairRanges::all).
void writeJson(QTextStream &out, const QVector<Estimate> &estimates, const QVector<AnswerLine> &answer = {},
               const QVector<PairRatio> &pairs = {});
// compare's text: each pair's ratio with its range.
void writePairs(QTextStream &out, const QVector<Estimate> &estimates, const QVector<PairRatio> &pairs);
// The answer's lines under "answer:", one per task.
void writeAnswer(QTextStream &out, const QVector<AnswerLine> &answer);
void writeDetails(QTextStream &out, const QVector<Estimate> &estimates, bool showMath);
void writeComparison(QTextStream &out, const QVector<Estimate> &estimates, bool showMath);

} // namespace EstimateOutput
