// The answer strip's lines (AnswerSummary) over the seed catalogue: the GPUs named for two workloads,
// checked against the estimator's own numbers, and the wording of ties and missing values.

#include "app/comparison/AnswerSummary.h"

#include "app/analysis/EstimateRanges.h"
#include "app/analysis/Estimator.h"
#include "app/analysis/PairRanges.h"
#include "app/comparison/ComparisonRun.h"
#include "tests/app/SeedSnapshotTest.h"
#include "widgets/common/ValueFormat.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <gtest/gtest.h>

namespace {

// The seed article's five GPUs, as the window starts with them.
const QStringList kArticleGpus{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("h200_sxm_141gb"),
                               QStringLiteral("a100_sxm4_80gb"), QStringLiteral("rtx_a6000_48gb"),
                               QStringLiteral("l40s_48gb")};

// The names a line links to the table row rowId, in order.
QStringList linkedNames(const AnswerLine &line, const QString &rowId)
{
    QStringList names;
    for (const AnswerPart &part : line.parts)
        if (part.isLink() && part.rowId == rowId)
            names << part.text;
    return names;
}

// What the estimator says of each GPU, as the comparison estimates it.
struct Expected
{
    QStringList fastest;  // the highest speed among the GPUs that fit
    double speed = 0.0;   // that speed
    QStringList cheapest; // the lowest $ per million tokens among them
    double usd = 0.0;
    QStringList unfit; // those that do not fit, with the GPUs they need
    QVector<int> unfitNeed;
    // The fastest and those whose 80% speed range overlaps its range, in column order: the strip names
    // them together ("about the same speed"); likewise the cheapest.
    QStringList aboutFastest;
    QStringList aboutCheapest;
};

// The names of the fitting GPUs the estimator cannot tell from `best` at path(estimate): the 80% range of
// their ratio to it (PairRanges) straddles 1, in column order (best itself included).
QStringList overlapping(const QVector<GpuSpec> &gpus, const QVector<Estimate> &estimates, const QString &best,
                        const std::function<QString(const Estimate &)> &path)
{
    int bestColumn = -1;
    for (int i = 0; i < gpus.size(); ++i)
        if (gpus.at(i).displayName() == best)
            bestColumn = i;
    if (bestColumn < 0)
        return {};
    QStringList names;
    for (int i = 0; i < estimates.size(); ++i) {
        const std::optional<PairRatio> ratio =
            i == bestColumn ? std::nullopt
                            : PairRanges::ratio(estimates, bestColumn, i, path(estimates.at(bestColumn)));
        if (i == bestColumn || (estimates.at(i).fits && ratio && ratio->aboutTheSame()))
            names << gpus.at(i).displayName();
    }
    return names;
}

Expected expectedFrom(const QVector<GpuSpec> &gpus, const QVector<Estimate> &estimates)
{
    Expected expected;
    for (int i = 0; i < estimates.size(); ++i) {
        const Estimate &e = estimates.at(i);
        const QString name = gpus.at(i).displayName();
        if (!e.fits) {
            expected.unfit << name;
            expected.unfitNeed << e.minGpus;
            continue;
        }
        if (AnswerSummary::speedOf(e) > expected.speed) {
            expected.speed = AnswerSummary::speedOf(e);
            expected.fastest = {name};
        }
        if (e.cost.usdPerMillionTokens &&
            (expected.cheapest.isEmpty() || *e.cost.usdPerMillionTokens < expected.usd)) {
            expected.usd = *e.cost.usdPerMillionTokens;
            expected.cheapest = {name};
        }
    }
    expected.aboutFastest =
        overlapping(gpus, estimates, expected.fastest.value(0), EstimateRanges::speedPath);
    expected.aboutCheapest =
        overlapping(gpus, estimates, expected.cheapest.value(0), EstimateRanges::costPath);
    return expected;
}

} // namespace

class AnswerSummaryTest : public SeedSnapshotTest
{
protected:
    // The comparison's lines and the estimator's own estimates of the same GPUs and workload.
    QVector<AnswerLine> answer(const QStringList &ids, const WorkloadRequest &values, Expected *expected)
    {
        const ComparisonRun run(ids, WorkloadFormLayout::sent(values), m_snapshot, false);
        EXPECT_TRUE(run.workload().isValid());
        const QVector<Estimate> estimates = Estimator::estimateAll(run.gpus(), run.workload().resolved);
        *expected = expectedFrom(run.gpus(), estimates);
        return run.presentation().answers();
    }

    // The lines for these GPU records (edited copies of seed GPUs) under the default workload.
    QVector<AnswerLine> defaultAnswer(const QVector<GpuSpec> &gpus) const
    {
        const MappedWorkload mapped = WorkloadMapper::map(WorkloadFormLayout::sent({}), m_snapshot);
        ComparisonInput input;
        input.gpus = gpus;
        input.estimates = Estimator::estimateAll(gpus, mapped.resolved);
        return AnswerSummary::build(input);
    }
};

TEST_F(AnswerSummaryTest, SeventyBillionInferenceNamesTheFastestTheCheapestAndThoseThatNeedTwoGpus)
{
    // Llama-3.3 70B with FP8 weights (about 70 GB) on one GPU of each of the article's five kinds.
    WorkloadRequest values;
    values.modelId = QStringLiteral("llama-3.3-70b");
    values.weightPrecision = Precision::Fp8;
    Expected expected;
    const QVector<AnswerLine> lines = answer(kArticleGpus, values, &expected);
    // The estimator's answer, named: H200 fastest (141 GB, the most bandwidth), the 48 GB cards need two.
    EXPECT_EQ(expected.fastest, QStringList{QStringLiteral("H200 SXM 141GB")});
    EXPECT_EQ(expected.cheapest, QStringList{QStringLiteral("A100 SXM4 80GB")});
    EXPECT_EQ(expected.unfit, (QStringList{QStringLiteral("RTX A6000 48GB"), QStringLiteral("L40S 48GB")}));
    EXPECT_EQ(expected.unfitNeed, (QVector<int>{2, 2}));

    ASSERT_EQ(lines.size(), 2); // inference, then the training verdicts
    const AnswerLine &line = lines.first();
    EXPECT_EQ(line.title, QStringLiteral("Inference"));
    EXPECT_EQ(linkedNames(line, QStringLiteral("infer.throughput")), expected.aboutFastest);
    EXPECT_EQ(linkedNames(line, QStringLiteral("cost.per-million")), expected.aboutCheapest);
    EXPECT_EQ(linkedNames(line, QStringLiteral("fit.min-gpus")), expected.unfit);
    // The numbers as the table shows them, and the fit in the estimator's words.
    const QString text = line.text();
    EXPECT_TRUE(text.contains(QStringLiteral("fastest (") +
                              ValueFormat::withUnit(expected.speed, QStringLiteral("tokens/s")) + u')'))
        << text.toStdString();
    // The GPUs whose cost ratio to the cheapest straddles 1 are "about the same cost", from the lowest.
    const QString cheapest = expected.aboutCheapest.size() > 1 ? QStringLiteral("about the same cost (from $")
                                                               : QStringLiteral("cheapest ($");
    EXPECT_TRUE(text.contains(cheapest + ValueFormat::number(expected.usd) +
                              QStringLiteral(" per million output tokens)")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("RTX A6000 48GB and L40S 48GB do not fit in 48 GB: need 2 GPU")))
        << text.toStdString();
    // The workload it answers for, in the resolver's words (batch and GPU count).
    EXPECT_TRUE(line.detail.contains(QStringLiteral("Llama-3.3 70B · inference · fp8 · 1 request")))
        << line.detail.toStdString();
    // Each name links to its own column.
    for (const AnswerPart &part : line.parts) {
        if (part.isLink()) {
            EXPECT_EQ(m_snapshot.findGpu(kArticleGpus.value(part.column))->displayName(), part.text);
        }
    }
    EXPECT_EQ(lines.at(1).title, QStringLiteral("Training"));
    EXPECT_TRUE(lines.at(1).detail.startsWith(QStringLiteral("Training verdicts judge: ")));
}

// Under load, a GPU whose memory holds the model but whose engine has no room in its KV cache for one
// request serves nothing: the answer says so, not "does not fit in 4 × 80 GB: needs 4 GPUs". Mixtral 8x22B
// in bf16 on 4 GPUs (TP4), 320 users, Lambda's vLLM run: the 80 GB cards have no room, the H200 has.
TEST_F(AnswerSummaryTest, GpusWithNoRoomForOneRequestUnderLoadAreSaidToServeNone)
{
    WorkloadRequest values;
    values.modelId = QStringLiteral("mixtral-8x22b");
    values.gpus = 4;
    values.tensorParallel = 4;
    values.concurrency = 320;
    values.inputTokens = 247;
    values.outputTokens = 233;
    values.profileId = QStringLiteral("vllm");
    Expected expected;
    const QVector<AnswerLine> lines =
        answer({QStringLiteral("a100_sxm4_80gb"), QStringLiteral("h100_sxm5_80gb"),
                QStringLiteral("h200_sxm_141gb")},
               values, &expected);
    EXPECT_EQ(expected.fastest, QStringList{QStringLiteral("H200 SXM 141GB")});
    ASSERT_FALSE(lines.isEmpty());
    const QString text = lines.first().text();
    EXPECT_TRUE(text.contains(QStringLiteral("A100 SXM4 80GB and H100 SXM5 80GB serve none of this load: no "
                                             "room in their KV cache for one request")))
        << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("do not fit in"))) << text.toStdString();
    EXPECT_EQ(linkedNames(lines.first(), QStringLiteral("fit.memory")),
              (QStringList{QStringLiteral("A100 SXM4 80GB"), QStringLiteral("H100 SXM5 80GB")}));
}

TEST_F(AnswerSummaryTest, TrainingRunNamesTheFastestAndTheCheapest)
{
    // Llama-3 8B full training on 8 GPUs of each kind, the recipe's FSDP run.
    WorkloadRequest values;
    values.task = Task::Training;
    values.gpus = 8;
    Expected expected;
    const QVector<AnswerLine> lines = answer(kArticleGpus, values, &expected);
    EXPECT_EQ(expected.fastest, QStringList{QStringLiteral("H200 SXM 141GB")});
    EXPECT_EQ(expected.cheapest, QStringList{QStringLiteral("H100 SXM5 80GB")});
    EXPECT_TRUE(expected.unfit.isEmpty());

    ASSERT_FALSE(lines.isEmpty());
    const AnswerLine &line = lines.first();
    EXPECT_EQ(line.title, QStringLiteral("Training"));
    EXPECT_EQ(linkedNames(line, QStringLiteral("train.tokens")), expected.aboutFastest);
    EXPECT_EQ(linkedNames(line, QStringLiteral("cost.per-million")), expected.aboutCheapest);
    EXPECT_TRUE(line.text().contains(ValueFormat::withUnit(expected.speed, QStringLiteral("tokens/s"))))
        << line.text().toStdString();
    EXPECT_FALSE(line.text().contains(QStringLiteral("fit"))) << line.text().toStdString();
    EXPECT_TRUE(line.detail.contains(QStringLiteral("full training")) &&
                line.detail.contains(QStringLiteral("8 GPU")))
        << line.detail.toStdString();
    // The other task, by its verdicts: every GPU under one level, linked to its column alone.
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines.at(1).title, QStringLiteral("Inference"));
    EXPECT_EQ(linkedNames(lines.at(1), QString()).size(), kArticleGpus.size());
}

TEST_F(AnswerSummaryTest, AGpuWithoutItsBandwidthIsNeverCalledFastest)
{
    // The H200's record without its memory bandwidth: it would be the fastest; its speed is not estimated.
    QVector<GpuSpec> gpus = seedGpus({"h200_sxm_141gb", "h100_sxm5_80gb", "a100_sxm4_80gb"});
    gpus[0].memoryBandwidthGBs.reset();
    const QVector<AnswerLine> lines = defaultAnswer(gpus);
    ASSERT_FALSE(lines.isEmpty());
    const QString text = lines.first().text();
    EXPECT_TRUE(text.startsWith(QStringLiteral("H100 SXM5 80GB fastest ("))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("H200 SXM 141GB fastest"))) << text.toStdString();
    EXPECT_TRUE(text.contains(
        QStringLiteral("H200 SXM 141GB: not estimated, needs memory bandwidth (not in the catalogue)")))
        << text.toStdString();
}

TEST_F(AnswerSummaryTest, EqualNumbersTieAndMissingPricesAreSaid)
{
    // Two records of the same card under two names: the same speed, named together, never one of them.
    QVector<GpuSpec> gpus = seedGpus({"h100_sxm5_80gb", "h100_sxm5_80gb", "a100_sxm4_80gb"});
    gpus[1].gpuId = QStringLiteral("h100_copy");
    gpus[1].variant = QStringLiteral("copy");
    for (GpuSpec &gpu : gpus) {
        gpu.usdPerGpuHour.reset();
        gpu.priceUsd.reset();
    }
    const QVector<AnswerLine> lines = defaultAnswer(gpus);
    ASSERT_FALSE(lines.isEmpty());
    const QString text = lines.first().text();
    EXPECT_EQ(linkedNames(lines.first(), QStringLiteral("infer.throughput")),
              (QStringList{gpus.at(0).displayName(), gpus.at(1).displayName()}));
    EXPECT_TRUE(text.contains(QStringLiteral(" tie for fastest ("))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("no prices to compare"))) << text.toStdString();
    EXPECT_TRUE(linkedNames(lines.first(), QStringLiteral("cost.per-million")).isEmpty());
}

// Issue 39's case: Llama-3.3-70B FP8 on two GPUs each, 50 users, TTFT p90 <= 2 s, TPOT p90 <= 50 ms. The
// answer picks only among the GPUs that meet both targets and says which miss them and by how much, with the
// simulated p90 it missed.
TEST_F(AnswerSummaryTest, TheAnswerPicksOnlyAmongTheGpusThatMeetTheTargets)
{
    WorkloadRequest values;
    values.modelId = QStringLiteral("llama-3.3-70b");
    values.weightPrecision = Precision::Fp8;
    values.gpus = 2;
    values.concurrency = 50;
    values.ttftP90Ms = 2000.0;
    values.tpotP90Ms = 50.0;
    const QStringList ids{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("h200_sxm_141gb"),
                          QStringLiteral("b200_sxm_180gb")};
    const ComparisonRun run(ids, WorkloadFormLayout::sent(values), m_snapshot, false);
    ASSERT_TRUE(run.workload().isValid());
    const QVector<Estimate> estimates = Estimator::estimateAll(run.gpus(), run.workload().resolved);
    const QVector<AnswerLine> lines = run.presentation().answers();
    ASSERT_FALSE(lines.isEmpty());
    const AnswerLine &line = lines.first();
    int meeting = 0;
    for (int i = 0; i < estimates.size(); ++i) {
        const Estimate &e = estimates.at(i);
        ASSERT_TRUE(e.serving && e.serving->meetsSlo) << ids.at(i).toStdString();
        const QString name = run.gpus().at(i).displayName();
        if (*e.serving->meetsSlo) {
            ++meeting;
            continue;
        }
        // Never a pick, and named with the p90 it missed.
        EXPECT_FALSE(line.fastest.contains(i)) << name.toStdString();
        EXPECT_FALSE(line.cheapest.contains(i)) << name.toStdString();
        EXPECT_TRUE(line.text().contains(name + QStringLiteral(" misses the targets (")))
            << line.text().toStdString();
        const bool ttftMissed = e.serving->ttftMs.p90 > 2000.0;
        const double missed = ttftMissed ? e.serving->ttftMs.p90 : e.serving->tpotMs.p90;
        EXPECT_TRUE(line.text().contains(
            (ttftMissed ? QStringLiteral("TTFT p90 %1, target %2") : QStringLiteral("TPOT p90 %1, target %2"))
                .arg(ValueFormat::withUnit(missed, QStringLiteral("ms")),
                     ValueFormat::withUnit(ttftMissed ? 2000.0 : 50.0, QStringLiteral("ms")))))
            << line.text().toStdString();
    }
    EXPECT_GT(meeting, 0) << "B200 meets both targets on two GPUs";
    EXPECT_LT(meeting, estimates.size()) << "and H100 or H200 misses one: the case the issue found";
    for (int column : line.fastest + line.cheapest)
        EXPECT_TRUE(*estimates.at(column).serving->meetsSlo);
}

// A card with no rental price but a launch price (the RTX 6000 Ada, $6,800) beside one with both (the
// L40S: $1.40 an hour, about $8,500): one comparison, one basis (issue 56), so both are costed owned, the
// cheapest pick compares like with like and the answer says the basis once; the Compare row says how each
// price was made (issue 39).
TEST_F(AnswerSummaryTest, AnOwnedCardsCostTakesPartInTheCheapestPickAndSaysSo)
{
    QVector<GpuSpec> gpus = seedGpus({"rtx_6000_ada_48gb", "l40s_48gb"});
    ASSERT_EQ(gpus.size(), 2);
    ASSERT_FALSE(gpus.at(0).usdPerGpuHour.has_value());
    ASSERT_EQ(gpus.at(0).priceUsd, 6800.0);
    ASSERT_TRUE(gpus.at(1).usdPerGpuHour.has_value() && gpus.at(1).priceUsd.has_value());
    const MappedWorkload mapped = WorkloadMapper::map(WorkloadFormLayout::sent({}), m_snapshot);
    ComparisonInput input;
    input.gpus = gpus;
    input.estimates = Estimator::estimateAll(gpus, mapped.resolved);
    for (const Estimate &e : std::as_const(input.estimates)) {
        ASSERT_EQ(e.cost.basis, CostBasis::Owned);
        ASSERT_TRUE(e.cost.usdPerMillionTokens.has_value());
    }

    const QString text = AnswerSummary::build(input).first().text();
    EXPECT_FALSE(text.contains(QStringLiteral("only "))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(", owned)"))) << text.toStdString();
    EXPECT_TRUE(
        text.contains(QStringLiteral("costs owned over 4 years: purchase price plus power at $0.15/kWh")))
        << text.toStdString();

    const ComparisonPresentation presentation = ComparisonPresentation::build(input);
    for (const ComparisonRow &row : presentation.table().rows)
        if (row.id == QLatin1String("cost.gpu-hour")) {
            EXPECT_TRUE(
                row.notes.at(0).startsWith(QStringLiteral("owned: $0.19/h over 4 y + power at $0.15/kWh")))
                << row.notes.at(0).toStdString();
            EXPECT_TRUE(row.notes.at(1).startsWith(QStringLiteral("owned: $0.24/h over 4 y")))
                << row.notes.at(1).toStdString();
        }
}
