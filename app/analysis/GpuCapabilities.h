#pragma once

#include "app/analysis/Precision.h"
#include "db/GpuSpec.h"

#include <QString>

// What a GPU offers the estimator, read from its catalogue record: the tensor rate for a precision
// (with the fallback when the GPU has no tensor support for it), its memory class and its links.
// Everything here depends on datasheet properties only, never on the gpu_id.
struct ComputeRate
{
    double tflops = 0.0;              // dense rate used
    Precision used = Precision::Fp16; // the precision whose rate is used
    bool fellBack = false;            // the asked precision has no tensor rate on this GPU
};

struct LinkInfo
{
    double unidirectionalGBs = 0.0; // per direction, what a ring all-reduce moves data at
    bool nvlink = false;            // NVLink / Infinity Fabric between all GPUs of the group
    bool network = false;           // the group spans nodes: the inter-node network
    QString name;                   // "NVLink (nvlink-switch)", "PCIe"
};

// What a GPU reaches of its datasheet rates: the catalogue's microbenchmark figures over the datasheet's
// (achievable_matmul_tflops over the dense FP16/BF16 rate, achievable_memory_gbs over the bandwidth), or,
// where the catalogue has none, the typical fraction of the GPUs that have one, marked derived.
struct AchievableRates
{
    double matmulFraction = 1.0;
    double memoryFraction = 1.0;
    bool matmulMeasured = false;
    bool memoryMeasured = false;
};

// The software a GPU's kernels come from: what the calibration must have measured before its efficiencies
// can be trusted on this GPU.
enum class SoftwareStack
{
    Cuda,  // NVIDIA
    Rocm,  // AMD
    Gaudi, // Intel Gaudi (SynapseAI)
    Other
};

namespace GpuCapabilities {

// The median fractions of the GPUs in the version-6 seed with a published microbenchmark (20 matmul and 9
// memory figures; docs/catalogue.md lists them): what a GPU without one is assumed to reach.
inline constexpr double kTypicalMatmulFraction = 0.80;
inline constexpr double kTypicalMemoryFraction = 0.87;

AchievableRates achievableRates(const GpuSpec &gpu);

SoftwareStack softwareStack(const GpuSpec &gpu);
// "CUDA", "ROCm", "Intel Gaudi software", "" (product names: not translated).
QString softwareStackName(SoftwareStack stack);

// The dense tensor rate for math in `precision`. FP8 on Ampere (no FP8 tensor cores) falls back to
// FP16; FP4 to FP8 then FP16; INT4 to INT8; TF32 to FP32; GGUF formats are dequantised to FP16.
// MXFP8, MXFP4 and NVFP4 run natively where runsMicroscaled says so; elsewhere MXFP8 runs at the FP8
// rate (block scales applied outside the tensor cores), MXFP4 and NVFP4 at the FP8 then FP16 rate.
// With fp16AccumulatePeak, FP16 uses the FP16-accumulate rate where the catalogue gives one (GeForce).
ComputeRate peak(const GpuSpec &gpu, Precision precision, bool fp16AccumulatePeak = false);

// Whether the GPU's tensor cores take this block-scaled format (MXFP8, MXFP4, NVFP4) natively: those with
// an FP4 rate in the catalogue (Blackwell, CDNA 4); NVFP4 on NVIDIA's only. False for other formats.
bool runsMicroscaled(const GpuSpec &gpu, Precision precision);

// "HBM", "GDDR" or "" from the memory type (a view of a literal: no allocation).
QStringView memoryClass(const GpuSpec &gpu);

// First word of the architecture: "Hopper", "Ampere", "Ada", "Blackwell", "CDNA" (a view into the record).
QStringView architectureFamily(const GpuSpec &gpu);

// The link a group of `groupSize` GPUs communicates over: NVLink when the GPU has a switch or fabric,
// or a bridge and the group is a pair; PCIe otherwise. Bandwidths are bidirectional in the catalogue
// and halved here.
LinkInfo link(const GpuSpec &gpu, int groupSize);

// GPUs in one node: `requested` when above 0, else the catalogue's value, else 8 (an HGX board or an
// 8-GPU PCIe server).
int gpusPerNode(const GpuSpec &gpu, int requested);

// The link of a group of `groupSize` GPUs whose members are `stride` ranks apart (Megatron's order: tensor
// fastest, then context, data, pipeline): inside one node, link(); spanning nodes, the network per GPU
// (Gb/s / 8 = GB/s each way; one NIC per GPU, as on HGX boards) when it is the slower.
LinkInfo groupLink(const GpuSpec &gpu, int groupSize, int stride, int gpusPerNode, double networkGbps);

// The catalogue's FP16-with-FP16-accumulate dense rate (GeForce datasheets print it beside the
// half-rate FP32-accumulate one), when given and positive.
std::optional<double> fp16AccumulateTflops(const GpuSpec &gpu);

// A rate a framework's kernels reach at most on this GPU from its SMs and clock: SMs x clock x perSmClock
// (FLOPs or bytes per SM per clock), or 0 when the profile sets no such limit (perSmClock 0) or the
// catalogue lacks the SM count or the clock.
double smClockRate(const GpuSpec &gpu, double perSmClock);

} // namespace GpuCapabilities
