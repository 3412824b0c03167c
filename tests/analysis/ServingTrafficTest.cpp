// Serving as the benchmark tools measure it (issue 37): request-length mixes, users who start together,
// gamma arrivals, warm-up only when asked, time outside the GPU, and the dataset options' checks.
#include "app/analysis/Estimator.h"
#include "app/analysis/RequestMix.h"
#include "app/analysis/ServingSimulator.h"
#include "app/analysis/WorkloadResolver.h"
#include "tests/analysis/TestCatalogue.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

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

ServingSimulator::Engine bigEngine()
{
    ServingSimulator::Engine engine;
    engine.kvCacheTokens = 10000000;
    engine.maxBatchedTokens = 2048;
    return engine;
}

ServingSimulator::Traffic users(int count, int input, int output)
{
    ServingSimulator::Traffic t;
    t.concurrency = count;
    t.inputTokens = input;
    t.outputTokens = output;
    return t;
}

TEST(ServingTraffic, AShareGptMixAtThirtyTwoUsersHasATailAboveItsMedian)
{
    const auto table = LengthTable::shareGpt();
    ASSERT_TRUE(table);
    EXPECT_GT(table->requests.size(), 5000); // the bundled table: resources/datasets/sharegpt-lengths.md
    const LengthMix mix{LengthDataset::ShareGpt, 0.0, table, 0, 0};
    ServingSimulator::Traffic t = users(32, 0, 0);
    t.mix = &mix;
    const ServingResult r = ServingSimulator::simulate(simpleCost(), bigEngine(), t);
    // Long prompts queue short ones behind them: p99 well above p50 (equal requests give p99 = p50 after
    // the first round).
    EXPECT_GT(r.ttftMs.p99, 1.5 * r.ttftMs.p50);
    EXPECT_GT(r.e2eMs.p99, 2.0 * r.e2eMs.p50);
}

TEST(ServingTraffic, RandomLengthsWithRatioZeroAreTheFixedLengths)
{
    const LengthMix random{LengthDataset::Random, 0.0, nullptr, 1000, 200};
    ServingSimulator::Traffic fixed = users(16, 1000, 200);
    ServingSimulator::Traffic drawn = fixed;
    drawn.mix = &random;
    const ServingResult a = ServingSimulator::simulate(simpleCost(), bigEngine(), fixed);
    const ServingResult b = ServingSimulator::simulate(simpleCost(), bigEngine(), drawn);
    EXPECT_EQ(a.ttftMs.p99, b.ttftMs.p99);
    EXPECT_EQ(a.tpotMs.mean, b.tpotMs.mean);
    EXPECT_EQ(a.outputTokensPerS, b.outputTokensPerS);
}

TEST(ServingTraffic, RandomLengthsStayInTheirRangeAndAverageTheirLength)
{
    const LengthMix mix{LengthDataset::Random, 0.5, nullptr, 1000, 100};
    const std::vector<RequestShape> drawn = mix.draw(20000, 3);
    double input = 0.0;
    for (const RequestShape &r : drawn) {
        EXPECT_GE(r.inputTokens, 500);
        EXPECT_LE(r.inputTokens, 1500);
        EXPECT_GE(r.outputTokens, 50);
        EXPECT_LE(r.outputTokens, 150);
        input += r.inputTokens;
    }
    EXPECT_NEAR(input / drawn.size(), 1000.0, 10.0); // uniform: mean L, within 1% for 20,000 draws
    EXPECT_EQ(mix.longestRequest(), 1650);
}

TEST(ServingTraffic, UsersStartingTogetherSpreadTheFirstRoundOverTheirPrefills)
{
    // 16 users, 2,048-token prompts, 2,048 tokens per step: one prompt per step, so the first round's
    // TTFTs are 1, 2, ... 16 prefill steps (each 41 ms of matmuls + 1 ms): the last about 16 x the first.
    ServingSimulator::Traffic t = users(16, 2048, 4);
    t.numRequests = 16;
    const ServingResult r = ServingSimulator::simulate(simpleCost(), bigEngine(), t);
    const double prefillMs = 2048 * 20e-3 + 1.0;
    EXPECT_NEAR(r.ttftMs.p50, 8.5 * prefillMs, 1.5 * prefillMs);
    EXPECT_GT(r.ttftMs.p99, 14.0 * prefillMs);
    EXPECT_LT(r.ttftMs.p99, 17.0 * prefillMs);
}

TEST(ServingTraffic, EveryRequestCountsUnlessAWarmUpIsAsked)
{
    ServingSimulator::Traffic t = users(16, 2048, 64);
    t.numRequests = 160;
    const ServingResult all = ServingSimulator::simulate(simpleCost(), bigEngine(), t);
    EXPECT_EQ(all.numRequests, 160);
    t.warmupRequests = 16; // the first round sent and left out
    const ServingResult warm = ServingSimulator::simulate(simpleCost(), bigEngine(), t);
    EXPECT_EQ(warm.numRequests, 176);
    EXPECT_LT(warm.ttftMs.p99, all.ttftMs.p99); // the burst at the start is no longer counted
}

TEST(ServingTraffic, GammaArrivalsKeepTheRateAndBurstierOnesQueueMore)
{
    ServingSimulator::Traffic t;
    t.requestRate = 10.0;
    t.numRequests = 2000;
    t.inputTokens = 500;
    t.outputTokens = 50;
    const ServingResult poisson = ServingSimulator::simulate(simpleCost(), bigEngine(), t);
    t.burstiness = 0.2;
    const ServingResult bursty = ServingSimulator::simulate(simpleCost(), bigEngine(), t);
    // Both serve what arrives: 10 requests/s within the sampling noise of 2,000 requests.
    EXPECT_NEAR(poisson.requestsPerS, 10.0, 1.0);
    EXPECT_NEAR(bursty.requestsPerS, 10.0, 1.5);
    EXPECT_GT(bursty.ttftMs.p99, poisson.ttftMs.p99);
}

TEST(ServingTraffic, TimeOutsideTheGpuAddsToTtftAndEndToEndNotToTheEngine)
{
    ServingSimulator::Traffic t = users(1, 100, 10);
    ServingSimulator::Engine engine = bigEngine();
    const ServingResult bare = ServingSimulator::simulate(simpleCost(), engine, t);
    engine.requestOverheadS = 0.030;
    const ServingResult served = ServingSimulator::simulate(simpleCost(), engine, t);
    EXPECT_NEAR(served.ttftMs.p50 - bare.ttftMs.p50, 30.0, 1e-6);
    EXPECT_NEAR(served.e2eMs.p50 - bare.e2eMs.p50, 30.0, 1e-6);
    EXPECT_DOUBLE_EQ(served.tpotMs.p50, bare.tpotMs.p50);
    EXPECT_DOUBLE_EQ(served.queueMs.p99, 0.0);
}

TEST(ServingTraffic, ATraceIsReplayedAtItsOwnArrivals)
{
    QString error;
    const auto table = LengthTable::parse("input_tokens,output_tokens,arrival_s\n100,10,0\n100,10,5\n",
                                          QStringLiteral("trace.csv"), &error);
    ASSERT_TRUE(table) << error.toStdString();
    EXPECT_TRUE(table->hasArrivals);
    const LengthMix mix{LengthDataset::File, 0.0, table, 0, 0};
    ServingSimulator::Traffic t;
    t.mix = &mix;
    t.replayArrivals = true;
    const ServingResult r = ServingSimulator::simulate(simpleCost(), bigEngine(), t);
    EXPECT_EQ(r.numRequests, 2);
    // Two requests 5 s apart never meet: both see an idle engine.
    EXPECT_NEAR(r.ttftMs.p50, r.ttftMs.p99, 1e-9);
}

TEST(ServingTraffic, AFileNamesTheLineAndFieldItCannotRead)
{
    QString error;
    EXPECT_FALSE(
        LengthTable::parse("input_tokens,output_tokens\n10,20\n30,x\n", QStringLiteral("a.csv"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("a.csv, line 3"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("output_tokens"))) << error.toStdString();
    EXPECT_FALSE(LengthTable::parse("prompt,completion\n10,20\n", QStringLiteral("b.csv"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("input_tokens"))) << error.toStdString();
    EXPECT_FALSE(LengthTable::parse("input_tokens,output_tokens\n", QStringLiteral("c.csv"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("no requests"))) << error.toStdString();
    EXPECT_FALSE(LengthTable::parse("{\"input_tokens\": 5, \"output_tokens\": 7}\n{\"input_tokens\": 0}\n",
                                    QStringLiteral("d.jsonl"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("d.jsonl, line 2"))) << error.toStdString();
    const auto jsonl = LengthTable::parse("{\"input_tokens\": 5, \"output_tokens\": 7}\n\n"
                                          "{\"input_tokens\": 9, \"output_tokens\": 3, \"arrival_s\": 1.5}\n",
                                          QStringLiteral("e.jsonl"), &error);
    ASSERT_TRUE(jsonl) << error.toStdString();
    EXPECT_EQ(jsonl->requests.size(), 2);
    EXPECT_FALSE(jsonl->hasArrivals); // one row has none
    EXPECT_DOUBLE_EQ(jsonl->meanInput, 7.0);
}

WorkloadRequest servingRequest()
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3.1-8b");
    r.task = Task::Inference;
    r.concurrency = 8;
    return r;
}

std::optional<WorkloadField> problemField(const WorkloadRequest &r)
{
    const ResolvedWorkload resolved = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    if (resolved.problems.isEmpty())
        return std::nullopt;
    return resolved.problems.front().field;
}

TEST(ServingTraffic, BadDatasetsAreRefusedAtTheirField)
{
    using F = WorkloadField;
    WorkloadRequest r = servingRequest();
    r.dataset = QStringLiteral("no-such-dataset");
    EXPECT_EQ(problemField(r), F::Dataset);
    r = servingRequest();
    r.randomRangeRatio = 0.5; // without --dataset random
    EXPECT_EQ(problemField(r), F::RandomRangeRatio);
    r.dataset = QStringLiteral("random");
    r.randomRangeRatio = 1.0;
    EXPECT_EQ(problemField(r), F::RandomRangeRatio);
    r = servingRequest();
    r.burstiness = 0.5; // users, not a rate
    EXPECT_EQ(problemField(r), F::Burstiness);
    r = servingRequest();
    r.dataset = QStringLiteral("sharegpt");
    r.inputTokens = 100; // the table sets the lengths
    EXPECT_EQ(problemField(r), F::InputTokens);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("long.csv"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("input_tokens,output_tokens\n100,10\n200000,10\n"); // beyond Llama-3.1's 131,072
    file.close();
    r = servingRequest();
    r.dataset = path;
    EXPECT_EQ(problemField(r), F::Dataset);

    r = servingRequest();
    r.dataset = QStringLiteral("sharegpt");
    const ResolvedWorkload resolved = WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    ASSERT_TRUE(resolved.workload);
    // The static figures take the table's mean lengths (136 in, 472 out: sharegpt-lengths.md).
    EXPECT_EQ(resolved.workload->inputTokens, 136);
    EXPECT_EQ(resolved.workload->outputTokens, 472);
}

} // namespace

// Serving with expert parallelism (vLLM --enable-expert-parallel, ep = tp): a MoE layer's second all-reduce
// becomes a dispatch and a combine of each token's k copies. Qwen3-30B-A3B on 2 H100 at 32 users: the
// prefill-heavy first tokens pay for the 8 copies (TTFT p90 up), decode barely moves; the memory is the same.
// ep is a multiple of tp: it splits the experts over the tensor-parallel GPUs of ep / tp replicas.
TEST(ServingTraffic, ExpertParallelServingTradesAllReducesForAllToAlls)
{
    const auto estimateWith = [](int ep, int tp) {
        WorkloadRequest r;
        r.modelId = QStringLiteral("qwen3-30b-a3b");
        r.task = Task::Inference;
        r.gpus = 2;
        r.tensorParallel = tp;
        r.expertParallel = ep;
        r.concurrency = 32;
        return WorkloadResolver::resolve(r, TestCatalogue::snapshot());
    };
    const ResolvedWorkload tpOnly = estimateWith(1, 2);
    const ResolvedWorkload experts = estimateWith(2, 2);
    ASSERT_TRUE(tpOnly.isValid() && experts.isValid());
    const Estimate a = Estimator::estimate(TestCatalogue::h100Sxm(), *tpOnly.workload, tpOnly.parameters);
    const Estimate b = Estimator::estimate(TestCatalogue::h100Sxm(), *experts.workload, experts.parameters);
    ASSERT_TRUE(a.serving && b.serving);
    EXPECT_GT(b.serving->ttftMs.p90, a.serving->ttftMs.p90);
    EXPECT_NEAR(b.serving->tpotMs.p90, a.serving->tpotMs.p90, 0.1 * a.serving->tpotMs.p90);
    EXPECT_DOUBLE_EQ(b.perGpuGb, a.perGpuGb);

    // ep 2 over tp 1: two attention replicas share one expert group (wide expert parallelism, issue 57).
    const ResolvedWorkload wide = estimateWith(2, 1);
    ASSERT_TRUE(wide.isValid());
    EXPECT_FALSE(Estimator::check(*wide.workload).has_value());
}
