#include "db/Catalogue.h"

#include "db/BenchmarkRepository.h"
#include "db/CatalogueBackup.h"
#include "db/CatalogueSchema.h"
#include "db/GpuRepository.h"
#include "db/MeasurementRepository.h"
#include "db/ModelRepository.h"
#include "db/ProfileRepository.h"
#include "db/SeedCatalogue.h"
#include "db/SqliteFailure.h"
#include "db/SystemRepository.h"
#include "db/WriteTransaction.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLibrary>
#include <QMap>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <QUrl>
#include <QUrlQuery>
#include <libpq-fe.h>

namespace {

using Kind = CatalogueError::Kind;

const QString kDriver = QStringLiteral("QSQLITE");
const QString kServerDriver = QStringLiteral("QPSQL");
constexpr int kBusyTimeoutMs = 5000;
// A team catalogue: how long connecting may take before it is given up (libpq's connect_timeout, in
// seconds), how long a write waits for a row a teammate's save holds (lock_timeout), and how long any one
// statement may run (statement_timeout): the window waits for the server at most that long. A URL may give
// its own (?connect_timeout=5&lock_timeout=2s&statement_timeout=30s).
constexpr int kConnectTimeoutS = 10;
constexpr int kLockTimeoutMs = 10000;
constexpr int kStatementTimeoutMs = 15000;
// Taken (pg_advisory_xact_lock) by the transaction that seeds or upgrades a team catalogue, so two
// clients opening a new database at once seed it once.
constexpr qint64 kSchemaLock = 0x47504355;

// The URL parameters passed to libpq as they are (its keywords); any other is refused, not ignored.
const QStringList &serverParameters()
{
    static const QStringList keys{
        QStringLiteral("sslmode"),          QStringLiteral("sslrootcert"),
        QStringLiteral("sslcert"),          QStringLiteral("sslkey"),
        QStringLiteral("sslcrl"),           QStringLiteral("connect_timeout"),
        QStringLiteral("application_name"), QStringLiteral("target_session_attrs"),
        QStringLiteral("gssencmode"),       QStringLiteral("channel_binding"),
        QStringLiteral("passfile"),
    };
    return keys;
}

// Server settings a URL may give (as the session's options, not libpq keywords): a duration in PostgreSQL's
// form, milliseconds or with a unit ("500", "2s", "1min").
const QStringList &serverTimeouts()
{
    static const QStringList keys{QStringLiteral("lock_timeout"), QStringLiteral("statement_timeout")};
    return keys;
}

bool isDuration(const QString &value)
{
    static const QRegularExpression form(QStringLiteral("^[0-9]{1,9}(ms|s|min|h)?$"));
    return form.match(value).hasMatch();
}

// libpq's "connection to server at "host" (addr), port 5432 failed: FATAL:  password authentication
// failed for user "x"" and its hint lines, as the one line that says what is wrong.
QString serverConnectFailure(const QSqlError &error)
{
    QString text = error.databaseText().isEmpty() ? error.driverText() : error.databaseText();
    const QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    text = lines.isEmpty() ? QString() : lines.first().trimmed();
    const qsizetype failed = text.indexOf(QLatin1String(" failed: "));
    if (text.startsWith(QLatin1String("connection to server")) && failed > 0)
        text = text.mid(failed + 9).trimmed();
    for (const QLatin1String severity : {QLatin1String("FATAL:"), QLatin1String("ERROR:")})
        if (text.startsWith(severity))
            text = text.mid(severity.size()).trimmed();
    return text;
}

// Whether libpq noticed that the server is gone (a failed query on a dropped connection). PQstatus is
// looked up in the libpq that Qt's QPSQL plugin loaded, not linked: linking libpq made every start-up load
// it and the 21 libraries it needs (TLS, Kerberos, LDAP): 22 of the 74 the window loaded.
bool serverConnectionLost(const QSqlDatabase &database)
{
    const QVariant handle = database.driver() ? database.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "PGconn*") != 0)
        return false;
    using Status = ConnStatusType (*)(const PGconn *);
    static const auto status =
        reinterpret_cast<Status>(QLibrary::resolve(QStringLiteral("pq"), 5, "PQstatus"));
    PGconn *connection = *static_cast<PGconn *const *>(handle.constData());
    return connection && status && status(connection) == CONNECTION_BAD;
}

QString nextConnectionPrefix()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("gpucompare-catalogue-%1").arg(counter.fetchAndAddRelaxed(1));
}

// A file: URI with an explicit mode, so SQLite never creates a file we did not ask for.
// immutable=1 is for a WAL file in a folder we cannot write: SQLite could not create the -shm file it
// needs to read, and nobody else can write that file either (a writer needs the -wal file there too).
QString sqliteUri(const QString &path, const char *mode, bool immutable = false)
{
    QUrl url = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath());
    url.setQuery(QStringLiteral("mode=") + QLatin1String(mode) +
                 (immutable ? QStringLiteral("&immutable=1") : QString()));
    return url.toString(QUrl::FullyEncoded);
}

QString connectOptions(bool readOnly)
{
    QString options = QStringLiteral("QSQLITE_OPEN_URI;QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs);
    if (readOnly)
        options += QStringLiteral(";QSQLITE_OPEN_READONLY");
    return options;
}

// A connection that lives for one scope: the probe and the seed builder use it.
class ScopedConnection
{
public:
    ScopedConnection(const QString &uri, const QString &options)
        : m_name(nextConnectionPrefix() + QStringLiteral("-scoped"))
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(kDriver, m_name);
        database.setDatabaseName(uri);
        database.setConnectOptions(options);
        m_opened = database.open();
        if (!m_opened)
            m_error = database.lastError().text();
    }
    ~ScopedConnection()
    {
        {
            QSqlDatabase database = QSqlDatabase::database(m_name, false);
            database.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    ScopedConnection(const ScopedConnection &) = delete;
    ScopedConnection &operator=(const ScopedConnection &) = delete;

    bool opened() const { return m_opened; }
    QString error() const { return m_error; }
    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }

private:
    QString m_name;
    bool m_opened = false;
    QString m_error;
};

struct ProbeResult
{
    CatalogueError error;
    int applicationId = 0;
    int userVersion = 0;
    bool immutable = false; // readable only as an immutable file (WAL file in a read-only folder)
};

std::optional<qint64> pragmaValue(QSqlDatabase database, const QString &pragma, QSqlError *error)
{
    QSqlQuery query(database);
    if (!query.exec(QStringLiteral("PRAGMA ") + pragma) || !query.next()) {
        *error = query.lastError();
        return std::nullopt;
    }
    return query.value(0).toLongLong();
}

// Reads the file without writing to it: is it SQLite, intact, ours, and which version?
ProbeResult probe(const QString &path, bool immutable = false)
{
    ProbeResult result;
    result.immutable = immutable;
    ScopedConnection connection(sqliteUri(path, "ro", immutable), connectOptions(true));
    if (!connection.opened()) {
        result.error = CatalogueError::make(
            Kind::Io,
            QCoreApplication::translate("Catalogue", "cannot open %1: %2").arg(path, connection.error()));
        return result;
    }
    QSqlQuery query(connection.database());
    if (!query.exec(QStringLiteral("PRAGMA quick_check"))) {
        // SQLite reports garbage as "file is not a database" and a truncated file as "malformed".
        const QString reason = query.lastError().text();
        if (!immutable && reason.contains(QStringLiteral("readonly database")) &&
            !QFileInfo(QFileInfo(path).absolutePath()).isWritable()) {
            query.finish();
            return probe(path, true);
        }
        // Only SQLite's verdict on the file calls it damaged: a full disk or a refused read is said as
        // what it is, and the healthy file is not offered to be started over.
        const QSqlError failure = query.lastError();
        switch (SqliteFailure::causeOf(failure, path)) {
        case SqliteFailure::Cause::NotADatabase:
            result.error = CatalogueError::make(
                Kind::NotADatabase,
                QCoreApplication::translate("Catalogue",
                                            "%1 is not a GPU Compare catalogue (not an SQLite database)")
                    .arg(path));
            break;
        case SqliteFailure::Cause::Corrupt:
            result.error = CatalogueError::make(
                Kind::Damaged,
                QCoreApplication::translate("Catalogue", "%1 is damaged: %2").arg(path, reason));
            break;
        default:
            result.error = SqliteFailure::toError(
                failure,
                QCoreApplication::translate("Catalogue", "cannot read %1; it was not changed").arg(path),
                path);
            break;
        }
        return result;
    }
    QStringList problems;
    while (query.next())
        problems << query.value(0).toString();
    query.finish();
    if (problems != QStringList{QStringLiteral("ok")}) {
        result.error = CatalogueError::make(Kind::Damaged,
                                            QCoreApplication::translate("Catalogue", "%1 is damaged: %2")
                                                .arg(path, problems.mid(0, 3).join(QStringLiteral("; "))));
        return result;
    }
    QSqlError failure;
    const std::optional<qint64> applicationId =
        pragmaValue(connection.database(), QStringLiteral("application_id"), &failure);
    const std::optional<qint64> userVersion =
        pragmaValue(connection.database(), QStringLiteral("user_version"), &failure);
    if (!applicationId || !userVersion) {
        result.error = SqliteFailure::toError(
            failure, QCoreApplication::translate("Catalogue", "cannot read %1; it was not changed").arg(path),
            path);
        return result;
    }
    result.applicationId = static_cast<int>(*applicationId);
    result.userVersion = static_cast<int>(*userVersion);
    if (result.applicationId != CatalogueSchema::kApplicationId || result.userVersion < 1) {
        result.error = CatalogueError::make(
            Kind::Foreign, QCoreApplication::translate(
                               "Catalogue", "%1 is an SQLite database but not a GPU Compare catalogue "
                                            "(application id %2, schema version %3); it was not changed")
                               .arg(path)
                               .arg(result.applicationId)
                               .arg(result.userVersion));
    }
    return result;
}

// Qt's SQLite driver reads and binds text as UTF-16: a catalogue stored in UTF-16 hands it over without
// SQLite converting every text value of every row, the largest cost of opening a large catalogue
// (docs/performance.md). Only a new, empty database can take it; older catalogues stay UTF-8, which
// SQLite converts transparently.
CatalogueError useQtTextEncoding(QSqlDatabase database)
{
    QSqlQuery query(database);
    if (!query.exec(QStringLiteral("PRAGMA encoding = 'UTF-16'")))
        return CatalogueError::make(Kind::Sql, query.lastError().text());
    return {};
}

CatalogueError applyWritablePragmas(QSqlDatabase database, const QString &path)
{
    QSqlQuery query(database);
    // WAL (kept in the file): readers never block the writer (an import can run while a view reads).
    // Each connection sets synchronous=FULL itself (openConnection).
    if (!query.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !query.next() ||
        query.value(0).toString() != QStringLiteral("wal"))
        return SqliteFailure::toError(
            query.lastError(), QCoreApplication::translate("Catalogue", "cannot enable write-ahead logging"),
            path);
    return {};
}

// SQLite creates the -wal and -shm companions with the catalogue's permissions. A catalogue opened while
// it was read-only leaves them read-only, and once the file is writable again every save would fail
// with "attempt to write a readonly database": give them the catalogue's permissions back. Changing
// permissions does not disturb another process that has them open.
void repairCompanionPermissions(const QString &path)
{
    const QFileInfo catalogue(path);
    if (!catalogue.isWritable())
        return;
    for (const QString &suffix : {QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        const QFileInfo companion(catalogue.absoluteFilePath() + suffix);
        if (companion.exists() && companion.isFile() && !companion.isWritable())
            QFile::setPermissions(companion.absoluteFilePath(),
                                  QFile::permissions(catalogue.absoluteFilePath()));
    }
}

// What an upgrade from fromVersion adds in its last step, besides the statements. The bundled profiles
// whose ids the catalogue lacks, and for a catalogue from before version 3 (which may come from before
// the presets were bundled) the presets of the version-3 seed: without a preset nothing can be
// estimated. The upgraded catalogue has them or is not upgraded; rows it has are left as they are. A
// version-3 catalogue has its presets: presets a newer seed brings are offered (SeedCatalogue::offerFor),
// not added by the upgrade, and a preset the user deleted stays deleted.
CatalogueSchema::StepAddition upgradeAdditions(int fromVersion)
{
    const bool addPresets = fromVersion < 3;
    const bool addTrainingRuns = fromVersion < 7;
    return [addPresets, addTrainingRuns](QSqlDatabase &stepDatabase) {
        if (CatalogueError error = SeedCatalogue::addMissingPresets(stepDatabase, addPresets))
            return error;
        return addTrainingRuns ? SeedCatalogue::addMissingTrainingRuns(stepDatabase) : CatalogueError{};
    };
}

} // namespace

QString Catalogue::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/catalogue.db");
}

std::unique_ptr<Catalogue> Catalogue::openDefault(CatalogueError *error)
{
    const QString path = defaultPath();
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        if (error)
            *error = CatalogueError::make(
                Kind::Io, QCoreApplication::translate("Catalogue", "cannot create the folder %1")
                              .arg(QFileInfo(path).absolutePath()));
        return nullptr;
    }
    return open(path, Options{Access::ReadWrite, IfMissing::CreateFromSeed}, error);
}

CatalogueError Catalogue::createFromSeed(const QString &path)
{
    const QFileInfo target(path);
    if (target.exists())
        return CatalogueError::make(
            Kind::Io,
            QCoreApplication::translate("Catalogue", "%1 already exists; it was not overwritten").arg(path));
    if (!target.absoluteDir().exists())
        return CatalogueError::make(Kind::FolderMissing,
                                    QCoreApplication::translate("Catalogue", "the folder %1 does not exist")
                                        .arg(target.absolutePath()));

    const QString buildPath =
        target.absoluteFilePath() + QStringLiteral(".creating-%1").arg(QCoreApplication::applicationPid());
    const auto removeBuild = [&buildPath] {
        for (const QString &suffix :
             {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")})
            QFile::remove(buildPath + suffix);
    };
    removeBuild();
    CatalogueError error;
    {
        ScopedConnection connection(sqliteUri(buildPath, "rwc"), connectOptions(false));
        if (!connection.opened())
            return CatalogueError::make(Kind::Io,
                                        QCoreApplication::translate("Catalogue", "cannot create %1: %2")
                                            .arg(path, connection.error()));
        QSqlDatabase database = connection.database();
        error = useQtTextEncoding(database);
        if (!error)
            error = applyWritablePragmas(database, buildPath);
        if (!error)
            error = CatalogueSchema::migrate(database, 0);
        if (!error)
            error = SeedCatalogue::populate(database);
    }
    if (!error && !QFile::rename(buildPath, target.absoluteFilePath()))
        error = CatalogueError::make(
            Kind::Io, QCoreApplication::translate("Catalogue", "cannot create %1 (rename failed)").arg(path));
    if (error)
        removeBuild();
    return error;
}

std::unique_ptr<Catalogue> Catalogue::open(const QString &path, const Options &options, CatalogueError *error)
{
    const auto fail = [error](CatalogueError problem) -> std::unique_ptr<Catalogue> {
        if (error)
            *error = std::move(problem);
        return nullptr;
    };
    if (path.isEmpty())
        return fail(CatalogueError::make(
            Kind::Missing, QCoreApplication::translate("Catalogue", "no catalogue file given")));
    if (isServerLocation(path))
        return openServer(path, options, error);

    const QFileInfo file(path);
    bool created = false;
    if (!file.exists()) {
        if (options.ifMissing == IfMissing::Fail)
            return fail(CatalogueError::make(
                Kind::Missing, QCoreApplication::translate("Catalogue", "%1 does not exist").arg(path)));
        if (CatalogueError problem = createFromSeed(path))
            return fail(problem);
        created = true;
    } else if (!file.isFile()) {
        return fail(CatalogueError::make(
            Kind::NotADatabase, QCoreApplication::translate("Catalogue", "%1 is not a file").arg(path)));
    }

    // Reading a WAL-mode file may create empty -wal/-shm companions; a refused file must be left
    // as it was found, so remove the companions the probe created.
    const QStringList companions{file.absoluteFilePath() + QStringLiteral("-wal"),
                                 file.absoluteFilePath() + QStringLiteral("-shm")};
    QStringList preexisting;
    for (const QString &companion : companions)
        if (QFileInfo::exists(companion))
            preexisting << companion;
    if (options.access == Access::ReadWrite)
        repairCompanionPermissions(path);
    const ProbeResult probed = probe(path);
    if (probed.error) {
        for (const QString &companion : companions)
            if (!preexisting.contains(companion) && QFileInfo(companion).size() == 0)
                QFile::remove(companion);
        return fail(probed.error);
    }

    std::unique_ptr<Catalogue> catalogue(new Catalogue);
    catalogue->m_path = file.absoluteFilePath();
    catalogue->m_connectionPrefix = nextConnectionPrefix();
    catalogue->m_schemaVersion = probed.userVersion;
    catalogue->m_created = created;

    QString readOnlyReason;
    if (probed.userVersion > CatalogueSchema::kCurrentVersion)
        readOnlyReason =
            QCoreApplication::translate(
                "Catalogue", "the catalogue was written by a newer GPU Compare (schema version %1, this "
                             "version understands %2); it opens read-only")
                .arg(probed.userVersion)
                .arg(CatalogueSchema::kCurrentVersion);
    else if (options.access == Access::ReadOnly)
        readOnlyReason = QCoreApplication::translate("Catalogue", "opened read-only on request");
    else if (!QFileInfo(catalogue->m_path).isWritable())
        readOnlyReason = QCoreApplication::translate("Catalogue", "the file is not writable");
    else if (!QFileInfo(QFileInfo(catalogue->m_path).absolutePath()).isWritable())
        readOnlyReason = QCoreApplication::translate("Catalogue", "its folder is not writable");

    if (probed.immutable && readOnlyReason.isEmpty())
        readOnlyReason = QCoreApplication::translate("Catalogue", "its folder is not writable");
    catalogue->m_readOnly = !readOnlyReason.isEmpty();
    catalogue->m_readOnlyReason = readOnlyReason;
    catalogue->m_uri = sqliteUri(catalogue->m_path, catalogue->m_readOnly ? "ro" : "rw", probed.immutable);
    catalogue->m_connectOptions = connectOptions(catalogue->m_readOnly);

    QSqlDatabase database = catalogue->connection();
    if (!database.isOpen())
        return fail(
            CatalogueError::make(Kind::Io, QCoreApplication::translate("Catalogue", "cannot open %1: %2")
                                               .arg(path, database.lastError().text())));
    if (!catalogue->m_readOnly) {
        if (CatalogueError problem = applyWritablePragmas(database, catalogue->m_path))
            return fail(problem);
        if (probed.userVersion < CatalogueSchema::kCurrentVersion) {
            if (CatalogueError problem = catalogue->upgrade(probed.userVersion))
                return fail(problem);
        }
    } else if (probed.userVersion < CatalogueSchema::kCurrentVersion) {
        return fail(CatalogueError::make(
            Kind::ReadOnly, QCoreApplication::translate(
                                "Catalogue", "%1 uses the older schema version %2 and must be upgraded, "
                                             "but it is read-only (%3)")
                                .arg(path)
                                .arg(probed.userVersion)
                                .arg(readOnlyReason)));
    }
    return catalogue;
}

CatalogueError Catalogue::upgrade(int fromVersion)
{
    // A copy of the file as it was comes first: a migration that goes wrong in a way no test foresaw
    // must not cost the user their catalogue.
    const QString backup = CatalogueBackup::migrationBackupPath(m_path, fromVersion);
    if (CatalogueError problem = CatalogueBackup::write(connection(), backup))
        return CatalogueError::make(
            problem.kind,
            QCoreApplication::translate("Catalogue", "%1 needs an upgrade from schema version %2 but no "
                                                     "backup could be taken first, so it was not changed: %3")
                .arg(m_path)
                .arg(fromVersion)
                .arg(problem.message));
    QSqlDatabase database = connection();
    if (CatalogueError problem =
            CatalogueSchema::migrate(database, fromVersion, upgradeAdditions(fromVersion)))
        return CatalogueError::make(
            problem.kind,
            problem.message + u' ' +
                QCoreApplication::translate("Catalogue", "(a copy from before is at %1)").arg(backup));
    m_schemaVersion = CatalogueSchema::kCurrentVersion;
    m_migratedFromVersion = fromVersion;
    m_migrationBackupPath = backup;
    return {};
}

CatalogueError Catalogue::backUpTo(const QString &target) const
{
    if (m_server)
        return CatalogueBackup::copyToFile(connection(), QFileInfo(target).absoluteFilePath());
    const QFileInfo wanted(target);
    const QString wantedPath = wanted.exists() ? wanted.canonicalFilePath() : wanted.absoluteFilePath();
    const QString own = QFileInfo(m_path).canonicalFilePath();
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        if (wantedPath == own + suffix || wanted.absoluteFilePath() == m_path + suffix)
            return CatalogueError::make(
                Kind::Invalid, QCoreApplication::translate(
                                   "Catalogue", "%1 is the catalogue itself; back it up to another file")
                                   .arg(target));
    return CatalogueBackup::write(connection(), wanted.absoluteFilePath());
}

Catalogue::~Catalogue()
{
    QMutexLocker locker(&m_mutex);
    // Connections of threads that did not call closeThreadConnection(): removing them is safe once
    // those threads are done; only this thread's own connection may be touched with database().
    const QString own = threadConnectionName();
    for (const QString &name : std::as_const(m_connectionNames)) {
        if (name == own) {
            QSqlDatabase database = QSqlDatabase::database(name, false);
            database.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
}

QString Catalogue::threadConnectionName() const
{
    return m_connectionPrefix +
           QStringLiteral("-thread-%1").arg(reinterpret_cast<quintptr>(QThread::currentThread()));
}

void Catalogue::closeThreadConnection() const
{
    const QString name = threadConnectionName();
    QMutexLocker locker(&m_mutex);
    if (!m_connectionNames.removeOne(name))
        return;
    {
        QSqlDatabase database = QSqlDatabase::database(name, false);
        database.close();
    }
    QSqlDatabase::removeDatabase(name);
}

QSqlDatabase Catalogue::openConnection(const QString &name) const
{
    if (m_server) {
        QSqlDatabase database = QSqlDatabase::addDatabase(kServerDriver, name);
        database.setHostName(m_host);
        database.setPort(m_port);
        database.setDatabaseName(m_databaseName);
        database.setUserName(m_user);
        database.setPassword(m_password);
        database.setConnectOptions(m_connectOptions);
        database.open();
        return database;
    }
    QSqlDatabase database = QSqlDatabase::addDatabase(kDriver, name);
    database.setDatabaseName(m_uri);
    database.setConnectOptions(m_connectOptions);
    if (database.open()) {
        QSqlQuery query(database);
        query.exec(QStringLiteral("PRAGMA foreign_keys = ON"));
        query.exec(QStringLiteral("PRAGMA trusted_schema = OFF"));
        // A per-connection setting: a save the user saw succeed survives a power cut, whichever
        // thread's connection wrote it; the write volume is tiny.
        if (!m_readOnly)
            query.exec(QStringLiteral("PRAGMA synchronous = FULL"));
    }
    return database;
}

QSqlDatabase Catalogue::connection() const
{
    const QString name =
        m_connectionPrefix +
        QStringLiteral("-thread-%1").arg(reinterpret_cast<quintptr>(QThread::currentThread()));
    if (QSqlDatabase::contains(name)) {
        QSqlDatabase database = QSqlDatabase::database(name, false);
        // The server ended the session (restarted, or an administrator's pg_terminate_backend): its
        // unfinished transaction is rolled back there; a new session takes over.
        if (m_server && (!database.isOpen() || serverConnectionLost(database)))
            WriteTransaction::reopenServerConnection(database);
        return database;
    }
    QMutexLocker locker(&m_mutex);
    m_connectionNames << name;
    return openConnection(name);
}

std::optional<CatalogueSnapshot> Catalogue::snapshot(CatalogueError *error, Parts parts,
                                                     const QStringList &gpuIds) const
{
    QSqlDatabase database = connection();
    QSqlQuery begin(database);
    // One read transaction: the four lists come from the same committed state (on PostgreSQL that takes
    // REPEATABLE READ: its default gives each statement its own).
    if (!begin.exec(m_server ? QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                             : QStringLiteral("BEGIN"))) {
        if (error)
            *error = m_server ? SqliteFailure::toError(begin.lastError(),
                                                       QCoreApplication::translate(
                                                           "Catalogue", "cannot read the team catalogue %1")
                                                           .arg(m_path))
                              : CatalogueError::make(Kind::Sql, begin.lastError().text());
        return std::nullopt;
    }
    CatalogueSnapshot result;
    CatalogueError problem;
    const bool all = parts == Parts::All;
    const bool presets = parts != Parts::Measurements;
    const bool measured = parts != Parts::ModelsAndProfiles;
    if (all)
        result.gpus = gpus().list(&problem);
    if (!problem && presets)
        result.models = models().list(&problem);
    if (!problem && presets)
        result.profiles = profiles().list(&problem);
    // Every part but the measurements: a system names its GPU, and the table is small.
    if (!problem && presets)
        result.systems = systems().list(&problem);
    if (!problem && all)
        result.benchmarks = benchmarks().list(&problem);
    if (parts == Parts::NamedGpus) {
        for (const QString &id : gpuIds) {
            if (problem)
                break;
            CatalogueError missing;
            if (std::optional<GpuSpec> gpu = gpus().find(id, &missing)) {
                result.benchmarks += benchmarks().listForGpu(gpu->gpuId, &problem);
                result.gpus << std::move(*gpu);
            } else if (missing.kind != Kind::NotFound) {
                problem = missing;
            }
        }
    }
    if (!problem && measured)
        result.measurementFiles = measurements().files(&problem);
    if (!problem && measured)
        result.measuredRuns = measurements().runs(&problem);
    QSqlQuery end(database);
    end.exec(QStringLiteral("COMMIT"));
    if (problem) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    result.readOnly = m_readOnly;
    result.readOnlyReason = m_readOnlyReason;
    return result;
}

QString Catalogue::integrityCheck() const
{
    if (m_server)
        return {};
    QSqlQuery query(connection());
    if (!query.exec(QStringLiteral("PRAGMA integrity_check")))
        return query.lastError().text();
    QStringList problems;
    while (query.next())
        problems << query.value(0).toString();
    return problems == QStringList{QStringLiteral("ok")} ? QString() : problems.join(QStringLiteral("; "));
}

CatalogueError Catalogue::checkWritable() const
{
    if (m_readOnly)
        return CatalogueError::make(
            Kind::ReadOnly,
            QCoreApplication::translate("Catalogue", "the catalogue is read-only: %1").arg(m_readOnlyReason));
    return {};
}

GpuRepository Catalogue::gpus() const
{
    return GpuRepository(connection(), m_readOnly);
}

BenchmarkRepository Catalogue::benchmarks() const
{
    return BenchmarkRepository(connection(), m_readOnly);
}

ModelRepository Catalogue::models() const
{
    return ModelRepository(connection(), m_readOnly);
}

ProfileRepository Catalogue::profiles() const
{
    return ProfileRepository(connection(), m_readOnly);
}

MeasurementRepository Catalogue::measurements() const
{
    return MeasurementRepository(connection(), m_readOnly);
}

SystemRepository Catalogue::systems() const
{
    return SystemRepository(connection(), m_readOnly);
}

bool Catalogue::isServerLocation(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://"), Qt::CaseInsensitive) ||
           location.startsWith(QLatin1String("postgres://"), Qt::CaseInsensitive);
}

QString Catalogue::displayLocation(const QString &location)
{
    if (!isServerLocation(location))
        return location;
    QUrl url(location);
    url.setPassword(QString());
    return url.toString(QUrl::RemovePassword);
}

// Nothing waits for the server without end: connecting gives up after connect_timeout, a row a teammate's
// save holds after lock_timeout, and any statement after statement_timeout, each settable in the URL; a
// statement past its time is cancelled by the server and its transaction rolled back whole.
std::unique_ptr<Catalogue> Catalogue::openServer(const QString &location, const Options &options,
                                                 CatalogueError *error)
{
    const QString shown = displayLocation(location);
    const auto fail = [error](CatalogueError problem) -> std::unique_ptr<Catalogue> {
        if (error)
            *error = std::move(problem);
        return nullptr;
    };
    const auto invalid = [&](const QString &why) {
        return fail(CatalogueError::make(
            Kind::Invalid,
            QCoreApplication::translate("Catalogue", "%1 is not a team catalogue address (%2); the form is "
                                                     "postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=...]")
                .arg(shown, why)));
    };
    const QUrl url(location, QUrl::StrictMode);
    if (!url.isValid())
        return invalid(url.errorString());
    if (!QSqlDatabase::isDriverAvailable(kServerDriver))
        return fail(CatalogueError::make(
            Kind::Io, QCoreApplication::translate("Catalogue",
                                                  "cannot open the team catalogue %1: Qt's PostgreSQL "
                                                  "driver QPSQL is not installed (Debian: libqt6sql6-psql)")
                          .arg(shown)));
    std::unique_ptr<Catalogue> catalogue(new Catalogue);
    catalogue->m_server = true;
    catalogue->m_host = url.host();
    catalogue->m_port = url.port();
    catalogue->m_databaseName = url.path(QUrl::FullyDecoded).mid(1);
    catalogue->m_user = url.userName(QUrl::FullyDecoded);
    catalogue->m_password = url.password(QUrl::FullyDecoded);
    QStringList connectOptions;
    QString connectTimeout;
    QMap<QString, QString> timeouts{
        {QStringLiteral("lock_timeout"), QString::number(kLockTimeoutMs)},
        {QStringLiteral("statement_timeout"), QString::number(kStatementTimeoutMs)}};
    for (const auto &[key, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("host")) {
            catalogue->m_host = value; // a socket folder: ?host=/run/postgresql
        } else if (key == QLatin1String("port")) {
            bool ok = false;
            catalogue->m_port = value.toInt(&ok);
            if (!ok)
                return invalid(QCoreApplication::translate("Catalogue", "port %1").arg(value));
        } else if (serverTimeouts().contains(key)) {
            if (!isDuration(value))
                return invalid(QCoreApplication::translate("Catalogue", "%1 %2: give milliseconds or a unit, "
                                                                        "as in 500, 2s or 1min")
                                   .arg(key, value));
            timeouts[key] = value;
        } else if (serverParameters().contains(key) && !value.contains(u' ') && !value.contains(u';')) {
            connectOptions << key + u'=' + value;
            if (key == QLatin1String("connect_timeout"))
                connectTimeout = value;
        } else {
            return invalid(QCoreApplication::translate("Catalogue", "unknown parameter %1").arg(key));
        }
    }
    if (catalogue->m_databaseName.isEmpty() || catalogue->m_databaseName.contains(u'/'))
        return invalid(QCoreApplication::translate("Catalogue", "no database named"));
    // A slow or unreachable server must not hang the caller (the window) for minutes.
    if (connectTimeout.isEmpty()) {
        connectTimeout = QString::number(kConnectTimeoutS);
        connectOptions << QStringLiteral("connect_timeout=") + connectTimeout;
    }
    QStringList settings;
    for (auto timeout = timeouts.cbegin(); timeout != timeouts.cend(); ++timeout)
        settings << QStringLiteral("-c %1=%2").arg(timeout.key(), timeout.value());
    connectOptions << QStringLiteral("application_name=gpucompare")
                   << QStringLiteral("options='%1'").arg(settings.join(u' '));
    catalogue->m_connectOptions = connectOptions.join(u';');
    catalogue->m_path = shown;
    catalogue->m_connectionPrefix = nextConnectionPrefix();

    QSqlDatabase database = catalogue->connection();
    if (!database.isOpen()) {
        QString why = serverConnectFailure(database.lastError());
        if (why == QLatin1String("timeout expired"))
            why = QCoreApplication::translate("Catalogue",
                                              "the server did not answer within %1 s (connect_timeout)")
                      .arg(connectTimeout);
        return fail(CatalogueError::make(
            Kind::Io, QCoreApplication::translate("Catalogue", "cannot connect to the team catalogue %1: %2")
                          .arg(shown, why)));
    }
    QSqlError failure;
    std::optional<CatalogueSchema::Stamp> stamp = CatalogueSchema::readStamp(database, &failure);
    if (!stamp)
        return fail(SqliteFailure::toError(
            failure,
            QCoreApplication::translate("Catalogue", "cannot read the team catalogue %1").arg(shown)));
    if (stamp->version == 0 && !stamp->empty)
        return fail(CatalogueError::make(
            Kind::Foreign,
            QCoreApplication::translate("Catalogue", "%1 is a PostgreSQL database but not a GPU Compare "
                                                     "catalogue (it holds other tables); it was not changed")
                .arg(shown)));
    if (stamp->version > 0 && stamp->applicationId != CatalogueSchema::kApplicationId)
        return fail(CatalogueError::make(
            Kind::Foreign, QCoreApplication::translate("Catalogue", "%1 is not a GPU Compare catalogue "
                                                                    "(application id %2); it was not changed")
                               .arg(shown)
                               .arg(stamp->applicationId)));
    if (stamp->empty && options.ifMissing == IfMissing::Fail)
        return fail(CatalogueError::make(
            Kind::Missing,
            QCoreApplication::translate("Catalogue", "%1 is an empty database, not a catalogue yet")
                .arg(shown)));
    catalogue->m_schemaVersion = stamp->version;

    // May this login write? Every table of the catalogue needs INSERT, UPDATE and DELETE, and its id
    // sequences USAGE (Qt reads a new row's id with lastval(), which needs it); a standby server or
    // default_transaction_read_only refuses every write.
    QSqlQuery query(database);
    QString readOnlyReason;
    if (!query.exec(QStringLiteral(
            "SELECT pg_is_in_recovery(), current_setting('transaction_read_only') = 'on', "
            "coalesce(bool_and(has_table_privilege(c.oid, 'INSERT') AND has_table_privilege(c.oid, 'UPDATE') "
            "AND has_table_privilege(c.oid, 'DELETE')), has_schema_privilege(current_schema(), 'CREATE')) "
            "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') "
            "AND c.relname <> 'gpucompare_catalogue' AND coalesce((SELECT "
            "bool_and(has_sequence_privilege(s.oid, "
            "'USAGE')) FROM pg_catalog.pg_class s JOIN pg_catalog.pg_namespace sn ON sn.oid = s.relnamespace "
            "WHERE sn.nspname = current_schema() AND s.relkind = 'S'), true)")) ||
        !query.next())
        return fail(SqliteFailure::toError(
            query.lastError(),
            QCoreApplication::translate("Catalogue", "cannot read the team catalogue %1").arg(shown)));
    if (stamp->version > CatalogueSchema::kCurrentVersion)
        readOnlyReason =
            QCoreApplication::translate(
                "Catalogue", "the catalogue was written by a newer GPU Compare (schema version %1, this "
                             "version understands %2); it opens read-only")
                .arg(stamp->version)
                .arg(CatalogueSchema::kCurrentVersion);
    else if (options.access == Access::ReadOnly)
        readOnlyReason = QCoreApplication::translate("Catalogue", "opened read-only on request");
    else if (query.value(0).toBool() || query.value(1).toBool())
        readOnlyReason = QCoreApplication::translate("Catalogue", "the server only allows reading");
    else if (!query.value(2).toBool())
        readOnlyReason =
            QCoreApplication::translate(
                "Catalogue", "the login %1 may read but not change this catalogue (no write grant)")
                .arg(catalogue->m_user.isEmpty() ? QStringLiteral("(default)") : catalogue->m_user);
    query.finish();
    catalogue->m_readOnly = !readOnlyReason.isEmpty();
    catalogue->m_readOnlyReason = readOnlyReason;

    if (stamp->version < CatalogueSchema::kCurrentVersion) {
        if (catalogue->m_readOnly)
            return fail(CatalogueError::make(
                Kind::ReadOnly,
                stamp->empty ? QCoreApplication::translate("Catalogue",
                                                           "%1 is an empty database and cannot be seeded: %2")
                                   .arg(shown, readOnlyReason)
                             : QCoreApplication::translate(
                                   "Catalogue", "%1 uses the older schema version %2 and must be upgraded, "
                                                "but it is read-only (%3)")
                                   .arg(shown)
                                   .arg(stamp->version)
                                   .arg(readOnlyReason)));
        if (CatalogueError problem = catalogue->createOrUpgradeOnServer())
            return fail(problem);
    }
    return catalogue;
}

CatalogueError Catalogue::createOrUpgradeOnServer()
{
    // One transaction (PostgreSQL's DDL is transactional): the database is seeded or upgraded completely
    // or not at all, so no copy is taken first as it is for a file. Whoever takes the lock first does
    // it; a client that waited finds it done.
    QSqlDatabase database = connection();
    WriteTransaction transaction(database);
    if (CatalogueError error = transaction.begin())
        return error;
    QSqlQuery query(database);
    if (!query.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kSchemaLock)))
        return SqliteFailure::toError(
            query.lastError(), QCoreApplication::translate("Catalogue", "cannot set up %1").arg(m_path));
    query.finish();
    QSqlError failure;
    const std::optional<CatalogueSchema::Stamp> stamp = CatalogueSchema::readStamp(database, &failure);
    if (!stamp)
        return SqliteFailure::toError(
            failure, QCoreApplication::translate("Catalogue", "cannot set up %1").arg(m_path));
    if (stamp->version >= CatalogueSchema::kCurrentVersion) {
        m_schemaVersion = stamp->version;
        return transaction.commit();
    }
    if (stamp->version == 0) {
        if (CatalogueError error = CatalogueSchema::migrate(database, 0))
            return error;
        if (CatalogueError error = SeedCatalogue::populate(database))
            return error;
        m_created = true;
    } else {
        if (CatalogueError error =
                CatalogueSchema::migrate(database, stamp->version, upgradeAdditions(stamp->version)))
            return error;
        m_migratedFromVersion = stamp->version;
    }
    if (CatalogueError error = transaction.commit())
        return error;
    m_schemaVersion = CatalogueSchema::kCurrentVersion;
    return {};
}
