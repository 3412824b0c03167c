#pragma once

#include <QString>
#include <optional>

// Every value of a workload request a user can set, as a typed id: the resolver tags its errors with it,
// the command line names its option after it and the window shows the message at its form field. Never
// route a message by its text.
enum class WorkloadField
{
    Model,
    Task,
    WeightPrecision,
    ActivationPrecision,
    KvPrecision,
    Batch,
    MicroBatch,
    InputTokens,
    OutputTokens,
    SequenceLength,
    Gpus,
    TensorParallel,
    PipelineParallel,
    ZeroStage,
    Recompute,
    Optimizer,
    LoraRank,
    Profile,
    UsdPerGpuHour,
    UsdPerKwh,
    Utilisation,
    TrainTokens,
    Concurrency,
    RequestRate,
    NumRequests,
    Seed,
    MaxNumSeqs,
    MaxBatchedTokens,
    TtftP90,
    TpotP90,
    GlobalBatch,
    ContextParallel,
    ExpertParallel,
    VirtualStages,
    GpusPerNode,
    NetworkGbps,
    Dataset,
    RandomRangeRatio,
    Burstiness,
    WarmupRequests,
    PipelineFirstLayers,
    PipelineLastLayers,
    OwnYears,
};

namespace WorkloadFields {
// The field's key: "weightPrecision", "batch" (the form's editor names, JSON keys).
QString key(WorkloadField field);
std::optional<WorkloadField> fromKey(const QString &key);
// The command-line option that sets it, without dashes: "precision", "batch", "seq-len".
QString option(WorkloadField field);
} // namespace WorkloadFields

// A value the resolver cannot use, and why (one translated line that names the value and what is allowed).
struct WorkloadProblem
{
    WorkloadField field;
    QString message;
};
