#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimate.h"
#include "app/analysis/Workload.h"
#include "db/GpuSpec.h"

#include <functional>
#include <optional>

// Training's recipe search, one for the estimate (the values the user left automatic) and the planner
// (every value), as practitioners tune a run before they launch it (llm-foundry's yamls, torchtitan,
// Megatron-Bridge recipes pick the sharding, micro-batch and checkpointing that fit and run fastest):
//   tensor parallel 1, 2, 4 ... within a node (dividing the attention heads), pipeline 1, 2, 4 ... 64
//   (at most the layers; stages the layers do not divide are split as Megatron does, PipelineStages); ZeRO-1,
//   2 or 3 (full training; adapters shard nothing); micro-batches 1, 2, 4, 8 that divide each replica's share
//   of the global batch; and for each, the least recomputation that fits (none, selective, full; adapters
//   full, as PEFT runs them). A value the user gave stays.
// Every candidate is estimated by the estimator itself, so the chosen recipe estimated alone gives the
// same numbers. The fastest that fits wins: at one GPU count it is also the cheapest and the soonest done.
namespace TrainingRecipe {

struct Candidate
{
    Workload workload; // every layout value set: estimating it searches nothing
    Estimate estimate; // without math
};

struct Result
{
    std::optional<Candidate> fastest;
    int searched = 0;        // candidates estimated
    double closestGb = -1.0; // the least memory per GPU among those that did not fit; -1: none missed
    double capacityGb = 0.0;
};

struct Hooks
{
    std::function<bool()> cancelled;               // checked between candidates
    std::function<void(const Candidate &)> fitted; // every candidate that fits, as it is found
};

// Whether a training workload leaves part of its layout or recipe to the search: tp and pp both
// automatic (0), or ZeRO, micro-batch or recomputation automatic. Profiles that split layers over every
// GPU (llama.cpp) and inference search nothing here.
bool searches(const Workload &workload, const EfficiencyParameters &parameters);

Result search(const GpuSpec &gpu, const Workload &workload, const EfficiencyParameters &parameters,
              const Hooks &hooks = {});

} // namespace TrainingRecipe
