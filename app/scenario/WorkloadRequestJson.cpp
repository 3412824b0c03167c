#include "app/scenario/WorkloadRequestJson.h"

#include "app/analysis/WorkloadField.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

namespace {

// Every request member with the field it belongs to, so that a member cannot be written and forgotten on
// reading. Enumerations are written by the names the command line takes.
using Member =
    std::variant<std::optional<QString> WorkloadRequest::*, std::optional<int> WorkloadRequest::*,
                 std::optional<double> WorkloadRequest::*, std::optional<Precision> WorkloadRequest::*,
                 std::optional<Task> WorkloadRequest::*, std::optional<Recompute> WorkloadRequest::*,
                 std::optional<Optimizer> WorkloadRequest::*>;

struct Entry
{
    QString key;
    Member member;
};

const QVector<Entry> &entries()
{
    using R = WorkloadRequest;
    using F = WorkloadField;
    static const QVector<Entry> list{
        {WorkloadRequestJson::keyOf(F::Model), &R::modelId},
        {QStringLiteral("model_config"), &R::modelConfigPath},
        {WorkloadRequestJson::keyOf(F::Task), &R::task},
        {WorkloadRequestJson::keyOf(F::WeightPrecision), &R::weightPrecision},
        {WorkloadRequestJson::keyOf(F::ActivationPrecision), &R::activationPrecision},
        {WorkloadRequestJson::keyOf(F::KvPrecision), &R::kvPrecision},
        {WorkloadRequestJson::keyOf(F::Batch), &R::batch},
        {WorkloadRequestJson::keyOf(F::MicroBatch), &R::microBatch},
        {WorkloadRequestJson::keyOf(F::InputTokens), &R::inputTokens},
        {WorkloadRequestJson::keyOf(F::OutputTokens), &R::outputTokens},
        {WorkloadRequestJson::keyOf(F::SequenceLength), &R::sequenceLength},
        {WorkloadRequestJson::keyOf(F::Gpus), &R::gpus},
        {WorkloadRequestJson::keyOf(F::TensorParallel), &R::tensorParallel},
        {WorkloadRequestJson::keyOf(F::PipelineParallel), &R::pipelineParallel},
        {WorkloadRequestJson::keyOf(F::GlobalBatch), &R::globalBatch},
        {WorkloadRequestJson::keyOf(F::ContextParallel), &R::contextParallel},
        {WorkloadRequestJson::keyOf(F::ExpertParallel), &R::expertParallel},
        {WorkloadRequestJson::keyOf(F::VirtualStages), &R::virtualStages},
        {WorkloadRequestJson::keyOf(F::PipelineFirstLayers), &R::pipelineFirstLayers},
        {WorkloadRequestJson::keyOf(F::PipelineLastLayers), &R::pipelineLastLayers},
        {WorkloadRequestJson::keyOf(F::GpusPerNode), &R::gpusPerNode},
        {WorkloadRequestJson::keyOf(F::NetworkGbps), &R::networkGbps},
        {WorkloadRequestJson::keyOf(F::ZeroStage), &R::zeroStage},
        {WorkloadRequestJson::keyOf(F::Recompute), &R::recompute},
        {WorkloadRequestJson::keyOf(F::Optimizer), &R::optimizer},
        {WorkloadRequestJson::keyOf(F::LoraRank), &R::loraRank},
        {WorkloadRequestJson::keyOf(F::Profile), &R::profileId},
        {WorkloadRequestJson::keyOf(F::UsdPerGpuHour), &R::usdPerGpuHour},
        {WorkloadRequestJson::keyOf(F::UsdPerKwh), &R::usdPerKwh},
        {WorkloadRequestJson::keyOf(F::Utilisation), &R::utilisation},
        {WorkloadRequestJson::keyOf(F::OwnYears), &R::ownYears},
        {WorkloadRequestJson::keyOf(F::TrainTokens), &R::trainTokens},
        {WorkloadRequestJson::keyOf(F::Concurrency), &R::concurrency},
        {WorkloadRequestJson::keyOf(F::RequestRate), &R::requestRate},
        {WorkloadRequestJson::keyOf(F::NumRequests), &R::numRequests},
        {WorkloadRequestJson::keyOf(F::Seed), &R::seed},
        {WorkloadRequestJson::keyOf(F::MaxNumSeqs), &R::maxNumSeqs},
        {WorkloadRequestJson::keyOf(F::MaxBatchedTokens), &R::maxBatchedTokens},
        {WorkloadRequestJson::keyOf(F::TtftP90), &R::ttftP90Ms},
        {WorkloadRequestJson::keyOf(F::TpotP90), &R::tpotP90Ms},
        {WorkloadRequestJson::keyOf(F::Dataset), &R::dataset},
        {WorkloadRequestJson::keyOf(F::RandomRangeRatio), &R::randomRangeRatio},
        {WorkloadRequestJson::keyOf(F::Burstiness), &R::burstiness},
        {WorkloadRequestJson::keyOf(F::WarmupRequests), &R::warmupRequests},
    };
    return list;
}

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(WorkloadRequestJson)
};

// How a JSON value reads in a message: text quoted, anything else as JSON writes it.
QString shown(const QJsonValue &value)
{
    if (value.isString())
        return u'"' + value.toString() + u'"';
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return value.isNull() ? QStringLiteral("null") : Messages::tr("a list or an object");
}

template <typename T> std::optional<T> parseName(const QString &name)
{
    if constexpr (std::is_same_v<T, Precision>)
        return Precisions::parse(name);
    else if constexpr (std::is_same_v<T, Task>)
        return Tasks::parse(name);
    else if constexpr (std::is_same_v<T, Recompute>)
        return Recomputes::parse(name);
    else
        return Optimizers::parse(name);
}

template <typename T> QString nameOf(T value)
{
    if constexpr (std::is_same_v<T, Precision>)
        return Precisions::name(value);
    else if constexpr (std::is_same_v<T, Task>)
        return Tasks::name(value);
    else if constexpr (std::is_same_v<T, Recompute>)
        return Recomputes::name(value);
    else
        return Optimizers::name(value);
}

template <typename T> QJsonValue toValue(const T &value)
{
    if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double> || std::is_same_v<T, QString>)
        return value;
    else
        return nameOf(value);
}

// The value of key as a T; nullopt and *error naming the key and what it needs when it is not one.
template <typename T> std::optional<T> fromValue(const QJsonValue &value, const QString &key, QString *error)
{
    if constexpr (std::is_same_v<T, int>) {
        const double number = value.toDouble(0.5);
        if (value.isDouble() && number == std::floor(number) && std::abs(number) <= 2147483647.0)
            return static_cast<int>(number);
        *error = Messages::tr("workload.%1: %2 is not a whole number").arg(key, shown(value));
    } else if constexpr (std::is_same_v<T, double>) {
        if (value.isDouble())
            return value.toDouble();
        *error = Messages::tr("workload.%1: %2 is not a number").arg(key, shown(value));
    } else if constexpr (std::is_same_v<T, QString>) {
        if (value.isString())
            return value.toString();
        *error = Messages::tr("workload.%1: %2 is not text").arg(key, shown(value));
    } else {
        if (value.isString())
            if (const std::optional<T> parsed = parseName<T>(value.toString()))
                return parsed;
        *error = Messages::tr("workload.%1: %2 is not one of the names it takes").arg(key, shown(value));
    }
    return std::nullopt;
}

template <typename T> struct MemberType;
template <typename T> struct MemberType<std::optional<T> WorkloadRequest::*>
{
    using type = T;
};

} // namespace

namespace WorkloadRequestJson {

QJsonObject toJson(const WorkloadRequest &request)
{
    QJsonObject object;
    for (const Entry &entry : entries())
        std::visit(
            [&](auto member) {
                if ((request.*member).has_value())
                    object.insert(entry.key, toValue(*(request.*member)));
            },
            entry.member);
    return object;
}

std::optional<WorkloadRequest> fromJson(const QJsonObject &object, QString *error)
{
    QString problem;
    WorkloadRequest request;
    for (auto it = object.begin(); it != object.end() && problem.isEmpty(); ++it) {
        const auto entry = std::find_if(entries().begin(), entries().end(),
                                        [&](const Entry &e) { return e.key == it.key(); });
        if (entry == entries().end()) {
            problem = Messages::tr("workload.%1: not a value of a workload").arg(it.key());
            break;
        }
        std::visit(
            [&](auto member) {
                using T = typename MemberType<decltype(member)>::type;
                request.*member = fromValue<T>(it.value(), it.key(), &problem);
            },
            entry->member);
    }
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return request;
}

QString keyOf(WorkloadField field)
{
    return WorkloadFields::option(field).replace(u'-', u'_');
}

} // namespace WorkloadRequestJson
