// gpucompare-calibrate: recomputes the efficiency profiles from the measured calibration set and
// reports the estimator's accuracy against it. A tool for whoever changes the estimator; not installed.
//
//   gpucompare-calibrate [--source-dir DIR] [--write-profiles] [--report FILE] [--points] [--no-cv]
//                        [--training-only | --uncertainty-only | --refit-uncertainty]
//
// Reads DIR/resources/seed/{gpu-specs.csv, benchmarks-calibration.csv, benchmarks-serving-calibration.csv,
// benchmarks-training-calibration.csv, models.json, profiles.json}, fits each calibrated profile's factors
// (OfflineFit), each serving engine's serving factors (ServingFit) and the training profiles (TrainingFit),
// prints them as JSON and prints the accuracy tables and the GPU-pair table (AccuracyReport).
// --write-profiles writes the fitted factors back into profiles.json and resources/seed/uncertainty.json
// (the leave-one-GPU-out residuals behind the app's 80% ranges); --report writes the markdown report
// (docs/estimator-accuracy.md); --uncertainty-only writes uncertainty.json alone and prints its section,
// skipping the other hold-outs; --refit-uncertainty makes its bands again from the residuals it holds.
// The fitting itself is app/analysis/calibration, which `gpucompare calibrate` uses for a user's profile.

#include "app/analysis/UncertaintyTable.h"
#include "tools/calibration/AccuracyReport.h"
#include "tools/calibration/CalibrationInputs.h"
#include "tools/calibration/OfflineFit.h"
#include "tools/calibration/ReportText.h"
#include "tools/calibration/ServingFit.h"
#include "tools/calibration/TrainingFit.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTextStream>

namespace {

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

int fail(const QString &message)
{
    err() << "gpucompare-calibrate: " << message << Qt::endl;
    return 1;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

// The bands again from the residuals uncertainty.json holds (after a change of how bands are made).
int refitUncertainty(const QString &seedDir, QTextStream &out)
{
    const QString path = seedDir + QStringLiteral("uncertainty.json");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    QString error;
    const auto held = UncertaintyTable::fromJson(file.readAll(), &error);
    if (!held)
        return fail(error);
    const UncertaintyTable bands(UncertaintyTable::fit(held->residuals()), held->residuals());
    if (!writeFile(path, QJsonDocument(bands.toJson()).toJson(QJsonDocument::Indented)))
        return fail(QStringLiteral("cannot write ") + path);
    out << UncertaintyResiduals::reportSection(held->residuals()).join(u'\n') << "\n";
    return 0;
}

void printTraining(const TrainingFit &training, bool listPoints, QTextStream &out)
{
    out << "# Training accuracy\n"
        << training.accuracyTable().join(u'\n') << "\n\n# Training factors\n"
        << training.factorTable().join(u'\n') << "\n\n# Node boundary\n"
        << training.nodeBoundaryTable().join(u'\n') << "\n\n# MoE training, held out\n"
        << training.moeTable().join(u'\n') << "\n";
    const QMap<QString, QString> texts = training.calibrationTexts();
    for (auto it = texts.cbegin(); it != texts.cend(); ++it)
        out << "\n" << it.key() << ": " << it.value() << "\n";
    if (listPoints)
        out << "\n" << training.pointTable().join(u'\n') << "\n";
}

// profiles.json as the three fits leave it: each profile's fitted factors (or its own where none is
// fitted) and its calibration text.
QByteArray fittedProfiles(const CalibrationInputs &inputs, const OfflineFit &offline,
                          const ServingFit &serving, const TrainingFit &training)
{
    QMap<QString, EfficiencyParameters> fitted = offline.fitted;
    QMap<QString, QString> texts = offline.calibrationTexts;
    for (const ServingCalibrator::ProfileFit &f : serving.fitList) {
        fitted.insert(f.profileId, serving.fitted[f.profileId]);
        const QString text = serving.calibrationText(f.profileId);
        const bool vllm = f.profileId.startsWith(QLatin1String("vllm"));
        const bool sameKernels =
            f.profileId == QLatin1String("sglang") || f.profileId == QLatin1String("tensorrt-llm");
        if (f.profileId == QLatin1String("tensorrt-llm-0.x"))
            texts[f.profileId] += u' ' + text;
        else
            texts[f.profileId] =
                (vllm ? QStringLiteral(
                            "No offline rows in benchmarks-calibration.csv: memory and compute efficiency "
                            "are derived from the fitted tensorrt-llm-0.x factors (x 0.9), attention "
                            "efficiency and per-layer overhead the same (an assumption). ")
                 : sameKernels
                     ? QStringLiteral("No offline rows of its own: memory, compute and attention efficiency "
                                      "and the eager per-layer overhead are the fitted tensorrt-llm-0.x "
                                      "factors (the same GEMM and attention kernels). ")
                     : QStringLiteral(
                           "No offline rows in benchmarks-calibration.csv: memory and compute "
                           "efficiency are fitted on the serving rows below; attention efficiency and "
                           "per-layer overhead are tensorrt-llm's. ")) +
                text;
    }
    // vLLM 0.10-0.13: V1's fitted factors with the host scheduling between GPU steps (async scheduling
    // became the default after 0.13); its engine settings and versions are its own.
    if (const auto sync = inputs.startOf(QStringLiteral("vllm-0.10"));
        sync && fitted.contains(QStringLiteral("vllm"))) {
        EfficiencyParameters derived = fitted[QStringLiteral("vllm")];
        derived.overlapScheduler = sync->overlapScheduler;
        // Its host time is not in any run of the set (vLLM 0.19's traces hide it behind the GPU): it is the
        // synchronous engine's before it, vllm-0.5's fit on Lambda's v0.5.4 rows (scheduling, sampling and
        // detokenising between GPU steps), a transfer that says V1 0.10 saved no host time.
        if (fitted.contains(QStringLiteral("vllm-0.5"))) {
            const EfficiencyParameters &before = fitted[QStringLiteral("vllm-0.5")];
            derived.stepOverheadUs = before.stepOverheadUs;
            derived.sequenceOverheadUs = before.sequenceOverheadUs;
        }
        derived.engine = sync->engine;
        derived.engineVersionFrom = sync->engineVersionFrom;
        derived.engineVersionTo = sync->engineVersionTo;
        fitted.insert(QStringLiteral("vllm-0.10"), derived);
        texts[QStringLiteral("vllm-0.10")] = QStringLiteral(
            "Not fitted on its own: the vllm profile's fitted factors (see its calibration) with "
            "synchronous scheduling, as vLLM ran before async scheduling became its default "
            "(after 0.13). Rerun: gpucompare-calibrate --write-profiles.");
    }
    texts[QStringLiteral("llama.cpp")] +=
        u' ' + ReportText::engineSettings().value(QStringLiteral("llama.cpp"));
    const QMap<QString, QString> trainingTexts = training.calibrationTexts();
    for (const TrainingCalibrator::ProfileFit &f : training.fitList) {
        fitted.insert(f.profileId, training.fitted[f.profileId]);
        texts.insert(f.profileId, trainingTexts.value(f.profileId));
    }
    QJsonArray written;
    for (const EfficiencyProfile &profile : inputs.profiles) {
        QJsonObject object;
        object.insert(QStringLiteral("profile_id"), profile.profileId);
        object.insert(QStringLiteral("name"), profile.name);
        object.insert(QStringLiteral("description"), profile.description);
        const auto parameters = fitted.contains(profile.profileId)
                                    ? std::optional(fitted[profile.profileId])
                                    : EfficiencyParameters::fromProfile(profile);
        object.insert(QStringLiteral("parameters"), parameters->toJson());
        object.insert(QStringLiteral("calibration"), texts.value(profile.profileId, profile.calibration));
        written.append(object);
    }
    return QJsonDocument(written).toJson(QJsonDocument::Indented);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpucompare-calibrate"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Fits the bundled efficiency profiles on the calibration set and reports the "
                       "estimator's accuracy, in-sample and held out."));
    parser.addHelpOption();
    const QCommandLineOption sourceDirOption(QStringLiteral("source-dir"),
                                             QStringLiteral("The source tree whose resources/seed is read."),
                                             QStringLiteral("DIR"), QStringLiteral(GPUCOMPARE_SOURCE_DIR));
    const QCommandLineOption reportOption(QStringLiteral("report"),
                                          QStringLiteral("Write the markdown accuracy report to FILE."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption writeOption(QStringLiteral("write-profiles"),
                                         QStringLiteral("Write profiles.json and uncertainty.json."));
    const QCommandLineOption pointsOption(QStringLiteral("points"), QStringLiteral("List every point."));
    const QCommandLineOption noCvOption(QStringLiteral("no-cv"), QStringLiteral("Skip the hold-outs."));
    const QCommandLineOption trainingOnlyOption(QStringLiteral("training-only"),
                                                QStringLiteral("Fit and print the training set only."));
    const QCommandLineOption uncertaintyOnlyOption(
        QStringLiteral("uncertainty-only"),
        QStringLiteral("Write uncertainty.json and print its section, skipping the other hold-outs."));
    const QCommandLineOption refitUncertaintyOption(
        QStringLiteral("refit-uncertainty"),
        QStringLiteral("Make the bands of uncertainty.json again from the residuals it holds."));
    const QCommandLineOption servingOnlyOption(
        QStringLiteral("serving-only"),
        QStringLiteral("Fit the offline and serving sets and print the serving section (with its hold-outs "
                       "unless --no-cv), skipping training and the uncertainty residuals."));
    const QCommandLineOption gpuHoldOutOption(
        QStringLiteral("serving-gpu-holdout-only"),
        QStringLiteral("With --no-cv: the serving fit's leave-one-GPU-out alone (for the profiles' texts)."));
    parser.addOption(gpuHoldOutOption);
    parser.addOptions({sourceDirOption, reportOption, writeOption, pointsOption, noCvOption,
                       trainingOnlyOption, servingOnlyOption, uncertaintyOnlyOption, refitUncertaintyOption});
    parser.process(app);

    QTextStream out(stdout);
    const QString sourceDir = parser.value(sourceDirOption);
    const bool listPoints = parser.isSet(pointsOption);
    const bool uncertaintyOnly = parser.isSet(uncertaintyOnlyOption);
    const bool residuals = !parser.isSet(noCvOption); // the uncertainty residuals, leave-one-GPU-out
    const bool crossValidate = residuals && !uncertaintyOnly;
    if (parser.isSet(refitUncertaintyOption))
        return refitUncertainty(sourceDir + QStringLiteral("/resources/seed/"), out);

    QString error;
    const std::optional<CalibrationInputs> inputs = CalibrationInputs::read(sourceDir, &error);
    if (!inputs)
        return fail(error);
    if (parser.isSet(servingOnlyOption)) {
        const std::optional<OfflineFit> offline = OfflineFit::run(*inputs, false, false, &error);
        const std::optional<ServingFit> serving =
            offline ? ServingFit::run(*inputs, offline->fitted, crossValidate, &error) : std::nullopt;
        if (!serving)
            return fail(error);
        out << serving->reportSection().join(u'\n') << "\n";
        if (listPoints)
            out << "\n" << serving->pointTable().join(u'\n') << "\n";
        return 0;
    }
    const std::optional<TrainingFit> training = TrainingFit::run(*inputs, crossValidate, &error);
    if (!training)
        return fail(error);
    if (parser.isSet(trainingOnlyOption)) {
        printTraining(*training, listPoints, out);
        return 0;
    }
    const std::optional<OfflineFit> offline = OfflineFit::run(*inputs, crossValidate, residuals, &error);
    const bool gpuHoldOutOnly = parser.isSet(gpuHoldOutOption);
    const std::optional<ServingFit> serving =
        offline ? ServingFit::run(*inputs, offline->fitted, crossValidate || gpuHoldOutOnly, &error,
                                  gpuHoldOutOnly && !crossValidate)
                : std::nullopt;
    if (!serving)
        return fail(error);

    const QByteArray profilesJson = fittedProfiles(*inputs, *offline, *serving, *training);
    out << "# Fitted profiles\n" << QString::fromUtf8(profilesJson) << "\n";
    out << "# Accuracy\n" << offline->accuracyTable().join(u'\n') << "\n";
    if (listPoints)
        out << "\n| Row | GPU | Metric | Measured | Calibrated | Roofline |\n|---|---|---|---|---|---|\n"
            << offline->pointLines.join(u'\n') << "\n";
    out << "\n# Serving accuracy\n" << serving->accuracyTable().join(u'\n') << "\n";

    QVector<UncertaintyResidual> uncertainty;
    if (residuals)
        uncertainty =
            offline->residuals +
            UncertaintyResiduals::serving(serving->set.points, serving->start, serving->fitList) +
            UncertaintyResiduals::training(training->set.points, training->start, training->fitList);
    const AccuracyReport report{
        *offline,    *serving,
        *training,   offline->pairPoints + serving->pairPoints() + training->pairPoints(),
        uncertainty, listPoints};
    out << "\n# GPU pairs\n"
        << report.pairTable().join(u'\n') << "\n\n"
        << report.wrongPairLines().join(u'\n') << "\n";
    if (listPoints)
        out << "\n| Row | GPU | Metric | Measured | Serving | Batch-static | Profile |\n"
               "|---|---|---|---|---|---|---|\n"
            << serving->pointTable().join(u'\n') << "\n";

    const bool writeProfiles = parser.isSet(writeOption);
    if ((writeProfiles || uncertaintyOnly) && residuals) {
        const UncertaintyTable bands(UncertaintyTable::fit(report.residuals), report.residuals);
        const QString path = inputs->seedDir + QStringLiteral("uncertainty.json");
        if (!writeFile(path, QJsonDocument(bands.toJson()).toJson(QJsonDocument::Indented)))
            return fail(QStringLiteral("cannot write ") + path);
    }
    if (uncertaintyOnly) {
        out << UncertaintyResiduals::reportSection(report.residuals).join(u'\n') << "\n";
        return 0;
    }
    if (writeProfiles && !writeFile(inputs->seedDir + QStringLiteral("profiles.json"), profilesJson))
        return fail(QStringLiteral("cannot write ") + inputs->seedDir + QStringLiteral("profiles.json"));
    const QString reportPath = parser.value(reportOption);
    if (!reportPath.isEmpty() && !writeFile(reportPath, report.markdown().toUtf8()))
        return fail(QStringLiteral("cannot write ") + reportPath);
    return 0;
}
