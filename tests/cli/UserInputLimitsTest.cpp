// Issue 60, on the command line as a user runs it: an endless file is read to its limit and refused by
// name, impossible values are refused, long values and long lists are cut, and `list --here` says when it
// could not look.
#include "app/analysis/HuggingFaceConfig.h"
#include "app/analysis/RequestMix.h"
#include "app/scenario/ScenarioFile.h"
#include "tests/cli/GpuCompareProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

class UserInputLimits : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_EQ(run({QStringLiteral("list")}).exitCode, 0);
        m_zero = m_dir.filePath(QStringLiteral("z.json"));
        ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), m_zero));
    }
    ProcessResult run(const QStringList &arguments, const QList<QPair<QString, QString>> &environment = {})
    {
        return runGpuCompare(QStringList{QStringLiteral("--db"), m_dir.filePath(QStringLiteral("base.db"))} +
                                 arguments,
                             60000, environment);
    }
    QString write(const char *name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(QLatin1String(name));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        return path;
    }
    QTemporaryDir m_dir;
    QString m_zero;
};

QByteArray scenarioWith(const QJsonObject &extra)
{
    QJsonObject workload{{QStringLiteral("model"), QStringLiteral("llama-3.1-8b")},
                         {QStringLiteral("task"), QStringLiteral("inference")}};
    QJsonObject scenario{{QStringLiteral("format"), QStringLiteral("gpucompare-scenario")},
                         {QStringLiteral("schema_version"), 1},
                         {QStringLiteral("gpus"), QJsonArray{QStringLiteral("h100_sxm5_80gb")}},
                         {QStringLiteral("workload"), workload}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        scenario.insert(it.key(), it.value());
    return QJsonDocument(scenario).toJson();
}

} // namespace

// The command: before, 9.6 GB resident after 20 s.
TEST_F(UserInputLimits, MeasurementImportOfDevZeroStopsAtItsLimit)
{
    QElapsedTimer timer;
    timer.start();
    const ProcessResult result =
        run({QStringLiteral("measurements"), QStringLiteral("import"), m_zero, QStringLiteral("--gpu"),
             QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"),
             QStringLiteral("--gpus"), QStringLiteral("1")});
    EXPECT_EQ(result.exitCode, 2) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(
        QStringLiteral("z.json: larger than 64 MiB, the most a measurement file may have (read no further)")))
        << result.err.toStdString();
    EXPECT_LT(timer.elapsed(), 30000);
}

TEST_F(UserInputLimits, EveryOtherReaderOfAUserFileNamesItsLimit)
{
    QString error;
    EXPECT_FALSE(ScenarioFile::load(m_zero, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("larger than 16 MiB, the most a scenario file may have")))
        << error.toStdString();
    error.clear();
    EXPECT_FALSE(LengthTable::readFile(m_zero, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("the most a request trace or dataset may have")))
        << error.toStdString();
    error.clear();
    EXPECT_FALSE(HuggingFaceConfig::fromFile(m_zero, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("the most a model's config.json may have")))
        << error.toStdString();
    const QString csv = m_dir.filePath(QStringLiteral("z.csv"));
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), csv));
    const ProcessResult imported = run({QStringLiteral("import"), csv});
    EXPECT_NE(imported.exitCode, 0);
    EXPECT_TRUE(imported.err.contains(QStringLiteral("the most a catalogue file may have")))
        << imported.err.toStdString();
}

// 1e308 in a scenario's plan gave a report with "1E+308 $"; the same bounds as the command line's.
TEST_F(UserInputLimits, AScenarioWithAnImpossiblePriceOrDeadlineIsRefused)
{
    QString error;
    EXPECT_FALSE(ScenarioFile::fromJson(
        scenarioWith({{QStringLiteral("plan"),
                       QJsonObject{{QStringLiteral("usd_per_gpu_hour"),
                                    QJsonObject{{QStringLiteral("h100_sxm5_80gb"), 1e308}}}}}}),
        &error));
    EXPECT_EQ(error,
              QStringLiteral("plan.usd_per_gpu_hour.h100_sxm5_80gb: needs a price from 0 to 10000 USD per "
                             "GPU-hour"));
    EXPECT_FALSE(ScenarioFile::fromJson(
        scenarioWith({{QStringLiteral("plan"), QJsonObject{{QStringLiteral("deadline_days"), 1e308}}}}),
        &error));
    EXPECT_EQ(error, QStringLiteral("plan.deadline_days: allowed a number of days from 0 to 36500"));
    EXPECT_TRUE(ScenarioFile::fromJson(
        scenarioWith({{QStringLiteral("plan"), QJsonObject{{QStringLiteral("deadline_days"), 30}}}}), &error))
        << error.toStdString();

    const ProcessResult target =
        run({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
             QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--task"),
             QStringLiteral("inference"), QStringLiteral("--concurrency"), QStringLiteral("8"),
             QStringLiteral("--ttft-p90-ms"), QStringLiteral("1e308")});
    EXPECT_EQ(target.exitCode, 2) << target.out.toStdString();
    EXPECT_TRUE(target.err.contains(QStringLiteral("ttft-p90-ms"))) << target.err.toStdString();
}

// A control character in a GPU id is named, not "needs a name".
TEST_F(UserInputLimits, AControlCharacterInAScenariosGpuIdIsNamed)
{
    QJsonObject extra{{QStringLiteral("gpus"), QJsonArray{QStringLiteral("h100\u0007sxm")}}};
    QString error;
    EXPECT_FALSE(ScenarioFile::fromJson(scenarioWith(extra), &error));
    EXPECT_TRUE(
        error.contains(QStringLiteral("gpus[0]: contains the control character U+0007 at character 5")))
        << error.toStdString();
    extra = {{QStringLiteral("gpus"), QJsonArray{QStringLiteral("h100\tsxm")}}};
    EXPECT_FALSE(ScenarioFile::fromJson(scenarioWith(extra), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("U+0009"))) << error.toStdString();
}

// 200,000 unknown GPUs wrote 7.3 MB to stderr; a 100,000-character option value was echoed whole.
TEST_F(UserInputLimits, AFloodOfProblemsIsCappedAndLongValuesAreCut)
{
    QJsonArray gpus;
    for (int i = 0; i < 200000; ++i)
        gpus.append(QStringLiteral("no-such-gpu-%1").arg(i));
    const QString scenario = write("many.gpuc", scenarioWith({{QStringLiteral("gpus"), gpus}}));
    const ProcessResult report = run({QStringLiteral("report"), scenario, QStringLiteral("--out"),
                                      m_dir.filePath(QStringLiteral("r.pdf"))});
    EXPECT_NE(report.exitCode, 0);
    EXPECT_LT(report.err.size(), 3000) << report.err.left(3000).toStdString();
    EXPECT_TRUE(report.err.contains(QStringLiteral("and 199980 more")))
        << report.err.left(3000).toStdString();

    const QString huge(100000, u'x');
    const QList<QStringList> commands{
        {QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
         QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--batch"), huge},
        {QStringLiteral("estimate"), QStringLiteral("--") + huge},
        {QStringLiteral("plan"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
         QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--deadline-days"), huge},
        {QStringLiteral("measurements"), QStringLiteral("import"), huge},
        {QStringLiteral("show"), huge},
        {QStringLiteral("compare"), huge},
        {QStringLiteral("--") + huge},
    };
    for (const QStringList &arguments : commands) {
        const ProcessResult result = run(arguments);
        EXPECT_EQ(result.exitCode, 2) << arguments.first().left(20).toStdString();
        EXPECT_LT(result.err.size(), 600) << result.err.left(600).toStdString();
        EXPECT_TRUE(result.err.contains(QStringLiteral("xxx\u2026"))) << result.err.left(600).toStdString();
    }
}

// An empty or unreadable PCI bus is "could not look", not "no GPU found".
TEST_F(UserInputLimits, ListHereSaysWhenItCouldNotLook)
{
    const QString root = m_dir.filePath(QStringLiteral("sysfs"));
    const QString devices = root + QStringLiteral("/bus/pci/devices");
    ASSERT_TRUE(QDir().mkpath(devices));
    const QList<QPair<QString, QString>> environment{{QStringLiteral("GPUCOMPARE_SYSFS_ROOT"), root}};
    const ProcessResult empty = run({QStringLiteral("list"), QStringLiteral("--here")}, environment);
    EXPECT_EQ(empty.exitCode, 1);
    EXPECT_TRUE(empty.out.isEmpty()) << empty.out.toStdString();
    EXPECT_TRUE(empty.err.contains(QStringLiteral("could not look: %1 lists no device at all").arg(devices)))
        << empty.err.toStdString();

    // A device whose class cannot be read (its attributes hidden).
    ASSERT_TRUE(QDir().mkpath(devices + QStringLiteral("/0000:00:00.0")));
    const ProcessResult hidden = run({QStringLiteral("list"), QStringLiteral("--here")}, environment);
    EXPECT_EQ(hidden.exitCode, 1);
    EXPECT_TRUE(hidden.err.contains(
        QStringLiteral("could not look: the class of the 1 device in %1 cannot be read").arg(devices)))
        << hidden.err.toStdString();
}
