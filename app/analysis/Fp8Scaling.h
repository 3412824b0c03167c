#pragma once

#include "app/analysis/Workload.h"
#include "db/GpuSpec.h"

#include <QString>

// FP8 training recipes (Megatron-LM's --fp8-recipe, Transformer Engine's recipes) on one GPU: which one
// runs, whether the GPU can run it, and what it costs beyond the delayed scaling the profiles' FP8 factor
// was fitted on (llm-foundry's and NeMo 24.07's FP8 runs on H100 used Transformer Engine's DelayedScaling).
namespace Fp8Scaling {

// MX formats (one 8-bit scale per 32 values, applied by the tensor cores) for training: data-centre
// Blackwell (sm_100, sm_103) and CDNA 4; not Hopper, Ada, CDNA 3 or the GDDR Blackwell cards (sm_120).
bool hasMxTensorCores(const GpuSpec &gpu);

// NVFP4 training (Transformer Engine's NVFP4BlockScaling): NVIDIA's data-centre Blackwell (sm_100, sm_103).
bool trainsNvfp4(const GpuSpec &gpu);

// The recipe a workload asks for: math in MXFP8 or NVFP4 is that recipe, else --fp8-recipe.
Fp8Recipe askedOf(const Workload &w);

// NVFP4's casts beyond delayed scaling, per value cast (TransformerEngine common/recipe NVFP4BlockScaling
// and "Pretraining Large Language Models with NVFP4", arXiv 2509.25149):
//  - the per-tensor FP32 scale is found from the tensor's amax before the cast: one more read of its
//    16-bit values, as tensorwise FP8 current scaling;
//  - the wgrad GEMM's two operands (the inputs and the output gradients, column-wise) take a 16 x 16 random
//    Hadamard transform, two of the three GEMMs' activation operands, and their amax is found again after
//    it: 2 bytes on 2/3 of the values;
//  - one E4M3 scale per 16 values is written: 1/16 byte;
//  - the transform itself, 16 multiply-adds per transformed value, on the tensor cores at 16 bits.
// Stochastic rounding of the gradients draws its random bits inside the cast kernel: no memory traffic.
inline constexpr double kNvfp4HadamardShare = 2.0 / 3.0;
inline constexpr double kNvfp4AmaxBytes = 2.0;
inline constexpr double kNvfp4RhtAmaxBytes = 2.0 * kNvfp4HadamardShare;
inline constexpr double kNvfp4ScaleBytes = 1.0 / 16.0;
inline constexpr double kNvfp4HadamardFlopsPerValue = 2.0 * 16.0 * kNvfp4HadamardShare;

// Auto: MXFP8 where the tensor cores take it, else tensorwise current scaling (Megatron-Bridge's FP8
// recipes); a named recipe as it is.
Fp8Recipe resolved(const GpuSpec &gpu, Fp8Recipe asked);

// Bytes moved per matmul input value and pass beyond delayed scaling: tensorwise current scaling reads
// every 16-bit input once more to find its amax before the cast (2 bytes); MXFP8 and blockwise find each
// block's scale in the cast itself and store it (1 byte per 32 values; 4 per 128); delayed none.
double extraBytesPerValue(Fp8Recipe recipe);

// Why the GPU cannot train with the recipe, or empty: MXFP8 needs MX tensor cores, blockwise sm_90, NVFP4
// sm_100 or sm_103.
QString refusal(const GpuSpec &gpu, Fp8Recipe asked);

} // namespace Fp8Scaling
