#include "app/analysis/calibration/TrainingCalibrationData.h"

#include <QMap>
#include <QRegularExpression>

namespace TrainingCalibrationData {

namespace {

using CalibrationData::constraintsOf;
using CalibrationData::has;

int intOf(const QMap<QString, QString> &values, const char *key, int fallback)
{
    return CalibrationData::leadingInt(values.value(QString::fromLatin1(key)), fallback);
}

// The preset of a row's model, or empty.
QString modelIdOf(const Benchmark &row)
{
    static const QRegularExpression mpt(QStringLiteral("^MPT\\s+(\\d+[mb])\\b"),
                                        QRegularExpression::CaseInsensitiveOption);
    const auto match = mpt.match(row.model);
    if (match.hasMatch())
        return QStringLiteral("mpt-") + match.captured(1).toLower();
    const QString model = row.model.trimmed().toUpper();
    // MoE runs (benchmarks-training-calibration-moe.csv) name their models in prose.
    static const QVector<std::pair<QString, QString>> moe{
        {QStringLiteral("QWEN3-235B-A22B"), QStringLiteral("qwen3-235b-a22b")},
        {QStringLiteral("QWEN3 MOE 30B"), QStringLiteral("qwen3-30b-a3b")},
        {QStringLiteral("DEEPSEEK V3"), QStringLiteral("deepseek-v3")},
        {QStringLiteral("KIMI K2"), QStringLiteral("kimi-k2")},
        {QStringLiteral("MIXTRAL 8X7B"), QStringLiteral("mixtral-8x7b")},
        // Hybrid stacks (Mamba-2 or Gated DeltaNet layers beside attention and MoE).
        {QStringLiteral("NEMOTRON V3 NANO 30B"), QStringLiteral("nemotron-3-nano-30b-a3b")},
        {QStringLiteral("NEMOTRON V3 SUPER 120B"), QStringLiteral("nemotron-3-super-120b-a12b")},
        {QStringLiteral("NEMOTRON V3 ULTRA 550B"), QStringLiteral("nemotron-3-ultra-550b-a55b")},
        {QStringLiteral("QWEN3-NEXT-80B-A3B"), QStringLiteral("qwen3-next-80b-a3b")},
    };
    for (const auto &[prefix, id] : moe)
        if (model.startsWith(prefix))
            return id;
    static const QMap<QString, QString> names{
        {QStringLiteral("GPT3-5B"), QStringLiteral("gpt-3-5b")},
        {QStringLiteral("GPT3-20B"), QStringLiteral("gpt-3-20b")},
        {QStringLiteral("GPT3-175B"), QStringLiteral("gpt-3-175b")},
        {QStringLiteral("GPT-3 175B"), QStringLiteral("gpt-3-175b")},
        {QStringLiteral("LLAMA2-7B"), QStringLiteral("llama-2-7b")},
        {QStringLiteral("LLAMA2-13B"), QStringLiteral("llama-2-13b")},
        {QStringLiteral("LLAMA2-70B"), QStringLiteral("llama-2-70b")},
        {QStringLiteral("LLAMA3-8B"), QStringLiteral("llama-3-8b")},
        {QStringLiteral("LLAMA3-70B"), QStringLiteral("llama-3-70b")},
        {QStringLiteral("NEMOTRON-8B"), QStringLiteral("nemotron-8b")},
        {QStringLiteral("NEMOTRON-22B"), QStringLiteral("nemotron-22b")},
        {QStringLiteral("NEMOTRON-340B"), QStringLiteral("nemotron-4-340b")},
    };
    return names.value(model);
}

} // namespace

QString metricName(TrainingMetric metric)
{
    switch (metric) {
    case TrainingMetric::TokensPerSPerGpu:
        return QStringLiteral("tokens/s/GPU");
    case TrainingMetric::MfuPercent:
        return QStringLiteral("MFU %");
    case TrainingMetric::ModelTflopsPerGpu:
        return QStringLiteral("model TFLOP/s/GPU");
    case TrainingMetric::HardwareTflopsPerGpu:
        return QStringLiteral("achieved TFLOP/s/GPU");
    case TrainingMetric::StepTimeS:
        return QStringLiteral("step time s");
    }
    return {};
}

QString metricGroup(TrainingMetric metric)
{
    switch (metric) {
    case TrainingMetric::TokensPerSPerGpu:
        return QStringLiteral("Tokens/s per GPU");
    case TrainingMetric::MfuPercent:
    case TrainingMetric::ModelTflopsPerGpu:
    case TrainingMetric::HardwareTflopsPerGpu:
        return QStringLiteral("MFU / TFLOP/s");
    case TrainingMetric::StepTimeS:
        return QStringLiteral("Step time");
    }
    return {};
}

QStringList metricGroups()
{
    return {QStringLiteral("Tokens/s per GPU"), QStringLiteral("MFU / TFLOP/s"), QStringLiteral("Step time")};
}

QStringList sources()
{
    return {QStringLiteral("llm-foundry"), QStringLiteral("NeMo"), QStringLiteral("Megatron-LM"),
            QStringLiteral("NeMo AutoModel"), QStringLiteral("Megatron-Core MoE")};
}

QString reportGroup(const TrainingPoint &point)
{
    if (point.source != QLatin1String("llm-foundry"))
        return point.source;
    if (point.gpu.gpuId.startsWith(QLatin1String("a100")) && point.gpu.gpuId.contains(QLatin1String("40gb")))
        return QStringLiteral("llm-foundry A100-40GB");
    if (point.gpu.gpuId.startsWith(QLatin1String("a100")))
        return QStringLiteral("llm-foundry A100-80GB");
    return QStringLiteral("llm-foundry H100");
}

QStringList reportGroups()
{
    return {QStringLiteral("llm-foundry A100-40GB"), QStringLiteral("llm-foundry A100-80GB"),
            QStringLiteral("llm-foundry H100"),      QStringLiteral("NeMo"),
            QStringLiteral("Megatron-LM"),           QStringLiteral("NeMo AutoModel"),
            QStringLiteral("Megatron-Core MoE")};
}

TrainingCalibrationSet build(const QVector<Benchmark> &rows, const QVector<GpuSpec> &gpus,
                             const QVector<ModelSpec> &models)
{
    TrainingCalibrationSet set;
    const auto skip = [&set](const Benchmark &row, const QString &reason) {
        set.skipped.append({row.benchId, reason});
    };
    // MoE runs: tokens/s per GPU where the source has it (AutoModel), else model TFLOP/s per GPU
    // (Megatron-Core MoE); the step times restate them and are reported only.
    const auto moeMetric = [&skip](const Benchmark &row, TrainingPoint &point) {
        if (has(row.metric, "throughput")) {
            point.metric = TrainingMetric::TokensPerSPerGpu;
            point.fitted = true;
        } else if (has(row.metric, "TFLOP")) {
            point.metric = TrainingMetric::ModelTflopsPerGpu;
            point.fitted = row.benchId.startsWith(QLatin1String("mcore"));
        } else if (has(row.metric, "step")) {
            point.metric = TrainingMetric::StepTimeS;
        } else {
            skip(row, QStringLiteral("metric %1 not compared").arg(row.metric));
            return false;
        }
        return true;
    };
    for (const Benchmark &row : rows) {
        const GpuSpec *gpu = CalibrationData::findGpu(gpus, row.gpuId);
        if (!gpu) {
            skip(row, QStringLiteral("GPU %1 is not in the datasheet catalogue").arg(row.gpuId));
            continue;
        }
        const QString modelId = modelIdOf(row);
        const ModelSpec *model = modelId.isEmpty() ? nullptr : CalibrationData::findModel(models, modelId);
        if (!model) {
            skip(row, QStringLiteral("no preset for %1").arg(row.model));
            continue;
        }
        TrainingPoint point;
        point.benchId = row.benchId;
        point.gpu = *gpu;
        point.measured = row.value;
        QStringList assumptions;
        Workload &w = point.workload;
        w.model = *model;
        w.task = Task::Training;
        w.gpuCount = std::max(1, row.gpuCount);
        const QMap<QString, QString> c = constraintsOf(row.constraints);
        w.sequenceLength = row.inputLength.toInt();
        if (w.sequenceLength <= 0)
            w.sequenceLength = intOf(c, "packed_seq", 2048);
        w.batch = intOf(c, "gbs", row.batchSize.toInt());
        w.microBatch = intOf(c, "mbs", 1);
        w.tensorParallel = intOf(c, "tp", 1);
        w.pipelineParallel = intOf(c, "pp", 1);
        w.contextParallel = intOf(c, "cp", 1);
        w.virtualStages = intOf(c, "vp", intOf(c, "vpp", 1));
        w.expertParallel = intOf(c, "ep", 1);
        w.gpusPerNode = 8;
        // FP8 runs (Transformer Engine) keep 16-bit weights: the matmuls run in FP8, the weights are stored,
        // gathered and reduced in BF16.
        const bool fp8 = has(row.precision, "FP8");
        const bool fp16 = !fp8 && has(row.precision, "FP16");
        w.weightPrecision = fp16 ? Precision::Fp16 : Precision::Bf16;
        w.activationPrecision = fp8 ? Precision::Fp8 : w.weightPrecision;
        w.kvPrecision = w.weightPrecision;
        if (fp8) {
            // Transformer Engine's default recipe then (llm-foundry's te.fp8_autocast, NeMo 24.07):
            // DelayedScaling, the recipe the FP8 factor is fitted on.
            w.fp8Recipe = Fp8Recipe::Delayed;
            assumptions << QStringLiteral(
                "FP8 rows: FP8 matmuls (Transformer Engine, delayed scaling), weights "
                "and gradients kept and communicated in BF16");
        }

        if (row.benchId.startsWith(QLatin1String("llmfoundry"))) {
            point.source = QStringLiteral("llm-foundry");
            point.profileId = QStringLiteral("fsdp");
            const QString fsdp = c.value(QStringLiteral("fsdp"));
            w.zeroStage = fsdp == QLatin1String("SHARD_GRAD_OP") ? 2 : 3;
            w.recompute = c.value(QStringLiteral("recompute")) == QLatin1String("none") ? Recompute::None
                                                                                        : Recompute::Full;
            if (gpu->gpuId.startsWith(QLatin1String("a100"))) {
                w.networkGbps = kA100RoceGbps;
                if (w.gpuCount > 8)
                    assumptions << QStringLiteral("llm-foundry A100 tables: 1600 Gbps RoCE per 8-GPU node "
                                                  "(stated) = 200 Gb/s per GPU");
            } else {
                w.networkGbps = kH100NetworkGbps;
                if (w.gpuCount > 8)
                    assumptions << QStringLiteral(
                        "llm-foundry H100 tables: the network is not stated; 400 "
                        "Gb/s per GPU assumed (one 400G NIC per H100, as DGX H100)");
            }
            assumptions << QStringLiteral("llm-foundry: GPU form factor not stated, SXM assumed (as the "
                                          "source's collect_results.py does)");
            if (c.value(QStringLiteral("mp_mode")) == QLatin1String("DEFAULT"))
                assumptions << QStringLiteral("llm-foundry mp_mode DEFAULT reduces gradients in FP32; the "
                                              "model moves 16-bit gradients (not modelled)");
            if (has(row.metric, "throughput")) {
                point.metric = TrainingMetric::TokensPerSPerGpu;
                point.fitted = true;
            } else if (has(row.metric, "MFU")) {
                point.metric = TrainingMetric::MfuPercent;
            } else {
                skip(row, QStringLiteral("metric %1 not compared").arg(row.metric));
                continue;
            }
        } else if (row.benchId.startsWith(QLatin1String("nemo"))) {
            point.source = QStringLiteral("NeMo");
            point.profileId = QStringLiteral("megatron");
            w.zeroStage = 1;
            w.recompute = Recompute::None;
            w.networkGbps = kH100NetworkGbps;
            assumptions << QStringLiteral("NeMo 24.07 (DGX H100): distributed optimizer (ZeRO-1), 400 Gb/s "
                                          "per GPU (8x ConnectX-7 per DGX H100)");
            assumptions << QStringLiteral(
                "NeMo 24.07: recomputation not stated; none assumed (the recipes "
                "of these sizes keep activations; FlashAttention's own recompute of "
                "the scores is in attention_efficiency, as for llm-foundry)");
            if (has(row.task, "SFT"))
                assumptions << QStringLiteral("NeMo SFT rows: packed 4,096-token sequences trained like "
                                              "pre-training (full-parameter, no cross-document masking)");
            if (has(row.metric, "throughput")) {
                point.metric = TrainingMetric::TokensPerSPerGpu;
                point.fitted = true;
            } else if (has(row.metric, "TFLOP")) {
                point.metric = TrainingMetric::ModelTflopsPerGpu;
            } else {
                skip(row, QStringLiteral("metric %1 not compared").arg(row.metric));
                continue;
            }
        } else if (row.benchId.startsWith(QLatin1String("megatronlm"))) {
            point.source = QStringLiteral("Megatron-LM");
            point.profileId = QStringLiteral("megatron");
            w.zeroStage = 1;
            w.recompute = Recompute::Full;
            w.networkGbps = kSeleneGbps;
            assumptions << QStringLiteral(
                "Megatron-LM GPT-3 175B: full activation recomputation, as in Narayanan et al. 2021 whose "
                "FLOP count (96 B s l h^2 (1 + s/6h + V/16lh)) includes the recomputed forward: compared "
                "with "
                "HFU x peak; no interleaving (vp 1, the example script has none); Selene: 200 Gb/s HDR "
                "InfiniBand per GPU; A100 80GB assumed (the row's gpu_id)");
            if (has(row.metric, "TFLOP")) {
                point.metric = TrainingMetric::HardwareTflopsPerGpu;
                point.fitted = true;
            } else if (has(row.metric, "step") || has(row.metric, "iteration")) {
                point.metric = TrainingMetric::StepTimeS;
            } else {
                skip(row, QStringLiteral("metric %1 not compared").arg(row.metric));
                continue;
            }
        } else if (row.benchId.startsWith(QLatin1String("amodel"))) {
            // NeMo AutoModel: PyTorch FSDP2 (ZeRO-3) with expert parallelism and DeepEP. Its benchmark
            // configs (examples/benchmark/configs/*_te_deepep.yaml) set activation_checkpointing: true.
            point.source = QStringLiteral("NeMo AutoModel");
            point.profileId = QStringLiteral("megatron");
            w.zeroStage = 3;
            w.recompute = Recompute::Full;
            w.networkGbps = kH100NetworkGbps;
            w.moeRouting = MoeRouting::Balanced;
            assumptions << QStringLiteral(
                "NeMo AutoModel (DGX H100): FSDP2 sharding (ZeRO-3), full activation checkpointing (the "
                "benchmark configs' activation_checkpointing: true, NVIDIA-NeMo/Automodel "
                "examples/benchmark/configs), 400 Gb/s per GPU; a balanced router (the runs' fake balanced "
                "gate)");
            if (!moeMetric(row, point))
                continue;
        } else if (row.benchId.startsWith(QLatin1String("mcoremz")) ||
                   row.benchId.startsWith(QLatin1String("mcoremoe"))) {
            point.source = QStringLiteral("Megatron-Core MoE");
            point.profileId = QStringLiteral("megatron");
            w.zeroStage = c.value(QStringLiteral("fsdp")) == QLatin1String("On") ? 3 : 1;
            const QString recompute = c.value(QStringLiteral("recompute"));
            w.recompute = recompute == QLatin1String("full") ? Recompute::Full
                          : recompute.startsWith(QLatin1String("none")) || recompute.isEmpty()
                              ? Recompute::None
                              : Recompute::Selective;
            w.networkGbps = kH100NetworkGbps;
            // Routing as the long-context pairs say. The rest are taken as balanced, an assumption each:
            // the ModelZoo main table does not say, and NVIDIA's performance recipes force balance
            // (Megatron-Bridge's perf configs set moe_router_force_load_balancing); Mixtral's README run is
            // dropless, but a benchmark's freshly initialised router spreads tokens about evenly (its 468
            // TFLOP/s per GPU is 31% above the dropless imbalance the Qwen3 pairs measure).
            w.moeRouting = c.value(QStringLiteral("router")) == QLatin1String("dropless")
                               ? MoeRouting::Dropless
                               : MoeRouting::Balanced;
            assumptions << QStringLiteral("Megatron-Core MoE (H100, InfiniBand 8x400 Gb/s per node): "
                                          "distributed optimizer (ZeRO-1), 400 Gb/s per GPU; selective "
                                          "recomputation of norms and activations counted as Selective; "
                                          "dropless routing where the row says router=dropless, else "
                                          "balanced");
            if (!moeMetric(row, point))
                continue;
        } else {
            skip(row, QStringLiteral("source not mapped"));
            continue;
        }
        if (!model->layerPattern.isEmpty() && point.fitted) {
            // The hybrid models' runs are a held-out check only: compared, never fitted.
            point.fitted = false;
            point.heldOut = true;
        }
        point.assumption = assumptions.join(u'\n');
        set.points.append(point);
    }
    return set;
}

} // namespace TrainingCalibrationData
