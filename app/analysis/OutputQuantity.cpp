#include "app/analysis/OutputQuantity.h"

#include "app/analysis/Estimate.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>

namespace {

using Q = OutputQuantity;
using K = QuantityKind;
using B = QuantityBetter;
using T = MathTermId;
using Value = std::optional<double>;

// The labels and the unit words kept the context of the table that first showed them, so that their
// translations stay where translators find them.
constexpr const char *kContext = "ComparisonPresentation";

template <typename Field> Value inference(const Estimate &e, Field InferenceResult::*field)
{
    return e.inference ? Value(double((*e.inference).*field)) : std::nullopt;
}

template <typename Field> Value serving(const Estimate &e, Field ServingResult::*field)
{
    return e.serving ? Value(double((*e.serving).*field)) : std::nullopt;
}

template <typename Field> Value training(const Estimate &e, Field TrainingResult::*field)
{
    return e.training ? Value(double((*e.training).*field)) : std::nullopt;
}

Value breakdown(const Estimate &e, double TrainingResult::Breakdown::*part)
{
    return e.training ? Value(e.training->breakdown.*part) : std::nullopt;
}

// "object" + "." + "key", made when compiling: a JSON path that ends in a key written once elsewhere.
template <std::size_t A, std::size_t B>
constexpr std::array<char, A + B> joinPath(const char (&object)[A], const char (&key)[B])
{
    std::array<char, A + B> path{};
    std::size_t n = 0;
    for (std::size_t i = 0; i + 1 < A; ++i)
        path[n++] = object[i];
    path[n++] = '.';
    for (std::size_t i = 0; i < B; ++i)
        path[n++] = key[i];
    return path;
}

// The serving rows' paths: a latency's object, then its statistic's key (LatencyKeys).
constexpr auto kTtftP50Path = joinPath("serving.ttft_ms", LatencyKeys::kP50);
constexpr auto kTtftP90Path = joinPath("serving.ttft_ms", LatencyKeys::kP90);
constexpr auto kTpotP50Path = joinPath("serving.tpot_ms", LatencyKeys::kP50);
constexpr auto kTpotP90Path = joinPath("serving.tpot_ms", LatencyKeys::kP90);
constexpr auto kQueueP90Path = joinPath("serving.queue_ms", LatencyKeys::kP90);

// Adding a number: a line here (its row id, label, unit, JSON path, better direction, kind, math term,
// value and the math terms that explain it), then its row in ComparisonPresenter and its key in
// EstimateJson.
const QVector<OutputQuantityInfo> &quantities()
{
    // The math terms that explain a number, in the order the math panel shows them: groups rows share.
    static const QVector<T> split{T::Parallelism, T::BatchPerReplica, T::MicroBatchesPerStep};
    static const QVector<T> memory{T::Parallelism,
                                   T::BatchPerReplica,
                                   T::WeightsPerGpu,
                                   T::KvCachePerGpu,
                                   T::KvCacheMlaPerGpu,
                                   T::ActivationsInference,
                                   T::ActivationsRecomputeNone,
                                   T::ActivationsRecomputeSelective,
                                   T::ActivationsRecomputeFull,
                                   T::GradientsPerGpu,
                                   T::OptimizerStatePerGpu,
                                   T::LoraAdaptersPerGpu,
                                   T::FrameworkOverheadPerGpu,
                                   T::MemoryPerGpu};
    static const QVector<T> prefill{T::Parallelism,           T::BatchPerReplica,
                                    T::PeakCompute,           T::ForwardTime,
                                    T::SamplesPerSecond,      T::PrefillFlops,
                                    T::PrefillComputeTime,    T::PrefillMemoryTime,
                                    T::PrefillTensorParallel, T::PrefillPipelineTransfers,
                                    T::TimeToFirstToken,      T::PrefillTokensPerSecond};
    static const QVector<T> decode{T::Parallelism,          T::BatchPerReplica,         T::PeakCompute,
                                   T::DecodeBytes,          T::DecodeMemoryTime,        T::DecodeComputeTime,
                                   T::DecodeTensorParallel, T::DecodePipelineTransfers, T::TimePerOutputToken,
                                   T::DecodeTokensPerSecond};
    static const QVector<T> step{
        T::Parallelism,    T::BatchPerReplica,          T::MicroBatchesPerStep,   T::PeakCompute,
        T::TrainingFlops,  T::ComputeTimePerStep,       T::RecomputeTimePerStep,  T::OptimizerUpdate,
        T::PipelineBubble, T::TensorParallelAllReduces, T::DataParallelAllReduce, T::StepTime};
    static const QVector<T> trainingRate{T::TrainingTokensPerSecond, T::TrainingSamplesPerSecond};
    static const QVector<T> cost{T::OwnedPerGpuHour, T::RentalPerMillionTokens,
                                 T::RentalForBudget, T::Power,
                                 T::EnergyPerToken,  T::ElectricityPerMillionTokens};
    // Built on first use: other files' statics may ask for it.
    static const QVector<OutputQuantityInfo> table{
        {Q::MemoryPerGpu, "fit.memory", QT_TRANSLATE_NOOP("ComparisonPresentation", "Memory needed per GPU"),
         "GB", "memory.per_gpu_gb", B::Lower, K::Fit, T::MemoryPerGpu,
         [](const Estimate &e) { return Value(e.perGpuGb); }, memory},
        {Q::FewestGpus, "fit.min-gpus", QT_TRANSLATE_NOOP("ComparisonPresentation", "Fewest GPUs that fit"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "GPUs"), "memory.min_gpus", B::Lower, K::Fit,
         T::FewestGpus, [](const Estimate &e) { return e.minGpus > 0 ? Value(e.minGpus) : std::nullopt; },
         memory + QVector<T>{T::FewestGpus}},
        {Q::Replicas, "fit.replicas",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Model replicas (data parallel)"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "replicas"), "parallelism.dp", B::None, K::Fit,
         T::Parallelism, [](const Estimate &e) { return Value(e.parallelism.data); }, split},
        {Q::PeakCompute, "fit.peak", QT_TRANSLATE_NOOP("ComparisonPresentation", "Peak compute used"),
         "TFLOPS", "peak_tflops_used", B::Higher, K::Fit, T::PeakCompute,
         [](const Estimate &e) { return Value(e.peakTflopsUsed); }, QVector<T>{T::PeakCompute}},

        {Q::RequestsInFlight, "infer.requests",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Requests in flight, all GPUs"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "requests"), "inference.requests_in_flight", B::None,
         K::Inference, std::nullopt,
         [](const Estimate &e) { return inference(e, &InferenceResult::requestsInFlight); }, split},
        {Q::Ttft, "infer.ttft", QT_TRANSLATE_NOOP("ComparisonPresentation", "Time to first token"), "ms",
         "inference.ttft_ms", B::Lower, K::Inference, T::TimeToFirstToken,
         [](const Estimate &e) { return inference(e, &InferenceResult::ttftMs); }, prefill},
        {Q::Tpot, "infer.tpot", QT_TRANSLATE_NOOP("ComparisonPresentation", "Time per output token"), "ms",
         "inference.tpot_ms", B::Lower, K::Inference, T::TimePerOutputToken,
         [](const Estimate &e) { return inference(e, &InferenceResult::tpotMs); }, decode},
        {Q::Decode, "infer.decode", QT_TRANSLATE_NOOP("ComparisonPresentation", "Decode, all GPUs"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "tokens/s"), "inference.decode_tokens_per_s", B::Higher,
         K::Inference, T::DecodeTokensPerSecond,
         [](const Estimate &e) { return inference(e, &InferenceResult::decodeTokensPerS); }, decode},
        {Q::Throughput, "infer.throughput",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "End-to-end output, all GPUs"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "tokens/s"), "inference.throughput_tokens_per_s",
         B::Higher, K::Inference, T::EndToEndThroughput,
         [](const Estimate &e) { return inference(e, &InferenceResult::throughputTokensPerS); },
         prefill + decode + QVector<T>{T::EndToEndThroughput}},
        {Q::MaxBatch, "infer.max-batch",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Most requests in flight that fit"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "requests"), "inference.max_batch", B::Higher,
         K::Inference, T::LargestBatch,
         [](const Estimate &e) { return inference(e, &InferenceResult::maxBatch); },
         QVector<T>{T::BatchPerReplica, T::LargestBatch}},
        {Q::MaxContext, "infer.max-context",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Longest context that fits"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "tokens"), "inference.max_context", B::Higher,
         K::Inference, T::LongestContext,
         [](const Estimate &e) { return inference(e, &InferenceResult::maxContext); },
         QVector<T>{T::BatchPerReplica, T::LongestContext}},

        {Q::ServingTtftP50, "serve.ttft.p50", QT_TRANSLATE_NOOP("ComparisonPresentation", "TTFT, median"),
         "ms", kTtftP50Path.data(), B::Lower, K::Serving, std::nullopt,
         [](const Estimate &e) { return e.serving ? Value(e.serving->ttftMs.p50) : std::nullopt; }},
        {Q::ServingTtftP90, "serve.ttft.p90", QT_TRANSLATE_NOOP("ComparisonPresentation", "TTFT, p90"), "ms",
         kTtftP90Path.data(), B::Lower, K::Serving, T::ServingTtftP90,
         [](const Estimate &e) { return e.serving ? Value(e.serving->ttftMs.p90) : std::nullopt; }},
        {Q::ServingTpotP50, "serve.tpot.p50", QT_TRANSLATE_NOOP("ComparisonPresentation", "TPOT, median"),
         "ms", kTpotP50Path.data(), B::Lower, K::Serving, std::nullopt,
         [](const Estimate &e) { return e.serving ? Value(e.serving->tpotMs.p50) : std::nullopt; }},
        {Q::ServingTpotP90, "serve.tpot.p90", QT_TRANSLATE_NOOP("ComparisonPresentation", "TPOT, p90"), "ms",
         kTpotP90Path.data(), B::Lower, K::Serving, T::ServingTpotP90,
         [](const Estimate &e) { return e.serving ? Value(e.serving->tpotMs.p90) : std::nullopt; }},
        {Q::ServingQueueP90, "serve.queue.p90", QT_TRANSLATE_NOOP("ComparisonPresentation", "Queueing, p90"),
         "ms", kQueueP90Path.data(), B::Lower, K::Serving, std::nullopt,
         [](const Estimate &e) { return e.serving ? Value(e.serving->queueMs.p90) : std::nullopt; }},
        {Q::ServingThroughput, "serve.throughput",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Output, all GPUs"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "tokens/s"), "serving.output_tokens_per_s", B::Higher,
         K::Serving, T::ServingOutputTokensPerSecond,
         [](const Estimate &e) { return serving(e, &ServingResult::outputTokensPerS); }},
        {Q::ServingRequests, "serve.requests",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Requests completed"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "requests/s"), "serving.requests_per_s", B::Higher,
         K::Serving, std::nullopt,
         [](const Estimate &e) { return serving(e, &ServingResult::requestsPerS); }},
        {Q::ServingKvCache, "serve.kv-cache",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "KV cache in use, peak"), "%", "serving.kv_cache_use",
         B::None, K::Serving, std::nullopt,
         [](const Estimate &e) { return e.serving ? Value(100.0 * e.serving->kvCacheUse) : std::nullopt; }},
        {Q::ServingMaxUsers, "serve.max-users",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Most users within targets"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "users"), "serving.max_concurrency_within_slo",
         B::Higher, K::Serving, std::nullopt,
         [](const Estimate &e) {
             return e.serving && e.serving->maxConcurrencyWithinSlo
                        ? Value(*e.serving->maxConcurrencyWithinSlo)
                        : std::nullopt;
         }},

        {Q::GlobalBatch, "train.batch", QT_TRANSLATE_NOOP("ComparisonPresentation", "Global batch"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "sequences"), "training.global_batch", B::None,
         K::Training, std::nullopt,
         [](const Estimate &e) { return training(e, &TrainingResult::globalBatch); }, split},
        {Q::Accumulation, "train.accumulation",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Gradient accumulation"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "micro-batches"), "training.gradient_accumulation",
         B::None, K::Training, T::MicroBatchesPerStep,
         [](const Estimate &e) { return training(e, &TrainingResult::gradientAccumulation); }, split},
        {Q::Layout, "train.layout", QT_TRANSLATE_NOOP("ComparisonPresentation", "Layout"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "replicas"), "parallelism.dp", B::None, K::Training,
         T::Parallelism, [](const Estimate &e) { return Value(e.parallelism.data); }, split},
        {Q::ZeroStage, "train.zero", QT_TRANSLATE_NOOP("ComparisonPresentation", "ZeRO stage"), "",
         "training.zero_stage", B::None, K::Training, std::nullopt,
         [](const Estimate &e) { return training(e, &TrainingResult::zeroStage); }, memory},
        {Q::Nodes, "train.nodes", QT_TRANSLATE_NOOP("ComparisonPresentation", "Nodes"), "", "training.nodes",
         B::None, K::Training, std::nullopt,
         [](const Estimate &e) { return training(e, &TrainingResult::nodes); }, QVector<T>{T::Parallelism}},
        {Q::StepTime, "train.step", QT_TRANSLATE_NOOP("ComparisonPresentation", "Step time"), "s",
         "training.step_time_s", B::Lower, K::Training, T::StepTime,
         [](const Estimate &e) { return training(e, &TrainingResult::stepTimeS); }, step},
        {Q::TrainingTokens, "train.tokens",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Training throughput, all GPUs"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "tokens/s"), "training.tokens_per_s", B::Higher,
         K::Training, T::TrainingTokensPerSecond,
         [](const Estimate &e) { return training(e, &TrainingResult::tokensPerS); }, step + trainingRate},
        {Q::TrainingTokensPerGpu, "train.tokens-per-gpu",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Training throughput per GPU"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "tokens/s"), "training.tokens_per_s_per_gpu", B::Higher,
         K::Training, std::nullopt,
         [](const Estimate &e) { return training(e, &TrainingResult::tokensPerSPerGpu); },
         step + trainingRate},
        {Q::TrainingSamples, "train.samples",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Samples, all GPUs"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "samples/s"), "training.samples_per_s", B::Higher,
         K::Training, T::TrainingSamplesPerSecond,
         [](const Estimate &e) { return training(e, &TrainingResult::samplesPerS); }, step + trainingRate},
        {Q::Mfu, "train.mfu", QT_TRANSLATE_NOOP("ComparisonPresentation", "Model FLOPs utilisation (MFU)"),
         "%", "training.mfu", B::Higher, K::Training, T::Mfu,
         [](const Estimate &e) { return e.training ? Value(100.0 * e.training->mfu) : std::nullopt; },
         step + QVector<T>{T::Mfu}},
        {Q::Hfu, "train.hfu", QT_TRANSLATE_NOOP("ComparisonPresentation", "Hardware FLOPs utilisation (HFU)"),
         "%", "training.hfu", B::Higher, K::Training, T::Hfu,
         [](const Estimate &e) { return e.training ? Value(100.0 * e.training->hfu) : std::nullopt; },
         step + QVector<T>{T::Mfu, T::Hfu}},
        {Q::BreakdownCompute, "train.break.compute", QT_TRANSLATE_NOOP("ComparisonPresentation", "Compute"),
         "s", "training.breakdown_s.compute", B::Lower, K::Training, T::ComputeTimePerStep,
         [](const Estimate &e) { return breakdown(e, &TrainingResult::Breakdown::compute); },
         QVector<T>{T::TrainingFlops, T::ComputeTimePerStep, T::StepTime}},
        {Q::BreakdownRecompute, "train.break.recompute",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Recomputation"), "s", "training.breakdown_s.recompute",
         B::Lower, K::Training, T::RecomputeTimePerStep,
         [](const Estimate &e) { return breakdown(e, &TrainingResult::Breakdown::recompute); },
         QVector<T>{T::RecomputeTimePerStep, T::StepTime}},
        {Q::BreakdownModelParallelComm, "train.break.mp-comm",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "TP/CP/EP/PP communication, exposed"), "s",
         "training.breakdown_s.model_parallel_comm", B::Lower, K::Training, T::TensorParallelAllReduces,
         [](const Estimate &e) { return breakdown(e, &TrainingResult::Breakdown::modelParallelComm); },
         QVector<T>{T::Parallelism, T::TensorParallelAllReduces, T::StepTime}},
        {Q::BreakdownDataParallelComm, "train.break.dp-comm",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Data-parallel communication, exposed"), "s",
         "training.breakdown_s.data_parallel_comm", B::Lower, K::Training, T::DataParallelAllReduce,
         [](const Estimate &e) { return breakdown(e, &TrainingResult::Breakdown::dataParallelComm); },
         QVector<T>{T::Parallelism, T::DataParallelAllReduce, T::StepTime}},
        {Q::BreakdownBubble, "train.break.bubble",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Pipeline bubble"), "s",
         "training.breakdown_s.pipeline_bubble", B::Lower, K::Training, T::PipelineBubble,
         [](const Estimate &e) { return breakdown(e, &TrainingResult::Breakdown::pipelineBubble); },
         QVector<T>{T::Parallelism, T::PipelineBubble, T::StepTime}},
        {Q::BreakdownOptimizer, "train.break.optimizer",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Optimizer update"), "s",
         "training.breakdown_s.optimizer", B::Lower, K::Training, T::OptimizerUpdate,
         [](const Estimate &e) { return breakdown(e, &TrainingResult::Breakdown::optimizer); },
         QVector<T>{T::OptimizerUpdate, T::StepTime}},
        {Q::BudgetDays, "train.budget",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Time for the token budget"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "days"), "training.budget_days", B::Lower, K::Training,
         T::BudgetHours,
         [](const Estimate &e) { return e.training ? Value(e.training->budgetHours / 24.0) : std::nullopt; },
         step + trainingRate + QVector<T>{T::BudgetHours}},
        {Q::BudgetGpuHours, "train.gpu-hours",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "GPU-hours for the token budget"),
         QT_TRANSLATE_NOOP("ComparisonPresentation", "GPU-h"), "training.budget_gpu_hours", B::Lower,
         K::Training, T::BudgetGpuHours,
         [](const Estimate &e) { return training(e, &TrainingResult::budgetGpuHours); },
         step + trainingRate + QVector<T>{T::BudgetHours, T::BudgetGpuHours}},

        {Q::PricePerGpuHour, "cost.gpu-hour",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Price per GPU-hour used"), "$/GPU-h",
         "cost.usd_per_gpu_hour", B::Lower, K::Cost, std::nullopt,
         [](const Estimate &e) { return e.cost.usdPerGpuHour; }, cost},
        // The label names what is counted ("tokens", "output tokens"): the table fills it in.
        {Q::CostPerMillion, "cost.per-million",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "GPU cost per million %1"), "$",
         "cost.usd_per_million_tokens", B::Lower, K::Cost, T::RentalPerMillionTokens,
         [](const Estimate &e) { return e.cost.usdPerMillionTokens; }, cost},
        {Q::CostForBudget, "cost.budget",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "GPU cost for the token budget"), "$",
         "training.budget_usd", B::Lower, K::Cost, T::RentalForBudget,
         [](const Estimate &e) { return e.cost.usdForBudget; }, cost},
        {Q::BudgetEnergy, "train.energy",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Energy for the token budget"), "kWh",
         "training.budget_energy_kwh", B::Lower, K::Cost, std::nullopt,
         [](const Estimate &e) { return training(e, &TrainingResult::budgetEnergyKwh); },
         step + trainingRate + QVector<T>{T::BudgetHours, T::Power}},
        // Per GPU: JSON's cost.power_w is the whole deployment's.
        {Q::PowerPerGpu, "cost.power", QT_TRANSLATE_NOOP("ComparisonPresentation", "Power per GPU"), "W", "",
         B::None, K::Cost, T::Power,
         [](const Estimate &e) { return Value(e.cost.powerW / std::max(1, e.parallelism.gpus)); },
         QVector<T>{T::Power}},
        {Q::EnergyPerToken, "cost.energy", QT_TRANSLATE_NOOP("ComparisonPresentation", "Energy per %1"), "J",
         "cost.joules_per_token", B::Lower, K::Cost, T::EnergyPerToken,
         [](const Estimate &e) { return Value(e.cost.joulesPerToken); }, cost},
        {Q::ElectricityPerMillion, "cost.electricity",
         QT_TRANSLATE_NOOP("ComparisonPresentation", "Electricity per million %1"), "$",
         "cost.electricity_usd_per_million_tokens", B::Lower, K::Cost, T::ElectricityPerMillionTokens,
         [](const Estimate &e) { return Value(e.cost.electricityUsdPerMillionTokens); }, cost},
    };
    return table;
}

} // namespace

namespace OutputQuantities {

const QVector<OutputQuantityInfo> &all()
{
    return quantities();
}

const OutputQuantityInfo &info(OutputQuantity quantity)
{
    // The table lists the quantities in the enum's order (OutputQuantityTest checks it).
    return quantities().at(qsizetype(quantity));
}

const OutputQuantityInfo *find(const QString &rowId)
{
    const QVector<OutputQuantityInfo> &table = quantities();
    const auto it = std::find_if(table.cbegin(), table.cend(), [&rowId](const OutputQuantityInfo &q) {
        return rowId == QLatin1String(q.rowId);
    });
    return it == table.cend() ? nullptr : &*it;
}

QString rowId(OutputQuantity quantity)
{
    return QString::fromLatin1(info(quantity).rowId);
}

QString label(OutputQuantity quantity)
{
    return QCoreApplication::translate(kContext, info(quantity).label);
}

QString unit(OutputQuantity quantity)
{
    // A symbol ("ms") has no entry in the translations and comes back as it is.
    return QCoreApplication::translate(kContext, info(quantity).unit);
}

QString jsonPath(OutputQuantity quantity)
{
    return QString::fromLatin1(info(quantity).jsonPath);
}

QString jsonKey(OutputQuantity quantity)
{
    return jsonPath(quantity).section(u'.', -1);
}

bool isKind(const QString &rowId, QuantityKind kind)
{
    const OutputQuantityInfo *quantity = find(rowId);
    return quantity && quantity->kind == kind;
}

} // namespace OutputQuantities
