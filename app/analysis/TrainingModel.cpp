#include "TrainingModel.h"

#include "CommunicationModel.h"
#include "MemoryModel.h"

#include <QCoreApplication>
#include <algorithm>

namespace TrainingModel {

namespace {
QString n(double value)
{
    return MathLog::number(value);
}
} // namespace

TrainingResult run(const Inputs &in, MathLog *math)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    TrainingResult r;
    r.globalBatch = std::max(1, w.batch);
    r.microBatch = std::max(1, w.microBatch);
    r.sequencesPerReplica = (r.globalBatch + p.data - 1) / p.data;
    r.gradientAccumulation = (r.sequencesPerReplica + r.microBatch - 1) / r.microBatch;
    const double b = r.sequencesPerReplica; // every replica's step takes as long as the fullest one's
    const double mp = double(p.tensor) * p.pipeline;
    const double peak = in.rate.tflops * 1e12;
    const double bandwidth = in.gpu.memoryBandwidthGBs.value_or(0.0) * 1e9;
    const bool adapters = w.task == Task::Lora || w.task == Task::Qlora;
    const double quant = w.task == Task::Qlora ? e.quantizedCompute : 1.0;

    double linearForward = 0.0;
    double attentionForward = 0.0;
    double tokensPerReplica = 0.0;
    if (a.transformer) {
        const double s = std::max(1, w.sequenceLength);
        tokensPerReplica = b * s;
        linearForward = tokensPerReplica * a.linearFlopsPerToken();
        attentionForward = tokensPerReplica * a.attentionFlopsPerToken(a.encoder ? s : s / 2.0);
    } else {
        tokensPerReplica = b; // samples
        linearForward = b * a.forwardFlopsPerSample;
    }
    // Passes over the model: forward 1, backward 2 (activation and weight gradients); adapters skip the
    // frozen weights' gradients. Recomputation repeats the forward (full) or the attention (selective).
    const double linearPasses = (adapters ? 2.0 : 3.0) + (w.recompute == Recompute::Full ? 1.0 : 0.0);
    const double attentionPasses = 3.0 + (w.recompute == Recompute::None ? 0.0 : 1.0);
    const double linearFlops = linearForward * linearPasses / mp;
    const double attentionFlops = attentionForward * attentionPasses / mp;
    const double computeRate = peak * e.compute * quant;
    const double compute = linearFlops / computeRate + attentionFlops / (computeRate * e.attention);
    const double traffic = e.trainingBytesPerFlop * (linearFlops + attentionFlops) / (bandwidth * e.memory);
    const double trainable = MemoryModel::trainableParams(a, w) / mp / (w.zeroStage >= 1 ? p.data : 1);
    const double optimizer = trainable * 30.0 / (bandwidth * e.memory);
    const double microbatches = r.gradientAccumulation;
    const double bubble = p.pipeline > 1 ? (microbatches + p.pipeline - 1) / microbatches : 1.0;
    const LinkInfo modelLink = GpuCapabilities::link(in.gpu, p.tensor);
    const double activationBytes = Precisions::bytesPerValue(w.activationPrecision);
    const double tpComm =
        a.transformer
            ? 4.0 * a.layers *
                  CommunicationModel::allReduceSeconds(b * w.sequenceLength * a.hidden * activationBytes,
                                                       p.tensor, modelLink, e.communication)
            : 0.0;
    const LinkInfo dataLink = GpuCapabilities::link(in.gpu, p.gpus);
    const double gradientElementBytes =
        std::max(2.0, Precisions::bytesPerValue(w.weightPrecision)); // fp32 training: 4
    const double gradientBytes =
        MemoryModel::trainableParams(a, w) / mp * gradientElementBytes * (w.zeroStage >= 3 ? 1.5 : 1.0);
    const double dpComm =
        CommunicationModel::allReduceSeconds(gradientBytes, p.data, dataLink, e.communication);
    const double step = (compute + traffic) * bubble + optimizer + tpComm + dpComm;

    r.stepTimeS = step;
    const double tokensPerSequence = a.transformer ? std::max(1, w.sequenceLength) : 1.0;
    r.tokensPerS = r.globalBatch * tokensPerSequence / step;
    r.samplesPerS = r.globalBatch / step;
    // Model FLOPs exclude recomputation: forward + backward = 3 passes (2 for adapters: no weight gradients
    // of the base).
    const double modelFlops = (adapters ? 2.0 : 3.0) * linearForward + 3.0 * attentionForward;
    const double stepModelFlops = modelFlops / b * r.globalBatch; // every replica's sequences
    r.mfu = stepModelFlops / (step * p.gpus * peak);
    if (w.trainTokens > 0.0 && r.tokensPerS > 0.0) {
        r.budgetHours = w.trainTokens / r.tokensPerS / 3600.0;
        r.budgetGpuHours = r.budgetHours * p.gpus;
    }
    if (math) {
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "training FLOPs per GPU per step")),
            adapters
                ? QCoreApplication::translate(
                      "TrainingModel",
                      "(2 + recompute) x forward FLOPs / (tp x pp) (LoRA: no weight gradients for the base)")
                : QCoreApplication::translate(
                      "TrainingModel",
                      "(3 + recompute) x forward FLOPs / (tp x pp) = 6N x tokens (8N with full recompute)"),
            QStringLiteral("%1 x %2 + %3 x %4, / %5")
                .arg(n(linearPasses), n(linearForward), n(attentionPasses), n(attentionForward), n(mp)),
            linearFlops + attentionFlops, QStringLiteral("FLOP"));
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "compute time per step")),
            QCoreApplication::translate("TrainingModel", "FLOPs / (peak x eta_c) (+ attention at eta_attn)"),
            QStringLiteral("%1 / (%2 x %3)").arg(n(linearFlops + attentionFlops), n(peak), n(e.compute)),
            compute, QStringLiteral("s"));
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "memory traffic time per step")),
            QCoreApplication::translate("TrainingModel", "bytes per FLOP x FLOPs / (bandwidth x eta_m)"),
            QStringLiteral("%1 x %2 / (%3 x %4)")
                .arg(n(e.trainingBytesPerFlop), n(linearFlops + attentionFlops), n(bandwidth), n(e.memory)),
            traffic, QStringLiteral("s"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "optimizer update")),
                  QCoreApplication::translate("TrainingModel",
                                              "trained params per GPU x 30 bytes / (bandwidth x eta_m)"),
                  QStringLiteral("%1 x 30 / (%2 x %3)").arg(n(trainable), n(bandwidth), n(e.memory)),
                  optimizer, QStringLiteral("s"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "pipeline bubble factor")),
                  QStringLiteral("(m + pp - 1) / m"),
                  QStringLiteral("(%1 + %2 - 1) / %1").arg(n(microbatches)).arg(p.pipeline), bubble,
                  QStringLiteral("x"));
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "tensor-parallel all-reduces per step")),
            QCoreApplication::translate("TrainingModel", "4 x L x allreduce(batch x s x h x bytes) over %1")
                .arg(QCoreApplication::translate("GpuCapabilities", modelLink.name.toUtf8().constData())),
            QCoreApplication::translate("TrainingModel", "tp %1, link %2 GB/s per direction")
                .arg(p.tensor)
                .arg(n(modelLink.unidirectionalGBs)),
            tpComm, QStringLiteral("s"));
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "data-parallel gradient all-reduce")),
            QCoreApplication::translate("TrainingModel",
                                        "2 (dp - 1)/dp x gradient bytes / (link x eta_comm) over %1")
                .arg(QCoreApplication::translate("GpuCapabilities", dataLink.name.toUtf8().constData())),
            QCoreApplication::translate("TrainingModel", "dp %1, %2 B, %3 GB/s per direction, eta %4")
                .arg(p.data)
                .arg(n(gradientBytes), n(dataLink.unidirectionalGBs), n(e.communication)),
            dpComm, QStringLiteral("s"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "step time")),
                  QCoreApplication::translate(
                      "TrainingModel", "(compute + traffic) x bubble + optimizer + TP + DP communication"),
                  QStringLiteral("(%1 + %2) x %3 + %4 + %5 + %6")
                      .arg(n(compute), n(traffic), n(bubble), n(optimizer), n(tpComm), n(dpComm)),
                  step, QStringLiteral("s"));
        math->add(
            a.transformer
                ? QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "training tokens per second (all GPUs)"))
                : QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "training samples per second (all GPUs)")),
            QCoreApplication::translate("TrainingModel", "global batch x tokens per sequence / step"),
            QStringLiteral("%1 x %2 / %3").arg(r.globalBatch).arg(n(tokensPerSequence), n(step)), r.tokensPerS,
            a.transformer ? QCoreApplication::translate("TrainingModel", "tokens/s")
                          : QCoreApplication::translate("TrainingModel", "samples/s"));
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "MFU")),
            QCoreApplication::translate(
                "TrainingModel",
                "model FLOPs of the global batch (6N x tokens, 4N for LoRA, + attention; no recompute) / "
                "(step x GPUs x peak)"),
            QStringLiteral("%1 / (%2 x %3 x %4)").arg(n(stepModelFlops), n(step)).arg(p.gpus).arg(n(peak)),
            r.mfu, QCoreApplication::translate("TrainingModel", "fraction of peak"));
        if (w.trainTokens > 0.0)
            math->add(
                QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "GPU-hours for the token budget")),
                QCoreApplication::translate("TrainingModel", "budget / tokens per second / 3600 x GPUs"),
                QStringLiteral("%1 / %2 / 3600 x %3").arg(n(w.trainTokens), n(r.tokensPerS)).arg(p.gpus),
                r.budgetGpuHours, QStringLiteral("GPU-h"));
    }
    return r;
}

} // namespace TrainingModel
