#include "app/analysis/WorkloadField.h"

#include "app/analysis/WorkloadDefaults.h"

#include <QCoreApplication>

namespace {

using namespace WorkloadDefaults;

constexpr int kMaxWorkers = 4096;   // of one pool of a disaggregated deployment
constexpr int kMaxDraftTokens = 16; // speculative decoding: tokens drafted a step

// The field table. Its order is --help's.
const QVector<WorkloadFieldSpec> &table()
{
    using F = WorkloadField;
    using R = WorkloadRequest;
    // One row a field: key, option, JSON key, member, --help value name, range, --help sentence.
    // clang-format off
    static const QVector<WorkloadFieldSpec> rows{
        {F::Model, u"model", u"model", u"model", &R::modelId, u"MODEL", {},
         "The model, a preset id (`gpucompare models` lists them)."},
        {F::Task, u"task", u"task", u"task", &R::task, u"TASK", {},
         "What to run: %1."},
        {F::WeightPrecision, u"weightPrecision", u"precision", u"precision", &R::weightPrecision, u"P", {},
         "Precision of the stored weights (QLoRA: of the frozen base): %1."},
        {F::ActivationPrecision, u"activationPrecision", u"activation-precision", u"activation_precision", &R::activationPrecision, u"P", {},
         "Precision of the math; it selects the tensor-core rate."},
        {F::KvPrecision, u"kvPrecision", u"kv-precision", u"kv_precision", &R::kvPrecision, u"P", {},
         "Inference: precision of the KV cache."},
        {F::Batch, u"batch", u"batch", u"batch", &R::batch, u"N|max", {1, kMaxBatch},
         "Inference: requests in flight on the whole deployment, split over its replicas (max = as "
         "many as fit). Training: the global batch, sequences per optimizer step over all replicas."},
        {F::GlobalBatch, u"globalBatch", u"global-batch", u"global_batch", &R::globalBatch, u"N", {1, kMaxBatch},
         "Training: the global batch, sequences per optimizer step over all data-parallel "
         "replicas (the same as --batch)."},
        {F::MicroBatch, u"microBatch", u"micro-batch", u"micro_batch", &R::microBatch, u"N", {},
         "Training: sequences per replica per forward and backward pass; the rest of the global batch "
         "is gradient accumulation."},
        {F::InputTokens, u"inputTokens", u"input-tokens", u"input_tokens", &R::inputTokens, u"N", {0, kMaxTokens},
         "Inference: prompt tokens per request."},
        {F::OutputTokens, u"outputTokens", u"output-tokens", u"output_tokens", &R::outputTokens, u"N", {0, kMaxTokens},
         "Inference: generated tokens per request."},
        {F::SequenceLength, u"sequenceLength", u"seq-len", u"seq_len", &R::sequenceLength, u"N", {1, kMaxTokens},
         "Training: tokens per sequence."},
        {F::Gpus, u"gpus", u"gpus", u"gpus", &R::gpus, u"N", {1, kMaxGpus},
         "GPUs of each kind."},
        {F::TensorParallel, u"tensorParallel", u"tp", u"tp", &R::tensorParallel, u"N", {0, kMaxGpus},
         "Tensor-parallel degree; 0 = chosen by the estimator."},
        {F::PipelineParallel, u"pipelineParallel", u"pp", u"pp", &R::pipelineParallel, u"N", {0, kMaxGpus},
         "Pipeline-parallel stages; 0 = chosen by the estimator."},
        {F::ContextParallel, u"contextParallel", u"cp", u"cp", &R::contextParallel, u"N", {1, kMaxContextOrExpertParallel},
         "Training: GPUs each sequence is split over (context parallelism, ring attention)."},
        {F::ExpertParallel, u"expertParallel", u"ep", u"ep", &R::expertParallel, u"N", {1, kMaxContextOrExpertParallel},
         "Mixture-of-experts models: GPUs the experts are split over. Training: within the "
         "data-parallel ones. Inference: each expert whole on one of ep GPUs, a multiple of --tp: "
         "ep / tp attention replicas share them (vLLM --enable-expert-parallel, SGLang --ep with "
         "--enable-dp-attention)."},
        {F::VirtualStages, u"virtualStages", u"vpp", u"vpp", &R::virtualStages, u"N", {1, kMaxVirtualStages},
         "Training: model chunks per pipeline stage (interleaved schedule; needs --pp 2 or more)."},
        {F::System, u"system", u"system", u"system", &R::systemId, u"SYSTEM", {},
         "A system of the catalogue (`gpucompare list --systems`): its GPU (--gpu may be left out), "
         "GPUs per node, network per GPU (NICs x speed over its GPUs) and scale-up link are the "
         "defaults; --gpus-per-node and --network-gbps override them."},
        {F::GpusPerNode, u"gpusPerNode", u"gpus-per-node", u"gpus_per_node", &R::gpusPerNode, u"N", {1, kMaxGpusPerNode},
         "GPUs per node sharing NVLink or PCIe (the scale-up domain: 8 on HGX, 72 on an NVL72 rack): "
         "training's layout and serving's tp and ep groups beyond it cross the network."},
        {F::NetworkGbps, u"networkGbps", u"network-gbps", u"network_gbps", &R::networkGbps, u"X", {0, kMaxNetworkGbps},
         "Network between nodes, Gb/s per GPU (400 InfiniBand NDR, 200 HDR, 100 "
         "Ethernet; 0 = one node only), for training and for serving's groups beyond a node."},
        {F::ZeroStage, u"zeroStage", u"zero", u"zero", &R::zeroStage, u"0-3", {},
         "Training: ZeRO stage over the data-parallel replicas (1 shards the optimizer state, 2 also "
         "the gradients, 3 also the weights)."},
        {F::Recompute, u"recompute", u"recompute", u"recompute", &R::recompute, nullptr, {},
         "Training: activation recomputation."},
        {F::Optimizer, u"optimizer", u"optimizer", u"optimizer", &R::optimizer, nullptr, {},
         "Training: the optimizer."},
        {F::LoraRank, u"loraRank", u"lora-rank", u"lora_rank", &R::loraRank, u"N", {1, kMaxLoraRank},
         "LoRA and QLoRA: the adapters' rank."},
        {F::Profile, u"profile", u"profile", u"profile", &R::profileId, u"ID", {},
         "The efficiency profile (`gpucompare profiles` lists them)."},
        {F::UsdPerGpuHour, u"usdPerGpuHour", u"usd-per-gpu-hour", u"usd_per_gpu_hour", &R::usdPerGpuHour, u"X", {0, kMaxUsdPerGpuHour},
         "Rental price of every GPU, USD per GPU-hour."},
        {F::UsdPerKwh, u"usdPerKwh", u"usd-per-kwh", u"usd_per_kwh", &R::usdPerKwh, u"X", {0, kMaxUsdPerKwh},
         "Electricity price, USD per kWh."},
        {F::Utilisation, u"utilisation", u"utilisation", u"utilisation", &R::utilisation, u"X", {0, 1},
         "Power draw as a fraction of TDP (above 0, up to 1), instead of the estimate's: idle-floor "
         "power plus the rest of the way to the busy draw by how busy the GPU is."},
        {F::OwnYears, u"ownYears", u"own-years", u"own_years", &R::ownYears, u"YEARS", {0, kMaxOwnYears},
         "You own the cards: every GPU with a launch price is costed at that price spread over "
         "YEARS of round-the-clock use, plus electricity at the estimated power (without it, only a "
         "GPU with no rental price is, over the default years)."},
        {F::TrainTokens, u"trainTokens", u"train-tokens", u"train_tokens", &R::trainTokens, u"N", {},
         "Training: the token budget for GPU-hours and days, in tokens (1e12, 300B or 2T)."},
        {F::Concurrency, u"concurrency", u"concurrency", u"concurrency", &R::concurrency, u"N", {1, kMaxConcurrency},
         "Inference under load: concurrent users on the whole deployment, all starting together "
         "and each sending its next request when the last one ends (a closed loop, as vllm bench "
         "serve --max-concurrency and AIPerf's concurrency mode; simulated step by step). With "
         "--num-requests equal to it, one static batch."},
        {F::RequestRate, u"requestRate", u"request-rate", u"request_rate", &R::requestRate, u"X", {0, kMaxRequestRate},
         "Inference under load: requests per second arriving at random (see --burstiness), "
         "instead of --concurrency."},
        {F::NumRequests, u"numRequests", u"num-requests", u"num_requests", &R::numRequests, u"N", {1, kMaxRequests},
         "Inference under load: requests simulated, every one counted."},
        {F::Seed, u"seed", u"seed", u"seed", &R::seed, u"N", {0},
         "Inference under load: seed of the random arrival times and lengths."},
        {F::MaxNumSeqs, u"maxNumSeqs", u"max-num-seqs", u"max_num_seqs", &R::maxNumSeqs, u"N", {1, kMaxRequests},
         "Inference under load: the engine's most running sequences per replica."},
        {F::MaxBatchedTokens, u"maxBatchedTokens", u"max-batched-tokens", u"max_batched_tokens", &R::maxBatchedTokens, u"N", {1, kMaxTokens},
         "Inference under load: the engine's most tokens per step (chunked prefill)."},
        {F::TtftP90, u"ttftP90Ms", u"ttft-p90-ms", u"ttft_p90_ms", &R::ttftP90Ms, u"MS", {0, kMaxLatencyMs},
         "Inference under load: target p90 time to first token, ms; the result says whether it "
         "is met and the most users that meet it."},
        {F::TpotP90, u"tpotP90Ms", u"tpot-p90-ms", u"tpot_p90_ms", &R::tpotP90Ms, u"MS", {0, kMaxLatencyMs},
         "Inference under load: target p90 time per output token, ms."},
        {F::Dataset, u"dataset", u"dataset", u"dataset", &R::dataset, u"fixed|random|sharegpt|FILE", {},
         "Inference under load: the requests' lengths, as vllm bench serve's --dataset-name: "
         "fixed (--input-tokens and --output-tokens), random (uniform around them, see "
         "--random-range-ratio), sharegpt (the bundled ShareGPT table of token counts) or a CSV "
         "or JSONL FILE of input_tokens, output_tokens and optionally arrival_s (a trace, "
         "replayed when no users or rate are given)."},
        {F::RandomRangeRatio, u"randomRangeRatio", u"random-range-ratio", u"random_range_ratio", &R::randomRangeRatio, u"X", {0, 1},
         "Inference under load, --dataset random: lengths uniform in L x [1 - R, 1 + R]."},
        {F::Burstiness, u"burstiness", u"burstiness", u"burstiness", &R::burstiness, u"X", {0, kMaxBurstiness},
         "Inference under load, --request-rate: the gamma shape of the gaps between arrivals, "
         "as vllm's --burstiness (1 Poisson, below 1 burstier, above 1 steadier)."},
        {F::Harness, u"harness", u"harness", u"harness", &R::harness, u"vllm-bench|genai-perf|aiperf", {},
         "Inference under load: the benchmark client the figures are counted as. vllm-bench (vllm bench "
         "serve, InferenceX) counts every request from a cold start; genai-perf measures once the requests "
         "in flight are steady (no first round, no drain); aiperf leaves out its --warmup-request-count."},
        {F::WarmupRequests, u"warmupRequests", u"warmup-requests", u"warmup_requests", &R::warmupRequests, u"N", {0, kMaxRequests},
         "Inference under load: requests sent first and left out of the figures."},
        {F::PrefillWorkers, u"prefillWorkers", u"prefill-workers", u"prefill_workers", &R::prefillWorkers, u"N", {1, kMaxWorkers},
         "Disaggregated serving (NVIDIA Dynamo, llm-d, SGLang's PD disaggregation), with --prefill-gpus, "
         "--decode-workers and --decode-gpus: workers that prefill the prompts; each request's KV cache then "
         "moves to a decode worker (NVLink inside a scale-up domain, the network across)."},
        {F::PrefillGpus, u"prefillGpus", u"prefill-gpus", u"prefill_gpus", &R::prefillGpus, u"G", {1, kMaxGpus},
         "Disaggregated serving: GPUs of one prefill worker."},
        {F::PrefillTensorParallel, u"prefillTensorParallel", u"prefill-tp", u"prefill_tp", &R::prefillTensorParallel, u"T", {1, kMaxGpus},
         "Disaggregated serving: tensor-parallel degree of a prefill worker; below its GPUs the worker runs "
         "G / T attention replicas (data-parallel attention). Default: its GPUs."},
        {F::PrefillExpertParallel, u"prefillExpertParallel", u"prefill-ep", u"prefill_ep", &R::prefillExpertParallel, u"E", {1, kMaxContextOrExpertParallel},
         "Disaggregated serving, mixture-of-experts models: GPUs a prefill worker splits its experts over, a "
         "multiple of --prefill-tp. Default: 1."},
        {F::DecodeWorkers, u"decodeWorkers", u"decode-workers", u"decode_workers", &R::decodeWorkers, u"M", {1, kMaxWorkers},
         "Disaggregated serving: workers that decode; they take --tp and --ep (default tp: their GPUs)."},
        {F::DecodeGpus, u"decodeGpus", u"decode-gpus", u"decode_gpus", &R::decodeGpus, u"G", {1, kMaxGpus},
         "Disaggregated serving: GPUs of one decode worker."},
        {F::Speculative, u"speculative", u"speculative", u"speculative", &R::speculative, u"none|mtp|eagle3|ngram", {},
         "Inference under load: speculative decoding. mtp drafts with the model's own multi-token-prediction "
         "module (DeepSeek-V3/R1), eagle3 with an EAGLE-3 head, ngram by looking the next tokens up in the "
         "prompt (no draft model); the model verifies the drafts in its next step."},
        {F::DraftTokens, u"draftTokens", u"draft-tokens", u"draft_tokens", &R::draftTokens, u"K", {1, kMaxDraftTokens},
         "Speculative decoding: tokens drafted a step (vLLM num_speculative_tokens, SGLang "
         "--speculative-num-steps)."},
        {F::AcceptanceRate, u"acceptanceRate", u"acceptance-rate", u"acceptance_rate", &R::acceptanceRate, u"R", {0, 1},
         "Speculative decoding: the chance that a drafted token is accepted once those before it were "
         "(vLLM's draft acceptance rate)."},
        {F::PipelineFirstLayers, u"pipelineFirstLayers", u"pp-first-layers", u"pp_first_layers", &R::pipelineFirstLayers, u"N", {},
         "Training: layers of the first pipeline stage (Megatron's "
         "--decoder-first-pipeline-num-layers); the other stages share the rest."},
        {F::PipelineLastLayers, u"pipelineLastLayers", u"pp-last-layers", u"pp_last_layers", &R::pipelineLastLayers, u"N", {},
         "Training: layers of the last pipeline stage (Megatron's --decoder-last-pipeline-num-layers)."},
        {F::MoeRouting, u"moeRouting", u"moe-routing", u"moe_routing", &R::moeRouting, nullptr, {},
         "Training, mixture-of-experts models: %1. Dropless keeps the router's choice, so the busiest "
         "expert GPU sets the pace (Megatron-Core's default); balanced forces every expert its even share "
         "(--moe-router-force-load-balancing, the upper bound benchmarks quote)."},
        {F::MtpLayers, u"mtpLayers", u"mtp-layers", u"mtp_layers", &R::mtpLayers, u"N", {0, kMaxMtpLayers},
         "Training: multi-token-prediction modules trained beside the model (Megatron's "
         "--mtp-num-layers); default: the model's num_nextn_predict_layers (DeepSeek-V3: 1)."},
        {F::Fp8Recipe, u"fp8Recipe", u"fp8-recipe", u"fp8_recipe", &R::fp8Recipe, nullptr, {},
         "Training at fp8: how tensors are scaled (Megatron-LM's --fp8-recipe; Megatron-Bridge's fp8_cs, "
         "fp8_ds, fp8_mx and fp8_sc are taken too): %1. Auto is mxfp8 on B200, B300, GB200 and GB300, "
         "tensorwise on other GPUs. nvfp4 runs the matmuls in NVFP4 (as --precision nvfp4 does for "
         "training): Transformer Engine's NVFP4BlockScaling, on B200, B300, GB200 and GB300 only."},
        {F::Bf16Layers, u"bf16Layers", u"bf16-layers", u"bf16_layers", &R::bf16Layers, u"N", {0, kMaxBf16Layers},
         "Training at fp8, mxfp8 or nvfp4: transformer blocks kept in BF16, their matmuls at the 16-bit rate "
         "(Megatron's --first-last-layers-bf16 with --num-layers-at-start-in-bf16 and "
         "--num-layers-at-end-in-bf16 adding up to N; Nemotron 3 Super's NVFP4 recipe keeps 14)."},
    };
    // clang-format on
    return rows;
}

// The names an enumeration field allows; empty for the others.
QStringList choices(const WorkloadFieldSpec &row)
{
    return std::visit(
        [](auto member) {
            using T = typename WorkloadFields::MemberType<decltype(member)>::type;
            if constexpr (std::is_enum_v<T>)
                return WorkloadFields::namesOf<T>();
            else
                return QStringList();
        },
        row.member);
}

} // namespace

namespace WorkloadFields {

const QVector<WorkloadFieldSpec> &all()
{
    return table();
}

const WorkloadFieldSpec &spec(WorkloadField field)
{
    for (const WorkloadFieldSpec &row : table())
        if (row.field == field)
            return row;
    return table().front(); // not reached: every field has its row (WorkloadFieldTest)
}

QString key(WorkloadField field)
{
    return QString::fromUtf16(spec(field).key);
}

std::optional<WorkloadField> fromKey(const QString &key)
{
    for (const WorkloadFieldSpec &row : table())
        if (key == QString::fromUtf16(row.key))
            return row.field;
    return std::nullopt;
}

QString option(WorkloadField field)
{
    return QString::fromUtf16(spec(field).option);
}

QString jsonKey(WorkloadField field)
{
    return QString::fromUtf16(spec(field).jsonKey);
}

QString valueName(WorkloadField field)
{
    const WorkloadFieldSpec &row = spec(field);
    return row.valueName ? QString::fromUtf16(row.valueName) : choices(row).join(u'|');
}

QString help(WorkloadField field)
{
    const WorkloadFieldSpec &row = spec(field);
    const QString text = QCoreApplication::translate("cli", row.help);
    return text.contains(QLatin1String("%1")) ? text.arg(choices(row).join(QStringLiteral(", "))) : text;
}

const WorkloadRange &range(WorkloadField field)
{
    return spec(field).range;
}

} // namespace WorkloadFields
