#include "app/analysis/Fp8Scaling.h"

#include <QCoreApplication>

namespace Fp8Scaling {

bool hasMxTensorCores(const GpuSpec &gpu)
{
    // Transformer Engine trains MXFP8 on sm_100 and sm_103 (B200, GB200, B300, GB300: HBM) and refuses it
    // on sm_120 and sm_121 (RTX PRO 6000 and RTX 5090 with GDDR7, DGX Spark's GB10 with LPDDR5X): among
    // Blackwell parts the HBM ones are the data-centre chips. Beyond Blackwell, a datasheet FP4 rate means MX
    // formats in the matrix cores (CDNA 4); Hopper, Ada and CDNA 3 have none.
    if (gpu.architecture.trimmed().startsWith(QLatin1String("Blackwell")))
        return gpu.memoryType.trimmed().startsWith(QLatin1String("HBM"));
    return gpu.fp4DenseTflops.value_or(0.0) > 0.0;
}

bool trainsNvfp4(const GpuSpec &gpu)
{
    // Transformer Engine's NVFP4 GEMMs need compute capability 10.0 (check_nvfp4_support); on sm_120 its
    // fused random Hadamard transform fails (TE's own tests skip NVFP4BlockScaling there), so NVFP4
    // training runs on the data-centre Blackwell parts (sm_100, sm_103) alone: NVIDIA's MX tensor cores.
    return hasMxTensorCores(gpu) &&
           gpu.vendor.trimmed().startsWith(QLatin1String("NVIDIA"), Qt::CaseInsensitive);
}

Fp8Recipe askedOf(const Workload &w)
{
    if (w.activationPrecision == Precision::Mxfp8)
        return Fp8Recipe::Mxfp8;
    if (w.activationPrecision == Precision::Nvfp4)
        return Fp8Recipe::Nvfp4;
    return w.fp8Recipe;
}

Fp8Recipe resolved(const GpuSpec &gpu, Fp8Recipe asked)
{
    if (asked != Fp8Recipe::Auto)
        return asked;
    return hasMxTensorCores(gpu) ? Fp8Recipe::Mxfp8 : Fp8Recipe::Tensorwise;
}

double extraBytesPerValue(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Tensorwise:
        return 2.0;
    case Fp8Recipe::Mxfp8:
        return 1.0 / 32.0;
    case Fp8Recipe::Blockwise:
        return 4.0 / 128.0;
    case Fp8Recipe::Nvfp4:
        return kNvfp4AmaxBytes + kNvfp4RhtAmaxBytes + kNvfp4ScaleBytes;
    case Fp8Recipe::Auto:
    case Fp8Recipe::Delayed:
        break;
    }
    return 0.0;
}

QString refusal(const GpuSpec &gpu, Fp8Recipe asked)
{
    // Blockwise scaling needs sm_90 or later (Transformer Engine's Float8BlockScaling): not Ada.
    if (asked == Fp8Recipe::Blockwise && gpu.architecture.trimmed().startsWith(QLatin1String("Ada")))
        return QCoreApplication::translate("Estimator",
                                           "blockwise FP8 scaling needs Hopper or later; %1 is "
                                           "Ada Lovelace: choose the tensorwise or delayed recipe")
            .arg(gpu.displayName());
    if (asked == Fp8Recipe::Mxfp8 && !hasMxTensorCores(gpu))
        return QCoreApplication::translate(
                   "Estimator", "MXFP8 needs tensor cores that apply MX block scales (B200, B300, "
                                "GB200, GB300, CDNA 4); %1 has none: choose the tensorwise, delayed "
                                "or blockwise FP8 recipe")
            .arg(gpu.displayName());
    if (asked == Fp8Recipe::Nvfp4 && !trainsNvfp4(gpu))
        return QCoreApplication::translate(
                   "Estimator",
                   "NVFP4 training needs Transformer Engine's NVFP4 GEMMs, on compute capability "
                   "10.0 (B200, B300, GB200, GB300; its random Hadamard transform fails on "
                   "sm_120); %1 has none: choose fp8 or mxfp8")
            .arg(gpu.displayName());
    return {};
}

} // namespace Fp8Scaling
