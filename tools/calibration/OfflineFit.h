#pragma once

#include "app/analysis/calibration/CalibrationData.h"
#include "app/analysis/calibration/PairRatios.h"
#include "app/analysis/calibration/UncertaintyResiduals.h"
#include "tools/calibration/CalibrationInputs.h"

#include <QMap>
#include <QStringList>
#include <optional>

// The single-GPU and offline set (benchmarks-calibration.csv): each measured profile fitted on its own
// points (ProfileFits::offline), the profiles without points of their own derived from tensorrt-llm's, and
// the accuracy per category.
struct OfflineFit
{
    struct Category
    {
        int points = 0;
        QVector<double> calibrated; // |predicted / measured - 1| per point
        QVector<double> crossValidated;
        QVector<double> roofline;
    };

    bool crossValidated = false;
    CalibrationSet set;
    QMap<QString, EfficiencyParameters> fitted; // the fitted profiles and vllm and lmdeploy derived
    QMap<QString, QString> calibrationTexts;
    QMap<QString, Category> categories;
    QStringList pointLines;
    QVector<PairRatios::Point> pairPoints;
    QVector<UncertaintyResidual> residuals; // leave-one-GPU-out, when asked for

    static std::optional<OfflineFit> run(const CalibrationInputs &inputs, bool crossValidate, bool residuals,
                                         QString *error);
    QStringList accuracyTable() const;
    // "## Assumptions for rows that leave something out" and "## Rows not used, and why" bullets.
    QStringList assumptionLines() const;
    QStringList skippedLines() const;
};
