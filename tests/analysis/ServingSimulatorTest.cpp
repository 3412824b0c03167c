// The serving simulation: the properties a user relies on when reading latency under load, and the
// request's traffic checks. Accuracy against measured serving runs is in ServingAccuracyTest.
#include "app/analysis/ServingSimulator.h"

#include "app/analysis/BenchmarkHarness.h"
#include "app/analysis/Estimator.h"
#include "app/analysis/ServingCurve.h"
#include "app/analysis/WorkloadResolver.h"
#include "tests/analysis/TestCatalogue.h"

#include <gtest/gtest.h>

namespace {

// Llama-3.3-70B FP8 on 2 H100 SXM (TP2), 5,000 prompt and 500 output tokens: NVIDIA's NIM deployment.
Workload chatbot70b(int users)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3.3-70b"));
    w.task = Task::Inference;
    w.weightPrecision = Precision::Fp8;
    w.activationPrecision = Precision::Fp8;
    w.kvPrecision = Precision::Fp8;
    w.gpuCount = 2;
    w.tensorParallel = 2;
    w.batch = users;
    w.inputTokens = 5000;
    w.outputTokens = 500;
    ServingTraffic traffic;
    traffic.concurrency = users;
    w.traffic = traffic;
    return w;
}

ServingResult serve(const Workload &w, const GpuSpec &gpu = TestCatalogue::h100Sxm(),
                    const QString &profile = QStringLiteral("vllm"))
{
    const Estimate e = Estimator::estimate(gpu, w, TestCatalogue::profile(profile), EstimateOptions{false});
    EXPECT_TRUE(e.serving.has_value()) << e.notes.join(u'\n').toStdString();
    return e.serving.value_or(ServingResult{});
}

void expectOrdered(const LatencyStats &s, const char *what)
{
    EXPECT_LE(s.p50, s.p90) << what;
    EXPECT_LE(s.p90, s.p99) << what;
    EXPECT_GT(s.mean, 0.0) << what;
}

// A small hand-made replica: 10 ms of weights per step, 1 us per KV token, 20 ms per 1,000 prefill tokens.
ServingSimulator::StepCost simpleCost()
{
    ServingSimulator::StepCost c;
    c.linearPerTokenS = 20e-6;
    c.weightReadS = 10e-3;
    c.kvReadPerTokenS = 1e-6;
    c.hostStepS = 1e-3;
    return c;
}

TEST(ServingSimulator, PercentilesAreOrderedForEveryLatency)
{
    const ServingResult r = serve(chatbot70b(50));
    expectOrdered(r.ttftMs, "ttft");
    expectOrdered(r.tpotMs, "tpot");
    expectOrdered(r.itlMs, "itl");
    expectOrdered(r.e2eMs, "e2e");
    EXPECT_LE(r.queueMs.p50, r.queueMs.p99);
    EXPECT_GT(r.outputTokensPerS, 0.0);
    EXPECT_NEAR(r.outputTokensPerSPerGpu, r.outputTokensPerS / 2.0, 1e-9);
    EXPECT_GT(r.kvCacheUse, 0.0);
    EXPECT_LE(r.kvCacheUse, 1.0);
}

TEST(ServingSimulator, MoreUsersNeverLowerTtftOrTpotAndThroughputSaturates)
{
    double previousTtft = 0.0;
    double previousTpot = 0.0;
    double previousThroughput = 0.0;
    QVector<double> throughputs;
    for (int users : {1, 2, 4, 8, 16, 32, 64, 128, 256, 512}) {
        const ServingResult r = serve(chatbot70b(users));
        // 1% slack: a closed loop's last round drains with fewer users, which moves a percentile slightly.
        EXPECT_GE(r.ttftMs.p50, previousTtft * 0.99) << users << " users";
        EXPECT_GE(r.tpotMs.p50, previousTpot * 0.99) << users << " users";
        previousTtft = r.ttftMs.p50;
        previousTpot = r.tpotMs.p50;
        throughputs.append(r.outputTokensPerS);
        previousThroughput = std::max(previousThroughput, r.outputTokensPerS);
    }
    // Rises steeply at first, then flattens once the KV cache is full: 256 -> 512 users adds < 10%.
    EXPECT_GT(throughputs[4], 5.0 * throughputs[0]);
    EXPECT_LT(throughputs[9], 1.10 * throughputs[8]);
}

TEST(ServingSimulator, SameSeedSameResultOtherSeedOtherArrivals)
{
    Workload w = chatbot70b(1);
    w.traffic->concurrency = 0;
    w.traffic->requestRate = 1.0;
    w.traffic->numRequests = 300;
    const ServingResult first = serve(w);
    const ServingResult again = serve(w);
    EXPECT_EQ(first.ttftMs.p90, again.ttftMs.p90);
    EXPECT_EQ(first.e2eMs.mean, again.e2eMs.mean);
    EXPECT_EQ(first.outputTokensPerS, again.outputTokensPerS);
    w.traffic->seed = 7;
    EXPECT_NE(serve(w).e2eMs.mean, first.e2eMs.mean);
}

TEST(ServingSimulator, StaticBatchStartsTogether)
{
    // --concurrency 8 --num-requests 8: eight prompts arrive at once and are prefilled in one chunked pass.
    ServingSimulator::Engine engine;
    engine.kvCacheTokens = 1000000;
    ServingSimulator::Traffic traffic;
    traffic.concurrency = 8;
    traffic.numRequests = 8;
    traffic.inputTokens = 100;
    traffic.outputTokens = 10;
    const ServingResult r = ServingSimulator::simulate(simpleCost(), engine, traffic);
    EXPECT_EQ(r.numRequests, 8);
    EXPECT_DOUBLE_EQ(r.queueMs.p99, 0.0); // nobody waited for a slot
    // One step prefills all 800 tokens: 16 ms of matmuls over 10 ms of weights, + 1 ms fixed.
    EXPECT_NEAR(r.ttftMs.p50, 17.0, 1e-6);
    EXPECT_NEAR(r.ttftMs.p99, 17.0, 1e-6);
    // Then 9 decode steps of 8 sequences: max(8 x 20 us, 10 ms + KV reads) + 1 ms.
    EXPECT_NEAR(r.tpotMs.p50, 11.0 + 8 * 105e-3, 0.01);
}

TEST(ServingSimulator, ChunkedPrefillSplitsLongPromptsAtTheTokenBudget)
{
    ServingSimulator::Engine engine;
    engine.kvCacheTokens = 1000000;
    engine.maxBatchedTokens = 1000;
    ServingSimulator::Traffic traffic;
    traffic.concurrency = 1;
    traffic.numRequests = 1;
    traffic.inputTokens = 2500;
    traffic.outputTokens = 2;
    const ServingResult r = ServingSimulator::simulate(simpleCost(), engine, traffic);
    // Three chunks (1,000 + 1,000 + 500 tokens), each max(compute, weights + earlier KV) + 1 ms: the last
    // one reads 2,000 cached tokens (2 ms) beside the weights, more than its 10 ms of matmuls.
    const double chunks = (20.0 + 1.0) + (20.0 + 1.0) + (12.0 + 1.0);
    EXPECT_NEAR(r.ttftMs.p50, chunks, 0.01);
}

TEST(ServingSimulator, RequestsQueueWhenTheKvCacheIsFull)
{
    ServingSimulator::Engine engine;
    engine.kvCacheTokens = 2 * 112; // room for two requests of 100 + 10 tokens (16-token blocks)
    ServingSimulator::Traffic traffic;
    traffic.concurrency = 6;
    traffic.numRequests = 6;
    traffic.inputTokens = 100;
    traffic.outputTokens = 10;
    const ServingResult r = ServingSimulator::simulate(simpleCost(), engine, traffic);
    EXPECT_NEAR(r.kvCacheUse, 1.0, 1e-9);
    EXPECT_LE(r.meanRunningSequences, 2.0 + 1e-9);
    // Three rounds of two (~112 ms each): the second pair waits one round, the last pair two.
    EXPECT_GT(r.queueMs.p50, 100.0);
    EXPECT_GT(r.ttftMs.p99, 1.5 * r.ttftMs.mean);
    EXPECT_NEAR(r.queueMs.p99, 2.0 * r.queueMs.p50, 0.1 * r.queueMs.p50);
}

TEST(ServingSimulator, OnDemandCacheRunsMoreSequencesAndPreemptsWhenFull)
{
    // Room for 26 blocks: reserving 13 per request (100 + 100 tokens) runs two at once; allocating on demand
    // (vLLM, TurboMind) starts three on their prompts (7 blocks each), lets them grow and preempts the
    // newest when the cache is full. Every request is still served.
    ServingSimulator::Engine engine;
    engine.kvCacheTokens = 26 * 16;
    ServingSimulator::Traffic traffic;
    traffic.concurrency = 6;
    traffic.numRequests = 6;
    traffic.inputTokens = 100;
    traffic.outputTokens = 100;
    const ServingResult reserved = ServingSimulator::simulate(simpleCost(), engine, traffic);
    engine.reserveWholeSequence = false;
    const ServingResult onDemand = ServingSimulator::simulate(simpleCost(), engine, traffic);
    EXPECT_LE(reserved.meanRunningSequences, 2.0 + 1e-9);
    EXPECT_GT(onDemand.meanRunningSequences, 2.0);
    EXPECT_LE(onDemand.kvCacheUse, 1.0 + 1e-9);
    EXPECT_NEAR(reserved.kvCacheUse, 1.0, 1e-9);
    EXPECT_EQ(onDemand.numRequests, 6);
    EXPECT_GT(onDemand.outputTokensPerS, 0.0);
    EXPECT_GT(onDemand.e2eMs.mean, 0.0);
}

TEST(ServingSimulator, SaturatedThroughputCountsWhatIsServedInTheWindow)
{
    // 250 users on NIM's 2 H100 keep the cache full; the throughput is the cache's worth of sequences at
    // the saturated step time, not diluted by the warm-up requests still queued when measuring starts.
    const ServingResult r = serve(chatbot70b(250), TestCatalogue::h100Sxm(), QStringLiteral("tensorrt-llm"));
    const double sequencesPerStep = r.meanRunningSequences;
    EXPECT_NEAR(r.outputTokensPerS / (sequencesPerStep * 1000.0 / r.itlMs.mean), 1.0, 0.05);
}

TEST(ServingSimulator, ARequestLargerThanTheKvCacheIsNeverServed)
{
    ServingSimulator::Engine engine;
    engine.kvCacheTokens = 64;
    ServingSimulator::Traffic traffic;
    traffic.concurrency = 1;
    traffic.inputTokens = 100;
    traffic.outputTokens = 10;
    const ServingResult r = ServingSimulator::simulate(simpleCost(), engine, traffic);
    EXPECT_EQ(r.outputTokensPerS, 0.0);
    EXPECT_GT(r.kvCacheUse, 1.0);
}

// A deployment whose engine has no room in its KV cache for one request serves none of the load: it does
// not fit, says why, and gives no load figures (not a result of zeros beside a "fits"). Mixtral 8x22B in
// bf16 on 4 H100 (TP4) under vLLM's default memory share: the weights leave no KV cache.
TEST(ServingSimulator, ADeploymentWithNoRoomForOneRequestDoesNotFitAndSaysWhy)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("mixtral-8x22b"));
    w.task = Task::Inference;
    w.gpuCount = 4;
    w.tensorParallel = 4;
    w.batch = 320;
    w.inputTokens = 247;
    w.outputTokens = 233;
    ServingTraffic traffic;
    traffic.concurrency = 320;
    w.traffic = traffic;
    const Estimate e = Estimator::estimate(
        TestCatalogue::h100Sxm(), w, TestCatalogue::profile(QStringLiteral("vllm")), EstimateOptions{false});
    EXPECT_LE(e.perGpuGb, e.capacityGb) << "its memory alone fits";
    EXPECT_FALSE(e.fits);
    EXPECT_FALSE(e.serving.has_value());
    EXPECT_TRUE(e.unfitReason.contains(QStringLiteral("one request needs 480")))
        << e.unfitReason.toStdString();
    EXPECT_TRUE(e.notes.contains(e.unfitReason));
}

TEST(ServingSimulator, OneUserAgreesWithTheStaticBatchOfOne)
{
    // Without load the simulation and the one-batch estimate describe the same request; the simulation adds
    // the engine's host time per step and per sequence (fitted on serving runs), the one-batch roofline not.
    Workload w = chatbot70b(1);
    w.traffic->numRequests = 20;
    const EfficiencyParameters vllm = TestCatalogue::profile(QStringLiteral("vllm"));
    const Estimate e = Estimator::estimate(TestCatalogue::h100Sxm(), w, vllm, EstimateOptions{false});
    ASSERT_TRUE(e.serving && e.inference);
    const ResolvedEfficiency overheads =
        ResolvedEfficiency::resolve(vllm, TestCatalogue::h100Sxm(), w.model.kind);
    // The host's time per step, unless the engine's overlap scheduler hides it behind the GPU's.
    const double perStepMs =
        vllm.overlapScheduler ? 0.0 : (overheads.stepOverheadS + overheads.sequenceOverheadS) * 1e3;
    // The request's time outside the GPU (API server, tokenising) is in its TTFT too.
    EXPECT_NEAR(e.serving->ttftMs.p50 / (e.inference->ttftMs + perStepMs + overheads.requestOverheadS * 1e3),
                1.0, 0.05);
    EXPECT_NEAR(e.serving->tpotMs.p50 / (e.inference->tpotMs + perStepMs), 1.0, 0.05);
}

TEST(ServingSimulator, LowRateAnswersLikeOneUserAndOverloadQueues)
{
    Workload w = chatbot70b(1);
    w.traffic->concurrency = 0;
    w.traffic->numRequests = 200;
    w.traffic->requestRate = 0.01; // one request every 100 s: nobody overlaps
    const ServingResult idle = serve(w);
    const ServingResult alone = serve(chatbot70b(1));
    EXPECT_NEAR(idle.ttftMs.p50 / alone.ttftMs.p50, 1.0, 0.05);
    w.traffic->requestRate = 20.0; // far beyond what 2 GPUs serve (~2 requests/s)
    const ServingResult overloaded = serve(w);
    EXPECT_GT(overloaded.queueMs.p50, 10.0 * alone.ttftMs.p50);
    EXPECT_LT(overloaded.requestsPerS, 5.0);
}

TEST(ServingLoad, LargerKvCacheNeverLowersTheMostUsersWithinTargets)
{
    Workload w = chatbot70b(16);
    w.traffic->ttftP90TargetMs = 3000.0;
    w.traffic->tpotP90TargetMs = 80.0;
    // Lengths spread by 10%, as real prompts are: users who start together with equal requests stay in
    // step (each round's prompts arrive together), and where that lockstep breaks depends on step times,
    // not on memory.
    w.traffic->dataset = LengthDataset::Random;
    w.traffic->randomRangeRatio = 0.1;
    const int h100 = serve(w).maxConcurrencyWithinSlo.value_or(-1);
    const int h200 = serve(w, TestCatalogue::h200Sxm()).maxConcurrencyWithinSlo.value_or(-1);
    EXPECT_GT(h100, 0);
    EXPECT_GE(h200, h100); // same compute, more memory and bandwidth
    // The engine's memory fraction is the KV cache's size: a bigger one never admits fewer users.
    EfficiencyParameters small = TestCatalogue::profile(QStringLiteral("vllm"));
    EfficiencyParameters large = small;
    small.kvMemoryFraction = 0.7;
    large.kvMemoryFraction = 0.95;
    const auto most = [&](const EfficiencyParameters &p) {
        return Estimator::estimate(TestCatalogue::h100Sxm(), w, p, EstimateOptions{false})
            .serving->maxConcurrencyWithinSlo.value_or(-1);
    };
    EXPECT_LE(most(small), most(large));
}

TEST(ServingLoad, TargetsBelowOneUsersLatencyAreMetByNobodyAndSaySo)
{
    Workload w = chatbot70b(10);
    w.traffic->ttftP90TargetMs = 50.0; // a 5,000-token prompt takes ~400 ms on this pair alone
    const QVector<Estimate> all =
        Estimator::estimateAll({TestCatalogue::h100Sxm()}, w, TestCatalogue::profile(QStringLiteral("vllm")));
    ASSERT_EQ(all.size(), 1);
    ASSERT_TRUE(all[0].serving);
    EXPECT_EQ(all[0].serving->meetsSlo, std::optional<bool>(false));
    EXPECT_EQ(all[0].serving->maxConcurrencyWithinSlo, std::optional<int>(0));
    EXPECT_EQ(all[0].inferenceVerdict.level, VerdictLevel::Unsuitable);
    EXPECT_TRUE(all[0].inferenceVerdict.reasons.join(u' ').contains(QStringLiteral("not even one user")));
}

TEST(ServingLoad, CurveRisesWithUsers)
{
    Workload w = chatbot70b(1);
    const QVector<ServingCurve::Point> curve =
        ServingCurve::curve(TestCatalogue::h100Sxm(), w, TestCatalogue::profile(QStringLiteral("vllm")),
                            ServingCurve::userCounts(64));
    ASSERT_EQ(curve.size(), 7); // 1, 2, 4, ..., 64
    EXPECT_EQ(curve.last().concurrency, 64);
    EXPECT_GT(curve.last().ttftP90Ms, curve.first().ttftP90Ms);
    EXPECT_GT(curve.last().tpotP90Ms, curve.first().tpotP90Ms);
}

// ---- the request's traffic ----

WorkloadRequest servingRequest()
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3-8b");
    r.task = Task::Inference;
    return r;
}

std::optional<WorkloadField> problemField(const WorkloadRequest &r)
{
    const ResolvedWorkload resolved = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    if (resolved.problems.isEmpty())
        return std::nullopt;
    return resolved.problems.first().field;
}

TEST(ServingRequest, UsersBecomeTheRequestsInFlight)
{
    WorkloadRequest r = servingRequest();
    r.concurrency = 50;
    const ResolvedWorkload resolved = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    ASSERT_TRUE(resolved.workload);
    ASSERT_TRUE(resolved.workload->traffic);
    EXPECT_EQ(resolved.workload->traffic->concurrency, 50);
    EXPECT_EQ(resolved.workload->batch, 50);
    EXPECT_TRUE(WorkloadResolver::recipe(*resolved.workload, resolved.parameters)
                    .contains(QStringLiteral("50 concurrent user")));
    EXPECT_FALSE(resolved.companion.traffic); // training has no users
}

TEST(ServingRequest, BadLoadIsRefusedAtItsField)
{
    using F = WorkloadField;
    WorkloadRequest r = servingRequest();
    r.concurrency = 0;
    EXPECT_EQ(problemField(r), F::Concurrency);
    r.concurrency = -3;
    EXPECT_EQ(problemField(r), F::Concurrency);
    r = servingRequest();
    r.requestRate = 2.0;
    r.numRequests = 0; // a rate with no requests
    EXPECT_EQ(problemField(r), F::NumRequests);
    r = servingRequest();
    r.requestRate = 2.0;
    r.concurrency = 10;
    EXPECT_EQ(problemField(r), F::RequestRate);
    r = servingRequest();
    r.requestRate = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(problemField(r), F::RequestRate);
    r = servingRequest();
    r.concurrency = 10;
    r.ttftP90Ms = -5.0;
    EXPECT_EQ(problemField(r), F::TtftP90);
    r = servingRequest();
    r.tpotP90Ms = 50.0; // a target with no load to meet it under
    EXPECT_EQ(problemField(r), F::TpotP90);
    r = servingRequest();
    r.concurrency = 10;
    r.batch = 4;
    EXPECT_EQ(problemField(r), F::Batch);
    r = servingRequest();
    r.task = Task::Training;
    r.concurrency = 10;
    EXPECT_EQ(problemField(r), F::Concurrency);
}

} // namespace

// A simulation that would take minutes is refused before it starts, at --num-requests with the steps it
// needs (issue 40, item 11: 1,000 users, 1 token per step, 100,000 requests ran for 140 s); the same
// requests with the engine's own step size simulate.
TEST(ServingSimulator, ASimulationOfMillionsOfStepsIsRefusedBeforeItStarts)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.task = Task::Inference;
    ServingTraffic t;
    t.concurrency = 1000;
    t.maxBatchedTokens = 1;
    t.numRequests = 100000;
    w.traffic = t;
    const std::optional<WorkloadProblem> problem = Estimator::check(w);
    ASSERT_TRUE(problem);
    EXPECT_EQ(problem->field, WorkloadField::NumRequests);
    EXPECT_TRUE(problem->message.contains(QStringLiteral("76800000 engine steps")))
        << problem->message.toStdString();
    w.traffic->maxBatchedTokens = 0;
    w.traffic->numRequests = 2000;
    EXPECT_FALSE(Estimator::check(w)) << "the usual simulation";
}

// The same request counted as vllm bench serve and as GenAI-Perf counts it (BenchmarkHarness): the users'
// first round starts together, so its prompts queue behind each other; vllm bench serve has it in its
// figures, GenAI-Perf's steady windows do not. 32 users of 2,000-token prompts on the hand-made replica:
// the first round's prefills take 32 x 2,000 x 20 us = 1.3 s in all, so its TTFTs climb to about that.
TEST(ServingSimulator, GenAiPerfLeavesTheFirstBurstOutVllmBenchCountsIt)
{
    ServingSimulator::Engine engine;
    engine.kvCacheTokens = 10000000;
    engine.maxBatchedTokens = 8192;
    ServingSimulator::Traffic traffic;
    traffic.concurrency = 32;
    traffic.numRequests = 320;
    traffic.inputTokens = 2000;
    traffic.outputTokens = 200;
    const ServingResult vllmBench = ServingSimulator::simulate(simpleCost(), engine, traffic);
    ServingSimulator::Traffic steady = traffic;
    steady.warmupRequests = BenchmarkHarnesses::warmupRequests(BenchmarkHarness::GenAiPerf, 32, 0);
    steady.steadyState = BenchmarkHarnesses::steadyState(BenchmarkHarness::GenAiPerf);
    const ServingResult genAiPerf = ServingSimulator::simulate(simpleCost(), engine, steady);
    // The burst: a first-round prompt waits for the others before it (up to 1.3 s of prefill).
    EXPECT_GT(vllmBench.ttftMs.p99, 1000.0);
    EXPECT_LT(genAiPerf.ttftMs.p99, 0.5 * vllmBench.ttftMs.p99);
    EXPECT_LT(genAiPerf.ttftMs.mean, vllmBench.ttftMs.mean);
    // The same requests made: 320 measured either way.
    EXPECT_EQ(vllmBench.numRequests, 320);
    EXPECT_EQ(genAiPerf.numRequests, 320 + 32 + 32); // its warm-up round and the round that keeps it full
    // Throughput hardly differs: the burst costs latency, not tokens made.
    EXPECT_NEAR(genAiPerf.outputTokensPerS / vllmBench.outputTokensPerS, 1.0, 0.03);
    // AIPerf with no warm-up requests counts as vllm bench serve does.
    ServingSimulator::Traffic aiperf = traffic;
    aiperf.warmupRequests = BenchmarkHarnesses::warmupRequests(BenchmarkHarness::AiPerf, 32, 0);
    aiperf.steadyState = BenchmarkHarnesses::steadyState(BenchmarkHarness::AiPerf);
    EXPECT_EQ(ServingSimulator::simulate(simpleCost(), engine, aiperf).ttftMs.p99, vllmBench.ttftMs.p99);
}

// Fixed time as the engine spends it: a decode step within the CUDA graphs' sizes replays its layers for
// the graph's cost, a larger one (or a prefill, for an engine whose graphs do not take prefills) launches
// them one by one; an overlap scheduler hides the host's time behind the GPU's.
TEST(ServingSimulator, CudaGraphsAndTheOverlapSchedulerSetTheFixedTime)
{
    ServingSimulator::StepCost c = simpleCost(); // 10 ms of weights (over 20 us a token), 1 ms host a step
    c.eagerLaunchS = 4e-3;
    c.graphLaunchS = 0.5e-3;
    c.graphMaxTokens = 128;
    EXPECT_NEAR(c.seconds(0, 0.0, 0.0, 128, 0.0), 10e-3 + 0.5e-3 + 1e-3, 1e-9);
    EXPECT_NEAR(c.seconds(0, 0.0, 0.0, 129, 0.0), 10e-3 + 4e-3 + 1e-3, 1e-9);
    EXPECT_NEAR(c.seconds(64, 0.0, 0.0, 0, 0.0), 10e-3 + 4e-3 + 1e-3, 1e-9); // a prefill: eager
    c.graphPrefill = true; // vLLM V1's piecewise graphs take mixed steps too
    EXPECT_NEAR(c.seconds(64, 0.0, 0.0, 0, 0.0), 10e-3 + 0.5e-3 + 1e-3, 1e-9);
    c.overlapHost = true; // the host's 1 ms runs while the GPU's 10.5 ms do
    EXPECT_NEAR(c.seconds(0, 0.0, 0.0, 128, 0.0), 10e-3 + 0.5e-3, 1e-9);
    c.hostStepS = 20e-3; // a host slower than the GPU sets the pace
    EXPECT_NEAR(c.seconds(0, 0.0, 0.0, 128, 0.0), 20e-3, 1e-9);
}
