// The seed profiles against the measured calibration set: the accuracy the issue asks for, checked on
// every run (docs/estimator-accuracy.md has the full report; gpucompare-calibrate refits the profiles).

#include "app/analysis/calibration/CalibrationData.h"
#include "app/analysis/calibration/Calibrator.h"
#include "tests/analysis/CalibrationFixture.h"

#include <QMap>
#include <gtest/gtest.h>

namespace {

using Loaded = CalibrationFixture::Loaded<CalibrationSet>;

Loaded load()
{
    return CalibrationFixture::load("benchmarks-calibration.csv", CalibrationData::buildForCalibration);
}

} // namespace

// Median absolute percentage error per category, seed profiles vs the ideal roofline on the same points.
// Targets of issue 4: decode <= 15%, the others <= 25%, and well under the roofline's error.
TEST(Accuracy, SeedProfilesMeetTheTargetsOnTheCalibrationSet)
{
    const Loaded loaded = load();
    ASSERT_GT(loaded.set.points.size(), 150);
    QMap<QString, QVector<CalibrationPoint>> byCategory;
    for (const CalibrationPoint &point : loaded.set.points)
        byCategory[point.category].append(point);
    const QMap<QString, double> targets{{QStringLiteral("llama.cpp decode"), 0.15},
                                        {QStringLiteral("llama.cpp prefill"), 0.25},
                                        {QStringLiteral("Lambda training"), 0.25},
                                        {QStringLiteral("MLPerf Inference offline"), 0.25},
                                        {QStringLiteral("TensorRT-LLM offline"), 0.25}};
    EXPECT_EQ(byCategory.keys(), targets.keys());
    for (auto it = byCategory.cbegin(); it != byCategory.cend(); ++it) {
        const EfficiencyParameters &profile = loaded.profiles[it->constFirst().profileId];
        const double calibrated = Calibrator::median(Calibrator::absolutePercentageErrors(*it, profile));
        const double roofline =
            Calibrator::median(Calibrator::absolutePercentageErrors(*it, Calibrator::idealOf(profile)));
        EXPECT_LE(calibrated, targets.value(it.key())) << it.key().toStdString();
        EXPECT_LT(calibrated, roofline / 2.0) << it.key().toStdString();
    }
}

// Hold-out honesty: no factor of any profile is keyed by a GPU's id, so every prediction for a GPU
// outside the set comes from its properties.
TEST(Accuracy, NoFactorIsKeyedByAGpuId)
{
    Loaded loaded = load();
    ASSERT_FALSE(loaded.gpus.isEmpty());
    for (auto it = loaded.profiles.begin(); it != loaded.profiles.end(); ++it)
        for (const QString &key : EfficiencyParameters::tableKeys())
            for (const auto &entry : it->table(key)->overrides())
                for (const GpuSpec &gpu : loaded.gpus)
                    EXPECT_NE(entry.first.compare(gpu.gpuId, Qt::CaseInsensitive), 0)
                        << it.key().toStdString() << " " << key.toStdString();
}
