#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/Plan.h"
#include "app/analysis/Workload.h"
#include "db/GpuSpec.h"
#include "db/SystemSpec.h"

#include <functional>

// The planner's search for one GPU type (Planner.h describes it). Internal to the planner.
namespace PlanSearch {

// A request resolved for the search: the workload and profile a configuration starts from, and the
// request it came from (what the user gave), to which each configuration adds the values it chose.
struct Base
{
    WorkloadRequest request;
    Workload workload;
    EfficiencyParameters parameters;
};

// A base per GPU count: training's recipe (profile, ZeRO, recomputation, global batch) depends on it.
using BaseFor = std::function<const Base *(Precision weights, int gpus)>;

struct Context
{
    const GpuSpec &gpu;
    const PlanRequest &request;
    const ModelArchitecture &architecture;
    BaseFor base;
    std::function<bool()> cancelled;
    // The system the GPU ships in (shippingSystem) when the request names none; null when the catalogue
    // has none for it (then its own node size and the default network).
    const SystemSpec *system = nullptr;
};

// The system a plan of this GPU is built from: among the catalogue's systems that hold it, one sold in any
// number before one sold alone (a workstation), then one whose network is known, then the largest. A plan is
// whole systems of it beyond one, at its network, and never more GPUs than are sold together.
const SystemSpec *shippingSystem(const GpuSpec &gpu, const QVector<SystemSpec> &systems);

GpuPlan serving(const Context &context);
GpuPlan training(const Context &context);

// The weight precisions a plan tries: the request's list, else the request's precision, else bf16 (QLoRA:
// its 4-bit base).
QVector<Precision> precisionsOf(const PlanRequest &request);
// The most GPUs of one type a configuration may use.
int maxGpusOf(const PlanRequest &request);
// The same for this GPU: a GeForce card the user did not pick is kept to one machine (kGeForceMachine),
// with the note why in *notes.
int maxGpusFor(const Context &context, QStringList *notes);
inline constexpr int kGeForceMachine = 8;
// The note for a configuration whose math precision has no tensor rate on the GPU (MXFP4 on Hopper runs
// its matmuls at the fp8 rate); empty when it has one.
QString precisionCaveat(const GpuSpec &gpu, const Estimate &estimate);

} // namespace PlanSearch
