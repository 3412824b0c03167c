#include "db/DatasheetCsvParser.h"

#include "db/CsvReader.h"
#include "db/GpuField.h"
#include "db/PciIds.h"
#include "db/TextCheck.h"

#include <QLocale>
#include <QRegularExpression>
#include <cmath>
#include <functional>

namespace {

const QStringList kRequiredColumns{QStringLiteral("gpu_id"),
                                   QStringLiteral("vendor"),
                                   QStringLiteral("product"),
                                   QStringLiteral("variant"),
                                   QStringLiteral("architecture"),
                                   QStringLiteral("gpu_chip"),
                                   QStringLiteral("release_year"),
                                   QStringLiteral("release_note"),
                                   QStringLiteral("process_node"),
                                   QStringLiteral("sm_or_cu_count"),
                                   QStringLiteral("boost_clock_mhz"),
                                   QStringLiteral("fp64_tflops"),
                                   QStringLiteral("fp64_tensor_tflops"),
                                   QStringLiteral("fp32_tflops"),
                                   QStringLiteral("tf32_tensor_dense_tflops"),
                                   QStringLiteral("tf32_tensor_sparse_tflops"),
                                   QStringLiteral("fp16_bf16_tensor_dense_tflops"),
                                   QStringLiteral("fp16_bf16_tensor_sparse_tflops"),
                                   QStringLiteral("fp16_accumulate_dense_tflops"),
                                   QStringLiteral("fp16_accumulate_note"),
                                   QStringLiteral("fp8_tensor_dense_tflops"),
                                   QStringLiteral("fp8_tensor_sparse_tflops"),
                                   QStringLiteral("int8_tensor_dense_tops"),
                                   QStringLiteral("int8_tensor_sparse_tops"),
                                   QStringLiteral("fp4_tensor_dense_tflops"),
                                   QStringLiteral("fp4_tensor_sparse_tflops"),
                                   QStringLiteral("fp6_tensor_dense_tflops"),
                                   QStringLiteral("fp6_tensor_sparse_tflops"),
                                   QStringLiteral("vendor_headline_tensor_figures_are_sparse"),
                                   QStringLiteral("memory_gb"),
                                   QStringLiteral("memory_type"),
                                   QStringLiteral("memory_bus_bits"),
                                   QStringLiteral("memory_bandwidth_gbps"),
                                   QStringLiteral("tdp_w"),
                                   QStringLiteral("nvlink_or_fabric"),
                                   QStringLiteral("nvlink_bandwidth_gbps_bidir"),
                                   QStringLiteral("pcie"),
                                   QStringLiteral("pcie_bandwidth_gbps_bidir"),
                                   QStringLiteral("gpus_per_node"),
                                   QStringLiteral("form_factor"),
                                   QStringLiteral("mig_support"),
                                   QStringLiteral("launch_msrp_usd"),
                                   QStringLiteral("price_note"),
                                   QStringLiteral("source_primary"),
                                   QStringLiteral("source_crosscheck"),
                                   QStringLiteral("confidence"),
                                   QStringLiteral("notes")};

bool isMissingText(const QString &cell)
{
    const QString text = cell.trimmed().toLower();
    return text.isEmpty() || text == QStringLiteral("n/a") ||
           text.startsWith(QStringLiteral("not published"));
}

// One row of the datasheet, with the helpers that read its cells and remember the first problem.
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
        return index >= 0 && index < m_record.fields.size() ? m_record.fields.at(index).trimmed() : QString();
    }

    // A cell that must be a plain number or missing.
    std::optional<double> number(const QString &column)
    {
        const QString cell = text(column);
        if (isMissingText(cell))
            return std::nullopt;
        bool ok = false;
        const double value = TextCheck::fileNumber(cell, &ok);
        if (!ok)
            fail(column, QStringLiteral("'%1' is not a number").arg(cell));
        return ok ? std::optional<double>(value) : std::nullopt;
    }

    // A cell that starts with a number and may say more ("304 CU", "~1965 (...)"); the full text
    // goes to *note when it is more than the number.
    std::optional<double> leadingNumber(const QString &column, QString *note)
    {
        const QString cell = text(column);
        if (isMissingText(cell)) {
            if (note && !cell.isEmpty() && cell.toLower() != QStringLiteral("n/a"))
                *note = cell;
            return std::nullopt;
        }
        static const QRegularExpression pattern(QStringLiteral("^~?\\s*(\\d+(?:\\.\\d+)?)"));
        const QRegularExpressionMatch match = pattern.match(cell);
        if (!match.hasMatch()) {
            fail(column, QStringLiteral("'%1' does not start with a number").arg(cell));
            return std::nullopt;
        }
        if (note && match.captured(0) != cell)
            *note = cell;
        return QLocale::c().toDouble(match.captured(1));
    }

    // TDP: the configurable maximum of "up to N", "A-B" or "N", before any parenthesis.
    std::optional<double> tdpMaximum(const QString &column, QString *note)
    {
        const QString cell = text(column);
        if (isMissingText(cell))
            return std::nullopt;
        static const QRegularExpression pattern(
            QStringLiteral("^(?:up to\\s+)?(\\d+(?:\\.\\d+)?)(?:\\s*-\\s*(\\d+(?:\\.\\d+)?))?"),
            QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch match = pattern.match(cell);
        if (!match.hasMatch()) {
            fail(column, QStringLiteral("'%1' is not a power figure").arg(cell));
            return std::nullopt;
        }
        if (note && match.captured(0) != cell)
            *note = cell;
        const double low = QLocale::c().toDouble(match.captured(1));
        return match.captured(2).isEmpty() ? low : std::max(low, QLocale::c().toDouble(match.captured(2)));
    }

    std::optional<int> integer(const QString &column, QString *note = nullptr)
    {
        const std::optional<double> value = note ? leadingNumber(column, note) : number(column);
        if (!value)
            return std::nullopt;
        // A plain cell must be whole ("8.5" GPUs is a typo, not 8); either kind must fit an int.
        if ((!note && std::floor(*value) != *value) || !(std::abs(*value) <= 1.0e9)) {
            fail(column, QStringLiteral("'%1' is not a whole number in range").arg(text(column)));
            return std::nullopt;
        }
        return static_cast<int>(*value);
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

GpuSpec readGpu(Row &row)
{
    GpuSpec gpu;
    gpu.gpuId = row.text(QStringLiteral("gpu_id"));
    gpu.vendor = row.text(QStringLiteral("vendor"));
    gpu.product = row.text(QStringLiteral("product"));
    gpu.variant = row.text(QStringLiteral("variant"));
    gpu.architecture = row.text(QStringLiteral("architecture"));
    gpu.chip = row.text(QStringLiteral("gpu_chip"));
    gpu.releaseYear = row.integer(QStringLiteral("release_year"));
    gpu.releaseNote = row.text(QStringLiteral("release_note"));
    gpu.processNode = row.text(QStringLiteral("process_node"));
    gpu.computeUnits = row.integer(QStringLiteral("sm_or_cu_count"), &gpu.computeUnitsNote);
    gpu.boostClockMhz = row.leadingNumber(QStringLiteral("boost_clock_mhz"), &gpu.boostClockNote);

    gpu.fp64Tflops = row.number(QStringLiteral("fp64_tflops"));
    gpu.fp64TensorTflops = row.number(QStringLiteral("fp64_tensor_tflops"));
    gpu.fp32Tflops = row.number(QStringLiteral("fp32_tflops"));
    gpu.tf32DenseTflops = row.number(QStringLiteral("tf32_tensor_dense_tflops"));
    gpu.tf32SparseTflops = row.number(QStringLiteral("tf32_tensor_sparse_tflops"));
    gpu.fp16DenseTflops = row.number(QStringLiteral("fp16_bf16_tensor_dense_tflops"));
    gpu.fp16SparseTflops = row.number(QStringLiteral("fp16_bf16_tensor_sparse_tflops"));
    gpu.fp16AccumulateDenseTflops = row.number(QStringLiteral("fp16_accumulate_dense_tflops"));
    gpu.computeNote = row.text(QStringLiteral("fp16_accumulate_note"));
    // Optional columns (microbenchmarks, not datasheets): absent in older files, empty where unmeasured.
    gpu.achievableMatmulTflops = row.number(QStringLiteral("achievable_matmul_tflops"));
    gpu.achievableMemoryGBs = row.number(QStringLiteral("achievable_memory_gbps"));
    gpu.achievableSource = row.text(QStringLiteral("achievable_source"));
    gpu.fp8DenseTflops = row.number(QStringLiteral("fp8_tensor_dense_tflops"));
    gpu.fp8SparseTflops = row.number(QStringLiteral("fp8_tensor_sparse_tflops"));
    gpu.int8DenseTops = row.number(QStringLiteral("int8_tensor_dense_tops"));
    gpu.int8SparseTops = row.number(QStringLiteral("int8_tensor_sparse_tops"));
    gpu.fp4DenseTflops = row.number(QStringLiteral("fp4_tensor_dense_tflops"));
    gpu.fp4SparseTflops = row.number(QStringLiteral("fp4_tensor_sparse_tflops"));
    gpu.fp6DenseTflops = row.number(QStringLiteral("fp6_tensor_dense_tflops"));
    gpu.fp6SparseTflops = row.number(QStringLiteral("fp6_tensor_sparse_tflops"));
    gpu.sparseHeadlineNote = row.text(QStringLiteral("vendor_headline_tensor_figures_are_sparse"));

    gpu.memoryGb = row.number(QStringLiteral("memory_gb"));
    gpu.memoryType = row.text(QStringLiteral("memory_type"));
    gpu.memoryBusBits = row.integer(QStringLiteral("memory_bus_bits"));
    gpu.memoryBandwidthGBs = row.number(QStringLiteral("memory_bandwidth_gbps"));

    gpu.tdpW = row.tdpMaximum(QStringLiteral("tdp_w"), &gpu.tdpNote);
    gpu.interconnectNote = row.text(QStringLiteral("nvlink_or_fabric"));
    gpu.interconnectKind = DatasheetCsvParser::interconnectKindFor(gpu.interconnectNote);
    if (gpu.interconnectKind.isEmpty())
        row.fail(QStringLiteral("nvlink_or_fabric"),
                 QStringLiteral("'%1' is not a known interconnect").arg(gpu.interconnectNote));
    gpu.interconnectGBs = row.number(QStringLiteral("nvlink_bandwidth_gbps_bidir"));
    gpu.pcieNote = row.text(QStringLiteral("pcie"));
    static const QRegularExpression pcieGen(QStringLiteral("Gen\\s*(\\d+)"),
                                            QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch pcieMatch = pcieGen.match(gpu.pcieNote);
    if (pcieMatch.hasMatch())
        gpu.pcieGeneration = pcieMatch.captured(1).toInt();
    else if (!isMissingText(gpu.pcieNote))
        row.fail(QStringLiteral("pcie"), QStringLiteral("'%1' names no PCIe generation").arg(gpu.pcieNote));
    gpu.pcieGBs = row.number(QStringLiteral("pcie_bandwidth_gbps_bidir"));
    gpu.gpusPerNode = row.integer(QStringLiteral("gpus_per_node"));
    gpu.formFactor = row.text(QStringLiteral("form_factor"));
    gpu.mig = row.text(QStringLiteral("mig_support"));

    gpu.priceUsd = row.number(QStringLiteral("launch_msrp_usd"));
    gpu.priceNote = row.text(QStringLiteral("price_note"));
    gpu.sources = row.text(QStringLiteral("source_primary"));
    gpu.sourceCrosscheck = row.text(QStringLiteral("source_crosscheck"));
    gpu.confidence = row.text(QStringLiteral("confidence"));
    gpu.notes = row.text(QStringLiteral("notes"));
    return gpu;
}

QHash<QString, int> headerColumns(const CsvRecord &header)
{
    QHash<QString, int> columns;
    for (int i = 0; i < header.fields.size(); ++i)
        columns.insert(header.fields.at(i).trimmed(), i);
    return columns;
}

// Merges a per-GPU side file of the seed (prices, PCI ids) into gpus by gpu_id: every row must name a
// datasheet GPU, and apply() reads its cells into that GPU, failing the row on a bad one. All or nothing:
// the first problem, with its line and column, leaves gpus as they were.
bool mergeByGpuId(QVector<GpuSpec> &gpus, const QByteArray &csv, const QStringList &requiredColumns,
                  const std::function<void(Row &, GpuSpec &)> &apply, QString *error)
{
    const std::optional<QVector<CsvRecord>> records = CsvReader::parse(csv, error);
    if (!records || records->isEmpty())
        return false;
    const QHash<QString, int> columns = headerColumns(records->first());
    for (const QString &column : requiredColumns) {
        if (!columns.contains(column)) {
            if (error)
                *error = QStringLiteral("line 1: the column '%1' is missing").arg(column);
            return false;
        }
    }
    QVector<GpuSpec> merged = gpus;
    for (qsizetype i = 1; i < records->size(); ++i) {
        Row row(records->at(i), columns);
        const QString gpuId = row.text(QStringLiteral("gpu_id"));
        const auto target = std::find_if(merged.begin(), merged.end(),
                                         [&](const GpuSpec &gpu) { return gpu.gpuId == gpuId; });
        GpuSpec unknown;
        if (target == merged.end())
            row.fail(QStringLiteral("gpu_id"), QStringLiteral("'%1' is not in the datasheet").arg(gpuId));
        apply(row, target == merged.end() ? unknown : *target);
        if (!row.error().isEmpty()) {
            if (error)
                *error = row.error();
            return false;
        }
    }
    gpus = merged;
    return true;
}

} // namespace

namespace DatasheetCsvParser {

QString interconnectKindFor(const QString &text)
{
    const QString lower = text.trimmed().toLower();
    if (lower.isEmpty() || lower == QStringLiteral("none") || lower == QStringLiteral("n/a"))
        return QStringLiteral("none");
    if (lower.contains(QStringLiteral("infinity fabric")) || lower.contains(QStringLiteral("xgmi")))
        return QStringLiteral("infinity-fabric");
    if (lower.contains(QStringLiteral("nvlink"))) {
        // A bridge links 2 (or 4) cards; NVSwitch (and GH200's GPU-to-GPU NVLink) links a whole node.
        if (lower.contains(QStringLiteral("bridge")))
            return QStringLiteral("nvlink-bridge");
        return QStringLiteral("nvlink-switch");
    }
    return {};
}

std::optional<QVector<GpuSpec>> parse(const QByteArray &csv, QString *error)
{
    const std::optional<QVector<CsvRecord>> records = CsvReader::parse(csv, error);
    if (!records)
        return std::nullopt;
    if (records->isEmpty()) {
        if (error)
            *error = QStringLiteral("line 1: the datasheet CSV is empty");
        return std::nullopt;
    }
    const QHash<QString, int> columns = headerColumns(records->first());
    for (const QString &column : kRequiredColumns) {
        if (!columns.contains(column)) {
            if (error)
                *error = QStringLiteral("line 1: the column '%1' is missing").arg(column);
            return std::nullopt;
        }
    }
    QVector<GpuSpec> gpus;
    for (qsizetype i = 1; i < records->size(); ++i) {
        const CsvRecord &record = records->at(i);
        if (record.fields.size() != records->first().fields.size()) {
            if (error)
                *error = QStringLiteral("line %1: %2 fields, the header has %3")
                             .arg(record.line)
                             .arg(record.fields.size())
                             .arg(records->first().fields.size());
            return std::nullopt;
        }
        Row row(record, columns);
        GpuSpec gpu = readGpu(row);
        QString problem = row.error();
        if (problem.isEmpty()) {
            const QString invalid = GpuFields::validateAll(gpu);
            if (!invalid.isEmpty())
                problem = QStringLiteral("line %1: %2").arg(record.line).arg(invalid);
        }
        if (!problem.isEmpty()) {
            if (error)
                *error = problem;
            return std::nullopt;
        }
        gpus.append(gpu);
    }
    return gpus;
}

bool applyPrices(QVector<GpuSpec> &gpus, const QByteArray &pricesCsv, QString *error)
{
    return mergeByGpuId(
        gpus, pricesCsv,
        {QStringLiteral("gpu_id"), QStringLiteral("usd_per_gpu_hour"), QStringLiteral("basis"),
         QStringLiteral("source")},
        [](Row &row, GpuSpec &gpu) {
            gpu.usdPerGpuHour = row.number(QStringLiteral("usd_per_gpu_hour"));
            const QString source = row.text(QStringLiteral("source"));
            gpu.usdPerGpuHourNote = row.text(QStringLiteral("basis")) +
                                    (source.isEmpty() ? QString() : QStringLiteral(" Sources: ") + source);
            // A purchase price where the vendor publishes none (most data-centre parts): the press's
            // estimate, so that an owned comparison can price them; a datasheet MSRP is kept.
            const std::optional<double> purchase = row.number(QStringLiteral("purchase_usd"));
            if (purchase && !gpu.priceUsd) {
                gpu.priceUsd = purchase;
                gpu.priceNote = row.text(QStringLiteral("purchase_basis")) + QStringLiteral(" Sources: ") +
                                row.text(QStringLiteral("purchase_source"));
            }
        },
        error);
}

bool applyPciIds(QVector<GpuSpec> &gpus, const QByteArray &pciIdsCsv, QString *error)
{
    return mergeByGpuId(
        gpus, pciIdsCsv, {QStringLiteral("gpu_id"), QStringLiteral("pci_ids"), QStringLiteral("source")},
        [](Row &row, GpuSpec &gpu) {
            gpu.pciIds = row.text(QStringLiteral("pci_ids"));
            if (const QString problem = PciIds::problem(gpu.pciIds); !problem.isEmpty())
                row.fail(QStringLiteral("pci_ids"), problem);
        },
        error);
}

} // namespace DatasheetCsvParser
