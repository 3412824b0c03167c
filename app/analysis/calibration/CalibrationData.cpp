#include "app/analysis/calibration/CalibrationData.h"

#include <QRegularExpression>

namespace CalibrationData {

const ModelSpec *findModel(const QVector<ModelSpec> &models, const QString &id)
{
    for (const ModelSpec &model : models)
        if (model.modelId == id)
            return &model;
    return nullptr;
}

const GpuSpec *findGpu(const QVector<GpuSpec> &gpus, const QString &id)
{
    for (const GpuSpec &gpu : gpus)
        if (gpu.gpuId == id)
            return &gpu;
    return nullptr;
}

int leadingInt(const QString &text, int fallback)
{
    static const QRegularExpression number(QStringLiteral("^\\s*(\\d+)"));
    const auto match = number.match(text);
    return match.hasMatch() ? match.captured(1).toInt() : fallback;
}

bool has(const QString &text, const char *needle)
{
    return text.contains(QLatin1StringView(needle), Qt::CaseInsensitive);
}

QMap<QString, QString> constraintsOf(const QString &text)
{
    QMap<QString, QString> values;
    for (const QString &pair : text.split(u';', Qt::SkipEmptyParts)) {
        const qsizetype equals = pair.indexOf(u'=');
        if (equals > 0)
            values.insert(pair.left(equals).trimmed(), pair.mid(equals + 1).trimmed());
    }
    return values;
}

CalibrationSet buildForCalibration(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                                   const QVector<ModelSpec> &models)
{
    QVector<Benchmark> kept;
    QVector<SkippedRow> broken;
    for (const Benchmark &row : rows) {
        if (has(row.notes, "do not use for validation"))
            broken.append({row.benchId, QStringLiteral("the row's notes mark a broken run (\"%1\")")
                                            .arg(row.notes.section(u';', -1).trimmed())});
        else
            kept.append(row);
    }
    CalibrationSet set = build(kept, gpus, models);
    set.skipped += broken;
    return set;
}

QString metricName(CalibrationMetric metric)
{
    switch (metric) {
    case CalibrationMetric::DecodeTokensPerS:
        return QStringLiteral("decode tokens/s");
    case CalibrationMetric::PrefillTokensPerS:
        return QStringLiteral("prefill tokens/s");
    case CalibrationMetric::ThroughputTokensPerS:
        return QStringLiteral("output tokens/s");
    case CalibrationMetric::SamplesPerS:
        return QStringLiteral("samples/s");
    case CalibrationMetric::TrainingSamplesPerS:
        return QStringLiteral("training samples/s");
    case CalibrationMetric::TtftMs:
        return QStringLiteral("TTFT ms");
    }
    return {};
}

CalibrationSet build(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                     const QVector<ModelSpec> &models)
{
    CalibrationSet set;
    const auto skip = [&set](const Benchmark &row, const QString &reason) {
        set.skipped.append({row.benchId, reason});
    };

    for (const Benchmark &row : rows) {
        const GpuSpec *gpu = findGpu(gpus, row.gpuId);
        if (!gpu) {
            skip(row, QStringLiteral("GPU %1 is not in the datasheet catalogue").arg(row.gpuId));
            continue;
        }
        CalibrationPoint point;
        point.benchId = row.benchId;
        point.source = row.category + QStringLiteral(", ") + row.framework;
        point.gpu = *gpu;
        point.measured = row.value;
        Workload &w = point.workload;
        w.gpuCount = row.gpuCount;
        const auto setModel = [&](const char *id) {
            const ModelSpec *model = findModel(models, QString::fromLatin1(id));
            if (model)
                w.model = *model;
            return model != nullptr;
        };

        if (has(row.category, "llama.cpp")) {
            point.profileId = QStringLiteral("llama.cpp");
            const bool ok = has(row.model, "Llama-3-70B")  ? setModel("llama-3-70b")
                            : has(row.model, "Llama-3-8B") ? setModel("llama-3-8b")
                            : has(row.model, "codellama-7b")
                                ? setModel("llama-2-7b") // same shape, vocabulary 32016
                                : false;
            if (!ok) {
                skip(row, QStringLiteral("no preset for %1").arg(row.model));
                continue;
            }
            if (has(row.model, "codellama"))
                point.assumption = QStringLiteral(
                    "CodeLlama-7B sized as the Llama-2-7B preset (same layers; vocabulary 32016 vs 32000)");
            const QString q = row.precision;
            w.weightPrecision = q.startsWith(QLatin1String("Q4_K_M")) ? Precision::GgufQ4_K_M
                                : q.startsWith(QLatin1String("Q8_0")) ? Precision::GgufQ8_0
                                : q.startsWith(QLatin1String("Q4_0")) ? Precision::GgufQ4_0
                                                                      : Precision::Fp16;
            w.activationPrecision = Precision::Fp16;
            w.kvPrecision = Precision::Fp16;
            w.batch = 1;
            w.inputTokens = leadingInt(row.inputLength, 0);
            w.outputTokens = leadingInt(row.outputLength, 0);
            if (has(row.task, "decode")) {
                point.category = QStringLiteral("llama.cpp decode");
                point.metric = CalibrationMetric::DecodeTokensPerS;
            } else {
                point.category = QStringLiteral("llama.cpp prefill");
                point.metric = CalibrationMetric::PrefillTokensPerS;
            }
        } else if (has(row.category, "Lambda")) {
            point.profileId = QStringLiteral("pytorch-amp");
            point.category = QStringLiteral("Lambda training");
            if (has(row.model, "ResNet-50")) {
                setModel("resnet-50");
            } else if (has(row.model, "BERT-Large")) {
                setModel("bert-large");
                w.sequenceLength = 384;
            } else {
                skip(row, QStringLiteral("no preset for %1").arg(row.model));
                continue;
            }
            w.task = Task::Training;
            const bool fp32 = has(row.precision, "FP32");
            w.weightPrecision = fp32 ? Precision::Fp32 : Precision::Fp16;
            w.activationPrecision = fp32 ? Precision::Tf32 : Precision::Fp16;
            w.kvPrecision = w.activationPrecision == Precision::Tf32 ? Precision::Fp32 : Precision::Fp16;
            // The global batch of the run, each GPU one micro-batch of its share (no accumulation).
            const int perRun = leadingInt(row.batchSize, 0);
            const int runGpus = std::max(1, row.gpuCount);
            if (perRun > 0) {
                w.microBatch = std::max(1, perRun / runGpus);
            } else {
                w.microBatch = w.model.kind == QLatin1String("cnn") ? 256 : 32;
                point.assumption =
                    QStringLiteral("batch not tabulated (v2 suite): %1 per GPU assumed").arg(w.microBatch);
            }
            w.batch = w.microBatch * runGpus;
            // Lambda's runs are data parallel (every GPU a replica): the layout as run, not searched.
            w.tensorParallel = 1;
            w.pipelineParallel = 1;
            point.metric = CalibrationMetric::TrainingSamplesPerS;
        } else if (has(row.category, "MLPerf Inference")) {
            point.profileId = QStringLiteral("tensorrt-llm-0.x"); // 2024 releases
            point.category = QStringLiteral("MLPerf Inference offline");
            if (!has(row.task, "Offline")) {
                skip(row, QStringLiteral(
                              "Server scenario: throughput under latency bounds, not an offline maximum"));
                continue;
            }
            w.weightPrecision = Precision::Fp8;
            w.activationPrecision = Precision::Fp8;
            w.kvPrecision = Precision::Fp8;
            w.batch = 0; // engine-chosen: the largest that fits, capped by the profile
            if (has(row.model, "Llama-2-70B")) {
                setModel("llama-2-70b");
                w.inputTokens = 300;
                w.outputTokens = 291;
                point.assumption = QStringLiteral(
                    "OpenOrca mean input ~300 tokens assumed (not in the CSV); output 291 from the row");
                point.metric = CalibrationMetric::ThroughputTokensPerS;
            } else if (has(row.model, "GPT-J")) {
                setModel("gpt-j-6b");
                w.inputTokens = 800;
                w.outputTokens = 69;
                point.assumption = QStringLiteral(
                    "CNN/DailyMail mean input ~800 tokens assumed; output 69 tokens per sample from the row");
                point.metric = CalibrationMetric::ThroughputTokensPerS;
            } else if (has(row.model, "ResNet-50")) {
                setModel("resnet-50");
                w.weightPrecision = Precision::Int8;
                w.activationPrecision = Precision::Int8;
                w.batch = 256 * std::max(1, row.gpuCount); // requests in flight on every GPU
                point.assumption = QStringLiteral("batch 256 per GPU assumed");
                point.metric = CalibrationMetric::SamplesPerS;
            } else {
                skip(row, QStringLiteral("%1: no dataset length distribution in the row (Mixtral mix, BERT "
                                         "variable length) or no "
                                         "sourced per-image FLOPs (SDXL)")
                              .arg(row.model.left(40)));
                continue;
            }
        } else if (has(row.category, "TensorRT-LLM") || has(row.category, "NIM")) {
            point.profileId = QStringLiteral("tensorrt-llm-0.x"); // 2024 releases
            point.category = QStringLiteral("TensorRT-LLM offline");
            const bool fp8 = has(row.precision, "FP8");
            w.weightPrecision = fp8 ? Precision::Fp8 : Precision::Fp16;
            w.activationPrecision = w.weightPrecision;
            w.kvPrecision = w.weightPrecision;
            if (has(row.model, "405B"))
                setModel("llama-3.1-405b");
            else if (has(row.model, "Llama-3.3-70B"))
                setModel("llama-3.3-70b");
            else if (has(row.model, "Llama-3.1-8B"))
                setModel("llama-3.1-8b");
            else if (has(row.model, "GPT-J"))
                setModel("gpt-j-6b");
            else {
                skip(row, QStringLiteral("no preset for %1").arg(row.model));
                continue;
            }
            w.tensorParallel = row.gpuCount; // the tables run one tensor-parallel group
            w.inputTokens = leadingInt(row.inputLength, 128);
            w.outputTokens = leadingInt(row.outputLength, 0);
            if (has(row.category, "NIM")) {
                const int concurrency = leadingInt(row.batchSize.mid(row.batchSize.indexOf(u' ') + 1), 1);
                if (concurrency > 50) {
                    skip(row, QStringLiteral("concurrency %1: requests queue (TTFT 88 s), not a steady batch")
                                  .arg(concurrency));
                    continue;
                }
                w.batch = concurrency;
                point.metric = CalibrationMetric::ThroughputTokensPerS;
            } else if (has(row.metric, "1st-token latency")) {
                w.batch = leadingInt(row.batchSize, 1);
                w.outputTokens = 1;
                point.metric = CalibrationMetric::TtftMs;
            } else if (has(row.metric, "single-stream")) {
                w.batch = 1;
                w.outputTokens = 128;
                point.metric = CalibrationMetric::DecodeTokensPerS;
                point.assumption =
                    QStringLiteral("single-stream tokens/s read as decode speed (128 output tokens assumed)");
            } else {
                const int batch = leadingInt(row.batchSize, 0);
                w.batch = batch; // 0 = engine-chosen: the largest that fits
                point.metric = CalibrationMetric::ThroughputTokensPerS;
            }
        } else {
            skip(row, QStringLiteral("%1: time-to-train or kernel benchmark, not an estimator output")
                          .arg(row.category));
            continue;
        }
        if (w.model.modelId.isEmpty()) {
            skip(row, QStringLiteral("preset missing"));
            continue;
        }
        set.points.append(point);
    }
    return set;
}

} // namespace CalibrationData
