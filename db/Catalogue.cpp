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

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <QUrl>

namespace {

using Kind = CatalogueError::Kind;

const QString kDriver = QStringLiteral("QSQLITE");
constexpr int kBusyTimeoutMs = 5000;

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
    // The bundled profiles whose ids the catalogue lacks join the last step's transaction, and for a
    // catalogue from before version 3 (which may come from before the presets were bundled) the presets
    // of the version-3 seed: without a preset nothing can be estimated. The upgraded file has them or is
    // not upgraded; rows the catalogue has are left as they are. A version-3 catalogue has its presets:
    // presets a newer seed brings are offered (SeedCatalogue::offerFor), not added by the upgrade, and a
    // preset the user deleted stays deleted.
    const bool addPresets = fromVersion < 3;
    const bool addTrainingRuns = fromVersion < 7;
    const CatalogueSchema::StepAddition presets = [addPresets, addTrainingRuns](QSqlDatabase &stepDatabase) {
        if (CatalogueError error = SeedCatalogue::addMissingPresets(stepDatabase, addPresets))
            return error;
        return addTrainingRuns ? SeedCatalogue::addMissingTrainingRuns(stepDatabase) : CatalogueError{};
    };
    if (CatalogueError problem = CatalogueSchema::migrate(database, fromVersion, presets))
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
    if (QSqlDatabase::contains(name))
        return QSqlDatabase::database(name, false);
    QMutexLocker locker(&m_mutex);
    m_connectionNames << name;
    return openConnection(name);
}

std::optional<CatalogueSnapshot> Catalogue::snapshot(CatalogueError *error, Parts parts,
                                                     const QStringList &gpuIds) const
{
    QSqlDatabase database = connection();
    QSqlQuery begin(database);
    // One read transaction: the four lists come from the same committed state.
    if (!begin.exec(QStringLiteral("BEGIN"))) {
        if (error)
            *error = CatalogueError::make(Kind::Sql, begin.lastError().text());
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
