#pragma once

#include "db/MeasuredRunBounds.h"

// What a workload gets for a value the user leaves out, where the value does not depend on the task.
// Written once: the resolver applies them and the window's form starts from them. The defaults that do
// depend on the task (precisions, batch, ZeRO, recomputation, profile) are WorkloadResolver's recipes.
namespace WorkloadDefaults {
inline constexpr const char16_t *kModel = u"llama-3-8b";
inline constexpr int kInferenceRequests = 1;
inline constexpr int kTrainingSequencesPerGpu = 8; // global batch = 8 x GPUs: 32k tokens per GPU per step
inline constexpr int kMicroBatch = 1;
inline constexpr int kInputTokens = 1024;
inline constexpr int kOutputTokens = 256;
inline constexpr int kSequenceLength = 4096;
inline constexpr int kGpus = 1;
inline constexpr int kMaxGpus = 65536;                   // of one kind; also bounds tp x pp x cp x ep
inline constexpr int kMaxContextOrExpertParallel = 1024; // cp and ep, each
inline constexpr int kMaxGpusPerNode = 1024;
inline constexpr int kMaxConcurrency = 100000; // users under load, on the whole deployment
// The other ends the field table gives (WorkloadField.cpp): the estimator refuses what lies beyond them.
inline constexpr int kMaxBatch = 1000000;           // requests in flight, or a global batch
inline constexpr int kMaxTokens = 10000000;         // input, output, a sequence; the engine's tokens per step
inline constexpr int kMaxRequests = 100000;         // simulated, warm-up, running at once
inline constexpr double kMaxRequestRate = 100000.0; // requests/s
inline constexpr double kMaxBurstiness = 1000.0;
inline constexpr int kMaxVirtualStages = 128;
inline constexpr int kMaxMtpLayers = 16;    // multi-token-prediction modules (DeepSeek-V3 trains 1)
inline constexpr int kMaxBf16Layers = 1024; // blocks kept in BF16; the model's own layer count is checked too
inline constexpr double kMaxNetworkGbps = 100000.0;
inline constexpr int kMaxLoraRank = 65536;
inline constexpr double kMaxUsdPerGpuHour = 10000.0;
inline constexpr double kMaxUsdPerKwh = 100.0;
// A plan's deadline (plan --deadline-days, a scenario's plan.deadline_days): above 0, up to a century.
inline constexpr double kMaxDeadlineDays = 36500.0;
// A latency target (--ttft-p90-ms, --tpot-p90-ms): at most what a measured run may take.
inline constexpr double kMaxLatencyMs = MeasuredRunBounds::kMostLatencyMs;
inline constexpr int kLoraRank = 16;
inline constexpr double kUsdPerKwh = 0.15;
// An owned card's launch price is spread over 4 years of round-the-clock use. Between the 3 years after
// which a newer generation does the same work for about half the cost per token, and the 5 to 6 years over
// which the large clouds now depreciate their servers (Microsoft and Alphabet 6 years, Meta 5.5, Amazon 5,
// in their 2023-2025 annual reports): a card kept busy that long is paid off, not written off.
inline constexpr double kOwnYears = 4.0;
inline constexpr double kMaxOwnYears = 20.0;
inline constexpr double kTrainTokens = 1e9;
// The planner's global batch when none is given (Planner.cpp says why): full training, tokens a step;
// LoRA and QLoRA, sequences a step.
inline constexpr double kPlanTrainingBatchTokens = 4194304.0;
inline constexpr int kPlanAdapterBatch = 64;
inline constexpr double kNetworkGbps = 400.0; // InfiniBand NDR, one 400 Gb/s NIC per GPU (HGX H100)
} // namespace WorkloadDefaults
