#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/ModelArchitecture.h"

// One optimizer step of a data-, tensor-, pipeline-, context- and expert-parallel run (Megatron-LM's
// schedule; FSDP is ZeRO-3 over the data-parallel GPUs), per GPU:
//   micro-batches m = global batch / (dp x micro-batch)
//   compute = m x micro-batch FLOPs / (peak x eta_c x size), forward 2N per token, backward 4N, attention
//             on top (causal: s/2 earlier tokens); size = width/(width + w_half) x tokens/(tokens + t_half)
//             with width = h / tp and tokens = micro-batch x s / cp (small matmuls run below the peak);
//             FP8/FP4 matmuls at their own rate x fp8 factor, attention always at the 16-bit rate.
//   mixture of experts: the routed experts' share of the matmuls runs at its own size factor, the expert
//             width f_expert and tokens per expert micro-batch x s / (cp x tp) x k x ep / E (grouped GEMMs
//             of fine-grained experts run below the dense layers' rate); routing moves, per token and MoE
//             layer and pass, 16 E bytes of router scores and 4 (1 + k) h bytes of permuted copies at the
//             memory rate; dropless routing divides the experts' rate and multiplies their all-to-all by the
//             profile's moe_dropless_imbalance (the busiest expert GPU sets the pace), forced balance not.
//   multi-token prediction: each MTP module adds its matmuls (the 2h x h projection, one layer, the output
//             head again) to every token's forward.
//   FP8: the recipe's extra bytes per matmul input value (tensorwise: its amax pass, 2 bytes) over 2h
//             FLOPs each, at the memory rate (Fp8Scaling); the FP8 factor was fitted with delayed scaling.
//   recompute = the forward passes repeated: full (the whole layer) or selective (the attention).
//   bubble = (pp - 1) / vpp micro-batches of compute (interleaved 1F1B, Narayanan et al. 2021).
//   model-parallel communication, exposed: tensor parallel 4 all-reduces per layer per micro-batch
//     (sequence parallel: the same bytes) x (1 - tp_overlap); context parallel the KV ring (2 x (cp - 1)
//     KV blocks per layer, forward and backward) less the attention it hides behind; expert parallel
//     4 all-to-alls per MoE layer; pipeline sends of the micro-batch's activations between stages, hidden
//     as much as the tensor-parallel collectives (x (1 - tp_overlap)).
//   data-parallel communication, exposed: gradient reduce-scatter + all-gather (ZeRO 0-2: once per step;
//     ZeRO-3/FSDP: weight all-gathers forward and backward and a reduce-scatter per micro-batch), less
//     dp_overlap of the compute it runs behind, never less than one layer's share.
//   optimizer = ~30 bytes per trained parameter (ZeRO >= 1: this GPU's shard) at the memory bandwidth.
//   Every collective runs over the slowest link its group crosses: NVLink/PCIe inside a node, the
//   network between nodes (GpuCapabilities::groupLink); a ring collective whose group has k GPUs in each
//   node gets k NICs' worth (one NCCL ring per NIC), at most the node's fabric.
// MFU = model FLOPs (6N per token + attention, no recomputation) / (step time x GPUs x dense peak);
// HFU counts the recomputed FLOPs too (PaLM, Chowdhery et al. 2022).
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
