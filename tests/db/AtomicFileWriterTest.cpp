// Exports replace files atomically: a failed or short write leaves the previous file as it was.

#include "TestCatalogueFiles.h"

#include <AtomicFileWriter.h>
#include <CatalogueExporter.h>
#include <QBuffer>
#include <QTemporaryDir>
#include <csignal>
#include <gtest/gtest.h>
#include <sys/resource.h>

using TestCatalogueFiles::readBytes;
using TestCatalogueFiles::writeBytes;

namespace {

// A device that accepts only part of each write, as a nearly full disk does (QTBUG-75077).
class ShortWriteDevice : public QBuffer
{
public:
    explicit ShortWriteDevice(qint64 capacity)
        : m_capacity(capacity)
    {}

protected:
    qint64 writeData(const char *data, qint64 length) override
    {
        const qint64 room = std::max<qint64>(0, m_capacity - size());
        return QBuffer::writeData(data, std::min(length, room));
    }

private:
    qint64 m_capacity;
};

// Limits the size of files this process may write (RLIMIT_FSIZE), like a disk with little room
// left, and restores the limit afterwards.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &m_previous);
        m_previousHandler = std::signal(SIGXFSZ, SIG_IGN); // a write past the limit fails with EFBIG
        rlimit limit = m_previous;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_previousHandler);
    }

private:
    rlimit m_previous{};
    void (*m_previousHandler)(int) = nullptr;
};

} // namespace

TEST(AtomicFileWriter, AShortWriteIsAFailure)
{
    ShortWriteDevice device(100);
    ASSERT_TRUE(device.open(QIODevice::WriteOnly));
    EXPECT_FALSE(AtomicFileWriter::writeAll(device, QByteArray(1000, 'x')));
    ShortWriteDevice roomy(1 << 20);
    ASSERT_TRUE(roomy.open(QIODevice::WriteOnly));
    EXPECT_TRUE(AtomicFileWriter::writeAll(roomy, QByteArray(200000, 'x')));
}

TEST(AtomicFileWriter, AFullDiskLeavesThePreviousFileByteForByte)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("export.json"));
    const QByteArray previous = "previous export, must survive\n";
    writeBytes(path, previous);
    const QByteArray big(300 * 1024, 'g');
    CatalogueError error;
    {
        FileSizeLimit limit(64 * 1024);
        error = AtomicFileWriter::write(path, big);
    }
    EXPECT_TRUE(error);
    EXPECT_TRUE(error.message.contains(QStringLiteral("previous file was kept")))
        << error.message.toStdString();
    EXPECT_EQ(readBytes(path), previous);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 1) << "no temporary file is left behind";
}

TEST(AtomicFileWriter, AMissingFolderIsAnErrorAndCreatesNothing)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing/export.csv"));
    EXPECT_TRUE(AtomicFileWriter::write(path, "data"));
    EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("missing"))));
}

TEST(AtomicFileWriter, ASuccessfulWriteReplacesTheFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("export.csv"));
    writeBytes(path, "old");
    ASSERT_FALSE(AtomicFileWriter::write(path, "new content"));
    EXPECT_EQ(readBytes(path), QByteArray("new content"));
}

TEST(AtomicFileWriter, ExportsGoThroughIt)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("export.txt"));
    EXPECT_EQ(CatalogueExporter::exportToFile({}, path).kind, CatalogueError::Kind::Invalid);
    EXPECT_FALSE(QFileInfo::exists(path));
}
