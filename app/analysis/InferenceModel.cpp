#include "InferenceModel.h"

#include "CommunicationModel.h"
#include "MemoryModel.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace InferenceModel {

namespace {

QString n(double value)
{
    return MathLog::number(value);
}

bool weightOnlyQuantised(const Workload &w)
{
    switch (w.weightPrecision) {
    case Precision::GgufQ8_0:
    case Precision::GgufQ4_0:
    case Precision::GgufQ4_K_M:
    case Precision::Int4:
        return true;
    case Precision::Int8:
        return w.activationPrecision != Precision::Int8;
    default:
        return false;
    }
}

// Weight bytes one decode step streams from one GPU. A MoE batch touches E x (1 - (1 - k/E)^batch)
// distinct experts per layer (tokens routed independently).
double decodeWeightBytes(const ModelArchitecture &a, const Workload &w, const Parallelism &p, int batch)
{
    const double all = MemoryModel::weightBytesPerGpu(a, w, p);
    if (a.experts <= 0)
        return all;
    const double bytesPerParam = all / a.totalParams;
    const double k = a.activeExperts;
    const double e = a.experts;
    const double touched = e * (1.0 - std::pow(1.0 - k / e, batch));
    const double untouched = (e - touched) * a.expertParamsPerLayer * a.moeLayers;
    return std::max(0.0, all - untouched * bytesPerParam);
}

} // namespace

InferenceResult run(const Inputs &in, MathLog *math)
{
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    InferenceResult r;
    r.batch = in.batch;
    r.requestsInFlight = in.requests;
    r.replicas = in.parallelism.data;
    const double b = in.batch;
    const double requests = in.requests;
    const double peak = in.rate.tflops * 1e12;
    const double bandwidth = in.gpu.memoryBandwidthGBs.value_or(0.0) * 1e9;
    const double quant = weightOnlyQuantised(w) ? e.quantizedCompute : 1.0;
    const double computeRate = peak * e.compute * quant;    // FLOP/s for matmuls on one GPU
    const double attentionRate = computeRate * e.attention; // FLOP/s for attention scores
    const double memoryRate = bandwidth * e.memory;         // byte/s
    const double mp = double(p.tensor) * p.pipeline;
    const LinkInfo link = GpuCapabilities::link(in.gpu, p.tensor * p.pipeline);
    const double activationBytes = Precisions::bytesPerValue(w.activationPrecision);

    if (!a.transformer) {
        // One forward pass per sample; the batch runs as one compute-bound pass.
        const double flops = b * a.forwardFlopsPerSample / mp;
        const double weights = MemoryModel::weightBytesPerGpu(a, w, p);
        const double seconds = std::max(flops / computeRate, weights / memoryRate);
        r.ttftMs = seconds * 1e3;
        r.prefillTokensPerS = requests / seconds;
        r.throughputTokensPerS = r.prefillTokensPerS;
        if (math) {
            math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "forward time per batch")),
                      QCoreApplication::translate("InferenceModel",
                                                  "batch x FLOPs per sample / (tp x pp) / (peak x eta_c)"),
                      QStringLiteral("%1 x %2 / %3 / (%4 x %5)")
                          .arg(n(b), n(a.forwardFlopsPerSample), n(mp), n(peak), n(e.compute)),
                      r.ttftMs, QStringLiteral("ms"));
            math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "samples per second (all GPUs)")),
                      QCoreApplication::translate("InferenceModel", "requests in flight / time per replica batch"),
                      QStringLiteral("%1 / %2 s").arg(n(requests), n(seconds)),
                      r.prefillTokensPerS, QCoreApplication::translate("InferenceModel", "samples/s"));
        }
        return r;
    }

    const double s = std::max(1, w.inputTokens);
    const double layersPerStage = double(a.layers) / p.pipeline;

    // ---- prefill ----
    const double linearFlops = b * s * a.linearFlopsPerToken() / mp;
    const double attentionFlops = b * s * a.attentionFlopsPerToken(a.encoder ? s : s / 2.0) / mp;
    const double weightBytes = MemoryModel::weightBytesPerGpu(a, w, p);
    const double microbatches = p.pipeline > 1 && in.parameters.prefillMicrobatchTokens > 0
                                    ? std::ceil(s / in.parameters.prefillMicrobatchTokens)
                                    : 1.0;
    const double prefillCompute = linearFlops / computeRate + attentionFlops / attentionRate;
    const double prefillMemory = weightBytes * microbatches / memoryRate;
    r.prefillComputeBound = prefillCompute >= prefillMemory;
    const double stageWork =
        std::max(prefillCompute, prefillMemory) + layersPerStage * microbatches * e.layerOverheadS;
    const double pipelineFactor = p.pipeline > 1 ? (microbatches + p.pipeline - 1) / microbatches : 1.0;
    const double prefillTp = 2.0 * a.layers *
                             CommunicationModel::allReduceSeconds(b * s * a.hidden * activationBytes,
                                                                  p.tensor, link, e.communication);
    const double prefillPp =
        (p.pipeline - 1) * CommunicationModel::pointToPointSeconds(
                               b * s * a.hidden * activationBytes / p.tensor, link, e.communication);
    const double ttft = stageWork * pipelineFactor + prefillTp + prefillPp;
    r.ttftMs = ttft * 1e3;
    r.prefillTokensPerS = requests * s / ttft;
    if (math) {
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "prefill FLOPs per GPU")),
            QCoreApplication::translate(
                "InferenceModel",
                "batch x input x (2 x active params + 4 x L x a x d x input/2) / (tp x pp)"),
            QStringLiteral("%1 x %2 x (%3 + %4) / %5")
                .arg(n(b), n(s), n(a.linearFlopsPerToken()), n(a.attentionFlopsPerToken(s / 2.0)), n(mp)),
            linearFlops + attentionFlops, QStringLiteral("FLOP"));
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "prefill compute time")),
            QCoreApplication::translate(
                "InferenceModel", "linear FLOPs / (peak x eta_c x quant) + attention FLOPs / (peak x eta_c x "
                                  "eta_attn x quant)"),
            QStringLiteral("%1 / (%2 x %3 x %4) + %5 / (... x %6)")
                .arg(n(linearFlops), n(peak), n(e.compute), n(quant), n(attentionFlops), n(e.attention)),
            prefillCompute * 1e3, QStringLiteral("ms"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "prefill memory time")),
                  QCoreApplication::translate("InferenceModel",
                                              "weight bytes x micro-batches / (bandwidth x eta_m)"),
                  QStringLiteral("%1 x %2 / (%3 x %4)")
                      .arg(n(weightBytes), n(microbatches), n(bandwidth), n(e.memory)),
                  prefillMemory * 1e3, QStringLiteral("ms"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "time to first token")),
                  QCoreApplication::translate(
                      "InferenceModel",
                      "(max(compute, memory) + L/pp x micro-batches x overhead) x (m + pp - 1)/m "
                      "+ TP all-reduces + PP transfers"),
                  QStringLiteral("(max(%1, %2) + %3 x %4 x %5 s) x %6 + %7 + %8 s")
                      .arg(n(prefillCompute), n(prefillMemory), n(layersPerStage), n(microbatches),
                           n(e.layerOverheadS), n(pipelineFactor), n(prefillTp), n(prefillPp)),
                  r.ttftMs, QStringLiteral("ms"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "prefill tokens per second (all GPUs)")),
                  QCoreApplication::translate("InferenceModel", "requests in flight x input / TTFT"),
                  QStringLiteral("%1 x %2 / %3 s").arg(n(requests), n(s), n(ttft)),
                  r.prefillTokensPerS, QCoreApplication::translate("InferenceModel", "tokens/s"));
    }

    if (a.encoder || w.outputTokens <= 0) {
        // An encoder's output is its processed sequence; a decoder that generates nothing has no output
        // throughput (batch x output / (TTFT + output x TPOT) = 0).
        r.throughputTokensPerS = a.encoder ? r.prefillTokensPerS : 0.0;
        return r;
    }

    // ---- decode ----
    const double outputs = w.outputTokens;
    const double context = MemoryModel::effectiveKvContext(a, s + outputs / 2.0);
    const double stepWeights = decodeWeightBytes(a, w, p, in.batch);
    const double stepKv = b * context * MemoryModel::kvBytesPerTokenPerGpu(a, w, p);
    const double stepLinear = b * a.linearFlopsPerToken() / mp;
    const double stepAttention = b * a.attentionFlopsPerToken(context) / mp;
    const double decodeMemory = (stepWeights + stepKv) / memoryRate;
    const double decodeCompute = stepLinear / computeRate + stepAttention / attentionRate;
    r.decodeComputeBound = decodeCompute > decodeMemory;
    const double stage = std::max(decodeMemory, decodeCompute) + layersPerStage * e.layerOverheadS;
    const double decodeTp =
        2.0 * a.layers *
        CommunicationModel::allReduceSeconds(b * a.hidden * activationBytes, p.tensor, link, e.communication);
    const double decodePp =
        (p.pipeline - 1) * CommunicationModel::pointToPointSeconds(b * a.hidden * activationBytes / p.tensor,
                                                                   link, e.communication);
    const double tpot = stage * p.pipeline + decodeTp + decodePp;
    r.tpotMs = tpot * 1e3;
    r.decodeTokensPerS = requests / tpot;
    r.throughputTokensPerS = requests * outputs / (ttft + outputs * tpot);
    if (math) {
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "decode bytes read per step per GPU")),
            QCoreApplication::translate(
                "InferenceModel", "weights (MoE: experts touched) + batch x context x KV bytes per token"),
            QStringLiteral("%1 + %2 x %3 x %4")
                .arg(n(stepWeights), n(b), n(context), n(MemoryModel::kvBytesPerTokenPerGpu(a, w, p))),
            stepWeights + stepKv, QStringLiteral("B"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "decode memory time")),
                  QCoreApplication::translate("InferenceModel", "bytes / (bandwidth x eta_m)"),
                  QStringLiteral("%1 / (%2 x %3)").arg(n(stepWeights + stepKv), n(bandwidth), n(e.memory)),
                  decodeMemory * 1e3, QStringLiteral("ms"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "decode compute time")),
                  QCoreApplication::translate(
                      "InferenceModel",
                      "batch x (2 x active params + 4 x L x a x d x context) / (tp x pp) / (peak x eta_c)"),
                  QStringLiteral("%1 x (%2 + %3) / %4 / (%5 x %6)")
                      .arg(n(b), n(a.linearFlopsPerToken()), n(a.attentionFlopsPerToken(context)), n(mp),
                           n(peak), n(e.compute)),
                  decodeCompute * 1e3, QStringLiteral("ms"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "time per output token")),
                  QCoreApplication::translate(
                      "InferenceModel",
                      "pp x (max(memory, compute) + L/pp x overhead) + TP all-reduces + PP transfers"),
                  QStringLiteral("%1 x (max(%2, %3) + %4 x %5) + %6 + %7 s")
                      .arg(p.pipeline)
                      .arg(n(decodeMemory), n(decodeCompute), n(layersPerStage), n(e.layerOverheadS),
                           n(decodeTp), n(decodePp)),
                  r.tpotMs, QStringLiteral("ms"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "decode tokens per second (all GPUs)")),
                  QCoreApplication::translate("InferenceModel", "requests in flight / TPOT"),
                  QStringLiteral("%1 / %2 s").arg(n(requests), n(tpot)), r.decodeTokensPerS,
                  QCoreApplication::translate("InferenceModel", "tokens/s"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "end-to-end throughput (all GPUs)")),
                  QCoreApplication::translate("InferenceModel",
                                              "requests in flight x output / (TTFT + output x TPOT)"),
                  QStringLiteral("%1 x %2 / (%3 + %2 x %4)").arg(n(requests), n(outputs), n(ttft), n(tpot)),
                  r.throughputTokensPerS, QCoreApplication::translate("InferenceModel", "tokens/s"));
    }
    return r;
}

} // namespace InferenceModel
