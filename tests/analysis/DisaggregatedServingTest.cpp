// Disaggregated serving (issue 57): prefill and decode pools of their own workers, each request's KV cache
// moved from one to the other, TTFT with the move, every GPU of both pools counted.
#include "app/analysis/DisaggregatedSimulator.h"
#include "app/analysis/Estimator.h"
#include "app/analysis/MemoryModel.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/WorkloadResolver.h"
#include "tests/analysis/TestCatalogue.h"

#include <gtest/gtest.h>

namespace {

// DeepSeek-R1 in FP8 under SGLang, 32 users of 4,096 + 512 tokens: 1 prefill worker and 1 decode worker of
// 8 GPUs each, tp 8 and ep 8.
WorkloadRequest disaggregated(int prefillWorkers = 1, int prefillGpus = 8, int decodeWorkers = 1,
                              int decodeGpus = 8)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("deepseek-r1");
    r.task = Task::Inference;
    r.weightPrecision = Precision::Fp8;
    r.concurrency = 32;
    r.numRequests = 96;
    r.inputTokens = 4096;
    r.outputTokens = 512;
    r.profileId = QStringLiteral("sglang");
    r.prefillWorkers = prefillWorkers;
    r.prefillGpus = prefillGpus;
    r.prefillExpertParallel = prefillGpus;
    r.decodeWorkers = decodeWorkers;
    r.decodeGpus = decodeGpus;
    r.expertParallel = decodeGpus;
    return r;
}

ResolvedWorkload resolve(const WorkloadRequest &r)
{
    return WorkloadResolver::resolve(r, TestCatalogue::snapshot());
}

Estimate estimateOn(const GpuSpec &gpu, const WorkloadRequest &r)
{
    const ResolvedWorkload resolved = resolve(r);
    EXPECT_TRUE(resolved.isValid()) << (resolved.problems.isEmpty()
                                            ? std::string("no workload")
                                            : resolved.problems.first().message.toStdString());
    if (!resolved.isValid())
        return {};
    return Estimator::estimate(gpu, *resolved.workload, resolved.parameters);
}

// A hand-made rank: 10 ms of weights per step, 20 us per prefill token, no attention, no host time.
ServingSimulator::StepCost simpleCost()
{
    ServingSimulator::StepCost c;
    c.linearPerTokenS = 20e-6;
    c.weightReadS = 10e-3;
    return c;
}

} // namespace

// One user, one rank in each pool, 1,000 + 101 tokens: the prompt is one prefill step of 1,000 tokens
// (20 ms, the compute above the weights' 10 ms), the KV cache moves in 1 ms + 50 us, and each of the
// other 100 tokens is one decode step of 10 ms.
TEST(DisaggregatedServing, TtftIsThePrefillAndTheTransferAndDecodeStepsMakeTheRest)
{
    DisaggregatedSimulator::Pool prefill;
    prefill.cost = simpleCost();
    prefill.engine.kvCacheTokens = 100000;
    prefill.engine.maxBatchedTokens = 4096;
    prefill.engine.requestOverheadS = 5e-3;
    DisaggregatedSimulator::Pool decode = prefill;
    DisaggregatedSimulator::Transfer transfer;
    transfer.bytesPerToken = 1e6;
    transfer.bytesPerS = 1e12; // 1,000 tokens: 1 ms
    transfer.latencyS = 50e-6;
    ServingSimulator::Traffic traffic;
    traffic.concurrency = 1;
    traffic.numRequests = 3;
    traffic.inputTokens = 1000;
    traffic.outputTokens = 101;
    const DisaggregatedSimulator::Result r =
        DisaggregatedSimulator::simulate(prefill, decode, transfer, traffic);
    EXPECT_NEAR(r.serving.ttftMs.p50, 5.0 + 20.0 + 1.05, 1e-6);
    EXPECT_NEAR(r.serving.tpotMs.p50, 10.0, 1e-6);
    EXPECT_NEAR(r.transferMs.mean, 1.05, 1e-9);
    EXPECT_NEAR(r.serving.e2eMs.p50, 26.05 + 100 * 10.0, 1e-6);
    // Each request waits for the last one: the prefill rank works 20 ms of each 1,026 ms.
    EXPECT_NEAR(r.prefillUtilisation, 20.0 / (5.0 + 20.0 + 1.05 + 1000.0), 1e-3);
    EXPECT_NEAR(r.decodeUtilisation, 1000.0 / (5.0 + 20.0 + 1.05 + 1000.0), 1e-3);
}

TEST(DisaggregatedServing, EveryGpuOfBothPoolsIsCountedAndTheKvCacheMovesOverTheNetwork)
{
    const GpuSpec h200 = TestCatalogue::h200Sxm();
    const Estimate e = estimateOn(h200, disaggregated());
    ASSERT_TRUE(e.serving.has_value()) << (e.notes.isEmpty() ? "" : e.notes.last().toStdString());
    const ServingResult &s = *e.serving;
    EXPECT_EQ(e.parallelism.gpus, 16);
    EXPECT_DOUBLE_EQ(s.outputTokensPerSPerGpu, s.outputTokensPerS / 16.0);
    ASSERT_EQ(s.pools.size(), 2);
    EXPECT_EQ(s.pools[0].role, QStringLiteral("prefill"));
    EXPECT_EQ(s.pools[0].gpus(), 8);
    EXPECT_EQ(s.pools[1].role, QStringLiteral("decode"));
    EXPECT_EQ(s.pools[1].tensorParallel, 8);
    for (const ServingPool &pool : s.pools) {
        EXPECT_GT(pool.utilisation, 0.0);
        EXPECT_LE(pool.utilisation, 1.0);
    }
    // Two HGX H200 boards: 4,096 tokens' whole KV cache from 8 GPUs at 400 Gb/s each.
    ASSERT_TRUE(s.kvTransferMs.has_value());
    EXPECT_EQ(s.kvTransferLink, QStringLiteral("network"));
    const ResolvedWorkload resolved = resolve(disaggregated());
    const ModelArchitecture a = ModelArchitecture::from(resolved.workload->model);
    const double bytes =
        MemoryModel::kvBytesPerTokenPerGpu<double>(a, *resolved.workload, Parallelism{}) * 4096;
    const double seconds =
        bytes / (50e9 *
                 ResolvedEfficiency::resolve(resolved.parameters, h200, resolved.workload->model.kind)
                     .communication *
                 8) +
        10e-6;
    EXPECT_NEAR(s.kvTransferMs->mean, seconds * 1e3, 1e-6);
    EXPECT_GT(s.ttftMs.p50, s.kvTransferMs->mean);
}

TEST(DisaggregatedServing, InsideOneNvl72RackTheKvCacheMovesOverNvlink)
{
    const GpuSpec gb300 = TestCatalogue::seedGpu(QStringLiteral("gb300_nvl72_288gb"));
    // 4 prefill workers of 4 and 1 decode worker of 48 (the GB300 example): 64 GPUs, one rack.
    WorkloadRequest rack = disaggregated(4, 4, 1, 48);
    rack.tensorParallel = 8;
    rack.expertParallel = 16; // a multiple of tp that divides 48 GPUs and 256 experts
    const Estimate inside = estimateOn(gb300, rack);
    WorkloadRequest split = rack;
    split.gpusPerNode = 8; // the same pools on 8-GPU boards
    const Estimate across = estimateOn(gb300, split);
    ASSERT_TRUE(inside.serving && across.serving) << inside.notes.join(QStringLiteral("; ")).toStdString();
    EXPECT_EQ(inside.parallelism.gpus, 64);
    EXPECT_EQ(inside.serving->kvTransferLink, QStringLiteral("NVLink/NVSwitch"));
    EXPECT_EQ(across.serving->kvTransferLink, QStringLiteral("network"));
    // 900 GB/s against 50 GB/s a GPU, after the 10 us latency of either.
    EXPECT_NEAR((across.serving->kvTransferMs->mean - 0.01) / (inside.serving->kvTransferMs->mean - 0.01),
                18.0, 1e-6);
    EXPECT_LT(inside.serving->ttftMs.p50, across.serving->ttftMs.p50);
}

TEST(DisaggregatedServing, ASlowerNetworkAddsItsTransferToTtft)
{
    const GpuSpec h200 = TestCatalogue::h200Sxm();
    WorkloadRequest slow = disaggregated();
    slow.networkGbps = 25.0;
    const Estimate fast = estimateOn(h200, disaggregated());
    const Estimate late = estimateOn(h200, slow);
    ASSERT_TRUE(fast.serving && late.serving);
    const double extra = late.serving->kvTransferMs->mean - fast.serving->kvTransferMs->mean;
    EXPECT_GT(extra, 5.0); // 144 MB a request at 3.1 GB/s a GPU
    // The transfer overlaps the decode steps: TPOT does not pay for it.
    EXPECT_NEAR(late.serving->tpotMs.p50, fast.serving->tpotMs.p50, 0.1 * fast.serving->tpotMs.p50);
    EXPECT_GT(late.serving->ttftMs.p50, fast.serving->ttftMs.p50 + 0.8 * extra);
}

TEST(DisaggregatedServing, IncompleteOrInconsistentPoolsAreRefusedAtTheirField)
{
    using F = WorkloadField;
    const auto problemOf = [](const WorkloadRequest &r) -> std::optional<WorkloadProblem> {
        const ResolvedWorkload resolved = resolve(r);
        if (!resolved.problems.isEmpty())
            return resolved.problems.first();
        return std::nullopt;
    };
    WorkloadRequest noDecodeGpus = disaggregated();
    noDecodeGpus.decodeGpus.reset();
    EXPECT_EQ(problemOf(noDecodeGpus).value().field, F::DecodeGpus);
    WorkloadRequest noLoad = disaggregated();
    noLoad.concurrency.reset();
    noLoad.numRequests.reset();
    EXPECT_EQ(problemOf(noLoad).value().field, F::PrefillWorkers);
    WorkloadRequest withGpus = disaggregated();
    withGpus.gpus = 16;
    EXPECT_EQ(problemOf(withGpus).value().field, F::Gpus);
    WorkloadRequest oddTp = disaggregated();
    oddTp.prefillTensorParallel = 3;
    EXPECT_EQ(problemOf(oddTp).value().field, F::PrefillTensorParallel);
    WorkloadRequest oddEp = disaggregated();
    oddEp.prefillExpertParallel = 6;
    EXPECT_EQ(problemOf(oddEp).value().field, F::PrefillExpertParallel);
    WorkloadRequest training = disaggregated();
    training.task = Task::Training;
    training.concurrency.reset();
    training.numRequests.reset();
    training.inputTokens.reset();
    training.outputTokens.reset();
    training.expertParallel.reset();
    EXPECT_EQ(problemOf(training).value().field, F::PrefillWorkers);
}
