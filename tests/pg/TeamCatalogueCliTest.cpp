// The commands on a team catalogue, as a user runs them: --db postgresql://USER@HOST:PORT/DB with the
// password in PGPASSWORD (libpq's convention), the same results as on a file.

#include "tests/cli/GpuCompareProcess.h"
#include "tests/support/PostgresServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

const QList<QPair<QString, QString>> kPassword{
    {QStringLiteral("PGPASSWORD"), QString::fromLatin1(PostgresServer::kAdminPassword)}};

QString measurementFile(const char *name)
{
    return QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/measurements/") + QString::fromLatin1(name);
}

} // namespace

TEST(TeamCatalogueCli, CommandsRoundTripThroughATeamCatalogue)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    ASSERT_FALSE(database.isEmpty());
    const QString url = server->url(database, QString::fromLatin1(PostgresServer::kAdmin), QString());
    const auto run = [&url](const QStringList &arguments, const QString &db = QString()) {
        return runGpuCompare(QStringList{QStringLiteral("--db"), db.isEmpty() ? url : db} + arguments, 60000,
                             kPassword);
    };
    QTemporaryDir dir;

    // The first command seeds the empty database.
    const ProcessResult listed = run({QStringLiteral("list"), QStringLiteral("--json")});
    ASSERT_EQ(listed.exitCode, 0) << listed.err.toStdString();
    EXPECT_TRUE(listed.err.contains(QStringLiteral("seeded the empty database"))) << listed.err.toStdString();
    const QJsonArray gpus =
        QJsonDocument::fromJson(listed.out.toUtf8()).object().value(QStringLiteral("gpus")).toArray();
    EXPECT_GT(gpus.size(), 10);

    // Measurements in, listed back.
    const ProcessResult imported =
        run({QStringLiteral("measurements"), QStringLiteral("import"), measurementFile("template.csv")});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();
    const ProcessResult measured =
        run({QStringLiteral("measurements"), QStringLiteral("list"), QStringLiteral("--json")});
    ASSERT_EQ(measured.exitCode, 0) << measured.err.toStdString();
    EXPECT_EQ(QJsonDocument::fromJson(measured.out.toUtf8())
                  .object()
                  .value(QStringLiteral("files"))
                  .toArray()
                  .size(),
              1);

    // Export, change, import back: the GPUs come back as exported.
    const QString exported = dir.filePath(QStringLiteral("team.json"));
    const ProcessResult exporting = run({QStringLiteral("export"), exported});
    ASSERT_EQ(exporting.exitCode, 0) << exporting.err.toStdString();
    const QString other = dir.filePath(QStringLiteral("other.db"));
    const ProcessResult intoFile = run({QStringLiteral("import"), exported}, other);
    ASSERT_EQ(intoFile.exitCode, 0) << intoFile.err.toStdString();
    const ProcessResult back =
        run({QStringLiteral("import"), exported, QStringLiteral("--on-conflict"), QStringLiteral("update")});
    ASSERT_EQ(back.exitCode, 0) << back.err.toStdString();

    // An estimate reads the same catalogue as the file's.
    const QStringList estimate{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                               QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                               QStringLiteral("llama-3.1-8b"),   QStringLiteral("--task"),
                               QStringLiteral("inference"),      QStringLiteral("--json")};
    const ProcessResult onServer = run(estimate);
    const ProcessResult onFile = run(estimate, other);
    ASSERT_EQ(onServer.exitCode, 0) << onServer.err.toStdString();
    ASSERT_EQ(onFile.exitCode, 0) << onFile.err.toStdString();
    EXPECT_EQ(onServer.out, onFile.out);

    // backup writes an SQLite copy that opens as a file, with the measurements.
    const QString backup = dir.filePath(QStringLiteral("backup.db"));
    const ProcessResult backedUp = run({QStringLiteral("backup"), backup});
    ASSERT_EQ(backedUp.exitCode, 0) << backedUp.err.toStdString();
    EXPECT_FALSE(backedUp.out.contains(QString::fromLatin1(PostgresServer::kAdminPassword)));
    const ProcessResult fromBackup =
        run({QStringLiteral("measurements"), QStringLiteral("list"), QStringLiteral("--json")}, backup);
    ASSERT_EQ(fromBackup.exitCode, 0) << fromBackup.err.toStdString();
    EXPECT_EQ(fromBackup.out, measured.out);
    const ProcessResult listedBackup = run({QStringLiteral("list"), QStringLiteral("--json")}, backup);
    EXPECT_EQ(listedBackup.out, run({QStringLiteral("list"), QStringLiteral("--json")}).out);

    // Without the password: one line that says what is wrong.
    const ProcessResult refused = runGpuCompare({QStringLiteral("--db"), url, QStringLiteral("list")}, 60000,
                                                {{QStringLiteral("PGPASSWORD"), QStringLiteral("nope")}});
    EXPECT_NE(refused.exitCode, 0);
    EXPECT_EQ(refused.err.count(u'\n'), 1) << refused.err.toStdString();
    EXPECT_TRUE(refused.err.contains(QStringLiteral("password authentication failed")))
        << refused.err.toStdString();
}
