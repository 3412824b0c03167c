#include "Estimator.h"

#include "CostModel.h"
#include "GpuCapabilities.h"
#include "InferenceModel.h"
#include "MemoryModel.h"
#include "ParallelismModel.h"
#include "SplitMemory.h"
#include "TrainingModel.h"
#include "VerdictRules.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace Estimator {

namespace {

bool isGguf(Precision precision)
{
    return precision == Precision::GgufQ8_0 || precision == Precision::GgufQ4_0 ||
           precision == Precision::GgufQ4_K_M;
}

Precision computePrecision(const Workload &w)
{
    if (isGguf(w.weightPrecision))
        return Precision::Fp16;
    return w.activationPrecision;
}

// Per-sequence and fixed memory, from two evaluations (memory is affine in the batch).
std::pair<double, double> affineInBatch(SplitMemory &memory, const Parallelism &p)
{
    const double one = memory.totalGb(p, 1);
    const double two = memory.totalGb(p, 2);
    const double perSequence = two - one;
    return {one - perSequence, perSequence};
}

int clampToInt(double value)
{
    if (!std::isfinite(value) || value <= 0.0)
        return 0;
    return value > 1e9 ? 1000000000 : static_cast<int>(value);
}

} // namespace

QString validate(const Workload &w)
{
    return validate(w, nullptr);
}

QString validate(const Workload &w, QString *englishSource)
{
    // The window translates the message; the untranslated source names the value first, for the form
    // to put the message next to the field that holds it.
    auto say = [englishSource](const char *source) {
        if (englishSource)
            *englishSource = QString::fromUtf8(source);
        return QCoreApplication::translate("Estimator", source);
    };
    const ModelArchitecture a = ModelArchitecture::from(w.model);
    if (a.totalParams <= 0.0)
        return say(QT_TRANSLATE_NOOP("Estimator",
                                     "model %1: no layers, hidden size or parameter count to size it by"))
            .arg(w.model.modelId);
    if (w.batch < 0 || w.batch > 1000000)
        return say(QT_TRANSLATE_NOOP("Estimator",
                                     "batch %1: allowed 1 to 1000000 (0 = the largest that fits)"))
            .arg(w.batch);
    if (Tasks::isTraining(w.task) && w.batch == 0)
        return say(QT_TRANSLATE_NOOP("Estimator", "batch 0: training needs a batch of 1 to 1000000"));
    if (w.inputTokens < 0 || w.inputTokens > 10000000)
        return say(QT_TRANSLATE_NOOP("Estimator", "input tokens %1: allowed 0 to 10000000"))
            .arg(w.inputTokens);
    if (w.outputTokens < 0 || w.outputTokens > 10000000)
        return say(QT_TRANSLATE_NOOP("Estimator", "output tokens %1: allowed 0 to 10000000"))
            .arg(w.outputTokens);
    if (!Tasks::isTraining(w.task) && a.transformer && w.inputTokens + w.outputTokens <= 0)
        return say(QT_TRANSLATE_NOOP("Estimator",
                                     "input and output tokens are both 0: at least one token is needed"));
    if (w.sequenceLength < 1 || w.sequenceLength > 10000000)
        return say(QT_TRANSLATE_NOOP("Estimator", "sequence length %1: allowed 1 to 10000000"))
            .arg(w.sequenceLength);
    if (w.gpuCount < 1 || w.gpuCount > 65536)
        return say(QT_TRANSLATE_NOOP("Estimator", "gpus %1: allowed 1 to 65536")).arg(w.gpuCount);
    if (w.tensorParallel < 0 || w.tensorParallel > w.gpuCount)
        return say(QT_TRANSLATE_NOOP("Estimator", "tp %1: allowed 1 to the GPU count (%2)"))
            .arg(w.tensorParallel)
            .arg(w.gpuCount);
    if (w.pipelineParallel < 0 || w.pipelineParallel > w.gpuCount)
        return say(QT_TRANSLATE_NOOP("Estimator", "pp %1: allowed 1 to the GPU count (%2)"))
            .arg(w.pipelineParallel)
            .arg(w.gpuCount);
    const int modelParallel = std::max(1, w.tensorParallel) * std::max(1, w.pipelineParallel);
    if ((w.tensorParallel > 0 || w.pipelineParallel > 0) && w.gpuCount % modelParallel != 0)
        return say(QT_TRANSLATE_NOOP("Estimator", "tp x pp = %1 does not divide the GPU count %2"))
            .arg(modelParallel)
            .arg(w.gpuCount);
    if (a.transformer && w.pipelineParallel > a.layers)
        return say(QT_TRANSLATE_NOOP("Estimator", "pp %1: the model has only %2 layers"))
            .arg(w.pipelineParallel)
            .arg(a.layers);
    if (w.zeroStage < 0 || w.zeroStage > 3)
        return say(QT_TRANSLATE_NOOP("Estimator", "zero %1: allowed 0, 1, 2, 3")).arg(w.zeroStage);
    if ((w.task == Task::Lora || w.task == Task::Qlora) && !a.transformer)
        return say(QT_TRANSLATE_NOOP("Estimator", "task %1: LoRA needs a transformer model, %2 is not one"))
            .arg(Tasks::name(w.task), w.model.modelId);
    if ((w.task == Task::Lora || w.task == Task::Qlora) && (w.loraRank < 1 || w.loraRank > 65536))
        return say(QT_TRANSLATE_NOOP("Estimator", "lora rank %1: allowed 1 to 65536")).arg(w.loraRank);
    if (isGguf(w.kvPrecision))
        return say(QT_TRANSLATE_NOOP(
                       "Estimator",
                       "kv precision %1: a GGUF weight format; allowed fp32, bf16, fp16, fp8, int8, int4"))
            .arg(Precisions::name(w.kvPrecision));
    if (isGguf(w.activationPrecision) || w.activationPrecision == Precision::Int4)
        return say(QT_TRANSLATE_NOOP(
                       "Estimator",
                       "activation precision %1: allowed fp32, tf32, bf16, fp16, fp8, fp4, int8"))
            .arg(Precisions::name(w.activationPrecision));
    if (w.task == Task::Training || w.task == Task::Lora) {
        const Precision p = w.weightPrecision;
        if (p != Precision::Fp32 && p != Precision::Tf32 && p != Precision::Bf16 && p != Precision::Fp16 &&
            p != Precision::Fp8)
            return say(QT_TRANSLATE_NOOP(
                           "Estimator",
                           "precision %1: %2 needs fp32, tf32, bf16, fp16 or fp8 weights; use qlora "
                           "for a 4-bit base"))
                .arg(Precisions::name(p), Tasks::name(w.task));
    }
    if (Tasks::isTraining(w.task) && w.activationPrecision == Precision::Int8)
        return say(QT_TRANSLATE_NOOP("Estimator",
                                     "precision int8: training needs fp32, tf32, bf16, fp16 or fp8 math"));
    if (w.usdPerGpuHour &&
        (!std::isfinite(*w.usdPerGpuHour) || *w.usdPerGpuHour < 0.0 || *w.usdPerGpuHour > 10000.0))
        return say(QT_TRANSLATE_NOOP("Estimator", "usd per GPU-hour %1: allowed 0 to 10000"))
            .arg(*w.usdPerGpuHour);
    if (!std::isfinite(w.usdPerKwh) || w.usdPerKwh < 0.0 || w.usdPerKwh > 100.0)
        return say(QT_TRANSLATE_NOOP("Estimator", "usd per kWh %1: allowed 0 to 100")).arg(w.usdPerKwh);
    if (!std::isfinite(w.utilisation) || w.utilisation <= 0.0 || w.utilisation > 1.0)
        return say(QT_TRANSLATE_NOOP("Estimator", "utilisation %1: allowed above 0 up to 1"))
            .arg(w.utilisation);
    if (!std::isfinite(w.trainTokens) || w.trainTokens < 0.0 || w.trainTokens > 1e16)
        return say(QT_TRANSLATE_NOOP("Estimator", "train tokens %1: allowed 0 to 1e16")).arg(w.trainTokens);
    return {};
}

Estimate estimate(const GpuSpec &gpu, const Workload &w, const EfficiencyParameters &parameters,
                  const EstimateOptions &options)
{
    return estimate(gpu, w, ModelArchitecture::from(w.model), parameters, options);
}

Estimate estimate(const GpuSpec &gpu, const Workload &w, const ModelArchitecture &a,
                  const EfficiencyParameters &parameters, const EstimateOptions &options)
{
    SplitMemory memory(a, w, parameters);
    return estimate(gpu, memory, parameters, options);
}

Estimate estimate(const GpuSpec &gpu, SplitMemory &memory, const EfficiencyParameters &parameters,
                  const EstimateOptions &options)
{
    if (memory.overheadGb() != parameters.frameworkOverheadGb) { // made for another profile: not shareable
        SplitMemory own(memory.architecture(), memory.workload(), parameters);
        return estimate(gpu, own, parameters, options);
    }
    const ModelArchitecture &a = memory.architecture();
    const Workload &w = memory.workload();
    MathLog log;
    MathLog *math = options.buildMath ? &log : nullptr;
    Estimate e;
    e.gpuId = gpu.gpuId;
    e.gpuName = gpu.displayName();
    e.modelId = w.model.modelId;
    e.task = w.task;
    e.profileId = parameters.profileId;
    e.weightPrecision = w.weightPrecision;
    e.activationPrecision = w.activationPrecision;
    e.kvPrecision = w.kvPrecision;
    e.capacityGb = gpu.memoryGb.value_or(0.0);

    const ResolvedEfficiency efficiency = ResolvedEfficiency::resolve(parameters, gpu, w.model.kind);
    const ComputeRate rate =
        GpuCapabilities::peak(gpu, computePrecision(w), parameters.useFp16AccumulatePeak);
    e.computePrecisionUsed = rate.used;
    e.peakTflopsUsed = rate.tflops;
    if (rate.fellBack) // rare, so the fast path still pays nothing
        e.notes << QCoreApplication::translate(
                       "Estimator", "%1 has no %2 tensor rate; computed at the %3 rate (%4 TFLOPS)")
                       .arg(e.gpuName, Precisions::name(computePrecision(w)), Precisions::name(rate.used),
                            MathLog::number(rate.tflops));
    if (math)
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "peak compute used")),
                  QCoreApplication::translate("Estimator", "dense tensor rate for %1")
                      .arg(Precisions::name(rate.used)),
                  QCoreApplication::translate("Estimator", "datasheet") +
                      (rate.fellBack ? QCoreApplication::translate("Estimator", " (fallback: no %1 support)")
                                           .arg(Precisions::name(computePrecision(w)))
                                     : QString()),
                  rate.tflops, QStringLiteral("TFLOPS"));

    QStringList missing;
    if (e.capacityGb <= 0.0)
        missing << QCoreApplication::translate("Estimator", "memory size");
    if (gpu.memoryBandwidthGBs.value_or(0.0) <= 0.0)
        missing << QCoreApplication::translate("Estimator", "memory bandwidth");
    if (rate.tflops <= 0.0)
        missing
            << QCoreApplication::translate("Estimator", "%1 compute rate").arg(Precisions::name(rate.used));
    if (!missing.isEmpty()) {
        e.notes << QCoreApplication::translate("Estimator", "cannot estimate: the catalogue has no %1 for %2")
                       .arg(missing.join(QStringLiteral(", ")), e.gpuName);
        if (math)
            e.math = log.takeTerms();
        return e;
    }

    // Batch: as given, or the largest that fits (inference, batch 0), capped by the framework.
    int batch = std::max(1, w.batch);
    ParallelismModel::Choice choice = ParallelismModel::choose(memory, e.capacityGb, batch, parameters);
    if (!Tasks::isTraining(w.task) && w.batch == 0) {
        // Engine-chosen batch: the largest that fits, capped by the framework. With an automatic split,
        // every model-parallel size that holds the model is tried and the highest throughput kept (a
        // bigger tensor-parallel group leaves more memory for the KV cache of a bigger batch).
        const auto largestBatch = [&](const Parallelism &p) {
            const auto [fixed, perSequence] = affineInBatch(memory, p);
            const double fitting =
                perSequence > 0.0 ? std::floor((e.capacityGb - fixed) / perSequence) : parameters.maxBatch;
            return std::clamp(clampToInt(fitting), 1, parameters.maxBatch);
        };
        batch = largestBatch(choice.parallelism);
        const bool automatic = w.tensorParallel == 0 && w.pipelineParallel == 0 && !parameters.pipelineSplit;
        if (automatic && choice.fits && a.transformer) {
            double bestThroughput = -1.0;
            const int gpus = choice.parallelism.gpus;
            for (int m = choice.parallelism.tensor * choice.parallelism.pipeline; m <= std::min(gpus, 8);
                 ++m) {
                if (gpus % m != 0)
                    continue;
                const Parallelism p = ParallelismModel::split(gpus, m, gpus / m, false);
                const int candidateBatch = largestBatch(p);
                if (memory.totalGb(p, candidateBatch) > e.capacityGb)
                    continue;
                const InferenceResult trial = InferenceModel::run(
                    InferenceModel::Inputs{a, w, gpu, parameters, efficiency, p, rate, candidateBatch},
                    nullptr);
                if (trial.throughputTokensPerS > bestThroughput) {
                    bestThroughput = trial.throughputTokensPerS;
                    batch = candidateBatch;
                    choice.parallelism = p;
                }
            }
        }
        choice.memory = memory.at(choice.parallelism, batch);
        choice.fits = choice.memory.totalGb() <= e.capacityGb;
    }
    e.parallelism = choice.parallelism;
    // The memo holds this split at this batch already; evaluate again only to log the terms.
    e.memory =
        math ? ParallelismModel::memoryAt(a, w, e.parallelism, batch, parameters.frameworkOverheadGb, math)
             : choice.memory;
    e.perGpuGb = e.memory.totalGb();
    e.fits = e.perGpuGb <= e.capacityGb;
    e.minGpus = ParallelismModel::minimumGpus(memory, e.capacityGb, batch, parameters);
    if (math) {
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "parallelism")),
                  QCoreApplication::translate("Estimator", "GPUs = tp x pp x dp"),
                  QStringLiteral("%1 = %2 x %3 x %4")
                      .arg(e.parallelism.gpus)
                      .arg(e.parallelism.tensor)
                      .arg(e.parallelism.pipeline)
                      .arg(e.parallelism.data),
                  e.parallelism.gpus, QCoreApplication::translate("Estimator", "GPUs"));
        math->add(
            QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "fewest GPUs that fit")),
            QCoreApplication::translate("Estimator",
                                        "smallest power of two n whose split has memory per GPU <= capacity"),
            QCoreApplication::translate("Estimator", "capacity %1 GB").arg(MathLog::number(e.capacityGb)),
            e.minGpus, QCoreApplication::translate("Estimator", "GPUs"));
    }

    const auto [fixed, perSequence] = affineInBatch(memory, e.parallelism);
    const int maxBatch =
        perSequence > 0.0 ? clampToInt(std::floor((e.capacityGb - fixed) / perSequence)) : 1000000000;

    double tokensPerS = 0.0;
    double budgetHours = 0.0;
    if (!Tasks::isTraining(w.task)) {
        InferenceModel::Inputs inputs{a, w, gpu, parameters, efficiency, e.parallelism, rate, batch};
        InferenceResult result = InferenceModel::run(inputs, math);
        result.maxBatch = maxBatch;
        const double kvPerToken =
            MemoryModel::kvBytesPerTokenPerGpu(a, w, e.parallelism) * batch / MemoryModel::kBytesPerGb;
        if (kvPerToken > 0.0) {
            const double room = e.capacityGb - (e.perGpuGb - e.memory.kvCacheGb);
            double context = std::floor(room / kvPerToken);
            if (a.slidingWindow > 0 && room >= kvPerToken * a.slidingWindow)
                context = a.maxContext > 0 ? a.maxContext : 1e9;
            if (a.maxContext > 0)
                context = std::min<double>(context, a.maxContext);
            result.maxContext = clampToInt(context);
        } else {
            result.maxContext = a.maxContext;
        }
        if (math) {
            math->add(
                QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "largest batch that fits")),
                QCoreApplication::translate("Estimator", "(capacity - fixed memory) / memory per sequence"),
                QStringLiteral("(%1 - %2) / %3")
                    .arg(MathLog::number(e.capacityGb), MathLog::number(fixed), MathLog::number(perSequence)),
                result.maxBatch, QCoreApplication::translate("Estimator", "sequences"));
            math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "longest context that fits")),
                      QCoreApplication::translate(
                          "Estimator", "(capacity - memory other than KV) / (KV per token x batch), at most "
                                       "max_position_embeddings"),
                      QCoreApplication::translate("Estimator", "KV %1 GB per token at batch %2")
                          .arg(MathLog::number(kvPerToken))
                          .arg(batch),
                      result.maxContext, QCoreApplication::translate("Estimator", "tokens"));
        }
        tokensPerS = result.throughputTokensPerS;
        e.inference = result;
    } else {
        TrainingModel::Inputs inputs{a, w, gpu, efficiency, e.parallelism, rate};
        TrainingResult result = TrainingModel::run(inputs, math);
        result.maxBatch = maxBatch;
        tokensPerS = result.tokensPerS;
        budgetHours = result.budgetHours;
        e.training = result;
    }
    e.cost = CostModel::run(gpu, w, e.parallelism.gpus, tokensPerS, budgetHours, math);
    if (math)
        e.math = log.takeTerms();
    return e;
}

Workload companionWorkload(const Workload &w)
{
    Workload other = w;
    const auto trainable = [](Precision p) {
        return p == Precision::Fp32 || p == Precision::Tf32 || p == Precision::Bf16 || p == Precision::Fp16 ||
               p == Precision::Fp8;
    };
    if (Tasks::isTraining(w.task)) {
        other.task = Task::Inference;
        other.batch = 1;
        if (other.weightPrecision == Precision::Fp32 || other.weightPrecision == Precision::Tf32)
            other.weightPrecision = Precision::Bf16;
    } else {
        other.task = Task::Training;
        other.batch = std::max(1, w.batch);
        // The serving split says nothing about training: let the split be chosen, with the usual
        // ZeRO-1 sharding of the optimizer over data-parallel replicas.
        other.tensorParallel = 0;
        other.pipelineParallel = 0;
        other.zeroStage = std::max(1, w.zeroStage);
        if (!trainable(other.weightPrecision))
            other.weightPrecision = Precision::Bf16;
        if (!trainable(other.activationPrecision))
            other.activationPrecision = Precision::Bf16;
        if (other.kvPrecision != Precision::Fp32 && !trainable(other.kvPrecision))
            other.kvPrecision = Precision::Bf16;
    }
    return other;
}

QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyParameters &parameters,
                              const EfficiencyParameters *otherTaskParameters, const EstimateOptions &options)
{
    const ModelArchitecture architecture = ModelArchitecture::from(workload.model);
    SplitMemory memory(architecture, workload, parameters); // shared by every GPU
    QVector<Estimate> primary;
    primary.reserve(gpus.size());
    for (const GpuSpec &gpu : gpus)
        primary.append(estimate(gpu, memory, parameters, options));

    const Workload other = companionWorkload(workload);
    const EfficiencyParameters &otherParameters = otherTaskParameters ? *otherTaskParameters : parameters;
    SplitMemory otherMemory(architecture, other, otherParameters);
    QVector<Estimate> companion;
    companion.reserve(gpus.size());
    for (const GpuSpec &gpu : gpus)
        companion.append(estimate(gpu, otherMemory, otherParameters, EstimateOptions{false}));

    const bool training = Tasks::isTraining(workload.task);
    const QVector<Verdict> own = VerdictRules::judge(gpus, primary, training);
    const QVector<Verdict> theirs = VerdictRules::judge(gpus, companion, !training);
    for (qsizetype i = 0; i < primary.size(); ++i) {
        primary[i].trainingVerdict = training ? own[i] : theirs[i];
        primary[i].inferenceVerdict = training ? theirs[i] : own[i];
    }
    return primary;
}

QVector<Estimate> estimateAll(const QVector<GpuSpec> &gpus, const Workload &workload,
                              const EfficiencyProfile &profile, const EfficiencyProfile *otherTaskProfile,
                              QString *error, const EstimateOptions &options)
{
    const auto parameters = EfficiencyParameters::fromProfile(profile, error);
    if (!parameters)
        return {};
    std::optional<EfficiencyParameters> other;
    if (otherTaskProfile) {
        other = EfficiencyParameters::fromProfile(*otherTaskProfile, error);
        if (!other)
            return {};
    }
    return estimateAll(gpus, workload, *parameters, other ? &*other : nullptr, options);
}

} // namespace Estimator
