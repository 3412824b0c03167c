#pragma once

#include "app/analysis/calibration/PairRatios.h"
#include "app/analysis/calibration/TrainingCalibrationData.h"
#include "app/analysis/calibration/TrainingCalibrator.h"
#include "tools/calibration/CalibrationInputs.h"

#include <QMap>
#include <QStringList>
#include <optional>

// Training at scale: the fsdp and megatron profiles fitted on benchmarks-training-calibration.csv, their
// errors in-sample and held out, and the report's training section.
struct TrainingFit
{
    const CalibrationInputs *inputs = nullptr;
    bool crossValidated = false;
    TrainingCalibrationSet set;
    TrainingCalibrationSet moeSet; // benchmarks-training-calibration-moe.csv, predicted with `fitted`
    QVector<TrainingCalibrator::ProfileFit> fitList;
    TrainingCalibrator::Profiles start;
    TrainingCalibrator::Profiles fitted;
    TrainingCalibrator::Profiles ideal; // every efficiency 1, no overlap
    // Per point, in set.points order: |predicted / measured - 1|.
    QVector<double> calibrated;
    QVector<double> roofline;
    QVector<double> byGpu;    // fitted without the point's GPU (cross-validation only)
    QVector<double> bySource; // fitted without the point's source (cross-validation only)
    // Predictions of the hold-outs, for the GPU-pair table (cross-validation only).
    QVector<double> byGpuPredicted;
    QVector<double> byArchitecturePredicted;

    static std::optional<TrainingFit> run(const CalibrationInputs &inputs, bool crossValidate,
                                          QString *error);

    // Markdown tables: MdAPE per metric and source; the fitted factors; tokens/s per GPU across the node
    // boundary; every point.
    QStringList accuracyTable() const;
    QStringList factorTable() const;
    QStringList nodeBoundaryTable() const;
    QStringList pointTable() const;
    // The MoE runs, held out: each compared run (one throughput per run) with its error, then the medians.
    QStringList moeTable() const;
    // Each fitted profile's calibration text for profiles.json.
    QMap<QString, QString> calibrationTexts() const;
    QVector<PairRatios::Point> pairPoints() const;
    // "## Training at scale" of docs/estimator-accuracy.md.
    QString reportSection() const;
};
