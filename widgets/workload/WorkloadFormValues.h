#pragma once

#include "app/analysis/WorkloadDefaults.h"
#include "app/analysis/WorkloadField.h"

#include <QString>
#include <optional>

// What the workload form holds, as plain values. An empty text, a 0 batch or an unset ZeRO stage means
// "the task's recipe" (WorkloadResolver decides it); the form shows which value that is. The window's
// mapper turns these values into a WorkloadRequest; the form itself knows nothing about the estimator.
struct WorkloadFormValues
{
    QString modelId = QString::fromUtf16(WorkloadDefaults::kModel);
    QString customConfigPath; // a local Hugging Face config.json; used when modelId is empty
    QString task = QStringLiteral("inference"); // inference, training, lora, qlora
    QString weightPrecision;                    // empty: the recipe's (bf16; int4 for QLoRA)
    QString kvPrecision;                        // empty: follows the math precision
    // Inference: requests in flight on all GPUs (kMaxBatch: as many as fit); training: global batch; 0 = the
    // recipe's.
    int batch = 0;
    static constexpr int kMaxBatch = -1;
    int inputTokens = WorkloadDefaults::kInputTokens;
    int outputTokens = WorkloadDefaults::kOutputTokens;
    int sequenceLength = WorkloadDefaults::kSequenceLength; // training
    int gpus = WorkloadDefaults::kGpus;
    int tensorParallel = 0;              // 0 = automatic
    int pipelineParallel = 0;            // 0 = automatic
    std::optional<int> zeroStage;        // nullopt: the recipe's
    QString recompute;                   // none, selective, full; empty: the recipe's
    QString profileId;                   // empty = the task's default profile
    std::optional<double> usdPerGpuHour; // nullopt = each GPU's catalogue default
    double usdPerKwh = WorkloadDefaults::kUsdPerKwh;
    double trainTokensBillions = WorkloadDefaults::kTrainTokens / 1e9;
    // Inference under load (0 = not set): users or requests per second, one at a time, and p90 targets.
    int concurrency = 0;
    double requestRate = 0.0;
    double ttftP90TargetMs = 0.0;
    double tpotP90TargetMs = 0.0;
    int maxNumSeqs = 0; // the serving engine's most running sequences per replica; 0 = the profile's
    // The requests' lengths under load: "" or "fixed" (the input and output tokens), "random" (spread by
    // randomRangeRatio around them) or "sharegpt" (the bundled table's; the token fields are not sent).
    QString dataset;
    double randomRangeRatio = 0.0;
    // Training at scale (the defaults are left out of the request): micro-batch (0 = the recipe's, 1),
    // interleaved stages, context and expert parallel sizes, GPUs per node (0 = each GPU's catalogue value)
    // and the inter-node network per GPU in Gb/s as typed or chosen ("0" = one node only; any other text
    // is refused at the field).
    int microBatch = 0;
    int virtualStages = 1;
    int contextParallel = 1;
    int expertParallel = 1;
    int gpusPerNode = 0;
    QString networkGbps = QString::number(WorkloadDefaults::kNetworkGbps);
    // Training's recipe (empty or 0: the recipe's): the math precision, the optimizer, LoRA's rank.
    QString activationPrecision;
    QString optimizer;
    int loraRank = 0;
    // The years the user's own cards are paid off over; 0: rental prices, and owned cost only for a GPU
    // without one (CostModel).
    double ownYears = 0.0;

    bool isTraining() const { return task != QStringLiteral("inference"); }
    bool hasLoad() const { return concurrency != 0 || requestRate != 0.0; }
    bool operator==(const WorkloadFormValues &) const = default;
};

// Where a value in the form is wrong, and why; shown at the field.
struct WorkloadFieldError
{
    WorkloadField field; // shown at the editor named WorkloadFields::key(field)
    QString reason;
};
