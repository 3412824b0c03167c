// Killing a writer with SIGKILL in the middle of a large save leaves a catalogue that passes
// PRAGMA integrity_check and holds the old state or the new one, never a mix. A second process
// saving a row we have read makes our save a conflict.

#include "db/GpuRepository.h"
#include "tests/db/SmallDisk.h"
#include "tests/support/SeededCatalogue.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>
#include <csignal>
#include <gtest/gtest.h>

namespace {

constexpr int kBulkRows = 20000;

struct State
{
    int gpuCount = 0;
    int rewritten = 0; // rows whose notes say "bulk rewrite"
};

State readState(const QString &path)
{
    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    EXPECT_TRUE(catalogue) << error.message.toStdString();
    if (!catalogue)
        return {};
    EXPECT_EQ(catalogue->integrityCheck(), QString());
    State state;
    QSqlQuery query(catalogue->connection());
    EXPECT_TRUE(query.exec(QStringLiteral("SELECT count(*), sum(notes = 'bulk rewrite') FROM gpus")) &&
                query.next());
    state.gpuCount = query.value(0).toInt();
    state.rewritten = query.value(1).toInt();
    return state;
}

} // namespace

TEST(CrashSafety, SigkillDuringALargeSaveLeavesTheOldOrTheNewStateNeverAMix)
{
    QTemporaryDir dir;
    {
        auto catalogue = SeededCatalogue::create(dir, QStringLiteral("catalogue.db"));
        ASSERT_TRUE(catalogue);
    }
    const QString path = dir.filePath(QStringLiteral("catalogue.db"));
    int sawOld = 0;
    int sawNew = 0;
    int killedMidWrite = 0; // the killed transaction had already written pages to the WAL
    // Kill points spread over the save: right away, then later and later. The oracle holds at any point.
    for (const int delayMs : {0, 50, 150, 300, 600, 1000, 1500, 2500, 4000, 8000}) {
        QProcess child;
        child.start(QStringLiteral(CATALOGUE_WRITER_CHILD),
                    {QStringLiteral("bulk"), path, QString::number(kBulkRows)});
        ASSERT_TRUE(child.waitForStarted());
        QElapsedTimer waited;
        waited.start();
        while (!child.readAllStandardOutput().contains("begin") && waited.elapsed() < 30000)
            child.waitForReadyRead(100);
        QThread::msleep(static_cast<unsigned long>(delayMs));
        ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
        child.waitForFinished();
        const qint64 walBytes = QFileInfo(path + QStringLiteral("-wal")).size();

        const State state = readState(path);
        const bool old = state.gpuCount == seedGpuCount() && state.rewritten == 0;
        const qsizetype all = seedGpuCount() + kBulkRows;
        const bool fresh = state.gpuCount == all && state.rewritten == all;
        EXPECT_TRUE(old || fresh) << "after a kill at " << delayMs << " ms: " << state.gpuCount << " GPUs, "
                                  << state.rewritten << " rewritten";
        sawOld += old ? 1 : 0;
        killedMidWrite += old && walBytes > 0 ? 1 : 0;
        sawNew += fresh ? 1 : 0;
        if (fresh)
            break; // the save completed before the kill; later kill points would test nothing new
    }
    EXPECT_GT(sawOld, 0) << "no kill landed before the commit; make the write larger";
    EXPECT_GT(killedMidWrite, 0) << "no kill landed while the transaction was writing; make the write larger";
}

using CrashSafetyOnSeed = SeededCatalogueTest;

TEST_F(CrashSafetyOnSeed, ASaveOfARowAnotherProcessChangedIsAConflict)
{
    const QString path = dir.filePath(QStringLiteral("catalogue.db"));
    GpuRepository repository = catalogue->gpus();
    GpuSpec mine = *repository.find(QStringLiteral("rtx_4090_24gb"));

    QProcess other;
    other.start(QStringLiteral(CATALOGUE_WRITER_CHILD),
                {QStringLiteral("update"), path, QStringLiteral("rtx_4090_24gb"),
                 QStringLiteral("saved by the other process")});
    ASSERT_TRUE(other.waitForFinished(30000));
    ASSERT_EQ(other.exitCode(), 0) << other.readAllStandardError().toStdString();

    mine.notes = QStringLiteral("saved by this process");
    const CatalogueError error = repository.update(mine);
    EXPECT_EQ(error.kind, CatalogueError::Kind::Conflict) << error.message.toStdString();
    EXPECT_EQ(repository.find(QStringLiteral("rtx_4090_24gb"))->notes,
              QStringLiteral("saved by the other process"));

    // After reloading, the save goes through.
    GpuSpec reloaded = *repository.find(QStringLiteral("rtx_4090_24gb"));
    reloaded.notes = QStringLiteral("saved by this process");
    EXPECT_FALSE(repository.update(reloaded));
}

TEST(CrashSafety, ASaveOnAFullDiskSaysSoAndTheCatalogueKeepsItsLastSavedState)
{
    SmallDisk disk(8 * 1024 * 1024); // room for the seeded catalogue (about 2.9 MB) and more
    if (!disk.isMounted())
        GTEST_SKIP() << "mounting a small tmpfs needs root";
    const QString path = disk.filePath(QStringLiteral("catalogue.db"));
    CatalogueError error;
    auto catalogue = Catalogue::open(
        path, Catalogue::Options{Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed}, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    disk.fill();

    // A save large enough to need new pages: every GPU's notes rewritten.
    QVector<GpuSpec> gpus = catalogue->gpus().list();
    for (GpuSpec &gpu : gpus)
        gpu.notes = QString(2000, u'n');
    error = catalogue->gpus().saveAll(gpus);
    ASSERT_TRUE(error) << "the disk has no room for the save";
    EXPECT_EQ(error.kind, CatalogueError::Kind::Io) << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("the disk is full"))) << error.message.toStdString();
    EXPECT_FALSE(error.message.contains(QStringLiteral("Unknown error"))) << error.message.toStdString();
    EXPECT_FALSE(error.message.contains(QStringLiteral("damaged"))) << error.message.toStdString();

    disk.makeRoom();
    catalogue.reset();
    const State state = readState(path);
    EXPECT_EQ(state.gpuCount, seedGpuCount());
    auto reopened = Catalogue::open(path, &error);
    ASSERT_TRUE(reopened) << error.message.toStdString();
    EXPECT_NE(reopened->gpus().find(QStringLiteral("h100_sxm5_80gb"))->notes, QString(2000, u'n'));
}
