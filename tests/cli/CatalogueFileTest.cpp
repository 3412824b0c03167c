// The catalogue file's life on the command line: a mistyped --db, an older catalogue upgraded, a full
// disk, a file that was read-only for a while.

#include "tests/cli/GpuCompareProcess.h"
#include "tests/db/SmallDisk.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using TestCatalogueFiles::buildFromSql;

// Runs gpucompare as the unprivileged user "nobody": root ignores file permissions, a user does not.
// The binary copied where the user nobody may run it: the build tree may sit in a folder only root
// can enter (a CI clone in a mktemp -d folder is 0700). The program is self-contained (seed compiled in).
QString binaryForNobody()
{
    static QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/gpucompare-nobody-XXXXXX"));
    static const QString copy = [] {
        const QString path = folder.filePath(QStringLiteral("gpucompare"));
        if (!QFile::copy(QStringLiteral(GPUCOMPARE_BINARY), path) ||
            ::chmod(QFile::encodeName(folder.path()).constData(), 0755) != 0 ||
            ::chmod(QFile::encodeName(path).constData(), 0755) != 0)
            return QString();
        return path;
    }();
    return copy;
}

ProcessResult runAsNobody(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("HOME"), QDir::tempPath());
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), QDir::tempPath());
    process.setProcessEnvironment(environment);
    process.setChildProcessModifier([] {
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
            ::_exit(97);
    });
    process.setWorkingDirectory(QDir::tempPath());
    process.start(binaryForNobody(), arguments);
    ProcessResult result;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        result.crashed = true;
    }
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

// One integer read from the file at path with its own connection.
int valueIn(const QString &path, const QString &sql)
{
    int value = -1;
    const QString name = QStringLiteral("cli-value-reader");
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        database.setDatabaseName(path);
        if (database.open()) {
            QSqlQuery query(database);
            if (query.exec(sql) && query.next())
                value = query.value(0).toInt();
        }
        database.close();
    }
    QSqlDatabase::removeDatabase(name);
    return value;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

TEST(CatalogueFile, AMistypedDbSaysThatANewCatalogueWasCreated)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalgoue.db"));
    ProcessResult result = runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("list")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(
        QStringLiteral("gpucompare: created a new catalogue at %1 (no file was there)").arg(path)))
        << result.err.toStdString();
    // The list itself is still all on stdout, for scripts.
    EXPECT_FALSE(result.out.contains(QStringLiteral("created a new catalogue")));

    result = runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("list")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_FALSE(result.err.contains(QStringLiteral("created"))) << "the file is there now";
}

TEST(CatalogueFile, AnOlderCatalogueIsUpgradedWithABackupNamedAndHasThePresets)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v2.sql"));

    const ProcessResult result =
        runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("models"), QStringLiteral("--json")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QString backup = path + QStringLiteral(".v2-backup");
    EXPECT_TRUE(result.err.contains(QStringLiteral("upgraded %1 from schema version 2 to").arg(path)))
        << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(backup)) << result.err.toStdString();
    EXPECT_EQ(valueIn(backup, QStringLiteral("PRAGMA user_version")), 2) << "the copy is the file as it was";
    EXPECT_EQ(valueIn(backup, QStringLiteral("SELECT count(*) FROM gpus")), 5);
    const QJsonDocument models = QJsonDocument::fromJson(result.out.toUtf8());
    const QJsonArray presets =
        models.isArray() ? models.array() : models.object().value(QStringLiteral("models")).toArray();
    EXPECT_GE(presets.size(), 30) << result.out.left(400).toStdString();

    // What the audit ran: an estimate on the upgraded catalogue.
    const ProcessResult estimate =
        runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("estimate"), QStringLiteral("--gpu"),
                       QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                       QStringLiteral("llama-3-8b"), QStringLiteral("--task"), QStringLiteral("inference")});
    EXPECT_EQ(estimate.exitCode, 0) << estimate.err.toStdString();
    EXPECT_FALSE(estimate.err.contains(QStringLiteral("unknown model"))) << estimate.err.toStdString();
}

TEST(CatalogueFile, OnAFullDiskTheDiskIsSaidToBeFullAndNothingIsOfferedToStartOver)
{
    SmallDisk disk(8 * 1024 * 1024); // room for the seeded catalogue (about 2.9 MB) and more
    if (!disk.isMounted())
        GTEST_SKIP() << "mounting a small tmpfs needs root";
    const QString path = disk.filePath(QStringLiteral("catalogue.db"));
    ASSERT_EQ(runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("list")}).exitCode, 0);
    const QByteArray before = readFile(path);
    disk.fill();

    const ProcessResult result = runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("list")});
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(result.err.contains(QStringLiteral("the disk is full"))) << result.err.toStdString();
    EXPECT_FALSE(result.err.contains(QStringLiteral("damaged"))) << result.err.toStdString();
    EXPECT_FALSE(result.err.contains(QStringLiteral("starts over"))) << result.err.toStdString();
    EXPECT_FALSE(result.err.contains(QStringLiteral("Unknown error"))) << result.err.toStdString();
    EXPECT_EQ(readFile(path), before);
}

TEST(CatalogueFile, AReadOnlySpellLeavesNothingBehindThatBlocksALaterSave)
{
    if (::geteuid() != 0)
        GTEST_SKIP() << "switching to the user nobody needs root";
    QTemporaryDir dir;
    ASSERT_EQ(::chmod(QFile::encodeName(dir.path()).constData(), 0777), 0);
    const QString path = dir.filePath(QStringLiteral("catalogue.db"));
    ProcessResult result = runAsNobody({QStringLiteral("--db"), path, QStringLiteral("list")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();

    // The user makes the catalogue read-only for a while and reads it: SQLite makes its companions
    // with the file's permissions, read-only too.
    ASSERT_EQ(::chmod(QFile::encodeName(path).constData(), 0444), 0);
    result = runAsNobody({QStringLiteral("--db"), path, QStringLiteral("list")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("not writable"))) << result.err.toStdString();
    const QFileInfo shm(path + QStringLiteral("-shm"));
    ASSERT_TRUE(shm.exists()) << "the situation the user was in: a -shm file left by the read-only open";
    EXPECT_FALSE(shm.permissions().testFlag(QFileDevice::WriteOwner));

    // Writable again: a save (an import of one new GPU) works.
    ASSERT_EQ(::chmod(QFile::encodeName(path).constData(), 0644), 0);
    const QString csv = dir.filePath(QStringLiteral("one.csv"));
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("gpu_id,vendor,product,memory_gb\r\nnew_one,Acme,Card,24\r\n");
    file.close();
    ASSERT_EQ(::chmod(QFile::encodeName(csv).constData(), 0644), 0);
    result = runAsNobody({QStringLiteral("--db"), path, QStringLiteral("import"), csv});
    EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
    result = runAsNobody({QStringLiteral("--db"), path, QStringLiteral("show"), QStringLiteral("new_one")});
    EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
}
