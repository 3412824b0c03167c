#include "app/analysis/Planner.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/PlanSearch.h"
#include "app/analysis/ServingLoad.h"
#include "app/analysis/WorkloadResolver.h"
#include "tests/analysis/TestCatalogue.h"

#include <QElapsedTimer>
#include <atomic>
#include <gtest/gtest.h>

// The planner: the cheapest configuration per GPU type that meets a serving or training target, each one
// reproducible alone through the resolver and the estimator.
namespace {

const QStringList kFive{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("h200_sxm_141gb"),
                        QStringLiteral("a100_sxm4_80gb"), QStringLiteral("l40s_48gb"),
                        QStringLiteral("rtx_a6000_48gb")};

// Llama-3.3 70B for 50 users, 1,024 in / 256 out, TTFT p90 <= 2 s, TPOT p90 <= 50 ms (the example).
PlanRequest servingRequest(double ttftMs = 2000.0, double tpotMs = 50.0)
{
    PlanRequest r;
    r.workload.modelId = QStringLiteral("llama-3.3-70b");
    r.workload.task = Task::Inference;
    r.workload.concurrency = 50;
    r.workload.ttftP90Ms = ttftMs;
    r.workload.tpotP90Ms = tpotMs;
    r.gpuIds = kFive;
    return r;
}

// A 13B model on 1 T tokens in 30 days.
PlanRequest trainingRequest(double days = 30.0)
{
    PlanRequest r;
    r.workload.modelId = QStringLiteral("llama-2-13b");
    r.workload.task = Task::Training;
    r.workload.trainTokens = 1e12;
    r.deadlineDays = days;
    r.gpuIds = kFive;
    return r;
}

const GpuPlan *planFor(const PlanResult &result, const QString &gpuId)
{
    for (const GpuPlan &plan : result.plans)
        if (plan.gpuId == gpuId)
            return &plan;
    return nullptr;
}

// The candidate's request alone, as `estimate` and the Compare tab estimate it.
Estimate estimateAlone(const PlanCandidate &candidate, const CatalogueSnapshot &catalogue)
{
    const ResolvedWorkload resolved = WorkloadResolver::resolve(candidate.request, catalogue);
    EXPECT_TRUE(resolved.isValid())
        << (resolved.problems.isEmpty() ? QString() : resolved.problems[0].message).toStdString();
    if (!resolved.isValid())
        return {};
    const GpuSpec *gpu = catalogue.findGpu(candidate.gpuId);
    return Estimator::estimate(*gpu, *resolved.workload, resolved.parameters, EstimateOptions{false});
}

// The serving example: every GPU type's answer meets the targets when estimated alone, with the
// numbers the plan reported.
TEST(PlannerTest, ServingConfigurationsMeetTheTargetsWhenEstimatedAlone)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    const PlanRequest request = servingRequest();
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_TRUE(result.problems.isEmpty());
    ASSERT_EQ(result.plans.size(), 5);
    EXPECT_GT(result.searched, 5);
    ASSERT_TRUE(result.plans[0].best.has_value()) << result.plans[0].whyNot.toStdString();
    for (const GpuPlan &plan : result.plans) {
        if (!plan.best)
            continue;
        const PlanCandidate &c = *plan.best;
        EXPECT_TRUE(c.meetsTarget);
        EXPECT_LE(c.ttftP90Ms, 2000.0);
        EXPECT_LE(c.tpotP90Ms, 50.0);
        EXPECT_GE(c.margin, 0.0);
        ASSERT_TRUE(c.usdPerHour.has_value());
        const Estimate alone = estimateAlone(c, catalogue);
        ASSERT_TRUE(alone.serving.has_value()) << plan.gpuId.toStdString();
        EXPECT_EQ(alone.parallelism.gpus, c.parallelism.gpus);
        EXPECT_EQ(alone.parallelism.tensor, c.parallelism.tensor);
        EXPECT_NEAR(alone.serving->ttftMs.p90, c.ttftP90Ms, 0.001 * c.ttftP90Ms) << plan.gpuId.toStdString();
        EXPECT_NEAR(alone.serving->tpotMs.p90, c.tpotP90Ms, 0.001 * c.tpotP90Ms);
        EXPECT_EQ(alone.serving->meetsSlo, std::optional<bool>(true));
        EXPECT_NEAR(*alone.cost.usdPerGpuHour * alone.parallelism.gpus, *c.usdPerHour, 1e-9);
    }
    // Ranked by cost per hour.
    for (qsizetype i = 1; i < result.plans.size(); ++i)
        if (result.plans[i].best) {
            EXPECT_LE(*result.plans[i - 1].best->usdPerHour, *result.plans[i].best->usdPerHour);
        }
}

// One replica fewer than the plan's, at the same split and engine limit, misses the target: the plan is
// the fewest replicas, not merely enough.
TEST(PlannerTest, ServingPlansUseTheFewestReplicas)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    const PlanResult result = Planner::plan(servingRequest(), catalogue);
    int checked = 0;
    for (const GpuPlan &plan : result.plans) {
        if (!plan.best || plan.best->parallelism.data < 2)
            continue;
        PlanCandidate fewer = *plan.best;
        fewer.request.gpus = *fewer.request.gpus - fewer.parallelism.tensor;
        const Estimate alone = estimateAlone(fewer, catalogue);
        ASSERT_TRUE(alone.serving.has_value());
        EXPECT_FALSE(ServingLoad::meetsTargets(
            *alone.serving, *WorkloadResolver::resolve(fewer.request, catalogue).workload->traffic))
            << plan.gpuId.toStdString();
        ++checked;
    }
    EXPECT_GE(checked, 2);
}

// A TPOT target between the H200's and the H100's best on one node: with at most 8 GPUs only the H200 meets
// it; it comes first and every other GPU type says why not.
TEST(PlannerTest, ATargetOnlyOneGpuTypeMeetsRanksItFirstAndExplainsTheOthers)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    // The TPOT each GPU type reaches at tp 8 on one node for the 50 users.
    const auto tpotAtTp8 = [&](const QString &gpuId) {
        PlanCandidate c;
        c.gpuId = gpuId;
        c.request = servingRequest().workload;
        c.request.gpus = 8;
        c.request.tensorParallel = 8;
        return estimateAlone(c, catalogue).serving->tpotMs.p90;
    };
    const double h200 = tpotAtTp8(QStringLiteral("h200_sxm_141gb"));
    const double h100 = tpotAtTp8(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_LT(h200, h100 * 0.98);
    PlanRequest request = servingRequest(2000.0, (h200 + h100) / 2.0);
    request.maxGpus = 8;
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_EQ(result.plans.size(), 5);
    ASSERT_TRUE(result.plans[0].best.has_value());
    EXPECT_EQ(result.plans[0].gpuId, QStringLiteral("h200_sxm_141gb"));
    for (qsizetype i = 1; i < result.plans.size(); ++i) {
        EXPECT_FALSE(result.plans[i].best.has_value()) << result.plans[i].gpuId.toStdString();
        EXPECT_FALSE(result.plans[i].whyNot.isEmpty()) << result.plans[i].gpuId.toStdString();
    }
    // The H100 comes within reach but not under the target: its reason names the TPOT it reaches.
    const GpuPlan *h100Plan = planFor(result, QStringLiteral("h100_sxm5_80gb"));
    ASSERT_NE(h100Plan, nullptr);
    EXPECT_TRUE(h100Plan->whyNot.contains(QStringLiteral("TPOT"))) << h100Plan->whyNot.toStdString();
    EXPECT_TRUE(h100Plan->whyNot.contains(QStringLiteral("8"))) << h100Plan->whyNot.toStdString();
}

// Llama-3.1 405B in bf16 (810 GB of weights) needs two nodes of H100: pipeline stages over nodes, each a
// node's tensor group; on L40S it does not fit at any split the search tries.
TEST(PlannerTest, AModelOneNodeCannotHoldIsServedOverPipelineStagesOrSaysItDoesNotFit)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    PlanRequest request = servingRequest(5000.0, 200.0);
    request.workload.modelId = QStringLiteral("llama-3.1-405b");
    request.workload.concurrency = 8;
    request.gpuIds = {QStringLiteral("h100_sxm5_80gb")};
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_TRUE(result.plans.value(0).best.has_value()) << result.plans.value(0).whyNot.toStdString();
    const PlanCandidate &c = *result.plans[0].best;
    EXPECT_EQ(c.parallelism.tensor, 8);
    EXPECT_GE(c.parallelism.pipeline, 2);
    const Estimate alone = estimateAlone(c, catalogue);
    EXPECT_TRUE(alone.fits);
    EXPECT_EQ(alone.parallelism.pipeline, c.parallelism.pipeline);
}

TEST(PlannerTest, AGpuTypeThatCannotHoldTheModelSaysSo)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    PlanRequest request = servingRequest();
    request.workload.modelId = QStringLiteral("llama-3.1-405b");
    request.gpuIds = {QStringLiteral("l40s_48gb")};
    request.maxGpus = 16;
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_EQ(result.plans.size(), 1);
    EXPECT_FALSE(result.plans[0].best.has_value());
    EXPECT_TRUE(result.plans[0].whyNot.startsWith(QStringLiteral("does not fit")))
        << result.plans[0].whyNot.toStdString();
}

// A TTFT target below what one user alone gets on the fastest split: the reason names the floor.
TEST(PlannerTest, ATargetBelowTheOneUserFloorSaysSo)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    PlanRequest request = servingRequest(20.0, 50.0);
    request.gpuIds = {QStringLiteral("rtx_a6000_48gb")};
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_EQ(result.plans.size(), 1);
    EXPECT_FALSE(result.plans[0].best.has_value());
    EXPECT_TRUE(result.plans[0].whyNot.startsWith(QStringLiteral("even at one user per replica")))
        << result.plans[0].whyNot.toStdString();
    EXPECT_TRUE(result.plans[0].whyNot.contains(QStringLiteral("TTFT")))
        << result.plans[0].whyNot.toStdString();
}

// An open loop (requests per second): more replicas share the rate; the answer meets the targets alone.
TEST(PlannerTest, ARequestRateIsPlannedLikeUsers)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    PlanRequest request = servingRequest();
    request.workload.concurrency.reset();
    request.workload.requestRate = 4.0;
    request.gpuIds = {QStringLiteral("h100_sxm5_80gb"), QStringLiteral("a100_sxm4_80gb")};
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_EQ(result.plans.size(), 2);
    for (const GpuPlan &plan : result.plans) {
        ASSERT_TRUE(plan.best.has_value()) << plan.whyNot.toStdString();
        const Estimate alone = estimateAlone(*plan.best, catalogue);
        ASSERT_TRUE(alone.serving.has_value());
        EXPECT_EQ(alone.serving->meetsSlo, std::optional<bool>(true));
        EXPECT_NEAR(alone.serving->ttftMs.p90, plan.best->ttftP90Ms, 0.001 * plan.best->ttftP90Ms);
    }
}

// Loosening a target never makes the cheapest configuration dearer (serving and training).
TEST(PlannerTest, ALooserTargetNeverCostsMore)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    const auto costs = [&](const PlanRequest &request) {
        QHash<QString, double> cost;
        const PlanResult result = Planner::plan(request, catalogue);
        for (const GpuPlan &plan : result.plans)
            if (plan.best)
                cost.insert(plan.gpuId,
                            Tasks::isTraining(result.task) ? *plan.best->usdTotal : *plan.best->usdPerHour);
        return cost;
    };
    const QVector<QPair<PlanRequest, PlanRequest>> pairs{
        {servingRequest(1000.0, 40.0), servingRequest(2000.0, 50.0)},
        {servingRequest(2000.0, 50.0), servingRequest(4000.0, 80.0)},
        {trainingRequest(20.0), trainingRequest(30.0)},
        {trainingRequest(30.0), trainingRequest(60.0)},
    };
    for (const auto &[tight, loose] : pairs) {
        const QHash<QString, double> tightCost = costs(tight);
        const QHash<QString, double> looseCost = costs(loose);
        EXPECT_FALSE(tightCost.isEmpty());
        for (auto it = tightCost.cbegin(); it != tightCost.cend(); ++it) {
            ASSERT_TRUE(looseCost.contains(it.key())) << it.key().toStdString();
            EXPECT_LE(looseCost.value(it.key()), it.value() * (1.0 + 1e-9)) << it.key().toStdString();
        }
    }
}

// The training example: 13B on 1 T tokens in 30 days. Each plan meets the deadline when estimated
// alone, with the same days, cost and layout.
TEST(PlannerTest, TrainingConfigurationsMeetTheDeadlineWhenEstimatedAlone)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    const PlanResult result = Planner::plan(trainingRequest(), catalogue);
    ASSERT_TRUE(result.problems.isEmpty());
    ASSERT_EQ(result.plans.size(), 5);
    for (const GpuPlan &plan : result.plans) {
        ASSERT_TRUE(plan.best.has_value()) << plan.gpuId.toStdString() << " " << plan.whyNot.toStdString();
        const PlanCandidate &c = *plan.best;
        EXPECT_LE(c.days, 30.0);
        ASSERT_TRUE(c.usdTotal.has_value());
        // The batch is held at 4M tokens a step whatever the GPU count.
        EXPECT_EQ(c.request.globalBatch, std::optional<int>(1024));
        const Estimate alone = estimateAlone(c, catalogue);
        ASSERT_TRUE(alone.training.has_value());
        EXPECT_TRUE(alone.fits);
        EXPECT_EQ(alone.parallelism.gpus, c.parallelism.gpus);
        EXPECT_EQ(alone.parallelism.tensor, c.parallelism.tensor);
        EXPECT_EQ(alone.parallelism.pipeline, c.parallelism.pipeline);
        EXPECT_NEAR(alone.training->budgetHours / 24.0, c.days, 1e-6 * c.days);
        EXPECT_NEAR(*alone.cost.usdForBudget, *c.usdTotal, 1e-6 * *c.usdTotal);
        // 1 T tokens at 6 x 13 B FLOPs each: the run's GPU-hours imply an MFU a trained run reaches.
        EXPECT_GT(c.mfu, 0.25);
        EXPECT_LT(c.mfu, 0.70);
    }
    for (qsizetype i = 1; i < result.plans.size(); ++i)
        EXPECT_LE(*result.plans[i - 1].best->usdTotal, *result.plans[i].best->usdTotal);
}

// Every GPU count the plan could have used with fewer GPUs misses the deadline or costs more.
TEST(PlannerTest, TrainingPlanIsTheCheapestOfTheConfigurationsTried)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    const PlanResult result = Planner::plan(trainingRequest(), catalogue);
    for (const GpuPlan &plan : result.plans) {
        ASSERT_TRUE(plan.best.has_value());
        EXPECT_GT(plan.tried.size(), 10);
        for (const PlanCandidate &c : plan.tried) {
            if (c.meetsTarget) {
                EXPECT_GE(*c.usdTotal, *plan.best->usdTotal * (1.0 - 1e-9));
            } else {
                EXPECT_GT(c.days, 30.0);
            }
        }
    }
}

TEST(PlannerTest, ATrainingRunThatNeedsMoreGpusThanAllowedSaysHowCloseItComes)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    PlanRequest request = trainingRequest();
    request.maxGpus = 8;
    request.gpuIds = {QStringLiteral("h100_sxm5_80gb")};
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_EQ(result.plans.size(), 1);
    EXPECT_FALSE(result.plans[0].best.has_value());
    EXPECT_TRUE(result.plans[0].whyNot.startsWith(QStringLiteral("needs more than 8 GPUs")))
        << result.plans[0].whyNot.toStdString();
}

TEST(PlannerTest, RequestsThatCannotBePlannedSayWhichValueIsMissing)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    const auto inputOf = [&](const PlanRequest &request) {
        const QVector<PlanProblem> problems = Planner::check(request, catalogue);
        return problems.isEmpty() ? std::optional<PlanInput>() : std::optional<PlanInput>(problems[0].input);
    };
    EXPECT_EQ(inputOf(servingRequest()), std::nullopt);
    EXPECT_EQ(inputOf(trainingRequest()), std::nullopt);

    PlanRequest noTraffic = servingRequest();
    noTraffic.workload.concurrency.reset();
    noTraffic.workload.ttftP90Ms.reset();
    noTraffic.workload.tpotP90Ms.reset();
    const QVector<PlanProblem> problems = Planner::check(noTraffic, catalogue);
    ASSERT_FALSE(problems.isEmpty());
    EXPECT_EQ(problems[0].field, std::optional<WorkloadField>(WorkloadField::Concurrency));

    PlanRequest noTarget = servingRequest();
    noTarget.workload.ttftP90Ms.reset();
    noTarget.workload.tpotP90Ms.reset();
    EXPECT_EQ(Planner::check(noTarget, catalogue).value(0).field,
              std::optional<WorkloadField>(WorkloadField::TtftP90));

    EXPECT_EQ(inputOf(trainingRequest(0.0)), std::optional<PlanInput>(PlanInput::DeadlineDays));
    EXPECT_EQ(inputOf(trainingRequest(-3.0)), std::optional<PlanInput>(PlanInput::DeadlineDays));
    PlanRequest unknownGpu = trainingRequest();
    unknownGpu.gpuIds << QStringLiteral("h1000");
    EXPECT_EQ(inputOf(unknownGpu), std::optional<PlanInput>(PlanInput::Gpus));
    PlanRequest badPrice = trainingRequest();
    badPrice.usdPerGpuHour.insert(QStringLiteral("h100_sxm5_80gb"), -1.0);
    EXPECT_EQ(inputOf(badPrice), std::optional<PlanInput>(PlanInput::Prices));
    PlanRequest unknownModel = servingRequest();
    unknownModel.workload.modelId = QStringLiteral("llama-9");
    EXPECT_EQ(Planner::check(unknownModel, catalogue).value(0).field,
              std::optional<WorkloadField>(WorkloadField::Model));
    // Nothing is searched for a request that cannot be planned.
    const PlanResult refused = Planner::plan(trainingRequest(0.0), catalogue);
    EXPECT_TRUE(refused.plans.isEmpty());
    EXPECT_EQ(refused.searched, 0);
}

// A price given for one GPU type replaces the catalogue's in its cost and in the configuration's request.
TEST(PlannerTest, APriceGivenForAGpuTypeIsUsed)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    PlanRequest request = servingRequest();
    request.gpuIds = {QStringLiteral("h100_sxm5_80gb")};
    request.usdPerGpuHour.insert(QStringLiteral("h100_sxm5_80gb"), 1.25);
    const PlanResult result = Planner::plan(request, catalogue);
    ASSERT_TRUE(result.plans.value(0).best.has_value());
    const PlanCandidate &c = *result.plans[0].best;
    EXPECT_DOUBLE_EQ(*c.usdPerHour, 1.25 * c.parallelism.gpus);
    EXPECT_EQ(c.request.usdPerGpuHour, std::optional<double>(1.25));
}

// Cancel: the planner checks between configurations, so nothing more is estimated once it is asked to stop,
// and it returns within 100 ms (each configuration takes well under a millisecond).
TEST(PlannerTest, CancelStopsTheSearchAtOnce)
{
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    PlanRequest request = trainingRequest();
    request.gpuIds.clear(); // the whole catalogue
    std::atomic<bool> stop{false};
    std::atomic<int> estimatesAfterStop{0};
    QElapsedTimer sinceStop;
    int checks = 0;
    Planner::Callbacks callbacks;
    callbacks.cancelled = [&] {
        if (++checks == 300) {
            stop = true;
            sinceStop.start();
        }
        return stop.load();
    };
    int done = 0;
    callbacks.gpuDone = [&](const GpuPlan &, int count, int total) {
        done = count;
        EXPECT_EQ(total, catalogue.gpus.size());
        if (stop)
            ++estimatesAfterStop;
    };
    const PlanResult result = Planner::plan(request, catalogue, callbacks);
    const qint64 ms = sinceStop.elapsed();
    EXPECT_TRUE(result.cancelled);
    EXPECT_LT(result.plans.size(), catalogue.gpus.size());
    EXPECT_EQ(result.plans.size(), done);
    EXPECT_EQ(estimatesAfterStop.load(), 0);
    EXPECT_LT(ms, 100);
}

} // namespace

// A GPU on a software stack the profiles never measured (ROCm) is planned first only when it is cheaper by
// more than the spread between stacks (EstimateRanges::kUnmeasuredStackLog, 1.33x): within it the measured
// GPU is the first answer (issue 36).
TEST(PlannerTest, AGpuOnAnUnmeasuredStackLeadsOnlyBeyondTheSpreadBetweenStacks)
{
    const auto plan = [](const QString &id, double usdPerHour, const QString &stack) {
        GpuPlan p;
        p.gpuId = id;
        p.gpuName = id;
        PlanCandidate c;
        c.gpuId = id;
        c.usdPerHour = usdPerHour;
        c.uncalibratedStack = stack;
        c.parallelism.gpus = 8;
        p.best = c;
        return p;
    };
    QVector<GpuPlan> close{plan(QStringLiteral("measured"), 20.0, {}),
                           plan(QStringLiteral("rocm"), 16.0, QStringLiteral("ROCm"))};
    Planner::rank(close, Task::Inference);
    EXPECT_EQ(close.first().gpuId, QStringLiteral("measured")) << "1.25x cheaper: within the spread";
    QVector<GpuPlan> far{plan(QStringLiteral("measured"), 20.0, {}),
                         plan(QStringLiteral("rocm"), 12.0, QStringLiteral("ROCm"))};
    Planner::rank(far, Task::Inference);
    EXPECT_EQ(far.first().gpuId, QStringLiteral("rocm")) << "1.67x cheaper: beyond the spread";
}

// A training plan needs tokens to train (issue 40: plan --train-tokens 0 was planned).
TEST(PlannerTest, ATrainingPlanWithNoTokensIsRefusedAtTheTokens)
{
    PlanRequest request = trainingRequest();
    request.workload.trainTokens = 0.0;
    const QVector<PlanProblem> problems = Planner::check(request, TestCatalogue::snapshot());
    ASSERT_EQ(problems.size(), 1);
    EXPECT_EQ(problems.first().field, std::optional<WorkloadField>(WorkloadField::TrainTokens));
    EXPECT_TRUE(problems.first().message.contains(QStringLiteral("more than 0")));
}

// Issue 39: an unpriced GPU was planned at the most GPUs allowed (MI300X x 1,024, "1.47 days"): with no price
// the planner takes the fewest GPU-hours that meet the deadline, ranks it after the priced ones and says so.
TEST(PlannerTest, AnUnpricedGpuIsPlannedAtTheFewestGpuHoursThatMeetTheDeadline)
{
    PlanRequest r = trainingRequest(30.0);
    r.workload.modelId = QStringLiteral("mpt-13b");
    r.workload.trainTokens = 260e9;
    r.gpuIds = {QStringLiteral("h100_sxm5_80gb"), QStringLiteral("mi300x_192gb")};
    CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    catalogue.gpus << TestCatalogue::seedGpu(QStringLiteral("mi300x_192gb"));
    catalogue.gpus.last().usdPerGpuHour.reset(); // the case needs no price (the seed has one since issue 56)
    const PlanResult result = Planner::plan(r, catalogue);
    const GpuPlan *mi300x = planFor(result, QStringLiteral("mi300x_192gb"));
    ASSERT_TRUE(mi300x && mi300x->best);
    EXPECT_LE(mi300x->best->parallelism.gpus, 64) << "not the 1,024 allowed";
    EXPECT_TRUE(mi300x->best->meetsTarget);
    // Every configuration tried that meets the deadline takes at least as many GPU-hours.
    const double chosen = mi300x->best->days * mi300x->best->parallelism.gpus;
    for (const PlanCandidate &tried : mi300x->tried) {
        if (tried.meetsTarget) {
            EXPECT_GE(tried.days * tried.parallelism.gpus, chosen * (1.0 - 1e-9));
        }
    }
    ASSERT_FALSE(mi300x->notes.isEmpty());
    EXPECT_TRUE(mi300x->notes.first().startsWith(QStringLiteral("no price")))
        << mi300x->notes.first().toStdString();
    EXPECT_EQ(result.plans.first().gpuId, QStringLiteral("h100_sxm5_80gb")) << "priced plans first";
}

// GeForce cards are kept to one machine when the planner looks at the whole catalogue, with the reason, and
// planned like any other GPU when the user names them.
TEST(PlannerTest, GeForceCardsAreNotProposedForClustersUnlessPicked)
{
    PlanRequest r = trainingRequest(30.0);
    r.workload.modelId = QStringLiteral("mpt-13b");
    r.workload.trainTokens = 260e9;
    r.gpuIds.clear(); // the whole catalogue
    CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    catalogue.gpus << TestCatalogue::seedGpu(QStringLiteral("rtx_4090_24gb"));
    const PlanResult all = Planner::plan(r, catalogue);
    const GpuPlan *rtx = planFor(all, QStringLiteral("rtx_4090_24gb"));
    ASSERT_NE(rtx, nullptr);
    if (rtx->best)
        EXPECT_LE(rtx->best->parallelism.gpus, PlanSearch::kGeForceMachine);
    else
        EXPECT_TRUE(rtx->whyNot.contains(QStringLiteral("GeForce driver licence")))
            << rtx->whyNot.toStdString();

    r.gpuIds = {QStringLiteral("rtx_4090_24gb")};
    const PlanResult picked = Planner::plan(r, catalogue);
    ASSERT_EQ(picked.plans.size(), 1);
    EXPECT_FALSE(picked.plans.first().whyNot.contains(QStringLiteral("GeForce")));
    if (picked.plans.first().best) {
        EXPECT_GT(picked.plans.first().best->parallelism.gpus, PlanSearch::kGeForceMachine);
    }
}

// MXFP4 on Hopper has no FP4 tensor rate: a plan that runs it says its matmuls run at the fp8 rate.
TEST(PlannerTest, APrecisionWithoutATensorRateIsFlagged)
{
    PlanRequest r = servingRequest(5000.0, 200.0);
    r.workload.modelId = QStringLiteral("gpt-oss-120b");
    r.gpuIds = {QStringLiteral("h100_sxm5_80gb"), QStringLiteral("b200_sxm_180gb")};
    r.precisions = {Precision::Mxfp4};
    CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    catalogue.gpus << TestCatalogue::seedGpu(QStringLiteral("b200_sxm_180gb"));
    const PlanResult result = Planner::plan(r, catalogue);
    const GpuPlan *h100 = planFor(result, QStringLiteral("h100_sxm5_80gb"));
    const GpuPlan *b200 = planFor(result, QStringLiteral("b200_sxm_180gb"));
    ASSERT_TRUE(h100 && h100->best && b200 && b200->best);
    EXPECT_TRUE(h100->best->caveat.contains(QStringLiteral("no mxfp4 tensor rate")))
        << h100->best->caveat.toStdString();
    EXPECT_TRUE(h100->notes.contains(h100->best->caveat));
    EXPECT_TRUE(b200->best->caveat.isEmpty()) << b200->best->caveat.toStdString();
}
