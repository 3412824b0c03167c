#pragma once

#include "app/analysis/calibration/MeasuredRunCase.h"

#include <QString>
#include <QVector>

// Runs far off the others, found before a fit (`gpucompare calibrate`): a run whose measured number is more
// than kFactor times further from the estimate than the median run's (ln(measured / estimate) more than
// ln kFactor from the median over the runs that measure it) is a typo, a broken run or another setup, and
// one such run among three drags a fit of a few factors with it. Told apart per measured number, and only
// where at least kFewestRuns runs measure it (two runs cannot say which of them is off).
namespace RunOutliers {

inline constexpr double kFactor = 10.0;
inline constexpr int kFewestRuns = 3;

struct Outlier
{
    qsizetype index = 0; // into the cases
    QString reason;      // "run 7: its TTFT median is 1.2e+07x the estimate, the other runs' 0.91x to 1.1x"
};

// predictions[i][v]: the estimate of cases[i].values[v] under the base profile (every one positive).
QVector<Outlier> find(const QVector<MeasuredRunCase> &cases, const QVector<QVector<double>> &predictions);

} // namespace RunOutliers
