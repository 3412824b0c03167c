#pragma once

#include "app/analysis/BenchmarkHarness.h"
#include "app/analysis/CostBasis.h"
#include "app/analysis/Precision.h"
#include "app/analysis/RequestMix.h"
#include "db/ModelSpec.h"

#include <QString>
#include <QStringList>
#include <optional>

// What the user wants to run. Plain data: the estimator reads it, never changes it.
enum class Task
{
    Inference, // serve the model: prefill the prompt, then decode output tokens
    Training,  // full training or full fine-tuning, mixed-precision Adam
    Lora,      // LoRA fine-tuning: frozen base weights, trainable low-rank adapters
    Qlora,     // LoRA over a 4-bit quantised base model
};

enum class Recompute
{
    None,      // keep every activation for the backward pass
    Selective, // recompute the attention scores only (Korthikanti et al. 2022)
    Full,      // keep each layer's input only, recompute the layer in the backward pass
};

enum class Optimizer
{
    Adam,     // fp32 master weights + two fp32 moments: 12 bytes per trained parameter
    Adam8bit, // fp32 master weights + two 8-bit moments: 6 bytes per trained parameter
};

// Training, mixture-of-experts models: how tokens reach their experts.
enum class MoeRouting
{
    Dropless, // the router's own choice, every token kept (Megatron-Core's default): the busiest expert GPU
              // sets the pace
    Balanced, // forced load balance (Megatron's --moe-router-force-load-balancing, AutoModel's fake balanced
              // gate): every expert gets its even share, the upper bound benchmarks quote
};

// Training in FP8: how the tensors are scaled into 8 bits (Megatron-LM's --fp8-recipe). Each costs its own
// extra passes over the matmuls' inputs (TrainingModel).
enum class Fp8Recipe
{
    Auto,       // what Megatron-Bridge runs on the GPU: MXFP8 on Blackwell, tensorwise elsewhere
    Tensorwise, // current scaling: one scale per tensor from this step's amax (an extra pass to find it)
    Delayed,    // one scale per tensor from earlier steps' amax history (fused with the cast)
    Mxfp8,      // one 8-bit scale per 32 values, in the tensor cores (Blackwell only)
    Blockwise,  // DeepSeek-V3's 1x128 activation and 128x128 weight blocks, scaled outside the tensor cores
    Nvfp4,      // Transformer Engine's NVFP4BlockScaling: the matmuls in NVFP4 (sm_100 and sm_103 only)
};

namespace Tasks {
QString name(Task task); // "inference", "training", "lora", "qlora"
std::optional<Task> parse(const QString &name);
QStringList allNames();
inline bool isTraining(Task task)
{
    return task != Task::Inference;
}
} // namespace Tasks

namespace Recomputes {
QString name(Recompute recompute); // "none", "selective", "full"
std::optional<Recompute> parse(const QString &name);
QStringList allNames();
} // namespace Recomputes

namespace Optimizers {
QString name(Optimizer optimizer); // "adam", "adam8bit"
std::optional<Optimizer> parse(const QString &name);
QStringList allNames();
} // namespace Optimizers

namespace MoeRoutings {
QString name(MoeRouting routing); // "dropless", "balanced"
std::optional<MoeRouting> parse(const QString &name);
QStringList allNames();
} // namespace MoeRoutings

namespace Fp8Recipes {
QString name(Fp8Recipe recipe); // "auto", "tensorwise", "delayed", "mxfp8", "blockwise", "nvfp4"
std::optional<Fp8Recipe> parse(const QString &name);
QStringList allNames();
} // namespace Fp8Recipes

// Disaggregated serving (issue 57): prefill and decode in pools of their own workers (NVIDIA Dynamo, llm-d,
// SGLang's PD disaggregation), G GPUs a worker. The decode workers take the workload's tp and ep.
struct Disaggregation
{
    int prefillWorkers = 1;
    int prefillGpus = 1;
    int prefillTensorParallel = 1;
    int prefillExpertParallel = 1;
    int decodeWorkers = 1;
    int decodeGpus = 1;
    int prefillPoolGpus() const { return prefillWorkers * prefillGpus; }
    int decodePoolGpus() const { return decodeWorkers * decodeGpus; }
    bool operator==(const Disaggregation &) const = default;
};

// Speculative decoding (issue 57): what drafts the tokens the model verifies.
enum class SpeculativeMethod
{
    None,
    Mtp,    // the model's own multi-token-prediction module (DeepSeek-V3/R1's MTP, vLLM's deepseek_mtp)
    Eagle3, // an EAGLE-3 head trained for the model
    Ngram   // n-gram lookup in the prompt (vLLM's ngram, SGLang's NGRAM): no draft model
};

namespace SpeculativeMethods {
QString name(SpeculativeMethod method); // "none", "mtp", "eagle3", "ngram"
std::optional<SpeculativeMethod> parse(const QString &text);
QStringList allNames();
} // namespace SpeculativeMethods

struct Speculation
{
    SpeculativeMethod method = SpeculativeMethod::None;
    int draftTokens = 0;         // K tokens drafted a step
    double acceptanceRate = 0.0; // a drafted token's chance of acceptance once those before it were
    bool operator==(const Speculation &) const = default;
};

// Inference under load: the traffic a serving engine sees and its scheduler's limits, simulated step by step
// (ServingSimulator). Absent from a Workload: the static-batch estimate alone.
struct ServingTraffic
{
    int concurrency = 0;      // closed loop: users, each sending its next request when the last one ends
    double requestRate = 0.0; // open loop: Poisson arrivals, requests per second (when concurrency is 0)
    int numRequests = 0;      // requests simulated; 0 = enough for stable percentiles (ServingSimulator)
    quint32 seed = 1;         // arrival times (open loop); same seed, same result
    int maxNumSeqs = 0;       // engine: the most sequences running at once per replica; 0 = the profile's
    int maxBatchedTokens = 0; // engine: the most tokens one step processes (chunked prefill); 0 = profile's
    std::optional<double> ttftP90TargetMs; // service-level objectives, optional
    std::optional<double> tpotP90TargetMs;
    // The requests' lengths (RequestMix): fixed (the workload's input and output tokens), random around
    // them, the bundled ShareGPT table or a user's file (then also its arrival times, when it has them).
    LengthDataset dataset = LengthDataset::Fixed;
    double randomRangeRatio = 0.0;
    std::shared_ptr<const LengthTable> lengthTable; // sharegpt, file
    double burstiness = 1.0; // open loop: gamma shape of the gaps between arrivals (1: Poisson)
    int warmupRequests = 0;  // sent first, left out of the figures
    BenchmarkHarness harness = BenchmarkHarness::VllmBench; // which requests the figures count

    bool hasTargets() const { return ttftP90TargetMs || tpotP90TargetMs; }
    // No users and no rate, a file with arrival times: the trace is replayed as it was recorded.
    bool replaysTrace() const
    {
        return concurrency == 0 && !(requestRate > 0.0) && dataset == LengthDataset::File && lengthTable &&
               lengthTable->hasArrivals;
    }
    bool operator==(const ServingTraffic &other) const
    {
        const auto sameTable = [&] {
            return lengthTable == other.lengthTable ||
                   (lengthTable && other.lengthTable && *lengthTable == *other.lengthTable);
        };
        return concurrency == other.concurrency && requestRate == other.requestRate &&
               numRequests == other.numRequests && seed == other.seed && maxNumSeqs == other.maxNumSeqs &&
               maxBatchedTokens == other.maxBatchedTokens && ttftP90TargetMs == other.ttftP90TargetMs &&
               tpotP90TargetMs == other.tpotP90TargetMs && dataset == other.dataset &&
               randomRangeRatio == other.randomRangeRatio && sameTable() && burstiness == other.burstiness &&
               warmupRequests == other.warmupRequests && harness == other.harness;
    }
};

// The member initialisers serve code that builds a Workload by hand (tests, calibration); what a user gets
// for a value they leave out is decided in one place, WorkloadResolver.
struct Workload
{
    ModelSpec model;
    Task task = Task::Inference;

    Precision weightPrecision = Precision::Bf16;     // stored weights (QLoRA: the frozen base)
    Precision activationPrecision = Precision::Bf16; // the math: selects the tensor-core rate
    Precision kvPrecision = Precision::Bf16;         // KV cache elements

    // Inference: requests in flight on the whole deployment, split evenly over its replicas (0 = as many
    // as fit on each replica, capped by the profile's max_batch). Training: the global batch, sequences per
    // optimizer step over all data-parallel replicas, run in micro-batches with gradient accumulation.
    int batch = 1;
    int microBatch = 1;        // training: sequences per replica per forward/backward pass
    int inputTokens = 512;     // prompt length (inference)
    int outputTokens = 256;    // generated tokens (inference)
    int sequenceLength = 2048; // tokens per training sequence

    // GPUs of the one kind being estimated. tensorParallel/pipelineParallel 0 = chosen automatically
    // (the fewest GPUs that hold the model, tensor-parallel over NVLink, pipeline otherwise);
    // data parallel = gpuCount / (tp x pp).
    int gpuCount = 1;
    int tensorParallel = 0;
    int pipelineParallel = 0;
    int contextParallel = 1;    // training: each sequence split over cp GPUs (ring attention)
    int expertParallel = 1;     // training, MoE models: experts split over ep of the data-parallel GPUs
    int virtualStages = 1;      // training: interleaved pipeline, model chunks per pipeline stage
    int gpusPerNode = 0;        // GPUs sharing the intra-node fabric; 0 = the catalogue's value for each GPU
    double networkGbps = 400.0; // inter-node network per GPU, Gb/s each way; 0 = one node only
    int zeroStage = 0; // 0-3: ZeRO shards optimizer (1), + gradients (2), + weights (3) over data parallel
    Recompute recompute = Recompute::None;
    // Training: the recipe values the user left to the estimator. The estimate searches them with the
    // automatic tp and pp (TrainingRecipe) and keeps the fastest layout that fits, as practitioners tune a
    // run; zeroStage, microBatch and recompute above are then where the search starts.
    struct Automatic
    {
        bool zeroStage = false;
        bool microBatch = false;
        bool recompute = false;
        bool expertParallel = false; // a model with experts: ep 1, 8, 16, 32, 64 searched
        // Interleaving (vpp) of a pipeline the search lays out (tp and pp automatic): not a search of its
        // own.
        bool virtualStages = false;
        bool any() const { return zeroStage || microBatch || recompute || expertParallel; }
    } automatic;
    // Training, uneven pipelines: layers of the first and of the last pipeline stage (Megatron's
    // --decoder-first/last-pipeline-num-layers); 0 = the even share.
    int pipelineFirstLayers = 0;
    int pipelineLastLayers = 0;
    // Training, mixture-of-experts models: how tokens reach their experts.
    MoeRouting moeRouting = MoeRouting::Dropless;
    // Training: multi-token-prediction modules trained beside the model (Megatron's --mtp-num-layers; the
    // resolver starts from the model's num_nextn_predict_layers).
    int mtpLayers = 0;
    Fp8Recipe fp8Recipe = Fp8Recipe::Auto; // training at FP8: how tensors are scaled
    // Training at FP8 or NVFP4: transformer blocks kept in BF16 (Megatron's --first-last-layers-bf16).
    int bf16Layers = 0;
    bool flashAttention = true; // attention scores are never stored (FlashAttention / fused SDPA kernels)
    Optimizer optimizer = Optimizer::Adam;
    int loraRank = 16;

    std::optional<double> usdPerGpuHour; // overrides the catalogue's default price for every GPU
    double usdPerKwh = 0.15;
    // Power as a fraction of TDP, as the user set it; absent: from how busy the estimate keeps the GPU
    // (CostModel::powerFraction).
    std::optional<double> utilisation;
    double ownYears = 4.0;  // an owned card's purchase is spread over these years (WorkloadDefaults)
    bool ownsCards = false; // the user said so (ownYears given): owned cost even where a rental price exists
    // One basis for every GPU of a comparison (CostModel::comparisonBasis, set by Estimator::estimateAll);
    // unset, a lone estimate takes its GPU's own (CostModel::run).
    std::optional<CostBasis> priceBasis;
    double trainTokens = 1e9; // token budget for GPU-hours and days (training)

    std::optional<ServingTraffic> traffic; // inference under load; absent: static batch only
    // Under load: prefill and decode pools of their own (then gpuCount is the decode pool's GPUs and
    // tensorParallel / expertParallel its workers'), and speculative decoding.
    std::optional<Disaggregation> disaggregation;
    Speculation speculation;
};
