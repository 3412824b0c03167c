#include "app/analysis/calibration/ServingCalibrationData.h"

#include "app/analysis/UncertaintyTable.h"
#include "app/analysis/calibration/CalibrationData.h"
#include "db/CsvReader.h"

#include <QFile>
#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <numeric>

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
    return {QStringLiteral("NIM"),
            QStringLiteral("LMDeploy"),
            QStringLiteral("Lambda vLLM"),
            QStringLiteral("vLLM CI"),
            QStringLiteral("vLLM traces"),
            QStringLiteral("InferenceX TRT-LLM"),
            QStringLiteral("InferenceX SGLang")};
}

namespace {

// vLLM 0.19 request traces (LLMServingSim, resources/datasets/traces/README.md): 300 ShareGPT requests
// replayed at their recorded arrivals, each run one workload whose TTFT p50 and mean, TPOT mean and output
// tokens/s are computed from its requests as the README does.
struct TraceRun
{
    const char *file;
    const char *gpu;
    const char *model;
    int gpus;
    int tp;
    int maxNumSeqs;
};

void appendTraceRuns(const QVector<GpuSpec> &gpus, const QVector<ModelSpec> &models,
                     ServingCalibrationSet &set)
{
    // The RTX 4090 run is left out: its KV cache (41,408 tokens measured) is what the run tests, and the
    // catalogue's 24 GB gives the estimate 26,400; the RTX PRO 6000 runs use a third of theirs or less.
    // Their edition is not recorded: the workstation card (600 W) is assumed.
    static const TraceRun runs[] = {
        {"rtx-pro-6000-llama-3.1-8b", "rtx_pro_6000_ws_96gb", "llama-3.1-8b", 1, 1, 128},
        {"rtx-pro-6000-qwen3-32b-tp2", "rtx_pro_6000_ws_96gb", "qwen3-32b", 2, 2, 128},
        {"rtx-pro-6000-qwen3-30b-a3b-dp2-ep", "rtx_pro_6000_ws_96gb", "qwen3-30b-a3b", 2, 1, 128},
    };
    for (const TraceRun &run : runs) {
        QFile file(QStringLiteral(":/datasets/traces/%1.csv").arg(QLatin1String(run.file)));
        const GpuSpec *gpu = CalibrationData::findGpu(gpus, QLatin1String(run.gpu));
        const ModelSpec *model = CalibrationData::findModel(models, QLatin1String(run.model));
        if (!file.open(QIODevice::ReadOnly) || !gpu || !model)
            continue;
        const QByteArray bytes = file.readAll();
        QString error;
        const auto table =
            LengthTable::parse(bytes, QLatin1String(run.file) + QStringLiteral(".csv"), &error);
        const auto records = CsvReader::parse(bytes, &error);
        if (!table || !records || records->size() < 2)
            continue;
        QVector<double> ttft;
        QVector<double> tpot;
        double outputTokens = 0.0;
        double end = 0.0;
        for (qsizetype i = 1; i < records->size(); ++i) {
            const QStringList &f = records->at(i).fields; // input, output, arrival_s, ttft_ms, e2e_ms
            const double output = f.value(1).toDouble();
            const double arrival = f.value(2).toDouble();
            const double firstMs = f.value(3).toDouble();
            const double lastMs = f.value(4).toDouble();
            ttft << firstMs;
            if (output > 1.0)
                tpot << (lastMs - firstMs) / (output - 1.0);
            outputTokens += output;
            end = std::max(end, arrival + lastMs / 1e3);
        }
        const auto mean = [](const QVector<double> &values) {
            return values.isEmpty() ? 0.0
                                    : std::accumulate(values.begin(), values.end(), 0.0) / values.size();
        };
        ServingPoint point;
        point.source = QStringLiteral("vLLM traces");
        point.profileId = QStringLiteral("vllm");
        point.gpu = *gpu;
        Workload &w = point.workload;
        w.model = *model;
        w.task = Task::Inference;
        w.gpuCount = run.gpus;
        w.tensorParallel = run.tp;
        w.pipelineParallel = 1;
        w.inputTokens = std::max(1, int(std::lround(table->meanInput)));
        w.outputTokens = std::max(1, int(std::lround(table->meanOutput)));
        ServingTraffic traffic;
        traffic.dataset = LengthDataset::File;
        traffic.lengthTable = table;
        traffic.maxNumSeqs = run.maxNumSeqs;
        traffic.maxBatchedTokens = 2048;
        w.traffic = traffic;
        w.batch = run.maxNumSeqs;
        point.staticBatch = run.maxNumSeqs;
        point.assumption = QStringLiteral(
            "vLLM 0.19 in-process engine (no HTTP), bf16, max_num_seqs 128, max_num_batched_tokens 2048; the "
            "trace's 300 ShareGPT requests replayed at their arrivals (10 requests/s), pinned output "
            "lengths; "
            "RTX PRO 6000 read as the workstation edition; DP2 with expert parallelism run as 2 replicas");
        const QString run_ = QStringLiteral("trace-%1").arg(QLatin1String(run.file));
        const auto add = [&](const char *suffix, ServingMetric metric, ServingStatistic statistic,
                             double value) {
            ServingPoint p = point;
            p.benchId = run_ + QLatin1String(suffix);
            p.metric = metric;
            p.statistic = statistic;
            p.measured = value;
            set.points.append(p);
        };
        add("-ttft-p50", ServingMetric::TtftMs, ServingStatistic::P50,
            UncertaintyTable::percentile(ttft, 0.5));
        add("-ttft-mean", ServingMetric::TtftMs, ServingStatistic::Mean, mean(ttft));
        add("-tpot-mean", ServingMetric::TpotMs, ServingStatistic::Mean, mean(tpot));
        add("-tput", ServingMetric::OutputTokensPerS, ServingStatistic::Mean,
            end > 0.0 ? outputTokens / end : 0.0);
    }
}

// InferenceX's single-node runs (SemiAnalysisAI/InferenceX @00e51cc7, benchmarks/ and utils/): its client
// draws each length uniformly in [0.8 X, X] (RANDOM_RANGE_RATIO 0.8 of its own sampler), sends 10 x conc
// prompts at rate inf with conc in flight and counts every one (warm-ups run before the timed run). Engine
// flags from the launch scripts for DeepSeek-R1 FP8 on H200. False for the rows not compared: the total
// (input + output) throughput repeats the output throughput's run.
bool inferenceXPoint(const Benchmark &row, const QMap<QString, QString> &constraints, ServingPoint &point,
                     QString &modelId, QStringList &assumptions)
{
    const bool sglang = has(row.framework, "SGLang");
    point.source = sglang ? QStringLiteral("InferenceX SGLang") : QStringLiteral("InferenceX TRT-LLM");
    point.profileId = sglang ? QStringLiteral("sglang") : QStringLiteral("tensorrt-llm");
    if (has(row.model, "DeepSeek-R1"))
        modelId = QStringLiteral("deepseek-r1");
    Workload &w = point.workload;
    const int isl = leadingInt(row.inputLength, 1024);
    const int osl = leadingInt(row.outputLength, 1024);
    const int users = constraints.value(QStringLiteral("concurrency")).toInt();
    w.expertParallel = std::max(1, constraints.value(QStringLiteral("ep"), QStringLiteral("1")).toInt());
    // FP8 block-scaled weights and matmuls; TensorRT-LLM's scripts set an FP8 KV cache, SGLang's keep the
    // 16-bit default.
    setPrecision(w, Precision::Fp8, Precision::Fp8, sglang ? Precision::Bf16 : Precision::Fp8);
    // [0.8 X, X] is the random dataset at mean 0.9 X and range ratio 1/9.
    w.inputTokens = int(std::lround(0.9 * isl));
    w.outputTokens = int(std::lround(0.9 * osl));
    ServingTraffic traffic = closedLoop(users, 10 * users);
    traffic.dataset = LengthDataset::Random;
    traffic.randomRangeRatio = 1.0 / 9.0;
    traffic.harness = BenchmarkHarness::VllmBench;
    if (sglang) {
        // --max-running-requests and --cuda-graph-max-bs 512 at 1k/1k, 256 otherwise; --chunked-prefill-size
        // 32768.
        traffic.maxNumSeqs = isl == 1024 && osl == 1024 ? 512 : 256;
        traffic.maxBatchedTokens = 32768;
    } else {
        // The scripts size the engine to the run: max_batch_size conc, max_num_tokens max(8192,
        // ceil64(conc + isl + 64)).
        traffic.maxNumSeqs = std::max(users, 1);
        traffic.maxBatchedTokens = std::max(8192, (users + isl + 64 + 63) / 64 * 64);
    }
    w.traffic = traffic;
    point.staticBatch = users;
    assumptions << QStringLiteral(
        "InferenceX: lengths uniform in [0.8 X, X] (its RANDOM_RANGE_RATIO 0.8), 10 x conc prompts, every "
        "one counted (--harness vllm-bench); tp 8 on one node, ep and attention as in the row");
    if (constraints.value(QStringLiteral("dp_attention")) == QLatin1String("1"))
        assumptions << QStringLiteral("InferenceX: attention data parallelism run as tensor parallel (not "
                                      "modelled)");
    assumptions << QStringLiteral(
        "InferenceX: the engine's memory fraction (SGLang 0.82, TensorRT-LLM 0.75 free) is the profile's");
    if (has(row.metric, "TTFT")) {
        point.metric = ServingMetric::TtftMs;
        point.statistic = ServingStatistic::P50;
    } else if (has(row.metric, "interactivity")) {
        // 1000 / median TPOT in ms: the median TPOT itself.
        point.metric = ServingMetric::TpotMs;
        point.statistic = ServingStatistic::P50;
        point.measured = row.value > 0.0 ? 1000.0 / row.value : 0.0;
    } else if (has(row.metric, "E2E")) {
        point.metric = ServingMetric::E2eMs;
        point.statistic = ServingStatistic::P50; // in seconds: made ms with the other rows in seconds
    } else if (has(row.metric, "output throughput")) {
        point.metric = ServingMetric::OutputTokensPerS; // per GPU in the row: the deployment's here
        point.measured = row.value * std::max(1, row.gpuCount);
    } else {
        return false;
    }
    return true;
}

} // namespace

ServingCalibrationSet build(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                            const QVector<ModelSpec> &models)
{
    ServingCalibrationSet set;
    appendTraceRuns(gpus, models, set);
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
            point.profileId =
                QStringLiteral("tensorrt-llm-0.x"); // NIM 1.8 runs Llama-3.3-70B on TensorRT-LLM (2024)
            if (has(row.model, "Llama-3.3-70B"))
                modelId = QStringLiteral("llama-3.3-70b");
            setPrecision(w, Precision::Fp8, Precision::Fp8, Precision::Fp8);
            w.inputTokens = leadingInt(row.inputLength, 0);
            w.outputTokens = leadingInt(row.outputLength, 0);
            const int users = constraints.value(QStringLiteral("concurrency")).toInt();
            // GenAI-Perf (perf_analyzer) keeps `users` requests in flight and measures in windows once the
            // figures are stable: the users' first round, started together, is not in them.
            ServingTraffic traffic = closedLoop(users, 0);
            traffic.harness = BenchmarkHarness::GenAiPerf;
            w.traffic = traffic;
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
                "NIM: counted as GenAI-Perf counts (--harness genai-perf): once the "
                "requests in flight are steady, without the users' first round "
                "and the drain");
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
            point.profileId = QStringLiteral("vllm-0.5");
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
            point.profileId = QStringLiteral("vllm-0.5"); // build 9523: 2024, before the V1 engine
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
        } else if (has(row.category, "InferenceX")) {
            if (!inferenceXPoint(row, constraints, point, modelId, assumptions)) {
                skip(row, QStringLiteral("%1: the output throughput row of the same run is compared")
                              .arg(row.metric));
                continue;
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
