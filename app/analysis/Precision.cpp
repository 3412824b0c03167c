#include "app/analysis/Precision.h"

#include <array>

namespace {

struct PrecisionInfo
{
    Precision precision;
    const char16_t *name;
    double bits;
};

// GGUF sizes from llama.cpp's block layouts: q8_0 stores 32 int8 values + one fp16 scale per block
// (34 bytes / 32 = 8.5 bits); q4_0 stores 32 nibbles + one fp16 scale (18 bytes / 32 = 4.5 bits);
// q4_k_m mixes q4_k and q6_k blocks, ~4.85 bits per weight on Llama models (llama.cpp quantize table).
// Microscaling formats, OCP Microscaling Formats (MX) Specification v1.0, section 5 (a block of k = 32
// elements shares one 8-bit E8M0 scale): mxfp8 = 8 + 8/32 = 8.25 bits, mxfp4 = 4 + 8/32 = 4.25 bits
// (https://www.opencompute.org/documents/ocp-microscaling-formats-mx-v1-0-spec-final-pdf). NVFP4, NVIDIA's
// "Introducing NVFP4" blog: one FP8 E4M3 scale per 16-value micro-block, 4 + 8/16 = 4.5 bits, plus one
// FP32 scale per tensor, negligible per weight
// (https://developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference/).
constexpr std::array<PrecisionInfo, 14> kPrecisions{{
    {Precision::Fp32, u"fp32", 32.0},
    {Precision::Tf32, u"tf32", 32.0}, // stored as fp32; only the tensor-core math is 19-bit
    {Precision::Bf16, u"bf16", 16.0},
    {Precision::Fp16, u"fp16", 16.0},
    {Precision::Fp8, u"fp8", 8.0},
    {Precision::Mxfp8, u"mxfp8", 8.0 + 8.0 / 32.0},
    {Precision::Fp4, u"fp4", 4.0},
    {Precision::Mxfp4, u"mxfp4", 4.0 + 8.0 / 32.0},
    {Precision::Nvfp4, u"nvfp4", 4.0 + 8.0 / 16.0},
    {Precision::Int8, u"int8", 8.0},
    {Precision::Int4, u"int4", 4.0},
    {Precision::GgufQ8_0, u"q8_0", 8.5},
    {Precision::GgufQ4_0, u"q4_0", 4.5},
    {Precision::GgufQ4_K_M, u"q4_k_m", 4.85},
}};

// The table is in enum order, so a precision is its own index: bitsPerValue is asked dozens of times per
// estimate (every split the parallelism search tries), too often for a search of the table.
constexpr bool inEnumOrder()
{
    for (std::size_t i = 0; i < kPrecisions.size(); ++i)
        if (static_cast<std::size_t>(kPrecisions[i].precision) != i)
            return false;
    return true;
}
static_assert(inEnumOrder(), "kPrecisions must list the precisions in the enum's order");

const PrecisionInfo &info(Precision precision)
{
    const auto index = static_cast<std::size_t>(precision);
    return index < kPrecisions.size() ? kPrecisions[index] : kPrecisions.front();
}

} // namespace

namespace Precisions {

QString name(Precision precision)
{
    return QString::fromUtf16(info(precision).name);
}

std::optional<Precision> parse(const QString &text)
{
    const QString wanted = text.trimmed().toLower();
    for (const auto &entry : kPrecisions)
        if (wanted == QString::fromUtf16(entry.name))
            return entry.precision;
    return std::nullopt;
}

QStringList allNames()
{
    QStringList names;
    for (const auto &entry : kPrecisions)
        names << QString::fromUtf16(entry.name);
    return names;
}

double bitsPerValue(Precision precision)
{
    return info(precision).bits;
}

Precision elementFormat(Precision precision)
{
    switch (precision) {
    case Precision::Mxfp8:
        return Precision::Fp8;
    case Precision::Mxfp4:
    case Precision::Nvfp4:
        return Precision::Fp4;
    default:
        return precision;
    }
}

bool isMicroscaled(Precision precision)
{
    return precision == Precision::Mxfp8 || precision == Precision::Mxfp4 || precision == Precision::Nvfp4;
}

Precision defaultActivationFor(Precision weights)
{
    switch (weights) {
    case Precision::Fp32:
    case Precision::Tf32:
    case Precision::Bf16:
    case Precision::Fp16:
    case Precision::Fp8:
    case Precision::Mxfp8:
    case Precision::Fp4:
    case Precision::Mxfp4:
    case Precision::Nvfp4:
    case Precision::Int8:
        return weights;
    default:
        return Precision::Fp16;
    }
}

Precision defaultKvFor(Precision activation)
{
    switch (activation) {
    case Precision::Fp32:
    case Precision::Tf32:
        return Precision::Fp32;
    case Precision::Fp8:
    case Precision::Mxfp8:
    case Precision::Fp4:
    case Precision::Mxfp4:
    case Precision::Nvfp4:
        return Precision::Fp8;
    case Precision::Int8:
        return Precision::Int8;
    default:
        return Precision::Bf16;
    }
}

} // namespace Precisions
