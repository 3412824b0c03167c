// Every file the app writes, written to a nearly full disk (a 64 KiB tmpfs the test mounts; tests run
// as root): the command exits with the I/O code (1, not 2 for bad input), says the disk is full, and the
// previous file stays byte for byte.

#include "tests/cli/GpuCompareProcess.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cerrno>
#include <gtest/gtest.h>
#include <sys/mount.h>

namespace {

constexpr int kIoExitCode = 1; // ExitCode::Failure: the command could not do its work
constexpr int kBadInputExitCode = 2;

const QString kSeedArticle = QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/scenarios/seed-article.gpuc");

class FullDisk : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(QDir().mkpath(m_disk));
        if (::mount("tmpfs", m_disk.toLocal8Bit().constData(), "tmpfs", 0, "size=64k") != 0)
            GTEST_SKIP() << "cannot mount a tmpfs here (" << qt_error_string(errno).toStdString()
                         << "); AtomicFileWriter.AFullDiskSaysSoAndKeepsThePreviousFile and "
                            "ChartExporterTest.AFullDiskFailsTheExportAndKeepsThePreviousFile cover the same "
                            "writer with an injected disk and a file size limit";
        m_mounted = true;
    }
    void TearDown() override
    {
        if (m_mounted)
            ::umount2(m_disk.toLocal8Bit().constData(), MNT_DETACH);
    }

    // Fills the disk but for 4 KiB with the previous version of name; returns its path.
    QString previousFile(const QString &name)
    {
        const QString file = m_disk + u'/' + name;
        QFile old(file);
        EXPECT_TRUE(old.open(QIODevice::WriteOnly));
        old.write(m_previous);
        return file;
    }
    ProcessResult run(const QStringList &arguments)
    {
        return runGpuCompare(
            QStringList{QStringLiteral("--db"), m_dir.filePath(QStringLiteral("catalogue.db"))} + arguments,
            180000, {{QStringLiteral("XDG_RUNTIME_DIR"), m_dir.path()}});
    }
    void expectRefusedAndKept(const ProcessResult &result, const QString &file)
    {
        EXPECT_EQ(result.exitCode, kIoExitCode) << file.toStdString() << " cannot fit in 4 KiB";
        EXPECT_FALSE(result.crashed);
        EXPECT_TRUE(result.err.contains(QStringLiteral("the disk is full"))) << result.err.toStdString();
        EXPECT_TRUE(result.err.contains(QStringLiteral("the previous file was kept")))
            << result.err.toStdString();
        QFile kept(file);
        ASSERT_TRUE(kept.open(QIODevice::ReadOnly));
        EXPECT_TRUE(kept.readAll() == m_previous) << file.toStdString() << " was changed";
        kept.close();
        QFile::remove(file);
        EXPECT_EQ(QDir(m_disk).entryList(QDir::Files | QDir::Hidden).size(), 0) << "no temporary file left";
    }

    QTemporaryDir m_dir;
    QString m_disk = m_dir.filePath(QStringLiteral("disk"));
    QByteArray m_previous = QByteArray(60 * 1024, 'p');
    bool m_mounted = false;
};

} // namespace

TEST_F(FullDisk, ChartExportsFailAndKeepThePreviousFile)
{
    for (const QString &name :
         {QStringLiteral("chart.png"), QStringLiteral("chart.pdf"), QStringLiteral("chart.svg")}) {
        const QString file = previousFile(name);
        const ProcessResult result =
            run({QStringLiteral("export-chart"), QStringLiteral("--chart"), QStringLiteral("compute"),
                 QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb,a100_sxm4_80gb"),
                 QStringLiteral("--out"), file});
        expectRefusedAndKept(result, file);
    }
}

TEST_F(FullDisk, AReportFailsAndKeepsThePreviousFile)
{
    const QString file = previousFile(QStringLiteral("report.pdf"));
    expectRefusedAndKept(run({QStringLiteral("report"), kSeedArticle, QStringLiteral("--out"), file}), file);
}

TEST_F(FullDisk, ACatalogueExportFailsAndKeepsThePreviousFile)
{
    const QString file = previousFile(QStringLiteral("catalogue.csv"));
    expectRefusedAndKept(run({QStringLiteral("export"), file}), file);
}

TEST_F(FullDisk, AScreenshotFailsWithTheIoExitCode)
{
    const QString file = previousFile(QStringLiteral("window.png"));
    expectRefusedAndKept(run({QStringLiteral("--screenshot"), file}), file);
}

TEST_F(FullDisk, ABackupFailsWithTheIoExitCode)
{
    ASSERT_EQ(run({QStringLiteral("list")}).exitCode, 0); // makes the catalogue to back up
    const QString file = previousFile(QStringLiteral("copy.db"));
    const ProcessResult result = run({QStringLiteral("backup"), file});
    EXPECT_EQ(result.exitCode, kIoExitCode) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("the disk is full"))) << result.err.toStdString();
    QFile kept(file);
    ASSERT_TRUE(kept.open(QIODevice::ReadOnly));
    EXPECT_TRUE(kept.readAll() == m_previous) << "the previous copy was changed";
}

// A path that cannot be written at all is bad input, found before any work: 2, as the man page says.
TEST(OutputPath, AMissingFolderIsBadInputForEveryWriter)
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("catalogue.db"));
    const auto missing = [&](const QString &name) {
        return dir.filePath(QStringLiteral("no-such-folder/") + name);
    };
    const QList<QStringList> commands{
        {QStringLiteral("export"), missing(QStringLiteral("gpus.csv"))},
        {QStringLiteral("export-chart"), QStringLiteral("--chart"), QStringLiteral("compute"),
         QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--out"),
         missing(QStringLiteral("chart.png"))},
        {QStringLiteral("report"), kSeedArticle, QStringLiteral("--out"),
         missing(QStringLiteral("report.pdf"))},
        {QStringLiteral("backup"), missing(QStringLiteral("copy.db"))},
        {QStringLiteral("backup"), dir.path()},
    };
    ASSERT_EQ(runGpuCompare({QStringLiteral("--db"), db, QStringLiteral("list")}).exitCode, 0);
    for (const QStringList &command : commands) {
        const ProcessResult result = runGpuCompare(QStringList{QStringLiteral("--db"), db} + command, 180000,
                                                   {{QStringLiteral("XDG_RUNTIME_DIR"), dir.path()}});
        EXPECT_EQ(result.exitCode, kBadInputExitCode)
            << command.join(u' ').toStdString() << ": " << result.err.toStdString();
        EXPECT_FALSE(result.err.isEmpty());
    }
}
