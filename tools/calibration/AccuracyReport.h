#pragma once

#include "app/analysis/calibration/PairRatios.h"
#include "app/analysis/calibration/UncertaintyResiduals.h"
#include "tools/calibration/OfflineFit.h"
#include "tools/calibration/ServingFit.h"
#include "tools/calibration/TrainingFit.h"

#include <QString>
#include <QStringList>

// docs/estimator-accuracy.md from the three fits: the offline categories, the GPU pairs, the method, the
// serving and training sections, the uncertainty bands and, with points, every point.
struct AccuracyReport
{
    const OfflineFit &offline;
    const ServingFit &serving;
    const TrainingFit &training;
    QVector<PairRatios::Point> pairs;
    QVector<UncertaintyResidual> residuals; // empty: no uncertainty section
    bool listPoints = false;

    QStringList pairTable() const;
    // The pairs the leave-one-GPU-out estimate orders the wrong way, per category (the first few of each).
    QStringList wrongPairLines() const;
    QString markdown() const;
};
