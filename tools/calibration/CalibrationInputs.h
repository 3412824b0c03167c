#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "db/Benchmark.h"
#include "db/EfficiencyProfile.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"

#include <QString>
#include <QVector>
#include <optional>

// What the calibration reads from a source tree's resources/seed: the datasheets, the three measured
// sets (single-GPU and offline, serving under load, training at scale, dense and MoE), the model presets
// and the profiles it starts from.
struct CalibrationInputs
{
    QString seedDir; // DIR/resources/seed/, with its slash
    QVector<GpuSpec> gpus;
    QVector<Benchmark> offlineRows;     // benchmarks-calibration.csv
    QVector<Benchmark> servingRows;     // benchmarks-serving-calibration.csv and its -inferencex.csv
    QVector<Benchmark> trainingRows;    // benchmarks-training-calibration.csv
    QVector<Benchmark> moeTrainingRows; // benchmarks-training-calibration-moe.csv: held out, never fitted
    QVector<ModelSpec> models;
    QVector<EfficiencyProfile> profiles;

    // Reads DIR/resources/seed; on failure says which file and why.
    static std::optional<CalibrationInputs> read(const QString &sourceDir, QString *error);
    // The starting parameters of a profile, or nothing when profiles.json lacks it or it does not parse.
    std::optional<EfficiencyParameters> startOf(const QString &profileId, QString *error = nullptr) const;
};
