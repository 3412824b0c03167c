#include "app/analysis/WorkloadField.h"

#include <array>

namespace {

struct FieldNames
{
    WorkloadField field;
    const char16_t *key;
    const char16_t *option;
};

constexpr std::array<FieldNames, 43> kFields{{
    {WorkloadField::Model, u"model", u"model"},
    {WorkloadField::Task, u"task", u"task"},
    {WorkloadField::WeightPrecision, u"weightPrecision", u"precision"},
    {WorkloadField::ActivationPrecision, u"activationPrecision", u"activation-precision"},
    {WorkloadField::KvPrecision, u"kvPrecision", u"kv-precision"},
    {WorkloadField::Batch, u"batch", u"batch"},
    {WorkloadField::MicroBatch, u"microBatch", u"micro-batch"},
    {WorkloadField::InputTokens, u"inputTokens", u"input-tokens"},
    {WorkloadField::OutputTokens, u"outputTokens", u"output-tokens"},
    {WorkloadField::SequenceLength, u"sequenceLength", u"seq-len"},
    {WorkloadField::Gpus, u"gpus", u"gpus"},
    {WorkloadField::TensorParallel, u"tensorParallel", u"tp"},
    {WorkloadField::PipelineParallel, u"pipelineParallel", u"pp"},
    {WorkloadField::ZeroStage, u"zeroStage", u"zero"},
    {WorkloadField::Recompute, u"recompute", u"recompute"},
    {WorkloadField::Optimizer, u"optimizer", u"optimizer"},
    {WorkloadField::LoraRank, u"loraRank", u"lora-rank"},
    {WorkloadField::Profile, u"profile", u"profile"},
    {WorkloadField::UsdPerGpuHour, u"usdPerGpuHour", u"usd-per-gpu-hour"},
    {WorkloadField::UsdPerKwh, u"usdPerKwh", u"usd-per-kwh"},
    {WorkloadField::Utilisation, u"utilisation", u"utilisation"},
    {WorkloadField::TrainTokens, u"trainTokens", u"train-tokens"},
    {WorkloadField::Concurrency, u"concurrency", u"concurrency"},
    {WorkloadField::RequestRate, u"requestRate", u"request-rate"},
    {WorkloadField::NumRequests, u"numRequests", u"num-requests"},
    {WorkloadField::Seed, u"seed", u"seed"},
    {WorkloadField::MaxNumSeqs, u"maxNumSeqs", u"max-num-seqs"},
    {WorkloadField::MaxBatchedTokens, u"maxBatchedTokens", u"max-batched-tokens"},
    {WorkloadField::TtftP90, u"ttftP90Ms", u"ttft-p90-ms"},
    {WorkloadField::TpotP90, u"tpotP90Ms", u"tpot-p90-ms"},
    {WorkloadField::GlobalBatch, u"globalBatch", u"global-batch"},
    {WorkloadField::ContextParallel, u"contextParallel", u"cp"},
    {WorkloadField::ExpertParallel, u"expertParallel", u"ep"},
    {WorkloadField::VirtualStages, u"virtualStages", u"vpp"},
    {WorkloadField::GpusPerNode, u"gpusPerNode", u"gpus-per-node"},
    {WorkloadField::NetworkGbps, u"networkGbps", u"network-gbps"},
    {WorkloadField::Dataset, u"dataset", u"dataset"},
    {WorkloadField::RandomRangeRatio, u"randomRangeRatio", u"random-range-ratio"},
    {WorkloadField::Burstiness, u"burstiness", u"burstiness"},
    {WorkloadField::WarmupRequests, u"warmupRequests", u"warmup-requests"},
    {WorkloadField::PipelineFirstLayers, u"pipelineFirstLayers", u"pp-first-layers"},
    {WorkloadField::PipelineLastLayers, u"pipelineLastLayers", u"pp-last-layers"},
    {WorkloadField::OwnYears, u"ownYears", u"own-years"},
}};

const FieldNames &namesOf(WorkloadField field)
{
    for (const FieldNames &names : kFields)
        if (names.field == field)
            return names;
    return kFields.front();
}

} // namespace

namespace WorkloadFields {

QString key(WorkloadField field)
{
    return QString::fromUtf16(namesOf(field).key);
}

std::optional<WorkloadField> fromKey(const QString &key)
{
    for (const FieldNames &names : kFields)
        if (key == QString::fromUtf16(names.key))
            return names.field;
    return std::nullopt;
}

QString option(WorkloadField field)
{
    return QString::fromUtf16(namesOf(field).option);
}

} // namespace WorkloadFields
