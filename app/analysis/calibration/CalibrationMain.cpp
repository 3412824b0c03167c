// gpucompare-calibrate: recomputes the efficiency profiles from the measured calibration set and
// reports the estimator's accuracy against it.
//
//   gpucompare-calibrate [--source-dir DIR] [--write-profiles] [--report FILE] [--points] [--no-cv]
//
// Reads DIR/resources/seed/{gpu-specs.csv, benchmarks-calibration.csv, benchmarks-serving-calibration.csv,
// models.json, profiles.json}, fits each calibrated profile's factors (Calibrator) and each serving engine's
// serving factors (ServingCalibrator), prints them as JSON and prints the accuracy tables (median absolute
// percentage error per category: calibrated, leave-one-GPU-out, ideal roofline; serving: per metric and
// source, calibrated, leave-one-GPU-out, leave-one-source-out and the batch-static estimate).
// --write-profiles writes the fitted factors back into profiles.json; --report writes the markdown
// report (docs/estimator-accuracy.md).

#include "BenchmarkCsvParser.h"
#include "CalibrationData.h"
#include "Calibrator.h"
#include "DatasheetCsvParser.h"
#include "SeedFiles.h"
#include "ServingCalibrationData.h"
#include "ServingCalibrator.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTextStream>
#include <cmath>

namespace {

struct ProfileFit
{
    QString profileId;
    QVector<Calibrator::FitParameter> parameters;
};

// Which factors each profile fits, and over which range. Keys are GPU properties (memory class,
// architecture) or model kinds, never gpu_ids.
QVector<ProfileFit> profileFits()
{
    using P = Calibrator::FitParameter;
    return {
        {QStringLiteral("llama.cpp"),
         {P{QStringLiteral("memory_efficiency"), QStringLiteral("HBM"), 0.1, 1.2},
          P{QStringLiteral("memory_efficiency"), QStringLiteral("GDDR"), 0.1, 1.2},
          P{QStringLiteral("layer_overhead_us"), QStringLiteral("default"), 0.0, 500.0, 10.0},
          P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.02, 1.0},
          P{QStringLiteral("compute_efficiency"), QStringLiteral("Hopper"), 0.02, 1.0},
          P{QStringLiteral("attention_efficiency"), QStringLiteral("default"), 0.02, 1.0},
          P{QStringLiteral("quantized_compute_factor"), QStringLiteral("default"), 0.2, 1.2, 0.8}}},
        {QStringLiteral("pytorch-amp"),
         {P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.05, 1.0},
          P{QStringLiteral("training_bytes_per_flop"), QStringLiteral("cnn"), 0.0, 2.0, 0.01},
          P{QStringLiteral("training_bytes_per_flop"), QStringLiteral("default"), 0.0, 2.0, 0.01}}},
        {QStringLiteral("tensorrt-llm"),
         {P{QStringLiteral("memory_efficiency"), QStringLiteral("default"), 0.2, 1.0},
          P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.05, 1.0},
          P{QStringLiteral("compute_efficiency"), QStringLiteral("cnn"), 0.05, 1.0},
          P{QStringLiteral("attention_efficiency"), QStringLiteral("default"), 0.05, 1.0},
          P{QStringLiteral("layer_overhead_us"), QStringLiteral("default"), 0.0, 200.0, 10.0}}},
    };
}

// The serving engines and the factors fitted on their serving points. tensorrt-llm keeps its offline fit
// (memory, compute, attention, per-layer) and vllm its derivation from it: both fit only what a step under
// load adds. lmdeploy has no offline rows and its TTFT rows measure prefills, so its memory and compute
// efficiency are fitted on the serving points too.
QVector<ServingCalibrator::ProfileFit> servingFits()
{
    using P = Calibrator::FitParameter;
    const P step{QStringLiteral("step_overhead_us"), QStringLiteral("default"), 0.0, 50000.0, 1000.0};
    const P sequence{QStringLiteral("sequence_overhead_us"), QStringLiteral("default"), 0.0, 5000.0, 20.0};
    // vLLM's host work per step differs between the benchmarked A100 and H100 nodes (Lambda's report: the
    // same 40 ms inter-token latency for Llama-3.1-8B on 1 to 8 A100s, 18-20 ms on H100s).
    const P stepAmpere{QStringLiteral("step_overhead_us"), QStringLiteral("Ampere"), 0.0, 50000.0, 1000.0};
    const P kvRead{QStringLiteral("kv_read_efficiency"), QStringLiteral("default"), 0.1, 1.0, 0.8};
    // tensorrt-llm's memory efficiency is fixed (0.84 from its offline fit): its KV reads may reach the
    // full bandwidth, 1 / 0.84 of the weight stream's efficiency.
    const P kvReadTrt{QStringLiteral("kv_read_efficiency"), QStringLiteral("default"), 0.1, 1.19, 0.8};
    const P memory{QStringLiteral("memory_efficiency"), QStringLiteral("default"), 0.2, 1.0, 0.7};
    const P compute{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.05, 1.0, 0.5};
    return {
        {QStringLiteral("tensorrt-llm"),
         {step, sequence, kvReadTrt,
          P{QStringLiteral("kv_memory_fraction"), QStringLiteral("default"), 0.8, 1.0, 0.9}}},
        // vllm keeps its memory and compute efficiency derived from tensorrt-llm's (the static estimate
        // unchanged): no vLLM row measures a prefill, and fitted together with the overheads on the Lambda
        // rows the memory efficiency runs to its bound (1.0) while the overheads take the rest.
        {QStringLiteral("vllm"), {step, stepAmpere, sequence, kvRead}},
        // communication_efficiency is not fitted: on the TP4 rows it runs to 0.14, slowing every TP4
        // prefill by bandwidth where TurboMind's slower TP4 decode is a latency per all-reduce.
        {QStringLiteral("lmdeploy"), {memory, compute, step, sequence, kvRead}},
    };
}

const QMap<QString, QString> &servingSourceText()
{
    static const QMap<QString, QString> text{
        {QStringLiteral("NIM"),
         QStringLiteral("NVIDIA NIM 1.8 (TensorRT-LLM), Llama-3.3-70B FP8 on 2x H100")},
        {QStringLiteral("LMDeploy"), QStringLiteral("LMDeploy TurboMind v0.1/v0.2 on A100")},
        {QStringLiteral("Lambda vLLM"), QStringLiteral("Lambda's vLLM v0.5.4 report, 1-8x A100/H100")},
        {QStringLiteral("vLLM CI"), QStringLiteral("vLLM CI build 9523 on A100")}};
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
        else {
            err << "gpucompare-calibrate: unknown argument " << arg
                << "; allowed --source-dir DIR, --write-profiles, --report FILE, --points, --no-cv"
                << Qt::endl;
            return 2;
        }
    }
    const QString seed = sourceDir + QStringLiteral("/resources/seed/");
    QString error;
    const auto gpus =
        DatasheetCsvParser::parse(readFile(seed + QStringLiteral("gpu-specs.csv"), err), &error);
    const auto rows = gpus ? BenchmarkCsvParser::parse(
                                 readFile(seed + QStringLiteral("benchmarks-calibration.csv"), err), &error)
                           : std::nullopt;
    const auto models =
        rows ? SeedFiles::readModels(seed + QStringLiteral("models.json"), &error) : std::nullopt;
    const auto profiles =
        models ? SeedFiles::readProfiles(seed + QStringLiteral("profiles.json"), &error) : std::nullopt;
    if (!profiles) {
        err << "gpucompare-calibrate: " << error << Qt::endl;
        return 1;
    }
    const CalibrationSet set = CalibrationData::build(*rows, *gpus, *models);

    QMap<QString, EfficiencyParameters> fitted;
    QMap<QString, QString> calibrationText;
    QMap<QString, CategoryReport> categories;
    QStringList pointLines;
    for (const ProfileFit &profileFit : profileFits()) {
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
        const QVector<double> cv = crossValidate
                                       ? Calibrator::leaveOneGpuOut(points, *start, profileFit.parameters)
                                       : QVector<double>{};
        // leaveOneGpuOut returns errors grouped by GPU; map them back to points in the same order.
        QStringList order;
        for (const CalibrationPoint &point : points)
            if (!order.contains(point.gpu.gpuId))
                order << point.gpu.gpuId;
        QVector<const CalibrationPoint *> cvOrder;
        for (const QString &gpuId : order)
            for (const CalibrationPoint &point : points)
                if (point.gpu.gpuId == gpuId)
                    cvOrder.append(&point);
        QStringList gpuIds = order;
        for (qsizetype i = 0; i < points.size(); ++i) {
            const CalibrationPoint &point = points[i];
            CategoryReport &report = categories[point.category];
            ++report.points;
            const double predicted = Calibrator::predict(point, result);
            const double roof = Calibrator::predict(point, ideal);
            report.calibrated << std::fabs(predicted / point.measured - 1.0);
            report.roofline << std::fabs(roof / point.measured - 1.0);
            if (listPoints)
                pointLines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |")
                                  .arg(point.benchId, point.gpu.gpuId,
                                       CalibrationData::metricName(point.metric))
                                  .arg(point.measured, 0, 'g', 5)
                                  .arg(predicted, 0, 'g', 5)
                                  .arg(roof, 0, 'g', 5);
        }
        for (qsizetype i = 0; i < cv.size() && i < cvOrder.size(); ++i)
            categories[cvOrder[i]->category].crossValidated << cv[i];
        const double mdape = Calibrator::median(Calibrator::absolutePercentageErrors(points, result));
        calibrationText.insert(
            profileFit.profileId,
            QStringLiteral(
                "Fitted by gpucompare-calibrate on %1 measured points of "
                "resources/seed/benchmarks-calibration.csv (GPUs: %2): "
                "coordinate descent minimising the mean |ln(predicted/measured)| over the factors keyed by "
                "memory class, "
                "architecture or model kind (never by GPU id). Median absolute error %3 on the fit%4. "
                "Rerun: gpucompare-calibrate --write-profiles.")
                .arg(points.size())
                .arg(gpuIds.join(QStringLiteral(", ")), percent(mdape),
                     crossValidate
                         ? QStringLiteral(", %1 leaving each GPU out").arg(percent(Calibrator::median(cv)))
                         : QString()));
    }

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
    const QVector<ServingCalibrator::ProfileFit> serving = servingFits();
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
    QVector<double> servingByGpu;
    QVector<double> servingBySource;
    if (crossValidate) {
        servingByGpu = ServingCalibrator::leaveGroupOut(sp, servingStart, serving,
                                                        [](const ServingPoint &p) { return p.gpu.gpuId; });
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
        report << "# Estimator accuracy\n\n"
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
               << "## Method\n\n"
               << "Each profile's factors are fitted by coordinate descent minimising the mean "
                  "|ln(predicted/measured)| "
                  "(`app/analysis/calibration/Calibrator.cpp`). Factors are keyed by GPU properties only: "
                  "memory class "
                  "(HBM, GDDR), architecture family (Hopper, Ampere, Ada) or model kind (cnn, encoder); a "
                  "GPU outside the set "
                  "gets the factor of its class or the default. vllm and lmdeploy have no measurements in "
                  "this set: vllm is derived from tensorrt-llm (see its calibration text), lmdeploy's memory "
                  "and compute efficiency are fitted on its serving rows; both fit their serving factors on "
                  "the serving rows (\"Serving under load\" below); megatron and roofline are not fitted.\n\n"
               << "## Assumptions for rows that leave something out\n\n"
               << assumptions.join(u'\n') << "\n\n"
               << "## Rows not used, and why\n\n"
               << skipped.join(u'\n') << "\n\n";
        report << servingReport.join(u'\n') << "\n\n";
        if (listPoints)
            report << "## Every point\n\n| Row | GPU | Metric | Measured | Calibrated | Roofline "
                      "|\n|---|---|---|---|---|---|\n"
                   << pointLines.join(u'\n') << "\n";
        if (listPoints)
            report << "\n## Every serving point\n\nServing: the simulation with the calibrated profile; "
                      "batch-static: Estimate::inference at batch = concurrency, same profile.\n\n"
                      "| Row | GPU | Metric | Measured | Serving | Batch-static | Profile |\n"
                      "|---|---|---|---|---|---|---|\n"
                   << servingPointLines.join(u'\n') << "\n";
    }
    return 0;
}
