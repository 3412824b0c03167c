#pragma once

#include "app/analysis/CommunicationModel.h"
#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/ServingSimulator.h"

// Prefill and decode times from a roofline with efficiency factors:
//   time = max(FLOPs / (peak x eta_c), bytes / (bandwidth x eta_m)) + layers x overhead + communication
// Prefill FLOPs = batch x input x (2 x active params) + causal attention 2 x L x a x d x input^2 x batch.
// A decode step reads the weights once for the whole batch (MoE: the experts the batch touches) plus
// every sequence's KV cache, at the mean context input + output / 2.
// Tensor parallelism: two all-reduces of batch x tokens x h activations per layer. Pipeline
// parallelism: a prompt is split in micro-batches (profile prefill_microbatch_tokens) that overlap
// across stages; a decode step passes every stage in turn, so pp does not shorten TPOT.
namespace InferenceModel {

struct Inputs
{
    const ModelArchitecture &architecture;
    const Workload &workload;
    const GpuSpec &gpu;
    const EfficiencyParameters &parameters;
    const ResolvedEfficiency &efficiency;
    Parallelism parallelism;
    ComputeRate rate;
    int batch = 1;    // sequences on one replica
    int requests = 1; // requests in flight on the whole deployment (every replica)
};

InferenceResult run(const Inputs &inputs, MathLog *math = nullptr);

// Where a replica's groups communicate. The scale-up domain is the GPUs that reach each other without the
// network: the workload's (or the system's) GPUs per node, else the catalogue's (8 on HGX, 72 on an NVL72
// rack); its link is the GPU's NVLink, Infinity Fabric or bridge, else PCIe. The tensor-parallel group
// (tp x pp) beyond the domain runs at the network's rate per GPU; the expert group (ep GPUs) dispatches
// inside its domain over the domain's link and across domains over the network (ExpertGroup).
struct ScaleUpLinks
{
    int domainGpus = 8;
    LinkInfo tensor;
    CommunicationModel::ExpertGroup experts; // efficiencies left at 1: the caller's profile sets them
};
ScaleUpLinks scaleUpLinks(const GpuSpec &gpu, const Workload &workload, const Parallelism &parallelism);

// The same roofline terms as the cost of one continuous-batching step on one replica, for the serving
// simulation. A step passes every pipeline stage in turn (pp adds GPUs and memory, not speed), and pays the
// profile's per-step and per-sequence overheads on top of the per-layer ones.
ServingSimulator::StepCost stepCost(const Inputs &inputs);

} // namespace InferenceModel
