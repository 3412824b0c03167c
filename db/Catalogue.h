#pragma once

#include "db/CatalogueError.h"
#include "db/CatalogueSnapshot.h"

#include <QMutex>
#include <QSqlDatabase>
#include <QStringList>
#include <memory>
#include <optional>

class BenchmarkRepository;
class GpuRepository;
class MeasurementRepository;
class ModelRepository;
class ProfileRepository;
class SystemRepository;

// One catalogue file. Opening never creates or changes a file by accident:
// - a missing file is an error unless the caller asks for creation from the bundled seed;
// - the file is first probed read-only (quick_check, application_id, user_version) so that garbage,
//   a damaged file or another application's database is refused without a single byte written;
// - a newer schema, an unwritable file or an explicit request opens read-only, with the reason.
// SQL connections are per thread (Qt forbids sharing them); connection() opens this thread's one.
//
// A team catalogue is a PostgreSQL database instead of a file: open() takes
// postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?sslmode=...] (libpq's conventions: without a password in
// the URL libpq takes PGPASSWORD or ~/.pgpass). Same schema and migrations (CatalogueSchema), an empty
// database is seeded, a newer schema or a login without write grants opens read-only with the reason.
// A connection the server dropped is opened again on the next connection().
class Catalogue
{
public:
    enum class Access
    {
        ReadWrite,
        ReadOnly
    };
    enum class IfMissing
    {
        Fail,
        CreateFromSeed
    };

    struct Options
    {
        Access access = Access::ReadWrite;
        IfMissing ifMissing = IfMissing::Fail;
    };

    static std::unique_ptr<Catalogue> open(const QString &path, const Options &options,
                                           CatalogueError *error);
    static std::unique_ptr<Catalogue> open(const QString &path, CatalogueError *error)
    {
        return open(path, Options{}, error);
    }

    // The user's catalogue in QStandardPaths::AppDataLocation, created from the seed on first run.
    static QString defaultPath();
    static std::unique_ptr<Catalogue> openDefault(CatalogueError *error);

    // Builds a new catalogue at path from the bundled seed. path must not exist (an existing file is
    // never overwritten) and its folder must. The file appears complete or not at all: it is built
    // under a temporary name and renamed into place.
    static CatalogueError createFromSeed(const QString &path);

    ~Catalogue();
    Catalogue(const Catalogue &) = delete;
    Catalogue &operator=(const Catalogue &) = delete;

    // postgresql:// or postgres://: a team catalogue on a PostgreSQL server, not a file.
    static bool isServerLocation(const QString &location);
    // The URL without its password, for titles and messages.
    static QString displayLocation(const QString &location);

    // The file, or for a team catalogue its URL without the password.
    QString path() const { return m_path; }
    bool isTeamCatalogue() const { return m_server; }
    bool isReadOnly() const { return m_readOnly; }
    QString readOnlyReason() const { return m_readOnlyReason; }
    int schemaVersion() const { return m_schemaVersion; }
    // This open built the file from the seed because nothing was at the path (a mistyped --db says so).
    bool wasCreated() const { return m_created; }
    // This open upgraded an older catalogue: the version it had (0 when it did not) and where the copy
    // taken before the upgrade is.
    int migratedFromVersion() const { return m_migratedFromVersion; }
    QString migrationBackupPath() const { return m_migrationBackupPath; }

    // Writes a consistent copy of the catalogue to target (CatalogueBackup), replacing it atomically;
    // refuses the catalogue's own file.
    CatalogueError backUpTo(const QString &target) const;

    // This thread's connection to the file, opened on first use.
    QSqlDatabase connection() const;
    // A worker thread calls this before it ends (its repositories and queries gone) to release its
    // connection; the destructor releases any that remain.
    void closeThreadConnection() const;

    // Every table, read in one transaction.
    // What a snapshot reads: everything; the model presets and profiles alone (the `models` and `profiles`
    // commands: a 100,000-GPU catalogue took 2.4 s and 246 MB to list its models); those with the GPUs
    // whose ids are `gpuIds` (exactly) and their benchmarks (commands about named GPUs: show, estimate,
    // compare; an id no GPU has is left out, not an error); or the user's imported measurement files and
    // runs alone (`measurements list`).
    enum class Parts
    {
        All,
        ModelsAndProfiles,
        NamedGpus,
        Measurements,
    };
    std::optional<CatalogueSnapshot> snapshot(CatalogueError *error = nullptr, Parts parts = Parts::All,
                                              const QStringList &gpuIds = {}) const;

    // PRAGMA integrity_check: "" when "ok", else what SQLite reported; "" for a team catalogue (the server
    // keeps its own).
    QString integrityCheck() const;

    // Refuses a write on a read-only catalogue; repositories call it first.
    CatalogueError checkWritable() const;

    GpuRepository gpus() const;
    BenchmarkRepository benchmarks() const;
    ModelRepository models() const;
    ProfileRepository profiles() const;
    MeasurementRepository measurements() const;
    SystemRepository systems() const;

private:
    Catalogue() = default;
    QSqlDatabase openConnection(const QString &name) const;
    CatalogueError upgrade(int fromVersion);
    static std::unique_ptr<Catalogue> openServer(const QString &location, const Options &options,
                                                 CatalogueError *error);
    CatalogueError createOrUpgradeOnServer();
    QString threadConnectionName() const;

    QString m_path;
    QString m_uri;
    QString m_connectOptions;
    QString m_connectionPrefix;
    bool m_readOnly = false;
    QString m_readOnlyReason;
    int m_schemaVersion = 0;
    bool m_created = false;
    int m_migratedFromVersion = 0;
    QString m_migrationBackupPath;
    // A team catalogue: where its server is (QPSQL's fields; the options are libpq's keywords).
    bool m_server = false;
    QString m_host;
    int m_port = -1;
    QString m_databaseName;
    QString m_user;
    QString m_password;
    mutable QMutex m_mutex;
    mutable QStringList m_connectionNames;
};
