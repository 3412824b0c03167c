// plan as a user or a script runs it: the JSON contract of issue 19, the two examples on the seed
// article's five GPUs, the first configuration reproduced alone by estimate, and bad input.

#include "app/analysis/EstimateRanges.h"
#include "app/cli/WorkloadOptions.h"
#include "db/Catalogue.h"
#include "tests/cli/GpuCompareProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

const QString kFiveGpus =
    QStringLiteral("h100_sxm5_80gb,h200_sxm_141gb,a100_sxm4_80gb,rtx_a6000_48gb,l40s_48gb");

QStringList args(std::initializer_list<const char *> list)
{
    QStringList result;
    for (const char *item : list)
        result << QString::fromUtf8(item);
    return result;
}

// "serve Llama-3.3-70B to 50 users, TTFT p90 <= 2 s, TPOT p90 <= 50 ms" on the five GPUs.
QStringList servingPlan(const char *tpotMs = "50")
{
    return QStringList{QStringLiteral("plan"), QStringLiteral("--gpu"), kFiveGpus} +
           args({"--model", "llama-3.3-70b", "--task", "inference", "--concurrency", "50", "--ttft-p90-ms",
                 "2000", "--tpot-p90-ms", tpotMs});
}

// "train a 13B model on 1 T tokens in 30 days" on the five GPUs.
QStringList trainingPlan()
{
    return QStringList{QStringLiteral("plan"), QStringLiteral("--gpu"), kFiveGpus} +
           args({"--model", "llama-2-13b", "--task", "training", "--train-tokens", "1e12", "--deadline-days",
                 "30"});
}

class PlanCommand : public ::testing::Test
{
protected:
    // The catalogue is there, as a user's is: a new one would add "created a new catalogue" to stderr.
    void SetUp() override
    {
        ASSERT_FALSE(Catalogue::createFromSeed(m_dir.filePath(QStringLiteral("catalogue.db"))));
    }

    ProcessResult run(const QStringList &arguments)
    {
        return runGpuCompare(
            QStringList{QStringLiteral("--db"), m_dir.filePath(QStringLiteral("catalogue.db"))} + arguments,
            120000);
    }

    QJsonObject json(const QStringList &arguments)
    {
        const ProcessResult result = run(arguments + QStringList{QStringLiteral("--json")});
        EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
        EXPECT_FALSE(result.crashed);
        EXPECT_FALSE(result.out.contains(QStringLiteral("nan"), Qt::CaseInsensitive));
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(result.out.toUtf8(), &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
        EXPECT_TRUE(document.isObject());
        return document.object();
    }

    // Exit 2 and one line on stderr that contains every one of `mentioned`.
    void expectBadInput(const QStringList &arguments, const QStringList &mentioned)
    {
        const ProcessResult result = run(arguments);
        EXPECT_EQ(result.exitCode, 2)
            << arguments.join(u' ').toStdString() << ": " << result.err.toStdString();
        EXPECT_FALSE(result.crashed);
        EXPECT_TRUE(result.out.isEmpty()) << result.out.toStdString();
        EXPECT_FALSE(result.err.trimmed().isEmpty());
        EXPECT_EQ(result.err.trimmed().count(u'\n'), 0) << "one line: " << result.err.toStdString();
        EXPECT_TRUE(result.err.startsWith(QStringLiteral("gpucompare: plan: "))) << result.err.toStdString();
        for (const QString &text : mentioned)
            EXPECT_TRUE(result.err.contains(text))
                << text.toStdString() << " in " << result.err.toStdString();
    }

    QTemporaryDir m_dir;
};

// Checks every plan of a document: the contract's keys, the task's own and not the other's, nulls where no
// configuration meets the target, and the ranking (those that meet first, cheapest first).
void expectContract(const QJsonObject &document, bool training, int gpuTypes)
{
    ASSERT_TRUE(document.value(QStringLiteral("plans")).isArray());
    ASSERT_TRUE(document.value(QStringLiteral("searched")).isDouble());
    const QJsonArray plans = document.value(QStringLiteral("plans")).toArray();
    ASSERT_EQ(plans.size(), gpuTypes);
    EXPECT_GE(document.value(QStringLiteral("searched")).toInt(), gpuTypes);
    QStringList keys{
        QStringLiteral("gpu"),          QStringLiteral("gpus"),         QStringLiteral("layout"),
        QStringLiteral("settings"),     QStringLiteral("meets_target"), QStringLiteral("why_not"),
        QStringLiteral("usd_per_hour"), QStringLiteral("margin"),       QStringLiteral("estimate_args")};
    const QStringList servingKeys{QStringLiteral("usd_per_million_tokens"), QStringLiteral("ttft_p90_ms"),
                                  QStringLiteral("tpot_p90_ms")};
    const QStringList trainingKeys{QStringLiteral("usd_total"), QStringLiteral("days")};
    keys << (training ? trainingKeys : servingKeys);
    const QString costKey = training ? QStringLiteral("usd_total") : QStringLiteral("usd_per_hour");
    int searched = 0;
    bool missedSeen = false;
    bool unpricedSeen = false;
    double previousCost = 0.0;
    for (const QJsonValue &value : plans) {
        const QJsonObject plan = value.toObject();
        for (const QString &key : keys)
            EXPECT_TRUE(plan.contains(key)) << key.toStdString();
        for (const QString &key : (training ? servingKeys : trainingKeys))
            EXPECT_FALSE(plan.contains(key)) << key.toStdString();
        EXPECT_FALSE(plan.value(QStringLiteral("gpu")).toString().isEmpty());
        searched += plan.value(QStringLiteral("searched")).toInt();
        if (plan.value(QStringLiteral("meets_target")).toBool()) {
            EXPECT_FALSE(missedSeen) << "a GPU type that meets the target after one that cannot";
            EXPECT_TRUE(plan.value(QStringLiteral("why_not")).isNull());
            EXPECT_GE(plan.value(QStringLiteral("gpus")).toInt(), 1);
            EXPECT_FALSE(plan.value(QStringLiteral("layout")).toString().isEmpty());
            EXPECT_FALSE(plan.value(QStringLiteral("settings")).toString().isEmpty());
            EXPECT_GE(plan.value(QStringLiteral("margin")).toDouble(), 0.0);
            EXPECT_FALSE(plan.value(QStringLiteral("estimate_args")).toArray().isEmpty());
            // Cheapest first; GPU types without a price after those with one.
            if (plan.value(costKey).isNull()) {
                EXPECT_TRUE(plan.value(QStringLiteral("usd_per_hour")).isNull());
                unpricedSeen = true;
                continue;
            }
            ASSERT_TRUE(plan.value(costKey).isDouble()) << costKey.toStdString();
            EXPECT_FALSE(unpricedSeen) << "a priced GPU type after an unpriced one";
            // A GPU on a stack the profile never measured is ranked at the pessimistic end of the spread
            // between stacks (Planner::rank).
            const double cost =
                plan.value(costKey).toDouble() * (plan.value(QStringLiteral("uncalibrated_stack")).isString()
                                                      ? std::exp(EstimateRanges::kUnmeasuredStackLog)
                                                      : 1.0);
            EXPECT_GE(cost, previousCost) << plan.value(QStringLiteral("gpu")).toString().toStdString();
            previousCost = cost;
        } else {
            missedSeen = true;
            EXPECT_FALSE(plan.value(QStringLiteral("why_not")).toString().trimmed().isEmpty());
            for (const char *key : {"gpus", "layout", "settings", "usd_per_hour", "margin", "estimate_args"})
                EXPECT_TRUE(plan.value(QString::fromLatin1(key)).isNull()) << key;
        }
    }
    EXPECT_EQ(searched, document.value(QStringLiteral("searched")).toInt());
}

const QJsonObject *findPlan(const QJsonArray &plans, const QString &gpuId, QJsonObject *storage)
{
    for (const QJsonValue &value : plans)
        if (value.toObject().value(QStringLiteral("gpu")).toString() == gpuId) {
            *storage = value.toObject();
            return storage;
        }
    return nullptr;
}

QStringList strings(const QJsonArray &array)
{
    QStringList result;
    for (const QJsonValue &value : array)
        result << value.toString();
    return result;
}

} // namespace

TEST_F(PlanCommand, ServingPlanOnTheFiveGpusMeetsTheTargetsCheapestFirst)
{
    const QJsonObject document = json(servingPlan());
    expectContract(document, false, 5);
    EXPECT_EQ(document.value(QStringLiteral("task")).toString(), QStringLiteral("inference"));
    const QJsonArray plans = document.value(QStringLiteral("plans")).toArray();
    ASSERT_FALSE(plans.isEmpty());
    const QJsonObject first = plans.first().toObject();
    ASSERT_TRUE(first.value(QStringLiteral("meets_target")).toBool())
        << first.value(QStringLiteral("why_not")).toString().toStdString();
    EXPECT_LE(first.value(QStringLiteral("ttft_p90_ms")).toDouble(), 2000.0);
    EXPECT_LE(first.value(QStringLiteral("tpot_p90_ms")).toDouble(), 50.0);
    EXPECT_GT(first.value(QStringLiteral("output_tokens_per_s")).toDouble(), 0.0);
    EXPECT_GT(first.value(QStringLiteral("usd_per_million_tokens")).toDouble(), 0.0);
    // The seed catalogue prices all five.
    for (const QJsonValue &value : plans)
        if (value.toObject().value(QStringLiteral("meets_target")).toBool()) {
            EXPECT_TRUE(value.toObject().value(QStringLiteral("usd_per_hour")).isDouble());
        }
    // The RTX A6000 cannot: its TPOT at one user per replica is above 50 ms; it says so.
    QJsonObject storage;
    const QJsonObject *a6000 = findPlan(plans, QStringLiteral("rtx_a6000_48gb"), &storage);
    ASSERT_NE(a6000, nullptr);
    EXPECT_FALSE(a6000->value(QStringLiteral("meets_target")).toBool());
    EXPECT_TRUE(a6000->value(QStringLiteral("why_not")).toString().contains(QStringLiteral("TPOT")))
        << a6000->value(QStringLiteral("why_not")).toString().toStdString();
    // The layout's parts multiply to the GPU count: tp x pp x replicas.
    for (const QJsonValue &value : plans) {
        const QJsonObject plan = value.toObject();
        if (!plan.value(QStringLiteral("meets_target")).toBool())
            continue;
        EXPECT_EQ(plan.value(QStringLiteral("tp")).toInt() * plan.value(QStringLiteral("pp")).toInt() *
                      plan.value(QStringLiteral("replicas")).toInt(),
                  plan.value(QStringLiteral("gpus")).toInt());
        EXPECT_GE(plan.value(QStringLiteral("max_num_seqs")).toInt(), 1);
    }
}

// With at most 8 GPUs of a type and TPOT p90 <= 40 ms, the H100 and the H200 still meet the target on one
// node; the A100, L40S and RTX A6000 need more GPUs and say so.
TEST_F(PlanCommand, AGpuTypeThatCannotMeetTheTargetSaysWhy)
{
    const QJsonObject document = json(servingPlan("40") + args({"--max-gpus", "8"}));
    expectContract(document, false, 5);
    const QJsonArray plans = document.value(QStringLiteral("plans")).toArray();
    int meeting = 0;
    for (const QJsonValue &value : plans) {
        const QJsonObject plan = value.toObject();
        if (plan.value(QStringLiteral("meets_target")).toBool()) {
            ++meeting;
            EXPECT_LE(plan.value(QStringLiteral("gpus")).toInt(), 8);
            EXPECT_LE(plan.value(QStringLiteral("tpot_p90_ms")).toDouble(), 40.0);
        } else {
            EXPECT_TRUE(plan.value(QStringLiteral("why_not")).toString().contains(QStringLiteral("8")))
                << plan.value(QStringLiteral("why_not")).toString().toStdString();
        }
    }
    EXPECT_GE(meeting, 1);
    EXPECT_LT(meeting, 5);
    QJsonObject storage;
    for (const char *gpu : {"a100_sxm4_80gb", "l40s_48gb", "rtx_a6000_48gb"}) {
        const QJsonObject *plan = findPlan(plans, QString::fromLatin1(gpu), &storage);
        ASSERT_NE(plan, nullptr) << gpu;
        EXPECT_FALSE(plan->value(QStringLiteral("meets_target")).toBool()) << gpu;
    }
    // A looser limit never costs more: each GPU type that meets the target within 8 meets it within 1,024
    // for no more per hour.
    const QJsonArray loose = json(servingPlan("40")).value(QStringLiteral("plans")).toArray();
    for (const QJsonValue &value : plans) {
        const QJsonObject plan = value.toObject();
        if (!plan.value(QStringLiteral("meets_target")).toBool())
            continue;
        const QJsonObject *free = findPlan(loose, plan.value(QStringLiteral("gpu")).toString(), &storage);
        ASSERT_NE(free, nullptr);
        EXPECT_TRUE(free->value(QStringLiteral("meets_target")).toBool());
        EXPECT_LE(free->value(QStringLiteral("usd_per_hour")).toDouble(),
                  plan.value(QStringLiteral("usd_per_hour")).toDouble() + 1e-9);
    }
}

// The first configuration's estimate arguments, run through `estimate --json`, give the plan's numbers.
TEST_F(PlanCommand, TheFirstServingPlanEstimatedAloneGivesTheSameNumbers)
{
    const QJsonObject first = json(servingPlan()).value(QStringLiteral("plans")).toArray().first().toObject();
    ASSERT_TRUE(first.value(QStringLiteral("meets_target")).toBool());
    const QStringList estimateArgs = strings(first.value(QStringLiteral("estimate_args")).toArray());
    ASSERT_TRUE(estimateArgs.contains(QStringLiteral("--gpus")));
    ASSERT_TRUE(estimateArgs.contains(QStringLiteral("--tp")));
    const QJsonObject estimate = json(QStringList{QStringLiteral("estimate")} + estimateArgs);
    const QJsonArray results = estimate.value(QStringLiteral("results")).toArray();
    ASSERT_EQ(results.size(), 1);
    const QJsonObject e = results.first().toObject();
    EXPECT_EQ(e.value(QStringLiteral("gpu")).toString(), first.value(QStringLiteral("gpu")).toString());
    EXPECT_EQ(e.value(QStringLiteral("gpus")).toInt(), first.value(QStringLiteral("gpus")).toInt());
    const QJsonObject serving = e.value(QStringLiteral("serving")).toObject();
    const double ttft = first.value(QStringLiteral("ttft_p90_ms")).toDouble();
    const double tpot = first.value(QStringLiteral("tpot_p90_ms")).toDouble();
    EXPECT_NEAR(serving.value(QStringLiteral("ttft_ms")).toObject().value(QStringLiteral("p90")).toDouble(),
                ttft, 0.005 * ttft);
    EXPECT_NEAR(serving.value(QStringLiteral("tpot_ms")).toObject().value(QStringLiteral("p90")).toDouble(),
                tpot, 0.005 * tpot);
    EXPECT_TRUE(serving.value(QStringLiteral("meets_slo")).toBool());
}

TEST_F(PlanCommand, TrainingPlanOnTheFiveGpusEndsWithinTheDeadline)
{
    const QJsonObject document = json(trainingPlan());
    expectContract(document, true, 5);
    EXPECT_EQ(document.value(QStringLiteral("task")).toString(), QStringLiteral("training"));
    const QJsonObject first = document.value(QStringLiteral("plans")).toArray().first().toObject();
    ASSERT_TRUE(first.value(QStringLiteral("meets_target")).toBool())
        << first.value(QStringLiteral("why_not")).toString().toStdString();
    const double days = first.value(QStringLiteral("days")).toDouble();
    EXPECT_GT(days, 0.0);
    EXPECT_LE(days, 30.0);
    ASSERT_TRUE(first.value(QStringLiteral("usd_total")).isDouble());
    // The run's cost is its hourly cost for its days.
    const double usdTotal = first.value(QStringLiteral("usd_total")).toDouble();
    EXPECT_NEAR(usdTotal, first.value(QStringLiteral("usd_per_hour")).toDouble() * days * 24.0,
                0.01 * usdTotal);
    EXPECT_EQ(first.value(QStringLiteral("tp")).toInt() * first.value(QStringLiteral("pp")).toInt() *
                  first.value(QStringLiteral("dp")).toInt(),
              first.value(QStringLiteral("gpus")).toInt());
    const double mfu = first.value(QStringLiteral("mfu")).toDouble();
    EXPECT_GT(mfu, 0.0);
    EXPECT_LT(mfu, 1.0);

    // Estimated alone, the same time to train.
    const QJsonObject estimate = json(QStringList{QStringLiteral("estimate")} +
                                      strings(first.value(QStringLiteral("estimate_args")).toArray()));
    const QJsonObject training = estimate.value(QStringLiteral("results"))
                                     .toArray()
                                     .first()
                                     .toObject()
                                     .value(QStringLiteral("training"))
                                     .toObject();
    EXPECT_NEAR(training.value(QStringLiteral("budget_days")).toDouble(), days, 0.005 * days);
}

TEST_F(PlanCommand, WithoutGpuEveryGpuInTheCatalogueIsConsidered)
{
    const QJsonArray gpus = json(args({"list"})).value(QStringLiteral("gpus")).toArray();
    QStringList arguments = servingPlan();
    arguments.remove(1, 2); // --gpu and its value
    const QJsonObject document = json(arguments);
    ASSERT_FALSE(gpus.isEmpty());
    expectContract(document, false, int(gpus.size()));
}

TEST_F(PlanCommand, PricesPerGpuTypeAreUsedAndPrecisionsAreTheOnesAllowed)
{
    const QJsonObject document = json(
        servingPlan() + args({"--price", "h100_sxm5_80gb=1.5,h200_sxm_141gb=100", "--precisions", "fp8"}));
    for (const QJsonValue &value : document.value(QStringLiteral("plans")).toArray()) {
        const QJsonObject plan = value.toObject();
        if (!plan.value(QStringLiteral("meets_target")).toBool())
            continue;
        EXPECT_EQ(plan.value(QStringLiteral("precision")).toString(), QStringLiteral("fp8"));
        const int gpus = plan.value(QStringLiteral("gpus")).toInt();
        const QString gpu = plan.value(QStringLiteral("gpu")).toString();
        if (gpu == QLatin1String("h100_sxm5_80gb")) {
            EXPECT_NEAR(plan.value(QStringLiteral("usd_per_hour")).toDouble(), 1.5 * gpus, 1e-9);
        }
        if (gpu == QLatin1String("h200_sxm_141gb")) {
            EXPECT_NEAR(plan.value(QStringLiteral("usd_per_hour")).toDouble(), 100.0 * gpus, 1e-9);
        }
    }
}

TEST_F(PlanCommand, TextIsTheRankedTableThenTheSearchCount)
{
    const QJsonObject document = json(servingPlan());
    const ProcessResult result = run(servingPlan());
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.err.isEmpty()) << result.err.toStdString();
    const QStringList lines = result.out.split(u'\n', Qt::SkipEmptyParts);
    ASSERT_GE(lines.size(), 3);
    // Row 1 names the JSON's first GPU type; the last line counts the configurations searched.
    const QString firstGpu = document.value(QStringLiteral("plans"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QStringLiteral("gpu"))
                                 .toString();
    EXPECT_TRUE(lines[1].startsWith(QStringLiteral("1  ") + firstGpu + u' ')) << lines[1].toStdString();
    const QRegularExpression searched(QStringLiteral("^Searched ([\\d,]+) configurations in \\d+ ms\\.$"));
    const QRegularExpressionMatch match = searched.match(lines.constLast());
    ASSERT_TRUE(match.hasMatch()) << lines.constLast().toStdString();
    EXPECT_EQ(match.captured(1).remove(u',').toInt(), document.value(QStringLiteral("searched")).toInt());
}

TEST_F(PlanCommand, BadInputIsOneLineNamingTheOption)
{
    QStringList noDeadline = trainingPlan();
    noDeadline.remove(noDeadline.indexOf(QStringLiteral("--deadline-days")), 2);
    expectBadInput(noDeadline, {QStringLiteral("--deadline-days")});
    QStringList noTokens = trainingPlan();
    noTokens.remove(noTokens.indexOf(QStringLiteral("--train-tokens")), 2);
    expectBadInput(noTokens, {QStringLiteral("--train-tokens")});
    expectBadInput(trainingPlan() + args({"--deadline-days", "-1"}),
                   {QStringLiteral("--deadline-days"), QStringLiteral("-1")});
    expectBadInput(trainingPlan() + args({"--deadline-days", "soon"}),
                   {QStringLiteral("--deadline-days"), QStringLiteral("soon")});
    expectBadInput(servingPlan() + args({"--deadline-days", "3"}), {QStringLiteral("--deadline-days")});
    expectBadInput(servingPlan() + args({"--price", "h100=2.5"}),
                   {QStringLiteral("--price"), QStringLiteral("h100")});
    expectBadInput(servingPlan() + args({"--price", "h100_sxm5_80gb"}), {QStringLiteral("--price")});
    expectBadInput(servingPlan() + args({"--price", "h100_sxm5_80gb=-3"}), {QStringLiteral("--price")});
    expectBadInput(servingPlan() + args({"--gpus", "8"}),
                   {QStringLiteral("--gpus"), QStringLiteral("searches")});
    expectBadInput(trainingPlan() + args({"--tp", "2"}), {QStringLiteral("--tp")});
    expectBadInput(trainingPlan() + args({"--zero", "3"}), {QStringLiteral("--zero")});
    expectBadInput(servingPlan() + args({"--max-num-seqs", "64"}), {QStringLiteral("--max-num-seqs")});
    expectBadInput(servingPlan() + args({"--max-gpus", "0"}),
                   {QStringLiteral("--max-gpus"), QStringLiteral("0")});
    expectBadInput(servingPlan() + args({"--precisions", "fp8,fp7"}),
                   {QStringLiteral("--precisions"), QStringLiteral("fp7")});
    expectBadInput(servingPlan() + args({"--precision", "fp8", "--precisions", "fp8,int4"}),
                   {QStringLiteral("--precisions")});
    expectBadInput(servingPlan() + args({"--math"}), {QStringLiteral("--math")});
    // An unknown GPU: its close matches, as estimate gives them.
    expectBadInput(args({"plan", "--gpu", "h100_sxm5", "--model", "llama-3.3-70b", "--task", "inference",
                         "--concurrency", "50", "--ttft-p90-ms", "2000"}),
                   {QStringLiteral("h100_sxm5"), QStringLiteral("h100_sxm5_80gb")});
    // The planner's own checks, at their option: a serving plan needs traffic and a target.
    expectBadInput(
        args({"plan", "--gpu", "h100_sxm5_80gb", "--model", "llama-3.3-70b", "--task", "inference"}),
        {QStringLiteral("--concurrency")});
    expectBadInput(args({"plan", "--gpu", "h100_sxm5_80gb", "--model", "llama-3.3-70b", "--task", "inference",
                         "--concurrency", "50"}),
                   {QStringLiteral("--ttft-p90-ms")});
    // The resolver's, at theirs.
    expectBadInput(servingPlan() + args({"--input-tokens", "-5"}), {QStringLiteral("--input-tokens")});
    expectBadInput(args({"plan", "--model", "llama-3.3-70b", "--concurrency", "50", "--ttft-p90-ms", "2000"}),
                   {QStringLiteral("--task")});
}

TEST_F(PlanCommand, HelpListsThePlansOptionsAndNotTheSearchedOnes)
{
    const ProcessResult result = runGpuCompare(args({"plan", "--help"}));
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.startsWith(QStringLiteral("Usage: gpucompare [--db FILE] plan ")));
    const auto listed = [&result](const char *option) {
        return result.out.contains(
            QRegularExpression(QStringLiteral("\\n  (-\\w, )?--%1[ =\\n]").arg(QLatin1String(option))));
    };
    for (const char *option :
         {"gpu",           "model",         "task",        "concurrency",  "request-rate",  "input-tokens",
          "output-tokens", "ttft-p90-ms",   "tpot-p90-ms", "train-tokens", "seq-len",       "global-batch",
          "network-gbps",  "gpus-per-node", "profile",     "precision",    "deadline-days", "max-gpus",
          "precisions",    "price",         "json",        "help"})
        EXPECT_TRUE(listed(option)) << option;
    for (const char *option :
         {"gpus", "tp", "pp", "micro-batch", "zero", "recompute", "max-num-seqs", "math"})
        EXPECT_FALSE(listed(option)) << option;
    EXPECT_TRUE(result.out.simplified().contains(QStringLiteral("Default: every GPU in the catalogue")));
    const ProcessResult global = runGpuCompare(args({"--help"}));
    EXPECT_TRUE(global.out.contains(QStringLiteral("plan [--gpu"))) << global.out.toStdString();
}

// The estimate arguments of a configuration give back its request, every field of it.
TEST(PlanEstimateArguments, ArgumentsForIsTheReverseOfRequestFrom)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3-70b");
    r.task = Task::Training;
    r.weightPrecision = Precision::Fp8;
    r.activationPrecision = Precision::Bf16;
    r.kvPrecision = Precision::Fp8;
    r.batch = 0;
    r.microBatch = 2;
    r.inputTokens = 1000;
    r.outputTokens = 200;
    r.sequenceLength = 8192;
    r.gpus = 64;
    r.tensorParallel = 4;
    r.pipelineParallel = 2;
    r.globalBatch = 1024;
    r.contextParallel = 2;
    r.expertParallel = 1;
    r.virtualStages = 2;
    r.gpusPerNode = 8;
    r.networkGbps = 400.0;
    r.zeroStage = 3;
    r.recompute = Recompute::Selective;
    r.optimizer = Optimizer::Adam8bit;
    r.loraRank = 16;
    r.profileId = QStringLiteral("megatron");
    r.usdPerGpuHour = 2.4900000000000002;
    r.usdPerKwh = 0.1;
    r.utilisation = 0.7;
    r.trainTokens = 1e12;
    r.concurrency = 50;
    r.requestRate = 1.0 / 3.0;
    r.numRequests = 300;
    r.seed = 7;
    r.maxNumSeqs = 64;
    r.maxBatchedTokens = 8192;
    r.ttftP90Ms = 2000.0;
    r.tpotP90Ms = 47.123456789;
    QString error;
    const auto back = WorkloadOptions::requestFrom(WorkloadOptions::argumentsFor(r), &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(*back, r);

    WorkloadRequest config;
    config.modelConfigPath = QStringLiteral("/tmp/a model/config.json");
    config.batch = 12;
    const auto configBack = WorkloadOptions::requestFrom(WorkloadOptions::argumentsFor(config), &error);
    ASSERT_TRUE(configBack) << error.toStdString();
    EXPECT_EQ(*configBack, config);
    EXPECT_TRUE(WorkloadOptions::argumentsFor(WorkloadRequest{}).isEmpty());
}
