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

// One MoE dispatch (or combine) on one GPU: `tokens` tokens of `tokenBytes`, each to k experts spread evenly
// over an expert group of ep neighbouring GPUs. Inside a node every copy crosses NVLink once (sent, or
// forwarded from the receiving node's GPU); across nodes a token crosses the network once per other node
// holding one of its experts, (n - 1)(1 - (1 - 1/n)^k) times for n nodes, and the NVLink forwarding runs
// beside it (DeepEP's hierarchical dispatch; Megatron-Core's flex dispatcher).
struct ExpertGroup
{
    int ep = 1;
    int gpusPerNode = 8;
    LinkInfo inside;  // the node's GPU-to-GPU link
    LinkInfo network; // the network per GPU (unused when the group fits a node)
    double insideEfficiency = 1.0;
    double networkEfficiency = 1.0;
};
template <typename T>
T expertAllToAllSeconds(const T &tokens, const T &tokenBytes, const T &k, const ExpertGroup &group);

} // namespace CommunicationModel
