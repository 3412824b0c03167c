#include "tools/calibration/ServingFit.h"

#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/calibration/CalibrationDescent.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/ProfileFits.h"
#include "tools/calibration/ReportText.h"

using ReportText::factorText;
using ReportText::medianOf;
using ReportText::percent;

std::optional<ServingFit> ServingFit::run(const CalibrationInputs &inputs,
                                          const QMap<QString, EfficiencyParameters> &start,
                                          bool crossValidate, QString *error, bool gpuHoldOutOnly)
{
    ServingFit fit;
    fit.crossValidated = crossValidate;
    fit.set = ServingCalibrationData::build(inputs.servingRows, inputs.gpus, inputs.models);
    fit.fitList = ProfileFits::serving();
    for (const ServingCalibrator::ProfileFit &f : fit.fitList) {
        if (!start.contains(f.profileId)) {
            *error = QStringLiteral("profile %1 missing from profiles.json").arg(f.profileId);
            return std::nullopt;
        }
        fit.start.insert(f.profileId, start[f.profileId]);
    }
    const QVector<ServingPoint> &sp = fit.set.points;
    fit.fitted = ServingCalibrator::fit(sp, fit.start, fit.fitList);
    fit.calibrated = ServingCalibrator::absolutePercentageErrors(sp, fit.fitted);
    fit.batchStatic = ServingCalibrator::staticAbsolutePercentageErrors(sp, fit.fitted);
    if (crossValidate) {
        fit.byGpuPredicted = ServingCalibrator::leaveGroupOutPredictions(
            sp, fit.start, fit.fitList, [](const ServingPoint &p) { return p.gpu.gpuId; });
        fit.byGpu = CalibrationDescent::absoluteErrors(sp, fit.byGpuPredicted);
    }
    fit.allHoldOuts = crossValidate && !gpuHoldOutOnly;
    if (fit.allHoldOuts) {
        fit.byArchitecturePredicted = ServingCalibrator::leaveGroupOutPredictions(
            sp, fit.start, fit.fitList,
            [](const ServingPoint &p) { return GpuCapabilities::architectureFamily(p.gpu).toString(); });
        fit.bySource = ServingCalibrator::leaveGroupOut(sp, fit.start, fit.fitList,
                                                        [](const ServingPoint &p) { return p.source; });
        // An engine version nobody measured gets the factors every other engine's points give.
        fit.byEngine = ServingCalibrator::leaveGroupOut(sp, fit.start, fit.fitList,
                                                        [](const ServingPoint &p) { return p.profileId; });
    }
    return fit;
}

QString ServingFit::calibrationText(const QString &profileId) const
{
    const QVector<ServingPoint> &sp = set.points;
    QVector<double> errors;
    QVector<double> heldOutGpu;
    QStringList gpuIds;
    QStringList sources;
    QMap<QString, QVector<double>> byGroup;
    int reportedOnly = 0;
    for (qsizetype i = 0; i < sp.size(); ++i) {
        if (sp[i].profileId != profileId)
            continue;
        if (!sp[i].notFitted.isEmpty()) {
            ++reportedOnly;
            continue;
        }
        errors << calibrated[i];
        byGroup[ServingCalibrationData::metricGroup(sp[i].metric)] << calibrated[i];
        if (crossValidated)
            heldOutGpu << byGpu[i];
        if (!gpuIds.contains(sp[i].gpu.gpuId))
            gpuIds << sp[i].gpu.gpuId;
        if (!sources.contains(ReportText::servingSources().value(sp[i].source)))
            sources << ReportText::servingSources().value(sp[i].source);
    }
    QStringList perGroup;
    for (const QString &group : ServingCalibrationData::metricGroups())
        if (byGroup.contains(group))
            perGroup << QStringLiteral("%1 %2").arg(group, percent(Calibrator::median(byGroup[group])));
    QStringList names;
    for (const ServingCalibrator::ProfileFit &f : fitList)
        if (f.profileId == profileId)
            for (const Calibrator::FitParameter &p : f.parameters)
                if (!names.contains(p.table))
                    names << p.table;
    return QStringLiteral(
               "Serving factors (%1) fitted by gpucompare-calibrate on %2 measured points of "
               "resources/seed/benchmarks-serving-calibration.csv (%3; GPUs: %4): the serving "
               "simulation against TTFT, TPOT/ITL and throughput under load, coordinate descent "
               "minimising the mean |ln(predicted/measured)|. Median absolute error %5 (%6)%7%8. %9 "
               "Rerun: gpucompare-calibrate --write-profiles.")
        .arg(names.join(QStringLiteral(", ")))
        .arg(errors.size())
        .arg(sources.join(QStringLiteral("; ")), gpuIds.join(QStringLiteral(", ")),
             percent(Calibrator::median(errors)), perGroup.join(QStringLiteral(", ")),
             crossValidated
                 ? QStringLiteral(", %1 leaving each GPU out").arg(percent(Calibrator::median(heldOutGpu)))
                 : QString(),
             reportedOnly > 0 ? QStringLiteral("; %1 more points reported but not fitted (request "
                                               "lengths spread, see docs/estimator-accuracy.md)")
                                    .arg(reportedOnly)
                              : QString(),
             ReportText::engineSettings().value(profileId));
}

QStringList ServingFit::accuracyTable() const
{
    const QVector<ServingPoint> &sp = set.points;
    QStringList table{
        QStringLiteral(
            "| Metric | Source | Points | Calibrated MdAPE | Leave-one-GPU-out MdAPE | "
            "Leave-one-source-out MdAPE | Leave-one-engine-version-out MdAPE | Batch-static MdAPE |"),
        QStringLiteral("|---|---|---|---|---|---|---|---|")};
    for (const QString &group : ServingCalibrationData::metricGroups()) {
        QStringList groupSources = ServingCalibrationData::sources();
        groupSources << QStringLiteral("all");
        for (const QString &source : groupSources) {
            QVector<int> picks;
            for (int i = 0; i < sp.size(); ++i)
                if (ServingCalibrationData::metricGroup(sp[i].metric) == group &&
                    (source == QLatin1String("all") || sp[i].source == source))
                    picks << i;
            if (picks.isEmpty())
                continue;
            table << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |")
                         .arg(group, source == QLatin1String("all") ? QStringLiteral("**all**") : source)
                         .arg(picks.size())
                         .arg(medianOf(calibrated, picks),
                              crossValidated ? medianOf(byGpu, picks) : QStringLiteral("not run"),
                              allHoldOuts ? medianOf(bySource, picks) : QStringLiteral("not run"),
                              allHoldOuts ? medianOf(byEngine, picks) : QStringLiteral("not run"),
                              medianOf(batchStatic, picks));
        }
    }
    return table;
}

QStringList ServingFit::pointTable() const
{
    QStringList lines;
    for (const ServingPoint &point : set.points)
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                     .arg(point.benchId, point.gpu.gpuId,
                          ServingCalibrationData::metricName(point.metric, point.statistic))
                     .arg(point.measured, 0, 'g', 5)
                     .arg(ServingCalibrator::predict(point, fitted[point.profileId]), 0, 'g', 5)
                     .arg(ServingCalibrator::predictStatic(point, fitted[point.profileId]), 0, 'g', 5)
                     .arg(point.notFitted.isEmpty() ? point.profileId
                                                    : point.profileId + QStringLiteral(" (not fitted)"));
    return lines;
}

QVector<PairRatios::Point> ServingFit::pairPoints() const
{
    return PairRatios::servingPoints(set.points, fitted, byGpuPredicted, byArchitecturePredicted);
}

QStringList ServingFit::reportSection() const
{
    QStringList report;
    report << QStringLiteral("## Serving under load") << QString()
           << QStringLiteral(
                  "Median absolute percentage error of the serving simulation (`Estimator::estimate` of a "
                  "workload with traffic: continuous batching step by step, "
                  "`app/analysis/ServingSimulator.cpp`) "
                  "on the measured rows of `resources/seed/benchmarks-serving-calibration.csv`, per metric "
                  "and "
                  "source: with the calibrated profiles; fitted without the GPU being predicted "
                  "(leave-one-GPU-out); fitted without the source being predicted (leave-one-source-out); "
                  "and "
                  "today's batch-static estimate on the same rows (`Estimate::inference` at batch = "
                  "concurrency: every prompt prefilled together, then one decode batch; same profile). In "
                  "both hold-outs an engine left with fewer than %1 points of its own (NIM is "
                  "tensorrt-llm's "
                  "only serving source and is all on H100; LMDeploy is lmdeploy's and is all on A100) gets "
                  "factors fitted on every remaining point together: what a new engine or GPU would get. "
                  "Metrics compare like with like: TTFT mean (NIM, LMDeploy), TPOT mean (NIM's AIPerf "
                  "\"ITL\"), ITL p50 (LMDeploy per-token latency) or mean (Lambda), output tokens/s and "
                  "requests/s, end-to-end mean (vLLM CI). Aim of issue 17: TPOT and throughput <= 15%, TTFT "
                  "<= 25% leave-one-GPU-out.")
                  .arg(ServingCalibrator::kOwnFitMinimum)
           << QString() << accuracyTable().join(u'\n') << QString()
           << QStringLiteral(
                  "Rows reported above but not in the fit objective (the measured value depends on "
                  "something the simulation does not model):")
           << QString();
    QMap<QString, QStringList> notFitted;
    for (const ServingPoint &point : set.points)
        if (!point.notFitted.isEmpty())
            notFitted[point.notFitted] << point.benchId;
    for (auto it = notFitted.cbegin(); it != notFitted.cend(); ++it)
        report << QStringLiteral("- %1 (%2 rows, e.g. `%3`)").arg(it.key()).arg(it->size()).arg(it->first());
    report << QString() << QStringLiteral("### Serving factors") << QString()
           << QStringLiteral(
                  "| Profile | engine | memory_efficiency | compute_efficiency | step_overhead_us | "
                  "sequence_overhead_us | graph_layer_overhead_us (graphs up to) | overlap | "
                  "kv_read_efficiency | request_overhead_ms | kv_memory_fraction | max_num_seqs | "
                  "max_batched_tokens |")
           << QStringLiteral("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (const ServingCalibrator::ProfileFit &f : fitList) {
        const EfficiencyParameters &p = fitted[f.profileId];
        const QString versions =
            p.engineId.isEmpty()
                ? QString()
                : QStringLiteral("%1 %2-%3").arg(p.engineId, p.engineVersionFrom, p.engineVersionTo);
        const QString graphs =
            p.cudaGraphMaxTokens > 0
                ? QStringLiteral("%1 (%2%3)")
                      .arg(factorText(p.graphLayerOverheadUs, 1))
                      .arg(p.cudaGraphMaxTokens)
                      .arg(p.cudaGraphPrefill ? QStringLiteral(", prefills too") : QString())
                : QStringLiteral("no graphs");
        report << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 | %12 | %13 |")
                      .arg(f.profileId, versions, factorText(p.memoryEfficiency, 3),
                           factorText(p.computeEfficiency, 3), factorText(p.stepOverheadUs, 0),
                           factorText(p.sequenceOverheadUs, 1), graphs,
                           p.overlapScheduler ? QStringLiteral("yes") : QStringLiteral("no"),
                           factorText(p.kvReadEfficiency, 3))
                      .arg(factorText(p.requestOverheadMs, 1), QString::number(p.kvMemoryFraction, 'f', 3))
                      .arg(p.maxNumSeqs)
                      .arg(p.maxBatchedTokens);
    }
    report << QString();
    for (const ServingCalibrator::ProfileFit &f : fitList)
        report
            << QStringLiteral("- %1: %2").arg(f.profileId, ReportText::engineSettings().value(f.profileId));
    report << QString() << QStringLiteral("### Assumptions for serving rows") << QString();
    QStringList assumptions;
    for (const ServingPoint &point : set.points)
        assumptions << point.assumption;
    report << ReportText::uniqueBullets(assumptions) << QString()
           << QStringLiteral("### Serving rows not used, and why") << QString();
    QMap<QString, QStringList> skipped;
    for (const SkippedRow &row : set.skipped)
        skipped[row.reason] << row.benchId;
    for (auto it = skipped.cbegin(); it != skipped.cend(); ++it)
        report << QStringLiteral("- %1: %2 rows (`%3`, ...)").arg(it.key()).arg(it->size()).arg(it->first());
    return report;
}
