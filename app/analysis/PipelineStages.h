#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/Workload.h"

#include <algorithm>
#include <cmath>

// How a pipeline's stages share the layers, as Megatron lays them out: evenly when pp x vpp divides the
// layers; else each of the pp x vpp chunks gets the layers rounded up, so that the heaviest stage holds
// vpp x ceil(L / (pp x vpp)) (126 layers at pp 8 x vpp 4: 16 on the heaviest, 15.75 on average); with
// the first and last stages' layers given (--decoder-first/last-pipeline-num-layers), the other stages
// share the rest. Every stage waits for the heaviest: its compute, its bubble and its memory set the run's.
namespace PipelineStages {

// Layers of the heaviest stage, its vpp chunks together.
inline double heaviestLayers(int layers, int pp, int vpp, int firstLayers, int lastLayers)
{
    pp = std::max(1, pp);
    vpp = std::max(1, vpp);
    if (pp == 1 || layers <= 0)
        return layers;
    if (firstLayers > 0 || lastLayers > 0) {
        const int middleStages = pp - (firstLayers > 0 ? 1 : 0) - (lastLayers > 0 ? 1 : 0);
        const int rest = std::max(0, layers - firstLayers - lastLayers);
        const double middle =
            middleStages > 0 ? std::ceil(double(rest) / (double(middleStages) * vpp)) * vpp : 0.0;
        return std::max({double(firstLayers), double(lastLayers), middle});
    }
    return std::ceil(double(layers) / (double(pp) * vpp)) * vpp;
}

// The heaviest stage's layers over the even share L / pp: 1 when the stages are even.
inline double imbalance(const ModelArchitecture &a, const Workload &w, const Parallelism &p)
{
    if (!a.transformer || p.pipeline <= 1 || a.layers <= 0)
        return 1.0;
    const double heaviest =
        heaviestLayers(a.layers, p.pipeline, p.virtualStages, w.pipelineFirstLayers, w.pipelineLastLayers);
    return std::max(1.0, heaviest * p.pipeline / a.layers);
}

} // namespace PipelineStages
