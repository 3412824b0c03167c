// Pair ratios with their own ranges (issue 59): "B200 is 1.34x H100 (1.18-1.52x, 80%)" from the calibration's
// pair residuals, leave-one-GPU-out, and how often such a range holds a pair it never saw.
#include "app/analysis/PairRanges.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/UncertaintyTable.h"
#include "tests/analysis/TestCatalogue.h"

#include <cmath>
#include <gtest/gtest.h>

namespace {

UncertaintyResidual residual(const char *gpu, double r, const QString &conditions)
{
    return UncertaintyResidual{UncertaintyTable::kDecode,
                               QStringLiteral("x"),
                               QStringLiteral("c"),
                               QString::fromLatin1(gpu),
                               r,
                               conditions};
}

} // namespace

// Two GPUs measured on ten workloads, one 10% faster than predicted relative to the other each time, pair
// residual ln(1.1) one way and -ln(1.1) the other; a third GPU measured once pairs with both; a residual
// without conditions (a file written before pairs were kept) makes no pair.
TEST(PairRanges, PairResidualsAreDifferencesWithinOneWorkloadBothWaysRound)
{
    QVector<UncertaintyResidual> all;
    for (int i = 0; i < 10; ++i) {
        const QString conditions = QStringLiteral("workload %1").arg(i);
        all << residual("a", 0.3 + std::log(1.1), conditions) << residual("b", 0.3, conditions);
    }
    all << residual("c", 0.0, QStringLiteral("workload 0")) << residual("d", 1.0, QString());
    const QVector<double> pairs = PairRanges::residuals(all, UncertaintyTable::kDecode, QStringLiteral("x"));
    ASSERT_EQ(pairs.size(), 2 * (10 + 2));
    EXPECT_NEAR(pairs[0], std::log(1.1), 1e-12);
    EXPECT_NEAR(pairs[1], -std::log(1.1), 1e-12);
    const std::optional<UncertaintyBand> band =
        PairRanges::band(all, UncertaintyTable::kDecode, QStringLiteral("x"));
    ASSERT_TRUE(band);
    EXPECT_EQ(band->points, 12);
    EXPECT_NEAR(band->lowLog, -band->highLog, 1e-12); // both ways round: symmetric
    // Fewer than kMinimumPoints pairs: no band, and none pooled from other profiles either.
    const auto skipA = [](const QString &x, const QString &y) {
        return x == QLatin1String("a") || y == QLatin1String("a");
    };
    EXPECT_FALSE(PairRanges::band(all, UncertaintyTable::kDecode, QStringLiteral("x"), skipA));
}

// The bundled table keeps every residual's workload, and the pair ranges made from them hold 70-90% of
// the calibration pairs whose two GPUs both were left out of the range (issue 59's aim: 80% +- 10).
TEST(PairRanges, HeldOutPairsFallInTheirRangeFourTimesInFive)
{
    const UncertaintyTable &table = UncertaintyTable::bundled();
    ASSERT_FALSE(table.residuals().isEmpty());
    for (const UncertaintyResidual &r : table.residuals())
        ASSERT_FALSE(r.conditions.isEmpty()) << r.category.toStdString() << " " << r.gpuId.toStdString();
    const PairRanges::Coverage coverage = PairRanges::heldOutCoverage(table.residuals());
    std::printf("pair ranges held out: %d of %d pairs covered (%.1f%%)\n", coverage.covered, coverage.counted,
                100.0 * coverage.share());
    EXPECT_GT(coverage.counted, 100);
    EXPECT_GE(coverage.share(), 0.70);
    EXPECT_LE(coverage.share(), 0.90);
}

// A ratio of two estimates: a rate's range is the ratio times the band, a time's the band inverted, and the
// range is the pair's, far narrower than either number's own.
TEST(PairRanges, ARatioOfTwoEstimatesCarriesThePairsRange)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3.1-8b"));
    w.task = Task::Inference;
    w.inputTokens = 512;
    w.outputTokens = 128;
    const QVector<Estimate> estimates =
        Estimator::estimateAll({TestCatalogue::h200Sxm(), TestCatalogue::a100Sxm80()}, w,
                               TestCatalogue::profile(QStringLiteral("llama.cpp")));
    ASSERT_EQ(estimates.size(), 2);
    const QString decode = QStringLiteral("inference.decode_tokens_per_s");
    const QString tpot = QStringLiteral("inference.tpot_ms");
    const std::optional<PairRatio> rate = PairRanges::ratio(estimates, 0, 1, decode);
    const std::optional<PairRatio> time = PairRanges::ratio(estimates, 0, 1, tpot);
    ASSERT_TRUE(rate && time);
    ASSERT_TRUE(rate->low && rate->high && time->low && time->high) << rate->basis.toStdString();
    EXPECT_GT(rate->ratio, 1.2); // H200's bandwidth: 4.8 against 2.0 TB/s
    EXPECT_NEAR(time->ratio, 1.0 / rate->ratio, 1e-3 * time->ratio);
    EXPECT_LT(*rate->low, rate->ratio);
    EXPECT_GT(*rate->high, rate->ratio);
    EXPECT_NEAR(*time->low, 1.0 / *rate->high, 1e-3 * *time->low); // inverted
    EXPECT_FALSE(rate->aboutTheSame());
    EXPECT_TRUE(rate->text().endsWith(QStringLiteral("x, 80%)"))) << rate->text().toStdString();
    // Narrower than the two numbers' own ranges together (both err together).
    const ValueRange &a = estimates[0].ranges[decode];
    const ValueRange &b = estimates[1].ranges[decode];
    EXPECT_LT(*rate->high / *rate->low, (a.high / a.low) * (b.high / b.low));
    // Every pair and headline number, each once, the earlier column first.
    const QVector<PairRatio> all = PairRanges::all(estimates);
    ASSERT_FALSE(all.isEmpty());
    for (const PairRatio &p : all) {
        EXPECT_EQ(p.first, 0);
        EXPECT_EQ(p.second, 1);
    }
}
