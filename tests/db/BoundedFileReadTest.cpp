// Every reader of a user's file reads at most its limit plus one byte, whatever the path is (issue 60: a
// symbolic link to /dev/zero given to `measurements import` grew to 9.6 GB in 20 s, because the limit was
// checked on the file's size, 0 for a device, a FIFO or a /proc file).
#include "db/BoundedFileRead.h"

#include "db/CatalogueImporter.h"
#include "db/MeasuredRunBounds.h"
#include "db/MeasurementFileReader.h"
#include "db/MessageText.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <atomic>
#include <csignal>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace {

constexpr BoundedFileRead::Limit kSmall{256 * 1024, QT_TRANSLATE_NOOP("BoundedFileRead", "a test file")};

// A FIFO fed by a thread with `total` bytes (then closed), counting what the reader took: a reader that
// stops at its limit closes its end, and the writer's next write fails (EPIPE) instead of going on.
class FeedingFifo
{
public:
    FeedingFifo(const QString &path, qint64 total)
        : m_path(path)
    {
        std::signal(SIGPIPE, SIG_IGN);
        EXPECT_EQ(mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        m_writer = std::thread([this, total] {
            const int fd = ::open(QFile::encodeName(m_path).constData(), O_WRONLY);
            if (fd < 0)
                return;
            const QByteArray chunk(64 * 1024, 'x');
            while (m_written < total) {
                const ssize_t n =
                    ::write(fd, chunk.constData(), size_t(std::min<qint64>(chunk.size(), total - m_written)));
                if (n <= 0)
                    break;
                m_written += n;
            }
            ::close(fd);
        });
    }
    ~FeedingFifo()
    {
        if (m_writer.joinable())
            m_writer.join();
    }
    // What the writer got into the FIFO, once it stopped.
    qint64 written()
    {
        if (m_writer.joinable())
            m_writer.join();
        return m_written;
    }

private:
    QString m_path;
    std::thread m_writer;
    std::atomic<qint64> m_written{0};
};

// What the reader may have taken past its limit: its last chunk (1 MiB) and the pipe's buffer (64 KiB).
constexpr qint64 kSlack = 1024 * 1024 + 1024 * 1024;

} // namespace

TEST(BoundedFileRead, DevZeroStopsOneBytePastTheLimitAndSaysWhichLimit)
{
    QTemporaryDir dir;
    const QString zero = dir.filePath(QStringLiteral("z.json"));
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), zero));
    QElapsedTimer timer;
    timer.start();
    const BoundedFileRead::Result read = BoundedFileRead::read(zero, kSmall);
    EXPECT_LT(timer.elapsed(), 5000);
    EXPECT_TRUE(read.tooLarge);
    EXPECT_TRUE(read.bytes.isEmpty());
    EXPECT_EQ(read.error,
              QStringLiteral("larger than 262144 bytes, the most a test file may have (read no further)"));
}

TEST(BoundedFileRead, AProcFileAndASmallFifoAreReadWhole)
{
    const BoundedFileRead::Result status = BoundedFileRead::read(QStringLiteral("/proc/self/status"), kSmall);
    ASSERT_TRUE(status.ok()) << status.error.toStdString();
    EXPECT_TRUE(status.bytes.startsWith("Name:")); // its size is 0, its text is not

    QTemporaryDir dir;
    FeedingFifo fifo(dir.filePath(QStringLiteral("small")), 1000);
    const BoundedFileRead::Result read = BoundedFileRead::read(dir.filePath(QStringLiteral("small")), kSmall);
    ASSERT_TRUE(read.ok()) << read.error.toStdString();
    EXPECT_EQ(read.bytes, QByteArray(1000, 'x'));
}

TEST(BoundedFileRead, AMissingFileSaysWhy)
{
    const BoundedFileRead::Result read = BoundedFileRead::read(QStringLiteral("/nonexistent/x.json"), kSmall);
    EXPECT_FALSE(read.ok());
    EXPECT_FALSE(read.tooLarge);
    EXPECT_TRUE(read.error.startsWith(QStringLiteral("cannot read it ("))) << read.error.toStdString();
}

// The measurement reader (the command line's and the window's drop) on a FIFO far larger than its limit:
// it takes the limit and a little more, never the whole stream.
TEST(BoundedFileRead, MeasurementReaderTakesAtMostItsLimitFromAFifo)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("endless.json"));
    const qint64 total = MeasurementFileReader::kMaxBytes + 32 * 1024 * 1024;
    FeedingFifo fifo(path, total);
    const MeasurementReadResult read = MeasurementFileReader::read(path);
    EXPECT_FALSE(read.ok());
    EXPECT_TRUE(
        read.error.contains(QStringLiteral("larger than 64 MiB, the most a measurement file may have")))
        << read.error.toStdString();
    EXPECT_LE(fifo.written(), MeasurementFileReader::kMaxBytes + 1 + kSlack);
}

TEST(BoundedFileRead, CatalogueImportOfDevZeroNamesItsLimit)
{
    QTemporaryDir dir;
    const QString zero = dir.filePath(QStringLiteral("z.csv"));
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), zero));
    ImportProblem problem;
    EXPECT_FALSE(CatalogueImporter::parseFile(zero, &problem));
    EXPECT_TRUE(problem.text().contains(QStringLiteral("the most a catalogue file may have")))
        << problem.text().toStdString();
}

// Plausibility (issue 60): a measured mean TTFT of 1e308 ms is refused by name, whatever the format.
TEST(MeasuredRunBounds, AnImpossibleLatencyIsRefusedByName)
{
    QFile file(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/measurements/vllm-bench-serve.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    const qsizetype at = bytes.indexOf("\"mean_ttft_ms\"");
    ASSERT_GE(at, 0);
    const qsizetype end = bytes.indexOf(',', at);
    bytes.replace(at, end - at, "\"mean_ttft_ms\": 1e308");
    const MeasurementReadResult read = MeasurementFileReader::read(bytes, QStringLiteral("vllm.json"));
    EXPECT_FALSE(read.ok());
    EXPECT_TRUE(read.runs.isEmpty());
    EXPECT_EQ(read.error,
              QStringLiteral("vllm.json: the TTFT mean is 1e+308 ms, above the 86400000 ms a real "
                             "run can have (not a measurement)"));
    // Within the bound, the same file reads.
    bytes.replace("\"mean_ttft_ms\": 1e308", "\"mean_ttft_ms\": 86400000");
    EXPECT_TRUE(MeasurementFileReader::read(bytes, QStringLiteral("vllm.json")).ok());
}

TEST(MeasuredRunBounds, EveryNumberOfARunHasABound)
{
    MeasuredRun run;
    run.requestRate = std::numeric_limits<double>::infinity(); // unlimited: allowed
    EXPECT_TRUE(MeasuredRunBounds::problem(run).isEmpty());
    run.training.mfu = 1.5;
    EXPECT_TRUE(MeasuredRunBounds::problem(run).startsWith(QStringLiteral("the MFU is 1.5")))
        << MeasuredRunBounds::problem(run).toStdString();
    EXPECT_EQ(MeasuredRunBounds::all().size(), 16 + 8 + 4 + 3);
}

// One helper keeps messages short (issue 60: 7.3 MB of stderr for a scenario naming 200,000 GPUs).
TEST(MessageText, LongValuesAreCutAndLongListsCapped)
{
    const QString cut = MessageText::cut(QString(100000, u'x'));
    EXPECT_EQ(cut.size(), 80);
    EXPECT_TRUE(cut.endsWith(QChar(0x2026)));
    EXPECT_EQ(MessageText::cut(QStringLiteral("short")), QStringLiteral("short"));
    QString pair = QString(78, u'a') + QString::fromUtf8("\U0001F600") + QStringLiteral("tail");
    EXPECT_EQ(MessageText::cut(pair), QString(78, u'a') + QChar(0x2026)); // never half a surrogate pair

    QStringList problems;
    for (int i = 0; i < 200000; ++i)
        problems << QStringLiteral("problem %1").arg(i);
    const QStringList capped = MessageText::capped(problems);
    ASSERT_EQ(capped.size(), 21);
    EXPECT_EQ(capped.at(19), QStringLiteral("problem 19"));
    EXPECT_EQ(capped.last(), QStringLiteral("and 199980 more problem(s)"));
    EXPECT_EQ(MessageText::capped(problems.mid(0, 20)).size(), 20);
}
