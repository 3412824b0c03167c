// A backup is a consistent copy of a catalogue in use, written atomically: the target is the old file or
// the whole copy, and the catalogue itself is never touched.

#include "db/GpuRepository.h"
#include "db/ModelRepository.h"
#include "tests/db/SmallDisk.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

using TestCatalogueFiles::readBytes;
using TestCatalogueFiles::writeBytes;

namespace {

std::unique_ptr<Catalogue> openFile(const QString &path)
{
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue = Catalogue::open(path, &error);
    EXPECT_TRUE(catalogue) << error.message.toStdString();
    return catalogue;
}

} // namespace

using CatalogueBackupOnSeed = SeededCatalogueTest;

TEST_F(CatalogueBackupOnSeed, TheCopyHoldsTheSavedEditsStillInTheWriteAheadLog)
{
    // The window has the catalogue open and a save sits in the -wal file, not yet in the main file:
    // a copy of the main file alone would miss it.
    std::optional<GpuSpec> h100 = catalogue->gpus().find(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_TRUE(h100);
    h100->notes = QStringLiteral("saved just now");
    ASSERT_FALSE(catalogue->gpus().update(*h100));
    ASSERT_GT(QFileInfo(dir.filePath(QStringLiteral("catalogue.db-wal"))).size(), 0);

    const QString target = dir.filePath(QStringLiteral("copy.db"));
    const CatalogueError error = catalogue->backUpTo(target);
    ASSERT_FALSE(error) << error.message.toStdString();

    auto copy = openFile(target);
    ASSERT_TRUE(copy);
    EXPECT_EQ(copy->integrityCheck(), QString());
    EXPECT_EQ(copy->gpus().count(), seedGpuCount());
    EXPECT_EQ(copy->gpus().find(QStringLiteral("h100_sxm5_80gb"))->notes, QStringLiteral("saved just now"));
    EXPECT_EQ(copy->models().list().size(), catalogue->models().list().size());
    // Nothing but the copy is left beside it.
    EXPECT_EQ(QDir(dir.path()).entryList({QStringLiteral("copy.db.partial*")}, QDir::Files).size(), 0);
}

TEST_F(CatalogueBackupOnSeed, AnExistingTargetIsReplacedWhole)
{
    const QString target = dir.filePath(QStringLiteral("yesterday.db"));
    writeBytes(target, "yesterday's backup");
    ASSERT_FALSE(catalogue->backUpTo(target));
    auto copy = openFile(target);
    ASSERT_TRUE(copy);
    EXPECT_EQ(copy->gpus().count(), seedGpuCount());
}

TEST_F(CatalogueBackupOnSeed, TheCatalogueItselfIsNeverTheTarget)
{
    const QString path = dir.filePath(QStringLiteral("catalogue.db"));
    for (const QString &target :
         QStringList{path, path + QStringLiteral("-wal"), dir.filePath(QStringLiteral("./catalogue.db"))}) {
        const CatalogueError error = catalogue->backUpTo(target);
        EXPECT_EQ(error.kind, CatalogueError::Kind::Invalid) << target.toStdString();
    }
    EXPECT_EQ(catalogue->integrityCheck(), QString());
    EXPECT_EQ(catalogue->gpus().count(), seedGpuCount());
}

TEST_F(CatalogueBackupOnSeed, AMissingFolderIsSaid)
{
    const CatalogueError error = catalogue->backUpTo(dir.filePath(QStringLiteral("no/such/copy.db")));
    EXPECT_EQ(error.kind, CatalogueError::Kind::FolderMissing) << error.message.toStdString();
}

TEST_F(CatalogueBackupOnSeed, OnAFullDiskTheOldBackupStaysAndTheDiskIsSaidToBeFull)
{
    SmallDisk disk(4 * 1024 * 1024); // the seeded catalogue is about 2.9 MB
    if (!disk.isMounted())
        GTEST_SKIP() << "mounting a small tmpfs needs root";
    const QString target = disk.filePath(QStringLiteral("backup.db"));
    writeBytes(target, "the previous backup");
    disk.fill();

    const CatalogueError error = catalogue->backUpTo(target);
    EXPECT_EQ(error.kind, CatalogueError::Kind::Io) << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("the disk is full"))) << error.message.toStdString();
    EXPECT_EQ(readBytes(target), QByteArray("the previous backup"));
    EXPECT_EQ(
        QDir(QFileInfo(target).absolutePath()).entryList({QStringLiteral("*.partial*")}, QDir::Files).size(),
        0);

    disk.makeRoom();
    ASSERT_FALSE(catalogue->backUpTo(target));
    auto copy = openFile(target);
    ASSERT_TRUE(copy);
    EXPECT_EQ(copy->gpus().count(), seedGpuCount());
}

// What a backup may replace (issue 40, item 4): a symbolic link is followed, the file it names replaced
// and the link kept; a FIFO and a write-protected file are refused and left as they were, even for root
// (who may rename over anything).
TEST_F(CatalogueBackupOnSeed, ALinkIsFollowedAPipeOrAWriteProtectedFileIsRefused)
{
    const QString real = dir.filePath(QStringLiteral("real.db"));
    writeBytes(real, "old backup");
    const QString link = dir.filePath(QStringLiteral("latest.db"));
    ASSERT_TRUE(QFile::link(real, link));
    ASSERT_FALSE(catalogue->backUpTo(link));
    EXPECT_TRUE(QFileInfo(link).isSymLink()) << "the link stays";
    auto copy = openFile(real);
    ASSERT_TRUE(copy);
    EXPECT_EQ(copy->gpus().count(), seedGpuCount());

    const QString fifo = dir.filePath(QStringLiteral("pipe.db"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
    CatalogueError error = catalogue->backUpTo(fifo);
    ASSERT_TRUE(error);
    EXPECT_TRUE(error.message.contains(QStringLiteral("not a regular file"))) << error.message.toStdString();
    struct stat status;
    ASSERT_EQ(::stat(QFile::encodeName(fifo).constData(), &status), 0);
    EXPECT_TRUE(S_ISFIFO(status.st_mode)) << "the pipe is still a pipe";

    const QString locked = dir.filePath(QStringLiteral("locked.db"));
    writeBytes(locked, "keep me");
    ASSERT_TRUE(QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::ReadGroup));
    error = catalogue->backUpTo(locked);
    ASSERT_TRUE(error);
    EXPECT_TRUE(error.message.contains(QStringLiteral("write-protected"))) << error.message.toStdString();
    EXPECT_EQ(readBytes(locked), QByteArray("keep me"));
    EXPECT_EQ(QDir(dir.path()).entryList({QStringLiteral("*.partial*")}, QDir::Files).size(), 0);
}

// A backup killed midway left its copy and journal beside the target (issue 40): the next backup removes
// those of a process that has ended, and leaves a running process's copy alone.
TEST_F(CatalogueBackupOnSeed, CopiesLeftByAKilledBackupAreRemovedByTheNext)
{
    const QString target = dir.filePath(QStringLiteral("nightly.db"));
    // A process that has ended: one we started and waited for.
    QProcess ended;
    ended.start(QStringLiteral("true"), QStringList());
    ASSERT_TRUE(ended.waitForFinished());
    const qint64 deadPid = ended.processId() > 0 ? ended.processId() : 4194304;
    const QString stale = target + QStringLiteral(".partial-%1").arg(deadPid);
    writeBytes(stale, "half a copy");
    writeBytes(stale + QStringLiteral("-journal"), "its journal");
    const QString running = target + QStringLiteral(".partial-%1").arg(::getppid());
    writeBytes(running, "another backup in progress");

    ASSERT_FALSE(catalogue->backUpTo(target));
    EXPECT_FALSE(QFileInfo::exists(stale));
    EXPECT_FALSE(QFileInfo::exists(stale + QStringLiteral("-journal")));
    EXPECT_TRUE(QFileInfo::exists(running));
    EXPECT_EQ(openFile(target)->gpus().count(), seedGpuCount());
}

// Issue 40: `backup TARGET` replaced a catalogue another window had open; that window's later saves went
// to the deleted file and its write-ahead log over the new one. A catalogue some connection has open is
// refused, byte for byte as it was; once it is closed the backup goes ahead.
TEST_F(CatalogueBackupOnSeed, ACatalogueOpenElsewhereIsNotReplaced)
{
    const QString target = dir.filePath(QStringLiteral("open.db"));
    ASSERT_FALSE(catalogue->backUpTo(target));
    std::unique_ptr<Catalogue> window = openFile(target);
    ASSERT_TRUE(window);
    EXPECT_EQ(window->gpus().count(), seedGpuCount());
    ASSERT_TRUE(QFileInfo::exists(target + QStringLiteral("-shm")))
        << QDir(dir.path()).entryList(QDir::Files).join(u' ').toStdString() << " read-only "
        << window->isReadOnly() << window->readOnlyReason().toStdString();
    const QByteArray before = readBytes(target);

    const CatalogueError refused = catalogue->backUpTo(target);
    EXPECT_EQ(refused.kind, CatalogueError::Kind::Io);
    EXPECT_TRUE(refused.message.contains(QStringLiteral("open in another window")))
        << refused.message.toStdString();
    EXPECT_EQ(readBytes(target), before);

    window.reset();
    EXPECT_FALSE(catalogue->backUpTo(target));
}

// Issue 40: every command read every GPU; `models` on a 100,000-GPU catalogue took 2.4 s and 246 MB. A
// snapshot of the presets and profiles alone reads neither the GPUs nor the benchmarks.
TEST_F(CatalogueBackupOnSeed, ASnapshotOfModelsAndProfilesReadsNoGpu)
{
    const std::optional<CatalogueSnapshot> all = catalogue->snapshot();
    const std::optional<CatalogueSnapshot> presets =
        catalogue->snapshot(nullptr, Catalogue::Parts::ModelsAndProfiles);
    ASSERT_TRUE(all && presets);
    EXPECT_EQ(presets->models.size(), all->models.size());
    EXPECT_EQ(presets->profiles.size(), all->profiles.size());
    EXPECT_GT(all->gpus.size(), 0);
    EXPECT_TRUE(presets->gpus.isEmpty());
    EXPECT_TRUE(presets->benchmarks.isEmpty());
}

// Issue 40: commands about named GPUs (show, estimate, compare) read those GPUs and their benchmarks, not
// every GPU; an id no GPU has is left out for the caller to look up among all.
TEST_F(CatalogueBackupOnSeed, ASnapshotOfNamedGpusReadsThoseAndTheirBenchmarks)
{
    const std::optional<CatalogueSnapshot> all = catalogue->snapshot();
    const std::optional<CatalogueSnapshot> named = catalogue->snapshot(
        nullptr, Catalogue::Parts::NamedGpus,
        {QStringLiteral("h100_sxm5_80gb"), QStringLiteral("a100_sxm4_80gb"), QStringLiteral("no_such_gpu")});
    ASSERT_TRUE(all && named);
    ASSERT_EQ(named->gpus.size(), 2);
    EXPECT_EQ(named->gpus.at(0).gpuId, QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(named->gpus.at(1).gpuId, QStringLiteral("a100_sxm4_80gb"));
    EXPECT_EQ(named->models.size(), all->models.size());
    EXPECT_EQ(named->profiles.size(), all->profiles.size());
    const auto ofThose =
        std::count_if(all->benchmarks.cbegin(), all->benchmarks.cend(), [](const Benchmark &b) {
            return b.gpuId == QLatin1String("h100_sxm5_80gb") || b.gpuId == QLatin1String("a100_sxm4_80gb");
        });
    EXPECT_GT(ofThose, 0);
    EXPECT_EQ(named->benchmarks.size(), ofThose);
}
