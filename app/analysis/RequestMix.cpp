#include "app/analysis/RequestMix.h"

#include "db/BoundedFileRead.h"
#include "db/CsvReader.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <algorithm>
#include <cmath>

namespace LengthDatasets {

QString name(LengthDataset dataset)
{
    switch (dataset) {
    case LengthDataset::Fixed:
        return QStringLiteral("fixed");
    case LengthDataset::Random:
        return QStringLiteral("random");
    case LengthDataset::ShareGpt:
        return QStringLiteral("sharegpt");
    case LengthDataset::File:
        return QStringLiteral("file");
    }
    return {};
}

std::optional<LengthDataset> fromName(const QString &name)
{
    for (LengthDataset d : {LengthDataset::Fixed, LengthDataset::Random, LengthDataset::ShareGpt})
        if (name.compare(LengthDatasets::name(d), Qt::CaseInsensitive) == 0)
            return d;
    return std::nullopt;
}

} // namespace LengthDatasets

namespace {

QString say(const char *source)
{
    return QCoreApplication::translate("RequestMix", source);
}

// Requests longer than this are not a serving benchmark's (and would take the simulation minutes).
constexpr int kMaxTokens = 10000000;
constexpr qsizetype kMaxRows = 1000000;

// One row's value as a count of tokens (or seconds for the arrival), or a message naming it.
std::optional<double> number(const QString &text, bool whole, QString *error)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value)) {
        *error = say(QT_TRANSLATE_NOOP("RequestMix", "'%1' is not a number")).arg(text.left(40));
        return std::nullopt;
    }
    if (whole && (value != std::floor(value) || value < 1.0 || value > kMaxTokens)) {
        *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1: allowed whole numbers 1 to 10000000")).arg(text);
        return std::nullopt;
    }
    if (!whole && value < 0.0) {
        *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1: an arrival time is 0 or more seconds")).arg(text);
        return std::nullopt;
    }
    return value;
}

// Reads one row from its three texts (arrival may be null: absent); a message names the field.
bool readRow(const QString &input, const QString &output, const QString *arrival, RequestShape *shape,
             QString *error)
{
    QString why;
    const auto in = number(input, true, &why);
    if (!in) {
        *error = QStringLiteral("input_tokens: %1").arg(why);
        return false;
    }
    const auto out = number(output, true, &why);
    if (!out) {
        *error = QStringLiteral("output_tokens: %1").arg(why);
        return false;
    }
    shape->inputTokens = int(*in);
    shape->outputTokens = int(*out);
    if (arrival) {
        const auto at = number(*arrival, false, &why);
        if (!at) {
            *error = QStringLiteral("arrival_s: %1").arg(why);
            return false;
        }
        shape->arrivalS = *at;
    }
    return true;
}

std::shared_ptr<const LengthTable> finish(LengthTable table, QString *error)
{
    if (table.requests.isEmpty()) {
        *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1: no requests (a header and at least one row "
                                                     "of input_tokens, output_tokens)"))
                     .arg(table.source);
        return nullptr;
    }
    double input = 0.0;
    double output = 0.0;
    table.hasArrivals = true;
    for (const RequestShape &r : table.requests) {
        input += r.inputTokens;
        output += r.outputTokens;
        table.maxTotal = std::max(table.maxTotal, r.inputTokens + r.outputTokens);
        table.hasArrivals = table.hasArrivals && r.arrivalS >= 0.0;
    }
    table.meanInput = input / table.requests.size();
    table.meanOutput = output / table.requests.size();
    if (table.hasArrivals) {
        // A trace's times count from its first request.
        double first = table.requests.front().arrivalS;
        for (const RequestShape &r : table.requests)
            first = std::min(first, r.arrivalS);
        for (RequestShape &r : table.requests)
            r.arrivalS -= first;
        std::stable_sort(
            table.requests.begin(), table.requests.end(),
            [](const RequestShape &a, const RequestShape &b) { return a.arrivalS < b.arrivalS; });
    }
    return std::make_shared<const LengthTable>(std::move(table));
}

std::shared_ptr<const LengthTable> parseCsv(const QByteArray &data, const QString &source, QString *error)
{
    QString why;
    const auto records = CsvReader::parse(data, &why);
    if (!records) {
        *error = QStringLiteral("%1: %2").arg(source, why);
        return nullptr;
    }
    if (records->isEmpty()) {
        *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1: empty file")).arg(source);
        return nullptr;
    }
    const QStringList header = records->front().fields;
    const auto column = [&header](const char *name) {
        for (qsizetype i = 0; i < header.size(); ++i)
            if (header[i].trimmed().compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
                return int(i);
        return -1;
    };
    const int in = column("input_tokens");
    const int out = column("output_tokens");
    const int at = column("arrival_s");
    if (in < 0 || out < 0) {
        *error =
            say(QT_TRANSLATE_NOOP("RequestMix", "%1, line %2: the header names no %3 column (it needs "
                                                "input_tokens and output_tokens; arrival_s is optional)"))
                .arg(source)
                .arg(records->front().line)
                .arg(in < 0 ? QStringLiteral("input_tokens") : QStringLiteral("output_tokens"));
        return nullptr;
    }
    LengthTable table;
    table.source = source;
    for (qsizetype i = 1; i < records->size(); ++i) {
        const CsvRecord &record = records->at(i);
        const int needed = std::max({in, out, at}) + 1;
        if (record.fields.size() < needed) {
            *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1, line %2: %3 fields where the header has %4"))
                         .arg(source)
                         .arg(record.line)
                         .arg(record.fields.size())
                         .arg(header.size());
            return nullptr;
        }
        RequestShape shape;
        if (!readRow(record.fields[in], record.fields[out], at >= 0 ? &record.fields[at] : nullptr, &shape,
                     &why)) {
            *error = QStringLiteral("%1, line %2: %3").arg(source).arg(record.line).arg(why);
            return nullptr;
        }
        table.requests.append(shape);
        if (table.requests.size() > kMaxRows) {
            *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1: more than 1000000 requests")).arg(source);
            return nullptr;
        }
    }
    return finish(std::move(table), error);
}

std::shared_ptr<const LengthTable> parseJsonLines(const QByteArray &data, const QString &source,
                                                  QString *error)
{
    LengthTable table;
    table.source = source;
    int line = 0;
    for (const QByteArray &text : data.split('\n')) {
        ++line;
        if (text.trimmed().isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
        if (!document.isObject()) {
            *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1, line %2: not a JSON object (%3)"))
                         .arg(source)
                         .arg(line)
                         .arg(parseError.errorString());
            return nullptr;
        }
        const QJsonObject o = document.object();
        for (const char *key : {"input_tokens", "output_tokens"}) {
            if (!o.value(QLatin1String(key)).isDouble()) {
                *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1, line %2: %3 is missing or not a number"))
                             .arg(source)
                             .arg(line)
                             .arg(QLatin1String(key));
                return nullptr;
            }
        }
        const auto text_ = [&o](const char *key) {
            return QString::number(o.value(QLatin1String(key)).toDouble(), 'g', 17);
        };
        const bool hasArrival = o.contains(QLatin1String("arrival_s"));
        const QString arrival = hasArrival ? text_("arrival_s") : QString();
        if (hasArrival && !o.value(QLatin1String("arrival_s")).isDouble()) {
            *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1, line %2: %3 is missing or not a number"))
                         .arg(source)
                         .arg(line)
                         .arg(QStringLiteral("arrival_s"));
            return nullptr;
        }
        RequestShape shape;
        QString why;
        if (!readRow(text_("input_tokens"), text_("output_tokens"), hasArrival ? &arrival : nullptr, &shape,
                     &why)) {
            *error = QStringLiteral("%1, line %2: %3").arg(source).arg(line).arg(why);
            return nullptr;
        }
        table.requests.append(shape);
        if (table.requests.size() > kMaxRows) {
            *error = say(QT_TRANSLATE_NOOP("RequestMix", "%1: more than 1000000 requests")).arg(source);
            return nullptr;
        }
    }
    return finish(std::move(table), error);
}

// A uniform integer in [low, high] from 32-bit draws: rejection keeps it exact and the same everywhere.
int uniformInt(std::mt19937 &random, int low, int high)
{
    const std::uint32_t span = std::uint32_t(high - low) + 1u;
    const std::uint32_t limit = span == 0 ? 0 : (0xFFFFFFFFu / span) * span;
    std::uint32_t value = random();
    while (span != 0 && value >= limit)
        value = random();
    return low + int(span == 0 ? value : value % span);
}

// vllm's RandomDataset: L x (1 - R) rounded down to L x (1 + R) rounded up, at least 1.
std::pair<int, int> rangeOf(int length, double ratio)
{
    const int low = std::max(1, int(std::floor(length * (1.0 - ratio))));
    const int high = std::max(low, int(std::ceil(length * (1.0 + ratio))));
    return {low, high};
}

} // namespace

std::shared_ptr<const LengthTable> LengthTable::shareGpt()
{
    static const std::shared_ptr<const LengthTable> table = [] {
        QFile file(QStringLiteral(":/datasets/sharegpt-lengths.csv"));
        QString error;
        if (!file.open(QIODevice::ReadOnly))
            return std::shared_ptr<const LengthTable>();
        return parse(file.readAll(), QStringLiteral("ShareGPT"), &error);
    }();
    return table;
}

std::shared_ptr<const LengthTable> LengthTable::readFile(const QString &path, QString *error)
{
    // At most the limit plus one byte of anything (a FIFO, /dev/zero): its size is no guide.
    const BoundedFileRead::Result file = BoundedFileRead::read(path, BoundedFileRead::kRequestTrace);
    if (!file.ok()) {
        *error = QStringLiteral("%1: %2").arg(path, file.error);
        return nullptr;
    }
    return parse(file.bytes, QFileInfo(path).fileName(), error);
}

std::shared_ptr<const LengthTable> LengthTable::parse(const QByteArray &data, const QString &source,
                                                      QString *error)
{
    // JSON Lines start with an object; anything else is read as CSV.
    const QByteArray start = data.trimmed().left(1);
    return start == "{" ? parseJsonLines(data, source, error) : parseCsv(data, source, error);
}

std::shared_ptr<const LengthTable> LengthTable::scaledTo(double meanInputTokens,
                                                         double meanOutputTokens) const
{
    LengthTable scaled;
    scaled.source = source;
    const double in = meanInput > 0.0 ? meanInputTokens / meanInput : 1.0;
    const double out = meanOutput > 0.0 ? meanOutputTokens / meanOutput : 1.0;
    for (const RequestShape &r : requests)
        scaled.requests.append({std::max(1, int(std::lround(r.inputTokens * in))),
                                std::max(1, int(std::lround(r.outputTokens * out))), r.arrivalS});
    QString error;
    return finish(std::move(scaled), &error);
}

std::vector<RequestShape> LengthMix::draw(int count, std::uint32_t seed) const
{
    std::vector<RequestShape> requests;
    requests.reserve(std::max(0, count));
    if (dataset == LengthDataset::Fixed ||
        ((dataset == LengthDataset::ShareGpt || dataset == LengthDataset::File) &&
         (!table || table->requests.isEmpty()))) {
        requests.assign(std::max(0, count), RequestShape{inputTokens, outputTokens, -1.0});
        return requests;
    }
    std::mt19937 random(seed ^ 0x5bd1e995u); // apart from the arrivals' generator on the same seed
    if (dataset == LengthDataset::Random) {
        const auto [inLow, inHigh] = rangeOf(inputTokens, randomRangeRatio);
        const auto [outLow, outHigh] = rangeOf(outputTokens, randomRangeRatio);
        for (int i = 0; i < count; ++i) {
            const int in = uniformInt(random, inLow, inHigh);
            requests.push_back({in, uniformInt(random, outLow, outHigh), -1.0});
        }
        return requests;
    }
    const auto &rows = table->requests;
    if (dataset == LengthDataset::File) { // a user's file (a trace) is sent in its order
        for (int i = 0; i < count; ++i)
            requests.push_back(rows[i % rows.size()]);
        return requests;
    }
    // A shuffled order (Fisher-Yates), repeated when more requests are asked than the table holds.
    std::vector<int> order(rows.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    for (size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[size_t(uniformInt(random, 0, int(i - 1)))]);
    for (int i = 0; i < count; ++i) {
        RequestShape shape = rows[order[size_t(i) % order.size()]];
        shape.arrivalS = -1.0;
        requests.push_back(shape);
    }
    return requests;
}

int LengthMix::longestRequest() const
{
    switch (dataset) {
    case LengthDataset::Random:
        return rangeOf(inputTokens, randomRangeRatio).second + rangeOf(outputTokens, randomRangeRatio).second;
    case LengthDataset::ShareGpt:
    case LengthDataset::File:
        if (table)
            return table->maxTotal;
        break;
    case LengthDataset::Fixed:
        break;
    }
    return inputTokens + outputTokens;
}
