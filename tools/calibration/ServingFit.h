#pragma once

#include "app/analysis/calibration/PairRatios.h"
#include "app/analysis/calibration/ServingCalibrationData.h"
#include "app/analysis/calibration/ServingCalibrator.h"
#include "tools/calibration/CalibrationInputs.h"

#include <QMap>
#include <QStringList>
#include <optional>

// Serving under load: each engine's serving factors fitted on benchmarks-serving-calibration.csv, starting
// from its offline fit, its errors in-sample and held out, and the report's serving section.
struct ServingFit
{
    bool crossValidated = false;
    ServingCalibrationSet set;
    QVector<ServingCalibrator::ProfileFit> fitList;
    ServingCalibrator::Profiles start;
    ServingCalibrator::Profiles fitted;
    // Per point, in set.points order: |predicted / measured - 1|.
    QVector<double> calibrated;
    QVector<double> batchStatic; // today's batch-static estimate at batch = concurrency
    QVector<double> byGpu;       // cross-validation only
    QVector<double> bySource;    // cross-validation only
    QVector<double> byEngine;    // each engine version (profile) left out: cross-validation only
    QVector<double> byGpuPredicted;
    QVector<double> byArchitecturePredicted;

    // start: the offline fit of every engine (ProfileFits::serving names which).
    // gpuHoldOutOnly: of the hold-outs, leave-one-GPU-out alone (the profiles' calibration texts need
    // it; the others are "not run"), for a refit that has not the hour the full set of hold-outs takes.
    static std::optional<ServingFit> run(const CalibrationInputs &inputs,
                                         const QMap<QString, EfficiencyParameters> &start, bool crossValidate,
                                         QString *error, bool gpuHoldOutOnly = false);
    bool allHoldOuts = false;
    QStringList accuracyTable() const;
    QStringList pointTable() const;
    // What the serving fit says in a profile's calibration text.
    QString calibrationText(const QString &profileId) const;
    QVector<PairRatios::Point> pairPoints() const;
    // "## Serving under load" of docs/estimator-accuracy.md.
    QStringList reportSection() const;
};
