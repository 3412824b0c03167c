#include "app/analysis/MathTerm.h"

#include "app/analysis/MathExpr.h"

#include <QCoreApplication>
#include <cmath>

namespace {

struct TermInfo
{
    MathTermId id;
    const char *key;
    const char *name; // English; translated in the "MathTerm" context
    const char *unit;
    bool unitIsWord; // translated in the "MathTerm" context; symbols ("GB", "ms") are not
};

// One row per term, in MathTermId order (checked by MathFormulaTest).
const TermInfo kTerms[] = {
    {MathTermId::PeakCompute, "peak_compute", QT_TRANSLATE_NOOP("MathTerm", "peak compute used"), "TFLOPS",
     false},
    {MathTermId::Parallelism, "parallelism", QT_TRANSLATE_NOOP("MathTerm", "parallelism"),
     QT_TRANSLATE_NOOP("MathTerm", "GPUs"), true},
    {MathTermId::BatchPerReplica, "batch_per_replica", QT_TRANSLATE_NOOP("MathTerm", "batch per replica"),
     QT_TRANSLATE_NOOP("MathTerm", "sequences"), true},
    {MathTermId::MicroBatchesPerStep, "micro_batches_per_step",
     QT_TRANSLATE_NOOP("MathTerm", "micro-batches per step"), QT_TRANSLATE_NOOP("MathTerm", "micro-batches"),
     true},
    {MathTermId::FewestGpus, "fewest_gpus", QT_TRANSLATE_NOOP("MathTerm", "fewest GPUs that fit"),
     QT_TRANSLATE_NOOP("MathTerm", "GPUs"), true},
    {MathTermId::LargestBatch, "largest_batch", QT_TRANSLATE_NOOP("MathTerm", "largest batch that fits"),
     QT_TRANSLATE_NOOP("MathTerm", "sequences"), true},
    {MathTermId::LongestContext, "longest_context",
     QT_TRANSLATE_NOOP("MathTerm", "longest context that fits"), QT_TRANSLATE_NOOP("MathTerm", "tokens"),
     true},
    {MathTermId::WeightsPerGpu, "weights_per_gpu", QT_TRANSLATE_NOOP("MathTerm", "weights per GPU"), "GB",
     false},
    {MathTermId::KvCachePerGpu, "kv_cache_per_gpu", QT_TRANSLATE_NOOP("MathTerm", "KV cache per GPU"), "GB",
     false},
    {MathTermId::KvCacheMlaPerGpu, "kv_cache_mla_per_gpu",
     QT_TRANSLATE_NOOP("MathTerm", "KV cache per GPU (MLA)"), "GB", false},
    {MathTermId::ActivationsInference, "activations_per_gpu",
     QT_TRANSLATE_NOOP("MathTerm", "activations per GPU (live buffers)"), "GB", false},
    {MathTermId::ActivationsRecomputeNone, "activations_per_gpu_recompute_none",
     QT_TRANSLATE_NOOP("MathTerm", "activations per GPU (training, recompute none)"), "GB", false},
    {MathTermId::ActivationsRecomputeSelective, "activations_per_gpu_recompute_selective",
     QT_TRANSLATE_NOOP("MathTerm", "activations per GPU (training, recompute selective)"), "GB", false},
    {MathTermId::ActivationsRecomputeFull, "activations_per_gpu_recompute_full",
     QT_TRANSLATE_NOOP("MathTerm", "activations per GPU (training, recompute full)"), "GB", false},
    {MathTermId::GradientsPerGpu, "gradients_per_gpu", QT_TRANSLATE_NOOP("MathTerm", "gradients per GPU"),
     "GB", false},
    {MathTermId::OptimizerStatePerGpu, "optimizer_state_per_gpu",
     QT_TRANSLATE_NOOP("MathTerm", "optimizer state per GPU"), "GB", false},
    {MathTermId::LoraAdaptersPerGpu, "lora_adapters_per_gpu",
     QT_TRANSLATE_NOOP("MathTerm", "LoRA adapters per GPU"), "GB", false},
    {MathTermId::FrameworkOverheadPerGpu, "framework_overhead_per_gpu",
     QT_TRANSLATE_NOOP("MathTerm", "framework overhead per GPU"), "GB", false},
    {MathTermId::MemoryPerGpu, "memory_per_gpu", QT_TRANSLATE_NOOP("MathTerm", "memory per GPU"), "GB",
     false},
    {MathTermId::ForwardTime, "forward_time", QT_TRANSLATE_NOOP("MathTerm", "forward time per batch"), "ms",
     false},
    {MathTermId::SamplesPerSecond, "samples_per_second",
     QT_TRANSLATE_NOOP("MathTerm", "samples per second (all GPUs)"),
     QT_TRANSLATE_NOOP("MathTerm", "samples/s"), true},
    {MathTermId::PrefillFlops, "prefill_flops_per_gpu",
     QT_TRANSLATE_NOOP("MathTerm", "prefill FLOPs per GPU"), "FLOP", false},
    {MathTermId::PrefillComputeTime, "prefill_compute_time",
     QT_TRANSLATE_NOOP("MathTerm", "prefill compute time"), "ms", false},
    {MathTermId::PrefillMemoryTime, "prefill_memory_time",
     QT_TRANSLATE_NOOP("MathTerm", "prefill memory time"), "ms", false},
    {MathTermId::PrefillTensorParallel, "prefill_tp_all_reduces",
     QT_TRANSLATE_NOOP("MathTerm", "prefill tensor-parallel all-reduces"), "ms", false},
    {MathTermId::PrefillPipelineTransfers, "prefill_pp_transfers",
     QT_TRANSLATE_NOOP("MathTerm", "prefill pipeline transfers"), "ms", false},
    {MathTermId::TimeToFirstToken, "time_to_first_token",
     QT_TRANSLATE_NOOP("MathTerm", "time to first token"), "ms", false},
    {MathTermId::PrefillTokensPerSecond, "prefill_tokens_per_second",
     QT_TRANSLATE_NOOP("MathTerm", "prefill tokens per second (all GPUs)"),
     QT_TRANSLATE_NOOP("MathTerm", "tokens/s"), true},
    {MathTermId::DecodeBytes, "decode_bytes_per_step",
     QT_TRANSLATE_NOOP("MathTerm", "decode bytes read per step per GPU"), "B", false},
    {MathTermId::DecodeMemoryTime, "decode_memory_time", QT_TRANSLATE_NOOP("MathTerm", "decode memory time"),
     "ms", false},
    {MathTermId::DecodeComputeTime, "decode_compute_time",
     QT_TRANSLATE_NOOP("MathTerm", "decode compute time"), "ms", false},
    {MathTermId::DecodeTensorParallel, "decode_tp_all_reduces",
     QT_TRANSLATE_NOOP("MathTerm", "decode tensor-parallel all-reduces per token"), "ms", false},
    {MathTermId::DecodePipelineTransfers, "decode_pp_transfers",
     QT_TRANSLATE_NOOP("MathTerm", "decode pipeline transfers per token"), "ms", false},
    {MathTermId::TimePerOutputToken, "time_per_output_token",
     QT_TRANSLATE_NOOP("MathTerm", "time per output token"), "ms", false},
    {MathTermId::DecodeTokensPerSecond, "decode_tokens_per_second",
     QT_TRANSLATE_NOOP("MathTerm", "decode tokens per second (all GPUs)"),
     QT_TRANSLATE_NOOP("MathTerm", "tokens/s"), true},
    {MathTermId::EndToEndThroughput, "throughput_tokens_per_second",
     QT_TRANSLATE_NOOP("MathTerm", "end-to-end throughput (all GPUs)"),
     QT_TRANSLATE_NOOP("MathTerm", "tokens/s"), true},
    {MathTermId::ServingMeanRequest, "serving_mean_request_tokens",
     QT_TRANSLATE_NOOP("MathTerm", "mean request under load (input + output)"),
     QT_TRANSLATE_NOOP("MathTerm", "tokens"), true},
    {MathTermId::ServingRequestOverhead, "serving_request_overhead",
     QT_TRANSLATE_NOOP("MathTerm", "time outside the GPU per request"), "ms", false},
    {MathTermId::ServingDecodeStep, "serving_decode_step",
     QT_TRANSLATE_NOOP("MathTerm", "engine step at the mean running batch"), "ms", false},
    {MathTermId::ServingTtftP90, "serving_ttft_p90", QT_TRANSLATE_NOOP("MathTerm", "TTFT p90 under load"),
     "ms", false},
    {MathTermId::ServingTpotP90, "serving_tpot_p90", QT_TRANSLATE_NOOP("MathTerm", "TPOT p90 under load"),
     "ms", false},
    {MathTermId::ServingOutputTokensPerSecond, "serving_output_tokens_per_second",
     QT_TRANSLATE_NOOP("MathTerm", "output tokens per second under load (all GPUs)"),
     QT_TRANSLATE_NOOP("MathTerm", "tokens/s"), true},
    {MathTermId::TrainingFlops, "training_flops_per_gpu",
     QT_TRANSLATE_NOOP("MathTerm", "training FLOPs per GPU per step"), "FLOP", false},
    {MathTermId::ComputeTimePerStep, "compute_time_per_step",
     QT_TRANSLATE_NOOP("MathTerm", "compute time per step (model FLOPs)"), "s", false},
    {MathTermId::OptimizerUpdate, "optimizer_update", QT_TRANSLATE_NOOP("MathTerm", "optimizer update"), "s",
     false},
    {MathTermId::PipelineBubble, "pipeline_bubble", QT_TRANSLATE_NOOP("MathTerm", "pipeline bubble per step"),
     "s", false},
    {MathTermId::TensorParallelAllReduces, "model_parallel_comm_per_step",
     QT_TRANSLATE_NOOP("MathTerm", "exposed tensor, context, expert and pipeline communication per step"),
     "s", false},
    {MathTermId::DataParallelAllReduce, "data_parallel_comm_per_step",
     QT_TRANSLATE_NOOP("MathTerm", "exposed data-parallel communication per step"), "s", false},
    {MathTermId::StepTime, "step_time", QT_TRANSLATE_NOOP("MathTerm", "step time"), "s", false},
    {MathTermId::TrainingTokensPerSecond, "training_tokens_per_second",
     QT_TRANSLATE_NOOP("MathTerm", "training tokens per second (all GPUs)"),
     QT_TRANSLATE_NOOP("MathTerm", "tokens/s"), true},
    {MathTermId::TrainingSamplesPerSecond, "training_samples_per_second",
     QT_TRANSLATE_NOOP("MathTerm", "training samples per second (all GPUs)"),
     QT_TRANSLATE_NOOP("MathTerm", "samples/s"), true},
    {MathTermId::Mfu, "mfu", QT_TRANSLATE_NOOP("MathTerm", "MFU"),
     QT_TRANSLATE_NOOP("MathTerm", "fraction of peak"), true},
    {MathTermId::Hfu, "hfu", QT_TRANSLATE_NOOP("MathTerm", "HFU"),
     QT_TRANSLATE_NOOP("MathTerm", "fraction of peak"), true},
    {MathTermId::RecomputeTimePerStep, "recompute_time_per_step",
     QT_TRANSLATE_NOOP("MathTerm", "recomputation time per step"), "s", false},
    {MathTermId::BudgetHours, "budget_hours", QT_TRANSLATE_NOOP("MathTerm", "time for the token budget"), "h",
     false},
    {MathTermId::BudgetGpuHours, "budget_gpu_hours",
     QT_TRANSLATE_NOOP("MathTerm", "GPU-hours for the token budget"), "GPU-h", false},
    {MathTermId::RentalPerMillionTokens, "usd_per_million_tokens",
     QT_TRANSLATE_NOOP("MathTerm", "GPU cost per million tokens"), "USD", false},
    {MathTermId::RentalForBudget, "usd_for_budget",
     QT_TRANSLATE_NOOP("MathTerm", "GPU cost for the token budget"), "USD", false},
    {MathTermId::Power, "power_w", QT_TRANSLATE_NOOP("MathTerm", "power (all GPUs)"), "W", false},
    {MathTermId::EnergyPerToken, "joules_per_token", QT_TRANSLATE_NOOP("MathTerm", "energy per token"), "J",
     false},
    {MathTermId::ElectricityPerMillionTokens, "electricity_usd_per_million_tokens",
     QT_TRANSLATE_NOOP("MathTerm", "electricity per million tokens"), "USD", false},
    {MathTermId::OwnedPerGpuHour, "owned_usd_per_gpu_hour",
     QT_TRANSLATE_NOOP("MathTerm", "owned cost per GPU-hour"), "USD", false},
};

const TermInfo &info(MathTermId id)
{
    return kTerms[static_cast<int>(id)];
}

} // namespace

namespace MathTerms {

const QVector<MathTermId> &all()
{
    static const QVector<MathTermId> ids = [] {
        QVector<MathTermId> result;
        for (const TermInfo &term : kTerms)
            result << term.id;
        return result;
    }();
    return ids;
}

QString key(MathTermId id)
{
    return QString::fromLatin1(info(id).key);
}

QString name(MathTermId id)
{
    return QString::fromLatin1(info(id).name);
}

QString displayName(MathTermId id)
{
    return QCoreApplication::translate("MathTerm", info(id).name);
}

QString unit(MathTermId id)
{
    const TermInfo &term = info(id);
    return term.unitIsWord ? QCoreApplication::translate("MathTerm", term.unit)
                           : QString::fromLatin1(term.unit);
}

} // namespace MathTerms

void MathLog::add(MathTermId id, const MathExpr &expression)
{
    const double value = expression.value();
    m_terms.append(MathTerm{id, MathTerms::name(id), expression.formula(), expression.substituted(),
                            std::isfinite(value) ? value : 0.0, MathTerms::unit(id), QString()});
}

QString MathLog::number(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("n/a");
    // Most inputs are small integers (layers, batch, tp): the same text, without the double formatter.
    if (std::fabs(value) < 1e6 && value == std::trunc(value))
        return QString::number(static_cast<qint64>(value));
    // 'g' switches to e-notation from 1e6 and below 1e-4; "1.23457e+09" -> "1.23457e9", "1e-05" -> "1e-5":
    // shorter, and still read by any parser.
    const QString text = QString::number(value, 'g', 6);
    const qsizetype e = text.indexOf(u'e');
    if (e < 0)
        return text;
    qsizetype digits = e + 1;
    const bool negative = text.at(digits) == u'-';
    if (negative || text.at(digits) == u'+')
        ++digits;
    while (digits < text.size() - 1 && text.at(digits) == u'0')
        ++digits;
    return text.left(e + 1) + (negative ? QStringLiteral("-") : QString()) + text.mid(digits);
}
