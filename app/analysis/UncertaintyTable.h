#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QVector>
#include <optional>

struct EfficiencyParameters;

// What the estimator is known to get wrong, per kind of number and profile: the 10th and 90th percentiles
// of the leave-one-GPU-out residuals ln(measured / predicted) of the calibration measurements behind it,
// stretched to hold 0 (fit; gpucompare-calibrate writes them to resources/seed/uncertainty.json). A residual
// is always that of a rate (tokens/s, samples/s): a time or a price measured in the calibration set enters
// with its sign flipped, so one band serves a rate and its inverse.
struct UncertaintyBand
{
    QString kind;      // UncertaintyTable's kinds: "decode", "prefill", "serving_ttft", ...
    QString profileId; // "llama.cpp"
    QString category;  // the calibration categories behind it: "llama.cpp prefill"
    double lowLog =
        0.0; // ln(measured / predicted) of the rate: the band's low end (from the 10th percentile)
    double highLog = 0.0; // its high end (from the 90th percentile)
    int points = 0;       // measurements behind the band
};

// One leave-one-GPU-out residual of the calibration set, the raw material of the bands.
struct UncertaintyResidual
{
    QString kind;
    QString profileId;
    QString category;
    QString gpuId;
    double residual = 0.0; // ln(measured / predicted) of the rate
    // The workload measured, all but the GPU (PairRatios::conditionsOf): residuals of one workload on two
    // GPUs make a pair residual (PairRanges). Empty in a table written before pairs were kept.
    QString conditions;
};

class UncertaintyTable
{
public:
    // Kinds of estimated number, each with the calibration metrics that measure it.
    static inline const QString kDecode = QStringLiteral("decode");   // tokens/s of one decode step, TPOT
    static inline const QString kPrefill = QStringLiteral("prefill"); // prefill tokens/s, TTFT
    static inline const QString kThroughput = QStringLiteral("throughput"); // end-to-end offline tokens/s
    static inline const QString kTraining = QStringLiteral("training");     // training tokens or samples/s
    static inline const QString kServingTtft = QStringLiteral("serving_ttft");
    static inline const QString kServingTpot = QStringLiteral("serving_tpot");
    static inline const QString kServingE2e = QStringLiteral("serving_e2e");
    static inline const QString kServingThroughput = QStringLiteral("serving_throughput");
    // Queueing under load: no calibration row measures it, so it never has a band and says so. (The p90
    // and p99 latencies take their metric's band: EstimateRanges.)
    static inline const QString kServingTail = QStringLiteral("serving_tail");

    // The profile of a band pooled over every serving engine's residuals of its kind (fit()).
    static inline const QString kAnyProfile = QStringLiteral("*");

    // A band needs at least this many measurements: below it the percentiles are a guess.
    static constexpr int kMinimumPoints = 8;

    UncertaintyTable() = default;
    explicit UncertaintyTable(QVector<UncertaintyBand> bands, QVector<UncertaintyResidual> residuals = {})
        : m_bands(std::move(bands))
        , m_residuals(std::move(residuals))
    {}

    // The bundled table (:/seed/uncertainty.json), read once; empty when the resource is missing or bad.
    static const UncertaintyTable &bundled();
    static std::optional<UncertaintyTable> fromJson(const QByteArray &json, QString *error = nullptr);
    QJsonObject toJson() const;

    const UncertaintyBand *find(const QString &kind, const QString &profileId) const;
    // This table as a profile's numbers read it: a profile fitted on the user's runs brings its own bands,
    // and takes its base profile's for the kinds it has too few runs for. Other profiles: this table.
    UncertaintyTable forProfile(const EfficiencyParameters &parameters) const;
    const QVector<UncertaintyBand> &bands() const { return m_bands; }
    const QVector<UncertaintyResidual> &residuals() const { return m_residuals; }

    // Percentile p (0..1) of `values`, linear between order statistics; 0 for none.
    static double percentile(QVector<double> values, double p);
    // The 80% bands of `residuals`, one per (kind, profile) with at least kMinimumPoints: the 10th and 90th
    // percentiles, stretched to hold 0 (the estimate itself).
    static QVector<UncertaintyBand> fit(const QVector<UncertaintyResidual> &residuals);

    // How often a held-out GPU's residuals fall inside the bands fit() makes without any of its residuals
    // (nested: what to expect on a card whose whole architecture is new; a GPU's residuals share its bias).
    struct Coverage
    {
        int covered = 0;
        int counted = 0; // residuals whose group still had a band without their GPU
        double fraction() const { return counted == 0 ? 0.0 : double(covered) / counted; }
    };
    static Coverage nestedCoverage(const QVector<UncertaintyResidual> &residuals);
    // How often the residuals fall inside the band of their kind and profile: the share of the calibration
    // measurements whose leave-one-GPU-out prediction's range holds them (the 80% the bands promise).
    // Residuals of a kind with too few measurements for a band are counted as not covered.
    Coverage coverage() const;
    // The same per band (kind, profile).
    static QMap<std::pair<QString, QString>, Coverage>
    nestedCoverageByBand(const QVector<UncertaintyResidual> &residuals);

private:
    QVector<UncertaintyBand> m_bands;
    QVector<UncertaintyResidual> m_residuals;
};
