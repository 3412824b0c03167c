#include "app/comparison/MeasuredEstimates.h"

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/UncertaintyTable.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/TrainingCalibrator.h"
#include "app/comparison/UserRunBenchmarks.h"
#include "widgets/common/ValueFormat.h" // number(): the outlier factor as the views print numbers

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace {

using CalibrationData::has;
using CalibrationData::leadingInt;

// The fields that make two benchmarks the same run on different GPUs. Compared field by field, not as one
// joined key: an outlier's check runs this over every benchmark of the catalogue on each recompute.
bool sameRun(const Benchmark &a, const Benchmark &b)
{
    return a.gpuCount == b.gpuCount && a.model == b.model && a.metric == b.metric && a.task == b.task &&
           a.batchSize == b.batchSize && a.inputLength == b.inputLength && a.outputLength == b.outputLength &&
           a.precision == b.precision && a.framework == b.framework && a.category == b.category;
}

QString thousands(int value)
{
    return QLocale().toString(value);
}

// A training run at scale: its framework, global batch and sequence length are said as such.
bool atScale(const Benchmark &b)
{
    return has(b.task, "train") && b.gpuCount > 1;
}

QString frameworkOf(const Benchmark &b)
{
    for (const char *name : {"llm-foundry", "NeMo AutoModel", "NeMo", "Megatron-Core", "Megatron-LM"})
        if (atScale(b) && has(b.framework, name))
            return QString::fromLatin1(name);
    if (has(b.framework, "llama.cpp"))
        return QStringLiteral("llama.cpp");
    if (has(b.category, "NIM"))
        return QStringLiteral("NIM");
    if (has(b.category, "MLPerf Inference"))
        return MeasuredEstimates::tr("MLPerf %1")
            .arg(has(b.task, "Server") ? MeasuredEstimates::tr("server") : MeasuredEstimates::tr("offline"));
    if (has(b.category, "MLPerf Training"))
        return MeasuredEstimates::tr("MLPerf training");
    if (has(b.framework, "TensorRT-LLM") || has(b.category, "TensorRT-LLM"))
        return QStringLiteral("TensorRT-LLM");
    if (has(b.framework, "PyTorch") || has(b.framework, "torch"))
        return QStringLiteral("PyTorch");
    return b.framework.section(u' ', 0, 0);
}

// What was measured, in a word: prefill, decode, throughput, first token, training, matmul.
QString quantityOf(const Benchmark &b)
{
    if (has(b.task, "prefill"))
        return MeasuredEstimates::tr("prefill");
    if (has(b.task, "decode"))
        return MeasuredEstimates::tr("decode");
    if (has(b.metric, "1st-token") || has(b.metric, "first token"))
        return MeasuredEstimates::tr("first token");
    if (has(b.metric, "single-stream"))
        return MeasuredEstimates::tr("single stream");
    if (has(b.task, "time-to-train"))
        return MeasuredEstimates::tr("time to train");
    if (has(b.task, "train"))
        return MeasuredEstimates::tr("training");
    if (has(b.task, "matmul"))
        return MeasuredEstimates::tr("matmul");
    if (has(b.task, "serving"))
        return MeasuredEstimates::tr("serving");
    return MeasuredEstimates::tr("throughput");
}

// "1,024-token prompt", "512 tokens out", "128 in / 2,048 out"; empty where the row gives no lengths.
QString lengthsOf(const Benchmark &b)
{
    if (atScale(b) && leadingInt(b.inputLength, -1) > 0)
        return MeasuredEstimates::tr("%1-token sequences").arg(thousands(leadingInt(b.inputLength, -1)));
    const int in = leadingInt(b.inputLength, -1);
    const int out = leadingInt(b.outputLength, -1);
    if (has(b.task, "prefill") && in > 0)
        return MeasuredEstimates::tr("%1-token prompt").arg(thousands(in));
    if (has(b.task, "decode") && out > 0)
        return MeasuredEstimates::tr("%1 tokens out").arg(thousands(out));
    if (in > 0 && out > 0)
        return MeasuredEstimates::tr("%1 in / %2 out").arg(thousands(in), thousands(out));
    if (in > 0)
        return MeasuredEstimates::tr("%1 in").arg(thousands(in));
    if (has(b.inputLength, "dataset"))
        return MeasuredEstimates::tr("dataset lengths");
    return {};
}

// "batch 1", "batch max", "50 users"; empty when the row does not say.
QString batchOf(const Benchmark &b)
{
    if (has(b.batchSize, "concurrency")) {
        const int users = leadingInt(b.batchSize.section(u' ', 1), 0);
        return users > 0 ? MeasuredEstimates::tr("%n user(s)", nullptr, users) : QString();
    }
    const int batch = leadingInt(b.batchSize, -1);
    if (batch > 0 && atScale(b))
        return MeasuredEstimates::tr("global batch %1").arg(thousands(batch));
    if (batch > 0)
        return MeasuredEstimates::tr("batch %1").arg(thousands(batch));
    if (has(b.batchSize, "max") || has(b.batchSize, "submitter-tuned"))
        return MeasuredEstimates::tr("batch max");
    return {};
}

// A training run's layout as its constraints give it: "tp 2 × pp 8 × ep 32"; empty when every degree is 1.
QString layoutOf(const Benchmark &b)
{
    if (!atScale(b))
        return {};
    QStringList degrees;
    for (const QString &pair : b.constraints.split(u';')) {
        const QString key = pair.section(u'=', 0, 0).trimmed();
        const int value = leadingInt(pair.section(u'=', 1), 0);
        if ((key == QLatin1String("tp") || key == QLatin1String("pp") || key == QLatin1String("cp") ||
             key == QLatin1String("ep")) &&
            value > 1)
            degrees << key + u' ' + QString::number(value);
    }
    return degrees.join(QStringLiteral(" \u00d7 "));
}

// "F16", "Q4_K_M", "FP8": the first word of the precision cell.
QString precisionOf(const Benchmark &b)
{
    return b.precision.section(u' ', 0, 0);
}

// 0.213 -> "21"; percentages are shown whole: the typical errors are tens of percent.
QString percent(double fraction)
{
    return QLocale().toString(qRound(100.0 * fraction));
}

// "within 0%" reads as an error: a bound is rounded up.
QString percentBound(double fraction)
{
    return QLocale().toString(std::max(1, int(std::ceil(100.0 * fraction))));
}

// The accuracy report's category names, as the window says them.
QString categoryText(const QString &category)
{
    static const char *const kNames[] = {
        QT_TRANSLATE_NOOP("MeasuredEstimates", "Lambda training"),
        QT_TRANSLATE_NOOP("MeasuredEstimates", "MLPerf Inference offline"),
        QT_TRANSLATE_NOOP("MeasuredEstimates", "TensorRT-LLM offline"),
        QT_TRANSLATE_NOOP("MeasuredEstimates", "llama.cpp decode"),
        QT_TRANSLATE_NOOP("MeasuredEstimates", "llama.cpp prefill"),
    };
    for (const char *name : kNames)
        if (category == QLatin1String(name))
            return QCoreApplication::translate("MeasuredEstimates", name);
    return category;
}

double median(QVector<double> values)
{
    return Calibrator::median(std::move(values));
}

} // namespace

MeasuredEstimates::MeasuredEstimates(const CatalogueSnapshot &catalogue)
    : m_benchmarks(catalogue.benchmarks)
{
    QHash<QString, std::optional<EfficiencyParameters>> parameters; // profile id -> its factors, read once
    const auto parametersOf = [&](const QString &profileId) -> const std::optional<EfficiencyParameters> & {
        if (!parameters.contains(profileId)) {
            const EfficiencyProfile *profile = catalogue.findProfile(profileId);
            parameters.insert(profileId,
                              profile ? EfficiencyParameters::fromProfile(*profile) : std::nullopt);
        }
        return *parameters.constFind(profileId);
    };
    const auto add = [&](const QString &benchId, const QString &category, const QString &profileId,
                         const auto &predict) {
        Entry entry{category, profileId, std::nullopt};
        if (const auto &p = parametersOf(profileId)) {
            const double predicted = predict(*p);
            if (predicted > 0.0 && std::isfinite(predicted))
                entry.estimate = predicted;
        }
        m_entries.insert(benchId, entry);
    };

    // Single-GPU runs (llama.cpp, Lambda, MLPerf offline, TensorRT-LLM) and training at scale
    // (llm-foundry, NeMo, Megatron-LM, MoE runs), each read as the accuracy report reads it.
    const CalibrationSet set = CalibrationData::build(catalogue.benchmarks, catalogue.gpus, catalogue.models);
    for (const CalibrationPoint &point : set.points)
        add(point.benchId, point.category, point.profileId,
            [&point](const EfficiencyParameters &p) { return Calibrator::predict(point, p); });
    const TrainingCalibrationSet training =
        TrainingCalibrationData::build(catalogue.benchmarks, catalogue.gpus, catalogue.models);
    for (const TrainingPoint &point : training.points)
        add(point.benchId, point.source + QStringLiteral(" training"), point.profileId,
            [&point](const EfficiencyParameters &p) { return TrainingCalibrator::predict(point, p); });

    // Why a row has no estimate: the training reading's reason for a training row, else the single-GPU one.
    QHash<QString, QString> trainingReasons;
    for (const SkippedRow &row : training.skipped)
        trainingReasons.insert(row.benchId, row.reason);
    QHash<QString, QString> offlineReasons;
    for (const SkippedRow &row : set.skipped)
        offlineReasons.insert(row.benchId, row.reason);
    for (const Benchmark &benchmark : catalogue.benchmarks) {
        if (m_entries.contains(benchmark.benchId))
            continue;
        const bool trainingRow = has(benchmark.task, "train") && trainingReasons.contains(benchmark.benchId);
        m_skipped.insert(benchmark.benchId, trainingRow ? trainingReasons.value(benchmark.benchId)
                                                        : offlineReasons.value(benchmark.benchId));
    }

    // The user's imported runs, each estimated under its own conditions and profile.
    for (const UserRunRow &row : UserRunBenchmarks::of(catalogue)) {
        m_benchmarks << row.benchmark;
        if (row.estimate)
            m_entries.insert(row.benchmark.benchId,
                             Entry{UserRunBenchmarks::kCategory, row.benchmark.framework, row.estimate});
        else
            m_skipped.insert(row.benchmark.benchId, row.noEstimate);
    }
}

double MeasuredEstimates::typicalError(const QString &category)
{
    // The category's leave-one-GPU-out median error |predicted / measured - 1|, from the residuals
    // gpucompare-calibrate wrote with the bands (its accuracy report prints the same figure as MdAPE).
    static const QHash<QString, double> errors = [] {
        QHash<QString, QVector<double>> byCategory;
        for (const UncertaintyResidual &residual : UncertaintyTable::bundled().residuals())
            byCategory[residual.category] << std::fabs(std::exp(-residual.residual) - 1.0);
        QHash<QString, double> medians;
        for (auto it = byCategory.cbegin(); it != byCategory.cend(); ++it)
            medians.insert(it.key(), Calibrator::median(it.value())); // the report's MdAPE
        return medians;
    }();
    return errors.value(category, 0.0);
}

MeasuredComparison MeasuredEstimates::conditionsOnly(const Benchmark &benchmark)
{
    MeasuredComparison result;
    result.conditions = conditionsOf(benchmark);
    return result;
}

QString MeasuredEstimates::differenceText(double difference)
{
    const QString magnitude = percent(std::fabs(difference));
    return (difference < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + magnitude + u'%';
}

QString MeasuredEstimates::conditionsOf(const Benchmark &benchmark)
{
    const bool yours = benchmark.category == UserRunBenchmarks::kCategory;
    QStringList parts{
        yours ? tr("your %1 %2: %3").arg(frameworkOf(benchmark), quantityOf(benchmark), benchmark.metric)
              : frameworkOf(benchmark) + u' ' + quantityOf(benchmark)};
    const QString gpus = benchmark.gpuCount > 1 ? tr("%1 GPUs").arg(benchmark.gpuCount) : QString();
    for (const QString &part :
         {lengthsOf(benchmark), batchOf(benchmark), precisionOf(benchmark), gpus, layoutOf(benchmark)})
        if (!part.isEmpty())
            parts << part;
    return parts.join(tr(", "));
}

MeasuredComparison MeasuredEstimates::compare(const Benchmark &benchmark) const
{
    MeasuredComparison result;
    result.conditions = conditionsOf(benchmark);
    const auto entry = m_entries.constFind(benchmark.benchId);
    if (entry == m_entries.constEnd()) {
        result.noEstimate = m_skipped.value(benchmark.benchId, tr("the estimator cannot describe this run"));
        return result;
    }
    if (!entry->estimate) {
        result.noEstimate = tr("the estimator gives no number for this run (its profile %1 is missing)")
                                .arg(entry->profileId);
        return result;
    }
    result.estimate = entry->estimate;
    result.difference = benchmark.value / *entry->estimate - 1.0;
    result.typicalError = typicalError(entry->category);
    result.outlier =
        result.typicalError > 0.0 && std::fabs(result.difference) > kOutlierFactor * result.typicalError;
    if (result.outlier)
        result.doubt = doubtFor(benchmark, *entry, result.difference);
    return result;
}

QString MeasuredEstimates::doubtFor(const Benchmark &benchmark, const Entry &entry, double difference) const
{
    // The same run on the other GPUs tells which side is off: when their measurements agree with their
    // estimates, this measurement is the odd one; when they are off too, the estimate misses something.
    QVector<double> others;
    for (const Benchmark &other : m_benchmarks) {
        if (other.gpuId == benchmark.gpuId || !sameRun(other, benchmark))
            continue;
        const auto otherEntry = m_entries.constFind(other.benchId);
        if (otherEntry != m_entries.constEnd() && otherEntry->estimate)
            others << std::fabs(other.value / *otherEntry->estimate - 1.0);
    }
    const double typical = typicalError(entry.category);
    const QString far = difference < 0 ? tr("%1% below the estimate").arg(percent(-difference))
                                       : tr("%1% above the estimate").arg(percent(difference));
    const QString beyond =
        tr("Measured %1, beyond %2× the typical error of %3 estimates (%4%).")
            .arg(far, ValueFormat::number(kOutlierFactor), categoryText(entry.category), percent(typical));
    if (others.isEmpty())
        return beyond + u' ' +
               tr("No other GPU was measured under these conditions: either the measurement or the estimate "
                  "may be wrong.");
    const double othersError = median(others);
    if (othersError <= kOutlierFactor * typical)
        return beyond + u' ' +
               tr("Doubt the measurement: the same run on %n other GPU(s) is within %1% of its estimate "
                  "(median), so this value is the odd one (a slow build or setting, or a typo in the "
                  "source).",
                  nullptr, int(others.size()))
                   .arg(percentBound(othersError));
    return beyond + u' ' +
           tr("Doubt the estimate: the same run on %n other GPU(s) is %1% off its estimate too (median), so "
              "the estimator misses something under these conditions.",
              nullptr, int(others.size()))
               .arg(percent(othersError));
}
