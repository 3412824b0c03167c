#pragma once

#include "app/comparison/ComparisonPresenter.h"
#include "widgets/compare/AnswerData.h"

#include <QCoreApplication>
#include <QVector>

// The answer strip's lines, from the estimates the table and the verdicts show:
//   - the task the workload asks for: the fastest GPU (tokens/s; the deployment's under a load), the
//     cheapest ($ per million tokens), the GPUs that do not fit and how many they need, those whose
//     record lacks a value the speed needs (never called fastest), those out of range;
//   - the other task, as its verdicts judged it under its own recipe: the GPUs at each level.
// Values that read the same as shown tie and are named together; GPUs within the half-width of their 80%
// ranges (Estimate::ranges) of the best one are "about the same (within ±X%)", never called faster or
// cheaper. Each GPU name
// links to its column and to the row of the number it is named for (the fastest to the speed row, the
// cheapest to the cost row).
class AnswerSummary
{
    Q_DECLARE_TR_FUNCTIONS(AnswerSummary)
public:
    static QVector<AnswerLine> build(const ComparisonInput &input);

    // The table row of the speed the strip and the verdicts compare for this estimate's task.
    static QString speedRow(const Estimate &estimate);
    // That speed (tokens/s, all GPUs), 0 when not estimated.
    static double speedOf(const Estimate &estimate);

private:
    static AnswerLine workloadLine(const ComparisonInput &input);
    static AnswerLine otherTaskLine(const ComparisonInput &input);
};
