#pragma once

#include "app/analysis/CostBasis.h"
#include "app/analysis/MathTerm.h"
#include "app/analysis/ValueRange.h"
#include "app/analysis/VerdictLevel.h"
#include "app/analysis/Workload.h"
#include "db/GpuField.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// Memory needed on each GPU, in GB (1e9 bytes).
struct MemoryBreakdown
{
    double weightsGb = 0.0;
    double kvCacheGb = 0.0;
    double activationsGb = 0.0;
    double gradientsGb = 0.0;
    double optimizerGb = 0.0;
    double adaptersGb = 0.0;       // LoRA weights, their gradients and optimizer state
    double overheadGb = 0.0;       // framework: CUDA context, workspace, allocator slack
    double recurrentStateGb = 0.0; // hybrid models: the Mamba-2 / Gated DeltaNet state of the sequences

    double totalGb() const
    {
        // In the order of the shown sum (MemoryModel), so the two agree to the last bit.
        return weightsGb + kvCacheGb + recurrentStateGb + activationsGb + gradientsGb + optimizerGb +
               adaptersGb + overheadGb;
    }
};

// How the GPUs are split. gpus = tp x pp x dp.
struct Parallelism
{
    int gpus = 1;
    int tensor = 1;
    int pipeline = 1;
    int data = 1;          // replicas: gpus / (tensor x pipeline x context)
    int context = 1;       // training: GPUs one sequence is split over
    int expert = 1;        // training, MoE: GPUs the experts are split over (within the data-parallel ones)
    int virtualStages = 1; // training: model chunks per pipeline stage (interleaved 1F1B)
};

struct InferenceResult
{
    int requestsInFlight = 1;          // on the whole deployment (the workload's batch, or as many as fit)
    int replicas = 1;                  // data-parallel copies of the model serving them
    int batch = 1;                     // sequences on each replica: ceil(requests / replicas)
    double ttftMs = 0.0;               // prefill of one replica's prompts
    double tpotMs = 0.0;               // one decode step at the mean context of the generation
    double prefillTokensPerS = 0.0;    // all GPUs: requests x input / TTFT
    double decodeTokensPerS = 0.0;     // all GPUs: requests / TPOT
    double throughputTokensPerS = 0.0; // all GPUs: requests x output / (TTFT + output x TPOT)
    int maxBatch = 0;                  // the most requests in flight that fit, over every replica
    int maxContext = 0;                // the longest context (input + output) that fits at this batch
    bool decodeComputeBound = false;
    bool prefillComputeBound = true;
};

// A latency's distribution over the simulated requests, in ms.
struct LatencyStats
{
    double mean = 0.0;
    double p50 = 0.0;
    double p90 = 0.0;
    double p99 = 0.0;
};

// One pool of a serving deployment: aggregated serving has one, disaggregated serving a prefill pool and a
// decode pool (issue 57).
struct ServingPool
{
    QString role; // "aggregated", "prefill", "decode"
    int workers = 1;
    int gpusPerWorker = 1;
    int tensorParallel = 1;
    int expertParallel = 1;
    double utilisation = 0.0; // the share of the run its replicas spend in steps
    int gpus() const { return workers * gpusPerWorker; }
    bool operator==(const ServingPool &) const = default;
};

// A target a serving result misses (ServingLoad::missedTargets): which, the value the estimate gives and the
// target. Nothing served (no request fits the KV cache) misses every target: value 0, target 0.
struct MissedTarget
{
    enum class Which
    {
        Served,  // nothing was served
        TtftP90, // time to first token, p90
        TpotP90, // time per output token, p90
    };
    Which which = Which::Served;
    double value = 0.0;
    double target = 0.0;
    bool operator==(const MissedTarget &) const = default;
};

// Inference under load: continuous batching simulated step by step on the estimator's step costs
// (ServingSimulator), over the whole deployment (every replica).
struct ServingResult
{
    int concurrency = 0;            // closed-loop users (0: open loop)
    double requestRate = 0.0;       // open-loop requests per second (0: closed loop)
    int numRequests = 0;            // requests simulated
    QString dataset;                // the lengths' dataset: "fixed", "random", "sharegpt", a file name
    double randomRangeRatio = 0.0;  // random: R
    double burstiness = 1.0;        // open loop: gamma shape of the gaps
    int warmupRequests = 0;         // sent first, left out of the figures
    QString harness;                // the benchmark client the figures are counted as ("vllm-bench")
    bool replayedTrace = false;     // arrivals from the dataset's own times
    double requestOverheadMs = 0.0; // per request outside the GPU (the profile's), in TTFT and e2e
    double meanInputTokens = 0.0;   // of the requests simulated
    double meanOutputTokens = 0.0;
    long long windowTokens = 0;          // one (the busiest) replica: tokens made in the measured window
    double windowSeconds = 0.0;          // and the window: first measured request sent to the last token
    LatencyStats ttftMs;                 // arrival to first token, queueing included
    LatencyStats tpotMs;                 // per request: (end-to-end - TTFT) / (output - 1)
    LatencyStats itlMs;                  // every gap between two tokens of one request
    LatencyStats e2eMs;                  // arrival to last token
    LatencyStats queueMs;                // arrival to the first step that schedules the request
    double outputTokensPerS = 0.0;       // deployment
    double outputTokensPerSPerGpu = 0.0; // deployment / GPUs
    double requestsPerS = 0.0;           // completed requests per second
    double kvCacheUse = 0.0;             // the highest fraction of the KV cache in use at any step
    double meanRunningSequences = 0.0;   // per replica, over the steps
    double busyShare = 0.0;              // per replica: the share of the run spent in steps
    int maxNumSeqs = 0;                  // engine limits used, per replica
    int maxBatchedTokens = 0;
    long long kvCacheTokens = 0;                // tokens the KV cache holds, per replica
    std::optional<bool> meetsSlo;               // set when the traffic has targets: missedTargets empty
    QVector<MissedTarget> missedTargets;        // the targets this result misses (ServingLoad::missedTargets)
    std::optional<int> maxConcurrencyWithinSlo; // the most users that still meet every target (0: none)
    bool maxConcurrencyCapped = false;          // the search stopped at its cap still within them: "at least"
    QVector<ServingPool> pools;                 // the deployment's pools, every GPU of each
    std::optional<LatencyStats> kvTransferMs;   // disaggregated: the KV cache's hand-over per request
    QString kvTransferLink;                     // and what carries it ("network", "NVLink/NVSwitch")
};

struct TrainingResult
{
    int globalBatch = 1;          // sequences per optimizer step, all replicas
    int sequencesPerReplica = 1;  // ceil(global batch / data-parallel replicas)
    int microBatch = 1;           // sequences per replica per forward/backward pass
    int gradientAccumulation = 1; // micro-batches per replica per step: ceil(sequences per replica / micro)
    double stepTimeS = 0.0;
    double tokensPerS = 0.0;     // all GPUs
    double samplesPerS = 0.0;    // all GPUs (sequences, images)
    double mfu = 0.0;            // model FLOPs (6N per token) / (step time x GPUs x dense peak)
    double budgetHours = 0.0;    // wall-clock hours for the workload's token budget
    double budgetGpuHours = 0.0; // GPU-hours for the workload's token budget
    int maxBatch = 0;            // the largest micro-batch that fits
    int zeroStage = 0;           // the recipe estimated (chosen by the search when left automatic)
    Recompute recompute = Recompute::None;
    int layoutsSearched = 0;     // layouts the recipe search estimated; 0 when the user fixed every value
    int heaviestStageLayers = 0; // pipeline: layers of the slowest stage (uneven splits)
    // FP8 training: the recipe the matmuls were scaled with (auto resolved for this GPU); absent at 16 bit.
    std::optional<Fp8Recipe> fp8Recipe;

    double tokensPerSPerGpu = 0.0;
    double hfu = 0.0; // hardware FLOPs (recomputation included) / (step time x GPUs x dense peak)
    int gpusPerNode = 8;
    int nodes = 1;
    double networkGbps = 0.0; // per GPU between nodes; 0 when the run is one node
    // Where one step's time goes (seconds; they add up to stepTimeS).
    struct Breakdown
    {
        double compute = 0.0;           // forward and backward math of the model
        double recompute = 0.0;         // the forward passes repeated by activation recomputation
        double modelParallelComm = 0.0; // exposed tensor, context, expert and pipeline communication
        double dataParallelComm = 0.0;  // exposed gradient reduction and ZeRO-3 weight gathers
        double pipelineBubble = 0.0;    // pipeline stages idle at the step's start and end
        double optimizer = 0.0;         // the optimizer update
        double total() const
        {
            return compute + recompute + modelParallelComm + dataParallelComm + pipelineBubble + optimizer;
        }
    } breakdown;
    double budgetEnergyKwh = 0.0; // all GPUs over the token budget, at the estimated power (CostModel)
};

struct CostResult
{
    CostBasis basis = CostBasis::None;
    // The basis of the comparison this cost belongs to: a GPU without a price on it is None (rather than
    // priced on the other basis), and says which price it lacks.
    CostBasis comparisonBasis = CostBasis::None;
    std::optional<double> usdPerGpuHour;       // rental, or owned (both parts below); nullopt: no price
    std::optional<double> usdPerMillionTokens; // per million output (or trained) tokens at usdPerGpuHour
    std::optional<double> usdForBudget;        // training: the token budget's GPU-hours at usdPerGpuHour
    // Owned: the purchase's share of one GPU-hour and the electricity of one GPU-hour (0 without a TDP).
    double ownedPurchaseUsdPerHour = 0.0;
    double ownedPowerUsdPerHour = 0.0;
    double ownYears = 0.0;     // owned: the years the purchase is spread over
    double usdPerKwh = 0.0;    // owned: the electricity price of ownedPowerUsdPerHour
    double busyFraction = 0.0; // how busy the estimate keeps the GPU, 0 to 1 (powerFraction)
    double powerW = 0.0;       // all GPUs: TDP x powerFraction; 0 without a TDP (powerKnown)
    double joulesPerToken = 0.0;
    double electricityUsdPerMillionTokens = 0.0;
};

// What a verdict's reason is about, so that a view can show the number behind it.
enum class VerdictTopic
{
    Fit,          // memory per GPU against capacity, GPUs needed
    Links,        // NVLink or PCIe between the GPUs
    MissingSpecs, // a datasheet value the estimate needs is missing
    Speed,        // tokens/s against the fastest
    Load,         // serving latencies and the most users within the targets
    Cost,         // $ per million tokens against the cheapest
    DenseCompute, // dense against sparse FP16/BF16 tensor figures
    Other
};

struct Verdict
{
    VerdictLevel level = VerdictLevel::Suitable;
    QStringList reasons;
    QVector<VerdictTopic> topics; // one per reason, in the same order
    QString recipe; // the workload it judged: "Llama-3 8B · full training · bf16 · 4,096-token sequences ·
                    // ..."
};

// Everything the estimator says about one GPU for one workload. Plain data for the window and the CLI.
struct Estimate
{
    QString gpuId;
    QString gpuName;
    QString modelId;
    Task task = Task::Inference;
    QString profileId;
    Precision weightPrecision = Precision::Bf16;
    Precision activationPrecision = Precision::Bf16;
    Precision kvPrecision = Precision::Bf16;
    Precision computePrecisionUsed = Precision::Bf16; // after falling back on GPUs without support
    double peakTflopsUsed = 0.0;

    Parallelism parallelism;
    double capacityGb = 0.0;
    MemoryBreakdown memory;
    double perGpuGb = 0.0;
    bool fits = false;
    // Why it does not fit when its memory would: the deployment cannot run the workload (under load, no
    // room in the KV cache for one request). Empty otherwise.
    QString unfitReason;
    int minGpus = 0; // 0: does not fit on any count the estimator considers (up to 1024)

    std::optional<InferenceResult> inference; // set for Task::Inference
    std::optional<ServingResult> serving;     // inference with traffic (Workload::traffic)
    std::optional<TrainingResult> training;   // set for training, LoRA, QLoRA
    CostResult cost;

    Verdict trainingVerdict; // filled by estimateAll (needs the comparison)
    Verdict inferenceVerdict;

    // Datasheet values the estimate needs and the GPU's record lacks (MissingSpecs words them). The memory
    // numbers (memory per GPU, fit, fewest GPUs) need the memory size only; speed, cost and the verdict also
    // need the memory bandwidth and the compute rate. A number that needs a missing value is left out
    // (inference and training unset, fits false), never shown as 0.
    QVector<GpuField::Id> missing;
    bool memoryKnown() const { return !missing.contains(GpuField::MemoryGb); }
    bool speedKnown() const { return missing.isEmpty(); }
    // The energy numbers (power, energy per token, electricity, energy for the budget) also need the board
    // power (TDP); speed and rental do not. Without it they are left out, never 0 (0 J/token is the best).
    bool powerKnown = true;
    // What the energy numbers lack: what speed lacks, and the board power.
    QVector<GpuField::Id> missingForEnergy() const
    {
        QVector<GpuField::Id> fields = missing;
        if (!powerKnown)
            fields << GpuField::TdpW;
        return fields;
    }
    // What the memory numbers lack: the memory size, or nothing.
    QVector<GpuField::Id> missingForMemory() const
    {
        return memoryKnown() ? QVector<GpuField::Id>{} : QVector<GpuField::Id>{GpuField::MemoryGb};
    }

    // A speed beyond any wait (a step or the first two tokens slower than three centuries): a datasheet
    // value far off (1e-300 TFLOPS). Noted, never recommended nor the fastest.
    bool speedOutOfRange = false;

    // The 80% range of each estimated number, keyed by the dotted path of its `estimate --json` key
    // ("inference.decode_tokens_per_s"), from the calibration residuals of its kind and profile; numbers
    // with no measurements behind them are in `unranged` with the reason instead (EstimateRanges).
    QMap<QString, ValueRange> ranges;
    QMap<QString, QString> unranged;

    // The GPU's software stack ("ROCm") when the profile's factors were fitted on other stacks only: its
    // numbers carry the measured stacks' efficiencies and a range widened by the spread between stacks
    // (EstimateRanges). Empty when the stack was measured or the profile does not say.
    QString uncalibratedStack;
    // Which of the GPU's achievable shares (GpuCapabilities::achievableRates) are the typical fraction
    // rather than its own microbenchmark: a factor it inherits, never one to rank it first on alone.
    bool matmulShareDerived = false;
    bool memoryShareDerived = false;
    bool inheritsFactors() const
    {
        return !uncalibratedStack.isEmpty() || matmulShareDerived || memoryShareDerived;
    }

    QStringList notes;      // precision fallbacks, caps, assumptions worth reading
    QVector<MathTerm> math; // empty when built with EstimateOptions::buildMath = false
};
