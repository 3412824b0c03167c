#include "db/MeasurementFileReader.h"

#include "db/CsvReader.h"
#include "db/MeasuredRunBounds.h"
#include "db/MessageText.h"
#include "db/TextCheck.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>
#include <cmath>
#include <limits>

namespace {

using Format = MeasuredRun::Format;
using Task = MeasuredRun::Task;

// Where a run comes from and why reading stopped. Readers set error through fail() and return false.
struct Context
{
    QString fileName;
    QString where; // "line 3", "run 2": empty for a file with one run
    QString error;

    bool fail(const QString &why)
    {
        error = where.isEmpty() ? QStringLiteral("%1: %2").arg(fileName, why)
                                : QStringLiteral("%1: %2: %3").arg(fileName, where, why);
        return false;
    }
};

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

// JSON from Python (json.dumps) writes float('inf') and NaN as the bare words Infinity and NaN, which
// are not JSON: SGLang writes "request_rate": Infinity for an unlimited rate. Those words, outside
// strings, are quoted here so the parser accepts them and the readers can tell what they were. Each
// quoting adds two bytes; insertedAt keeps where, to give parse errors in the file's own columns.
struct QuotedJson
{
    QByteArray bytes;
    QVector<qsizetype> insertedAt; // offsets in bytes of each added opening quote
};

QuotedJson quoteNonFiniteWords(const QByteArray &in)
{
    static const QByteArray kWords[] = {QByteArrayLiteral("-Infinity"), QByteArrayLiteral("Infinity"),
                                        QByteArrayLiteral("NaN")};
    QuotedJson out;
    out.bytes.reserve(in.size() + 16);
    bool inString = false;
    for (qsizetype i = 0; i < in.size(); ++i) {
        const char c = in.at(i);
        if (inString) {
            out.bytes.append(c);
            if (c == '\\' && i + 1 < in.size())
                out.bytes.append(in.at(++i));
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out.bytes.append(c);
            continue;
        }
        bool quoted = false;
        for (const QByteArray &word : kWords) {
            if (!QByteArrayView(in).sliced(i).startsWith(word))
                continue;
            const qsizetype end = i + word.size();
            const bool wordEnds = end >= in.size() || !std::isalnum(static_cast<unsigned char>(in.at(end)));
            const bool wordStarts = i == 0 || !std::isalnum(static_cast<unsigned char>(in.at(i - 1)));
            if (!wordEnds || !wordStarts)
                continue;
            out.insertedAt.append(out.bytes.size());
            out.bytes.append('"').append(word).append('"');
            i = end - 1;
            quoted = true;
            break;
        }
        if (!quoted)
            out.bytes.append(c);
    }
    return out;
}

// "line L, column C" of a parse error, in the original text (before quoting) that starts on firstLine.
QString errorPosition(const QuotedJson &quoted, const QByteArray &original, qsizetype offset, int firstLine)
{
    qsizetype originalOffset = offset;
    for (const qsizetype at : quoted.insertedAt)
        if (at < offset)
            originalOffset -= 2;
    originalOffset = qBound<qsizetype>(0, originalOffset, original.size());
    int line = firstLine;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < originalOffset; ++i)
        if (original.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    // Columns count characters, not bytes: a UTF-8 multi-byte sequence is one column.
    const int column = int(QString::fromUtf8(original.mid(lineStart, originalOffset - lineStart)).size()) + 1;
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

std::optional<QJsonDocument> parseJson(const QByteArray &text, int firstLine, Context &context)
{
    const QuotedJson quoted = quoteNonFiniteWords(text);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(quoted.bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const QString where = errorPosition(quoted, text, parseError.offset, firstLine);
        const QString saved = context.where;
        context.where.clear();
        context.fail(
            QStringLiteral("invalid or truncated JSON at %1: %2").arg(where, parseError.errorString()));
        context.where = saved;
        return std::nullopt;
    }
    return document;
}

// A number as the file writes it: "inf", "Infinity" and "NaN" are read as such, so they can be named.
std::optional<double> numberFromText(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == u"inf" || t == u"+inf" || t == u"infinity" || t == u"+infinity")
        return std::numeric_limits<double>::infinity();
    if (t == u"-inf" || t == u"-infinity")
        return -std::numeric_limits<double>::infinity();
    if (t == u"nan")
        return std::numeric_limits<double>::quiet_NaN();
    bool ok = false;
    const double value = TextCheck::fileNumber(t, &ok);
    if (!ok)
        return std::nullopt;
    return value;
}

bool checkValue(double value, const QString &field, bool allowInfinity, Context &context)
{
    if (std::isnan(value))
        return context.fail(QStringLiteral("the field '%1' is NaN").arg(field));
    if (std::isinf(value) && (value < 0 || !allowInfinity))
        return context.fail(QStringLiteral("the field '%1' is infinite").arg(field));
    if (value < 0)
        return context.fail(QStringLiteral("the field '%1' is negative (%2)").arg(field).arg(value));
    return true;
}

enum class Range
{
    NonNegative,
    AnySign,
    NonNegativeOrInfinite
};

// Reads object[name] into *out: absent or null leaves it unset; a number or numeric string is checked.
bool readNumber(const QJsonObject &object, const QString &name, std::optional<double> *out, Context &context,
                Range range = Range::NonNegative, const QString &fieldPrefix = {})
{
    const QJsonValue value = object.value(name);
    const QString field = fieldPrefix + name;
    if (value.isUndefined() || value.isNull())
        return true;
    std::optional<double> number;
    if (value.isDouble())
        number = value.toDouble();
    else if (value.isString()) {
        if (value.toString().trimmed().isEmpty())
            return true;
        number = numberFromText(value.toString());
    }
    if (!number)
        return context.fail(QStringLiteral("the field '%1' is not a number").arg(field));
    if (range == Range::AnySign) {
        if (!std::isfinite(*number))
            return context.fail(
                QStringLiteral("the field '%1' is %2")
                    .arg(field, std::isnan(*number) ? QStringLiteral("NaN") : QStringLiteral("infinite")));
    } else if (!checkValue(*number, field, range == Range::NonNegativeOrInfinite, context)) {
        return false;
    }
    *out = number;
    return true;
}

bool readInt(const QJsonObject &object, const QString &name, std::optional<int> *out, Context &context,
             Range range = Range::NonNegative)
{
    std::optional<double> number;
    if (!readNumber(object, name, &number, context, range))
        return false;
    if (!number)
        return true;
    if (*number != std::floor(*number) || std::abs(*number) > std::numeric_limits<int>::max())
        return context.fail(
            QStringLiteral("the field '%1' is not a whole number (%2)").arg(name).arg(*number));
    *out = int(*number);
    return true;
}

QString text(const QJsonObject &object, const char *name)
{
    const QJsonValue value = object.value(key(name));
    if (value.isString())
        return value.toString().trimmed();
    if (value.isDouble())
        return QString::number(value.toDouble());
    return {};
}

bool checkText(const QString &value, const QString &field, Context &context)
{
    const QString problem = TextCheck::problem(value);
    if (!problem.isEmpty())
        return context.fail(QStringLiteral("the field '%1': %2").arg(field, problem));
    return true;
}

QString engineFromBackend(const QString &backend)
{
    const QString b = backend.toLower();
    if (b.startsWith(u"vllm"))
        return QStringLiteral("vllm");
    if (b.startsWith(u"sglang"))
        return QStringLiteral("sglang");
    if (b == u"trt" || b.startsWith(u"tensorrt") || b.startsWith(u"trtllm") || b.startsWith(u"trt-llm"))
        return QStringLiteral("trtllm");
    if (b.startsWith(u"lmdeploy"))
        return QStringLiteral("lmdeploy");
    if (b == u"tgi")
        return QStringLiteral("tgi");
    if (b.startsWith(u"llama.cpp") || b == u"llamacpp")
        return QStringLiteral("llama.cpp");
    return {}; // "openai", "openai-chat": any OpenAI-compatible server
}

// Mean of a per-request array (vLLM --save-detailed, SGLang --output-details), all entries checked.
bool arrayMean(const QJsonObject &object, const char *name, std::optional<double> *out, Context &context)
{
    const QJsonValue value = object.value(key(name));
    if (!value.isArray() || value.toArray().isEmpty())
        return true;
    double sum = 0;
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString field = QStringLiteral("%1[%2]").arg(key(name)).arg(i);
        if (!array.at(i).isDouble())
            return context.fail(QStringLiteral("the field '%1' is not a number").arg(field));
        if (!checkValue(array.at(i).toDouble(), field, false, context))
            return false;
        sum += array.at(i).toDouble();
    }
    *out = sum / double(array.size());
    return true;
}

// Mean tokens per request: the total over the completed requests, else the per-request array's mean.
bool meanTokens(const QJsonObject &object, const char *total, const char *perRequest,
                const std::optional<double> &completed, std::optional<double> *out, Context &context)
{
    std::optional<double> sum;
    if (!readNumber(object, key(total), &sum, context))
        return false;
    if (sum && completed && *completed > 0) {
        *out = *sum / *completed;
        return true;
    }
    return arrayMean(object, perRequest, out, context);
}

// The latency statistics "<stat>_<metric>_ms" that vLLM and SGLang write (vLLM: ttft, tpot, itl, e2el;
// SGLang: e2e_latency for e2el). Percentiles appear when asked for (--metric-percentiles 90,99).
bool readLatency(const QJsonObject &object, const QString &metric, MeasuredRun::Latency *latency,
                 Context &context)
{
    const auto field = [&metric](const char *stat) {
        return QStringLiteral("%1_%2_ms").arg(key(stat), metric);
    };
    return readNumber(object, field("mean"), &latency->mean, context) &&
           readNumber(object, field("median"), &latency->median, context) &&
           readNumber(object, field("p90"), &latency->p90, context) &&
           readNumber(object, field("p99"), &latency->p99, context);
}

// vllm bench serve --save-result (vllm/benchmarks/serve.py; benchmarks/benchmark_serving.py before).
bool readVllm(const QJsonObject &o, MeasuredRun &run, Context &context)
{
    run.format = Format::VllmBenchServe;
    run.tool = QStringLiteral("vllm bench serve");
    run.task = Task::InferenceServing;
    run.date = text(o, "date");
    run.backend = text(o, "backend");
    if (run.backend.isEmpty())
        run.backend = text(o, "endpoint_type");
    run.engine = engineFromBackend(run.backend);
    run.modelName = text(o, "model_id");
    // --metadata KEY=VALUE pairs land at the top level as strings; the usual names are read.
    for (const char *name : {"gpu", "gpu_name", "gpu_type"})
        if (run.gpuName.isEmpty())
            run.gpuName = text(o, name);
    for (const char *name : {"engine"})
        if (!text(o, name).isEmpty())
            run.engine = text(o, name).toLower();
    for (const char *name : {"precision", "quantization", "dtype"})
        if (run.precision.isEmpty())
            run.precision = text(o, name);
    for (const char *name : {"version", "vllm_version"})
        if (run.toolVersion.isEmpty())
            run.toolVersion = text(o, name);
    for (const QString *value : {&run.gpuName, &run.precision, &run.modelName, &run.backend})
        if (!checkText(*value, QStringLiteral("text"), context))
            return false;
    return readInt(o, QStringLiteral("num_prompts"), &run.numPrompts, context) &&
           readNumber(o, QStringLiteral("request_rate"), &run.requestRate, context,
                      Range::NonNegativeOrInfinite) &&
           readInt(o, QStringLiteral("max_concurrency"), &run.concurrency, context) &&
           readInt(o, QStringLiteral("tp"), &run.tensorParallel, context) &&
           readInt(o, QStringLiteral("tensor_parallel_size"), &run.tensorParallel, context) &&
           readInt(o, QStringLiteral("num_gpus"), &run.gpuCount, context) &&
           readNumber(o, QStringLiteral("completed"), &run.completedRequests, context) &&
           readNumber(o, QStringLiteral("duration"), &run.durationS, context) &&
           readNumber(o, QStringLiteral("request_throughput"), &run.requestsPerS, context) &&
           readNumber(o, QStringLiteral("output_throughput"), &run.outputTokensPerS, context) &&
           readNumber(o, QStringLiteral("total_token_throughput"), &run.totalTokensPerS, context) &&
           meanTokens(o, "total_input_tokens", "input_lens", run.completedRequests, &run.inputTokens,
                      context) &&
           meanTokens(o, "total_output_tokens", "output_lens", run.completedRequests, &run.outputTokens,
                      context) &&
           readLatency(o, QStringLiteral("ttft"), &run.ttftMs, context) &&
           readLatency(o, QStringLiteral("tpot"), &run.tpotMs, context) &&
           readLatency(o, QStringLiteral("itl"), &run.itlMs, context) &&
           readLatency(o, QStringLiteral("e2el"), &run.e2eMs, context);
}

// python -m sglang.bench_serving --output-file (python/sglang/bench_serving.py): one object a line.
bool readSglang(const QJsonObject &o, MeasuredRun &run, Context &context)
{
    run.format = Format::SglangBenchServing;
    run.tool = QStringLiteral("sglang.bench_serving");
    run.task = Task::InferenceServing;
    run.backend = text(o, "backend");
    run.engine = engineFromBackend(run.backend);
    run.dataset = text(o, "dataset_name");
    for (const char *name : {"model_id", "model", "tokenizer_id"})
        if (run.modelName.isEmpty())
            run.modelName = text(o, name);
    for (const QString *value : {&run.dataset, &run.modelName, &run.backend})
        if (!checkText(*value, QStringLiteral("text"), context))
            return false;
    std::optional<double> inputThroughput;
    const bool ok =
        readNumber(o, QStringLiteral("request_rate"), &run.requestRate, context,
                   Range::NonNegativeOrInfinite) &&
        readInt(o, QStringLiteral("max_concurrency"), &run.concurrency, context) &&
        readInt(o, QStringLiteral("num_prompts"), &run.numPrompts, context) &&
        readNumber(o, QStringLiteral("completed"), &run.completedRequests, context) &&
        readNumber(o, QStringLiteral("duration"), &run.durationS, context) &&
        readNumber(o, QStringLiteral("request_throughput"), &run.requestsPerS, context) &&
        readNumber(o, QStringLiteral("input_throughput"), &inputThroughput, context) &&
        readNumber(o, QStringLiteral("output_throughput"), &run.outputTokensPerS, context) &&
        readNumber(o, QStringLiteral("total_throughput"), &run.totalTokensPerS, context) &&
        meanTokens(o, "total_input_tokens", "input_lens", run.completedRequests, &run.inputTokens, context) &&
        meanTokens(o, "total_output_tokens", "output_lens", run.completedRequests, &run.outputTokens,
                   context) &&
        readLatency(o, QStringLiteral("ttft"), &run.ttftMs, context) &&
        readLatency(o, QStringLiteral("tpot"), &run.tpotMs, context) &&
        readLatency(o, QStringLiteral("itl"), &run.itlMs, context) &&
        readLatency(o, QStringLiteral("e2e_latency"), &run.e2eMs, context);
    if (ok && !run.totalTokensPerS && inputThroughput && run.outputTokensPerS)
        run.totalTokensPerS = *inputThroughput + *run.outputTokensPerS;
    return ok;
}

// One AIPerf / GenAI-Perf metric: {"unit": "ms", "avg": .., "p50": .., "p90": .., "p99": ..}.
// Time metrics are converted to milliseconds (toMs) or seconds (toS); other units are taken as written.
enum class TimeUnit
{
    None,
    Milliseconds,
    Seconds
};

bool readProfileMetric(const QJsonObject &root, const char *name, TimeUnit want, std::optional<double> *avg,
                       std::optional<double> *p50, std::optional<double> *p90, std::optional<double> *p99,
                       Context &context)
{
    const QJsonValue value = root.value(key(name));
    if (!value.isObject())
        return true;
    const QJsonObject metric = value.toObject();
    double scale = 1;
    if (want != TimeUnit::None) {
        const QString unit = metric.value(QStringLiteral("unit")).toString().trimmed().toLower();
        const QHash<QString, double> toSeconds = {
            {QStringLiteral("ns"), 1e-9},  {QStringLiteral("us"), 1e-6}, {QStringLiteral("ms"), 1e-3},
            {QStringLiteral("s"), 1},      {QStringLiteral("sec"), 1},   {QStringLiteral("seconds"), 1},
            {QStringLiteral("msec"), 1e-3}};
        if (!toSeconds.contains(unit))
            return context.fail(
                QStringLiteral("the field '%1' has the unit '%2', not a time").arg(key(name), unit));
        scale = toSeconds.value(unit) * (want == TimeUnit::Milliseconds ? 1000 : 1);
    }
    const QString prefix = key(name) + u'.';
    const auto one = [&](const char *stat, std::optional<double> *out) {
        if (!out)
            return true;
        if (!readNumber(metric, key(stat), out, context, Range::NonNegative, prefix))
            return false;
        if (*out)
            **out *= scale;
        return true;
    };
    return one("avg", avg) && one("p50", p50) && one("p90", p90) && one("p99", p99);
}

bool readProfileLatency(const QJsonObject &root, const char *name, MeasuredRun::Latency *latency,
                        Context &context)
{
    return readProfileMetric(root, name, TimeUnit::Milliseconds, &latency->mean, &latency->median,
                             &latency->p90, &latency->p99, context);
}

// The value at a path of object keys ("loadgen", "concurrency"), or undefined.
QJsonValue at(const QJsonObject &root, std::initializer_list<const char *> path)
{
    QJsonValue value = root;
    for (const char *name : path) {
        if (!value.isObject())
            return {};
        value = value.toObject().value(key(name));
    }
    return value;
}

// AIPerf profile_export_aiperf.json (aiperf/exporters/json_exporter.py) and GenAI-Perf's
// profile_export_genai_perf.json, whose layout AIPerf mirrors. The run's settings are under
// input_config: AIPerf nests them (endpoint.model_names, loadgen.concurrency), GenAI-Perf kept them flat.
bool readProfileExport(const QJsonObject &o, MeasuredRun &run, Context &context)
{
    run.format = Format::AiperfProfileExport;
    run.task = Task::InferenceServing;
    const QJsonObject config = o.value(QStringLiteral("input_config")).toObject();
    run.tool = config.contains(QStringLiteral("endpoint")) || config.contains(QStringLiteral("loadgen"))
                   ? QStringLiteral("aiperf")
                   : QStringLiteral("genai-perf");
    for (const QJsonValue &models :
         {at(config, {"endpoint", "model_names"}), at(config, {"model_names"}), at(config, {"model"})}) {
        if (!run.modelName.isEmpty())
            break;
        if (models.isArray() && !models.toArray().isEmpty())
            run.modelName = models.toArray().first().toString().trimmed();
        else if (models.isString())
            run.modelName = models.toString().trimmed();
    }
    if (!checkText(run.modelName, QStringLiteral("input_config model"), context))
        return false;
    // Settings, first where AIPerf writes them, then GenAI-Perf's flat names.
    QJsonObject settings;
    const auto setting = [&](const char *name, std::initializer_list<const char *> aiperfPath,
                             const char *flat) {
        QJsonValue value = at(config, aiperfPath);
        if (value.isUndefined() || value.isNull())
            value = config.value(key(flat));
        if (!value.isUndefined())
            settings.insert(key(name), value);
    };
    setting("concurrency", {"loadgen", "concurrency"}, "concurrency");
    setting("request_rate", {"loadgen", "request_rate"}, "request_rate");
    setting("request_count", {"loadgen", "request_count"}, "request_count");
    setting("input_tokens", {"input", "prompt", "input_tokens", "mean"}, "synthetic_input_tokens_mean");
    setting("output_tokens", {"input", "prompt", "output_tokens", "mean"}, "output_tokens_mean");
    std::optional<double> configInput;
    std::optional<double> configOutput;
    if (!readInt(settings, QStringLiteral("concurrency"), &run.concurrency, context) ||
        !readNumber(settings, QStringLiteral("request_rate"), &run.requestRate, context,
                    Range::NonNegativeOrInfinite) ||
        !readInt(settings, QStringLiteral("request_count"), &run.numPrompts, context) ||
        !readNumber(settings, QStringLiteral("input_tokens"), &configInput, context) ||
        !readNumber(settings, QStringLiteral("output_tokens"), &configOutput, context))
        return false;

    // inter_token_latency is (request latency - TTFT) / (output tokens - 1) per request: vLLM's TPOT.
    // inter_chunk_latency, the gap between streamed chunks, is the closer match to vLLM's ITL.
    const bool ok = readProfileLatency(o, "time_to_first_token", &run.ttftMs, context) &&
                    readProfileLatency(o, "inter_token_latency", &run.tpotMs, context) &&
                    readProfileLatency(o, "inter_chunk_latency", &run.itlMs, context) &&
                    readProfileLatency(o, "request_latency", &run.e2eMs, context) &&
                    readProfileMetric(o, "output_token_throughput", TimeUnit::None, &run.outputTokensPerS,
                                      nullptr, nullptr, nullptr, context) &&
                    readProfileMetric(o, "request_throughput", TimeUnit::None, &run.requestsPerS, nullptr,
                                      nullptr, nullptr, context) &&
                    readProfileMetric(o, "request_count", TimeUnit::None, &run.completedRequests, nullptr,
                                      nullptr, nullptr, context) &&
                    readProfileMetric(o, "benchmark_duration", TimeUnit::Seconds, &run.durationS, nullptr,
                                      nullptr, nullptr, context) &&
                    readProfileMetric(o, "input_sequence_length", TimeUnit::None, &run.inputTokens, nullptr,
                                      nullptr, nullptr, context) &&
                    readProfileMetric(o, "output_sequence_length", TimeUnit::None, &run.outputTokens, nullptr,
                                      nullptr, nullptr, context);
    if (!ok)
        return false;
    if (!run.inputTokens)
        run.inputTokens = configInput;
    if (!run.outputTokens)
        run.outputTokens = configOutput;
    return true;
}

// One llama-bench result (tools/llama-bench/llama-bench.cpp): JSON objects carry numbers, CSV rows
// the same fields as quoted text; both arrive here as a JSON object.
bool readLlamaBench(const QJsonObject &o, MeasuredRun &run, Context &context)
{
    run.tool = QStringLiteral("llama-bench");
    run.engine = QStringLiteral("llama.cpp");
    run.task = Task::InferenceSingle;
    run.toolVersion = text(o, "build_commit");
    run.date = text(o, "test_time");
    run.gpuName = text(o, "gpu_info");
    run.llamaBench.backends = text(o, "backends");
    run.llamaBench.modelType = text(o, "model_type");
    run.modelName = text(o, "model_filename");
    if (run.modelName.isEmpty())
        run.modelName = run.llamaBench.modelType;
    // model_type is "<architecture> <size> <file type>": "qwen2 7B Q4_K - Medium", "llama 7B mostly Q4_0".
    static const QRegularExpression typePattern(QStringLiteral("^\\S+\\s+\\S+\\s+(.+)$"));
    const QRegularExpressionMatch typeMatch = typePattern.match(run.llamaBench.modelType);
    if (typeMatch.hasMatch())
        run.precision = typeMatch.captured(1).trimmed();
    for (const QString *value :
         {&run.gpuName, &run.modelName, &run.llamaBench.modelType, &run.llamaBench.backends})
        if (!checkText(*value, QStringLiteral("text"), context))
            return false;
    MeasuredRun::LlamaBench &bench = run.llamaBench;
    std::optional<double> average;
    if (!readInt(o, QStringLiteral("n_prompt"), &bench.nPrompt, context) ||
        !readInt(o, QStringLiteral("n_gen"), &bench.nGen, context) ||
        !readInt(o, QStringLiteral("n_depth"), &bench.nDepth, context) ||
        !readInt(o, QStringLiteral("n_batch"), &bench.nBatch, context) ||
        !readInt(o, QStringLiteral("n_ubatch"), &bench.nUbatch, context) ||
        !readInt(o, QStringLiteral("n_gpu_layers"), &bench.nGpuLayers, context, Range::AnySign) ||
        !readNumber(o, QStringLiteral("avg_ts"), &average, context) ||
        !readNumber(o, QStringLiteral("stddev_ts"), &bench.stddevTokensPerS, context))
        return false;
    if (!average)
        return context.fail(QStringLiteral("the field 'avg_ts' is missing"));
    const int prompt = bench.nPrompt.value_or(0);
    const int generated = bench.nGen.value_or(0);
    if (prompt > 0 && generated == 0)
        bench.promptTokensPerS = average;
    else if (generated > 0 && prompt == 0)
        bench.generationTokensPerS = average;
    else if (prompt > 0 && generated > 0)
        bench.combinedTokensPerS = average;
    else
        return context.fail(QStringLiteral("neither n_prompt nor n_gen is above 0"));
    if (bench.nPrompt)
        run.inputTokens = double(*bench.nPrompt);
    if (bench.nGen)
        run.outputTokens = double(*bench.nGen);
    run.concurrency = 1;
    return true;
}

// What a JSON object is, by the keys its writer emits.
std::optional<Format> classify(const QJsonObject &o)
{
    const auto has = [&o](const char *name) { return o.contains(key(name)); };
    if (has("avg_ts") && (has("n_prompt") || has("n_gen")))
        return Format::LlamaBenchJson;
    const bool serving = has("mean_ttft_ms") || has("median_ttft_ms") || has("mean_e2el_ms") ||
                         has("mean_e2e_latency_ms") ||
                         (has("request_throughput") && o.value(key("request_throughput")).isDouble());
    if (serving) {
        if (has("dataset_name") || has("mean_e2e_latency_ms") || has("total_output_tokens_retokenized") ||
            has("accept_length"))
            return Format::SglangBenchServing;
        return Format::VllmBenchServe;
    }
    for (const char *metric : {"time_to_first_token", "request_latency", "request_throughput",
                               "output_token_throughput", "inter_token_latency"})
        if (o.value(key(metric)).isObject() &&
            o.value(key(metric)).toObject().contains(QStringLiteral("unit")))
            return Format::AiperfProfileExport;
    return std::nullopt;
}

bool readObject(const QJsonObject &o, Format format, MeasuredRun &run, Context &context)
{
    switch (format) {
    case Format::VllmBenchServe:
        return readVllm(o, run, context);
    case Format::SglangBenchServing:
        return readSglang(o, run, context);
    case Format::AiperfProfileExport:
        return readProfileExport(o, run, context);
    case Format::LlamaBenchJson:
    case Format::LlamaBenchCsv:
        run.format = format;
        return readLlamaBench(o, run, context);
    case Format::CsvTemplate:
        break;
    }
    return false;
}

MeasurementReadResult failed(const Context &context)
{
    MeasurementReadResult result;
    result.error = context.error;
    return result;
}

MeasurementReadResult unknownFormat(const QString &fileName, const QString &detail = {})
{
    MeasurementReadResult result;
    result.error = QStringLiteral("%1: not a measurement file GPU Compare reads%2; it reads %3")
                       .arg(fileName, detail.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(detail),
                            MeasurementFileReader::formatsRead());
    return result;
}

MeasurementReadResult noRuns(const QString &fileName)
{
    MeasurementReadResult result;
    result.error = QStringLiteral("%1: the file holds no measured runs").arg(fileName);
    return result;
}

// JSON Lines: SGLang appends one object a line; llama-bench -o jsonl too.
MeasurementReadResult readJsonLines(const QByteArray &bytes, Context &context)
{
    MeasurementReadResult result;
    const QList<QByteArray> lines = bytes.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        const int lineNumber = int(i) + 1;
        const std::optional<QJsonDocument> document = parseJson(lines.at(i), lineNumber, context);
        if (!document)
            return failed(context);
        context.where = QStringLiteral("line %1").arg(lineNumber);
        if (!document->isObject()) {
            context.fail(QStringLiteral("not a JSON object"));
            return failed(context);
        }
        const std::optional<Format> format = classify(document->object());
        if (!format)
            return unknownFormat(context.fileName, context.where + QStringLiteral(" is no result object"));
        MeasuredRun run;
        run.record = lineNumber;
        if (!readObject(document->object(), *format, run, context))
            return failed(context);
        result.runs.append(run);
    }
    if (result.runs.isEmpty())
        return noRuns(context.fileName);
    return result;
}

MeasurementReadResult readJson(const QByteArray &bytes, Context &context)
{
    // One document; failing that, JSON Lines when the first line is a whole object by itself.
    const QuotedJson quoted = quoteNonFiniteWords(bytes);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(quoted.bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const qsizetype firstBreak = bytes.indexOf('\n');
        if (firstBreak > 0 && !bytes.sliced(firstBreak).trimmed().isEmpty()) {
            QJsonParseError lineError;
            const QJsonDocument first =
                QJsonDocument::fromJson(quoteNonFiniteWords(bytes.left(firstBreak)).bytes, &lineError);
            if (lineError.error == QJsonParseError::NoError && first.isObject())
                return readJsonLines(bytes, context);
        }
        parseJson(bytes, 1, context);
        return failed(context);
    }
    MeasurementReadResult result;
    if (document.isObject()) {
        const std::optional<Format> format = classify(document.object());
        if (!format)
            return unknownFormat(context.fileName, QStringLiteral("a JSON object without result fields"));
        MeasuredRun run;
        run.record = 1;
        if (!readObject(document.object(), *format, run, context))
            return failed(context);
        result.runs.append(run);
        return result;
    }
    const QJsonArray array = document.array();
    if (array.isEmpty())
        return noRuns(context.fileName);
    for (qsizetype i = 0; i < array.size(); ++i) {
        context.where = QStringLiteral("run %1").arg(i + 1);
        const std::optional<Format> format =
            array.at(i).isObject() ? classify(array.at(i).toObject()) : std::optional<Format>();
        if (!format)
            return unknownFormat(context.fileName,
                                 QStringLiteral("element %1 of the array is no result object").arg(i + 1));
        MeasuredRun run;
        run.record = int(i) + 1;
        if (!readObject(array.at(i).toObject(), *format, run, context))
            return failed(context);
        result.runs.append(run);
    }
    return result;
}

// The CSV template (docs/measurements.md). Every column but model and task may be left out or empty.
struct TemplateColumn
{
    const char *name;
    enum Kind
    {
        Text,
        Int,
        Number,
        Rate
    } kind;
};

constexpr TemplateColumn kTemplateColumns[] = {
    {"gpu", TemplateColumn::Text},
    {"gpus", TemplateColumn::Int},
    {"model", TemplateColumn::Text},
    {"task", TemplateColumn::Text},
    {"engine", TemplateColumn::Text},
    {"tp", TemplateColumn::Int},
    {"pp", TemplateColumn::Int},
    {"dp", TemplateColumn::Int},
    {"precision", TemplateColumn::Text},
    {"input_tokens", TemplateColumn::Number},
    {"output_tokens", TemplateColumn::Number},
    {"concurrency", TemplateColumn::Int},
    {"request_rate", TemplateColumn::Rate},
    {"ttft_median_ms", TemplateColumn::Number},
    {"ttft_p90_ms", TemplateColumn::Number},
    {"ttft_p99_ms", TemplateColumn::Number},
    {"tpot_median_ms", TemplateColumn::Number},
    {"tpot_p90_ms", TemplateColumn::Number},
    {"tpot_p99_ms", TemplateColumn::Number},
    {"e2e_median_ms", TemplateColumn::Number},
    {"output_tokens_per_s", TemplateColumn::Number},
    {"requests_per_s", TemplateColumn::Number},
    {"tokens_per_s_per_gpu", TemplateColumn::Number},
    {"step_time_s", TemplateColumn::Number},
    {"mfu", TemplateColumn::Number},
    {"global_batch", TemplateColumn::Int},
    {"seq_len", TemplateColumn::Int},
    {"date", TemplateColumn::Text},
    {"source", TemplateColumn::Text},
};

MeasurementReadResult readTemplate(const QVector<CsvRecord> &records, const QHash<QString, int> &columns,
                                   Context &context)
{
    QHash<QString, TemplateColumn::Kind> known;
    for (const TemplateColumn &column : kTemplateColumns)
        known.insert(key(column.name), column.kind);
    for (auto it = columns.cbegin(); it != columns.cend(); ++it)
        if (!known.contains(it.key())) {
            context.where = QStringLiteral("line %1").arg(records.first().line);
            context.fail(QStringLiteral("the column '%1' is not in the template (docs/measurements.md)")
                             .arg(it.key()));
            return failed(context);
        }

    MeasurementReadResult result;
    for (qsizetype i = 1; i < records.size(); ++i) {
        const CsvRecord &record = records.at(i);
        context.where = QStringLiteral("line %1").arg(record.line);
        if (record.fields.size() != records.first().fields.size()) {
            context.fail(QStringLiteral("%1 fields, the header has %2")
                             .arg(record.fields.size())
                             .arg(records.first().fields.size()));
            return failed(context);
        }
        // The row as an object of its non-empty cells, so the JSON readers' number checks apply.
        QJsonObject row;
        for (auto it = columns.cbegin(); it != columns.cend(); ++it) {
            const QString cell = record.fields.at(it.value()).trimmed();
            if (!checkText(cell, it.key(), context))
                return failed(context);
            if (!cell.isEmpty())
                row.insert(it.key(), cell);
        }
        MeasuredRun run;
        run.format = Format::CsvTemplate;
        run.record = record.line;
        run.tool = QStringLiteral("csv template");
        run.gpuName = row.value(QStringLiteral("gpu")).toString();
        run.modelName = row.value(QStringLiteral("model")).toString();
        run.engine = row.value(QStringLiteral("engine")).toString().toLower();
        run.precision = row.value(QStringLiteral("precision")).toString();
        run.date = row.value(QStringLiteral("date")).toString();
        run.source = row.value(QStringLiteral("source")).toString();
        if (run.modelName.isEmpty()) {
            context.fail(QStringLiteral("the model is empty"));
            return failed(context);
        }
        const QString task = row.value(QStringLiteral("task")).toString().toLower();
        if (task == u"serving" || task == u"inference-serving")
            run.task = Task::InferenceServing;
        else if (task == u"single" || task == u"inference-single")
            run.task = Task::InferenceSingle;
        else if (task == u"training")
            run.task = Task::Training;
        else {
            context.fail(
                QStringLiteral("the task '%1' is none of inference-serving, inference-single, training")
                    .arg(task));
            return failed(context);
        }
        const bool ok =
            readInt(row, QStringLiteral("gpus"), &run.gpuCount, context) &&
            readInt(row, QStringLiteral("tp"), &run.tensorParallel, context) &&
            readInt(row, QStringLiteral("pp"), &run.pipelineParallel, context) &&
            readInt(row, QStringLiteral("dp"), &run.dataParallel, context) &&
            readNumber(row, QStringLiteral("input_tokens"), &run.inputTokens, context) &&
            readNumber(row, QStringLiteral("output_tokens"), &run.outputTokens, context) &&
            readInt(row, QStringLiteral("concurrency"), &run.concurrency, context) &&
            readNumber(row, QStringLiteral("request_rate"), &run.requestRate, context,
                       Range::NonNegativeOrInfinite) &&
            readNumber(row, QStringLiteral("ttft_median_ms"), &run.ttftMs.median, context) &&
            readNumber(row, QStringLiteral("ttft_p90_ms"), &run.ttftMs.p90, context) &&
            readNumber(row, QStringLiteral("ttft_p99_ms"), &run.ttftMs.p99, context) &&
            readNumber(row, QStringLiteral("tpot_median_ms"), &run.tpotMs.median, context) &&
            readNumber(row, QStringLiteral("tpot_p90_ms"), &run.tpotMs.p90, context) &&
            readNumber(row, QStringLiteral("tpot_p99_ms"), &run.tpotMs.p99, context) &&
            readNumber(row, QStringLiteral("e2e_median_ms"), &run.e2eMs.median, context) &&
            readNumber(row, QStringLiteral("output_tokens_per_s"), &run.outputTokensPerS, context) &&
            readNumber(row, QStringLiteral("requests_per_s"), &run.requestsPerS, context) &&
            readNumber(row, QStringLiteral("tokens_per_s_per_gpu"), &run.training.tokensPerSPerGpu,
                       context) &&
            readNumber(row, QStringLiteral("step_time_s"), &run.training.stepTimeS, context) &&
            readNumber(row, QStringLiteral("mfu"), &run.training.mfu, context) &&
            readInt(row, QStringLiteral("global_batch"), &run.training.globalBatch, context) &&
            readInt(row, QStringLiteral("seq_len"), &run.training.sequenceLength, context);
        if (!ok)
            return failed(context);
        if (run.training.mfu && *run.training.mfu > 1) {
            context.fail(QStringLiteral("the field 'mfu' is %1; it is a fraction (0.42), not percent")
                             .arg(*run.training.mfu));
            return failed(context);
        }
        const bool measured =
            run.task == Task::Training
                ? run.training.tokensPerSPerGpu || run.training.stepTimeS || run.training.mfu
                : run.ttftMs.median || run.ttftMs.p90 || run.ttftMs.p99 || run.tpotMs.median ||
                      run.tpotMs.p90 || run.tpotMs.p99 || run.e2eMs.median || run.outputTokensPerS ||
                      run.requestsPerS;
        if (!measured) {
            context.fail(
                run.task == Task::Training
                    ? QStringLiteral("a training row needs tokens_per_s_per_gpu, step_time_s or mfu")
                    : QStringLiteral("the row has no measured value (ttft, tpot, e2e or a throughput)"));
            return failed(context);
        }
        result.runs.append(run);
    }
    if (result.runs.isEmpty())
        return noRuns(context.fileName);
    return result;
}

MeasurementReadResult readCsv(const QByteArray &bytes, Context &context)
{
    QString csvError;
    const std::optional<QVector<CsvRecord>> records = CsvReader::parse(bytes, &csvError);
    if (!records)
        return unknownFormat(context.fileName, QStringLiteral("read as CSV, %1").arg(csvError));
    if (records->isEmpty())
        return noRuns(context.fileName);
    QHash<QString, int> columns;
    for (int i = 0; i < records->first().fields.size(); ++i)
        columns.insert(records->first().fields.at(i).trimmed().toLower(), i);

    if (columns.contains(QStringLiteral("avg_ts")) && columns.contains(QStringLiteral("n_prompt")) &&
        columns.contains(QStringLiteral("n_gen"))) {
        MeasurementReadResult result;
        for (qsizetype i = 1; i < records->size(); ++i) {
            const CsvRecord &record = records->at(i);
            context.where = QStringLiteral("line %1").arg(record.line);
            if (record.fields.size() != records->first().fields.size()) {
                context.fail(QStringLiteral("%1 fields, the header has %2")
                                 .arg(record.fields.size())
                                 .arg(records->first().fields.size()));
                return failed(context);
            }
            QJsonObject row;
            for (auto it = columns.cbegin(); it != columns.cend(); ++it)
                row.insert(it.key(), record.fields.at(it.value()));
            MeasuredRun run;
            run.record = record.line;
            if (!readObject(row, Format::LlamaBenchCsv, run, context))
                return failed(context);
            result.runs.append(run);
        }
        if (result.runs.isEmpty())
            return noRuns(context.fileName);
        return result;
    }
    if (columns.contains(QStringLiteral("model")) && columns.contains(QStringLiteral("task")))
        return readTemplate(*records, columns, context);
    return unknownFormat(context.fileName,
                         QStringLiteral("a CSV file without the template's model and task columns"));
}

} // namespace

MeasurementReadResult MeasurementFileReader::read(const QString &path)
{
    const QString fileName = MessageText::cut(QFileInfo(path).fileName());
    const BoundedFileRead::Result file = BoundedFileRead::read(path, BoundedFileRead::kMeasurementFile);
    if (!file.ok()) {
        MeasurementReadResult result;
        result.error = QStringLiteral("%1: %2").arg(fileName, file.error);
        return result;
    }
    return read(file.bytes, fileName);
}

MeasurementReadResult MeasurementFileReader::read(const QByteArray &bytes, const QString &fileName)
{
    Context context;
    context.fileName = fileName;
    if (bytes.size() > kMaxBytes) {
        MeasurementReadResult result;
        result.error = QStringLiteral("%1: %2").arg(
            fileName, BoundedFileRead::tooLargeMessage(BoundedFileRead::kMeasurementFile));
        return result;
    }
    QByteArray content = bytes;
    if (content.startsWith("\xEF\xBB\xBF"))
        content.remove(0, 3);
    const QByteArray trimmed = content.trimmed();
    if (trimmed.isEmpty())
        return noRuns(fileName);
    MeasurementReadResult result = trimmed.startsWith('{') || trimmed.startsWith('[')
                                       ? readJson(content, context)
                                       : readCsv(content, context);
    // Whatever the format, a number no real run can have is refused (MeasuredRunBounds).
    for (const MeasuredRun &run : std::as_const(result.runs)) {
        const QString problem = MeasuredRunBounds::problem(run);
        if (problem.isEmpty())
            continue;
        result.error = result.runs.size() > 1
                           ? QStringLiteral("%1: record %2: %3").arg(fileName).arg(run.record).arg(problem)
                           : QStringLiteral("%1: %2").arg(fileName, problem);
        result.runs.clear();
        break;
    }
    return result;
}

QString MeasurementFileReader::formatName(MeasuredRun::Format format)
{
    switch (format) {
    case Format::VllmBenchServe:
        return QStringLiteral("vllm bench serve --save-result JSON");
    case Format::SglangBenchServing:
        return QStringLiteral("SGLang bench_serving JSONL");
    case Format::AiperfProfileExport:
        return QStringLiteral("AIPerf / GenAI-Perf profile export JSON");
    case Format::LlamaBenchJson:
        return QStringLiteral("llama-bench -o json");
    case Format::LlamaBenchCsv:
        return QStringLiteral("llama-bench -o csv");
    case Format::CsvTemplate:
        return QStringLiteral("the GPU Compare measurement CSV template (docs/measurements.md)");
    }
    return {};
}

QString MeasurementFileReader::formatsRead()
{
    QStringList names;
    for (Format format : {Format::VllmBenchServe, Format::SglangBenchServing, Format::AiperfProfileExport,
                          Format::LlamaBenchJson, Format::LlamaBenchCsv, Format::CsvTemplate})
        names << formatName(format);
    return names.join(QStringLiteral(", "));
}
