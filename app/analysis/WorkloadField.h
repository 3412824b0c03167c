#pragma once

#include "app/analysis/WorkloadRequest.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <limits>
#include <optional>
#include <type_traits>
#include <variant>

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
    Harness,
    PipelineFirstLayers,
    PipelineLastLayers,
    OwnYears,
    MoeRouting,
    MtpLayers,
    Fp8Recipe,
    System,
    PrefillWorkers,
    PrefillGpus,
    PrefillTensorParallel,
    PrefillExpertParallel,
    DecodeWorkers,
    DecodeGpus,
    Speculative,
    DraftTokens,
    AcceptanceRate,
    Bf16Layers,
};

// A request member a field sets, by its type. Enumerations are read and written by the names the command
// line takes (Precisions::name, Tasks::name...).
using WorkloadMember =
    std::variant<std::optional<QString> WorkloadRequest::*, std::optional<int> WorkloadRequest::*,
                 std::optional<double> WorkloadRequest::*, std::optional<Precision> WorkloadRequest::*,
                 std::optional<Task> WorkloadRequest::*, std::optional<Recompute> WorkloadRequest::*,
                 std::optional<Optimizer> WorkloadRequest::*, std::optional<MoeRouting> WorkloadRequest::*,
                 std::optional<Fp8Recipe> WorkloadRequest::*>;

// The values a field allows, both ends included unless the refusal says otherwise ("above 0", "up to (not
// including) 1"); an end left out is open. The resolver or the estimator refuses what lies outside (at the
// field, naming these ends: the only place a range is written) and the form's editors stop at the maximum.
struct WorkloadRange
{
    double minimum = -std::numeric_limits<double>::infinity();
    double maximum = std::numeric_limits<double>::infinity();

    bool allows(double value) const { return value >= minimum && value <= maximum; }
};

// One row of the field table: everything the converters of a request need to know about one field. The
// command line, the scenario file, the resolver and the form read it; adding a field is a row here and its
// member in WorkloadRequest (docs/architecture.md, "Adding a field").
struct WorkloadFieldSpec
{
    WorkloadField field;
    const char16_t *key;       // "weightPrecision": the form's editor name
    const char16_t *option;    // "precision": the command-line option, without dashes
    const char16_t *jsonKey;   // "precision": the scenario file's key
    WorkloadMember member;     // &WorkloadRequest::weightPrecision
    const char16_t *valueName; // "P": the option's value in --help; nullptr: its names joined by '|'
    WorkloadRange range;
    // One sentence for --help; %1 takes the names an enumeration allows. English, as all the command line
    // prints (docs/translations.md): left out of lupdate, read through context "cli" like its other text.
    const char *help;
};

namespace WorkloadFields {
// Every field, in the order --help lists them.
const QVector<WorkloadFieldSpec> &all();
const WorkloadFieldSpec &spec(WorkloadField field);
// The field's key: "weightPrecision", "batch" (the form's editor names).
QString key(WorkloadField field);
std::optional<WorkloadField> fromKey(const QString &key);
// The command-line option that sets it, without dashes: "precision", "batch", "seq-len".
QString option(WorkloadField field);
// Its key in a scenario file: "precision", "kv_precision".
QString jsonKey(WorkloadField field);
// The option's value in --help ("N", "P", "none|selective|full").
QString valueName(WorkloadField field);
// What the field is, translated (the command line's --help).
QString help(WorkloadField field);
const WorkloadRange &range(WorkloadField field);

// An enumeration's names, reader and writer, for the converters that go through text.
template <typename T> struct EnumNames
{
    QStringList (*all)();
    QString (*name)(T);
    std::optional<T> (*parse)(const QString &);
};
template <typename T> inline constexpr EnumNames<T> kNames{};
template <>
inline constexpr EnumNames<Precision> kNames<Precision>{&Precisions::allNames, &Precisions::name,
                                                        &Precisions::parse};
template <> inline constexpr EnumNames<Task> kNames<Task>{&Tasks::allNames, &Tasks::name, &Tasks::parse};
template <>
inline constexpr EnumNames<Recompute> kNames<Recompute>{&Recomputes::allNames, &Recomputes::name,
                                                        &Recomputes::parse};
template <>
inline constexpr EnumNames<Optimizer> kNames<Optimizer>{&Optimizers::allNames, &Optimizers::name,
                                                        &Optimizers::parse};
template <>
inline constexpr EnumNames<MoeRouting> kNames<MoeRouting>{&MoeRoutings::allNames, &MoeRoutings::name,
                                                          &MoeRoutings::parse};
template <>
inline constexpr EnumNames<Fp8Recipe> kNames<Fp8Recipe>{&Fp8Recipes::allNames, &Fp8Recipes::name,
                                                        &Fp8Recipes::parse};
template <typename T> QStringList namesOf()
{
    return kNames<T>.all();
}
template <typename T> std::optional<T> parseName(const QString &name)
{
    return kNames<T>.parse(name);
}
template <typename T> QString nameOf(T value)
{
    return kNames<T>.name(value);
}
// The T of a member std::optional<T> WorkloadRequest::*.
template <typename M> struct MemberType;
template <typename T> struct MemberType<std::optional<T> WorkloadRequest::*>
{
    using type = T;
};
} // namespace WorkloadFields

// A value the resolver cannot use, and why (one translated line that names the value and what is allowed).
struct WorkloadProblem
{
    WorkloadField field;
    QString message;
};

// Where a value in the window's form is wrong, and why: shown at the editor named WorkloadFields::key(field).
struct WorkloadFieldError
{
    WorkloadField field;
    QString reason;
};
