#include "tools/calibration/TrainingFit.h"

#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/calibration/CalibrationData.h"
#include "app/analysis/calibration/CalibrationDescent.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/ProfileFits.h"
#include "tools/calibration/ReportText.h"

#include <QTextStream>
#include <algorithm>
#include <cmath>

using ReportText::factorText;
using ReportText::medianOf;
using ReportText::percent;

std::optional<TrainingFit> TrainingFit::run(const CalibrationInputs &inputs, bool crossValidate,
                                            QString *error)
{
    TrainingFit fit;
    fit.inputs = &inputs;
    fit.crossValidated = crossValidate;
    fit.set = TrainingCalibrationData::build(inputs.trainingRows, inputs.gpus, inputs.models);
    fit.moeSet = TrainingCalibrationData::build(inputs.moeTrainingRows, inputs.gpus, inputs.models);
    fit.fitList = ProfileFits::training();
    for (const TrainingCalibrator::ProfileFit &f : fit.fitList) {
        const auto parameters = inputs.startOf(f.profileId);
        if (!parameters) {
            *error = QStringLiteral("profile %1 missing or invalid").arg(f.profileId);
            return std::nullopt;
        }
        fit.start.insert(f.profileId, *parameters);
    }
    const QVector<TrainingPoint> &tp = fit.set.points;
    fit.fitted = TrainingCalibrator::fit(tp, fit.start, fit.fitList);
    for (auto it = fit.fitted.cbegin(); it != fit.fitted.cend(); ++it)
        fit.ideal.insert(it.key(), Calibrator::idealOf(it.value()));
    fit.calibrated = TrainingCalibrator::absolutePercentageErrors(tp, fit.fitted);
    fit.roofline = TrainingCalibrator::absolutePercentageErrors(tp, fit.ideal);
    if (crossValidate) {
        fit.byGpuPredicted = TrainingCalibrator::leaveGroupOutPredictions(
            tp, fit.start, fit.fitList, [](const TrainingPoint &p) { return p.gpu.gpuId; });
        fit.byGpu = CalibrationDescent::absoluteErrors(tp, fit.byGpuPredicted);
        fit.byArchitecturePredicted = TrainingCalibrator::leaveGroupOutPredictions(
            tp, fit.start, fit.fitList,
            [](const TrainingPoint &p) { return GpuCapabilities::architectureFamily(p.gpu).toString(); });
        fit.bySource = TrainingCalibrator::leaveGroupOut(tp, fit.start, fit.fitList,
                                                         [](const TrainingPoint &p) { return p.source; });
    }
    return fit;
}

QStringList TrainingFit::accuracyTable() const
{
    const QVector<TrainingPoint> &tp = set.points;
    QStringList table{
        QStringLiteral("| Metric | Source | Points | Calibrated MdAPE | Leave-one-GPU-out MdAPE | "
                       "Leave-one-source-out MdAPE | Ideal roofline MdAPE |"),
        QStringLiteral("|---|---|---|---|---|---|---|")};
    for (const QString &group : TrainingCalibrationData::metricGroups()) {
        QStringList groups = TrainingCalibrationData::reportGroups();
        groups.insert(3, QStringLiteral("llm-foundry"));
        groups << QStringLiteral("all");
        for (const QString &source : groups) {
            QVector<int> picks;
            for (int i = 0; i < tp.size(); ++i)
                if (TrainingCalibrationData::metricGroup(tp[i].metric) == group &&
                    (source == QLatin1String("all") || tp[i].source == source ||
                     TrainingCalibrationData::reportGroup(tp[i]) == source))
                    picks << i;
            if (picks.isEmpty())
                continue;
            const bool bold = source == QLatin1String("all") || source == QLatin1String("llm-foundry");
            table << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                         .arg(group, bold ? QStringLiteral("**%1**").arg(source) : source)
                         .arg(picks.size())
                         .arg(medianOf(calibrated, picks),
                              crossValidated ? medianOf(byGpu, picks) : QStringLiteral("not run"),
                              crossValidated ? medianOf(bySource, picks) : QStringLiteral("not run"),
                              medianOf(roofline, picks));
        }
    }
    return table;
}

QStringList TrainingFit::pointTable() const
{
    QStringList lines;
    for (const TrainingPoint &point : set.points)
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                     .arg(point.benchId, point.gpu.gpuId, TrainingCalibrationData::metricName(point.metric))
                     .arg(point.measured, 0, 'g', 5)
                     .arg(TrainingCalibrator::predict(point, fitted[point.profileId]), 0, 'g', 5)
                     .arg(TrainingCalibrator::predict(point, ideal[point.profileId]), 0, 'g', 5)
                     .arg(point.fitted ? point.profileId
                                       : point.profileId + QStringLiteral(" (reported only)"));
    return lines;
}

QStringList TrainingFit::moeTable() const
{
    QStringList lines{QStringLiteral("| Run | GPUs | Layout | Metric | Measured | Estimated | Error |"),
                      QStringLiteral("|---|---|---|---|---|---|---|")};
    QVector<double> all, plain, hybrid;
    for (const TrainingPoint &point : moeSet.points) {
        if (!point.fitted && !point.heldOut)
            continue; // restates a compared run under another convention
        const double predicted = TrainingCalibrator::predict(point, fitted[point.profileId]);
        const double error = predicted / point.measured - 1.0;
        const Workload &w = point.workload;
        lines << QStringLiteral("| %1 | %2 | tp %3 pp %4 ep %5 cp %6 | %7 | %8 | %9 | %10% |")
                     .arg(point.benchId)
                     .arg(w.gpuCount)
                     .arg(w.tensorParallel)
                     .arg(w.pipelineParallel)
                     .arg(w.expertParallel)
                     .arg(w.contextParallel)
                     .arg(TrainingCalibrationData::metricName(point.metric))
                     .arg(point.measured, 0, 'g', 4)
                     .arg(predicted, 0, 'g', 4)
                     .arg(100.0 * error, 0, 'f', 1);
        all << std::fabs(error);
        (point.workload.model.layerPattern.isEmpty() ? plain : hybrid) << std::fabs(error);
    }
    const auto median = [](QVector<double> v) {
        if (v.isEmpty())
            return QStringLiteral("none");
        std::sort(v.begin(), v.end());
        const int n = int(v.size());
        return QStringLiteral("%1%").arg(100.0 * (v[(n - 1) / 2] + v[n / 2]) / 2.0, 0, 'f', 1);
    };
    lines << QString()
          << QStringLiteral("Median |error|: %1 over all %2 runs; %3 over the %4 MoE transformer "
                            "runs; %5 over the %6 hybrid runs.")
                 .arg(median(all))
                 .arg(all.size())
                 .arg(median(plain))
                 .arg(plain.size())
                 .arg(median(hybrid))
                 .arg(hybrid.size());
    return lines;
}

// The node boundary: the same model and per-GPU batch on one node and on two (8 -> 16 GPUs) must not
// jump; the network is slower than NVLink, so the second node costs what its exposed traffic costs.
QStringList TrainingFit::nodeBoundaryTable() const
{
    QStringList lines;
    for (const char *gpuId : {"h100_sxm5_80gb", "a100_sxm4_80gb"})
        for (const char *modelId : {"mpt-7b", "mpt-13b", "mpt-30b"})
            for (const Recompute recompute : {Recompute::None, Recompute::Full}) {
                const GpuSpec *gpu = CalibrationData::findGpu(inputs->gpus, QString::fromLatin1(gpuId));
                const ModelSpec *model =
                    CalibrationData::findModel(inputs->models, QString::fromLatin1(modelId));
                if (!gpu || !model)
                    continue;
                Workload w;
                w.model = *model;
                w.task = Task::Training;
                w.tensorParallel = 1;
                w.pipelineParallel = 1;
                w.zeroStage = 3;
                w.recompute = recompute;
                w.sequenceLength = 2048;
                w.microBatch = recompute == Recompute::Full ? 16 : 4;
                w.gpusPerNode = 8;
                w.networkGbps = QLatin1String(gpuId).startsWith(QLatin1String("a100"))
                                    ? TrainingCalibrationData::kA100RoceGbps
                                    : TrainingCalibrationData::kH100NetworkGbps;
                QStringList cells;
                double first = 0.0;
                for (const int gpuCount : {8, 16, 64}) {
                    w.gpuCount = gpuCount;
                    w.batch = w.microBatch * gpuCount;
                    TrainingPoint point;
                    point.gpu = *gpu;
                    point.workload = w;
                    point.profileId = QStringLiteral("fsdp");
                    const double perGpu = TrainingCalibrator::predict(point, fitted[point.profileId]);
                    if (gpuCount == 8)
                        first = perGpu;
                    cells << QString::number(perGpu, 'f', 0);
                    if (gpuCount != 8)
                        cells.last() += QStringLiteral(" (%1%2%)")
                                            .arg(perGpu >= first ? QStringLiteral("+") : QString())
                                            .arg((perGpu / first - 1.0) * 100.0, 0, 'f', 1);
                }
                lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 |")
                             .arg(QString::fromLatin1(gpuId), QString::fromLatin1(modelId),
                                  Recomputes::name(recompute) + QStringLiteral(", micro-batch ") +
                                      QString::number(w.microBatch),
                                  QString::number(w.networkGbps, 'f', 0))
                             .arg(cells.join(QStringLiteral(" | ")));
            }
    return lines;
}

QStringList TrainingFit::factorTable() const
{
    QStringList lines{
        QStringLiteral(
            "| Profile | compute_efficiency | attention_efficiency | attention_flops_per_sm_clock | "
            "gemm_width_half | gemm_tokens_half | training_bytes_per_flop | layer_overhead_us | "
            "fp8_compute_factor | network_efficiency | communication_efficiency | dp_overlap | "
            "tp_overlap |"),
        QStringLiteral("|---|---|---|---|---|---|---|---|---|---|---|---|---|")};
    for (const TrainingCalibrator::ProfileFit &f : fitList) {
        const EfficiencyParameters &p = fitted[f.profileId];
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 | %12 | %13 |")
                     .arg(f.profileId, factorText(p.computeEfficiency, 3),
                          factorText(p.attentionEfficiency, 3), factorText(p.attentionFlopsPerSmClock, 0),
                          factorText(p.gemmWidthHalf, 0), factorText(p.gemmTokensHalf, 0),
                          factorText(p.trainingBytesPerFlop, 5), factorText(p.layerOverheadUs, 1),
                          factorText(p.fp8ComputeFactor, 3))
                     .arg(factorText(p.networkEfficiency, 3), factorText(p.communicationEfficiency, 3),
                          factorText(p.dataParallelOverlap, 3), factorText(p.tensorParallelOverlap, 3));
    }
    return lines;
}

QMap<QString, QString> TrainingFit::calibrationTexts() const
{
    const QVector<TrainingPoint> &tp = set.points;
    QMap<QString, QString> texts;
    for (const TrainingCalibrator::ProfileFit &f : fitList) {
        QVector<double> errors;
        QVector<double> heldOutGpu;
        QVector<double> heldOutSource;
        QStringList gpuIds;
        QStringList sourceNames;
        for (qsizetype i = 0; i < tp.size(); ++i) {
            if (tp[i].profileId != f.profileId || !tp[i].fitted)
                continue;
            errors << calibrated[i];
            if (crossValidated) {
                heldOutGpu << byGpu[i];
                heldOutSource << bySource[i];
            }
            if (!gpuIds.contains(tp[i].gpu.gpuId))
                gpuIds << tp[i].gpu.gpuId;
            if (!sourceNames.contains(ReportText::trainingSources().value(tp[i].source)))
                sourceNames << ReportText::trainingSources().value(tp[i].source);
        }
        QStringList names;
        for (const Calibrator::FitParameter &p : f.parameters)
            if (!names.contains(p.table))
                names << p.table;
        texts.insert(
            f.profileId,
            QStringLiteral(
                "Training factors (%1) fitted by gpucompare-calibrate on %2 measured runs of "
                "resources/seed/benchmarks-training-calibration.csv (%3; GPUs: %4): TrainingModel's "
                "tokens/s per GPU (Megatron-LM: TFLOP/s per GPU) against the measured, coordinate "
                "descent minimising the mean |ln(predicted/measured)| over factors that are the same "
                "for every GPU (what differs comes from each GPU's record). Median absolute error %5 on the "
                "fit%6. The "
                "other factors are set by hand. Rerun: gpucompare-calibrate --write-profiles.")
                .arg(names.join(QStringLiteral(", ")))
                .arg(errors.size())
                .arg(sourceNames.join(QStringLiteral("; ")), gpuIds.join(QStringLiteral(", ")),
                     percent(Calibrator::median(errors)),
                     crossValidated ? QStringLiteral(", %1 leaving each GPU out, %2 leaving each source out")
                                          .arg(percent(Calibrator::median(heldOutGpu)),
                                               percent(Calibrator::median(heldOutSource)))
                                    : QString()));
    }
    return texts;
}

QVector<PairRatios::Point> TrainingFit::pairPoints() const
{
    return PairRatios::trainingPoints(set.points, fitted, byGpuPredicted, byArchitecturePredicted);
}

QString TrainingFit::reportSection() const
{
    QStringList assumptions;
    for (const TrainingPoint &point : set.points + moeSet.points)
        assumptions << point.assumption;
    QMap<QString, QStringList> skipped;
    for (const SkippedRow &row : set.skipped)
        skipped[row.reason] << row.benchId;
    QStringList skippedLines;
    for (auto it = skipped.cbegin(); it != skipped.cend(); ++it)
        skippedLines
            << QStringLiteral("- %1: %2 rows (`%3`, ...)").arg(it.key()).arg(it->size()).arg(it->first());
    if (skippedLines.isEmpty())
        skippedLines << QStringLiteral("- none: every row is a point");
    QString text;
    QTextStream report(&text);
    report
        << "## Training at scale\n\n"
        << "Median absolute percentage error of `TrainingModel` (`Estimator::estimate` of a training "
           "workload with the run's parallel layout, global and micro-batch, recomputation and ZeRO "
           "stage) on the measured runs of `resources/seed/benchmarks-training-calibration.csv`, per "
           "metric and source (llm-foundry also per GPU): with the calibrated profiles (llm-foundry: "
           "`fsdp`; NeMo and Megatron-LM: `megatron`); fitted without the GPU being predicted "
           "(leave-one-GPU-out); fitted without the source being predicted (leave-one-source-out); "
           "and "
           "the ideal roofline (every efficiency 1, no overlap) on the same runs. The fit objective "
           "uses "
           "one throughput per run: tokens/s per GPU (Megatron-LM: its TFLOP/s per GPU); the MFU, "
           "model "
           "TFLOP/s and step-time rows restate the same runs and are reported, not fitted. In the "
           "hold-outs a profile left with fewer than "
        << TrainingCalibrator::kOwnFitMinimum
        << " runs of its own gets its factors fitted on every remaining run together (leaving out "
           "the H100 leaves megatron only the A100 Megatron-LM run; leaving out NeMo likewise), and "
           "leaving out the H100 leaves the split between compute efficiency and unhidden memory "
           "traffic to the A100 runs alone. Aim of "
           "issue 18: <= 15%.\n\n"
        << accuracyTable().join(u'\n') << "\n\n"
        << "**MFU and TFLOP/s conventions.** Our MFU is model FLOPs (6N per token plus causal "
           "attention: s/2 earlier tokens, no recomputation) over step time x GPUs x the dense peak "
           "of "
           "the run precision (FP8 runs: the FP8 peak, as Composer's `GPU_AVAILABLE_FLOPS[gpu]"
           "[precision]`). llm-foundry counts attention non-causally (every query against all s "
           "keys, "
           "twice our attention FLOPs), so for the same tokens/s our MFU is below its: by 2-4% at "
           "2,048 "
           "tokens on the 7B-70B models, down to 0.53 of its figure at 65,536 tokens on MPT-125M, "
           "where "
           "attention is most of the work. That is the MFU column's gap over the tokens/s column "
           "(A100-80GB has the largest share of long-sequence rows, 28 of 61). "
           "NeMo's model TFLOP/s (Megatron's formula, full attention and the output layer) are "
           "compared "
           "with our MFU x FP8 peak; Megatron-LM's 138 TFLOP/s (Narayanan et al. 2021) count the "
           "recomputed forward, so they are compared with HFU x FP16 peak. The tokens/s rows carry "
           "no "
           "convention and are the ones fitted.\n\n"
        << "### Training factors\n\n"
        << factorTable().join(u'\n') << "\n\n"
        << "Fitted per profile by coordinate descent minimising the mean |ln(predicted/measured)| "
           "over the fitted runs (`app/analysis/calibration/TrainingCalibrator.cpp`); the same for "
           "every GPU. megatron's fp8_compute_factor is "
           "fsdp's fit: every NeMo run is FP8 on H100, so the H100's efficiency and the FP8 factor "
           "cannot be told apart there, while llm-foundry has BF16 and FP8 runs of the same models "
           "on "
           "H100. Bounds keep the factors physical: compute_efficiency <= 1 (of the achievable matmul rate), "
           "dp_overlap <= 0.95, tp_overlap <= 0.9. fsdp's attention is capped by SMs x clock "
           "(attention_flops_per_sm_clock: FlashAttention-2 issues Ampere's mma.sync on every GPU, about "
           "335 TFLOP/s on an H100 of 989) and pays layer_overhead_us per layer and pass (eager PyTorch's "
           "launches and FSDP's hooks). Not fitted (set by hand in profiles.json): memory_efficiency, "
           "communication_efficiency (NVLink), network_efficiency (0.9 of line rate for fsdp, as "
           "nccl-tests' bus bandwidth between nodes: the runs cannot tell a slower link from less overlap, "
           "so what is exposed is dp_overlap's) and, for megatron, "
           "attention_efficiency, gemm_width_half, gemm_tokens_half, network_efficiency and "
           "dp_overlap (16 runs would not pin them down).\n\n"
        << "### Node boundary\n\n"
        << "Tokens/s per GPU of the calibrated `fsdp` profile with the same model and micro-batch "
           "per "
           "GPU (global batch = micro-batch x GPUs, FULL_SHARD, 2,048 tokens) on one node and beyond "
           "(8, 16 and 64 GPUs): the second node must not cost a jump. Measured: llm-foundry MPT-13B "
           "on H100 at micro-batch 2 gives 4,792, 4,767, 4,811 and 4,800 tokens/s/GPU on 8, 16, 32 "
           "and 64 GPUs.\n\n"
        << "| GPU | Model | Recompute, micro-batch | Network Gb/s per GPU | 8 GPUs | 16 GPUs | 64 "
           "GPUs |\n"
           "|---|---|---|---|---|---|---|\n"
        << nodeBoundaryTable().join(u'\n') << "\n\n"
        << "### MoE training, held out\n\n"
        << "`resources/seed/benchmarks-training-calibration-moe.csv` (NeMo AutoModel and Megatron-Core MoE "
           "on H100) is never fitted: each run is compared once, tokens/s per GPU where its source gives "
           "it, else model TFLOP/s per GPU, with the profiles above (AutoModel runs Transformer Engine's "
           "kernels and DeepEP: megatron). One factor comes from these rows: megatron's "
           "moe_dropless_imbalance (1.7) from the ratios of the four long-context pairs, each length run "
           "with forced balance and with dropless routing (`MoeTrainingAccuracyTest`). The hybrid rows "
           "(Nemotron 3, Qwen3-Next) are reported apart.\n\n"
        << moeTable().join(u'\n') << "\n\n"
        << "### Assumptions for training rows\n\n"
        << ReportText::uniqueBullets(assumptions).join(u'\n') << "\n\n"
        << "### Training rows not used, and why\n\n"
        << skippedLines.join(u'\n') << "\n\n";
    return text;
}
