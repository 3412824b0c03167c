#pragma once

#include "app/analysis/calibration/CalibrationData.h"
#include "app/analysis/calibration/TrainingCalibrationData.h"
#include "db/Benchmark.h"
#include "db/CatalogueSnapshot.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <optional>

// A catalogue measurement set beside the estimator's number for the same conditions (its model, lengths,
// batch, precision, GPU count and the framework's profile), built by the calibration set's reading of the
// row (CalibrationData), so the Compare tab and the accuracy report (docs/estimator-accuracy.md) agree.
struct MeasuredComparison
{
    QString conditions; // what was measured and how, short: "llama.cpp prefill, 1,024-token prompt, batch 1,
                        // F16"
    std::optional<double> estimate; // the estimator's number for those conditions, in the row's unit
    QString noEstimate;             // why there is none (no preset for the model, a server scenario, ...)
    double difference = 0.0;        // measured / estimate - 1 (with an estimate)
    double typicalError = 0.0;      // the category's leave-one-GPU-out median error, a fraction
    bool outlier = false;           // |difference| beyond kOutlierFactor x the typical error
    QString doubt; // for an outlier: which to doubt, the measurement or the estimate, and why
};

class MeasuredEstimates
{
    Q_DECLARE_TR_FUNCTIONS(MeasuredEstimates)
public:
    // A difference this many times the category's typical (median) error is far: about one point in ten
    // of a category lies beyond 2x its median error.
    static constexpr double kOutlierFactor = 2.0;

    MeasuredEstimates() = default;
    // Reads every benchmark of the catalogue and estimates each one the estimator can describe, with the
    // catalogue's own profiles; made once per catalogue.
    explicit MeasuredEstimates(const CatalogueSnapshot &catalogue);

    MeasuredComparison compare(const Benchmark &benchmark) const;
    // The catalogue's benchmarks and the user's imported runs as rows (UserRunBenchmarks): what compare()
    // knows.
    const QVector<Benchmark> &benchmarks() const { return m_benchmarks; }

    // The leave-one-GPU-out median absolute percentage error of a calibration category
    // (docs/estimator-accuracy.md), as a fraction; 0 for a category without one.
    static double typicalError(const QString &category);
    // The benchmark's conditions with no estimate beside them (nobody estimated it).
    static MeasuredComparison conditionsOnly(const Benchmark &benchmark);
    // A difference as the table shows it: "+6%", "−91%".
    static QString differenceText(double difference);
    // The few words that say what a benchmark measured and under what conditions.
    static QString conditionsOf(const Benchmark &benchmark);

private:
    struct Entry
    {
        QString category;  // the accuracy report's category: its typical error
        QString profileId; // the profile that estimates it
        std::optional<double> estimate;
    };
    QString doubtFor(const Benchmark &benchmark, const Entry &entry, double difference) const;

    QVector<Benchmark> m_benchmarks;
    QHash<QString, Entry> m_entries;   // bench id -> its point and estimate
    QHash<QString, QString> m_skipped; // bench id -> why the estimator cannot describe it
};
