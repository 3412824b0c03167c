#pragma once

#include "app/analysis/UncertaintyTable.h"
#include "app/analysis/calibration/CalibrationData.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/ServingCalibrator.h"
#include "app/analysis/calibration/TrainingCalibrator.h"

#include <QStringList>
#include <QVector>

// The leave-one-GPU-out residuals ln(measured / predicted) of every calibration measurement, each tagged
// with the kind of estimated number it measures (UncertaintyTable's kinds), for the 80% bands the app
// shows around its numbers. A prediction is made with factors fitted without the measured GPU, so a band
// says how far off the estimator is on a card it has not seen. Times enter inverted (the residual of the
// rate), so one band serves a rate and its time.
namespace UncertaintyResiduals {

// The offline set of one profile (llama.cpp, TensorRT-LLM, MLPerf, Lambda training).
QVector<UncertaintyResidual> offline(const QVector<CalibrationPoint> &points,
                                     const EfficiencyParameters &start,
                                     const QVector<Calibrator::FitParameter> &parameters);
// Serving under load, every engine profile together (as ServingCalibrator fits them).
QVector<UncertaintyResidual> serving(const QVector<ServingPoint> &points,
                                     const ServingCalibrator::Profiles &start,
                                     const QVector<ServingCalibrator::ProfileFit> &fits);
// Training at scale: the fitted throughput of each run (its MFU and step-time rows restate it).
QVector<UncertaintyResidual> training(const QVector<TrainingPoint> &points,
                                      const TrainingCalibrator::Profiles &start,
                                      const QVector<TrainingCalibrator::ProfileFit> &fits);

// The markdown section of docs/estimator-accuracy.md: the band of each kind and profile and the nested
// leave-one-GPU-out coverage.
QStringList reportSection(const QVector<UncertaintyResidual> &residuals);

} // namespace UncertaintyResiduals
