#include "db/SystemCsvParser.h"

#include "db/CsvReader.h"
#include "db/CsvWriter.h"
#include "db/TextCheck.h"

#include <QHash>
#include <QLocale>
#include <QSet>

namespace {

// One record, read by column name; the first problem is kept with its line and column.
class Row
{
public:
    Row(const CsvRecord &record, const QHash<QString, int> &columns)
        : m_record(record)
        , m_columns(columns)
    {}

    QString text(const QString &column) const
    {
        const int index = m_columns.value(column, -1);
        return index >= 0 && index < m_record.fields.size()
                   ? CsvWriter::unprotectText(m_record.fields.at(index).trimmed())
                   : QString();
    }

    std::optional<double> number(const QString &column)
    {
        const QString cell = text(column);
        if (cell.isEmpty())
            return std::nullopt;
        bool ok = false;
        const double value = TextCheck::fileNumber(cell, &ok);
        if (!ok || value < 0) {
            fail(column, QStringLiteral("'%1' is not a number of 0 or more").arg(cell));
            return std::nullopt;
        }
        return value;
    }

    std::optional<int> count(const QString &column, int minimum)
    {
        const std::optional<double> value = number(column);
        if (value && (*value != double(int(*value)) || *value < minimum)) {
            fail(column,
                 QStringLiteral("'%1' is not a whole number of %2 or more").arg(text(column)).arg(minimum));
            return std::nullopt;
        }
        return value ? std::optional<int>(int(*value)) : std::nullopt;
    }

    void fail(const QString &column, const QString &reason)
    {
        if (m_error.isEmpty())
            m_error = QStringLiteral("line %1, column %2: %3").arg(m_record.line).arg(column, reason);
    }
    QString error() const { return m_error; }

private:
    const CsvRecord &m_record;
    const QHash<QString, int> &m_columns;
    QString m_error;
};

SystemSpec readRow(Row &row)
{
    SystemSpec s;
    s.systemId = row.text(QStringLiteral("system_id"));
    if (s.systemId.isEmpty())
        row.fail(QStringLiteral("system_id"), QStringLiteral("empty"));
    s.name = row.text(QStringLiteral("name"));
    s.gpuId = row.text(QStringLiteral("gpu_id"));
    if (s.gpuId.isEmpty())
        row.fail(QStringLiteral("gpu_id"), QStringLiteral("empty"));
    const std::optional<int> perNode = row.count(QStringLiteral("gpus_per_node"), 1);
    if (!perNode)
        row.fail(QStringLiteral("gpus_per_node"), QStringLiteral("a system holds 1 or more GPUs"));
    s.gpusPerNode = perNode.value_or(1);
    s.scaleUpGpus = row.count(QStringLiteral("scale_up_gpus"), 1);
    s.scaleUpGBsPerGpu = row.number(QStringLiteral("scale_up_gbs_per_gpu"));
    s.scaleUpKind = row.text(QStringLiteral("scale_up_kind"));
    if (!s.scaleUpKind.isEmpty() && !SystemKinds::all().contains(s.scaleUpKind))
        row.fail(QStringLiteral("scale_up_kind"),
                 QStringLiteral("'%1' is not one of %2").arg(s.scaleUpKind, SystemKinds::all().join(u", ")));
    s.nicsPerNode = row.count(QStringLiteral("nics_per_node"), 0);
    s.nicGbps = row.number(QStringLiteral("nic_gbps"));
    const QString rail = row.text(QStringLiteral("rail_optimized")).toLower();
    if (rail == QLatin1String("yes"))
        s.railOptimized = true;
    else if (rail == QLatin1String("no"))
        s.railOptimized = false;
    else if (!rail.isEmpty())
        row.fail(QStringLiteral("rail_optimized"), QStringLiteral("'%1' is not yes, no or empty").arg(rail));
    s.hostMemoryGb = row.number(QStringLiteral("host_memory_gb"));
    s.hostLink = row.text(QStringLiteral("host_link"));
    s.nodePowerW = row.number(QStringLiteral("node_power_w"));
    s.maxSystems = row.count(QStringLiteral("max_systems"), 1);
    s.priceUsd = row.number(QStringLiteral("price_usd"));
    s.priceDate = row.text(QStringLiteral("price_date"));
    s.usdPerGpuHour = row.number(QStringLiteral("usd_per_gpu_hour"));
    s.rentalDate = row.text(QStringLiteral("rental_date"));
    s.sources = row.text(QStringLiteral("sources"));
    s.notes = row.text(QStringLiteral("notes"));
    return s;
}

QString numberText(const std::optional<double> &value)
{
    return value ? QLocale::c().toString(*value, 'g', 15) : QString();
}

QString numberText(const std::optional<int> &value)
{
    return value ? QString::number(*value) : QString();
}

} // namespace

namespace SystemCsvParser {

const QStringList &columns()
{
    return systemValueColumns();
}

std::optional<QVector<SystemSpec>> parse(const QByteArray &csv, QString *error)
{
    const std::optional<QVector<CsvRecord>> records = CsvReader::parse(csv, error);
    if (!records)
        return std::nullopt;
    if (records->isEmpty()) {
        if (error)
            *error = QStringLiteral("line 1: no header");
        return std::nullopt;
    }
    QHash<QString, int> header;
    for (int i = 0; i < records->first().fields.size(); ++i)
        header.insert(records->first().fields.at(i).trimmed(), i);
    for (const QString &column : columns()) {
        if (!header.contains(column)) {
            if (error)
                *error = QStringLiteral("line 1: the column '%1' is missing").arg(column);
            return std::nullopt;
        }
    }
    QVector<SystemSpec> systems;
    QSet<QString> ids;
    for (qsizetype i = 1; i < records->size(); ++i) {
        Row row(records->at(i), header);
        SystemSpec system = readRow(row);
        if (ids.contains(system.systemId))
            row.fail(QStringLiteral("system_id"), QStringLiteral("'%1' is given twice").arg(system.systemId));
        if (!row.error().isEmpty()) {
            if (error)
                *error = row.error();
            return std::nullopt;
        }
        ids.insert(system.systemId);
        systems.append(system);
    }
    return systems;
}

QByteArray write(const QVector<SystemSpec> &systems)
{
    QStringList header;
    for (const QString &column : columns())
        header << CsvWriter::field(column);
    QString out = CsvWriter::line(header);
    const auto text = [](const QString &value) { return CsvWriter::textField(value); };
    for (const SystemSpec &s : systems) {
        const QString rail = !s.railOptimized   ? QString()
                             : *s.railOptimized ? QStringLiteral("yes")
                                                : QStringLiteral("no");
        out += CsvWriter::line({text(s.systemId),
                                text(s.name),
                                text(s.gpuId),
                                QString::number(s.gpusPerNode),
                                numberText(s.scaleUpGpus),
                                numberText(s.scaleUpGBsPerGpu),
                                text(s.scaleUpKind),
                                numberText(s.nicsPerNode),
                                numberText(s.nicGbps),
                                rail,
                                numberText(s.hostMemoryGb),
                                text(s.hostLink),
                                numberText(s.nodePowerW),
                                numberText(s.maxSystems),
                                numberText(s.priceUsd),
                                text(s.priceDate),
                                numberText(s.usdPerGpuHour),
                                text(s.rentalDate),
                                text(s.sources),
                                text(s.notes)});
    }
    return out.toUtf8();
}

} // namespace SystemCsvParser
