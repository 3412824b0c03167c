#pragma once

#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/MathExpr.h"

// Collective communication between the GPUs of a group, over NVLink or, without one, PCIe
// (bandwidths from the catalogue). Ring all-reduce moves 2 x (n - 1) / n of the message per GPU
// (nccl-tests "bus bandwidth"); each collective also pays a fixed latency.
// T is double, or MathExpr for the shown math; `groupSize` is the group's symbol there ("tp", "dp").
namespace CommunicationModel {

constexpr double kCollectiveLatencyS = 10e-6; // per collective (llm-analysis uses 8 us; NCCL small-message)

template <typename T>
T allReduceSeconds(const T &bytes, const T &groupSize, const LinkInfo &link, double efficiency);
template <typename T> T pointToPointSeconds(const T &bytes, const LinkInfo &link, double efficiency);

} // namespace CommunicationModel
