#include "db/MeasuredRunJson.h"

#include <QJsonValue>
#include <cmath>
#include <limits>
#include <utility>

namespace {

using Format = MeasuredRun::Format;
using Task = MeasuredRun::Task;

// The stored keys of the enums: never change one (catalogues and exports hold them).
constexpr std::pair<Format, const char *> kFormatKeys[] = {
    {Format::VllmBenchServe, "vllm-bench-serve"},
    {Format::SglangBenchServing, "sglang-bench-serving"},
    {Format::AiperfProfileExport, "aiperf-profile-export"},
    {Format::LlamaBenchJson, "llama-bench-json"},
    {Format::LlamaBenchCsv, "llama-bench-csv"},
    {Format::CsvTemplate, "csv-template"}};
constexpr std::pair<Task, const char *> kTaskKeys[] = {{Task::Unknown, "unknown"},
                                                       {Task::InferenceServing, "inference-serving"},
                                                       {Task::InferenceSingle, "inference-single"},
                                                       {Task::Training, "training"}};

template <typename Enum, std::size_t N>
QString keyOf(const std::pair<Enum, const char *> (&keys)[N], Enum value)
{
    for (const auto &[candidate, key] : keys)
        if (candidate == value)
            return QString::fromLatin1(key);
    return {};
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::pair<Enum, const char *> (&keys)[N], const QString &key)
{
    for (const auto &[candidate, name] : keys)
        if (key == QLatin1String(name))
            return candidate;
    return std::nullopt;
}

// The JSON side of one run: writes or reads every field through the same list, so the two cannot drift.
class Mapper
{
public:
    explicit Mapper(QJsonObject *out)
        : m_out(out)
    {}
    explicit Mapper(const QJsonObject &in)
        : m_in(&in)
    {}

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }

    void text(const char *key, QString &value)
    {
        const QString name = QString::fromLatin1(key);
        if (m_out) {
            if (!value.isEmpty())
                m_out->insert(name, value);
            return;
        }
        const QJsonValue found = m_in->value(name);
        if (found.isUndefined())
            return;
        if (!found.isString())
            return fail(name, QStringLiteral("must be a string"));
        value = found.toString();
    }

    void number(const char *key, std::optional<double> &value)
    {
        const QString name = QString::fromLatin1(key);
        if (m_out) {
            if (!value)
                return;
            if (std::isinf(*value))
                m_out->insert(name, *value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf"));
            else
                m_out->insert(name, *value);
            return;
        }
        const QJsonValue found = m_in->value(name);
        if (found.isUndefined() || found.isNull())
            return;
        if (found.isString() &&
            (found.toString() == QLatin1String("inf") || found.toString() == QLatin1String("-inf")))
            value = found.toString().startsWith(u'-') ? -std::numeric_limits<double>::infinity()
                                                      : std::numeric_limits<double>::infinity();
        else if (found.isDouble())
            value = found.toDouble();
        else
            fail(name, QStringLiteral("must be a number"));
    }

    void integer(const char *key, std::optional<int> &value)
    {
        std::optional<double> number;
        if (value)
            number = *value;
        this->number(key, number);
        if (m_out || !number)
            return;
        if (*number != std::floor(*number) || std::abs(*number) > std::numeric_limits<int>::max())
            return fail(QString::fromLatin1(key), QStringLiteral("must be a whole number"));
        value = static_cast<int>(*number);
    }

    void latency(const char *key, MeasuredRun::Latency &value)
    {
        const QString name = QString::fromLatin1(key);
        QJsonObject object;
        if (m_in) {
            const QJsonValue found = m_in->value(name);
            if (found.isUndefined())
                return;
            if (!found.isObject())
                return fail(name, QStringLiteral("must be an object"));
            object = found.toObject();
        }
        Mapper inner = m_out ? Mapper(&object) : Mapper(static_cast<const QJsonObject &>(object));
        inner.number("mean", value.mean);
        inner.number("median", value.median);
        inner.number("p90", value.p90);
        inner.number("p99", value.p99);
        if (inner.failed())
            return fail(name + u'.' + inner.error(), QString());
        if (m_out && !object.isEmpty())
            m_out->insert(name, object);
    }

    // A nested object mapped by fill (llamaBench, training): left out when empty.
    template <typename Fill> void object(const char *key, Fill fill)
    {
        const QString name = QString::fromLatin1(key);
        QJsonObject object;
        if (m_in) {
            const QJsonValue found = m_in->value(name);
            if (found.isUndefined())
                return;
            if (!found.isObject())
                return fail(name, QStringLiteral("must be an object"));
            object = found.toObject();
        }
        Mapper inner = m_out ? Mapper(&object) : Mapper(static_cast<const QJsonObject &>(object));
        fill(inner);
        if (inner.failed())
            return fail(name + u'.' + inner.error(), QString());
        if (m_out && !object.isEmpty())
            m_out->insert(name, object);
    }

    void fail(const QString &name, const QString &why)
    {
        if (m_error.isEmpty())
            m_error = why.isEmpty() ? name : name + QStringLiteral(": ") + why;
    }

private:
    QJsonObject *m_out = nullptr;
    const QJsonObject *m_in = nullptr;
    QString m_error;
};

void mapRun(Mapper &m, MeasuredRun &run)
{
    m.text("tool", run.tool);
    m.text("tool_version", run.toolVersion);
    m.text("date", run.date);
    m.text("model_name", run.modelName);
    m.text("gpu_name", run.gpuName);
    m.integer("gpu_count", run.gpuCount);
    m.integer("tensor_parallel", run.tensorParallel);
    m.integer("pipeline_parallel", run.pipelineParallel);
    m.integer("data_parallel", run.dataParallel);
    m.text("backend", run.backend);
    m.text("engine", run.engine);
    m.text("dataset", run.dataset);
    m.text("precision", run.precision);
    m.number("input_tokens", run.inputTokens);
    m.number("output_tokens", run.outputTokens);
    m.integer("concurrency", run.concurrency);
    m.number("request_rate", run.requestRate);
    m.integer("num_prompts", run.numPrompts);
    m.text("source", run.source);
    m.latency("ttft_ms", run.ttftMs);
    m.latency("tpot_ms", run.tpotMs);
    m.latency("itl_ms", run.itlMs);
    m.latency("e2e_ms", run.e2eMs);
    m.number("output_tokens_per_s", run.outputTokensPerS);
    m.number("total_tokens_per_s", run.totalTokensPerS);
    m.number("requests_per_s", run.requestsPerS);
    m.number("completed_requests", run.completedRequests);
    m.number("duration_s", run.durationS);
    m.object("llama_bench", [&run](Mapper &b) {
        MeasuredRun::LlamaBench &l = run.llamaBench;
        b.text("model_type", l.modelType);
        b.text("backends", l.backends);
        b.integer("n_prompt", l.nPrompt);
        b.integer("n_gen", l.nGen);
        b.integer("n_depth", l.nDepth);
        b.integer("n_batch", l.nBatch);
        b.integer("n_ubatch", l.nUbatch);
        b.integer("n_gpu_layers", l.nGpuLayers);
        b.number("prompt_tokens_per_s", l.promptTokensPerS);
        b.number("generation_tokens_per_s", l.generationTokensPerS);
        b.number("combined_tokens_per_s", l.combinedTokensPerS);
        b.number("stddev_tokens_per_s", l.stddevTokensPerS);
    });
    m.object("training", [&run](Mapper &t) {
        MeasuredRun::Training &training = run.training;
        t.number("tokens_per_s_per_gpu", training.tokensPerSPerGpu);
        t.number("step_time_s", training.stepTimeS);
        t.number("mfu", training.mfu);
        t.integer("global_batch", training.globalBatch);
        t.integer("sequence_length", training.sequenceLength);
    });
}

} // namespace

namespace MeasuredRunJson {

QString formatKey(MeasuredRun::Format format)
{
    return keyOf(kFormatKeys, format);
}

std::optional<MeasuredRun::Format> formatFromKey(const QString &key)
{
    return valueOf(kFormatKeys, key);
}

QString taskKey(MeasuredRun::Task task)
{
    return keyOf(kTaskKeys, task);
}

std::optional<MeasuredRun::Task> taskFromKey(const QString &key)
{
    return valueOf(kTaskKeys, key);
}

QJsonObject toJson(const MeasuredRun &run)
{
    QJsonObject object;
    object.insert(QStringLiteral("format"), formatKey(run.format));
    object.insert(QStringLiteral("record"), run.record);
    object.insert(QStringLiteral("task"), taskKey(run.task));
    MeasuredRun copy = run;
    Mapper mapper(&object);
    mapRun(mapper, copy);
    return object;
}

std::optional<MeasuredRun> fromJson(const QJsonObject &object, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<MeasuredRun> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    MeasuredRun run;
    const std::optional<Format> format = formatFromKey(object.value(QStringLiteral("format")).toString());
    if (!format)
        return fail(QStringLiteral("format: unknown value '%1'")
                        .arg(object.value(QStringLiteral("format")).toString().left(40)));
    run.format = *format;
    const std::optional<Task> task = taskFromKey(object.value(QStringLiteral("task")).toString());
    if (!task)
        return fail(QStringLiteral("task: unknown value '%1'")
                        .arg(object.value(QStringLiteral("task")).toString().left(40)));
    run.task = *task;
    const QJsonValue record = object.value(QStringLiteral("record"));
    if (!record.isDouble())
        return fail(QStringLiteral("record: must be a number"));
    run.record = record.toInt();
    Mapper mapper(object);
    mapRun(mapper, run);
    if (mapper.failed())
        return fail(mapper.error());
    return run;
}

} // namespace MeasuredRunJson
