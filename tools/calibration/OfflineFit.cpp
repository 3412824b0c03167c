#include "tools/calibration/OfflineFit.h"

#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/ProfileFits.h"
#include "tools/calibration/ReportText.h"

#include <cmath>

using ReportText::percent;

namespace {

// Profiles without measurements of their own in the set take what tensorrt-llm's fit says where the engines
// are alike. lmdeploy's engine settings (max_num_seqs, max_batched_tokens, kv_memory_fraction) are its own,
// set by hand in profiles.json with their sources in the calibration text; its memory and compute efficiency
// are fitted on its serving rows.
void deriveUnmeasured(const CalibrationInputs &inputs, OfflineFit &fit)
{
    const EfficiencyParameters &trt = fit.fitted[QStringLiteral("tensorrt-llm-0.x")];
    // vLLM: 0.9 of TensorRT-LLM's kernel efficiencies; SGLang and TensorRT-LLM 1.x the same kernels'
    // (cuBLAS/CUTLASS GEMMs, FlashInfer/FlashAttention-3 attention): their factors as they are.
    const auto derive = [&](const char *id, double scale) {
        std::optional<EfficiencyParameters> p = inputs.startOf(QString::fromLatin1(id));
        if (!p)
            return;
        p->memoryEfficiency = PropertyTable(trt.memoryEfficiency.defaultValue() * scale);
        p->computeEfficiency = scale == 1.0 ? trt.computeEfficiency
                                            : PropertyTable(trt.computeEfficiency.defaultValue() * scale);
        p->attentionEfficiency = trt.attentionEfficiency;
        p->layerOverheadUs = trt.layerOverheadUs;
        fit.fitted.insert(QString::fromLatin1(id), *p);
    };
    for (const char *id : {"vllm", "vllm-0.10", "vllm-0.5"})
        derive(id, 0.9);
    for (const char *id : {"sglang", "tensorrt-llm"})
        derive(id, 1.0);
    fit.calibrationTexts.insert(
        QStringLiteral("vllm"),
        QStringLiteral("Not fitted: the calibration set has no vLLM measurements. Derived "
                       "by gpucompare-calibrate from the fitted "
                       "tensorrt-llm factors: memory and compute efficiency x 0.9, the "
                       "same per-layer overhead (an assumption, to be "
                       "replaced when vLLM measurements are added)."));
    if (std::optional<EfficiencyParameters> lmdeploy = inputs.startOf(QStringLiteral("lmdeploy"))) {
        lmdeploy->attentionEfficiency = trt.attentionEfficiency;
        lmdeploy->layerOverheadUs = trt.layerOverheadUs;
        fit.fitted.insert(QStringLiteral("lmdeploy"), *lmdeploy);
    }
}

} // namespace

std::optional<OfflineFit> OfflineFit::run(const CalibrationInputs &inputs, bool crossValidate, bool residuals,
                                          QString *error)
{
    OfflineFit fit;
    fit.crossValidated = crossValidate;
    fit.set = CalibrationData::buildForCalibration(inputs.offlineRows, inputs.gpus, inputs.models);
    QVector<CalibrationPoint> pairSet; // the points in the order of the hold-out predictions
    QVector<double> pairCrossValidated;
    QVector<double> pairArchitectureHeldOut;
    for (const ProfileFits::OfflineFit &profileFit : ProfileFits::offline()) {
        QString problem;
        const std::optional<EfficiencyParameters> start = inputs.startOf(profileFit.profileId, &problem);
        if (!start) {
            *error = QStringLiteral("profile %1 missing or invalid: %2").arg(profileFit.profileId, problem);
            return std::nullopt;
        }
        QVector<CalibrationPoint> points;
        for (const CalibrationPoint &point : fit.set.points)
            if (point.profileId == profileFit.profileId)
                points.append(point);
        const EfficiencyParameters result = Calibrator::fit(points, *start, profileFit.parameters);
        fit.fitted.insert(profileFit.profileId, result);
        const EfficiencyParameters ideal = Calibrator::idealOf(result);
        const QVector<double> cvPredicted =
            crossValidate ? Calibrator::leaveOneGpuOutPredictions(points, *start, profileFit.parameters)
                          : QVector<double>{};
        pairCrossValidated += cvPredicted;
        if (crossValidate)
            pairArchitectureHeldOut +=
                Calibrator::leaveOneArchitectureOutPredictions(points, *start, profileFit.parameters);
        if (residuals)
            fit.residuals += UncertaintyResiduals::offline(points, *start, profileFit.parameters);
        QVector<double> cv;
        QStringList gpuIds;
        for (const CalibrationPoint &point : points)
            if (!gpuIds.contains(point.gpu.gpuId))
                gpuIds << point.gpu.gpuId;
        for (qsizetype i = 0; i < points.size(); ++i) {
            const CalibrationPoint &point = points[i];
            Category &category = fit.categories[point.category];
            ++category.points;
            const double predicted = Calibrator::predict(point, result);
            const double roof = Calibrator::predict(point, ideal);
            category.calibrated << std::fabs(predicted / point.measured - 1.0);
            category.roofline << std::fabs(roof / point.measured - 1.0);
            if (crossValidate) {
                cv << std::fabs(cvPredicted[i] / point.measured - 1.0);
                category.crossValidated << cv.last();
            }
            pairSet << point;
            fit.pointLines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |")
                                  .arg(point.benchId, point.gpu.gpuId,
                                       CalibrationData::metricName(point.metric))
                                  .arg(point.measured, 0, 'g', 5)
                                  .arg(predicted, 0, 'g', 5)
                                  .arg(roof, 0, 'g', 5);
        }
        const double mdape = Calibrator::median(Calibrator::absolutePercentageErrors(points, result));
        fit.calibrationTexts.insert(
            profileFit.profileId,
            QStringLiteral(
                "Fitted by gpucompare-calibrate on %1 measured points of "
                "resources/seed/benchmarks-calibration.csv (GPUs: %2): "
                "coordinate descent minimising the mean |ln(predicted/measured)| over the factors keyed by "
                "memory class or model kind (never by GPU id or architecture). Median absolute error %3 on "
                "the fit%4. "
                "Rerun: gpucompare-calibrate --write-profiles.")
                .arg(points.size())
                .arg(gpuIds.join(QStringLiteral(", ")), percent(mdape),
                     crossValidate
                         ? QStringLiteral(", %1 leaving each GPU out").arg(percent(Calibrator::median(cv)))
                         : QString()));
    }
    fit.pairPoints =
        PairRatios::offlinePoints(pairSet, fit.fitted, pairCrossValidated, pairArchitectureHeldOut);
    deriveUnmeasured(inputs, fit);
    return fit;
}

QStringList OfflineFit::accuracyTable() const
{
    QStringList table{
        QStringLiteral("| Category | Profile | Points | Calibrated MdAPE | Leave-one-GPU-out MdAPE | "
                       "Ideal roofline MdAPE |"),
        QStringLiteral("|---|---|---|---|---|---|")};
    const QMap<QString, QString> profileOf{
        {QStringLiteral("llama.cpp decode"), QStringLiteral("llama.cpp")},
        {QStringLiteral("llama.cpp prefill"), QStringLiteral("llama.cpp")},
        {QStringLiteral("Lambda training"), QStringLiteral("pytorch-amp")},
        {QStringLiteral("MLPerf Inference offline"), QStringLiteral("tensorrt-llm-0.x")},
        {QStringLiteral("TensorRT-LLM offline"), QStringLiteral("tensorrt-llm-0.x")}};
    for (auto it = categories.cbegin(); it != categories.cend(); ++it)
        table << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |")
                     .arg(it.key(), profileOf.value(it.key()))
                     .arg(it->points)
                     .arg(percent(Calibrator::median(it->calibrated)),
                          crossValidated ? percent(Calibrator::median(it->crossValidated))
                                         : QStringLiteral("not run"),
                          percent(Calibrator::median(it->roofline)));
    return table;
}

QStringList OfflineFit::assumptionLines() const
{
    QStringList lines;
    for (const CalibrationPoint &point : set.points)
        if (!point.assumption.isEmpty() && !lines.contains(QStringLiteral("- ") + point.assumption))
            lines << QStringLiteral("- ") + point.assumption;
    return lines;
}

QStringList OfflineFit::skippedLines() const
{
    QStringList lines;
    for (const SkippedRow &row : set.skipped)
        lines << QStringLiteral("- `%1`: %2").arg(row.benchId, row.reason);
    return lines;
}
