#pragma once

#include <QString>
#include <QStringList>
#include <optional>

// Number formats for weights, activations and KV cache. Block-scaled formats (OCP MX, NVIDIA NVFP4,
// GGUF) carry their scales, so their real size per weight is above the nominal bit count (mxfp4: 4.25
// bits, q4_k_m: ~4.85 bits).
enum class Precision
{
    Fp32,
    Tf32,
    Bf16,
    Fp16,
    Fp8,
    Mxfp8, // OCP MX: FP8 E4M3 elements + one E8M0 scale per 32
    Fp4,
    Mxfp4, // OCP MX: FP4 E2M1 elements + one E8M0 scale per 32
    Nvfp4, // NVIDIA: FP4 E2M1 elements + one FP8 E4M3 scale per 16 (+ one FP32 scale per tensor)
    Int8,
    Int4,
    GgufQ8_0,
    GgufQ4_0,
    GgufQ4_K_M,
};

namespace Precisions {

QString name(Precision precision);                   // "bf16", "q4_k_m"
std::optional<Precision> parse(const QString &name); // case-insensitive; nullopt when unknown
QStringList allNames();

// Storage cost including quantisation scales, in bits per value.
double bitsPerValue(Precision precision);
inline double bytesPerValue(Precision precision)
{
    return bitsPerValue(precision) / 8.0;
}

// The element format of a block-scaled float format (mxfp8: fp8; mxfp4, nvfp4: fp4); others unchanged.
Precision elementFormat(Precision precision);
// OCP MX or NVFP4: the tensor cores apply the block scales only on GPUs built for them.
bool isMicroscaled(Precision precision);

// The math precision that goes with a weight format when none is given: the same float format, int8 for
// int8 (W8A8), fp16 for weight-only formats (int4, GGUF), whose weights are dequantised for the math.
Precision defaultActivationFor(Precision weights);
// The KV cache format that goes with a math precision when none is given.
Precision defaultKvFor(Precision activation);

} // namespace Precisions
