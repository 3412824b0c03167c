#include "app/analysis/GpuCapabilities.h"

namespace {

std::optional<double> positive(const std::optional<double> &value)
{
    if (value && *value > 0.0)
        return value;
    return std::nullopt;
}

// ASCII prefix test without a call into Qt's general string comparison: the estimator asks it for every
// GPU and workload it evaluates (docs/performance.md).
bool startsWithAsciiCaseInsensitive(QStringView text, const char *prefix)
{
    qsizetype i = 0;
    for (; prefix[i] != '\0'; ++i) {
        if (i >= text.size())
            return false;
        const char16_t c = text[i].unicode();
        const char16_t lower = (c >= u'A' && c <= u'Z') ? char16_t(c + 32) : c;
        const char p = prefix[i];
        const char16_t wanted = (p >= 'A' && p <= 'Z') ? char16_t(p + 32) : char16_t(p);
        if (lower != wanted)
            return false;
    }
    return true;
}

} // namespace

namespace GpuCapabilities {

AchievableRates achievableRates(const GpuSpec &gpu)
{
    AchievableRates rates{kTypicalMatmulFraction, kTypicalMemoryFraction, false, false};
    // A figure that cannot be a fraction of this datasheet (above 1.5x it: another card's, or a unit slip)
    // is not used; a GPU that boosts above its rated clock may pass 1 (GeForce: 1.02-1.14).
    const auto fraction = [](const std::optional<double> &achieved, const std::optional<double> &peak) {
        const std::optional<double> a = positive(achieved);
        const std::optional<double> p = positive(peak);
        return a && p && *a / *p <= 1.5 ? std::optional<double>(*a / *p) : std::nullopt;
    };
    if (const auto f = fraction(gpu.achievableMatmulTflops, gpu.fp16DenseTflops)) {
        rates.matmulFraction = *f;
        rates.matmulMeasured = true;
    }
    if (const auto f = fraction(gpu.achievableMemoryGBs, gpu.memoryBandwidthGBs)) {
        rates.memoryFraction = *f;
        rates.memoryMeasured = true;
    }
    return rates;
}

SoftwareStack softwareStack(const GpuSpec &gpu)
{
    if (startsWithAsciiCaseInsensitive(gpu.vendor, "NVIDIA"))
        return SoftwareStack::Cuda;
    if (startsWithAsciiCaseInsensitive(gpu.vendor, "AMD"))
        return SoftwareStack::Rocm;
    if (startsWithAsciiCaseInsensitive(gpu.vendor, "Intel") ||
        startsWithAsciiCaseInsensitive(gpu.vendor, "Habana"))
        return SoftwareStack::Gaudi;
    return SoftwareStack::Other;
}

QString softwareStackName(SoftwareStack stack)
{
    switch (stack) {
    case SoftwareStack::Cuda:
        return QStringLiteral("CUDA");
    case SoftwareStack::Rocm:
        return QStringLiteral("ROCm");
    case SoftwareStack::Gaudi:
        return QStringLiteral("Intel Gaudi software");
    case SoftwareStack::Other:
        break;
    }
    return {};
}

std::optional<double> fp16AccumulateTflops(const GpuSpec &gpu)
{
    return positive(gpu.fp16AccumulateDenseTflops);
}

bool runsMicroscaled(const GpuSpec &gpu, Precision precision)
{
    // The tensor cores that apply per-block scales came with FP4 (Blackwell, CDNA 4): an FP4 rate on the
    // datasheet is the sign. NVFP4's FP8 block scales are NVIDIA's own: Blackwell only.
    if (!Precisions::isMicroscaled(precision) || !positive(gpu.fp4DenseTflops))
        return false;
    return precision != Precision::Nvfp4 || startsWithAsciiCaseInsensitive(gpu.vendor, "NVIDIA");
}

ComputeRate peak(const GpuSpec &gpu, Precision precision, bool fp16AccumulatePeak)
{
    const auto fp32 = [&]() {
        return ComputeRate{positive(gpu.fp32Tflops).value_or(0.0), Precision::Fp32, false};
    };
    const auto fp16 = [&]() -> ComputeRate {
        if (fp16AccumulatePeak)
            if (const auto rate = fp16AccumulateTflops(gpu))
                return {*rate, Precision::Fp16, false};
        if (const auto rate = positive(gpu.fp16DenseTflops))
            return {*rate, Precision::Fp16, false};
        ComputeRate rate = fp32();
        rate.fellBack = true;
        return rate;
    };
    const auto fellBack = [](ComputeRate rate) {
        rate.fellBack = true;
        return rate;
    };
    switch (precision) {
    case Precision::Fp32:
        return fp32();
    case Precision::Tf32:
        if (const auto rate = positive(gpu.tf32DenseTflops))
            return {*rate, Precision::Tf32, false};
        return fellBack(fp32());
    case Precision::Bf16:
    case Precision::Fp16:
        return fp16();
    case Precision::Fp8:
        if (const auto rate = positive(gpu.fp8DenseTflops))
            return {*rate, Precision::Fp8, false};
        return fellBack(fp16());
    case Precision::Fp4:
        if (const auto rate = positive(gpu.fp4DenseTflops))
            return {*rate, Precision::Fp4, false};
        if (const auto rate = positive(gpu.fp8DenseTflops))
            return {*rate, Precision::Fp8, true};
        return fellBack(fp16());
    case Precision::Mxfp8:
        if (const auto rate = positive(gpu.fp8DenseTflops))
            return {*rate, runsMicroscaled(gpu, precision) ? Precision::Mxfp8 : Precision::Fp8,
                    !runsMicroscaled(gpu, precision)};
        return fellBack(fp16());
    case Precision::Mxfp4:
    case Precision::Nvfp4:
        if (runsMicroscaled(gpu, precision))
            return {*gpu.fp4DenseTflops, precision, false};
        if (const auto rate = positive(gpu.fp8DenseTflops))
            return {*rate, Precision::Fp8, true};
        return fellBack(fp16());
    case Precision::Int8:
    case Precision::Int4:
        if (const auto rate = positive(gpu.int8DenseTops))
            return {*rate, Precision::Int8, precision == Precision::Int4};
        return fellBack(fp16());
    case Precision::GgufQ8_0:
    case Precision::GgufQ4_0:
    case Precision::GgufQ4_K_M:
        return fp16(); // dequantised to FP16 for the matmuls: not a fallback, the format works this way
    }
    return fp16();
}

QStringView memoryClass(const GpuSpec &gpu)
{
    if (startsWithAsciiCaseInsensitive(gpu.memoryType, "HBM"))
        return u"HBM";
    if (startsWithAsciiCaseInsensitive(gpu.memoryType, "GDDR"))
        return u"GDDR";
    return {};
}

QStringView architectureFamily(const GpuSpec &gpu)
{
    const QStringView trimmed = QStringView(gpu.architecture).trimmed();
    const qsizetype space = trimmed.indexOf(u' ');
    return space < 0 ? trimmed : trimmed.left(space);
}

LinkInfo link(const GpuSpec &gpu, int groupSize)
{
    const QString &kind = gpu.interconnectKind;
    // Most GPUs have no link ("none", "pcie"): the length test settles them without a string compare.
    const bool switched = (kind.size() == 13 && kind == QLatin1String("nvlink-switch")) ||
                          (kind.size() == 15 && kind == QLatin1String("infinity-fabric"));
    const bool bridged = groupSize <= 2 && kind.size() == 13 && kind == QLatin1String("nvlink-bridge");
    if ((switched || bridged) && gpu.interconnectGBs && *gpu.interconnectGBs > 0.0)
        return {*gpu.interconnectGBs / 2.0, true, false,
                kind == QLatin1String("infinity-fabric") ? QStringLiteral("Infinity Fabric")
                // English here (the estimate's fast path); the math translates it (context GpuCapabilities).
                : bridged ? QStringLiteral(QT_TRANSLATE_NOOP("GpuCapabilities", "NVLink bridge"))
                          : QStringLiteral("NVLink/NVSwitch")};
    const double pcie = positive(gpu.pcieGBs).value_or(32.0); // PCIe Gen4 x16 bidirectional when unknown
    return {pcie / 2.0, false, false, QStringLiteral("PCIe")};
}

int gpusPerNode(const GpuSpec &gpu, int requested)
{
    if (requested > 0)
        return requested;
    return gpu.gpusPerNode && *gpu.gpusPerNode > 0 ? *gpu.gpusPerNode : 8;
}

LinkInfo groupLink(const GpuSpec &gpu, int groupSize, int stride, int gpusPerNode, double networkGbps)
{
    LinkInfo inside = link(gpu, std::min(groupSize, std::max(1, gpusPerNode)));
    if (groupSize <= 1 || qint64(groupSize) * std::max(1, stride) <= std::max(1, gpusPerNode))
        return inside;
    const double networkGBs = networkGbps / 8.0;
    if (networkGBs >= inside.unidirectionalGBs)
        return inside;
    // English here (the estimate's fast path); the math translates it (context GpuCapabilities).
    return {networkGBs, false, true, QStringLiteral(QT_TRANSLATE_NOOP("GpuCapabilities", "network"))};
}

double smClockRate(const GpuSpec &gpu, double perSmClock)
{
    if (perSmClock <= 0.0 || !gpu.computeUnits || *gpu.computeUnits <= 0 || !gpu.boostClockMhz ||
        *gpu.boostClockMhz <= 0.0)
        return 0.0;
    return perSmClock * *gpu.computeUnits * *gpu.boostClockMhz * 1e6;
}

} // namespace GpuCapabilities
