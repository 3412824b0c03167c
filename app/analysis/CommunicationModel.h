#pragma once

#include "GpuCapabilities.h"

// Collective communication between the GPUs of a group, over NVLink or, without one, PCIe
// (bandwidths from the catalogue). Ring all-reduce moves 2 x (n - 1) / n of the message per GPU
// (nccl-tests "bus bandwidth"); each collective also pays a fixed latency.
namespace CommunicationModel {

constexpr double kCollectiveLatencyS = 10e-6; // per collective (llm-analysis uses 8 us; NCCL small-message)

double allReduceSeconds(double bytes, int groupSize, const LinkInfo &link, double efficiency);
double pointToPointSeconds(double bytes, const LinkInfo &link, double efficiency);

} // namespace CommunicationModel
