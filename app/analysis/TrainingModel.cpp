#include "TrainingModel.h"

#include "CommunicationModel.h"
#include "MemoryModel.h"

#include <algorithm>

namespace TrainingModel {

namespace {

// The words of the formulas, translated when the math is built ("tp", "L", "eta_c" are notation).
constexpr const char *kGlobalBatch = QT_TRANSLATE_NOOP("MathExpr", "global batch");
constexpr const char *kMicroBatch = QT_TRANSLATE_NOOP("MathExpr", "micro-batch");
constexpr const char *kPeak = QT_TRANSLATE_NOOP("MathExpr", "peak TFLOPS");
constexpr const char *kBandwidth = QT_TRANSLATE_NOOP("MathExpr", "bandwidth GB/s");
constexpr const char *kBytes = QT_TRANSLATE_NOOP("MathExpr", "bytes");
constexpr const char *kBytesPerWeight = QT_TRANSLATE_NOOP("MathExpr", "bytes per weight");
constexpr const char *kBytesPerFlop = QT_TRANSLATE_NOOP("MathExpr", "bytes per FLOP");
constexpr const char *kFlopsPerSample = QT_TRANSLATE_NOOP("MathExpr", "FLOPs per sample");
constexpr const char *kPasses = QT_TRANSLATE_NOOP("MathExpr", "passes");
constexpr const char *kAttentionPasses = QT_TRANSLATE_NOOP("MathExpr", "attention passes");
constexpr const char *kLinearFlops = QT_TRANSLATE_NOOP("MathExpr", "linear FLOPs");
constexpr const char *kAttentionFlops = QT_TRANSLATE_NOOP("MathExpr", "attention FLOPs");
constexpr const char *kGpus = QT_TRANSLATE_NOOP("MathExpr", "GPUs");
constexpr const char *kTokenBudget = QT_TRANSLATE_NOOP("MathExpr", "token budget");

template <typename T> TrainingResult runOf(const Inputs &in, MathLog *math)
{
    using Id = MathTermId;
    const ModelArchitecture &a = in.architecture;
    const Workload &w = in.workload;
    const Parallelism &p = in.parallelism;
    const ResolvedEfficiency &e = in.efficiency;
    TrainingResult r;
    r.globalBatch = std::max(1, w.batch);
    r.microBatch = std::max(1, w.microBatch);
    const T globalBatch = Math::input<T>(kGlobalBatch, r.globalBatch);
    const T dp = Math::input<T>("dp", p.data);
    // Every replica's step takes as long as the fullest one's.
    const T perReplica = Math::ceil(globalBatch / dp);
    r.sequencesPerReplica = static_cast<int>(Math::value(perReplica));
    Math::record(math, Id::BatchPerReplica, perReplica);
    const T b = Math::named(perReplica, Id::BatchPerReplica);
    const T microbatches = Math::ceil(b / Math::input<T>(kMicroBatch, r.microBatch));
    r.gradientAccumulation = static_cast<int>(Math::value(microbatches));
    Math::record(math, Id::MicroBatchesPerStep, microbatches);

    const T tp = Math::input<T>("tp", p.tensor);
    const T pp = Math::input<T>("pp", p.pipeline);
    const T mp = tp * pp;
    const T gpus = Math::input<T>(kGpus, p.gpus);
    const T peak = Math::input<T>(kPeak, in.rate.tflops) * 1e12;
    const T bandwidth = Math::input<T>(kBandwidth, in.gpu.memoryBandwidthGBs.value_or(0.0)) * 1e9;
    const T memoryRate = bandwidth * Math::input<T>("eta_m", e.memory);
    const bool adapters = w.task == Task::Lora || w.task == Task::Qlora;
    const T layers = Math::input<T>("L", a.layers);

    // Forward FLOPs of one replica's sequences (causal attention: input/2 earlier tokens on average).
    T linearForward = 0.0;
    T attentionForward = 0.0;
    if (a.transformer) {
        const T s = Math::input<T>("s", std::max(1, w.sequenceLength));
        const T tokensPerReplica = b * s;
        linearForward = tokensPerReplica * a.linearFlopsPerToken<T>();
        attentionForward = tokensPerReplica * a.attentionFlopsPerToken<T>(a.encoder ? s : s / 2.0);
    } else {
        linearForward = b * Math::input<T>(kFlopsPerSample, a.forwardFlopsPerSample);
    }
    // Passes over the model: forward 1, backward 2 (activation and weight gradients); adapters skip the
    // frozen weights' gradients. Recomputation repeats the forward (full) or the attention (selective).
    const T linearPasses =
        Math::input<T>(kPasses, (adapters ? 2.0 : 3.0) + (w.recompute == Recompute::Full ? 1.0 : 0.0));
    const T attentionPasses =
        Math::input<T>(kAttentionPasses, 3.0 + (w.recompute == Recompute::None ? 0.0 : 1.0));
    const T linearFlops = linearForward * linearPasses / mp;
    const T attentionFlops = attentionForward * attentionPasses / mp;
    // A CNN has no attention term: leaving out its 0 changes nothing.
    Math::record(math, Id::TrainingFlops, a.transformer ? linearFlops + attentionFlops : linearFlops);
    const T linear = Math::named(linearFlops, kLinearFlops);
    const T attention = Math::named(attentionFlops, kAttentionFlops);

    // QLoRA dequantises its 4-bit base for every matmul.
    T computeRate = peak * Math::input<T>("eta_c", e.compute);
    if (w.task == Task::Qlora)
        computeRate = computeRate * Math::input<T>("eta_quant", e.quantizedCompute);
    const T compute = a.transformer ? linear / computeRate +
                                          attention / (computeRate * Math::input<T>("eta_attn", e.attention))
                                    : linear / computeRate;
    Math::record(math, Id::ComputeTimePerStep, compute);
    const T traffic = Math::input<T>(kBytesPerFlop, e.trainingBytesPerFlop) *
                      (a.transformer ? linear + attention : linear) / memoryRate;
    Math::record(math, Id::MemoryTrafficTimePerStep, traffic);
    // The optimizer reads and writes ~30 bytes per trained parameter (weights, gradients, master, moments).
    const T trainedPerGpu = MemoryModel::trainableParams<T>(a, w) / mp;
    const T optimizer = (w.zeroStage >= 1 ? trainedPerGpu / dp : trainedPerGpu) * 30.0 / memoryRate;
    Math::record(math, Id::OptimizerUpdate, optimizer);
    const T m = Math::named(microbatches, Id::MicroBatchesPerStep);
    const T bubble = (m + pp - 1.0) / m; // exactly 1 without a pipeline
    Math::record(math, Id::PipelineBubble, bubble);

    T step =
        (Math::named(compute, Id::ComputeTimePerStep) + Math::named(traffic, Id::MemoryTrafficTimePerStep)) *
            Math::named(bubble, Id::PipelineBubble) +
        Math::named(optimizer, Id::OptimizerUpdate);
    // Tensor parallelism: 4 all-reduces per layer of the activations (2 forward, 2 backward).
    if (a.transformer) {
        const T activationBytes = Math::input<T>(kBytes, Precisions::bytesPerValue(w.activationPrecision));
        const T tpComm =
            4.0 * layers *
            CommunicationModel::allReduceSeconds<T>(
                b * Math::input<T>("s", w.sequenceLength) * Math::input<T>("h", a.hidden) * activationBytes,
                tp, GpuCapabilities::link(in.gpu, p.tensor), e.communication);
        if (Math::value(tpComm) != 0.0) { // adding 0 would change nothing
            Math::record(math, Id::TensorParallelAllReduces, tpComm);
            step = step + Math::named(tpComm, Id::TensorParallelAllReduces);
        }
    }
    // Data parallelism: all-reduce of the gradients (fp32 training: 4 bytes each); ZeRO-3 adds the weight
    // all-gathers (x 1.5).
    const T gradientBytesPerGpu =
        MemoryModel::trainableParams<T>(a, w) / mp *
        Math::max(2.0, Math::input<T>(kBytesPerWeight, Precisions::bytesPerValue(w.weightPrecision)));
    const T dpComm = CommunicationModel::allReduceSeconds<T>(
        w.zeroStage >= 3 ? gradientBytesPerGpu * 1.5 : gradientBytesPerGpu, dp,
        GpuCapabilities::link(in.gpu, p.gpus), e.communication);
    if (Math::value(dpComm) != 0.0) {
        Math::record(math, Id::DataParallelAllReduce, dpComm);
        step = step + Math::named(dpComm, Id::DataParallelAllReduce);
    }
    r.stepTimeS = Math::value(step);
    Math::record(math, Id::StepTime, step);
    step = Math::named(step, Id::StepTime);

    const T samples = globalBatch / step;
    r.samplesPerS = Math::value(samples);
    Math::record(math, Id::TrainingSamplesPerSecond, samples);
    // A CNN's "tokens" are its samples.
    const T tokens =
        a.transformer ? globalBatch * Math::input<T>("s", std::max(1, w.sequenceLength)) / step : samples;
    const Id tokensId = a.transformer ? Id::TrainingTokensPerSecond : Id::TrainingSamplesPerSecond;
    r.tokensPerS = Math::value(tokens);
    if (a.transformer)
        Math::record(math, Id::TrainingTokensPerSecond, tokens);

    // Model FLOPs exclude recomputation: forward + backward = 3 passes (2 for adapters: no weight gradients
    // of the base), over the sequences of every replica (PaLM's MFU).
    const T forwardPasses = adapters ? 2.0 : 3.0;
    const T modelFlops = a.transformer ? forwardPasses * linearForward + 3.0 * attentionForward
                                       : forwardPasses * linearForward;
    const T mfu = modelFlops / b * globalBatch / (step * gpus * peak);
    r.mfu = Math::value(mfu);
    Math::record(math, Id::Mfu, mfu);
    if (w.trainTokens > 0.0 && r.tokensPerS > 0.0) {
        const T hours = Math::input<T>(kTokenBudget, w.trainTokens) / Math::named(tokens, tokensId) / 3600.0;
        r.budgetHours = Math::value(hours);
        Math::record(math, Id::BudgetHours, hours);
        const T gpuHours = Math::named(hours, Id::BudgetHours) * gpus;
        r.budgetGpuHours = Math::value(gpuHours);
        Math::record(math, Id::BudgetGpuHours, gpuHours);
    }
    return r;
}

} // namespace

TrainingResult run(const Inputs &in, MathLog *math)
{
    return math ? runOf<MathExpr>(in, math) : runOf<double>(in, nullptr);
}

} // namespace TrainingModel
