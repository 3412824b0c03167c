// gpucompare calibrate as a user runs it on their imported measurements: the round trip of issue 41 (the
// estimator's own numbers made 1.3x faster, imported, refitted, reproduced within 10%), the few-runs rule
// (only what the runs pin down moves, and it says which), and refusals that leave the catalogue as it was.

#include "tests/cli/GpuCompareProcess.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
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
// The round trip runs slower than the estimate: a run 1.3x faster would need vllm's memory efficiency at
// 1.15 of the achievable bandwidth, which no GPU has (issue 60).
constexpr double kSlower = 1.0 / 1.3;

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

    // The runs as the CSV template writes them (docs/measurements.md), each `speed` times as fast as vllm's
    // estimate: latencies / speed, throughput x speed. ttftOf: a run's TTFT written instead (an outlier).
    QString writeFasterRuns(const QVector<Condition> &conditions, QVector<Measured> *written,
                            double speed = kSlower, const QMap<int, double> &ttftOf = {})
    {
        QString csv = QStringLiteral("gpu,gpus,model,task,engine,tp,precision,input_tokens,output_tokens,"
                                     "concurrency,request_rate,ttft_median_ms,tpot_median_ms,"
                                     "output_tokens_per_s,source\n");
        for (qsizetype i = 0; i < conditions.size(); ++i) {
            const Condition &c = conditions[i];
            const Measured e = estimate(c, QStringLiteral("vllm"));
            const Measured faster{ttftOf.value(int(i), e.ttftMs / speed), e.tpotMs / speed,
                                  e.outputTokensPerS * speed};
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
        const QString path = m_dir.filePath(
            QStringLiteral("runs-%1-%2-%3.csv").arg(conditions.size()).arg(speed).arg(ttftOf.size()));
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
    // 1.3x off before: every number is 23-30% away from vllm's estimate (the latencies, two thirds, 23.1%).
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("median error with vllm: 23.1%")))
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
    // Two runs are enough to check the fit: each predicted by the fit made on the other.
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("leave-one-run-out median error:")))
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

// Issue 60: runs faster than the GPU can go are not fitted with an efficiency above 1 of the rate it is a
// share of (1.3 and 1.2 were saved before); the factor stops at 1 and says so.
TEST_F(CalibrateCommand, RunsFasterThanTheGpuCanGoLeaveEveryEfficiencyAtMostOne)
{
    QVector<Measured> measured;
    const QString file =
        writeFasterRuns({{1, 512, 128}, {8, 1024, 256}, {32, 1024, 256}, {64, 512, 512}}, &measured, kFaster);
    ASSERT_EQ(run({QStringLiteral("measurements"), QStringLiteral("import"), file}).exitCode, 0);
    const QByteArray before = TestCatalogueFiles::readBytes(database());
    const ProcessResult fitted =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("fast"),
             QStringLiteral("--base"), QStringLiteral("vllm")});
    const QString out = fitted.out + fitted.err;
    static const QRegularExpression moved(
        QStringLiteral("moved (\\w+_efficiency)[^:]*: ([0-9.e+-]+) -> ([0-9.e+-]+)"));
    int efficiencies = 0;
    for (auto it = moved.globalMatch(fitted.out); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.captured(1) == QLatin1String("kv_read_efficiency"))
            continue; // a share of memory_efficiency's rate: checked with it below
        EXPECT_LE(m.captured(3).toDouble(), 1.0) << out.toStdString();
        ++efficiencies;
    }
    EXPECT_GE(efficiencies, 1) << out.toStdString();
    // The KV cache is read at memory_efficiency x kv_read_efficiency of the bandwidth: at most all of it.
    const auto after = [&fitted](const char *factor, double otherwise) {
        const QRegularExpressionMatch m =
            QRegularExpression(
                QStringLiteral("moved %1: [0-9.e+-]+ -> ([0-9.e+-]+)").arg(QLatin1String(factor)))
                .match(fitted.out);
        return m.hasMatch() ? m.captured(1).toDouble() : otherwise;
    };
    EXPECT_LE(after("memory_efficiency", 0.8829) * after("kv_read_efficiency", 1.019), 1.0 + 1e-3)
        << out.toStdString();
    // Kept only when it helps; either way nothing above the peak is stored.
    if (fitted.exitCode != 0) {
        EXPECT_TRUE(fitted.err.contains(QStringLiteral("the fit does not help"))) << out.toStdString();
        EXPECT_EQ(TestCatalogueFiles::readBytes(database()), before);
    }
}

// Issue 60: a fit that does not lower the error on runs it has not seen is refused with the figures, and
// nothing is saved: two runs that disagree (one 3x slower than the estimate, one 3x faster).
TEST_F(CalibrateCommand, AFitThatDoesNotHelpTheRunsLeftOutIsRefusedWithTheFiguresAndNotSaved)
{
    QVector<Measured> measured;
    const QString slow = writeFasterRuns({{8, 1024, 256}}, &measured, 1.0 / 3.0);
    const QString fast = writeFasterRuns({{64, 512, 512}}, &measured, 3.0);
    ASSERT_EQ(run({QStringLiteral("measurements"), QStringLiteral("import"), slow, fast}).exitCode, 0);
    const QByteArray before = TestCatalogueFiles::readBytes(database());
    const ProcessResult fitted =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("no-help"),
             QStringLiteral("--base"), QStringLiteral("vllm")});
    EXPECT_EQ(fitted.exitCode, 2) << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("median error with vllm:"))) << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("leave-one-run-out median error:")))
        << fitted.out.toStdString();
    EXPECT_TRUE(fitted.err.contains(QStringLiteral("the fit does not help: median error")))
        << fitted.err.toStdString();
    EXPECT_TRUE(fitted.err.contains(QStringLiteral("nothing was saved"))) << fitted.err.toStdString();
    EXPECT_EQ(TestCatalogueFiles::readBytes(database()), before);
    EXPECT_FALSE(run({QStringLiteral("profiles")}).out.contains(QStringLiteral("no-help")));
}

TEST_F(CalibrateCommand, OneRunCannotShowThatAFitHelps)
{
    QVector<Measured> measured;
    ASSERT_EQ(run({QStringLiteral("measurements"), QStringLiteral("import"),
                   writeFasterRuns({{8, 1024, 256}}, &measured)})
                  .exitCode,
              0);
    const QByteArray before = TestCatalogueFiles::readBytes(database());
    const ProcessResult fitted =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("one"),
             QStringLiteral("--base"), QStringLiteral("vllm")});
    EXPECT_EQ(fitted.exitCode, 2);
    EXPECT_TRUE(fitted.err.contains(QStringLiteral("one run cannot show that a fit helps")))
        << fitted.err.toStdString();
    EXPECT_EQ(TestCatalogueFiles::readBytes(database()), before);
}

// Issue 60: a run with a TTFT far off the others' (1e6 ms among runs near the estimate) is named and left
// out; --keep-outliers keeps it.
TEST_F(CalibrateCommand, ARunFarOffTheOthersIsNamedAndLeftOutUnlessKept)
{
    QVector<Measured> measured;
    const QString file = writeFasterRuns({{1, 512, 128}, {8, 1024, 256}, {32, 1024, 256}, {64, 512, 512}},
                                         &measured, kSlower, {{2, 1e6}});
    ASSERT_EQ(run({QStringLiteral("measurements"), QStringLiteral("import"), file}).exitCode, 0);
    const ProcessResult fitted =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("clean"),
             QStringLiteral("--base"), QStringLiteral("vllm")});
    EXPECT_EQ(fitted.exitCode, 0) << fitted.err.toStdString() << fitted.out.toStdString();
    EXPECT_TRUE(
        fitted.out.contains(QStringLiteral("left out, far off the others (--keep-outliers keeps it): run")))
        << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("its TTFT median is"))) << fitted.out.toStdString();
    EXPECT_TRUE(fitted.out.contains(QStringLiteral("clean fitted on 3 of your runs")))
        << fitted.out.toStdString();

    const ProcessResult kept =
        run({QStringLiteral("calibrate"), QStringLiteral("--profile"), QStringLiteral("all-runs"),
             QStringLiteral("--base"), QStringLiteral("vllm"), QStringLiteral("--keep-outliers")});
    EXPECT_TRUE(kept.out.contains(QStringLiteral("far off the others, kept (--keep-outliers)")))
        << kept.out.toStdString();
    EXPECT_TRUE(kept.out.contains(QStringLiteral("all-runs fitted on 4 of your runs")))
        << kept.out.toStdString();
}
