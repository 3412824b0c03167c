#pragma once

#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/ServingCalibrator.h"
#include "app/analysis/calibration/TrainingCalibrator.h"

#include <QString>
#include <QVector>

// Which factors each bundled profile fits, over which range and from which start: the one list
// gpucompare-calibrate fits the bundled profiles with and `gpucompare calibrate` refits a user's profile
// with (UserProfileFit).
namespace ProfileFits {

struct OfflineFit
{
    QString profileId;
    QVector<Calibrator::FitParameter> parameters;
};

// The single-GPU set (benchmarks-calibration.csv): llama.cpp, pytorch-amp, tensorrt-llm.
QVector<OfflineFit> offline();
// The serving engines' factors fitted on the serving points.
QVector<ServingCalibrator::ProfileFit> serving();
// The training frameworks' factors fitted on the training runs at scale.
QVector<TrainingCalibrator::ProfileFit> training();

// Every factor listed for the profile in the three lists, each table and key once (the first range
// listed wins); empty for a profile none of them fits.
QVector<Calibrator::FitParameter> allOf(const QString &profileId);

} // namespace ProfileFits
