#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/Workload.h"

#include <algorithm>
#include <cmath>

// How a pipeline's stages share the layers, as Megatron lays them out:
//  - the first and last stages' layers given (--decoder-first/last-pipeline-num-layers): the other stages
//    share the rest;
//  - pp x vpp divides the layers: evenly;
//  - pp x vpp divides the layers + 2: the embedding and the loss each take a layer's slot on the first and
//    last chunk (--account-for-embedding/loss-in-pipeline-split, Megatron-Bridge's Llama-3.1-405B recipe:
//    126 + 2 layers over pp 8 x vpp 2, 16 slots a stage, 15 layers on the first and last);
//  - otherwise each of the pp x vpp chunks gets the layers rounded up, so that the heaviest stage holds
//    vpp x ceil(L / (pp x vpp)) (61 layers at pp 16: 4 on the heaviest, 3.8 on average).
// Every stage waits for the heaviest: its compute sets the run's time and its bubble, its layers the memory
// that must fit. The output head's matmul on the last stage is not counted there: it is spread over the
// stages, as the fitted profiles were (docs/estimator.md).
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
    if (layers % (pp * vpp) == 0)
        return double(layers) / pp;
    if ((layers + 2) % (pp * vpp) == 0)
        return double(layers + 2) / pp; // a middle stage; the first and last hold one layer fewer
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
