#include "app/comparison/BenchmarkMatcher.h"

#include "app/analysis/calibration/CalibrationData.h"

#include <algorithm>
#include <cmath>

namespace {

// "Meta-Llama-3-8B GGUF" and "llama-3-8b" both become "llama38b": catalogue benchmarks name models
// in free text, presets by id.
// A loop, not QRegularExpression::remove: every benchmark's key is made at start-up, before the first
// frame, and a regular expression costs far more per key than this one pass.
QString modelKey(const QString &text)
{
    QString key;
    key.reserve(text.size());
    for (const QChar c : text) {
        const QChar lower = c.toLower();
        if ((lower >= u'a' && lower <= u'z') || (lower >= u'0' && lower <= u'9'))
            key.append(lower);
    }
    return key;
}

bool isTrainingBenchmark(const Benchmark &benchmark)
{
    const QString task = benchmark.task.toLower();
    return task.contains(QStringLiteral("train")) || task.contains(QStringLiteral("fine-tune"));
}

} // namespace

BenchmarkMatcher::BenchmarkMatcher(const QVector<Benchmark> &benchmarks)
    : m_benchmarks(benchmarks)
{
    m_modelKeys.reserve(benchmarks.size());
    for (const Benchmark &benchmark : benchmarks)
        m_modelKeys << modelKey(benchmark.model);
}

BenchmarkMatcher::BenchmarkMatcher(const CatalogueSnapshot &catalogue)
    : m_estimates(std::in_place, catalogue)
{
    // The catalogue's benchmarks and the user's own runs, matched alike.
    m_benchmarks = m_estimates->benchmarks();
    m_modelKeys.reserve(m_benchmarks.size());
    for (const Benchmark &benchmark : std::as_const(m_benchmarks))
        m_modelKeys << modelKey(benchmark.model);
}

MeasuredComparison BenchmarkMatcher::compare(const Benchmark &benchmark) const
{
    return m_estimates ? m_estimates->compare(benchmark) : MeasuredEstimates::conditionsOnly(benchmark);
}

QVector<Benchmark> BenchmarkMatcher::matching(const Workload &workload, const QVector<GpuSpec> &gpus) const
{
    const QString wanted = modelKey(workload.model.modelId);
    const bool training = Tasks::isTraining(workload.task);
    QVector<Benchmark> matches;
    for (qsizetype i = 0; i < m_benchmarks.size(); ++i) {
        const Benchmark &benchmark = m_benchmarks.at(i);
        if (isTrainingBenchmark(benchmark) != training || !m_modelKeys.at(i).contains(wanted))
            continue;
        const bool chosen = std::any_of(gpus.cbegin(), gpus.cend(),
                                        [&](const GpuSpec &gpu) { return gpu.gpuId == benchmark.gpuId; });
        if (chosen)
            matches << benchmark;
    }
    if (training) {
        // Training runs at scale come at many GPU counts and lengths: the nearest to the form's first.
        const auto distance = [&workload](const Benchmark &b) {
            const int length = CalibrationData::leadingInt(b.inputLength, 0);
            return std::fabs(std::log(double(std::max(1, b.gpuCount)) / std::max(1, workload.gpuCount))) +
                   (length > 0 ? std::fabs(std::log(double(length) / std::max(1, workload.sequenceLength)))
                               : 0.0);
        };
        std::stable_sort(matches.begin(), matches.end(), [&distance](const Benchmark &a, const Benchmark &b) {
            return distance(a) < distance(b);
        });
        // The nearest few runs, each with all its metrics on every chosen GPU that ran it: MPT-13B alone
        // has 49 runs, a page of rows that buries the ones that answer the question.
        QStringList runs;
        matches.removeIf([&runs](const Benchmark &b) {
            const QString run = QStringList{b.model,
                                            b.framework,
                                            b.precision,
                                            b.batchSize,
                                            b.inputLength,
                                            b.outputLength,
                                            QString::number(b.gpuCount)}
                                    .join(u'\x1f');
            if (!runs.contains(run)) {
                if (runs.size() == kNearestTrainingRuns)
                    return true;
                runs << run;
            }
            return false;
        });
    }
    return matches;
}
