#include "app/analysis/calibration/UncertaintyResiduals.h"

#include "app/analysis/PairRanges.h"
#include "app/analysis/calibration/PairRatios.h"

#include <QMap>
#include <cmath>

namespace UncertaintyResiduals {

namespace {

// ln(measured / predicted) of the rate: a time's residual is flipped. A prediction that is not a positive
// number gives nothing (the accuracy tables count it as an error already).
std::optional<double> rateResidual(double measured, double predicted, bool isTime)
{
    if (!(predicted > 0.0) || !std::isfinite(predicted) || !(measured > 0.0))
        return std::nullopt;
    const double residual = std::log(measured / predicted);
    return isTime ? -residual : residual;
}

// Every point predicted with the profiles fitted on the other GPUs' points, in the order of `points`, for
// the serving and training sets (the offline set uses Calibrator::leaveOneGpuOutPredictions). Their
// calibrators' leaveGroupOutPredictions were not checked to fit a held-out GPU alike, so the shipped
// residuals keep coming from this loop.
template <typename Point, typename FitOn, typename Predict>
QVector<double> leaveOneGpuOutPredictions(const QVector<Point> &points, const FitOn &fitOn,
                                          const Predict &predict)
{
    QStringList gpus;
    for (const Point &point : points)
        if (!gpus.contains(point.gpu.gpuId))
            gpus << point.gpu.gpuId;
    QVector<double> predictions(points.size(), 0.0);
    for (const QString &held : gpus) {
        QVector<Point> training;
        for (const Point &point : points)
            if (point.gpu.gpuId != held)
                training << point;
        if (training.isEmpty())
            continue;
        const auto fitted = fitOn(training);
        for (qsizetype i = 0; i < points.size(); ++i)
            if (points[i].gpu.gpuId == held)
                predictions[i] = predict(points[i], fitted);
    }
    return predictions;
}

// What a point measures: the kind of estimated number, its report category, whether it is a time.
struct Tag
{
    QString kind;
    QString category;
    bool isTime = false;
    QString conditions; // the workload but the GPU (PairRatios::conditionsOf), for the pair residuals
};

// The residual of every point tagOf tags (a point it returns nullopt for is left out), from predictions in
// the order of `points`.
template <typename Point, typename TagOf>
QVector<UncertaintyResidual> residualsOf(const QVector<Point> &points, const QVector<double> &predictions,
                                         const TagOf &tagOf)
{
    QVector<UncertaintyResidual> residuals;
    for (qsizetype i = 0; i < points.size(); ++i) {
        const Point &p = points[i];
        const std::optional<Tag> tag = tagOf(p);
        if (!tag)
            continue;
        if (const auto r = rateResidual(p.measured, predictions[i], tag->isTime))
            residuals << UncertaintyResidual{tag->kind,   p.profileId, tag->category,
                                             p.gpu.gpuId, *r,          tag->conditions};
    }
    return residuals;
}

QString offlineKind(CalibrationMetric metric)
{
    switch (metric) {
    case CalibrationMetric::DecodeTokensPerS:
        return UncertaintyTable::kDecode;
    case CalibrationMetric::PrefillTokensPerS:
    case CalibrationMetric::SamplesPerS:
    case CalibrationMetric::TtftMs:
        return UncertaintyTable::kPrefill;
    case CalibrationMetric::ThroughputTokensPerS:
        return UncertaintyTable::kThroughput;
    case CalibrationMetric::TrainingSamplesPerS:
        return UncertaintyTable::kTraining;
    }
    return {};
}

QString servingKind(ServingMetric metric)
{
    switch (metric) {
    case ServingMetric::TtftMs:
        return UncertaintyTable::kServingTtft;
    case ServingMetric::TpotMs:
    case ServingMetric::ItlMs:
        return UncertaintyTable::kServingTpot;
    case ServingMetric::E2eMs:
        return UncertaintyTable::kServingE2e;
    case ServingMetric::OutputTokensPerS:
    case ServingMetric::RequestsPerS:
        return UncertaintyTable::kServingThroughput;
    }
    return {};
}

QString percent(double logValue)
{
    const double change = (std::exp(logValue) - 1.0) * 100.0;
    return (change >= 0.0 ? QStringLiteral("+") : QString()) + QString::number(change, 'f', 1) + u'%';
}

} // namespace

QVector<UncertaintyResidual> offline(const QVector<CalibrationPoint> &points,
                                     const EfficiencyParameters &start,
                                     const QVector<Calibrator::FitParameter> &parameters)
{
    return residualsOf(
        points, Calibrator::leaveOneGpuOutPredictions(points, start, parameters),
        [](const CalibrationPoint &p) {
            return Tag{offlineKind(p.metric), p.category, p.metric == CalibrationMetric::TtftMs,
                       PairRatios::conditionsOf(p.source, CalibrationData::metricName(p.metric), p.workload)};
        });
}

QVector<UncertaintyResidual> serving(const QVector<ServingPoint> &points,
                                     const ServingCalibrator::Profiles &start,
                                     const QVector<ServingCalibrator::ProfileFit> &fits)
{
    return residualsOf(
        points,
        leaveOneGpuOutPredictions(
            points,
            [&](const QVector<ServingPoint> &training) {
                return ServingCalibrator::fit(training, start, fits);
            },
            [](const ServingPoint &point, const ServingCalibrator::Profiles &fitted) {
                return ServingCalibrator::predict(point, fitted[point.profileId]);
            }),
        [](const ServingPoint &p) -> std::optional<Tag> {
            // A row the fit leaves out measures what the simulation does not model (the spread
            // of request lengths): its error says nothing about the equal requests the app
            // simulates.
            if (!p.notFitted.isEmpty())
                return std::nullopt;
            const QString kind = servingKind(p.metric);
            return Tag{kind,
                       QStringLiteral("%1 serving %2")
                           .arg(p.profileId, ServingCalibrationData::metricGroup(p.metric)),
                       kind != UncertaintyTable::kServingThroughput,
                       PairRatios::conditionsOf(
                           p.source, ServingCalibrationData::metricName(p.metric, p.statistic), p.workload)};
        });
}

QVector<UncertaintyResidual> training(const QVector<TrainingPoint> &points,
                                      const TrainingCalibrator::Profiles &start,
                                      const QVector<TrainingCalibrator::ProfileFit> &fits)
{
    return residualsOf(
        points,
        leaveOneGpuOutPredictions(
            points,
            [&](const QVector<TrainingPoint> &training) {
                return TrainingCalibrator::fit(training, start, fits);
            },
            [](const TrainingPoint &point, const TrainingCalibrator::Profiles &fitted) {
                return TrainingCalibrator::predict(point, fitted[point.profileId]);
            }),
        [](const TrainingPoint &p) -> std::optional<Tag> {
            if (!p.fitted)
                return std::nullopt;
            return Tag{UncertaintyTable::kTraining, QStringLiteral("%1 training").arg(p.source),
                       p.metric == TrainingMetric::StepTimeS,
                       PairRatios::conditionsOf(p.source, TrainingCalibrationData::metricName(p.metric),
                                                p.workload)};
        });
}

QStringList reportSection(const QVector<UncertaintyResidual> &residuals)
{
    QStringList lines;
    const QVector<UncertaintyBand> bands = UncertaintyTable::fit(residuals);
    const UncertaintyTable::Coverage pooled = UncertaintyTable(bands, residuals).coverage();
    const UncertaintyTable::Coverage all = UncertaintyTable::nestedCoverage(residuals);
    const auto byBand = UncertaintyTable::nestedCoverageByBand(residuals);
    lines
        << QStringLiteral("## Uncertainty ranges") << QString()
        << QStringLiteral(
               "The range the app shows around each estimated number (`estimate --json` \"ranges\", the "
               "Compare table, the charts' error bars, the math), from the leave-one-GPU-out residuals "
               "ln(measured / predicted) of the calibration measurements of the number's kind and profile "
               "(`resources/seed/uncertainty.json`). A residual is that of a rate: a measured time (TTFT, "
               "TPOT) enters inverted, and a time or price estimate takes the inverted band of its rate. The "
               "band is the 10th to 90th percentile of the residuals, stretched to hold 0 where the held-out "
               "fits' bias puts it wholly on one side (an engine measured on one GPU only), so a range "
               "always "
               "holds its estimate. Serving rows the fit leaves out (\"Rows reported above but not in the "
               "fit "
               "objective\") are left out here too. A kind and profile with fewer than %1 measurements has "
               "no "
               "band, and its numbers say so.")
               .arg(UncertaintyTable::kMinimumPoints)
        << QString()
        << QStringLiteral(
               "Coverage: **%1 of %2 calibration measurements (%3%)** lie inside the range of their own "
               "leave-one-GPU-out prediction (aim of issue 24: about 80%, 70-90%; a measurement whose kind "
               "has "
               "no band counts as outside). Nested, with the bands also made without the held-out GPU's "
               "residuals, **%4 of %5 (%6%)**: a GPU's errors share one bias, so on a card whose "
               "architecture "
               "the set does not have, expect its numbers outside the range more often than 1 in 5 (column "
               "\"Held-out coverage\"; \"-\" where every measurement is on one GPU).")
               .arg(pooled.covered)
               .arg(pooled.counted)
               .arg(QString::number(pooled.fraction() * 100.0, 'f', 1))
               .arg(all.covered)
               .arg(all.counted)
               .arg(QString::number(all.fraction() * 100.0, 'f', 1))
        << QString() << QStringLiteral("| Kind | Profile | Categories | Points | Range | Held-out coverage |")
        << QStringLiteral("|---|---|---|---|---|---|");
    for (const UncertaintyBand &band : bands) {
        const UncertaintyTable::Coverage coverage = byBand.value({band.kind, band.profileId});
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 / %6 | %7 |")
                     .arg(band.kind, band.profileId, band.category)
                     .arg(band.points)
                     .arg(percent(band.lowLog), percent(band.highLog),
                          coverage.counted == 0
                              ? QStringLiteral("-")
                              : QStringLiteral("%1/%2").arg(coverage.covered).arg(coverage.counted));
    }
    QMap<std::pair<QString, QString>, int> counts;
    for (const UncertaintyResidual &r : residuals)
        ++counts[{r.kind, r.profileId}];
    QStringList without;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() < UncertaintyTable::kMinimumPoints)
            without << QStringLiteral("%1 %2 (%3)").arg(it.key().second, it.key().first).arg(it.value());
    lines << QString()
          << QStringLiteral("Too few measurements for a band: %1. Every other kind and profile (vllm or "
                            "lmdeploy offline, memory numbers) has no measurement behind it.")
                 .arg(without.isEmpty() ? QStringLiteral("none") : without.join(QStringLiteral(", ")));
    // The ranges of a ratio of two GPUs (compare's "pairs", the answer strip's "1.34x (1.18-1.52x, 80%)").
    const PairRanges::Coverage pairs = PairRanges::heldOutCoverage(residuals);
    lines << QString()
          << QStringLiteral(
                 "Pair ranges: the ratio of two GPUs' estimates of one number carries the 10th to 90th "
                 "percentile of the pair residuals of its kind and profile, each the difference of two GPUs' "
                 "leave-one-GPU-out residuals on the same workload (ln(measured ratio / predicted ratio), "
                 "both ways round; `app/analysis/PairRanges.cpp`). Held out, each calibration pair against "
                 "the range made from the pairs that share neither of its GPUs: **%1 of %2 (%3%)** inside "
                 "(aim of issue 59: 80% +- 10; `PairRangesTest`).")
                 .arg(pairs.covered)
                 .arg(pairs.counted)
                 .arg(QString::number(pairs.share() * 100.0, 'f', 1));
    return lines;
}

} // namespace UncertaintyResiduals
