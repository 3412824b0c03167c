#include "app/analysis/calibration/MeasuredRunCase.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/Precision.h"
#include "app/analysis/RequestMix.h"
#include "app/analysis/UncertaintyTable.h"
#include "app/analysis/calibration/CalibrationData.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace MeasuredRunCases {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("MeasuredRunCases", text, disambiguation, n);
}

// The weights' format a file states: "bf16", "FP8", "fp8-dynamic", llama-bench's "Q4_K - Medium".
std::optional<Precision> precisionOf(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t.isEmpty())
        return std::nullopt;
    if (const auto exact = Precisions::parse(t.section(u' ', 0, 0).section(u'-', 0, 0)))
        return exact;
    if (t.startsWith(QLatin1String("q4_k")))
        return Precision::GgufQ4_K_M;
    if (t.startsWith(QLatin1String("q8_0")))
        return Precision::GgufQ8_0;
    if (t.startsWith(QLatin1String("q4_0")))
        return Precision::GgufQ4_0;
    if (t == QLatin1String("f16"))
        return Precision::Fp16;
    if (t == QLatin1String("f32"))
        return Precision::Fp32;
    return std::nullopt;
}

void setPrecision(Workload &w, const QString &stated, Precision otherwise, QStringList &assumptions)
{
    const std::optional<Precision> weights = precisionOf(stated);
    if (!weights)
        assumptions << (stated.isEmpty()
                            ? tr("precision not stated: %1 assumed").arg(Precisions::name(otherwise))
                            : tr("precision '%1' read as %2").arg(stated, Precisions::name(otherwise)));
    w.weightPrecision = weights.value_or(otherwise);
    w.activationPrecision = Precisions::defaultActivationFor(w.weightPrecision);
    w.kvPrecision = Precisions::defaultKvFor(w.activationPrecision);
}

std::optional<double> medianElseMean(const MeasuredRun::Latency &latency, bool *median)
{
    *median = latency.median.has_value();
    return latency.median ? latency.median : latency.mean;
}

QString buildServing(const MeasuredRun &run, int gpuCount, std::optional<int> tensorParallel,
                     MeasuredRunCase &c)
{
    if (!run.inputTokens || !run.outputTokens || *run.inputTokens < 1.0 || *run.outputTokens < 1.0)
        return tr("the run does not give its mean prompt and output lengths");
    Workload &w = c.workload;
    w.task = Task::Inference;
    w.gpuCount = gpuCount;
    w.tensorParallel = tensorParallel.value_or(gpuCount);
    if (!tensorParallel)
        c.assumptions << tr("tensor parallel degree not stated: %1, every GPU of the run").arg(gpuCount);
    w.pipelineParallel = std::max(1, run.pipelineParallel.value_or(1));
    setPrecision(w, run.precision, Precision::Bf16, c.assumptions);
    w.inputTokens = std::max(1, int(std::lround(*run.inputTokens)));
    w.outputTokens = std::max(1, int(std::lround(*run.outputTokens)));

    ServingTraffic traffic;
    const bool unlimitedRate = !run.requestRate || !std::isfinite(*run.requestRate);
    if (!unlimitedRate && *run.requestRate > 0.0) {
        traffic.requestRate = *run.requestRate;
        if (run.concurrency)
            c.assumptions << tr(
                "Poisson arrivals at the stated rate; the concurrency limit is not simulated");
    } else if (run.concurrency && *run.concurrency > 0) {
        traffic.concurrency = *run.concurrency;
    } else if (run.numPrompts && *run.numPrompts > 0) {
        traffic.concurrency = *run.numPrompts; // every request sent at once
        c.assumptions << tr("no rate and no concurrency limit: every request arrives at once");
    } else {
        return tr("the run states neither its request rate nor its concurrency");
    }
    const int requests = run.numPrompts.value_or(int(run.completedRequests.value_or(0.0)));
    traffic.numRequests =
        std::clamp(requests > 0 ? requests : kMostRequestsSimulated, 1, kMostRequestsSimulated);
    if (requests > kMostRequestsSimulated)
        c.assumptions << tr("%1 of its %2 requests simulated").arg(kMostRequestsSimulated).arg(requests);
    if (run.dataset.contains(QLatin1String("sharegpt"), Qt::CaseInsensitive)) {
        if (const auto table = LengthTable::shareGpt()) {
            traffic.dataset = LengthDataset::ShareGpt;
            traffic.lengthTable = table->scaledTo(*run.inputTokens, *run.outputTokens);
        }
    }
    // Counted as the tool that measured it counts (BenchmarkHarness): GenAI-Perf's steady windows, AIPerf's
    // and vllm bench serve's every request.
    const QString tool = run.tool.toLower();
    traffic.harness = tool.contains(QLatin1String("genai-perf")) ? BenchmarkHarness::GenAiPerf
                      : tool.contains(QLatin1String("aiperf"))   ? BenchmarkHarness::AiPerf
                                                                 : BenchmarkHarness::VllmBench;
    w.traffic = traffic;
    w.batch = std::max(1, traffic.concurrency);

    bool median = false;
    if (const auto ttft = medianElseMean(run.ttftMs, &median))
        c.values << MeasuredValue{MeasuredMetric::TtftMs, median, *ttft};
    if (const auto tpot = medianElseMean(run.tpotMs, &median))
        c.values << MeasuredValue{MeasuredMetric::TpotMs, median, *tpot};
    if (run.outputTokensPerS)
        c.values << MeasuredValue{MeasuredMetric::OutputTokensPerS, false, *run.outputTokensPerS};
    return {};
}

QString buildSingle(const MeasuredRun &run, int gpuCount, MeasuredRunCase &c)
{
    const MeasuredRun::LlamaBench &b = run.llamaBench;
    Workload &w = c.workload;
    w.task = Task::Inference;
    w.gpuCount = gpuCount;
    w.batch = 1;
    const QString stated = !b.modelType.isEmpty() ? b.modelType.section(u' ', 2) : run.precision;
    setPrecision(w, stated, Precision::Fp16, c.assumptions);
    if (b.promptTokensPerS && b.nPrompt) {
        w.inputTokens = *b.nPrompt;
        w.outputTokens = 1;
        c.values << MeasuredValue{MeasuredMetric::PrefillTokensPerS, false, *b.promptTokensPerS};
    } else if (b.generationTokensPerS && b.nGen) {
        w.inputTokens = std::max(1, b.nDepth.value_or(1));
        w.outputTokens = *b.nGen;
        c.values << MeasuredValue{MeasuredMetric::DecodeTokensPerS, false, *b.generationTokensPerS};
    } else if (b.combinedTokensPerS) {
        return tr("a combined prompt-and-generation test (pg): only pp and tg tests are compared");
    } else {
        // The CSV template's one-stream row: its latencies.
        if (!run.inputTokens || !run.outputTokens)
            return tr("the run does not give its prompt and output lengths");
        w.inputTokens = std::max(1, int(std::lround(*run.inputTokens)));
        w.outputTokens = std::max(1, int(std::lround(*run.outputTokens)));
        bool median = false;
        if (const auto tpot = medianElseMean(run.tpotMs, &median); tpot && *tpot > 0.0)
            c.values << MeasuredValue{MeasuredMetric::DecodeTokensPerS, false, 1000.0 / *tpot};
        if (const auto ttft = medianElseMean(run.ttftMs, &median); ttft && *ttft > 0.0)
            c.values << MeasuredValue{MeasuredMetric::PrefillTokensPerS, false,
                                      w.inputTokens * 1000.0 / *ttft};
    }
    return {};
}

QString buildTraining(const MeasuredRun &run, int gpuCount, std::optional<int> tensorParallel,
                      MeasuredRunCase &c)
{
    const MeasuredRun::Training &t = run.training;
    if (!t.globalBatch || !t.sequenceLength)
        return tr("a training run needs its global batch and sequence length");
    Workload &w = c.workload;
    w.task = Task::Training;
    w.gpuCount = gpuCount;
    w.tensorParallel = tensorParallel.value_or(0);
    w.pipelineParallel = run.pipelineParallel.value_or(0);
    w.batch = *t.globalBatch;
    w.sequenceLength = *t.sequenceLength;
    setPrecision(w, run.precision, Precision::Bf16, c.assumptions);
    if (w.weightPrecision == Precision::Fp8) { // FP8 training keeps BF16 master weights, FP8 matmuls
        w.weightPrecision = Precision::Bf16;
        w.kvPrecision = Precision::Bf16;
    }
    w.automatic.zeroStage = w.automatic.microBatch = w.automatic.recompute = true;
    c.assumptions << tr("sharding, micro-batch and recomputation not stated: the fastest recipe that fits");
    if (t.tokensPerSPerGpu)
        c.values << MeasuredValue{MeasuredMetric::TrainingTokensPerS, false, *t.tokensPerSPerGpu};
    else if (t.stepTimeS)
        c.values << MeasuredValue{MeasuredMetric::StepTimeS, false, *t.stepTimeS};
    else if (t.mfu)
        c.values << MeasuredValue{MeasuredMetric::Mfu, false, *t.mfu};
    return {};
}

double pick(const LatencyStats &stats, bool median)
{
    return median ? stats.p50 : stats.mean;
}

} // namespace

Built build(const StoredMeasuredRun &run, const QVector<GpuSpec> &gpus, const QVector<ModelSpec> &models,
            const QString &profileId)
{
    Built built;
    const GpuSpec *gpu = CalibrationData::findGpu(gpus, run.gpuId);
    const ModelSpec *model = CalibrationData::findModel(models, run.modelId);
    if (!gpu || !model) {
        built.reason = !gpu ? tr("GPU %1 is not in the catalogue").arg(run.gpuId)
                            : tr("model %1 is not in the catalogue").arg(run.modelId);
        return built;
    }
    MeasuredRunCase c;
    c.runId = run.rowId;
    c.profileId = profileId.isEmpty() ? run.profileId : profileId;
    if (c.profileId.isEmpty()) {
        built.reason = tr("no engine profile: name one with --profile when importing");
        return built;
    }
    c.gpu = *gpu;
    c.workload.model = *model;
    const int gpuCount = std::max(1, run.gpuCount);
    switch (run.run.task) {
    case MeasuredRun::Task::InferenceServing:
        built.reason = buildServing(run.run, gpuCount, run.tensorParallel, c);
        break;
    case MeasuredRun::Task::InferenceSingle:
        built.reason = buildSingle(run.run, gpuCount, c);
        break;
    case MeasuredRun::Task::Training:
        built.reason = buildTraining(run.run, gpuCount, run.tensorParallel, c);
        break;
    case MeasuredRun::Task::Unknown:
        built.reason = tr("the run does not say whether it served, ran one stream or trained");
        break;
    }
    if (built.reason.isEmpty() && c.values.isEmpty())
        built.reason = tr("the run measured nothing the estimator gives");
    if (built.reason.isEmpty())
        built.runCase = c;
    return built;
}

QString firstInexpressible(const QVector<MeasurementRepository::FileImport> &files,
                           const QVector<GpuSpec> &gpus, const QVector<ModelSpec> &models)
{
    for (const MeasurementRepository::FileImport &file : files)
        for (const StoredMeasuredRun &run : file.runs) {
            const Built built = build(run, gpus, models, kAnyProfile);
            if (!built.runCase)
                return tr("%1, run %2: the estimator cannot express it: %3")
                    .arg(file.file.fileName)
                    .arg(run.run.record)
                    .arg(built.reason);
        }
    return {};
}

QVector<double> predict(const MeasuredRunCase &runCase, const EfficiencyParameters &parameters)
{
    const Estimate e = Estimator::estimate(runCase.gpu, runCase.workload, parameters, EstimateOptions{false});
    QVector<double> predicted;
    for (const MeasuredValue &v : runCase.values) {
        double value = 0.0;
        switch (v.metric) {
        case MeasuredMetric::TtftMs:
            value = e.serving ? pick(e.serving->ttftMs, v.median) : 0.0;
            break;
        case MeasuredMetric::TpotMs:
            value = e.serving ? pick(e.serving->tpotMs, v.median) : 0.0;
            break;
        case MeasuredMetric::OutputTokensPerS:
            value = e.serving ? e.serving->outputTokensPerS : 0.0;
            break;
        case MeasuredMetric::PrefillTokensPerS:
            value = e.inference ? e.inference->prefillTokensPerS : 0.0;
            break;
        case MeasuredMetric::DecodeTokensPerS:
            value = e.inference ? e.inference->decodeTokensPerS : 0.0;
            break;
        case MeasuredMetric::TrainingTokensPerS:
            value = e.training ? e.training->tokensPerSPerGpu : 0.0;
            break;
        case MeasuredMetric::StepTimeS:
            value = e.training ? e.training->stepTimeS : 0.0;
            break;
        case MeasuredMetric::Mfu:
            value = e.training ? e.training->mfu : 0.0;
            break;
        }
        predicted << (std::isfinite(value) && value > 0.0 ? value : 0.0);
    }
    return predicted;
}

QString metricName(const MeasuredValue &value)
{
    const QString statistic = value.median ? tr("median") : tr("mean");
    switch (value.metric) {
    case MeasuredMetric::TtftMs:
        return tr("TTFT %1").arg(statistic);
    case MeasuredMetric::TpotMs:
        return tr("TPOT %1").arg(statistic);
    case MeasuredMetric::OutputTokensPerS:
        return tr("output tokens/s");
    case MeasuredMetric::PrefillTokensPerS:
        return tr("prompt tokens/s");
    case MeasuredMetric::DecodeTokensPerS:
        return tr("generated tokens/s");
    case MeasuredMetric::TrainingTokensPerS:
        return tr("tokens/s/GPU");
    case MeasuredMetric::StepTimeS:
        return tr("step time");
    case MeasuredMetric::Mfu:
        return tr("MFU");
    }
    return {};
}

QString unit(MeasuredMetric metric)
{
    switch (metric) {
    case MeasuredMetric::TtftMs:
    case MeasuredMetric::TpotMs:
        return QStringLiteral("ms");
    case MeasuredMetric::StepTimeS:
        return QStringLiteral("s");
    case MeasuredMetric::Mfu:
        return QString();
    case MeasuredMetric::TrainingTokensPerS:
        return QStringLiteral("tokens/s/GPU");
    case MeasuredMetric::OutputTokensPerS:
    case MeasuredMetric::PrefillTokensPerS:
    case MeasuredMetric::DecodeTokensPerS:
        return QStringLiteral("tokens/s");
    }
    return {};
}

bool isTime(MeasuredMetric metric)
{
    return metric == MeasuredMetric::TtftMs || metric == MeasuredMetric::TpotMs ||
           metric == MeasuredMetric::StepTimeS;
}

QString uncertaintyKind(MeasuredMetric metric)
{
    switch (metric) {
    case MeasuredMetric::TtftMs:
        return UncertaintyTable::kServingTtft;
    case MeasuredMetric::TpotMs:
        return UncertaintyTable::kServingTpot;
    case MeasuredMetric::OutputTokensPerS:
        return UncertaintyTable::kServingThroughput;
    case MeasuredMetric::PrefillTokensPerS:
        return UncertaintyTable::kPrefill;
    case MeasuredMetric::DecodeTokensPerS:
        return UncertaintyTable::kDecode;
    case MeasuredMetric::TrainingTokensPerS:
    case MeasuredMetric::StepTimeS:
    case MeasuredMetric::Mfu:
        return UncertaintyTable::kTraining;
    }
    return {};
}

} // namespace MeasuredRunCases
