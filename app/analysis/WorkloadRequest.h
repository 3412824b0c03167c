#pragma once

#include "app/analysis/Precision.h"
#include "app/analysis/Workload.h"

#include <QString>
#include <optional>

// What the user asked for, as typed, before any default is filled in: every field is optional, and
// an absent field means "the recipe's default for this task" (WorkloadResolver). Both front doors build
// one: the command line from its options, the window from its form. The same request gives the same
// workload and the same numbers.
struct WorkloadRequest
{
    std::optional<QString> modelId;         // a preset of the catalogue
    std::optional<QString> modelConfigPath; // a local Hugging Face config.json (instead of modelId)
    std::optional<Task> task;

    std::optional<Precision> weightPrecision;
    std::optional<Precision> activationPrecision;
    std::optional<Precision> kvPrecision;

    // Inference: requests in flight on the whole deployment (0 = as many as fit). Training: the global
    // batch, sequences per optimizer step over all data-parallel replicas. How it splits over replicas
    // is part of the result, per GPU.
    std::optional<int> batch;
    std::optional<int> microBatch; // training: sequences per replica per forward/backward pass
    std::optional<int> inputTokens;
    std::optional<int> outputTokens;
    std::optional<int> sequenceLength;

    std::optional<int> gpus;
    std::optional<int> tensorParallel;   // 0 = chosen by the estimator
    std::optional<int> pipelineParallel; // 0 = chosen by the estimator
    std::optional<int> globalBatch;      // training: the same as batch, under the name trainers use
    std::optional<int> contextParallel;
    std::optional<int> expertParallel;
    std::optional<int> virtualStages;
    std::optional<int> pipelineFirstLayers; // training: layers of the first pipeline stage (Megatron's
    std::optional<int> pipelineLastLayers;  // --decoder-first/last-pipeline-num-layers); absent: even
    // A system of the catalogue (hgx_b200, gb200_nvl72): its GPU, and the defaults of gpusPerNode and
    // networkGbps (the user's values win).
    std::optional<QString> systemId;
    std::optional<int> gpusPerNode;    // absent: the system's, else the catalogue's value for each GPU
    std::optional<double> networkGbps; // inter-node Gb/s per GPU; 0 = one node only
    std::optional<int> zeroStage;
    std::optional<Recompute> recompute;
    std::optional<Optimizer> optimizer;
    std::optional<int> loraRank;
    std::optional<MoeRouting> moeRouting; // training, MoE: absent = dropless
    std::optional<int> mtpLayers;         // training: absent = the model's num_nextn_predict_layers
    std::optional<Fp8Recipe> fp8Recipe;   // training at FP8: absent = auto
    std::optional<int> bf16Layers;        // training at FP8 or NVFP4: blocks kept in BF16; absent = 0

    std::optional<QString> profileId;
    std::optional<double> usdPerGpuHour; // absent: each GPU's catalogue price
    std::optional<double> usdPerKwh;
    std::optional<double> utilisation; // power as a fraction of TDP; absent: from how busy the estimate is
    // Years the user's own cards are paid off over: set, every GPU with a launch price is costed as owned
    // (purchase over these years plus electricity); absent, only a GPU without a rental price is.
    std::optional<double> ownYears;
    std::optional<double> trainTokens;

    // Inference under load (either traffic value turns the serving simulation on).
    std::optional<int> concurrency;      // closed-loop users
    std::optional<double> requestRate;   // open-loop requests per second
    std::optional<int> numRequests;      // requests simulated
    std::optional<int> seed;             // arrival times of the open loop
    std::optional<int> maxNumSeqs;       // engine: most running sequences per replica
    std::optional<int> maxBatchedTokens; // engine: most tokens per step
    std::optional<double> ttftP90Ms;     // target: p90 time to first token
    std::optional<double> tpotP90Ms;     // target: p90 time per output token
    // The requests' lengths: "fixed", "random", "sharegpt", or a CSV/JSONL file's path (a trace when it
    // has arrival_s: replayed when neither users nor a rate are given).
    std::optional<QString> dataset;
    std::optional<double> randomRangeRatio; // random: lengths uniform in L x [1 - R, 1 + R]
    std::optional<double> burstiness;       // open loop: gamma shape of the gaps (1: Poisson)
    std::optional<int> warmupRequests;      // sent first, left out of the figures
    std::optional<QString> harness;         // the benchmark client counted as: vllm-bench, genai-perf, aiperf
    // Disaggregated serving: prefill workers and decode workers of G GPUs each; the decode workers take
    // tensorParallel and expertParallel, the prefill workers their own.
    std::optional<int> prefillWorkers;
    std::optional<int> prefillGpus;
    std::optional<int> prefillTensorParallel;
    std::optional<int> prefillExpertParallel;
    std::optional<int> decodeWorkers;
    std::optional<int> decodeGpus;
    // Speculative decoding: none, mtp, eagle3 or ngram; tokens drafted a step; acceptance per drafted token.
    std::optional<QString> speculative;
    std::optional<int> draftTokens;
    std::optional<double> acceptanceRate;

    bool operator==(const WorkloadRequest &) const = default;
};
