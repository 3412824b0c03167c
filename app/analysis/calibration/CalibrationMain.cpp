// gpucompare-calibrate: recomputes the efficiency profiles from the measured calibration set and
// reports the estimator's accuracy against it.
//
//   gpucompare-calibrate [--source-dir DIR] [--write-profiles] [--report FILE] [--points] [--no-cv]
//                        [--uncertainty-only | --refit-uncertainty]
//
// Reads DIR/resources/seed/{gpu-specs.csv, benchmarks-calibration.csv, benchmarks-serving-calibration.csv,
// models.json, profiles.json}, fits each calibrated profile's factors (Calibrator) and each serving engine's
// serving factors (ServingCalibrator), prints them as JSON and prints the accuracy tables (median absolute
// percentage error per category: calibrated, leave-one-GPU-out, ideal roofline; serving: per metric and
// source, calibrated, leave-one-GPU-out, leave-one-source-out and the batch-static estimate) and the
// GPU-pair table (PairRatios: ratio error and wrong order of every pair of GPUs measured alike).
// --write-profiles writes the fitted factors back into profiles.json; --report writes the markdown
// report (docs/estimator-accuracy.md). --write-profiles also writes resources/seed/uncertainty.json (the
// leave-one-GPU-out residuals behind the app's 80% ranges) and the report gains their section;
// --uncertainty-only writes that file alone and prints the section, skipping the other hold-outs;
// --refit-uncertainty makes its bands again from the residuals it holds.

#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/calibration/CalibrationData.h"
#include "app/analysis/calibration/CalibrationDescent.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/PairRatios.h"
#include "app/analysis/calibration/ProfileFits.h"
#include "app/analysis/calibration/ServingCalibrationData.h"
#include "app/analysis/calibration/ServingCalibrator.h"
#include "app/analysis/calibration/TrainingCalibrationData.h"
#include "app/analysis/calibration/TrainingCalibrator.h"
#include "app/analysis/calibration/UncertaintyResiduals.h"
#include "db/BenchmarkCsvParser.h"
#include "db/DatasheetCsvParser.h"
#include "db/SeedCatalogue.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTextStream>
#include <cmath>

namespace {

const QMap<QString, QString> &servingSourceText()
{
    static const QMap<QString, QString> text{
        {QStringLiteral("NIM"),
         QStringLiteral("NVIDIA NIM 1.8 (TensorRT-LLM), Llama-3.3-70B FP8 on 2x H100")},
        {QStringLiteral("LMDeploy"), QStringLiteral("LMDeploy TurboMind v0.1/v0.2 on A100")},
        {QStringLiteral("Lambda vLLM"), QStringLiteral("Lambda's vLLM v0.5.4 report, 1-8x A100/H100")},
        {QStringLiteral("vLLM CI"), QStringLiteral("vLLM CI build 9523 on A100")},
        {QStringLiteral("vLLM traces"),
         QStringLiteral("vLLM 0.19 request traces (LLMServingSim) on RTX PRO 6000 Blackwell")}};
    return text;
}

// The engine settings each serving profile carries (set by hand in profiles.json, not fitted), and why.
const QMap<QString, QString> &engineSettingsText()
{
    static const QMap<QString, QString> text{
        {QStringLiteral("tensorrt-llm"),
         QStringLiteral(
             "Engine: max_num_seqs 256, max_batched_tokens 8192 (TensorRT-LLM's max_num_tokens "
             "default); kv_memory_fraction fitted (TensorRT-LLM keeps 0.9 of the memory left after "
             "the weights for its KV cache: about 0.97 of the catalogue's nominal GB).")},
        {QStringLiteral("vllm"),
         QStringLiteral(
             "Engine: max_num_seqs 256 (vLLM's default in v0.5 and V1), max_batched_tokens 8192 "
             "(V1's chunked-prefill budget for the online server; the v0.5.4 of Lambda's report "
             "prefilled without chunks), kv_memory_fraction 0.9 (gpu_memory_utilization). Fitted "
             "on vLLM v0.5.4 (Lambda, 2024-09) and vLLM CI build 9523 (version not shown): newer vLLM "
             "has less "
             "host overhead per step than step_overhead_us says.")},
        {QStringLiteral("lmdeploy"),
         QStringLiteral("Engine: max_num_seqs 128 (max_batch_size of LMDeploy's benchmark configs), "
                        "max_batched_tokens 32768 (v0.1's max_context_token_num=4 prefills several whole "
                        "prompts per step: of 8192, 16384 and 32768 the one that fits the static rows' TTFT "
                        "best), kv_memory_fraction 0.95 (the static rows report 76.5-78.3 GB in use of 80). "
                        "Fitted on TurboMind v0.1/v0.2 (2023-12/2024-01).")},
        {QStringLiteral("llama.cpp"),
         QStringLiteral("Engine: max_num_seqs 4, max_batched_tokens 2048 (llama-server's parallel slots and "
                        "n_batch), kv_memory_fraction 0.9; not calibrated under load.")},
    };
    return text;
}

const QMap<QString, QString> &trainingSourceText()
{
    static const QMap<QString, QString> text{
        {QStringLiteral("llm-foundry"),
         QStringLiteral("MosaicML llm-foundry (PyTorch FSDP), MPT 125M-70B, 8-512 A100/H100")},
        {QStringLiteral("NeMo"), QStringLiteral("NVIDIA NeMo 24.07, GPT-3/Llama/Nemotron FP8 on 8-512 H100")},
        {QStringLiteral("Megatron-LM"), QStringLiteral("Megatron-LM GPT-3 175B on 1,024 A100")}};
    return text;
}

QString percent(double value)
{
    return QString::number(value * 100.0, 'f', 1) + u'%';
}

QByteArray readFile(const QString &path, QTextStream &err)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        err << "gpucompare-calibrate: cannot read " << path << ": " << file.errorString() << Qt::endl;
        return {};
    }
    return file.readAll();
}

struct CategoryReport
{
    int points = 0;
    QVector<double> calibrated;
    QVector<double> crossValidated;
    QVector<double> roofline;
};

// The pairs the leave-one-GPU-out estimate orders the wrong way, per category (the first few of each).
QStringList pairRatioWrongPairs(const QVector<PairRatios::Point> &points, bool crossValidated)
{
    if (!crossValidated)
        return {QStringLiteral("Leave-one-GPU-out not run: no wrong-order list.")};
    constexpr int kListed = 8;
    QStringList lines{QStringLiteral("Pairs in the wrong order, leave-one-GPU-out (measured ratio, predicted "
                                     "ratio of the same GPUs):"),
                      QString()};
    for (const QString &category : PairRatios::categories(points)) {
        const QVector<PairRatios::WrongPair> wrong =
            PairRatios::wrongPairs(points, category, PairRatios::Prediction::CrossValidated);
        for (qsizetype i = 0; i < wrong.size() && i < kListed; ++i) {
            // A ratio of 0: the estimate has the workload not fit on one of the two (no speed to compare).
            const QString predicted =
                wrong[i].predictedRatio > 0.0
                    ? QStringLiteral("predicted %1x").arg(wrong[i].predictedRatio, 0, 'f', 2)
                    : QStringLiteral("estimated not to fit");
            lines << QStringLiteral("- %1: %2 over %3 measured %4x, %5 (%6)")
                         .arg(category, wrong[i].higherGpu, wrong[i].lowerGpu)
                         .arg(wrong[i].measuredRatio, 0, 'f', 2)
                         .arg(predicted, wrong[i].conditions);
        }
        if (wrong.size() > kListed)
            lines << QStringLiteral("- %1: %2 more").arg(category).arg(wrong.size() - kListed);
    }
    if (lines.size() == 2)
        lines << QStringLiteral("- none");
    return lines;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    QString sourceDir = QStringLiteral(GPUCOMPARE_SOURCE_DIR);
    QString reportPath;
    bool writeProfiles = false;
    bool listPoints = false;
    bool crossValidate = true;
    bool trainingOnly = false; // fit and print the training set only (no profiles or report written)
    // Only the leave-one-GPU-out residuals behind the uncertainty ranges: writes uncertainty.json and prints
    // its report section, skipping the other hold-outs (profiles and report not written).
    bool uncertaintyOnly = false;
    bool refitUncertainty = false; // the bands from the residuals already in uncertainty.json
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &arg = args[i];
        if (arg == QLatin1String("--source-dir") && i + 1 < args.size())
            sourceDir = args[++i];
        else if (arg == QLatin1String("--report") && i + 1 < args.size())
            reportPath = args[++i];
        else if (arg == QLatin1String("--write-profiles"))
            writeProfiles = true;
        else if (arg == QLatin1String("--points"))
            listPoints = true;
        else if (arg == QLatin1String("--no-cv"))
            crossValidate = false;
        else if (arg == QLatin1String("--training-only"))
            trainingOnly = true;
        else if (arg == QLatin1String("--uncertainty-only"))
            uncertaintyOnly = true;
        else if (arg == QLatin1String("--refit-uncertainty"))
            refitUncertainty = true;
        else {
            err << "gpucompare-calibrate: unknown argument " << arg
                << "; allowed --source-dir DIR, --write-profiles, --report FILE, --points, --no-cv, "
                   "--training-only, --uncertainty-only, --refit-uncertainty"
                << Qt::endl;
            return 2;
        }
    }
    const bool residuals = crossValidate; // the uncertainty residuals, leave-one-GPU-out
    if (uncertaintyOnly)
        crossValidate = false;
    const QString seed = sourceDir + QStringLiteral("/resources/seed/");
    QString error;
    if (refitUncertainty) {
        // The bands again from the residuals uncertainty.json holds (after a change of how bands are made).
        const QString path = sourceDir + QStringLiteral("/resources/seed/uncertainty.json");
        const auto held = UncertaintyTable::fromJson(readFile(path, err), &error);
        QFile file(path);
        if (!held || !file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            err << "gpucompare-calibrate: " << (held ? path : error) << Qt::endl;
            return 1;
        }
        file.write(QJsonDocument(
                       UncertaintyTable(UncertaintyTable::fit(held->residuals()), held->residuals()).toJson())
                       .toJson(QJsonDocument::Indented));
        out << UncertaintyResiduals::reportSection(held->residuals()).join(u'\n') << "\n";
        return 0;
    }
    const auto gpus =
        DatasheetCsvParser::parse(readFile(seed + QStringLiteral("gpu-specs.csv"), err), &error);
    const auto rows = gpus ? BenchmarkCsvParser::parse(
                                 readFile(seed + QStringLiteral("benchmarks-calibration.csv"), err), &error)
                           : std::nullopt;
    const auto models =
        rows ? SeedCatalogue::readModels(seed + QStringLiteral("models.json"), &error) : std::nullopt;
    const auto profiles =
        models ? SeedCatalogue::readProfiles(seed + QStringLiteral("profiles.json"), &error) : std::nullopt;
    if (!profiles) {
        err << "gpucompare-calibrate: " << error << Qt::endl;
        return 1;
    }

    // Training at scale: the fsdp and megatron profiles on benchmarks-training-calibration.csv.
    const auto trainingRows = BenchmarkCsvParser::parse(
        readFile(seed + QStringLiteral("benchmarks-training-calibration.csv"), err), &error);
    if (!trainingRows) {
        err << "gpucompare-calibrate: benchmarks-training-calibration.csv: " << error << Qt::endl;
        return 1;
    }
    const TrainingCalibrationSet trainingSet = TrainingCalibrationData::build(*trainingRows, *gpus, *models);
    const QVector<TrainingCalibrator::ProfileFit> trainingFitList = ProfileFits::training();
    TrainingCalibrator::Profiles trainingStart;
    for (const TrainingCalibrator::ProfileFit &f : trainingFitList) {
        for (const EfficiencyProfile &profile : *profiles)
            if (profile.profileId == f.profileId)
                if (const auto parameters = EfficiencyParameters::fromProfile(profile))
                    trainingStart.insert(f.profileId, *parameters);
        if (!trainingStart.contains(f.profileId)) {
            err << "gpucompare-calibrate: profile " << f.profileId << " missing or invalid" << Qt::endl;
            return 1;
        }
    }
    const QVector<TrainingPoint> &tp = trainingSet.points;
    const TrainingCalibrator::Profiles trainingFitted =
        TrainingCalibrator::fit(tp, trainingStart, trainingFitList);
    TrainingCalibrator::Profiles trainingIdeal;
    for (auto it = trainingFitted.cbegin(); it != trainingFitted.cend(); ++it)
        trainingIdeal.insert(it.key(), Calibrator::idealOf(it.value()));
    const QVector<double> trainingCalibrated =
        TrainingCalibrator::absolutePercentageErrors(tp, trainingFitted);
    const QVector<double> trainingRoofline = TrainingCalibrator::absolutePercentageErrors(tp, trainingIdeal);
    QVector<double> trainingByGpuPredicted;
    QVector<double> trainingByArchitecturePredicted;
    QVector<double> trainingByGpu;
    QVector<double> trainingBySource;
    if (crossValidate) {
        trainingByGpuPredicted = TrainingCalibrator::leaveGroupOutPredictions(
            tp, trainingStart, trainingFitList, [](const TrainingPoint &p) { return p.gpu.gpuId; });
        trainingByGpu = CalibrationDescent::absoluteErrors(tp, trainingByGpuPredicted);
        trainingByArchitecturePredicted = TrainingCalibrator::leaveGroupOutPredictions(
            tp, trainingStart, trainingFitList,
            [](const TrainingPoint &p) { return GpuCapabilities::architectureFamily(p.gpu).toString(); });
        trainingBySource = TrainingCalibrator::leaveGroupOut(tp, trainingStart, trainingFitList,
                                                             [](const TrainingPoint &p) { return p.source; });
    }
    const auto trainingCell = [&](const QVector<double> &errors, const QVector<int> &picks) {
        QVector<double> picked;
        for (int row : picks)
            picked << errors[row];
        return picked.isEmpty() ? QStringLiteral("-") : percent(Calibrator::median(picked));
    };
    QStringList trainingTable;
    trainingTable << QStringLiteral(
                         "| Metric | Source | Points | Calibrated MdAPE | Leave-one-GPU-out MdAPE | "
                         "Leave-one-source-out MdAPE | Ideal roofline MdAPE |")
                  << QStringLiteral("|---|---|---|---|---|---|---|");
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
            trainingTable
                << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                       .arg(group, source == QLatin1String("all") || source == QLatin1String("llm-foundry")
                                       ? QStringLiteral("**%1**").arg(source)
                                       : source)
                       .arg(picks.size())
                       .arg(trainingCell(trainingCalibrated, picks),
                            crossValidate ? trainingCell(trainingByGpu, picks) : QStringLiteral("not run"),
                            crossValidate ? trainingCell(trainingBySource, picks) : QStringLiteral("not run"),
                            trainingCell(trainingRoofline, picks));
        }
    }
    QStringList trainingPointLines;
    for (int i = 0; i < tp.size(); ++i) {
        const TrainingPoint &point = tp[i];
        trainingPointLines
            << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                   .arg(point.benchId, point.gpu.gpuId, TrainingCalibrationData::metricName(point.metric))
                   .arg(point.measured, 0, 'g', 5)
                   .arg(TrainingCalibrator::predict(point, trainingFitted[point.profileId]), 0, 'g', 5)
                   .arg(TrainingCalibrator::predict(point, trainingIdeal[point.profileId]), 0, 'g', 5)
                   .arg(point.fitted ? point.profileId
                                     : point.profileId + QStringLiteral(" (reported only)"));
    }
    // The node boundary: the same model and per-GPU batch on one node and on two (8 -> 16 GPUs) must not
    // jump; the network is slower than NVLink, so the second node costs what its exposed traffic costs.
    QStringList boundaryLines;
    for (const char *gpuId : {"h100_sxm5_80gb", "a100_sxm4_80gb"})
        for (const char *modelId : {"mpt-7b", "mpt-13b", "mpt-30b"})
            for (const Recompute recompute : {Recompute::None, Recompute::Full}) {
                const GpuSpec *gpu = CalibrationData::findGpu(*gpus, QString::fromLatin1(gpuId));
                const ModelSpec *model = CalibrationData::findModel(*models, QString::fromLatin1(modelId));
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
                    const double perGpu = TrainingCalibrator::predict(point, trainingFitted[point.profileId]);
                    if (gpuCount == 8)
                        first = perGpu;
                    cells << QString::number(perGpu, 'f', 0);
                    if (gpuCount != 8)
                        cells.last() += QStringLiteral(" (%1%2%)")
                                            .arg(perGpu >= first ? QStringLiteral("+") : QString())
                                            .arg((perGpu / first - 1.0) * 100.0, 0, 'f', 1);
                }
                boundaryLines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 |")
                                     .arg(QString::fromLatin1(gpuId), QString::fromLatin1(modelId),
                                          Recomputes::name(recompute) + QStringLiteral(", micro-batch ") +
                                              QString::number(w.microBatch),
                                          QString::number(w.networkGbps, 'f', 0))
                                     .arg(cells.join(QStringLiteral(" | ")));
            }
    const auto factorText = [](const PropertyTable &values, int decimals) {
        QStringList parts{QString::number(values.defaultValue(), 'f', decimals)};
        for (const auto &[key, value] : values.overrides())
            parts << QStringLiteral("%1 %2").arg(key, QString::number(value, 'f', decimals));
        return parts.join(QStringLiteral(", "));
    };
    QStringList trainingFactorLines;
    trainingFactorLines << QStringLiteral(
                               "| Profile | compute_efficiency | attention_efficiency | gemm_width_half | "
                               "gemm_tokens_half | fp8_compute_factor | network_efficiency | "
                               "communication_efficiency | dp_overlap | tp_overlap |")
                        << QStringLiteral("|---|---|---|---|---|---|---|---|---|---|");
    for (const TrainingCalibrator::ProfileFit &f : trainingFitList) {
        const EfficiencyParameters &p = trainingFitted[f.profileId];
        trainingFactorLines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 |")
                                   .arg(f.profileId, factorText(p.computeEfficiency, 3),
                                        factorText(p.attentionEfficiency, 3), factorText(p.gemmWidthHalf, 0),
                                        factorText(p.gemmTokensHalf, 0), factorText(p.fp8ComputeFactor, 3),
                                        factorText(p.networkEfficiency, 3),
                                        factorText(p.communicationEfficiency, 3),
                                        factorText(p.dataParallelOverlap, 3))
                                   .arg(factorText(p.tensorParallelOverlap, 3));
    }
    QMap<QString, QString> trainingCalibrationText;
    for (const TrainingCalibrator::ProfileFit &f : trainingFitList) {
        QVector<double> errors;
        QVector<double> byGpu;
        QVector<double> bySource;
        QStringList gpuIds;
        QStringList sourceNames;
        for (qsizetype i = 0; i < tp.size(); ++i) {
            if (tp[i].profileId != f.profileId || !tp[i].fitted)
                continue;
            errors << trainingCalibrated[i];
            if (crossValidate) {
                byGpu << trainingByGpu[i];
                bySource << trainingBySource[i];
            }
            if (!gpuIds.contains(tp[i].gpu.gpuId))
                gpuIds << tp[i].gpu.gpuId;
            if (!sourceNames.contains(trainingSourceText().value(tp[i].source)))
                sourceNames << trainingSourceText().value(tp[i].source);
        }
        QStringList names;
        for (const Calibrator::FitParameter &p : f.parameters)
            if (!names.contains(p.table))
                names << p.table;
        trainingCalibrationText.insert(
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
                     crossValidate
                         ? QStringLiteral(", %1 leaving each GPU out, %2 leaving each source out")
                               .arg(percent(Calibrator::median(byGpu)), percent(Calibrator::median(bySource)))
                         : QString()));
    }
    if (trainingOnly) {
        out << "# Training accuracy\n"
            << trainingTable.join(u'\n') << "\n\n# Training factors\n"
            << trainingFactorLines.join(u'\n') << "\n\n# Node boundary\n"
            << boundaryLines.join(u'\n') << "\n";
        for (auto it = trainingCalibrationText.cbegin(); it != trainingCalibrationText.cend(); ++it)
            out << "\n" << it.key() << ": " << it.value() << "\n";
        if (listPoints)
            out << "\n" << trainingPointLines.join(u'\n') << "\n";
        return 0;
    }
    const CalibrationSet set = CalibrationData::buildForCalibration(*rows, *gpus, *models);

    QMap<QString, EfficiencyParameters> fitted;
    QMap<QString, QString> calibrationText;
    QMap<QString, CategoryReport> categories;
    QStringList pointLines;
    QVector<CalibrationPoint> pairSet; // the offline points in the order of pairCrossValidated
    QVector<double> pairCrossValidated;
    QVector<double> pairArchitectureHeldOut;
    QVector<UncertaintyResidual> uncertainty; // leave-one-GPU-out, for resources/seed/uncertainty.json
    for (const ProfileFits::OfflineFit &profileFit : ProfileFits::offline()) {
        std::optional<EfficiencyParameters> start;
        for (const EfficiencyProfile &profile : *profiles)
            if (profile.profileId == profileFit.profileId)
                start = EfficiencyParameters::fromProfile(profile, &error);
        if (!start) {
            err << "gpucompare-calibrate: profile " << profileFit.profileId
                << " missing or invalid: " << error << Qt::endl;
            return 1;
        }
        QVector<CalibrationPoint> points;
        for (const CalibrationPoint &point : set.points)
            if (point.profileId == profileFit.profileId)
                points.append(point);
        const EfficiencyParameters result = Calibrator::fit(points, *start, profileFit.parameters);
        fitted.insert(profileFit.profileId, result);
        const EfficiencyParameters ideal = Calibrator::idealOf(result);
        const QVector<double> cvPredicted =
            crossValidate ? Calibrator::leaveOneGpuOutPredictions(points, *start, profileFit.parameters)
                          : QVector<double>{};
        pairCrossValidated += cvPredicted;
        if (crossValidate)
            pairArchitectureHeldOut +=
                Calibrator::leaveOneArchitectureOutPredictions(points, *start, profileFit.parameters);
        if (residuals)
            uncertainty += UncertaintyResiduals::offline(points, *start, profileFit.parameters);
        QVector<double> cv;
        QStringList gpuIds;
        for (const CalibrationPoint &point : points)
            if (!gpuIds.contains(point.gpu.gpuId))
                gpuIds << point.gpu.gpuId;
        for (qsizetype i = 0; i < points.size(); ++i) {
            const CalibrationPoint &point = points[i];
            CategoryReport &report = categories[point.category];
            ++report.points;
            const double predicted = Calibrator::predict(point, result);
            const double roof = Calibrator::predict(point, ideal);
            report.calibrated << std::fabs(predicted / point.measured - 1.0);
            report.roofline << std::fabs(roof / point.measured - 1.0);
            if (crossValidate) {
                cv << std::fabs(cvPredicted[i] / point.measured - 1.0);
                report.crossValidated << cv.last();
            }
            pairSet << point;
            if (listPoints)
                pointLines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |")
                                  .arg(point.benchId, point.gpu.gpuId,
                                       CalibrationData::metricName(point.metric))
                                  .arg(point.measured, 0, 'g', 5)
                                  .arg(predicted, 0, 'g', 5)
                                  .arg(roof, 0, 'g', 5);
        }
        const double mdape = Calibrator::median(Calibrator::absolutePercentageErrors(points, result));
        calibrationText.insert(
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

    QVector<PairRatios::Point> pairPoints =
        PairRatios::offlinePoints(pairSet, fitted, pairCrossValidated, pairArchitectureHeldOut);

    // Profiles without measurements of their own in the set.
    EfficiencyParameters vllm;
    for (const EfficiencyProfile &profile : *profiles)
        if (profile.profileId == QLatin1String("vllm"))
            vllm = *EfficiencyParameters::fromProfile(profile);
    const EfficiencyParameters &trt = fitted[QStringLiteral("tensorrt-llm")];
    vllm.memoryEfficiency = PropertyTable(trt.memoryEfficiency.defaultValue() * 0.9);
    vllm.computeEfficiency = PropertyTable(trt.computeEfficiency.defaultValue() * 0.9);
    vllm.attentionEfficiency = trt.attentionEfficiency;
    vllm.layerOverheadUs = trt.layerOverheadUs;
    fitted.insert(QStringLiteral("vllm"), vllm);
    calibrationText.insert(QStringLiteral("vllm"),
                           QStringLiteral("Not fitted: the calibration set has no vLLM measurements. Derived "
                                          "by gpucompare-calibrate from the fitted "
                                          "tensorrt-llm factors: memory and compute efficiency x 0.9, the "
                                          "same per-layer overhead (an assumption, to be "
                                          "replaced when vLLM measurements are added)."));

    // Serving under load: the engines' serving factors on benchmarks-serving-calibration.csv.
    const auto servingRows = BenchmarkCsvParser::parse(
        readFile(seed + QStringLiteral("benchmarks-serving-calibration.csv"), err), &error);
    if (!servingRows) {
        err << "gpucompare-calibrate: benchmarks-serving-calibration.csv: " << error << Qt::endl;
        return 1;
    }
    const ServingCalibrationSet servingSet = ServingCalibrationData::build(*servingRows, *gpus, *models);
    // lmdeploy has no offline rows: its attention efficiency and per-layer overhead are tensorrt-llm's, as
    // vllm's are; the engine settings (max_num_seqs, max_batched_tokens, kv_memory_fraction) are the
    // profiles' own, set by hand in profiles.json with their sources in the calibration text.
    for (const EfficiencyProfile &profile : *profiles)
        if (profile.profileId == QLatin1String("lmdeploy")) {
            EfficiencyParameters lmdeploy = *EfficiencyParameters::fromProfile(profile);
            lmdeploy.attentionEfficiency = trt.attentionEfficiency;
            lmdeploy.layerOverheadUs = trt.layerOverheadUs;
            fitted.insert(QStringLiteral("lmdeploy"), lmdeploy);
        }
    const QVector<ServingCalibrator::ProfileFit> serving = ProfileFits::serving();
    ServingCalibrator::Profiles servingStart;
    for (const ServingCalibrator::ProfileFit &f : serving) {
        if (!fitted.contains(f.profileId)) {
            err << "gpucompare-calibrate: profile " << f.profileId << " missing from profiles.json"
                << Qt::endl;
            return 1;
        }
        servingStart.insert(f.profileId, fitted[f.profileId]);
    }
    const ServingCalibrator::Profiles servingFitted =
        ServingCalibrator::fit(servingSet.points, servingStart, serving);
    const QVector<ServingPoint> &sp = servingSet.points;
    const QVector<double> servingCalibrated = ServingCalibrator::absolutePercentageErrors(sp, servingFitted);
    const QVector<double> servingStatic =
        ServingCalibrator::staticAbsolutePercentageErrors(sp, servingFitted);
    QVector<double> servingByGpuPredicted;
    QVector<double> servingByArchitecturePredicted;
    QVector<double> servingByGpu;
    QVector<double> servingBySource;
    if (crossValidate) {
        servingByGpuPredicted = ServingCalibrator::leaveGroupOutPredictions(
            sp, servingStart, serving, [](const ServingPoint &p) { return p.gpu.gpuId; });
        servingByGpu = CalibrationDescent::absoluteErrors(sp, servingByGpuPredicted);
        servingByArchitecturePredicted =
            ServingCalibrator::leaveGroupOutPredictions(sp, servingStart, serving, [](const ServingPoint &p) {
                return GpuCapabilities::architectureFamily(p.gpu).toString();
            });
        servingBySource = ServingCalibrator::leaveGroupOut(sp, servingStart, serving,
                                                           [](const ServingPoint &p) { return p.source; });
    }
    for (const ServingCalibrator::ProfileFit &f : serving) {
        fitted.insert(f.profileId, servingFitted[f.profileId]);
        QVector<double> errors;
        QVector<double> byGpu;
        QStringList gpuIds;
        QStringList sources;
        QMap<QString, QVector<double>> byGroup;
        int reportedOnly = 0;
        for (qsizetype i = 0; i < sp.size(); ++i) {
            if (sp[i].profileId != f.profileId)
                continue;
            if (!sp[i].notFitted.isEmpty()) {
                ++reportedOnly;
                continue;
            }
            errors << servingCalibrated[i];
            byGroup[ServingCalibrationData::metricGroup(sp[i].metric)] << servingCalibrated[i];
            if (crossValidate)
                byGpu << servingByGpu[i];
            if (!gpuIds.contains(sp[i].gpu.gpuId))
                gpuIds << sp[i].gpu.gpuId;
            if (!sources.contains(servingSourceText().value(sp[i].source)))
                sources << servingSourceText().value(sp[i].source);
        }
        QStringList perGroup;
        for (const QString &group : ServingCalibrationData::metricGroups())
            if (byGroup.contains(group))
                perGroup << QStringLiteral("%1 %2").arg(group, percent(Calibrator::median(byGroup[group])));
        QStringList names;
        for (const Calibrator::FitParameter &p : f.parameters)
            if (!names.contains(p.table))
                names << p.table;
        const QString text =
            QStringLiteral(
                "Serving factors (%1) fitted by gpucompare-calibrate on %2 measured points of "
                "resources/seed/benchmarks-serving-calibration.csv (%3; GPUs: %4): the serving "
                "simulation against TTFT, TPOT/ITL and throughput under load, coordinate descent "
                "minimising the mean |ln(predicted/measured)|. Median absolute error %5 (%6)%7%8. %9 "
                "Rerun: gpucompare-calibrate --write-profiles.")
                .arg(names.join(QStringLiteral(", ")))
                .arg(errors.size())
                .arg(sources.join(QStringLiteral("; ")), gpuIds.join(QStringLiteral(", ")),
                     percent(Calibrator::median(errors)), perGroup.join(QStringLiteral(", ")),
                     crossValidate
                         ? QStringLiteral(", %1 leaving each GPU out").arg(percent(Calibrator::median(byGpu)))
                         : QString(),
                     reportedOnly > 0 ? QStringLiteral("; %1 more points reported but not fitted (request "
                                                       "lengths spread, see docs/estimator-accuracy.md)")
                                            .arg(reportedOnly)
                                      : QString(),
                     engineSettingsText().value(f.profileId));
        if (f.profileId == QLatin1String("tensorrt-llm"))
            calibrationText[f.profileId] += u' ' + text;
        else
            calibrationText[f.profileId] =
                (f.profileId == QLatin1String("vllm")
                     ? QStringLiteral(
                           "No offline rows in benchmarks-calibration.csv: memory and compute efficiency "
                           "are derived from the fitted tensorrt-llm factors (x 0.9), attention "
                           "efficiency and per-layer overhead the same (an assumption). ")
                     : QStringLiteral(
                           "No offline rows in benchmarks-calibration.csv: memory and compute "
                           "efficiency are fitted on the serving rows below; attention efficiency and "
                           "per-layer overhead are tensorrt-llm's. ")) +
                text;
    }
    calibrationText[QStringLiteral("llama.cpp")] +=
        u' ' + engineSettingsText().value(QStringLiteral("llama.cpp"));

    // Training at scale: fsdp and megatron take their training fits (fitted above).
    for (const TrainingCalibrator::ProfileFit &f : trainingFitList) {
        fitted.insert(f.profileId, trainingFitted[f.profileId]);
        calibrationText.insert(f.profileId, trainingCalibrationText.value(f.profileId));
    }

    QJsonArray written;
    for (const EfficiencyProfile &profile : *profiles) {
        QJsonObject object;
        object.insert(QStringLiteral("profile_id"), profile.profileId);
        object.insert(QStringLiteral("name"), profile.name);
        object.insert(QStringLiteral("description"), profile.description);
        const auto parameters = fitted.contains(profile.profileId)
                                    ? std::optional(fitted[profile.profileId])
                                    : EfficiencyParameters::fromProfile(profile);
        object.insert(QStringLiteral("parameters"), parameters->toJson());
        object.insert(QStringLiteral("calibration"),
                      calibrationText.value(profile.profileId, profile.calibration));
        written.append(object);
    }
    const QByteArray json = QJsonDocument(written).toJson(QJsonDocument::Indented);
    out << "# Fitted profiles\n" << QString::fromUtf8(json) << "\n";

    QStringList table;
    table << QStringLiteral("| Category | Profile | Points | Calibrated MdAPE | Leave-one-GPU-out MdAPE | "
                            "Ideal roofline MdAPE |")
          << QStringLiteral("|---|---|---|---|---|---|");
    const QMap<QString, QString> profileOf{
        {QStringLiteral("llama.cpp decode"), QStringLiteral("llama.cpp")},
        {QStringLiteral("llama.cpp prefill"), QStringLiteral("llama.cpp")},
        {QStringLiteral("Lambda training"), QStringLiteral("pytorch-amp")},
        {QStringLiteral("MLPerf Inference offline"), QStringLiteral("tensorrt-llm")},
        {QStringLiteral("TensorRT-LLM offline"), QStringLiteral("tensorrt-llm")}};
    for (auto it = categories.cbegin(); it != categories.cend(); ++it)
        table << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |")
                     .arg(it.key(), profileOf.value(it.key()))
                     .arg(it->points)
                     .arg(percent(Calibrator::median(it->calibrated)),
                          crossValidate ? percent(Calibrator::median(it->crossValidated))
                                        : QStringLiteral("not run"),
                          percent(Calibrator::median(it->roofline)));
    out << "# Accuracy\n" << table.join(u'\n') << "\n";
    if (listPoints)
        out << "\n| Row | GPU | Metric | Measured | Calibrated | Roofline |\n|---|---|---|---|---|---|\n"
            << pointLines.join(u'\n') << "\n";

    // Serving: per metric group and source, and every source together.
    const auto servingCell = [&](const QVector<double> &errors, const QVector<int> &picks) {
        QVector<double> picked;
        for (int row : picks)
            picked << errors[row];
        return picked.isEmpty() ? QStringLiteral("-") : percent(Calibrator::median(picked));
    };
    QStringList servingTable;
    servingTable << QStringLiteral(
                        "| Metric | Source | Points | Calibrated MdAPE | Leave-one-GPU-out MdAPE | "
                        "Leave-one-source-out MdAPE | Batch-static MdAPE |")
                 << QStringLiteral("|---|---|---|---|---|---|---|");
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
            servingTable
                << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                       .arg(group, source == QLatin1String("all") ? QStringLiteral("**all**") : source)
                       .arg(picks.size())
                       .arg(servingCell(servingCalibrated, picks),
                            crossValidate ? servingCell(servingByGpu, picks) : QStringLiteral("not run"),
                            crossValidate ? servingCell(servingBySource, picks) : QStringLiteral("not run"),
                            servingCell(servingStatic, picks));
        }
    }
    QStringList servingPointLines;
    for (int i = 0; i < sp.size(); ++i) {
        const ServingPoint &point = sp[i];
        servingPointLines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                                 .arg(point.benchId, point.gpu.gpuId,
                                      ServingCalibrationData::metricName(point.metric, point.statistic))
                                 .arg(point.measured, 0, 'g', 5)
                                 .arg(ServingCalibrator::predict(point, servingFitted[point.profileId]), 0,
                                      'g', 5)
                                 .arg(ServingCalibrator::predictStatic(point, servingFitted[point.profileId]),
                                      0, 'g', 5)
                                 .arg(point.notFitted.isEmpty()
                                          ? point.profileId
                                          : point.profileId + QStringLiteral(" (not fitted)"));
    }
    out << "\n# Serving accuracy\n" << servingTable.join(u'\n') << "\n";
    pairPoints +=
        PairRatios::servingPoints(sp, servingFitted, servingByGpuPredicted, servingByArchitecturePredicted) +
        PairRatios::trainingPoints(tp, trainingFitted, trainingByGpuPredicted,
                                   trainingByArchitecturePredicted);
    const QStringList pairTable = PairRatios::table(pairPoints, crossValidate);
    const QStringList wrongPairLines = pairRatioWrongPairs(pairPoints, crossValidate);
    out << "\n# GPU pairs\n" << pairTable.join(u'\n') << "\n\n" << wrongPairLines.join(u'\n') << "\n";
    if (listPoints)
        out << "\n| Row | GPU | Metric | Measured | Serving | Batch-static | Profile |\n"
               "|---|---|---|---|---|---|---|\n"
            << servingPointLines.join(u'\n') << "\n";

    QStringList servingReport;
    {
        servingReport
            << QStringLiteral("## Serving under load") << QString()
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
            << QString() << servingTable.join(u'\n') << QString()
            << QStringLiteral(
                   "Rows reported above but not in the fit objective (the measured value depends on "
                   "something the simulation does not model):")
            << QString();
        QMap<QString, QStringList> notFitted;
        for (const ServingPoint &point : sp)
            if (!point.notFitted.isEmpty())
                notFitted[point.notFitted] << point.benchId;
        for (auto it = notFitted.cbegin(); it != notFitted.cend(); ++it)
            servingReport
                << QStringLiteral("- %1 (%2 rows, e.g. `%3`)").arg(it.key()).arg(it->size()).arg(it->first());
        servingReport << QString() << QStringLiteral("### Serving factors") << QString()
                      << QStringLiteral(
                             "| Profile | memory_efficiency | compute_efficiency | step_overhead_us | "
                             "sequence_overhead_us | kv_read_efficiency | communication_efficiency | "
                             "kv_memory_fraction | max_num_seqs | max_batched_tokens |")
                      << QStringLiteral("|---|---|---|---|---|---|---|---|---|---|");
        const auto tableText = [](const PropertyTable &values, int decimals) {
            QStringList parts{QString::number(values.defaultValue(), 'f', decimals)};
            for (const auto &[key, value] : values.overrides())
                parts << QStringLiteral("%1 %2").arg(key, QString::number(value, 'f', decimals));
            return parts.join(QStringLiteral(", "));
        };
        for (const ServingCalibrator::ProfileFit &f : serving) {
            const EfficiencyParameters &p = servingFitted[f.profileId];
            servingReport << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 |")
                                 .arg(f.profileId, tableText(p.memoryEfficiency, 3),
                                      tableText(p.computeEfficiency, 3), tableText(p.stepOverheadUs, 0),
                                      tableText(p.sequenceOverheadUs, 1), tableText(p.kvReadEfficiency, 3),
                                      tableText(p.communicationEfficiency, 3),
                                      QString::number(p.kvMemoryFraction, 'f', 3))
                                 .arg(p.maxNumSeqs)
                                 .arg(p.maxBatchedTokens);
        }
        servingReport << QString();
        for (const ServingCalibrator::ProfileFit &f : serving)
            servingReport
                << QStringLiteral("- %1: %2").arg(f.profileId, engineSettingsText().value(f.profileId));
        servingReport << QString() << QStringLiteral("### Assumptions for serving rows") << QString();
        QStringList servingAssumptions;
        for (const ServingPoint &point : sp)
            for (const QString &assumption : point.assumption.split(u'\n', Qt::SkipEmptyParts))
                if (!servingAssumptions.contains(QStringLiteral("- ") + assumption))
                    servingAssumptions << QStringLiteral("- ") + assumption;
        servingReport << servingAssumptions << QString()
                      << QStringLiteral("### Serving rows not used, and why") << QString();
        QMap<QString, QStringList> skippedServing;
        for (const SkippedRow &row : servingSet.skipped)
            skippedServing[row.reason] << row.benchId;
        for (auto it = skippedServing.cbegin(); it != skippedServing.cend(); ++it)
            servingReport
                << QStringLiteral("- %1: %2 rows (`%3`, ...)").arg(it.key()).arg(it->size()).arg(it->first());
    }

    if (residuals) {
        uncertainty += UncertaintyResiduals::serving(sp, servingStart, serving);
        uncertainty += UncertaintyResiduals::training(tp, trainingStart, trainingFitList);
    }
    if ((writeProfiles || uncertaintyOnly) && residuals) {
        const UncertaintyTable bands(UncertaintyTable::fit(uncertainty), uncertainty);
        QFile file(seed + QStringLiteral("uncertainty.json"));
        const QByteArray text = QJsonDocument(bands.toJson()).toJson(QJsonDocument::Indented);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) != text.size()) {
            err << "gpucompare-calibrate: cannot write " << file.fileName() << Qt::endl;
            return 1;
        }
    }
    if (uncertaintyOnly) {
        out << UncertaintyResiduals::reportSection(uncertainty).join(u'\n') << "\n";
        return 0;
    }
    if (writeProfiles) {
        QFile file(seed + QStringLiteral("profiles.json"));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size()) {
            err << "gpucompare-calibrate: cannot write " << file.fileName() << Qt::endl;
            return 1;
        }
    }
    if (!reportPath.isEmpty()) {
        QStringList skipped;
        for (const SkippedRow &row : set.skipped)
            skipped << QStringLiteral("- `%1`: %2").arg(row.benchId, row.reason);
        QStringList assumptions;
        for (const CalibrationPoint &point : set.points)
            if (!point.assumption.isEmpty() && !assumptions.contains(QStringLiteral("- ") + point.assumption))
                assumptions << QStringLiteral("- ") + point.assumption;
        QFile file(reportPath);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            err << "gpucompare-calibrate: cannot write " << reportPath << Qt::endl;
            return 1;
        }
        QTextStream report(&file);
        report
            << "# Estimator accuracy\n\n"
            << "Generated by `gpucompare-calibrate --write-profiles --report docs/estimator-accuracy.md "
               "--points` "
               "(built with the `gpucompare-calibrate` target; it reads resources/seed). Do not edit by "
               "hand.\n\n"
            << "Median absolute percentage error (MdAPE, |predicted / measured - 1|) of the estimator on "
               "the measured rows "
               "of `resources/seed/benchmarks-calibration.csv`, per category, with the calibrated "
               "profile, with the same "
               "profile fitted without the GPU being predicted (leave-one-GPU-out cross-validation: how "
               "well it predicts a "
               "card it has never seen), and with the ideal roofline (every efficiency 1, no overheads) "
               "on the same points.\n\n"
            << table.join(u'\n') << "\n\n"
            << "## GPU pairs\n\n"
            << "What users compare is the ratio between GPUs. For every workload measured on two or more "
               "GPUs under the same conditions (source and framework, model, precision, lengths, batch, "
               "GPU count and layout, traffic; every calibration set: single-GPU and offline rows above, "
               "serving under load and training at scale below), every pair of those GPUs: the median "
               "ratio error |(predicted_a / predicted_b) / (measured_a / measured_b) - 1| (a the GPU with "
               "the larger measured value), and of the pairs whose measured values differ by more than "
            << QString::number(PairRatios::kWideGap * 100.0, 'f', 0)
            << "%, how many the estimate puts in the wrong order. Calibrated: the fitted profiles; "
               "leave-one-GPU-out: each GPU's prediction from the profiles fitted without it (a pair's two "
               "GPUs each from a fit that never saw it); leave-one-architecture-out: the same with every GPU "
               "of the predicted one's architecture family left out of its fit (how a new architecture is "
               "predicted); ideal roofline: every efficiency 1, no overheads, datasheet rates. "
               "Code: `app/analysis/calibration/PairRatios.cpp`. Aim of issue 36: leave-one-architecture-out "
               "ratio error <= 10%, no wrong order and never worse than the ideal roofline, in every "
               "category.\n\n"
            << pairTable.join(u'\n') << "\n\n"
            << wrongPairLines.join(u'\n') << "\n\n"
            << "## Method\n\n"
            << "Each profile's factors are fitted by coordinate descent minimising the mean "
               "|ln(predicted/measured)| "
               "(`app/analysis/calibration/Calibrator.cpp`). Factors are keyed by memory class (HBM, "
               "GDDR) or model kind (cnn, encoder) only, never by GPU id or architecture: a GPU outside the "
               "set gets its rates from its own record (the catalogue's achievable matmul and memory "
               "rates, or the typical share where it has none; SMs x clock where a profile caps by them; "
               "docs/estimator.md, \"Efficiency from what a GPU is\"). Leave-one-architecture-out fits "
               "every profile without all GPUs of the predicted one's architecture family (Hopper, "
               "Ampere, Ada) and predicts them. vllm and lmdeploy have no measurements in "
               "this set: vllm is derived from tensorrt-llm (see its calibration text), lmdeploy's memory "
               "and compute efficiency are fitted on its serving rows; both fit their serving factors on "
               "the serving rows (\"Serving under load\" below); fsdp and megatron are fitted on the "
               "training runs (\"Training at scale\" below); roofline is not fitted.\n\n"
            << "## Assumptions for rows that leave something out\n\n"
            << assumptions.join(u'\n') << "\n\n"
            << "## Rows not used, and why\n\n"
            << skipped.join(u'\n') << "\n\n";
        report << servingReport.join(u'\n') << "\n\n";
        {
            QStringList trainingAssumptions;
            for (const TrainingPoint &point : tp)
                for (const QString &assumption : point.assumption.split(u'\n', Qt::SkipEmptyParts))
                    if (!trainingAssumptions.contains(QStringLiteral("- ") + assumption))
                        trainingAssumptions << QStringLiteral("- ") + assumption;
            QMap<QString, QStringList> skippedTraining;
            for (const SkippedRow &row : trainingSet.skipped)
                skippedTraining[row.reason] << row.benchId;
            QStringList skippedLines;
            for (auto it = skippedTraining.cbegin(); it != skippedTraining.cend(); ++it)
                skippedLines << QStringLiteral("- %1: %2 rows (`%3`, ...)")
                                    .arg(it.key())
                                    .arg(it->size())
                                    .arg(it->first());
            if (skippedLines.isEmpty())
                skippedLines << QStringLiteral("- none: every row is a point");
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
                << trainingTable.join(u'\n') << "\n\n"
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
                << trainingFactorLines.join(u'\n') << "\n\n"
                << "Fitted per profile by coordinate descent minimising the mean |ln(predicted/measured)| "
                   "over the fitted runs (`app/analysis/calibration/TrainingCalibrator.cpp`); the same for "
                   "every GPU. megatron's fp8_compute_factor is "
                   "fsdp's fit: every NeMo run is FP8 on H100, so the H100's efficiency and the FP8 factor "
                   "cannot be told apart there, while llm-foundry has BF16 and FP8 runs of the same models "
                   "on "
                   "H100. Bounds keep the factors physical: network_efficiency <= 0.9, dp_overlap <= 0.95, "
                   "tp_overlap <= 0.9. Not fitted (set by hand in profiles.json): memory_efficiency, "
                   "training_bytes_per_flop, communication_efficiency (NVLink) and, for megatron, "
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
                << boundaryLines.join(u'\n') << "\n\n"
                << "### Assumptions for training rows\n\n"
                << trainingAssumptions.join(u'\n') << "\n\n"
                << "### Training rows not used, and why\n\n"
                << skippedLines.join(u'\n') << "\n\n";
        }
        if (residuals)
            report << UncertaintyResiduals::reportSection(uncertainty).join(u'\n') << "\n\n";
        if (listPoints)
            report << "## Every point\n\n| Row | GPU | Metric | Measured | Calibrated | Roofline "
                      "|\n|---|---|---|---|---|---|\n"
                   << pointLines.join(u'\n') << "\n";
        if (listPoints)
            report
                << "\n## Every training point\n\nCalibrated: the fitted profile; roofline: every factor "
                   "1, no overlap. Rows marked \"reported only\" restate a run's throughput and are not in "
                   "the fit objective.\n\n| Row | GPU | Metric | Measured | Calibrated | Roofline | Profile "
                   "|\n"
                   "|---|---|---|---|---|---|---|\n"
                << trainingPointLines.join(u'\n') << "\n";
        if (listPoints)
            report << "\n## Every serving point\n\nServing: the simulation with the calibrated profile; "
                      "batch-static: Estimate::inference at batch = concurrency, same profile.\n\n"
                      "| Row | GPU | Metric | Measured | Serving | Batch-static | Profile |\n"
                      "|---|---|---|---|---|---|---|\n"
                   << servingPointLines.join(u'\n') << "\n";
    }
    return 0;
}
