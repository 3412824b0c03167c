// Exports replace files atomically: a failed or short write leaves the previous file as it was.

#include "db/AtomicFileWriter.h"

#include "db/CatalogueExporter.h"
#include "tests/db/FileSizeLimit.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTranslator>
#include <cerrno>
#include <csignal>
#include <gtest/gtest.h>
#include <sys/mount.h>
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

// A save file on a disk with room for capacity bytes: it writes what fits, then fails as write(2)
// does on a full disk (ENOSPC), with the system's text.
class FullDiskSaveFile : public QSaveFile
{
public:
    FullDiskSaveFile(const QString &path, qint64 capacity)
        : QSaveFile(path)
        , m_room(capacity)
    {}

protected:
    qint64 writeData(const char *data, qint64 length) override
    {
        const qint64 fits = std::min(length, m_room);
        if (fits <= 0) {
            setErrorString(qt_error_string(ENOSPC));
            return -1;
        }
        m_room -= fits;
        return QSaveFile::writeData(data, fits); // short: the caller must notice
    }

private:
    qint64 m_room;
};

// A small tmpfs mounted on a folder for the test (tests run as root); unmounted afterwards.
class SmallDisk
{
public:
    SmallDisk(const QString &folder, int kilobytes)
        : m_folder(folder)
    {
        const QByteArray options = "size=" + QByteArray::number(kilobytes) + 'k';
        m_mounted = ::mount("tmpfs", folder.toLocal8Bit().constData(), "tmpfs", 0, options.constData()) == 0;
        m_error = errno;
    }
    ~SmallDisk()
    {
        if (m_mounted)
            ::umount2(m_folder.toLocal8Bit().constData(), MNT_DETACH);
    }
    bool mounted() const { return m_mounted; }
    QString why() const { return qt_error_string(m_error); }

private:
    QString m_folder;
    bool m_mounted = false;
    int m_error = 0;
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

TEST(AtomicFileWriter, AFullDiskSaysSoAndKeepsThePreviousFile)
{
    // Injected, so it runs everywhere: the disk has room for half of the new file.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chart.pdf"));
    const QByteArray previous = "%PDF-1.4 the previous chart\n";
    writeBytes(path, previous);
    FullDiskSaveFile file(path, 100 * 1024);
    const CatalogueError error = AtomicFileWriter::write(file, QByteArray(200 * 1024, 'p'));
    ASSERT_TRUE(error);
    EXPECT_EQ(error.kind, CatalogueError::Kind::Io);
    EXPECT_TRUE(error.message.contains(QStringLiteral("the disk is full"))) << error.message.toStdString();
    EXPECT_FALSE(error.message.contains(QStringLiteral("Unknown error"))) << error.message.toStdString();
    EXPECT_EQ(readBytes(path), previous);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 1) << "no temporary file is left behind";
}

TEST(AtomicFileWriter, ARealFullDiskSaysSoAndKeepsThePreviousFile)
{
    QTemporaryDir dir;
    SmallDisk disk(dir.path(), 64);
    if (!disk.mounted())
        GTEST_SKIP()
            << "cannot mount a 64 KiB tmpfs here (" << disk.why().toStdString()
            << "); AFullDiskSaysSoAndKeepsThePreviousFile covers the same path with an injected disk";
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    const QByteArray previous(20 * 1024, 'r');
    writeBytes(path, previous);
    const CatalogueError error = AtomicFileWriter::write(path, QByteArray(60 * 1024, 'n'));
    ASSERT_TRUE(error) << "60 KiB more cannot fit next to 20 KiB on a 64 KiB disk";
    EXPECT_TRUE(error.message.contains(QStringLiteral("the disk is full"))) << error.message.toStdString();
    EXPECT_EQ(readBytes(path), previous);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 1) << "no temporary file is left behind";
}

namespace {

// The Chinese Qt translation's text for QIODevice's default error, without a .qm file.
class UnknownErrorInChinese : public QTranslator
{
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        if (QLatin1String(context) == QLatin1String("QIODevice") &&
            QLatin1String(source) == QLatin1String("Unknown error"))
            return QString::fromUtf8("\xE6\x9C\xAA\xE7\x9F\xA5\xE9\x94\x99\xE8\xAF\xAF"); // 未知错误
        return {};
    }
    bool isEmpty() const override { return false; }
};

// A save file whose writes fail without saying why, as QFileDevice does when the data did not all go out.
class SilentFailureSaveFile : public QSaveFile
{
public:
    using QSaveFile::QSaveFile;

protected:
    qint64 writeData(const char *, qint64) override { return -1; }
};

} // namespace

TEST(AtomicFileWriter, AWriteFailingWithoutAReasonAsksAboutTheDiskInAnyLanguage)
{
    UnknownErrorInChinese chinese;
    ASSERT_TRUE(QCoreApplication::installTranslator(&chinese));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scenario.gpuc"));
    SilentFailureSaveFile file(path);
    const CatalogueError error = AtomicFileWriter::write(file, QByteArray(1024, 's'));
    QCoreApplication::removeTranslator(&chinese);
    ASSERT_TRUE(error);
    EXPECT_TRUE(error.message.contains(QStringLiteral("is the disk full?"))) << error.message.toStdString();
}
