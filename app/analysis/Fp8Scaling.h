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

// Auto: MXFP8 where the tensor cores take it, else tensorwise current scaling (Megatron-Bridge's FP8
// recipes); a named recipe as it is.
Fp8Recipe resolved(const GpuSpec &gpu, Fp8Recipe asked);

// Bytes moved per matmul input value and pass beyond delayed scaling: tensorwise current scaling reads
// every 16-bit input once more to find its amax before the cast (2 bytes); MXFP8 and blockwise find each
// block's scale in the cast itself and store it (1 byte per 32 values; 4 per 128); delayed none.
double extraBytesPerValue(Fp8Recipe recipe);

// Why the GPU cannot train with the recipe, or empty: MXFP8 needs MX tensor cores, blockwise sm_90.
QString refusal(const GpuSpec &gpu, Fp8Recipe asked);

} // namespace Fp8Scaling
