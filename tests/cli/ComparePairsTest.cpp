// compare's pair ratios and one judgement of the targets (issue 59), as a user reads them: `--json` has
// "pairs", one per two GPUs and headline number, each the ratio of the two results' numbers at its path
// with its 80% range; the text says the same; a verdict says it meets the targets exactly where --json does.
#include "db/Catalogue.h"
#include "tests/cli/GpuCompareProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

// The number at a dotted path of one result ("serving.ttft_ms.p90").
double at(const QJsonObject &result, const QString &path)
{
    QJsonValue value = result;
    for (const QString &key : path.split(u'.'))
        value = value.toObject().value(key);
    return value.toDouble(-1.0);
}

class ComparePairs : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_FALSE(Catalogue::createFromSeed(m_dir.filePath(QStringLiteral("catalogue.db"))));
    }
    ProcessResult run(const QStringList &arguments)
    {
        return runGpuCompare(
            QStringList{QStringLiteral("--db"), m_dir.filePath(QStringLiteral("catalogue.db"))} + arguments);
    }
    QTemporaryDir m_dir;
};

} // namespace

TEST_F(ComparePairs, EachPairOfGpusAndHeadlineNumberHasItsRatioAndRange)
{
    const QStringList arguments{QStringLiteral("compare"),
                                QStringLiteral("--gpu"),
                                QStringLiteral("h100_sxm5_80gb,h200_sxm_141gb,b200_sxm_180gb"),
                                QStringLiteral("--model"),
                                QStringLiteral("llama-3.3-70b"),
                                QStringLiteral("--precision"),
                                QStringLiteral("fp8"),
                                QStringLiteral("--gpus"),
                                QStringLiteral("2"),
                                QStringLiteral("--input-tokens"),
                                QStringLiteral("5000"),
                                QStringLiteral("--output-tokens"),
                                QStringLiteral("500"),
                                QStringLiteral("--concurrency"),
                                QStringLiteral("50"),
                                QStringLiteral("--ttft-p90-ms"),
                                QStringLiteral("2000"),
                                QStringLiteral("--tpot-p90-ms"),
                                QStringLiteral("50")};
    const ProcessResult json = run(arguments + QStringList{QStringLiteral("--json")});
    ASSERT_EQ(json.exitCode, 0) << json.err.toStdString();
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QMap<QString, QJsonObject> results;
    for (const QJsonValue &value : root.value(QStringLiteral("results")).toArray())
        results.insert(value.toObject().value(QStringLiteral("gpu")).toString(), value.toObject());
    ASSERT_EQ(results.size(), 3);

    const QJsonArray pairs = root.value(QStringLiteral("pairs")).toArray();
    QSet<QString> paths;
    QSet<std::pair<QString, QString>> gpuPairs;
    int ranged = 0;
    for (const QJsonValue &value : pairs) {
        const QJsonObject p = value.toObject();
        const QString first = p.value(QStringLiteral("first")).toString();
        const QString second = p.value(QStringLiteral("second")).toString();
        const QString path = p.value(QStringLiteral("path")).toString();
        SCOPED_TRACE(QString(first + u'/' + second + u' ' + path).toStdString());
        ASSERT_TRUE(results.contains(first) && results.contains(second));
        paths << path;
        gpuPairs.insert({first, second});
        const double ratio = p.value(QStringLiteral("ratio")).toDouble();
        EXPECT_NEAR(ratio, at(results[first], path) / at(results[second], path), 1e-9 * ratio);
        if (p.value(QStringLiteral("ratio_low")).isDouble()) {
            ++ranged;
            EXPECT_LT(p.value(QStringLiteral("ratio_low")).toDouble(), ratio);
            EXPECT_GT(p.value(QStringLiteral("ratio_high")).toDouble(), ratio);
            EXPECT_GE(p.value(QStringLiteral("calibration_pairs")).toInt(), 8);
        }
    }
    // Three GPUs make three pairs, each on the throughput, both p90 latencies and the cost.
    EXPECT_EQ(gpuPairs.size(), 3);
    for (const char *path : {"serving.output_tokens_per_s", "serving.ttft_ms.p90", "serving.tpot_ms.p90",
                             "cost.usd_per_million_tokens"})
        EXPECT_TRUE(paths.contains(QString::fromLatin1(path))) << path;
    EXPECT_EQ(pairs.size(), 3 * 4);
    EXPECT_GT(ranged, 0);

    // One judgement: a verdict meets the targets exactly where --json says so, and the most users agree.
    const ProcessResult text = run(arguments);
    ASSERT_EQ(text.exitCode, 0);
    for (const QJsonObject &result : results) {
        const QJsonObject serving = result.value(QStringLiteral("serving")).toObject();
        const bool meets = serving.value(QStringLiteral("meets_slo")).toBool();
        const int most = serving.value(QStringLiteral("max_concurrency_within_slo")).toInt();
        EXPECT_EQ(meets, 50 <= most) << result.value(QStringLiteral("gpu")).toString().toStdString();
        const QString reasons = result.value(QStringLiteral("verdict"))
                                    .toObject()
                                    .value(QStringLiteral("inference"))
                                    .toObject()
                                    .value(QStringLiteral("reasons"))
                                    .toVariant()
                                    .toStringList()
                                    .join(u'\n');
        EXPECT_EQ(reasons.contains(QStringLiteral("meets the targets at 50")), meets)
            << reasons.toStdString();
    }
    // The text lists the pairs as --json has them, and the answer names a ratio with its range.
    EXPECT_TRUE(text.out.contains(QStringLiteral("pairs (first / second")));
    EXPECT_TRUE(text.out.contains(QStringLiteral("x, 80%)"))) << text.out.toStdString();
}
