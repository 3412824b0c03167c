#include "app/analysis/calibration/ServingCalibrationData.h"

#include "app/analysis/calibration/CalibrationData.h"

#include <QHash>
#include <QMap>
#include <QRegularExpression>

namespace ServingCalibrationData {

namespace {

using CalibrationData::constraintsOf;
using CalibrationData::has;
using CalibrationData::leadingInt;

// The row's run: its bench_id without the metric suffix ("...-b64-rps" -> "...-b64").
QString runOf(const QString &benchId)
{
    const qsizetype dash = benchId.lastIndexOf(u'-');
    return dash > 0 ? benchId.left(dash) : benchId;
}

QString suffixOf(const QString &benchId)
{
    const qsizetype dash = benchId.lastIndexOf(u'-');
    return dash > 0 ? benchId.mid(dash + 1) : QString();
}

void setPrecision(Workload &w, Precision weights, Precision activations, Precision kv)
{
    w.weightPrecision = weights;
    w.activationPrecision = activations;
    w.kvPrecision = kv;
}

ServingTraffic closedLoop(int users, int requests)
{
    ServingTraffic traffic;
    traffic.concurrency = users;
    traffic.numRequests = requests;
    return traffic;
}

// Users over the bundled ShareGPT mix scaled to a run's mean lengths.
ServingTraffic shareGptLoop(int users, int requests, double meanInput, double meanOutput)
{
    ServingTraffic traffic = closedLoop(users, requests);
    if (const auto table = LengthTable::shareGpt()) {
        traffic.dataset = LengthDataset::ShareGpt;
        traffic.lengthTable = table->scaledTo(meanInput, meanOutput);
    }
    return traffic;
}

} // namespace

QString metricName(ServingMetric metric, ServingStatistic statistic)
{
    const QString stat = statistic == ServingStatistic::P50 ? QStringLiteral("p50") : QStringLiteral("mean");
    switch (metric) {
    case ServingMetric::TtftMs:
        return QStringLiteral("TTFT %1 ms").arg(stat);
    case ServingMetric::TpotMs:
        return QStringLiteral("TPOT %1 ms").arg(stat);
    case ServingMetric::ItlMs:
        return QStringLiteral("ITL %1 ms").arg(stat);
    case ServingMetric::E2eMs:
        return QStringLiteral("end-to-end %1 ms").arg(stat);
    case ServingMetric::OutputTokensPerS:
        return QStringLiteral("output tokens/s");
    case ServingMetric::RequestsPerS:
        return QStringLiteral("requests/s");
    }
    return {};
}

QString metricGroup(ServingMetric metric)
{
    switch (metric) {
    case ServingMetric::TtftMs:
        return QStringLiteral("TTFT");
    case ServingMetric::TpotMs:
    case ServingMetric::ItlMs:
        return QStringLiteral("TPOT / ITL");
    case ServingMetric::E2eMs:
        return QStringLiteral("End-to-end latency");
    case ServingMetric::OutputTokensPerS:
    case ServingMetric::RequestsPerS:
        return QStringLiteral("Throughput");
    }
    return {};
}

QStringList metricGroups()
{
    return {QStringLiteral("TTFT"), QStringLiteral("TPOT / ITL"), QStringLiteral("Throughput"),
            QStringLiteral("End-to-end latency")};
}

QStringList sources()
{
    return {QStringLiteral("NIM"), QStringLiteral("LMDeploy"), QStringLiteral("Lambda vLLM"),
            QStringLiteral("vLLM CI")};
}

ServingCalibrationSet build(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                            const QVector<ModelSpec> &models)
{
    ServingCalibrationSet set;
    const auto skip = [&set](const Benchmark &row, const QString &reason) {
        set.skipped.append({row.benchId, reason});
    };
    // Rows of one run, by metric suffix: the request-throughput tables give their mean lengths only as
    // the ratio of two rows.
    QHash<QString, QHash<QString, const Benchmark *>> runs;
    for (const Benchmark &row : rows)
        runs[runOf(row.benchId)].insert(suffixOf(row.benchId), &row);

    for (const Benchmark &row : rows) {
        const GpuSpec *gpu = CalibrationData::findGpu(gpus, row.gpuId);
        if (!gpu) {
            skip(row, QStringLiteral("GPU %1 is not in the datasheet catalogue").arg(row.gpuId));
            continue;
        }
        const QMap<QString, QString> constraints = constraintsOf(row.constraints);
        ServingPoint point;
        point.benchId = row.benchId;
        point.gpu = *gpu;
        point.measured = row.value;
        Workload &w = point.workload;
        w.task = Task::Inference;
        w.gpuCount = std::max(1, row.gpuCount);
        w.tensorParallel = constraints.value(QStringLiteral("tp"), QString::number(w.gpuCount)).toInt();
        w.pipelineParallel = 1;
        QString modelId;
        QStringList assumptions;
        const QString suffix = suffixOf(row.benchId);
        const bool seconds = row.unit == QLatin1String("s");

        if (has(row.category, "NIM")) {
            point.source = QStringLiteral("NIM");
            point.profileId = QStringLiteral("tensorrt-llm"); // NIM 1.8 runs Llama-3.3-70B on TensorRT-LLM
            if (has(row.model, "Llama-3.3-70B"))
                modelId = QStringLiteral("llama-3.3-70b");
            setPrecision(w, Precision::Fp8, Precision::Fp8, Precision::Fp8);
            w.inputTokens = leadingInt(row.inputLength, 0);
            w.outputTokens = leadingInt(row.outputLength, 0);
            const int users = constraints.value(QStringLiteral("concurrency")).toInt();
            w.traffic = closedLoop(users, 0); // AIPerf's closed loop, requests enough for stable figures
            point.staticBatch = users;
            if (has(row.metric, "TTFT")) {
                point.metric = ServingMetric::TtftMs;
            } else if (has(row.metric, "ITL")) {
                point.metric = ServingMetric::TpotMs;
                assumptions << QStringLiteral("NIM: AIPerf's ITL is per request (latency - TTFT) / (output - "
                                              "1), compared with TPOT mean");
            } else {
                point.metric = ServingMetric::OutputTokensPerS;
            }
            assumptions << QStringLiteral(
                "NIM: the table's statistic is not named; read as the mean (AIPerf's default table)");
            assumptions << QStringLiteral(
                "NIM: FP8 weights, activations and KV cache (TensorRT-LLM FP8 engine)");
        } else if (has(row.category, "LMDeploy")) {
            point.source = QStringLiteral("LMDeploy");
            point.profileId = QStringLiteral("lmdeploy");
            modelId = has(row.model, "Llama-2-70B")   ? QStringLiteral("llama-2-70b")
                      : has(row.model, "Llama-2-13B") ? QStringLiteral("llama-2-13b")
                      : has(row.model, "Llama-2-7B")  ? QStringLiteral("llama-2-7b")
                                                      : QString();
            setPrecision(w, Precision::Fp16, Precision::Fp16, Precision::Fp16);
            if (has(row.benchId, "-static-")) {
                const int batch = leadingInt(row.batchSize, 1);
                w.inputTokens = leadingInt(row.inputLength, 1);
                w.outputTokens = leadingInt(row.outputLength, 1);
                w.traffic = closedLoop(batch, batch); // a static batch: `batch` requests start together
                point.staticBatch = batch;
                assumptions << QStringLiteral(
                    "LMDeploy static: `batch` concurrent requests of the fixed lengths, starting together, "
                    "one round");
            } else {
                const int maxBatch = constraints.value(QStringLiteral("max_batch")).toInt();
                const auto &run = runs.value(runOf(row.benchId));
                const Benchmark *rps = run.value(QStringLiteral("rps"));
                const Benchmark *tput = run.value(QStringLiteral("tput"));
                static const QRegularExpression total(QStringLiteral("total tok/s=([0-9.]+)"));
                const auto totalMatch = tput ? total.match(tput->notes) : QRegularExpressionMatch();
                if (!rps || !tput || !totalMatch.hasMatch() || rps->value <= 0.0 || maxBatch <= 0) {
                    skip(row, QStringLiteral("request-throughput run without its req/s and token rows: no "
                                             "mean lengths"));
                    continue;
                }
                const double outputMean = tput->value / rps->value;
                const double inputMean = (totalMatch.captured(1).toDouble() - tput->value) / rps->value;
                w.inputTokens = std::max(1, int(std::lround(inputMean)));
                w.outputTokens = std::max(1, int(std::lround(outputMean)));
                // profile_throughput: `max_batch` client threads draw the 3,000 prompts from one queue.
                ServingTraffic traffic = shareGptLoop(maxBatch, 0, inputMean, outputMean);
                traffic.maxNumSeqs = maxBatch;
                w.traffic = traffic;
                point.staticBatch = maxBatch;
                assumptions << QStringLiteral(
                    "LMDeploy request throughput: a closed loop of `max_batch` users (profile_throughput's "
                    "client threads) starting together, the bundled ShareGPT mix scaled to the run's mean "
                    "lengths (output tok/s / req/s, input from the total tok/s in the notes)");
            }
            if (suffix == QLatin1String("tput")) {
                point.metric = ServingMetric::OutputTokensPerS;
            } else if (suffix == QLatin1String("rps")) {
                point.metric = ServingMetric::RequestsPerS;
            } else if (suffix == QLatin1String("ftl")) {
                point.metric = ServingMetric::TtftMs;
            } else if (suffix == QLatin1String("tokp50")) {
                point.metric = ServingMetric::ItlMs;
                point.statistic = ServingStatistic::P50;
            } else {
                skip(row, QStringLiteral("metric %1 not compared").arg(row.metric));
                continue;
            }
        } else if (has(row.category, "Lambda")) {
            point.source = QStringLiteral("Lambda vLLM");
            point.profileId = QStringLiteral("vllm");
            modelId = has(row.model, "405B")                  ? QStringLiteral("llama-3.1-405b")
                      : has(row.model, "Llama-3.1-70B")       ? QStringLiteral("llama-3.1-70b")
                      : has(row.model, "Llama-3.1-8B")        ? QStringLiteral("llama-3.1-8b")
                      : has(row.model, "Mixtral-8x22B")       ? QStringLiteral("mixtral-8x22b")
                      : has(row.model, "Mixtral-8x7B")        ? QStringLiteral("mixtral-8x7b")
                      : has(row.model, "Mistral-7B-Instruct") ? QStringLiteral("mistral-7b")
                                                              : QString();
            if (has(row.precision, "FP8")) {
                // FP8 checkpoints: W8A8 on GPUs with FP8 tensor cores, weight-only (Marlin) elsewhere;
                // the KV cache stays 16-bit (vLLM's kv_cache_dtype auto).
                const bool fp8Cores = gpu->fp8DenseTflops && *gpu->fp8DenseTflops > 0.0;
                setPrecision(w, Precision::Fp8, fp8Cores ? Precision::Fp8 : Precision::Bf16, Precision::Bf16);
                assumptions << QStringLiteral(
                    "Lambda FP8 checkpoints: FP8 weights, FP8 matmuls where the GPU has FP8 tensor cores "
                    "(16-bit on A100: weight-only), 16-bit KV cache");
            } else {
                setPrecision(w, Precision::Bf16, Precision::Bf16, Precision::Bf16);
            }
            if (modelId == QLatin1String("llama-3.1-405b"))
                assumptions << QStringLiteral("Hermes-3-Llama-3.1-405B sized as the Llama-3.1-405B preset");
            if (modelId == QLatin1String("mistral-7b"))
                assumptions << QStringLiteral(
                    "Mistral-7B-Instruct-v0.3 sized as the Mistral-7B preset (vocabulary 32768 vs 32000; its "
                    "4096-token sliding window never binds at ShareGPT lengths)");
            w.inputTokens = kShareGptInputTokens;
            w.outputTokens = kShareGptOutputTokens;
            const int prompts =
                constraints.value(QStringLiteral("num_prompts"), QStringLiteral("320")).toInt();
            // rate inf: every prompt arrives at once
            w.traffic = shareGptLoop(prompts, prompts, kShareGptInputTokens, kShareGptOutputTokens);
            point.staticBatch = prompts;
            assumptions << QStringLiteral(
                "Lambda: 320 prompts at rate inf = 320 requests arriving together; the bundled ShareGPT mix "
                "scaled to mean lengths of 247 in, 233 out (the LMDeploy ShareGPT rows' means: the report "
                "gives none)");
            if (suffix == QLatin1String("tput")) {
                point.metric = ServingMetric::OutputTokensPerS;
            } else {
                point.metric = ServingMetric::ItlMs;
                assumptions << QStringLiteral("Lambda: the report's inter-token latency (statistic not "
                                              "named) compared with the ITL mean");
            }
        } else if (has(row.category, "vLLM CI")) {
            point.source = QStringLiteral("vLLM CI");
            point.profileId = QStringLiteral("vllm");
            modelId = has(row.model, "Llama-3.1-8B")   ? QStringLiteral("llama-3.1-8b")
                      : has(row.model, "Llama-3-70B")  ? QStringLiteral("llama-3-70b")
                      : has(row.model, "Mixtral-8x7B") ? QStringLiteral("mixtral-8x7b")
                                                       : QString();
            setPrecision(w, Precision::Bf16, Precision::Bf16, Precision::Bf16);
            assumptions << QStringLiteral("vLLM CI: 16-bit weights and KV cache (precision not on the page)");
            if (has(row.metric, "latency")) {
                const int batch = constraints.value(QStringLiteral("batch"), QStringLiteral("8")).toInt();
                w.inputTokens = leadingInt(row.inputLength, 32);
                w.outputTokens = leadingInt(row.outputLength, 128);
                w.traffic = closedLoop(batch, batch);
                point.staticBatch = batch;
                point.metric = ServingMetric::E2eMs;
            } else {
                const int prompts =
                    constraints.value(QStringLiteral("num_prompts"), QStringLiteral("200")).toInt();
                w.inputTokens = kShareGptInputTokens;
                w.outputTokens = kShareGptOutputTokens;
                // offline: every prompt queued at the start
                w.traffic = shareGptLoop(prompts, prompts, kShareGptInputTokens, kShareGptOutputTokens);
                point.staticBatch = prompts;
                point.metric = ServingMetric::RequestsPerS;
                assumptions << QStringLiteral(
                    "vLLM CI throughput: 200 ShareGPT prompts queued at once, the bundled ShareGPT mix "
                    "scaled to mean lengths of 247 in, 233 out");
            }
        } else {
            skip(row, QStringLiteral("%1: not a serving source the calibration reads").arg(row.category));
            continue;
        }
        if (modelId.isEmpty()) {
            skip(row, QStringLiteral("no preset for %1").arg(row.model));
            continue;
        }
        const ModelSpec *model = CalibrationData::findModel(models, modelId);
        if (!model) {
            skip(row, QStringLiteral("preset %1 missing from models.json").arg(modelId));
            continue;
        }
        w.model = *model;
        w.batch = point.staticBatch;
        if (seconds)
            point.measured *= 1e3; // LMDeploy latencies are in seconds
        point.assumption = assumptions.join(u'\n');
        set.points.append(point);
    }
    return set;
}

} // namespace ServingCalibrationData
