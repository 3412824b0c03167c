// A team catalogue on a real PostgreSQL server (tests/support/PostgresServer: one server for this
// executable, a new database per test): opening and seeding, the schema, two clients editing, a conflict,
// a read-only login, a wrong password or host, the server dropping a save, the SQLite backup, NOTIFY.

#include "db/Catalogue.h"
#include "db/CatalogueSchema.h"
#include "db/GpuRepository.h"
#include "db/MeasurementRepository.h"
#include "db/SqliteFailure.h"
#include "db/WriteTransaction.h"
#include "tests/support/PostgresServer.h"
#include "tests/support/SeededCatalogue.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QThread>
#include <arpa/inet.h>
#include <atomic>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using Kind = CatalogueError::Kind;

namespace {

std::unique_ptr<Catalogue> openTeam(const QString &url, CatalogueError *error = nullptr,
                                    Catalogue::Access access = Catalogue::Access::ReadWrite)
{
    CatalogueError problem;
    std::unique_ptr<Catalogue> catalogue =
        Catalogue::open(url, Catalogue::Options{access, Catalogue::IfMissing::CreateFromSeed}, &problem);
    if (error)
        *error = problem;
    return catalogue;
}

const QString kH100 = QStringLiteral("h100_sxm5_80gb");

// Columns of each table as the engine reports them, sorted: the same schema on both engines.
QMap<QString, QStringList> columnsOf(QSqlDatabase database, const QStringList &tables)
{
    QMap<QString, QStringList> columns;
    for (const QString &table : tables) {
        QStringList names;
        const QSqlRecord record = database.record(table);
        for (int i = 0; i < record.count(); ++i)
            names << record.fieldName(i);
        names.sort();
        columns.insert(table, names);
    }
    return columns;
}

// A second session of the test's superuser that holds locks for as long as it lives (a teammate's save
// in progress, an administrator's maintenance).
class LockHolder
{
public:
    LockHolder(PostgresServer &server, const QString &database)
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), kName);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(server.port());
        db.setDatabaseName(database);
        db.setUserName(QString::fromLatin1(PostgresServer::kAdmin));
        db.setPassword(QString::fromLatin1(PostgresServer::kAdminPassword));
        m_open = db.open() && QSqlQuery(db).exec(QStringLiteral("BEGIN"));
    }
    ~LockHolder()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(kName, false);
            QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
            db.close();
        }
        QSqlDatabase::removeDatabase(kName);
    }
    LockHolder(const LockHolder &) = delete;
    LockHolder &operator=(const LockHolder &) = delete;
    bool hold(const QString &sql)
    {
        return m_open && QSqlQuery(QSqlDatabase::database(kName, false)).exec(sql);
    }

private:
    static inline const QString kName = QStringLiteral("lock-holder");
    bool m_open = false;
};

// A TCP port on 127.0.0.1 that takes connections (the kernel completes them) and never says a word: a
// server that hangs, or a firewall that swallows the answer.
class SilentPort
{
public:
    SilentPort()
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof(address);
        if (m_fd >= 0 && ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0 &&
            ::listen(m_fd, 8) == 0 &&
            ::getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
            m_port = ntohs(address.sin_port);
    }
    ~SilentPort()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    SilentPort(const SilentPort &) = delete;
    SilentPort &operator=(const SilentPort &) = delete;
    int port() const { return m_port; }

private:
    int m_fd = -1;
    int m_port = 0;
};

} // namespace

TEST(TeamCatalogue, AnEmptyDatabaseIsSeededOnceWithTheFilesSchema)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    ASSERT_FALSE(database.isEmpty());
    CatalogueError error;
    std::unique_ptr<Catalogue> team = openTeam(server->url(database), &error);
    ASSERT_TRUE(team) << error.message.toStdString();
    EXPECT_TRUE(team->isTeamCatalogue());
    EXPECT_TRUE(team->wasCreated());
    EXPECT_FALSE(team->isReadOnly()) << team->readOnlyReason().toStdString();
    EXPECT_EQ(team->schemaVersion(), CatalogueSchema::kCurrentVersion);
    // The title and messages never show the password.
    EXPECT_FALSE(team->path().contains(QString::fromLatin1(PostgresServer::kAdminPassword)));
    EXPECT_TRUE(team->path().startsWith(QStringLiteral("postgresql://"))) << team->path().toStdString();
    EXPECT_EQ(team->gpus().count(), seedGpuCount());

    // Same rows as a file made from the seed; same tables and columns.
    SeededCatalogue file;
    ASSERT_TRUE(file.catalogue);
    const std::optional<CatalogueSnapshot> fromServer = team->snapshot(&error);
    ASSERT_TRUE(fromServer) << error.message.toStdString();
    const std::optional<CatalogueSnapshot> fromFile = file.catalogue->snapshot();
    ASSERT_TRUE(fromFile);
    EXPECT_EQ(fromServer->gpus.size(), fromFile->gpus.size());
    EXPECT_EQ(fromServer->benchmarks.size(), fromFile->benchmarks.size());
    EXPECT_EQ(fromServer->models.size(), fromFile->models.size());
    EXPECT_EQ(fromServer->profiles.size(), fromFile->profiles.size());
    EXPECT_EQ(fromServer->measuredRuns.size(), fromFile->measuredRuns.size());
    for (qsizetype i = 0; i < std::min(fromServer->gpus.size(), fromFile->gpus.size()); ++i) {
        EXPECT_EQ(fromServer->gpus[i].gpuId, fromFile->gpus[i].gpuId);
        EXPECT_TRUE(GpuFields::sameSpecs(fromServer->gpus[i], fromFile->gpus[i]))
            << fromServer->gpus[i].gpuId.toStdString();
    }
    const QStringList tables{QStringLiteral("gpus"),         QStringLiteral("benchmarks"),
                             QStringLiteral("models"),       QStringLiteral("profiles"),
                             QStringLiteral("seed_answers"), QStringLiteral("measurement_files"),
                             QStringLiteral("measured_runs")};
    EXPECT_EQ(columnsOf(team->connection(), tables), columnsOf(file.catalogue->connection(), tables));

    // A second client finds it made: not seeded again.
    std::unique_ptr<Catalogue> again = openTeam(server->url(database), &error);
    ASSERT_TRUE(again) << error.message.toStdString();
    EXPECT_FALSE(again->wasCreated());
    EXPECT_EQ(again->gpus().count(), seedGpuCount());
}

TEST(TeamCatalogue, ANewerSchemaOpensReadOnlyAndAForeignDatabaseIsRefused)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    ASSERT_TRUE(openTeam(server->url(database)));
    ASSERT_EQ(server->exec(database, QStringLiteral("UPDATE gpucompare_catalogue SET schema_version = %1")
                                         .arg(CatalogueSchema::kCurrentVersion + 1)),
              QString());
    CatalogueError error;
    std::unique_ptr<Catalogue> newer = openTeam(server->url(database), &error);
    ASSERT_TRUE(newer) << error.message.toStdString();
    EXPECT_TRUE(newer->isReadOnly());
    EXPECT_TRUE(newer->readOnlyReason().contains(QStringLiteral("newer")))
        << newer->readOnlyReason().toStdString();
    GpuSpec gpu = *newer->gpus().find(kH100);
    gpu.priceUsd = 1;
    EXPECT_EQ(newer->gpus().update(gpu).kind, Kind::ReadOnly);

    const QString foreign = server->createDatabase();
    ASSERT_EQ(server->exec(foreign, QStringLiteral("CREATE TABLE invoices (id integer)")), QString());
    EXPECT_FALSE(openTeam(server->url(foreign), &error));
    EXPECT_EQ(error.kind, Kind::Foreign);
    EXPECT_EQ(server->queryValue(foreign,
                                 QStringLiteral("SELECT count(*) FROM pg_tables WHERE tablename = 'gpus'")),
              QStringLiteral("0"));
}

TEST(TeamCatalogue, TwoClientsEditDifferentRowsAndSeeEachOther)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    std::unique_ptr<Catalogue> alice = openTeam(server->url(database));
    std::unique_ptr<Catalogue> bob = openTeam(server->url(database));
    ASSERT_TRUE(alice && bob);

    GpuSpec h100 = *alice->gpus().find(kH100);
    GpuSpec a100 = *bob->gpus().find(QStringLiteral("a100_sxm4_80gb"));
    h100.usdPerGpuHour = 1.85;
    a100.usdPerGpuHour = 0.95;
    ASSERT_FALSE(alice->gpus().update(h100));
    ASSERT_FALSE(bob->gpus().update(a100));
    EXPECT_EQ(bob->gpus().find(kH100)->usdPerGpuHour, 1.85);
    EXPECT_EQ(alice->gpus().find(QStringLiteral("a100_sxm4_80gb"))->usdPerGpuHour, 0.95);

    // An inserted row gets an id from the server, and the other client reads it.
    GpuSpec own;
    own.gpuId = QStringLiteral("team_card_48gb");
    own.vendor = QStringLiteral("Acme");
    own.product = QStringLiteral("Team card");
    own.memoryGb = 48;
    ASSERT_FALSE(alice->gpus().insert(own));
    EXPECT_GT(own.rowId, 0);
    EXPECT_EQ(bob->gpus().find(own.gpuId)->rowId, own.rowId);
    // The same gpu_id twice is a Duplicate, as in a file.
    GpuSpec twice = own;
    twice.rowId = 0;
    EXPECT_EQ(bob->gpus().insert(twice).kind, Kind::Duplicate);
}

TEST(TeamCatalogue, ARowATeammateSavedSinceItWasReadIsAConflict)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    std::unique_ptr<Catalogue> alice = openTeam(server->url(database));
    std::unique_ptr<Catalogue> bob = openTeam(server->url(database));
    ASSERT_TRUE(alice && bob);
    GpuSpec alicesCopy = *alice->gpus().find(kH100);
    GpuSpec bobsCopy = *bob->gpus().find(kH100);

    alicesCopy.usdPerGpuHour = 2.10;
    ASSERT_FALSE(alice->gpus().update(alicesCopy));
    bobsCopy.usdPerGpuHour = 3.00;
    QVector<GpuSpec> bobsSave{bobsCopy};
    const CatalogueError conflict = bob->gpus().saveAll(bobsSave);
    EXPECT_EQ(conflict.kind, Kind::Conflict) << conflict.message.toStdString();
    EXPECT_EQ(bob->gpus().find(kH100)->usdPerGpuHour, 2.10); // Alice's save stands
    const CatalogueError deleted = bob->gpus().remove(bobsCopy);
    EXPECT_EQ(deleted.kind, Kind::Conflict);

    // Read again, Bob's change goes in.
    GpuSpec reread = *bob->gpus().find(kH100);
    reread.usdPerGpuHour = 3.00;
    ASSERT_FALSE(bob->gpus().update(reread));
    EXPECT_EQ(alice->gpus().find(kH100)->usdPerGpuHour, 3.00);
}

TEST(TeamCatalogue, ALoginWithoutWriteGrantsOpensReadOnlyAndSaysSo)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    ASSERT_TRUE(openTeam(server->url(database)));
    server->exec(QStringLiteral("postgres"), QStringLiteral("DROP ROLE IF EXISTS reader"));
    ASSERT_EQ(server->exec(QStringLiteral("postgres"),
                           QStringLiteral("CREATE ROLE reader LOGIN PASSWORD 'reader-secret'")),
              QString());
    ASSERT_EQ(server->exec(database, QStringLiteral("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")),
              QString());
    CatalogueError error;
    std::unique_ptr<Catalogue> reader =
        openTeam(server->url(database, QStringLiteral("reader"), QStringLiteral("reader-secret")), &error);
    ASSERT_TRUE(reader) << error.message.toStdString();
    EXPECT_TRUE(reader->isReadOnly());
    EXPECT_TRUE(reader->readOnlyReason().contains(QStringLiteral("reader")))
        << reader->readOnlyReason().toStdString();
    EXPECT_TRUE(reader->readOnlyReason().contains(QStringLiteral("write grant")))
        << reader->readOnlyReason().toStdString();
    EXPECT_EQ(reader->gpus().count(), seedGpuCount());
    GpuSpec gpu = *reader->gpus().find(kH100);
    gpu.usdPerGpuHour = 9;
    EXPECT_EQ(reader->gpus().update(gpu).kind, Kind::ReadOnly);

    // A login with the grants the README names writes, new rows included; without USAGE on the id sequences
    // (Qt reads a new row's id with lastval()) it opens read-only, not failing at its first new row.
    server->exec(QStringLiteral("postgres"), QStringLiteral("DROP ROLE IF EXISTS writer"));
    ASSERT_EQ(server->exec(QStringLiteral("postgres"),
                           QStringLiteral("CREATE ROLE writer LOGIN PASSWORD 'writer-secret'")),
              QString());
    ASSERT_EQ(server->exec(database, QStringLiteral("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN "
                                                    "SCHEMA public TO writer")),
              QString());
    const QString writerUrl =
        server->url(database, QStringLiteral("writer"), QStringLiteral("writer-secret"));
    std::unique_ptr<Catalogue> writer = openTeam(writerUrl, &error);
    ASSERT_TRUE(writer) << error.message.toStdString();
    EXPECT_TRUE(writer->isReadOnly());
    ASSERT_EQ(
        server->exec(database, QStringLiteral("GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO writer")),
        QString());
    writer = openTeam(writerUrl, &error);
    ASSERT_TRUE(writer) << error.message.toStdString();
    EXPECT_FALSE(writer->isReadOnly()) << writer->readOnlyReason().toStdString();
    GpuSpec added;
    added.gpuId = QStringLiteral("writers_card");
    added.vendor = QStringLiteral("Acme");
    added.product = QStringLiteral("Writer's card");
    const CatalogueError inserted = writer->gpus().insert(added);
    EXPECT_FALSE(inserted) << inserted.message.toStdString();

    // An empty database this login cannot seed is refused with the reason, not half made.
    const QString empty = server->createDatabase();
    server->exec(empty, QStringLiteral("REVOKE CREATE ON SCHEMA public FROM PUBLIC"));
    EXPECT_FALSE(
        openTeam(server->url(empty, QStringLiteral("reader"), QStringLiteral("reader-secret")), &error));
    EXPECT_EQ(error.kind, Kind::ReadOnly) << error.message.toStdString();
}

TEST(TeamCatalogue, AWrongPasswordOrHostIsOneClearLine)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    CatalogueError error;
    EXPECT_FALSE(openTeam(
        server->url(database, QString::fromLatin1(PostgresServer::kAdmin), QStringLiteral("wrong")), &error));
    EXPECT_EQ(error.kind, Kind::Io);
    EXPECT_FALSE(error.message.contains(u'\n')) << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("password authentication failed")))
        << error.message.toStdString();
    EXPECT_FALSE(error.message.contains(QStringLiteral("wrong"))) << error.message.toStdString();

    // Nobody listens on the port after the server's: refused at once, in one line.
    const QString noServer = QStringLiteral("postgresql://someone@127.0.0.1:%1/%2")
                                 .arg(server->port() == 65535 ? 1 : server->port() + 1)
                                 .arg(database);
    QElapsedTimer timer;
    timer.start();
    EXPECT_FALSE(openTeam(noServer, &error));
    EXPECT_LT(timer.elapsed(), 15000);
    EXPECT_FALSE(error.message.contains(u'\n')) << error.message.toStdString();
    EXPECT_TRUE(error.message.startsWith(
        QStringLiteral("cannot connect to the team catalogue postgresql://someone@")))
        << error.message.toStdString();

    EXPECT_FALSE(openTeam(QStringLiteral("postgresql://someone@127.0.0.1/db?sslmod=require"), &error));
    EXPECT_EQ(error.kind, Kind::Invalid);
    EXPECT_TRUE(error.message.contains(QStringLiteral("sslmod"))) << error.message.toStdString();
}

TEST(TeamCatalogue, TheServerEndingASaveLosesNothingAndSaysSo)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    std::unique_ptr<Catalogue> alice = openTeam(server->url(database));
    ASSERT_TRUE(alice);
    QVector<GpuSpec> edits{*alice->gpus().find(kH100), *alice->gpus().find(QStringLiteral("a100_sxm4_80gb"))};
    edits[0].usdPerGpuHour = 4.5;
    edits[1].usdPerGpuHour = 1.5;
    const double a100Before =
        alice->gpus().find(QStringLiteral("a100_sxm4_80gb"))->usdPerGpuHour.value_or(-1);

    // A teammate holds the A100's row, so Alice's save writes the H100 and waits there: the server ends
    // her session in the middle of it.
    QSqlDatabase holder = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("holder"));
    {
        holder.setHostName(QStringLiteral("127.0.0.1"));
        holder.setPort(server->port());
        holder.setDatabaseName(database);
        holder.setUserName(QString::fromLatin1(PostgresServer::kAdmin));
        holder.setPassword(QString::fromLatin1(PostgresServer::kAdminPassword));
        ASSERT_TRUE(holder.open());
        QSqlQuery hold(holder);
        ASSERT_TRUE(hold.exec(QStringLiteral("BEGIN")));
        ASSERT_TRUE(
            hold.exec(QStringLiteral("SELECT 1 FROM gpus WHERE gpu_id = 'a100_sxm4_80gb' FOR UPDATE")));
    }
    CatalogueError saved;
    std::atomic<bool> done = false;
    std::thread saving([&] {
        QVector<GpuSpec> rows = edits;
        saved = alice->gpus().saveAll(rows);
        alice->closeThreadConnection();
        done = true;
    });
    QString pid;
    QElapsedTimer timer;
    timer.start();
    while (pid.isEmpty() && timer.elapsed() < 8000) {
        pid = server->queryValue(database,
                                 QStringLiteral("SELECT pid FROM pg_stat_activity WHERE application_name = "
                                                "'gpucompare' AND wait_event_type = 'Lock'"));
        if (pid.isEmpty())
            QThread::msleep(50);
    }
    EXPECT_FALSE(pid.isEmpty()) << "the save never waited for the row";
    EXPECT_EQ(server->queryValue(database, QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)),
              QStringLiteral("true"));
    saving.join();
    {
        QSqlQuery release(holder);
        release.exec(QStringLiteral("ROLLBACK"));
    }
    holder.close();
    holder = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("holder"));

    ASSERT_TRUE(done);
    EXPECT_EQ(saved.kind, Kind::Io) << saved.message.toStdString();
    EXPECT_TRUE(saved.message.contains(QStringLiteral("connection to the server was lost")))
        << saved.message.toStdString();
    EXPECT_TRUE(saved.message.contains(QStringLiteral("nothing of it was written")))
        << saved.message.toStdString();
    EXPECT_FALSE(saved.message.contains(u'\n')) << saved.message.toStdString();
    // Nothing half written: the H100 written before the wait was rolled back with the rest.
    std::unique_ptr<Catalogue> bob = openTeam(server->url(database));
    ASSERT_TRUE(bob);
    EXPECT_NE(bob->gpus().find(kH100)->usdPerGpuHour, 4.5);
    EXPECT_EQ(bob->gpus().find(QStringLiteral("a100_sxm4_80gb"))->usdPerGpuHour.value_or(-1), a100Before);
    // The edits are still the caller's (the window keeps them): saved again on a new session, they go in.
    QVector<GpuSpec> again = edits;
    const CatalogueError retried = alice->gpus().saveAll(again);
    ASSERT_FALSE(retried) << retried.message.toStdString();
    EXPECT_EQ(bob->gpus().find(kH100)->usdPerGpuHour, 4.5);
    EXPECT_EQ(bob->gpus().find(QStringLiteral("a100_sxm4_80gb"))->usdPerGpuHour, 1.5);
}

TEST(TeamCatalogue, BackupWritesAnSqliteCatalogueWithEveryRow)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    std::unique_ptr<Catalogue> team = openTeam(server->url(database));
    ASSERT_TRUE(team);
    GpuSpec h100 = *team->gpus().find(kH100);
    h100.usdPerGpuHour = 2.49;
    ASSERT_FALSE(team->gpus().update(h100));

    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("team-copy.db"));
    const CatalogueError backedUp = team->backUpTo(target);
    ASSERT_FALSE(backedUp) << backedUp.message.toStdString();
    CatalogueError error;
    std::unique_ptr<Catalogue> copy = Catalogue::open(target, &error);
    ASSERT_TRUE(copy) << error.message.toStdString();
    EXPECT_FALSE(copy->isTeamCatalogue());
    EXPECT_EQ(copy->schemaVersion(), CatalogueSchema::kCurrentVersion);
    EXPECT_EQ(copy->integrityCheck(), QString());
    const std::optional<CatalogueSnapshot> original = team->snapshot();
    const std::optional<CatalogueSnapshot> copied = copy->snapshot();
    ASSERT_TRUE(original && copied);
    ASSERT_EQ(copied->gpus.size(), original->gpus.size());
    for (qsizetype i = 0; i < original->gpus.size(); ++i) {
        EXPECT_EQ(copied->gpus[i].rowId, original->gpus[i].rowId);
        EXPECT_EQ(copied->gpus[i].revision, original->gpus[i].revision);
        EXPECT_TRUE(GpuFields::sameSpecs(copied->gpus[i], original->gpus[i]))
            << original->gpus[i].gpuId.toStdString();
    }
    EXPECT_EQ(copied->benchmarks.size(), original->benchmarks.size());
    EXPECT_EQ(copied->models.size(), original->models.size());
    EXPECT_EQ(copied->profiles.size(), original->profiles.size());
    EXPECT_EQ(copy->gpus().find(kH100)->usdPerGpuHour, 2.49);
    // The copy is an ordinary catalogue: it takes a save.
    GpuSpec edited = *copy->gpus().find(kH100);
    edited.usdPerGpuHour = 2.0;
    EXPECT_FALSE(copy->gpus().update(edited));
}

TEST(TeamCatalogue, ASaveNotifiesTheOtherClientsWithItsRowCount)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    std::unique_ptr<Catalogue> alice = openTeam(server->url(database));
    std::unique_ptr<Catalogue> bob = openTeam(server->url(database));
    ASSERT_TRUE(alice && bob);
    QSqlDriver *driver = bob->connection().driver();
    ASSERT_TRUE(driver->hasFeature(QSqlDriver::EventNotifications));
    ASSERT_TRUE(driver->subscribeToNotification(QString::fromLatin1(WriteTransaction::kChangeChannel)));
    QStringList payloads;
    QObject::connect(
        driver, &QSqlDriver::notification,
        [&payloads](const QString &, QSqlDriver::NotificationSource source, const QVariant &payload) {
            if (source == QSqlDriver::OtherSource)
                payloads << payload.toString();
        });
    const auto nextNotice = [&payloads] {
        QElapsedTimer timer;
        timer.start();
        while (payloads.isEmpty() && timer.elapsed() < 5000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        return payloads.isEmpty() ? -1 : WriteTransaction::readChangeNotice(payloads.takeFirst()).rows;
    };
    QVector<GpuSpec> three{*alice->gpus().find(kH100), *alice->gpus().find(QStringLiteral("a100_sxm4_80gb")),
                           *alice->gpus().find(QStringLiteral("l4_24gb"))};
    for (GpuSpec &gpu : three)
        gpu.usdPerGpuHour = 1.25;
    ASSERT_FALSE(alice->gpus().saveAll(three));
    QElapsedTimer timer;
    timer.start();
    while (payloads.isEmpty() && timer.elapsed() < 5000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    ASSERT_EQ(payloads.size(), 1);
    const WriteTransaction::ChangeNotice notice = WriteTransaction::readChangeNotice(payloads.first());
    EXPECT_EQ(notice.rows, 3) << payloads.first().toStdString();
    EXPECT_TRUE(notice.fromThisProcess); // Alice and Bob are both this test: a window leaves its own out
    EXPECT_FALSE(WriteTransaction::readChangeNotice(QStringLiteral("3 1-2")).fromThisProcess);
    payloads.clear();

    // What a save changed, row by row: one edited row is 1, a renamed one too (its temporary id is not a
    // second change), a deleted one 1.
    QVector<GpuSpec> one{*alice->gpus().find(kH100)};
    one.first().usdPerGpuHour = 1.5;
    ASSERT_FALSE(alice->gpus().saveAll(one));
    EXPECT_EQ(nextNotice(), 1);
    const QString unmeasured =
        server->queryValue(database, QStringLiteral("SELECT gpu_id FROM gpus g WHERE NOT EXISTS (SELECT 1 "
                                                    "FROM benchmarks b WHERE b.gpu_id = g.gpu_id) ORDER BY "
                                                    "gpu_id LIMIT 1"));
    ASSERT_FALSE(unmeasured.isEmpty());
    QVector<GpuSpec> renamed{*alice->gpus().find(unmeasured)};
    renamed.first().gpuId = unmeasured + QStringLiteral("_team");
    ASSERT_FALSE(alice->gpus().saveChanges({}, renamed));
    EXPECT_EQ(nextNotice(), 1);
    QVector<GpuSpec> none;
    ASSERT_FALSE(alice->gpus().saveChanges({renamed.first()}, none));
    EXPECT_EQ(nextNotice(), 1);
    // A renamed GPU with measurements takes them along: each of those rows changed too.
    const int measured =
        server
            ->queryValue(database,
                         QStringLiteral("SELECT count(*) FROM benchmarks WHERE gpu_id = '%1'").arg(kH100))
            .toInt();
    ASSERT_GT(measured, 0);
    QVector<GpuSpec> withRuns{*alice->gpus().find(kH100)};
    withRuns.first().gpuId = QStringLiteral("h100_team");
    ASSERT_FALSE(alice->gpus().saveChanges({}, withRuns));
    EXPECT_EQ(nextNotice(), 1 + measured);
}

TEST(TeamCatalogue, AStatementPastItsTimeoutIsCancelledInOneLineAndLosesNothing)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    ASSERT_TRUE(openTeam(server->url(database)));
    // The default a user lives with: no statement holds the window longer than 15 s.
    {
        std::unique_ptr<Catalogue> plain = openTeam(server->url(database));
        ASSERT_TRUE(plain);
        QSqlQuery setting(plain->connection());
        ASSERT_TRUE(setting.exec(QStringLiteral("SHOW statement_timeout")) && setting.next());
        EXPECT_EQ(setting.value(0).toString(), QStringLiteral("15s"));
    }
    // The URL sets it, as a user would for a slow link; here 1 s, under the 10 s lock_timeout.
    CatalogueError error;
    std::unique_ptr<Catalogue> alice =
        openTeam(server->url(database) + QStringLiteral("?statement_timeout=1s"), &error);
    ASSERT_TRUE(alice) << error.message.toStdString();
    EXPECT_FALSE(openTeam(server->url(database) + QStringLiteral("?statement_timeout=soon"), &error));
    EXPECT_EQ(error.kind, Kind::Invalid);
    EXPECT_TRUE(error.message.contains(QStringLiteral("statement_timeout soon")))
        << error.message.toStdString();

    const QString a100 = QStringLiteral("a100_sxm4_80gb");
    const double h100Before = alice->gpus().find(kH100)->usdPerGpuHour.value_or(-1);
    QVector<GpuSpec> edits{*alice->gpus().find(kH100), *alice->gpus().find(a100)};
    edits[0].usdPerGpuHour = 4.5;
    edits[1].usdPerGpuHour = 1.5;
    {
        // A teammate's save holds the A100's row: the save writes the H100, waits, and is cancelled.
        LockHolder teammate(*server, database);
        ASSERT_TRUE(
            teammate.hold(QStringLiteral("SELECT 1 FROM gpus WHERE gpu_id = 'a100_sxm4_80gb' FOR UPDATE")));
        QElapsedTimer timer;
        timer.start();
        QVector<GpuSpec> rows = edits;
        const CatalogueError saved = alice->gpus().saveAll(rows);
        EXPECT_LT(timer.elapsed(), 5000);
        EXPECT_EQ(saved.kind, Kind::Io) << saved.message.toStdString();
        EXPECT_TRUE(saved.message.contains(QStringLiteral("did not finish within the time allowed")))
            << saved.message.toStdString();
        EXPECT_FALSE(saved.message.contains(u'\n')) << saved.message.toStdString();
        EXPECT_EQ(rows.first().revision, edits.first().revision); // the caller keeps its edits as they were
    }
    EXPECT_EQ(alice->gpus().find(kH100)->usdPerGpuHour.value_or(-1), h100Before); // rolled back whole

    {
        // Maintenance locks the whole table: reading the catalogue gives up too, and says so in one line.
        LockHolder administrator(*server, database);
        ASSERT_TRUE(administrator.hold(QStringLiteral("LOCK TABLE gpus IN ACCESS EXCLUSIVE MODE")));
        QElapsedTimer timer;
        timer.start();
        EXPECT_FALSE(alice->snapshot(&error));
        EXPECT_LT(timer.elapsed(), 5000);
        EXPECT_TRUE(error.message.contains(QStringLiteral("did not finish within the time allowed")))
            << error.message.toStdString();
        EXPECT_FALSE(error.message.contains(u'\n')) << error.message.toStdString();
    }
    // A query the server is slow to answer is cancelled as well.
    QSqlQuery slow(alice->connection());
    QElapsedTimer timer;
    timer.start();
    EXPECT_FALSE(slow.exec(QStringLiteral("SELECT pg_sleep(30)")));
    EXPECT_LT(timer.elapsed(), 5000);
    EXPECT_EQ(SqliteFailure::causeOf(slow.lastError()), SqliteFailure::Cause::TimedOut);
    slow.finish();

    // The session goes on: the same edits saved again go in.
    QVector<GpuSpec> again = edits;
    const CatalogueError retried = alice->gpus().saveAll(again);
    ASSERT_FALSE(retried) << retried.message.toStdString();
    EXPECT_EQ(alice->gpus().find(a100)->usdPerGpuHour, 1.5);
}

TEST(TeamCatalogue, AServerThatNeverAnswersIsGivenUpAfterConnectTimeoutInOneLine)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        GTEST_SKIP() << "Qt's PostgreSQL driver QPSQL is missing (libqt6sql6-psql)";
    SilentPort silent;
    ASSERT_GT(silent.port(), 0);
    CatalogueError error;
    QElapsedTimer timer;
    timer.start();
    EXPECT_FALSE(openTeam(
        QStringLiteral("postgresql://someone@127.0.0.1:%1/team?connect_timeout=2").arg(silent.port()),
        &error));
    const qint64 waited = timer.elapsed();
    EXPECT_GE(waited, 1500);
    EXPECT_LT(waited, 6000);
    EXPECT_EQ(error.kind, Kind::Io);
    EXPECT_FALSE(error.message.contains(u'\n')) << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("did not answer within 2 s (connect_timeout)")))
        << error.message.toStdString();
}

TEST(TeamCatalogue, SslIsRequiredOrVerifiedAsTheUrlSays)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    if (!server->sslEnabled())
        GTEST_SKIP() << "the test server has no SSL: " << server->whyNoSsl().toStdString();
    const QString database = server->createDatabase();
    const QString url = server->url(database);
    CatalogueError error;
    std::unique_ptr<Catalogue> required = openTeam(url + QStringLiteral("?sslmode=require"), &error);
    ASSERT_TRUE(required) << error.message.toStdString();
    QSqlQuery ssl(required->connection());
    ASSERT_TRUE(ssl.exec(QStringLiteral("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) &&
                ssl.next());
    EXPECT_TRUE(ssl.value(0).toBool());
    ssl.finish();

    // verify-full: the server's certificate, signed by the root the URL names, for the host connected to.
    std::unique_ptr<Catalogue> verified = openTeam(
        url + QStringLiteral("?sslmode=verify-full&sslrootcert=") + server->serverCertificate(), &error);
    EXPECT_TRUE(verified) << error.message.toStdString();

    // Another root, or none: refused in one line that says why.
    EXPECT_FALSE(openTeam(
        url + QStringLiteral("?sslmode=verify-full&sslrootcert=") + server->foreignCertificate(), &error));
    EXPECT_EQ(error.kind, Kind::Io);
    EXPECT_FALSE(error.message.contains(u'\n')) << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("certificate verify failed")))
        << error.message.toStdString();
    const QString missing = server->serverCertificate() + QStringLiteral(".missing");
    EXPECT_FALSE(openTeam(url + QStringLiteral("?sslmode=verify-full&sslrootcert=") + missing, &error));
    EXPECT_FALSE(error.message.contains(u'\n')) << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("root certificate file")))
        << error.message.toStdString();
    EXPECT_TRUE(error.message.startsWith(QStringLiteral("cannot connect to the team catalogue")))
        << error.message.toStdString();
}

TEST(TeamCatalogue, MeasurementsAreStoredAsInAFile)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    std::unique_ptr<Catalogue> team = openTeam(server->url(database));
    ASSERT_TRUE(team);
    MeasurementRepository::FileImport import;
    import.file.fileName = QStringLiteral("run.json");
    import.file.sha256 = QString(64, u'a');
    import.file.format = QStringLiteral("template");
    import.file.importedAt = QStringLiteral("2026-01-01T00:00:00Z");
    import.file.runCount = 1;
    StoredMeasuredRun run;
    run.gpuId = kH100;
    run.modelId = QStringLiteral("llama-3.1-8b");
    run.gpuCount = 1;
    run.run.gpuCount = 1;
    import.runs << run;
    QVector<MeasurementRepository::FileImport> imports{import};
    const CatalogueError stored = team->measurements().insertAll(imports);
    ASSERT_FALSE(stored) << stored.message.toStdString();
    EXPECT_GT(imports.first().file.rowId, 0);
    EXPECT_EQ(team->measurements().files().size(), 1);
    EXPECT_EQ(team->measurements().runs().size(), 1);
    QVector<MeasurementRepository::FileImport> twice{import};
    EXPECT_EQ(team->measurements().insertAll(twice).kind, Kind::Duplicate);
    ASSERT_FALSE(team->measurements().removeFile(imports.first().file.rowId));
    EXPECT_TRUE(team->measurements().runs().isEmpty());
}

TEST(TeamCatalogue, AnOlderTeamCatalogueIsUpgradedByTheSameMigrations)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    // A team catalogue at schema version 4, built with the statements of that time as PostgreSQL takes them.
    const auto engine = CatalogueSchema::Engine::PostgreSQL;
    for (int version = 1; version <= 4; ++version)
        for (const QString &statement : CatalogueSchema::migrationStatements(version, engine) +
                                            QStringList{CatalogueSchema::versionStatement(version, engine)})
            ASSERT_EQ(server->exec(database, statement), QString()) << statement.toStdString();
    ASSERT_EQ(server->exec(database,
                           QStringLiteral("INSERT INTO gpus (gpu_id, vendor, product, compute_note) VALUES "
                                          "('old_card', 'Acme', 'Old', 'GeForce: FP16 with FP16 "
                                          "accumulate = 330.3 dense / 660.6 sparse'), ('plain', 'Acme', "
                                          "'Plain', 'no figure here')")),
              QString());
    CatalogueError error;
    std::unique_ptr<Catalogue> team = openTeam(server->url(database), &error);
    ASSERT_TRUE(team) << error.message.toStdString();
    EXPECT_EQ(team->schemaVersion(), CatalogueSchema::kCurrentVersion);
    EXPECT_EQ(team->migratedFromVersion(), 4);
    EXPECT_TRUE(team->migrationBackupPath().isEmpty()); // one transaction on the server, no file copy
    EXPECT_FALSE(team->wasCreated());
    // Version 5's figure, read from the note as the file's migration reads it.
    EXPECT_EQ(team->gpus().find(QStringLiteral("old_card"))->fp16AccumulateDenseTflops, 330.3);
    EXPECT_FALSE(team->gpus().find(QStringLiteral("plain"))->fp16AccumulateDenseTflops.has_value());
    EXPECT_EQ(server->queryValue(database, QStringLiteral("SELECT schema_version FROM gpucompare_catalogue")),
              QString::number(CatalogueSchema::kCurrentVersion));
}

TEST(TeamCatalogue, ASessionTheServerEndedWhileIdleIsOpenedAgainForTheNextSave)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    std::unique_ptr<Catalogue> alice = openTeam(server->url(database));
    ASSERT_TRUE(alice);
    QSqlQuery setting(alice->connection());
    ASSERT_TRUE(setting.exec(QStringLiteral("SHOW lock_timeout")) && setting.next());
    EXPECT_EQ(setting.value(0).toString(), QStringLiteral("10s")); // a teammate's held row: 10 s, then busy
    setting.finish();
    GpuSpec h100 = *alice->gpus().find(kH100);
    // The server restarts, or an administrator ends the idle session.
    EXPECT_EQ(server->queryValue(database,
                                 QStringLiteral("SELECT bool_and(pg_terminate_backend(pid)) FROM "
                                                "pg_stat_activity WHERE application_name = 'gpucompare'")),
              QStringLiteral("true"));
    QThread::msleep(200);
    h100.usdPerGpuHour = 3.25;
    const CatalogueError saved = alice->gpus().update(h100);
    ASSERT_FALSE(saved) << saved.message.toStdString();
    EXPECT_EQ(alice->gpus().find(kH100)->usdPerGpuHour, 3.25);
    ASSERT_TRUE(setting.exec(QStringLiteral("SHOW lock_timeout")) && setting.next());
    EXPECT_EQ(setting.value(0).toString(), QStringLiteral("10s"));
}
