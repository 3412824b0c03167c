// gpucompare calibrate as a user runs it on their imported measurements: the round trip of issue 41 (the
// estimator's own numbers made 1.3x faster, imported, refitted, reproduced within 10%), the few-runs rule
// (only what the runs pin down moves, and it says which), and refusals that leave the catalogue as it was.

#include "tests/cli/GpuCompareProcess.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

// One serving run's conditions: users, mean prompt and output tokens.
struct Condition
{
    int users;
    int input;
    int output;
};

struct Measured
{
    double ttftMs;
    double tpotMs;
    double outputTokensPerS;
};

constexpr double kFaster = 1.3;

class CalibrateCommand : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const ProcessResult made = run({QStringLiteral("list"), QStringLiteral("--json")});
        ASSERT_EQ(made.exitCode, 0) << made.err.toStdString();
    }
    QString database() const { return m_dir.filePath(QStringLiteral("catalogue.db")); }
    ProcessResult run(const QStringList &arguments)
    {
        return runGpuCompare(QStringList{QStringLiteral("--db"), database()} + arguments, 120000);
    }

    // Llama 3.1 8B on one H100 under `profile`, as `estimate --json` gives it (400 requests: what a
    // measured run without a request count is simulated with).
    Measured estimate(const Condition &c, const QString &profile)
    {
        const ProcessResult result = run(
            {QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
             QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--task"),
             QStringLiteral("inference"), QStringLiteral("--concurrency"), QString::number(c.users),
             QStringLiteral("--input-tokens"), QString::number(c.input), QStringLiteral("--output-tokens"),
             QString::number(c.output), QStringLiteral("--num-requests"), QStringLiteral("400"),
             QStringLiteral("--profile"), profile, QStringLiteral("--json")});
        EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
        const QJsonObject serving = QJsonDocument::fromJson(result.out.toUtf8())
                                        .object()
                                        .value(QStringLiteral("results"))
                                        .toArray()
                                        .first()
                                        .toObject()
                                        .value(QStringLiteral("serving"))
                                        .toObject();
        return {serving.value(QStringLiteral("ttft_ms")).toObject().value(QStringLiteral("p50")).toDouble(),
                serving.value(QStringLiteral("tpot_ms")).toObject().value(QStringLiteral("p50")).toDouble(),
                serving.value(QStringLiteral("output_tokens_per_s")).toDouble()};
    }

    // The runs as the CSV template writes them (docs/measurements.md), each 1.3x faster than vllm's
    // estimate: latencies / 1.3, throughput x 1.3.
    QString writeFasterRuns(const QVector<Condition> &conditions, QVector<Measured> *written)
    {
        QString csv = QStringLiteral("gpu,gpus,model,task,engine,tp,precision,input_tokens,output_tokens,"
                                     "concurrency,request_rate,ttft_median_ms,tpot_median_ms,"
                                     "output_tokens_per_s,source\n");
        for (const Condition &c : conditions) {
            const Measured e = estimate(c, QStringLiteral("vllm"));
            const Measured faster{e.ttftMs / kFaster, e.tpotMs / kFaster, e.outputTokensPerS * kFaster};
            written->append(faster);
            csv += QStringLiteral("h100_sxm5_80gb,1,llama-3.1-8b,inference-serving,vllm,1,bf16,%1,%2,%3,inf,"
                                  "%4,%5,%6,round trip\n")
                       .arg(c.input)
                       .arg(c.output)
                       .arg(c.users)
                       .arg(faster.ttftMs, 0, 'f', 4)
                       .arg(faster.tpotMs, 0, 'f', 5)
                       .arg(faster.outputTokensPerS, 0, 'f', 3);
        }
        const QString path = m_dir.filePath(QStringLiteral("runs-%1.csv").arg(conditions.size()));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(csv.toUtf8());
        return path;
    }

    QTemporaryDir m_dir;
};

} // namespace

TEST_F(CalibrateCommand, EstimatesScaledBy1_3AndImportedAreReproducedWithin10Percent)
{
    const QVector<Condition> conditions{{1, 512, 128},  {8, 1024, 256},  {32, 1024, 256},
                                        {64, 512, 512}, {16, 2048, 128}, {128, 256, 256}};
    QVector<Measured> measured;
    const QString file = writeFasterRuns(conditions, &measured);
    const ProcessResult imported = run({QStringLiteral("measurements"), QStringLiteral("import"), file});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();

    const ProcessResult fitted =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("my-vllm"),
             QStringLiteral("--base"), QStringLiteral("vllm")});
    ASSERT_EQ(fitted.exitCode, 0) << fitted.err.toStdString() << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("my-vllm fitted on 6 of your runs (18 measured numbers)")))
        << fitted.out.toStdString();
    // 1.3x off before: every number is 23-30% away from vllm's estimate.
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("median error with vllm: 30.0%")))
        << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("leave-one-run-out median error:")))
        << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("moved memory_efficiency"))) << fitted.out.toStdString();

    for (qsizetype i = 0; i < conditions.size(); ++i) {
        const Measured again = estimate(conditions[i], QStringLiteral("my-vllm"));
        EXPECT_NEAR(again.ttftMs / measured[i].ttftMs, 1.0, 0.10) << "TTFT, run " << i;
        EXPECT_NEAR(again.tpotMs / measured[i].tpotMs, 1.0, 0.10) << "TPOT, run " << i;
        EXPECT_NEAR(again.outputTokensPerS / measured[i].outputTokensPerS, 1.0, 0.10)
            << "throughput, run " << i;
    }

    // Listed with what it was fitted on, and refitted under the same name.
    const ProcessResult profiles = run({QStringLiteral("profiles")});
    EXPECT_TRUE(profiles.out.contains(QStringLiteral("fitted on 6 of your runs")))
        << profiles.out.toStdString();
    const ProcessResult refitted =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("my-vllm"),
             QStringLiteral("--base"), QStringLiteral("vllm")});
    EXPECT_EQ(refitted.exitCode, 0) << refitted.err.toStdString();
    const ProcessResult removed =
        run({QStringLiteral("calibrate"), QStringLiteral("--remove"), QStringLiteral("my-vllm")});
    EXPECT_EQ(removed.exitCode, 0) << removed.err.toStdString();
    EXPECT_FALSE(run({QStringLiteral("profiles")}).out.contains(QStringLiteral("my-vllm")));
}

TEST_F(CalibrateCommand, TwoRunsMoveOnlyWhatTheyPinDownAndSayWhy)
{
    QVector<Measured> measured;
    const QString file = writeFasterRuns({{8, 1024, 256}, {64, 512, 512}}, &measured);
    ASSERT_EQ(run({QStringLiteral("measurements"), QStringLiteral("import"), file}).exitCode, 0);
    const ProcessResult fitted =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("two-runs"),
             QStringLiteral("--base"), QStringLiteral("vllm")});
    ASSERT_EQ(fitted.exitCode, 0) << fitted.err.toStdString();
    // 6 numbers pin down one factor: one line "moved", the others "kept" with the reason.
    EXPECT_EQ(fitted.out.count(QStringLiteral("  moved ")), 1) << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("pin down at most 1 of these factors")))
        << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("leave-one-run-out error: needs 3 runs or more")))
        << fitted.out.toStdString();
}

TEST_F(CalibrateCommand, RefusalsNameTheProblemAndLeaveTheCatalogueAsItWas)
{
    const QByteArray before = TestCatalogueFiles::readBytes(database());
    struct Case
    {
        QStringList arguments;
        const char *message;
    };
    const Case cases[] = {
        {{QStringLiteral("--profile"), QStringLiteral("mine"), QStringLiteral("--base"),
          QStringLiteral("vllm")},
         "no imported run of vllm"},
        {{QStringLiteral("--profile"), QStringLiteral("vllm"), QStringLiteral("--base"),
          QStringLiteral("vllm")},
         "a profile calibrate did not fit"},
        {{QStringLiteral("--profile"), QStringLiteral("mine"), QStringLiteral("--base"),
          QStringLiteral("nope")},
         "--base 'nope' is not a profile"},
        {{QStringLiteral("--profile"), QStringLiteral("a b"), QStringLiteral("--base"),
          QStringLiteral("vllm")},
         "use letters, digits"},
        {{QStringLiteral("--remove"), QStringLiteral("vllm")}, "is not a profile calibrate fitted"},
        {{QStringLiteral("--profile"), QStringLiteral("mine")}, "usage: calibrate"},
    };
    for (const Case &c : cases) {
        const ProcessResult result = run(QStringList{QStringLiteral("calibrate")} + c.arguments);
        EXPECT_EQ(result.exitCode, 2) << c.message << ": " << result.err.toStdString();
        EXPECT_TRUE(result.err.contains(QLatin1String(c.message))) << result.err.toStdString();
        EXPECT_EQ(TestCatalogueFiles::readBytes(database()), before) << c.message;
    }
}
