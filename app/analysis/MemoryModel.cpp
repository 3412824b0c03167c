#include "MemoryModel.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace MemoryModel {

namespace {

QString n(double value)
{
    return MathLog::number(value);
}

double weightBits(const Workload &workload)
{
    if (workload.task == Task::Qlora)
        return std::min(kQloraBitsPerWeight, Precisions::bitsPerValue(workload.weightPrecision));
    return Precisions::bitsPerValue(workload.weightPrecision);
}

double modelParallel(const Parallelism &p)
{
    return double(p.tensor) * p.pipeline;
}

} // namespace

double weightBytesPerGpu(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    double bytes = a.totalParams * weightBits(w) / 8.0 / modelParallel(p);
    if (Tasks::isTraining(w.task) && w.zeroStage >= 3)
        bytes /= p.data;
    return bytes;
}

double effectiveKvContext(const ModelArchitecture &a, double context)
{
    return a.slidingWindow > 0 ? std::min<double>(context, a.slidingWindow) : context;
}

double kvBytesPerTokenPerGpu(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    if (!a.transformer || a.encoder)
        return 0.0;
    const double layersPerGpu = double(a.layers) / p.pipeline;
    double elements = a.kvElementsPerTokenPerLayer;
    if (!a.mla) // heads split over tp, at least one KV head per GPU
        elements = 2.0 * a.headDim * std::max(1.0, a.kvHeads / p.tensor);
    return layersPerGpu * elements * Precisions::bytesPerValue(w.kvPrecision);
}

double inferenceActivationBytesPerSequence(const ModelArchitecture &a, const Workload &w,
                                           const Parallelism &p)
{
    const double bytes = Precisions::bytesPerValue(w.activationPrecision);
    if (!a.transformer)
        return a.forwardFlopsPerSample * 0.0005 * bytes; // CNN feature maps, live between two layers
    const double tokens = std::max(1, w.inputTokens);
    const double buffers = tokens * (4.0 * a.hidden + 2.0 * a.ffn / p.tensor) * bytes;
    const double logits = a.vocab * 4.0;
    return buffers + logits;
}

double trainingActivationBytesPerSequence(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    const double scale = Precisions::bytesPerValue(w.activationPrecision) / 2.0;
    if (!a.transformer) // CNNs keep every feature map: about 5 bytes per forward kFLOP at 16 bit
        return a.forwardFlopsPerSample * 0.005 * scale;
    const double s = std::max(1, w.sequenceLength);
    const double h = a.hidden;
    double perLayer = 0.0;
    switch (w.recompute) {
    case Recompute::None:
        perLayer = s * h * (34.0 + (w.flashAttention ? 0.0 : 5.0 * a.heads * s / h)) / p.tensor;
        break;
    case Recompute::Selective:
        perLayer = s * h * 34.0 / p.tensor;
        break;
    case Recompute::Full:
        perLayer = 2.0 * s * h / p.tensor; // the layer input, sharded by sequence parallelism
        break;
    }
    const double logits = s * a.vocab * 4.0 / p.tensor;
    return (perLayer * a.layers + logits) * scale;
}

double trainableParams(const ModelArchitecture &a, const Workload &w)
{
    if (w.task == Task::Lora || w.task == Task::Qlora)
        return a.loraParams(w.loraRank);
    return w.task == Task::Training ? a.totalParams : 0.0;
}

MemoryBreakdown perGpu(const Inputs &in, MathLog *math)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const double mp = modelParallel(p);
    MemoryBreakdown m;

    const double weightBytes = weightBytesPerGpu(a, w, p);
    m.weightsGb = weightBytes / kBytesPerGb;
    if (math)
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "weights per GPU")),
                  QCoreApplication::translate("MemoryModel", "params x bits per weight / 8 / (tp x pp)") +
                      (Tasks::isTraining(w.task) && w.zeroStage >= 3 ? QStringLiteral(" / dp (ZeRO-3)")
                                                                     : QString()),
                  QStringLiteral("%1 x %2 / 8 / (%3 x %4)")
                      .arg(n(a.totalParams), n(weightBits(w)))
                      .arg(p.tensor)
                      .arg(p.pipeline),
                  m.weightsGb, QStringLiteral("GB"));

    if (!Tasks::isTraining(w.task)) {
        const double kvContext = effectiveKvContext(a, in.context);
        const double kvPerToken = kvBytesPerTokenPerGpu(a, w, p);
        m.kvCacheGb = kvPerToken * kvContext * in.batch / kBytesPerGb;
        if (math && a.transformer && !a.encoder) {
            if (a.mla)
                math->add(
                    QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "KV cache per GPU (MLA)")),
                    QCoreApplication::translate(
                        "MemoryModel", "L/pp x (kv_lora_rank + qk_rope_head_dim) x bytes x tokens x batch"),
                    QStringLiteral("%1/%2 x %3 x %4 x %5 x %6")
                        .arg(a.layers)
                        .arg(p.pipeline)
                        .arg(n(a.kvElementsPerTokenPerLayer), n(Precisions::bytesPerValue(w.kvPrecision)),
                             n(kvContext))
                        .arg(in.batch),
                    m.kvCacheGb, QStringLiteral("GB"));
            else
                math->add(
                    QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "KV cache per GPU")),
                    QCoreApplication::translate(
                        "MemoryModel", "2 x L/pp x max(1, n_kv/tp) x head_dim x bytes x tokens x batch"),
                    QStringLiteral("2 x %1/%2 x max(1, %3/%4) x %5 x %6 x %7 x %8")
                        .arg(a.layers)
                        .arg(p.pipeline)
                        .arg(n(a.kvHeads))
                        .arg(p.tensor)
                        .arg(n(a.headDim), n(Precisions::bytesPerValue(w.kvPrecision)), n(kvContext))
                        .arg(in.batch),
                    m.kvCacheGb, QStringLiteral("GB"));
        }
        m.activationsGb = inferenceActivationBytesPerSequence(a, w, p) * in.batch / kBytesPerGb;
        if (math)
            math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "activations per GPU (live buffers)")),
                      QCoreApplication::translate("MemoryModel",
                                                  "batch x input x (4h + 2f/tp) x bytes + vocab x 4"),
                      QStringLiteral("%1 x %2 x (4 x %3 + 2 x %4/%5) x %6 + %7 x 4")
                          .arg(in.batch)
                          .arg(w.inputTokens)
                          .arg(n(a.hidden), n(a.ffn))
                          .arg(p.tensor)
                          .arg(n(Precisions::bytesPerValue(w.activationPrecision)), n(a.vocab)),
                      m.activationsGb, QStringLiteral("GB"));
    } else {
        m.activationsGb = trainingActivationBytesPerSequence(a, w, p) * in.batch / kBytesPerGb;
        if (math)
            math->add(
                // One literal per mode so that the window can translate the name (it is also the term's key).
                w.recompute == Recompute::Full
                    ? QStringLiteral(
                          QT_TRANSLATE_NOOP("MathTerm", "activations per GPU (training, recompute full)"))
                : w.recompute == Recompute::Selective
                    ? QStringLiteral(QT_TRANSLATE_NOOP("MathTerm",
                                                       "activations per GPU (training, recompute selective)"))
                    : QStringLiteral(
                          QT_TRANSLATE_NOOP("MathTerm", "activations per GPU (training, recompute none)")),
                w.recompute == Recompute::Full
                    ? QCoreApplication::translate("MemoryModel", "batch x L x 2 x s x h / tp + logits")
                : w.recompute == Recompute::Selective || w.flashAttention
                    ? QCoreApplication::translate(
                          "MemoryModel", "batch x L x s x h x 34 / tp + logits (attention scores not stored)")
                    : QCoreApplication::translate("MemoryModel",
                                                  "batch x L x s x h x (34 + 5 a s / h) / tp + logits"),
                QStringLiteral("%1 x %2 x %3 x %4, tp %5")
                    .arg(in.batch)
                    .arg(a.layers)
                    .arg(w.sequenceLength)
                    .arg(n(a.hidden))
                    .arg(p.tensor),
                m.activationsGb, QStringLiteral("GB"));
        const double trainable = trainableParams(a, w);
        if (w.task == Task::Training) {
            const double gradientShards = w.zeroStage >= 2 ? p.data : 1.0;
            const double optimizerShards = w.zeroStage >= 1 ? p.data : 1.0;
            const double master = Precisions::bitsPerValue(w.weightPrecision) < 32.0 ? 4.0 : 0.0;
            const double moments = w.optimizer == Optimizer::Adam ? 8.0 : 2.0;
            m.gradientsGb = trainable * 2.0 / mp / gradientShards / kBytesPerGb;
            m.optimizerGb = trainable * (master + moments) / mp / optimizerShards / kBytesPerGb;
            if (math) {
                math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "gradients per GPU")),
                          QCoreApplication::translate("MemoryModel",
                                                      "params x 2 bytes / (tp x pp) / (dp if ZeRO >= 2)"),
                          QStringLiteral("%1 x 2 / %2 / %3").arg(n(trainable), n(mp), n(gradientShards)),
                          m.gradientsGb, QStringLiteral("GB"));
                math->add(
                    QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "optimizer state per GPU")),
                    QCoreApplication::translate(
                        "MemoryModel", "params x (master + moments) bytes / (tp x pp) / (dp if ZeRO >= 1)"),
                    QStringLiteral("%1 x (%2 + %3) / %4 / %5")
                        .arg(n(trainable), n(master), n(moments), n(mp), n(optimizerShards)),
                    m.optimizerGb, QStringLiteral("GB"));
            }
        } else {
            // Adapters train in bf16 with fp32 Adam: 2 + 2 + 12 bytes per adapter parameter.
            m.adaptersGb = trainable * 16.0 / mp / kBytesPerGb;
            if (math)
                math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "LoRA adapters per GPU")),
                          QCoreApplication::translate("MemoryModel",
                                                      "r x L x sum(in + out) x 16 bytes / (tp x pp)"),
                          QStringLiteral("%1 x 16 / %2").arg(n(trainable), n(mp)), m.adaptersGb,
                          QStringLiteral("GB"));
        }
    }
    m.overheadGb = in.overheadGb;
    if (math) {
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "framework overhead per GPU")),
                  QCoreApplication::translate("MemoryModel", "profile framework_overhead_gb"),
                  n(in.overheadGb), m.overheadGb, QStringLiteral("GB"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "memory per GPU")),
                  QCoreApplication::translate("MemoryModel", "sum of the parts"),
                  QStringLiteral("%1 + %2 + %3 + %4 + %5 + %6 + %7")
                      .arg(n(m.weightsGb), n(m.kvCacheGb), n(m.activationsGb), n(m.gradientsGb),
                           n(m.optimizerGb), n(m.adaptersGb), n(m.overheadGb)),
                  m.totalGb(), QStringLiteral("GB"));
    }
    return m;
}

} // namespace MemoryModel
