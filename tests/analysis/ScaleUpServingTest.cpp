// Serving on scale-up domains (issue 57): tensor- and expert-parallel groups inside a GPU's NVLink domain
// (8 GPUs on HGX, 72 on an NVL72 rack) run at its rate, beyond it over the network; wide expert
// parallelism (ep above tp) keeps every expert whole on one of ep GPUs.
#include "app/analysis/CommunicationModel.h"
#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/InferenceModel.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/WorkloadResolver.h"
#include "tests/analysis/TestCatalogue.h"

#include <gtest/gtest.h>

namespace {

// DeepSeek-R1 in FP8 as SGLang serves it, 64 users of 1,024 + 256 tokens.
WorkloadRequest deepSeek(int gpus, int tp, int ep, std::optional<int> gpusPerNode = std::nullopt)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("deepseek-r1");
    r.task = Task::Inference;
    r.weightPrecision = Precision::Fp8;
    r.gpus = gpus;
    r.tensorParallel = tp;
    r.expertParallel = ep;
    r.gpusPerNode = gpusPerNode;
    r.concurrency = 64;
    r.numRequests = 128;
    r.inputTokens = 1024;
    r.outputTokens = 256;
    r.profileId = QStringLiteral("sglang");
    return r;
}

Estimate estimateOn(const GpuSpec &gpu, const WorkloadRequest &request)
{
    const ResolvedWorkload resolved = WorkloadResolver::resolve(request, TestCatalogue::snapshot());
    EXPECT_TRUE(resolved.isValid()) << (resolved.problems.isEmpty()
                                            ? std::string("no workload")
                                            : resolved.problems.first().message.toStdString());
    if (!resolved.isValid())
        return {};
    return Estimator::estimate(gpu, *resolved.workload, resolved.parameters);
}

Workload workloadOf(const WorkloadRequest &request)
{
    const ResolvedWorkload resolved = WorkloadResolver::resolve(request, TestCatalogue::snapshot());
    EXPECT_TRUE(resolved.isValid());
    return resolved.isValid() ? *resolved.workload : Workload{};
}

Parallelism split(int gpus, int tp, int ep)
{
    Parallelism p;
    p.gpus = gpus;
    p.tensor = tp;
    p.data = gpus / tp;
    p.expert = ep;
    return p;
}

// One engine step's cost for the workload on the GPU at its split, as the serving simulation prices it.
ServingSimulator::StepCost stepOf(const GpuSpec &gpu, const Workload &w, const Parallelism &p)
{
    const ModelArchitecture a = ModelArchitecture::from(w.model);
    const EfficiencyParameters parameters = TestCatalogue::profile(QStringLiteral("sglang"));
    const ResolvedEfficiency efficiency = ResolvedEfficiency::resolve(parameters, gpu, w.model.kind);
    const ComputeRate rate = GpuCapabilities::peak(gpu, Precision::Fp8);
    return InferenceModel::stepCost(
        InferenceModel::Inputs{a, w, gpu, parameters, efficiency, p, rate, 32, 32 * p.data});
}

} // namespace

TEST(ScaleUpServing, Nvl72KeepsTp16AndEp32OnNvlink)
{
    const GpuSpec gb200 = TestCatalogue::seedGpu(QStringLiteral("gb200_nvl72_186gb"));
    ASSERT_EQ(gb200.gpusPerNode.value_or(0), 72);
    const Workload w = workloadOf(deepSeek(32, 16, 32));
    const InferenceModel::ScaleUpLinks links = InferenceModel::scaleUpLinks(gb200, w, split(32, 16, 32));
    EXPECT_EQ(links.domainGpus, 72);
    EXPECT_TRUE(links.tensor.nvlink);
    EXPECT_FALSE(links.tensor.network);
    EXPECT_DOUBLE_EQ(links.tensor.unidirectionalGBs, 900.0); // 1.8 TB/s NVLink 5, halved per direction
    EXPECT_EQ(links.experts.ep, 32);
    EXPECT_EQ(links.experts.gpusPerNode, 72);

    // Inside the domain the dispatch never touches the network: a network of 1 Gb/s changes nothing.
    CommunicationModel::ExpertGroup slowNetwork = links.experts;
    slowNetwork.network.unidirectionalGBs = 0.125;
    EXPECT_DOUBLE_EQ(CommunicationModel::expertAllToAllSeconds<double>(256.0, 7168.0, 8.0, slowNetwork),
                     CommunicationModel::expertAllToAllSeconds<double>(256.0, 7168.0, 8.0, links.experts));

    // The same deployment cut into domains of 8 (as HGX boards): tp 16 and ep 32 cross the network.
    const Estimate rack = estimateOn(gb200, deepSeek(32, 16, 32));
    const Estimate boards = estimateOn(gb200, deepSeek(32, 16, 32, 8));
    const Workload onBoards = workloadOf(deepSeek(32, 16, 32, 8));
    EXPECT_TRUE(InferenceModel::scaleUpLinks(gb200, onBoards, split(32, 16, 32)).tensor.network);
    ASSERT_TRUE(rack.serving && boards.serving);
    EXPECT_EQ(rack.parallelism.expert, 32);
    EXPECT_GT(boards.serving->tpotMs.p90, 1.2 * rack.serving->tpotMs.p90);
    EXPECT_GT(boards.serving->ttftMs.p90, rack.serving->ttftMs.p90);
    // A larger domain than the group changes nothing: the rack's figures are the NVLink ones.
    const Estimate wider = estimateOn(gb200, deepSeek(32, 16, 32, 64));
    ASSERT_TRUE(wider.serving);
    EXPECT_DOUBLE_EQ(wider.serving->tpotMs.p90, rack.serving->tpotMs.p90);
}

TEST(ScaleUpServing, HgxH100Ep16CrossesTheNetworkAndIsSlower)
{
    const GpuSpec h100 = TestCatalogue::h100Sxm();
    const Workload w = workloadOf(deepSeek(16, 8, 16));
    const InferenceModel::ScaleUpLinks links = InferenceModel::scaleUpLinks(h100, w, split(16, 8, 16));
    EXPECT_EQ(links.domainGpus, 8);
    EXPECT_FALSE(links.tensor.network);                              // tp 8: one board
    EXPECT_DOUBLE_EQ(links.experts.network.unidirectionalGBs, 50.0); // 400 Gb/s per GPU
    // One token's 8 copies over 2 nodes: (n - 1)(1 - (1 - 1/n)^k) = 1 - 2^-8 of a token crosses the network
    // per GPU, against 7/8 of 8 copies on NVLink; the network's 50 GB/s is the slower.
    const double tokens = 512.0;
    const double bytes = 7168.0; // DeepSeek-V3's hidden size x 1 byte (FP8 activations)
    const double network = tokens * bytes * (1.0 - std::pow(0.5, 8.0)) / 50e9 + 10e-6;
    EXPECT_NEAR(CommunicationModel::expertAllToAllSeconds<double>(tokens, bytes, 8.0, links.experts), network,
                1e-9);

    // Every step pays for it: the same split as if all 16 GPUs shared NVLink communicates less.
    const Workload oneDomain = workloadOf(deepSeek(16, 8, 16, 16));
    const ServingSimulator::StepCost boards = stepOf(h100, w, split(16, 8, 16));
    const ServingSimulator::StepCost nvlink = stepOf(h100, oneDomain, split(16, 8, 16));
    // Measured 2026-12-07: 26.2 against 22.3 us per token; a prefill step of 8,192 tokens 337 against 305 ms.
    EXPECT_GT(boards.allReducePerTokenS, 1.1 * nvlink.allReducePerTokenS);
    EXPECT_GT(boards.seconds(8192, 8192.0 * 4096, 0, 0, 0),
              1.05 * nvlink.seconds(8192, 8192.0 * 4096, 0, 0, 0));
    // Under load: TTFT p90 1,365 against 1,239 ms, TPOT p90 24.7 against 24.2 ms, 2,428 against 2,486
    // tokens/s (one token in 256 of the dispatch crosses to the other node: DeepEP's hierarchical dispatch
    // keeps the rest on NVLink).
    const Estimate overNetwork = estimateOn(h100, deepSeek(16, 8, 16));
    const Estimate overNvlink = estimateOn(h100, deepSeek(16, 8, 16, 16));
    ASSERT_TRUE(overNetwork.serving && overNvlink.serving);
    EXPECT_GT(overNetwork.serving->ttftMs.p90, 1.05 * overNvlink.serving->ttftMs.p90);
    EXPECT_GT(overNetwork.serving->tpotMs.p90, overNvlink.serving->tpotMs.p90);
    EXPECT_LT(overNetwork.serving->outputTokensPerS, overNvlink.serving->outputTokensPerS);

    // tp 16 over two HGX boards: the all-reduces run on the network.
    const Workload tp16 = workloadOf(deepSeek(16, 16, 16));
    const InferenceModel::ScaleUpLinks across = InferenceModel::scaleUpLinks(h100, tp16, split(16, 16, 16));
    EXPECT_TRUE(across.tensor.network);
    EXPECT_DOUBLE_EQ(across.tensor.unidirectionalGBs, 50.0);
}

TEST(ScaleUpServing, WideExpertParallelismKeepsEveryExpertWholeOnOneOfEpGpus)
{
    const GpuSpec h200 = TestCatalogue::h200Sxm();
    const Estimate ep8 = estimateOn(h200, deepSeek(16, 8, 8));
    const Estimate ep16 = estimateOn(h200, deepSeek(16, 8, 16));
    ASSERT_GT(ep8.memory.weightsGb, 0.0);
    // tp 8 x 2 replicas: ep 16 halves the experts on each GPU and keeps the rest (attention, dense layers,
    // shared experts, embeddings) a tp-8 share.
    const ModelArchitecture a = ModelArchitecture::from(TestCatalogue::model(QStringLiteral("deepseek-r1")));
    const double expertGb = a.expertParams() * 1.0 / 1e9; // FP8: a byte each
    EXPECT_NEAR(ep8.memory.weightsGb - ep16.memory.weightsGb, expertGb / 8.0 - expertGb / 16.0,
                0.01 * ep8.memory.weightsGb);
    ASSERT_TRUE(ep8.serving && ep16.serving);
    EXPECT_GT(ep16.serving->kvCacheTokens, ep8.serving->kvCacheTokens); // the room the experts left
}

TEST(ScaleUpServing, ExpertGroupsThatTpDoesNotDivideAreRefusedAtEp)
{
    for (const auto &[tp, ep] : {std::pair{8, 12}, std::pair{8, 4}}) {
        const ResolvedWorkload resolved =
            WorkloadResolver::resolve(deepSeek(24, tp, ep), TestCatalogue::snapshot());
        const std::optional<WorkloadProblem> problem =
            resolved.isValid() ? Estimator::check(*resolved.workload)
                               : std::optional<WorkloadProblem>(resolved.problems.value(0));
        ASSERT_TRUE(problem.has_value()) << tp << " " << ep;
        EXPECT_EQ(problem->field, WorkloadField::ExpertParallel);
    }
}
