#include "db/GpuField.h"

#include "db/PciIds.h"
#include "db/TextCheck.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

namespace {

using F = GpuField;
using T = GpuField::Type;

// Physically plausible ranges for one device: a value outside is a unit mistake (GFLOPS for TFLOPS, MB
// for GB) or garbage, and a tiny positive one (1e-300 TFLOPS) would turn every estimate into nonsense.
// Missing values are empty. Exactly 0 stays allowed where it was before these ranges (a compute unit the
// device lacks, no GPU-GPU link, a free GPU): catalogues already hold such zeros, and a stored value a
// field refuses would read as missing and be lost on the row's next save.
constexpr double kMinTflops = 0.001;  // 1 GFLOPS
constexpr double kMaxTflops = 500000; // 500 PFLOPS, several times the largest package announced
constexpr double kMinGB = 0.1;
constexpr double kMaxGB = 10000;   // 10 TB on one device
constexpr double kMinGBs = 1;      // link and memory bandwidths, GB/s
constexpr double kMaxGBs = 100000; // 100 TB/s
constexpr double kMaxPcieGBs = 1000;
constexpr double kMinW = 1;
constexpr double kMaxW = 10000;

QVector<GpuField> buildFields()
{
    // clang-format off
    QVector<GpuField> fields{
        {F::GpuId, "gpu_id", QT_TRANSLATE_NOOP("GpuField", "GPU id"), "", T::Text, &GpuSpec::gpuId, true},
        {F::Vendor, "vendor", QT_TRANSLATE_NOOP("GpuField", "Vendor"), "", T::Text, &GpuSpec::vendor, true},
        {F::Product, "product", QT_TRANSLATE_NOOP("GpuField", "Product"), "", T::Text, &GpuSpec::product, true},
        {F::Variant, "variant", QT_TRANSLATE_NOOP("GpuField", "Variant"), "", T::Text, &GpuSpec::variant},
        {F::Architecture, "architecture", QT_TRANSLATE_NOOP("GpuField", "Architecture"), "", T::Text, &GpuSpec::architecture},
        {F::Chip, "chip", QT_TRANSLATE_NOOP("GpuField", "Chip"), "", T::Text, &GpuSpec::chip},
        {F::PciIds, "pci_ids", QT_TRANSLATE_NOOP("GpuField", "PCI ids"), "", T::Text, &GpuSpec::pciIds},
        {F::ReleaseYear, "release_year", QT_TRANSLATE_NOOP("GpuField", "Year"), "", T::Integer, &GpuSpec::releaseYear, false, 1990, 2100},
        {F::ReleaseNote, "release_note", QT_TRANSLATE_NOOP("GpuField", "Release"), "", T::Text, &GpuSpec::releaseNote},
        {F::ProcessNode, "process_node", QT_TRANSLATE_NOOP("GpuField", "Process"), "", T::Text, &GpuSpec::processNode},
        {F::ComputeUnits, "compute_units", QT_TRANSLATE_NOOP("GpuField", "SMs / CUs"), "", T::Integer, &GpuSpec::computeUnits, false, 1, 100000},
        {F::ComputeUnitsNote, "compute_units_note", QT_TRANSLATE_NOOP("GpuField", "SMs / CUs note"), "", T::Text, &GpuSpec::computeUnitsNote},
        {F::BoostClockMhz, "boost_clock_mhz", QT_TRANSLATE_NOOP("GpuField", "Boost clock"), "MHz", T::Real, &GpuSpec::boostClockMhz, false, 100, 10000},
        {F::BoostClockNote, "boost_clock_note", QT_TRANSLATE_NOOP("GpuField", "Boost clock note"), "", T::Text, &GpuSpec::boostClockNote},
        {F::Fp64Tflops, "fp64_tflops", QT_TRANSLATE_NOOP("GpuField", "FP64"), "TFLOPS", T::Real, &GpuSpec::fp64Tflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp64TensorTflops, "fp64_tensor_tflops", QT_TRANSLATE_NOOP("GpuField", "FP64 tensor"), "TFLOPS", T::Real, &GpuSpec::fp64TensorTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp32Tflops, "fp32_tflops", QT_TRANSLATE_NOOP("GpuField", "FP32"), "TFLOPS", T::Real, &GpuSpec::fp32Tflops, false, kMinTflops, kMaxTflops, true},
        {F::Tf32DenseTflops, "tf32_dense_tflops", QT_TRANSLATE_NOOP("GpuField", "TF32 dense"), "TFLOPS", T::Real, &GpuSpec::tf32DenseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Tf32SparseTflops, "tf32_sparse_tflops", QT_TRANSLATE_NOOP("GpuField", "TF32 sparse"), "TFLOPS", T::Real, &GpuSpec::tf32SparseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp16DenseTflops, "fp16_dense_tflops", QT_TRANSLATE_NOOP("GpuField", "FP16/BF16 dense"), "TFLOPS", T::Real, &GpuSpec::fp16DenseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp16SparseTflops, "fp16_sparse_tflops", QT_TRANSLATE_NOOP("GpuField", "FP16/BF16 sparse"), "TFLOPS", T::Real, &GpuSpec::fp16SparseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp16AccumulateDenseTflops, "fp16_accumulate_dense_tflops", QT_TRANSLATE_NOOP("GpuField", "FP16-accumulate dense"), "TFLOPS", T::Real, &GpuSpec::fp16AccumulateDenseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp8DenseTflops, "fp8_dense_tflops", QT_TRANSLATE_NOOP("GpuField", "FP8 dense"), "TFLOPS", T::Real, &GpuSpec::fp8DenseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp8SparseTflops, "fp8_sparse_tflops", QT_TRANSLATE_NOOP("GpuField", "FP8 sparse"), "TFLOPS", T::Real, &GpuSpec::fp8SparseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp6DenseTflops, "fp6_dense_tflops", QT_TRANSLATE_NOOP("GpuField", "FP6 dense"), "TFLOPS", T::Real, &GpuSpec::fp6DenseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp6SparseTflops, "fp6_sparse_tflops", QT_TRANSLATE_NOOP("GpuField", "FP6 sparse"), "TFLOPS", T::Real, &GpuSpec::fp6SparseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Int8DenseTops, "int8_dense_tops", QT_TRANSLATE_NOOP("GpuField", "INT8 dense"), "TOPS", T::Real, &GpuSpec::int8DenseTops, false, kMinTflops, kMaxTflops, true},
        {F::Int8SparseTops, "int8_sparse_tops", QT_TRANSLATE_NOOP("GpuField", "INT8 sparse"), "TOPS", T::Real, &GpuSpec::int8SparseTops, false, kMinTflops, kMaxTflops, true},
        {F::Fp4DenseTflops, "fp4_dense_tflops", QT_TRANSLATE_NOOP("GpuField", "FP4 dense"), "TFLOPS", T::Real, &GpuSpec::fp4DenseTflops, false, kMinTflops, kMaxTflops, true},
        {F::Fp4SparseTflops, "fp4_sparse_tflops", QT_TRANSLATE_NOOP("GpuField", "FP4 sparse"), "TFLOPS", T::Real, &GpuSpec::fp4SparseTflops, false, kMinTflops, kMaxTflops, true},
        {F::ComputeNote, "compute_note", QT_TRANSLATE_NOOP("GpuField", "Compute note"), "", T::Text, &GpuSpec::computeNote},
        {F::SparseHeadlineNote, "sparse_headline_note", QT_TRANSLATE_NOOP("GpuField", "Vendor headline sparse?"), "", T::Text, &GpuSpec::sparseHeadlineNote},
        {F::MemoryGb, "memory_gb", QT_TRANSLATE_NOOP("GpuField", "Memory"), "GB", T::Real, &GpuSpec::memoryGb, false, kMinGB, kMaxGB, true},
        {F::MemoryType, "memory_type", QT_TRANSLATE_NOOP("GpuField", "Memory type"), "", T::Text, &GpuSpec::memoryType},
        {F::MemoryBusBits, "memory_bus_bits", QT_TRANSLATE_NOOP("GpuField", "Memory bus"), "bit", T::Integer, &GpuSpec::memoryBusBits, false, 8, 65536},
        {F::MemoryBandwidthGBs, "memory_bandwidth_gbs", QT_TRANSLATE_NOOP("GpuField", "Memory bandwidth"), "GB/s", T::Real, &GpuSpec::memoryBandwidthGBs, false, kMinGBs, kMaxGBs, true},
        {F::AchievableMatmulTflops, "achievable_matmul_tflops", QT_TRANSLATE_NOOP("GpuField", "Achievable BF16 matmul"), "TFLOPS", T::Real, &GpuSpec::achievableMatmulTflops, false, kMinTflops, kMaxTflops, true},
        {F::AchievableMemoryGBs, "achievable_memory_gbs", QT_TRANSLATE_NOOP("GpuField", "Achievable bandwidth"), "GB/s", T::Real, &GpuSpec::achievableMemoryGBs, false, kMinGBs, kMaxGBs, true},
        {F::AchievableSource, "achievable_source", QT_TRANSLATE_NOOP("GpuField", "Achievable rates source"), "", T::Text, &GpuSpec::achievableSource},
        {F::TdpW, "tdp_w", QT_TRANSLATE_NOOP("GpuField", "TDP"), "W", T::Real, &GpuSpec::tdpW, false, kMinW, kMaxW, true},
        {F::TdpNote, "tdp_note", QT_TRANSLATE_NOOP("GpuField", "TDP note"), "", T::Text, &GpuSpec::tdpNote},
        {F::InterconnectKind, "interconnect_kind", QT_TRANSLATE_NOOP("GpuField", "Interconnect"), "", T::Text, &GpuSpec::interconnectKind},
        {F::InterconnectNote, "interconnect_note", QT_TRANSLATE_NOOP("GpuField", "Interconnect note"), "", T::Text, &GpuSpec::interconnectNote},
        {F::InterconnectGBs, "interconnect_gbs", QT_TRANSLATE_NOOP("GpuField", "GPU-GPU bandwidth"), "GB/s", T::Real, &GpuSpec::interconnectGBs, false, kMinGBs, kMaxGBs, true},
        {F::PcieGeneration, "pcie_generation", QT_TRANSLATE_NOOP("GpuField", "PCIe gen"), "", T::Integer, &GpuSpec::pcieGeneration, false, 1, 10},
        {F::PcieNote, "pcie_note", QT_TRANSLATE_NOOP("GpuField", "PCIe note"), "", T::Text, &GpuSpec::pcieNote},
        {F::PcieGBs, "pcie_gbs", QT_TRANSLATE_NOOP("GpuField", "PCIe bandwidth"), "GB/s", T::Real, &GpuSpec::pcieGBs, false, kMinGBs, kMaxPcieGBs, true},
        {F::GpusPerNode, "gpus_per_node", QT_TRANSLATE_NOOP("GpuField", "GPUs per node"), "", T::Integer, &GpuSpec::gpusPerNode, false, 1, 1024},
        {F::FormFactor, "form_factor", QT_TRANSLATE_NOOP("GpuField", "Form factor"), "", T::Text, &GpuSpec::formFactor},
        {F::Mig, "mig", QT_TRANSLATE_NOOP("GpuField", "MIG"), "", T::Text, &GpuSpec::mig},
        {F::PriceUsd, "price_usd", QT_TRANSLATE_NOOP("GpuField", "Launch price"), "USD", T::Real, &GpuSpec::priceUsd, false, 1, 1.0e8, true},
        {F::UsdPerGpuHour, "usd_per_gpu_hour", QT_TRANSLATE_NOOP("GpuField", "Rental price (estimate)"), "USD/GPU-h", T::Real, &GpuSpec::usdPerGpuHour, false, 0.01, 1000, true},
        {F::PriceNote, "price_note", QT_TRANSLATE_NOOP("GpuField", "Price note"), "", T::Text, &GpuSpec::priceNote},
        {F::UsdPerGpuHourNote, "usd_per_gpu_hour_note", QT_TRANSLATE_NOOP("GpuField", "Rental price basis"), "", T::Text, &GpuSpec::usdPerGpuHourNote},
        {F::Sources, "sources", QT_TRANSLATE_NOOP("GpuField", "Sources"), "", T::Text, &GpuSpec::sources},
        {F::SourceCrosscheck, "source_crosscheck", QT_TRANSLATE_NOOP("GpuField", "Cross-checked against"), "", T::Text, &GpuSpec::sourceCrosscheck},
        {F::Confidence, "confidence", QT_TRANSLATE_NOOP("GpuField", "Confidence"), "", T::Text, &GpuSpec::confidence},
        {F::Notes, "notes", QT_TRANSLATE_NOOP("GpuField", "Notes"), "", T::Text, &GpuSpec::notes},
    };
    // clang-format on
    for (int i = 0; i < fields.size(); ++i)
        Q_ASSERT(fields[i].id == i);
    return fields;
}

constexpr int kMaxTextLength = 20000;

std::optional<double> toNumber(const QVariant &value)
{
    bool ok = false;
    double number = 0.0;
    switch (value.typeId()) {
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
        number = value.toDouble(&ok);
        break;
    case QMetaType::QString:
    case QMetaType::QByteArray:
        number = TextCheck::fileNumber(value.toString().trimmed(), &ok);
        break;
    default:
        break;
    }
    if (!ok)
        return std::nullopt;
    return number;
}

// Null, or text of only white space. Looks at the stored string in place: reading a 10,000-GPU
// catalogue asks this a million times, and trimmed() copies (docs/performance.md).
bool isMissing(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return true;
    if (value.typeId() != QMetaType::QString)
        return false;
    const QString &text = *static_cast<const QString *>(value.constData());
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.isSpace(); });
}

} // namespace

QString GpuField::displayLabel() const
{
    return QCoreApplication::translate("GpuField", label);
}

namespace GpuFields {

const QVector<GpuField> &all()
{
    static const QVector<GpuField> fields = buildFields();
    return fields;
}

const GpuField &field(int id)
{
    return all().at(id);
}

const GpuField *findByName(const QString &key)
{
    for (const GpuField &candidate : all())
        if (key == QLatin1String(candidate.key))
            return &candidate;
    return nullptr;
}

const QStringList &interconnectKinds()
{
    static const QStringList kinds{QStringLiteral("none"), QStringLiteral("nvlink-bridge"),
                                   QStringLiteral("nvlink-switch"), QStringLiteral("infinity-fabric")};
    return kinds;
}

QVariant value(const GpuSpec &gpu, const GpuField &field)
{
    return std::visit(
        [&gpu](auto member) -> QVariant {
            const auto &stored = gpu.*member;
            if constexpr (std::is_same_v<std::decay_t<decltype(stored)>, QString>) {
                return stored;
            } else {
                if (!stored)
                    return {};
                return QVariant::fromValue(*stored);
            }
        },
        field.member);
}

namespace {

// ^[a-z0-9][a-z0-9_.-]{0,63}$ without a regular expression: the catalogue re-validates every stored
// gpu_id on open, and at 10,000 rows a QRegularExpression match per row is a visible part of the open.
bool isValidGpuId(QStringView text)
{
    if (text.isEmpty() || text.size() > 64)
        return false;
    const auto alphanumeric = [](char16_t c) { return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9'); };
    if (!alphanumeric(text.front().unicode()))
        return false;
    return std::all_of(text.begin() + 1, text.end(), [&](QChar c) {
        const char16_t u = c.unicode();
        return alphanumeric(u) || u == u'_' || u == u'.' || u == u'-';
    });
}

// The checks of a present (not missing) text value.
QString textProblem(const GpuField &field, const QVariant &value)
{
    if (value.typeId() != QMetaType::QString && !value.canConvert<QString>())
        return QCoreApplication::translate("GpuField", "must be text");
    const QString text = value.toString();
    if (text.size() > kMaxTextLength)
        return QCoreApplication::translate("GpuField", "is longer than %1 characters").arg(kMaxTextLength);
    if (QString problem = TextCheck::problem(text); !problem.isEmpty())
        return problem;
    if (field.id == GpuField::GpuId && !isValidGpuId(text))
        return QCoreApplication::translate("GpuField",
                                           "must be 1-64 lowercase letters, digits, '_', '.' or '-', "
                                           "starting with a letter or digit (got '%1')")
            .arg(text.left(80));
    if (field.id == GpuField::PciIds)
        if (QString problem = PciIds::problem(text); !problem.isEmpty())
            return problem;
    if (field.id == GpuField::InterconnectKind && !interconnectKinds().contains(text))
        return QCoreApplication::translate("GpuField", "must be one of %1 (got '%2')")
            .arg(interconnectKinds().join(QStringLiteral(", ")), text.left(80));
    return {};
}

// The checks of a present numeric value, already converted (nullopt: it did not convert).
QString numberProblem(const GpuField &field, const QVariant &value, const std::optional<double> &number)
{
    if (!number)
        return QCoreApplication::translate("GpuField", "must be a number (got '%1')")
            .arg(value.toString().left(80));
    if (std::isnan(*number))
        return QCoreApplication::translate("GpuField", "must be a number, not NaN");
    if (std::isinf(*number))
        return QCoreApplication::translate("GpuField", "must be finite");
    if (*number < 0.0)
        return QCoreApplication::translate("GpuField", "must not be negative (got %1)").arg(*number);
    if (field.type == GpuField::Type::Integer && std::floor(*number) != *number)
        return QCoreApplication::translate("GpuField", "must be a whole number (got %1)").arg(*number);
    if ((*number < field.minimum || *number > field.maximum) && !(field.zeroAllowed && *number == 0.0)) {
        const QString unit = field.unitText().isEmpty() ? QString() : u' ' + field.unitText();
        return (field.zeroAllowed
                    ? QCoreApplication::translate("GpuField", "must be 0 or between %1 and %2%3 (got %4)")
                    : QCoreApplication::translate("GpuField", "must be between %1 and %2%3 (got %4)"))
            .arg(field.minimum)
            .arg(field.maximum)
            .arg(unit)
            .arg(*number);
    }
    return {};
}

// What the table's CHECKs and types refuse of a present numeric value (nullopt: it did not convert).
QString storableNumberProblem(const GpuField &field, const QVariant &value,
                              const std::optional<double> &number)
{
    if (!number)
        return QCoreApplication::translate("GpuField", "must be a number (got '%1')")
            .arg(value.toString().left(80));
    if (std::isnan(*number))
        return QCoreApplication::translate("GpuField", "must be a number, not NaN");
    if (*number < 0.0)
        return QCoreApplication::translate("GpuField", "must not be negative (got %1)").arg(*number);
    if (field.type == GpuField::Type::Integer &&
        (std::floor(*number) != *number || *number > std::numeric_limits<int>::max()))
        return QCoreApplication::translate("GpuField", "must be a whole number (got %1)").arg(*number);
    if (field.id == GpuField::GpusPerNode && *number < 1) // CHECK (gpus_per_node >= 1): 0 would divide by it
        return QCoreApplication::translate("GpuField", "must be at least %1 (got %2)").arg(1).arg(*number);
    return {};
}

// Stores a value already checked (missing, or converted to number for a numeric field).
void assign(GpuSpec &gpu, const GpuField &field, const QVariant &value, bool missing,
            const std::optional<double> &number)
{
    std::visit(
        [&](auto member) {
            auto &stored = gpu.*member;
            using Stored = std::decay_t<decltype(stored)>;
            if constexpr (std::is_same_v<Stored, QString>) {
                stored = missing ? QString() : value.toString();
            } else if constexpr (std::is_same_v<Stored, std::optional<int>>) {
                stored = missing ? std::nullopt : std::optional<int>(static_cast<int>(*number));
            } else {
                stored = missing ? std::nullopt : number;
            }
        },
        field.member);
}

QString missingProblem(const GpuField &field)
{
    return field.required ? QCoreApplication::translate("GpuField", "is required") : QString();
}

} // namespace

QString validate(const GpuField &field, const QVariant &value)
{
    if (isMissing(value))
        return missingProblem(field);
    if (field.type == GpuField::Type::Text)
        return textProblem(field, value);
    return numberProblem(field, value, toNumber(value));
}

bool setValue(GpuSpec &gpu, const GpuField &field, const QVariant &value, QString *error)
{
    // Classifies and converts the value once (validate() and the assignment share the work): an import
    // calls this for every field of every row.
    const bool missing = isMissing(value);
    const std::optional<double> number =
        missing || field.type == GpuField::Type::Text ? std::nullopt : toNumber(value);
    const QString problem = missing                              ? missingProblem(field)
                            : field.type == GpuField::Type::Text ? textProblem(field, value)
                                                                 : numberProblem(field, value, number);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    assign(gpu, field, value, missing, number);
    return true;
}

QString storableProblem(const GpuField &field, const QVariant &value)
{
    if (isMissing(value))
        return missingProblem(field);
    if (field.type != GpuField::Type::Text)
        return storableNumberProblem(field, value, toNumber(value));
    if (!value.canConvert<QString>())
        return QCoreApplication::translate("GpuField", "must be text");
    // The id names the GPU on the command line and in scenario files: only a slug is ever saved as one.
    if (field.id == GpuField::GpuId && !isValidGpuId(value.toString()))
        return textProblem(field, value);
    return {};
}

bool setStoredValue(GpuSpec &gpu, const GpuField &field, const QVariant &value)
{
    const bool missing = isMissing(value);
    const std::optional<double> number =
        missing || field.type == GpuField::Type::Text ? std::nullopt : toNumber(value);
    const QString problem = missing ? missingProblem(field)
                            : field.type == GpuField::Type::Text
                                ? QString()
                                : storableNumberProblem(field, value, number);
    if (!problem.isEmpty())
        return false;
    assign(gpu, field, value, missing, number);
    return true;
}

QString storableAll(const GpuSpec &gpu, const GpuField **badField)
{
    for (const GpuField &candidate : all()) {
        const QString problem = storableProblem(candidate, value(gpu, candidate));
        if (!problem.isEmpty()) {
            if (badField)
                *badField = &candidate;
            return candidate.name() + QStringLiteral(": ") + problem;
        }
    }
    return {};
}

QVariant fromText(const GpuField &field, const QString &text, QString *error)
{
    if (field.type == GpuField::Type::Text || text.trimmed().isEmpty())
        return text.trimmed().isEmpty() && field.type != GpuField::Type::Text ? QVariant() : QVariant(text);
    bool ok = false;
    const double number = TextCheck::fileNumber(text.trimmed(), &ok);
    if (!ok) {
        if (error)
            *error =
                QCoreApplication::translate("GpuField", "must be a number (got '%1')").arg(text.left(80));
        return {};
    }
    return number;
}

QString toText(const GpuSpec &gpu, const GpuField &field)
{
    const QVariant stored = value(gpu, field);
    if (stored.isNull())
        return {};
    if (field.type == GpuField::Type::Real)
        return QString::number(stored.toDouble(), 'g', QLocale::FloatingPointShortest);
    return stored.toString();
}

QString validateAll(const GpuSpec &gpu, const GpuField **badField)
{
    for (const GpuField &candidate : all()) {
        const QString problem = validate(candidate, value(gpu, candidate));
        if (!problem.isEmpty()) {
            if (badField)
                *badField = &candidate;
            return candidate.name() + QStringLiteral(": ") +
                   problem; // the key: import errors name the CSV column
        }
    }
    return {};
}

bool sameSpecs(const GpuSpec &a, const GpuSpec &b)
{
    for (const GpuField &candidate : all())
        if (value(a, candidate) != value(b, candidate))
            return false;
    return true;
}

} // namespace GpuFields
