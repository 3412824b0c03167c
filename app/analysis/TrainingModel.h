#pragma once

#include "EfficiencyParameters.h"
#include "Estimate.h"
#include "GpuCapabilities.h"
#include "ModelArchitecture.h"

// One optimizer step:
//   FLOPs = 6 x N x tokens (forward 2N, backward 4N; 8N with full recomputation, + attention scores);
//           LoRA/QLoRA skip the weight gradients of the frozen base: 4N (6N with full recompute).
//   compute = FLOPs per GPU / (peak x eta_c)  +  memory traffic bytes_per_flop x FLOPs / (bandwidth x eta_m)
//   optimizer update: reads and writes about 30 bytes per trained parameter (weights, gradients,
//   master, two moments) at the memory bandwidth
//   pipeline bubble: x (m + pp - 1) / m with m = micro-batches (one sequence each)
//   tensor parallel: 4 all-reduces per layer of batch x s x h activations (2 forward, 2 backward)
//   data parallel: all-reduce of the gradients (2 bytes, 4 in fp32 training; ZeRO-3 adds the weight
//   all-gathers: x 1.5)
// MFU = 6 x N x tokens (4N for LoRA; + attention, no recompute) / (step time x GPUs x dense peak) (PaLM,
// Chowdhery et al. 2022).
namespace TrainingModel {

struct Inputs
{
    const ModelArchitecture &architecture;
    const Workload &workload;
    const GpuSpec &gpu;
    const ResolvedEfficiency &efficiency;
    Parallelism parallelism;
    ComputeRate rate;
};

TrainingResult run(const Inputs &inputs, MathLog *math = nullptr);

} // namespace TrainingModel
