// gpucompare-calibrate: recomputes the efficiency profiles from the measured calibration set and
// reports the estimator's accuracy against it.
//
//   gpucompare-calibrate [--source-dir DIR] [--write-profiles] [--report FILE] [--points] [--no-cv]
//
// Reads DIR/resources/seed/{gpu-specs.csv, benchmarks-calibration.csv, models.json, profiles.json},
// fits each calibrated profile's factors (Calibrator), prints them as JSON and prints the accuracy
// table (median absolute percentage error per category: calibrated, leave-one-GPU-out, ideal roofline).
// --write-profiles writes the fitted factors back into profiles.json; --report writes the markdown
// report (docs/estimator-accuracy.md).

#include "BenchmarkCsvParser.h"
#include "CalibrationData.h"
#include "Calibrator.h"
#include "DatasheetCsvParser.h"
#include "SeedFiles.h"

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
                  "gets the factor of its class or the default. vllm has no measurements in the set and is "
                  "derived from "
                  "tensorrt-llm (see its calibration text); megatron and roofline are not fitted.\n\n"
               << "## Assumptions for rows that leave something out\n\n"
               << assumptions.join(u'\n') << "\n\n"
               << "## Rows not used, and why\n\n"
               << skipped.join(u'\n') << "\n\n";
        if (listPoints)
            report << "## Every point\n\n| Row | GPU | Metric | Measured | Calibrated | Roofline "
                      "|\n|---|---|---|---|---|---|\n"
                   << pointLines.join(u'\n') << "\n";
    }
    return 0;
}
