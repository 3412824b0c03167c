#include "db/BenchmarkCsvParser.h"

#include "db/BenchmarkColumns.h"
#include "db/CsvReader.h"
#include "db/TextCheck.h"

#include <QHash>
#include <QLocale>
#include <cmath>

namespace {

std::optional<double> finiteNumber(const QString &text)
{
    bool ok = false;
    const double value = TextCheck::fileNumber(text.trimmed(), &ok);
    if (!ok || !std::isfinite(value) || value < 0)
        return std::nullopt;
    return value;
}

} // namespace

namespace BenchmarkCsvParser {

std::optional<QVector<Benchmark>> parse(const QByteArray &csv, QString *error)
{
    const auto fail = [error](int line, const QString &reason) -> std::optional<QVector<Benchmark>> {
        if (error)
            *error = QStringLiteral("line %1: %2").arg(line).arg(reason);
        return std::nullopt;
    };
    const std::optional<QVector<CsvRecord>> records = CsvReader::parse(csv, error);
    if (!records)
        return std::nullopt;
    if (records->isEmpty())
        return fail(1, QStringLiteral("the benchmark CSV is empty"));
    QHash<QString, int> columns;
    for (int i = 0; i < records->first().fields.size(); ++i)
        columns.insert(records->first().fields.at(i).trimmed(), i);
    QStringList required;
    for (const BenchmarkTextColumn &column : kBenchmarkTextColumns)
        required << QString::fromLatin1(column.csvName);
    required << QStringLiteral("num_gpus") << QStringLiteral("value") << QStringLiteral("value_per_gpu");
    for (const QString &column : required)
        if (!columns.contains(column))
            return fail(1, QStringLiteral("the column '%1' is missing").arg(column));

    QVector<Benchmark> benchmarks;
    for (qsizetype i = 1; i < records->size(); ++i) {
        const CsvRecord &record = records->at(i);
        if (record.fields.size() != records->first().fields.size())
            return fail(record.line, QStringLiteral("%1 fields, the header has %2")
                                         .arg(record.fields.size())
                                         .arg(records->first().fields.size()));
        const auto cell = [&](const QString &column) {
            return record.fields.at(columns.value(column)).trimmed();
        };
        Benchmark benchmark;
        for (const BenchmarkTextColumn &column : kBenchmarkTextColumns) {
            const QString name = QString::fromLatin1(column.csvName);
            benchmark.*column.member = cell(name);
            if (const QString problem = TextCheck::problem(benchmark.*column.member); !problem.isEmpty())
                return fail(record.line, QStringLiteral("field %1: %2").arg(name, problem));
        }
        if (benchmark.benchId.isEmpty())
            return fail(record.line, QStringLiteral("bench_id is empty"));
        bool ok = false;
        benchmark.gpuCount = cell(QStringLiteral("num_gpus")).toInt(&ok);
        if (!ok || benchmark.gpuCount < 1)
            return fail(record.line, QStringLiteral("num_gpus '%1' is not a whole number >= 1")
                                         .arg(cell(QStringLiteral("num_gpus"))));
        const std::optional<double> value = finiteNumber(cell(QStringLiteral("value")));
        if (!value)
            return fail(record.line,
                        QStringLiteral("value '%1' is not a number").arg(cell(QStringLiteral("value"))));
        benchmark.value = *value;
        const QString perGpu = cell(QStringLiteral("value_per_gpu"));
        if (!perGpu.isEmpty()) {
            benchmark.valuePerGpu = finiteNumber(perGpu);
            if (!benchmark.valuePerGpu)
                return fail(record.line, QStringLiteral("value_per_gpu '%1' is not a number").arg(perGpu));
        }
        benchmarks.append(benchmark);
    }
    return benchmarks;
}

} // namespace BenchmarkCsvParser
