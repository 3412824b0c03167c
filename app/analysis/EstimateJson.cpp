#include "app/analysis/EstimateJson.h"

#include "app/analysis/MissingSpecs.h"
#include "app/analysis/OutputQuantity.h"
#include "app/analysis/ServingLoad.h"

#include <QJsonArray>
#include <cmath>

namespace EstimateJson {

namespace {

// The keys of the numbers the Compare table also shows come from their table (OutputQuantity), so that
// a row, its range and its key name one number.
using Q = OutputQuantity;

QJsonValue number(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? number(*value) : QJsonValue(QJsonValue::Null);
}

QJsonObject verdict(const Verdict &v)
{
    QJsonObject object;
    object.insert(QStringLiteral("level"), VerdictLevels::name(v.level));
    object.insert(QStringLiteral("reasons"), QJsonArray::fromStringList(v.reasons));
    object.insert(QStringLiteral("recipe"), v.recipe);
    return object;
}

QJsonObject stats(const LatencyStats &s)
{
    QJsonObject object;
    object.insert(QLatin1String(LatencyKeys::kMean), number(s.mean));
    object.insert(QLatin1String(LatencyKeys::kP50), number(s.p50));
    object.insert(QLatin1String(LatencyKeys::kP90), number(s.p90));
    object.insert(QLatin1String(LatencyKeys::kP99), number(s.p99));
    return object;
}

// The deployment under load: each pool's workers, split, GPUs and the share of the run it spent in steps;
// disaggregated, also the KV cache's hand-over per request and what carried it.
QJsonObject deploymentOf(const ServingResult &s)
{
    QJsonObject object;
    const bool disaggregated = s.kvTransferMs.has_value();
    object.insert(QStringLiteral("mode"),
                  disaggregated ? QStringLiteral("disaggregated") : QStringLiteral("aggregated"));
    QJsonArray pools;
    int gpus = 0;
    for (const ServingPool &pool : s.pools) {
        pools.append(QJsonObject{{QStringLiteral("role"), pool.role},
                                 {QStringLiteral("workers"), pool.workers},
                                 {QStringLiteral("gpus_per_worker"), pool.gpusPerWorker},
                                 {QStringLiteral("tp"), pool.tensorParallel},
                                 {QStringLiteral("ep"), pool.expertParallel},
                                 {QStringLiteral("gpus"), pool.gpus()},
                                 {QStringLiteral("utilisation"), number(pool.utilisation)}});
        gpus += pool.gpus();
    }
    object.insert(QStringLiteral("pools"), pools);
    object.insert(QStringLiteral("gpus"), gpus);
    object.insert(QStringLiteral("kv_transfer_ms"),
                  disaggregated ? QJsonValue(stats(*s.kvTransferMs)) : QJsonValue(QJsonValue::Null));
    object.insert(QStringLiteral("kv_transfer_link"),
                  disaggregated ? QJsonValue(s.kvTransferLink) : QJsonValue(QJsonValue::Null));
    return object;
}

QJsonObject serving(const ServingResult &s)
{
    QJsonObject object;
    object.insert(QStringLiteral("concurrency"),
                  s.concurrency > 0 ? QJsonValue(s.concurrency) : QJsonValue(QJsonValue::Null));
    object.insert(QStringLiteral("request_rate"),
                  s.requestRate > 0.0 ? number(s.requestRate) : QJsonValue(QJsonValue::Null));
    object.insert(QStringLiteral("num_requests"), s.numRequests);
    object.insert(QStringLiteral("dataset"), s.dataset);
    object.insert(QStringLiteral("random_range_ratio"), number(s.randomRangeRatio));
    object.insert(QStringLiteral("burstiness"), number(s.burstiness));
    object.insert(QStringLiteral("warmup_requests"), s.warmupRequests);
    object.insert(QStringLiteral("harness"), s.harness);
    object.insert(QStringLiteral("replayed_trace"), s.replayedTrace);
    object.insert(QStringLiteral("request_overhead_ms"), number(s.requestOverheadMs));
    object.insert(QStringLiteral("ttft_ms"), stats(s.ttftMs));
    object.insert(QStringLiteral("tpot_ms"), stats(s.tpotMs));
    object.insert(QStringLiteral("itl_ms"), stats(s.itlMs));
    object.insert(QStringLiteral("e2e_ms"), stats(s.e2eMs));
    object.insert(QStringLiteral("queue_ms"), stats(s.queueMs));
    object.insert(OutputQuantities::jsonKey(Q::ServingThroughput), number(s.outputTokensPerS));
    object.insert(QStringLiteral("output_tokens_per_s_per_gpu"), number(s.outputTokensPerSPerGpu));
    object.insert(OutputQuantities::jsonKey(Q::ServingRequests), number(s.requestsPerS));
    object.insert(OutputQuantities::jsonKey(Q::ServingKvCache), number(s.kvCacheUse));
    object.insert(QStringLiteral("kv_cache_tokens"), double(s.kvCacheTokens));
    object.insert(QStringLiteral("mean_running_sequences"), number(s.meanRunningSequences));
    object.insert(QStringLiteral("max_num_seqs"), s.maxNumSeqs);
    object.insert(QStringLiteral("max_batched_tokens"), s.maxBatchedTokens);
    object.insert(QStringLiteral("meets_slo"),
                  s.meetsSlo ? QJsonValue(*s.meetsSlo) : QJsonValue(QJsonValue::Null));
    object.insert(OutputQuantities::jsonKey(Q::ServingMaxUsers), s.maxConcurrencyWithinSlo
                                                                     ? QJsonValue(*s.maxConcurrencyWithinSlo)
                                                                     : QJsonValue(QJsonValue::Null));
    if (s.meetsSlo) {
        QJsonArray missed;
        for (const MissedTarget &m : s.missedTargets)
            missed.append(QJsonObject{{QStringLiteral("which"), ServingLoad::targetName(m.which)},
                                      {QStringLiteral("value"), number(m.value)},
                                      {QStringLiteral("target"), number(m.target)}});
        object.insert(QStringLiteral("missed_targets"), missed);
        // The most users is the search's cap, not a limit it found: "at least".
        object.insert(QStringLiteral("max_concurrency_capped"), s.maxConcurrencyCapped);
    }
    object.insert(QStringLiteral("deployment"), deploymentOf(s));
    return object;
}

// Memory per GPU, the capacity, the fit and the parts; all null when the GPU's record lacks its memory.
QJsonObject memoryOf(const Estimate &e)
{
    QJsonObject memory;
    const QJsonValue unknown(QJsonValue::Null);
    const bool memoryKnown = e.memoryKnown();
    memory.insert(OutputQuantities::jsonKey(Q::MemoryPerGpu), memoryKnown ? number(e.perGpuGb) : unknown);
    memory.insert(QStringLiteral("capacity_gb"), memoryKnown ? number(e.capacityGb) : unknown);
    memory.insert(QStringLiteral("fits"), memoryKnown ? QJsonValue(e.fits) : unknown);
    memory.insert(OutputQuantities::jsonKey(Q::FewestGpus),
                  e.minGpus > 0 ? QJsonValue(e.minGpus) : QJsonValue(QJsonValue::Null));
    QJsonObject breakdown;
    breakdown.insert(QStringLiteral("weights"), number(e.memory.weightsGb));
    breakdown.insert(QStringLiteral("kv_cache"), number(e.memory.kvCacheGb));
    breakdown.insert(QStringLiteral("activations"), number(e.memory.activationsGb));
    breakdown.insert(QStringLiteral("gradients"), number(e.memory.gradientsGb));
    breakdown.insert(QStringLiteral("optimizer"), number(e.memory.optimizerGb));
    breakdown.insert(QStringLiteral("adapters"), number(e.memory.adaptersGb));
    breakdown.insert(QStringLiteral("overhead"), number(e.memory.overheadGb));
    if (e.memory.recurrentStateGb > 0.0) // hybrid models only: the key is absent for the others
        breakdown.insert(QStringLiteral("recurrent_state"), number(e.memory.recurrentStateGb));
    memory.insert(QStringLiteral("breakdown_gb"), memoryKnown ? QJsonValue(breakdown) : unknown);
    return memory;
}

// The static batch's latencies and throughput; null for training.
QJsonValue inferenceOf(const Estimate &e)
{
    if (!e.inference)
        return QJsonValue(QJsonValue::Null);
    const InferenceResult &r = *e.inference;
    QJsonObject inference;
    inference.insert(OutputQuantities::jsonKey(Q::RequestsInFlight), r.requestsInFlight);
    inference.insert(QStringLiteral("replicas"), r.replicas);
    inference.insert(QStringLiteral("batch_per_replica"), r.batch);
    inference.insert(OutputQuantities::jsonKey(Q::Ttft), number(r.ttftMs));
    inference.insert(OutputQuantities::jsonKey(Q::Tpot), number(r.tpotMs));
    inference.insert(QStringLiteral("prefill_tokens_per_s"), number(r.prefillTokensPerS));
    inference.insert(OutputQuantities::jsonKey(Q::Decode), number(r.decodeTokensPerS));
    inference.insert(OutputQuantities::jsonKey(Q::Throughput), number(r.throughputTokensPerS));
    inference.insert(OutputQuantities::jsonKey(Q::MaxBatch), r.maxBatch);
    inference.insert(OutputQuantities::jsonKey(Q::MaxContext), r.maxContext);
    inference.insert(QStringLiteral("decode_bound"),
                     r.decodeComputeBound ? QStringLiteral("compute") : QStringLiteral("memory"));
    return inference;
}

// One training step's time, throughput and parts, and the token budget's time, cost and energy; null for
// inference.
QJsonValue trainingOf(const Estimate &e)
{
    if (!e.training)
        return QJsonValue(QJsonValue::Null);
    const TrainingResult &r = *e.training;
    QJsonObject training;
    training.insert(OutputQuantities::jsonKey(Q::GlobalBatch), r.globalBatch);
    training.insert(QStringLiteral("sequences_per_replica"), r.sequencesPerReplica);
    training.insert(QStringLiteral("micro_batch"), r.microBatch);
    training.insert(OutputQuantities::jsonKey(Q::Accumulation), r.gradientAccumulation);
    training.insert(QStringLiteral("grad_accum"), r.gradientAccumulation);
    training.insert(OutputQuantities::jsonKey(Q::ZeroStage), r.zeroStage);
    training.insert(QStringLiteral("recompute"), Recomputes::name(r.recompute));
    training.insert(QStringLiteral("fp8_recipe"),
                    r.fp8Recipe ? QJsonValue(Fp8Recipes::name(*r.fp8Recipe)) : QJsonValue(QJsonValue::Null));
    training.insert(QStringLiteral("layouts_searched"), r.layoutsSearched);
    training.insert(OutputQuantities::jsonKey(Q::StepTime), number(r.stepTimeS));
    training.insert(OutputQuantities::jsonKey(Q::TrainingTokens), number(r.tokensPerS));
    training.insert(OutputQuantities::jsonKey(Q::TrainingTokensPerGpu), number(r.tokensPerSPerGpu));
    training.insert(OutputQuantities::jsonKey(Q::TrainingSamples), number(r.samplesPerS));
    training.insert(OutputQuantities::jsonKey(Q::Mfu), number(r.mfu));
    training.insert(OutputQuantities::jsonKey(Q::Hfu), number(r.hfu));
    training.insert(QStringLiteral("max_batch"), r.maxBatch);
    QJsonObject parts;
    parts.insert(OutputQuantities::jsonKey(Q::BreakdownCompute), number(r.breakdown.compute));
    parts.insert(OutputQuantities::jsonKey(Q::BreakdownRecompute), number(r.breakdown.recompute));
    parts.insert(OutputQuantities::jsonKey(Q::BreakdownModelParallelComm),
                 number(r.breakdown.modelParallelComm));
    parts.insert(OutputQuantities::jsonKey(Q::BreakdownDataParallelComm),
                 number(r.breakdown.dataParallelComm));
    parts.insert(OutputQuantities::jsonKey(Q::BreakdownBubble), number(r.breakdown.pipelineBubble));
    parts.insert(OutputQuantities::jsonKey(Q::BreakdownOptimizer), number(r.breakdown.optimizer));
    training.insert(QStringLiteral("breakdown_s"), parts);
    training.insert(QStringLiteral("gpus_per_node"), r.gpusPerNode);
    training.insert(OutputQuantities::jsonKey(Q::Nodes), r.nodes);
    training.insert(QStringLiteral("network_gbps"), number(r.networkGbps));
    training.insert(OutputQuantities::jsonKey(Q::BudgetGpuHours), number(r.budgetGpuHours));
    training.insert(OutputQuantities::jsonKey(Q::BudgetDays), number(r.budgetHours / 24.0));
    training.insert(OutputQuantities::jsonKey(Q::CostForBudget), optionalNumber(e.cost.usdForBudget));
    training.insert(OutputQuantities::jsonKey(Q::BudgetEnergy),
                    e.powerKnown ? number(r.budgetEnergyKwh) : QJsonValue(QJsonValue::Null));
    return training;
}

// The price, the busy fraction and power, and what a million tokens cost in money and energy.
QJsonObject costOf(const Estimate &e)
{
    const QJsonValue unknown(QJsonValue::Null);
    QJsonObject cost;
    // "rental", "owned" (the purchase paid off plus electricity) or "none": what usd_per_gpu_hour is.
    const CostBasis basis = e.cost.basis;
    cost.insert(QStringLiteral("basis"), basis == CostBasis::Rental  ? QStringLiteral("rental")
                                         : basis == CostBasis::Owned ? QStringLiteral("owned")
                                                                     : QStringLiteral("none"));
    // The basis of the whole comparison: every GPU of one answer is priced on it
    // (CostModel::comparisonBasis).
    const CostBasis compared = e.cost.comparisonBasis;
    cost.insert(QStringLiteral("comparison_basis"), compared == CostBasis::Rental  ? QStringLiteral("rental")
                                                    : compared == CostBasis::Owned ? QStringLiteral("owned")
                                                                                   : QStringLiteral("none"));
    cost.insert(OutputQuantities::jsonKey(Q::PricePerGpuHour), optionalNumber(e.cost.usdPerGpuHour));
    if (basis == CostBasis::Owned) {
        QJsonObject owned;
        owned.insert(QStringLiteral("years"), number(e.cost.ownYears));
        owned.insert(QStringLiteral("purchase_usd_per_gpu_hour"), number(e.cost.ownedPurchaseUsdPerHour));
        owned.insert(QStringLiteral("power_usd_per_gpu_hour"),
                     e.powerKnown ? number(e.cost.ownedPowerUsdPerHour) : unknown);
        owned.insert(QStringLiteral("usd_per_kwh"), number(e.cost.usdPerKwh));
        cost.insert(QStringLiteral("owned"), owned);
    }
    cost.insert(QStringLiteral("busy_fraction"), number(e.cost.busyFraction));
    cost.insert(OutputQuantities::jsonKey(Q::CostPerMillion), optionalNumber(e.cost.usdPerMillionTokens));
    const bool energyKnown = e.missingForEnergy().isEmpty();
    cost.insert(OutputQuantities::jsonKey(Q::EnergyPerToken),
                energyKnown ? number(e.cost.joulesPerToken) : unknown);
    cost.insert(QStringLiteral("power_w"), e.powerKnown ? number(e.cost.powerW) : unknown);
    cost.insert(OutputQuantities::jsonKey(Q::ElectricityPerMillion),
                energyKnown ? number(e.cost.electricityUsdPerMillionTokens) : unknown);
    cost.insert(QStringLiteral("usd_for_budget"), optionalNumber(e.cost.usdForBudget));
    return cost;
}

// Every term of the math behind the numbers, in the order it was worked out.
QJsonArray mathOf(const Estimate &e)
{
    QJsonArray math;
    for (const MathTerm &term : e.math) {
        QJsonObject object;
        object.insert(QStringLiteral("id"), MathTerms::key(term.id));
        object.insert(QStringLiteral("name"), term.name);
        object.insert(QStringLiteral("formula"), term.formula);
        object.insert(QStringLiteral("substituted"), term.substituted);
        object.insert(QStringLiteral("value"), number(term.value));
        object.insert(QStringLiteral("unit"), term.unit);
        if (!term.range.isEmpty())
            object.insert(QStringLiteral("range"), term.range);
        math.append(object);
    }
    return math;
}

} // namespace

QJsonObject toJson(const Estimate &e)
{
    QJsonObject root;
    root.insert(QStringLiteral("gpu"), e.gpuId);
    root.insert(QStringLiteral("gpu_name"), e.gpuName);
    root.insert(QStringLiteral("gpus"), e.parallelism.gpus);
    root.insert(QStringLiteral("model"), e.modelId);
    root.insert(QStringLiteral("task"), Tasks::name(e.task));
    root.insert(QStringLiteral("profile"), e.profileId);
    root.insert(QStringLiteral("precision"), Precisions::name(e.weightPrecision));
    root.insert(QStringLiteral("activation_precision"), Precisions::name(e.activationPrecision));
    root.insert(QStringLiteral("kv_precision"), Precisions::name(e.kvPrecision));
    root.insert(QStringLiteral("compute_precision_used"), Precisions::name(e.computePrecisionUsed));
    root.insert(OutputQuantities::jsonKey(Q::PeakCompute),
                e.peakTflopsUsed > 0.0 ? number(e.peakTflopsUsed) : QJsonValue(QJsonValue::Null));
    QJsonObject parallelism;
    parallelism.insert(QStringLiteral("tp"), e.parallelism.tensor);
    parallelism.insert(QStringLiteral("pp"), e.parallelism.pipeline);
    parallelism.insert(OutputQuantities::jsonKey(Q::Replicas), e.parallelism.data);
    parallelism.insert(QStringLiteral("cp"), e.parallelism.context);
    parallelism.insert(QStringLiteral("ep"), e.parallelism.expert);
    parallelism.insert(QStringLiteral("vpp"), e.parallelism.virtualStages);
    root.insert(QStringLiteral("parallelism"), parallelism);

    // A value the GPU's record lacks is named in "missing"; the numbers that need it are null, never 0.
    root.insert(QStringLiteral("missing"),
                QJsonArray::fromStringList(MissingSpecs::keys(e.missingForEnergy())));
    root.insert(QStringLiteral("memory"), memoryOf(e));
    root.insert(QStringLiteral("inference"), inferenceOf(e));
    if (e.serving)
        root.insert(QStringLiteral("serving"), serving(*e.serving));
    root.insert(QStringLiteral("training"), trainingOf(e));
    root.insert(QStringLiteral("cost"), costOf(e));

    QJsonObject verdicts;
    verdicts.insert(QStringLiteral("training"), verdict(e.trainingVerdict));
    verdicts.insert(QStringLiteral("inference"), verdict(e.inferenceVerdict));
    root.insert(QStringLiteral("verdict"), verdicts);
    root.insert(QStringLiteral("notes"), QJsonArray::fromStringList(e.notes));

    // The 80% range of each estimated number by its dotted path here, and why the others have none.
    QJsonObject ranges;
    for (auto it = e.ranges.cbegin(); it != e.ranges.cend(); ++it)
        ranges.insert(it.key(), QJsonArray{number(it->low), number(it->high)});
    root.insert(QStringLiteral("ranges"), ranges);
    QJsonObject unranged;
    for (auto it = e.unranged.cbegin(); it != e.unranged.cend(); ++it)
        unranged.insert(it.key(), it.value());
    root.insert(QStringLiteral("no_range"), unranged);

    root.insert(QStringLiteral("math"), mathOf(e));
    return root;
}

} // namespace EstimateJson
