#include "app/comparison/UserRunBenchmarks.h"

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/EngineProfiles.h"
#include "app/analysis/calibration/MeasuredRunCase.h"

#include <QCoreApplication>
#include <QHash>

namespace UserRunBenchmarks {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("UserRunBenchmarks", text);
}

// What the measured section's conditions read for the kind of run: "serving", "prefill", "decode",
// "training".
QString taskOf(const MeasuredRunCase &c, const MeasuredValue &value)
{
    if (c.workload.task != Task::Inference)
        return QStringLiteral("training");
    if (c.workload.traffic)
        return QStringLiteral("serving");
    return value.metric == MeasuredMetric::PrefillTokensPerS ? QStringLiteral("prefill")
                                                             : QStringLiteral("decode");
}

} // namespace

QVector<UserRunRow> of(const CatalogueSnapshot &catalogue)
{
    QHash<qint64, QString> files;
    for (const MeasurementFile &file : catalogue.measurementFiles)
        files.insert(file.rowId, file.source.isEmpty() ? file.fileName : file.fileName + u", " + file.source);
    QHash<QString, std::optional<EfficiencyParameters>> profiles;
    QVector<UserRunRow> rows;
    for (StoredMeasuredRun run : catalogue.measuredRuns) {
        // Imported without a profile: the profile of the engine that ran it, when the file names one.
        if (run.profileId.isEmpty())
            run.profileId =
                EngineProfiles::forEngine(catalogue.profiles, run.run.engine, run.run.toolVersion);
        // A run without a profile is still shown, read under a placeholder only to list what it measured.
        MeasuredRunCases::Built built =
            MeasuredRunCases::build(run, catalogue.gpus, catalogue.models,
                                    run.profileId.isEmpty() ? MeasuredRunCases::kAnyProfile : QString());
        if (!built.runCase)
            continue; // nothing the estimator gives was measured, or the GPU or model is gone
        const MeasuredRunCase &c = *built.runCase;
        QString noEstimate;
        QVector<double> estimates;
        if (run.profileId.isEmpty()) {
            noEstimate = tr("imported without an engine profile (measurements import --profile)");
        } else {
            if (!profiles.contains(run.profileId)) {
                const EfficiencyProfile *profile = catalogue.findProfile(run.profileId);
                profiles.insert(run.profileId,
                                profile ? EfficiencyParameters::fromProfile(*profile) : std::nullopt);
            }
            if (const auto &parameters = profiles.value(run.profileId))
                estimates = MeasuredRunCases::predict(c, *parameters);
            else
                noEstimate = tr("its profile %1 is not in the catalogue").arg(run.profileId);
        }
        const Workload &w = c.workload;
        for (qsizetype i = 0; i < c.values.size(); ++i) {
            const MeasuredValue &value = c.values.at(i);
            UserRunRow row;
            Benchmark &b = row.benchmark;
            b.benchId = QStringLiteral("your-run-%1-%2").arg(run.rowId).arg(i);
            b.category = kCategory;
            b.gpuId = run.gpuId;
            b.gpuCount = run.gpuCount;
            b.model = run.modelId;
            b.task = taskOf(c, value);
            b.framework = run.profileId.isEmpty() ? run.run.tool : run.profileId;
            b.precision = run.run.precision;
            if (w.task == Task::Inference) {
                b.batchSize = w.traffic && w.traffic->concurrency > 0
                                  ? QStringLiteral("concurrency %1").arg(w.traffic->concurrency)
                                  : QString::number(w.batch);
                b.inputLength = QString::number(w.inputTokens);
                b.outputLength = QString::number(w.outputTokens);
            } else {
                b.batchSize = QString::number(w.batch);
                b.inputLength = QString::number(w.sequenceLength);
            }
            b.metric = MeasuredRunCases::metricName(value);
            b.value = value.measured;
            b.unit = MeasuredRunCases::unit(value.metric);
            b.source = files.value(run.fileId);
            b.dateOrVersion = run.run.date;
            if (i < estimates.size() && estimates.at(i) > 0.0)
                row.estimate = estimates.at(i);
            else
                row.noEstimate = noEstimate.isEmpty() ? tr("the workload does not fit under the run's "
                                                           "conditions")
                                                      : noEstimate;
            rows << row;
        }
    }
    return rows;
}

} // namespace UserRunBenchmarks
