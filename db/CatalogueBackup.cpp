#include "db/CatalogueBackup.h"

#include "db/AtomicFileWriter.h"
#include "db/CatalogueSchema.h"
#include "db/SqliteFailure.h"
#include "db/WriteTransaction.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <unistd.h>

namespace {

bool syncPath(const QString &path, int flags)
{
    const int fd = ::open(QFile::encodeName(path).constData(), flags | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool synced = ::fsync(fd) == 0;
    return ::close(fd) == 0 && synced;
}

// Whether a program has the SQLite database at path open in WAL mode: every connection holds a shared lock
// on the dead-man-switch byte of PATH-shm while it is open (SQLite's os_unix.c: UNIX_SHM_DMS, byte 128).
// Asked with an open-file-description lock, which conflicts with SQLite's process locks even in this
// process, and only asked (F_OFD_GETLK): nothing is locked or released.
bool openInAnotherConnection(const QString &path)
{
    constexpr off_t kDeadManSwitch = 128;
    const int fd = ::open(QFile::encodeName(path + QStringLiteral("-shm")).constData(), O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return false; // no -shm: nobody has it open in WAL mode
    struct flock probe = {};
    probe.l_type = F_WRLCK;
    probe.l_whence = SEEK_SET;
    probe.l_start = kDeadManSwitch;
    probe.l_len = 1;
    const bool held = ::fcntl(fd, F_OFD_GETLK, &probe) == 0 && probe.l_type != F_UNLCK;
    ::close(fd);
    return held;
}

// Copies a killed backup left beside the target ("TARGET.partial-PID" and its "-journal"): removed when
// that process has ended; a running one's copy is its own business.
void removeStalePartials(const QFileInfo &target)
{
    const QDir folder = target.absoluteDir();
    const QString prefix = target.fileName() + QStringLiteral(".partial-");
    for (const QString &name : folder.entryList({prefix + u'*'}, QDir::Files | QDir::Hidden | QDir::System)) {
        QString pidText = name.mid(prefix.size());
        if (pidText.endsWith(QLatin1String("-journal")))
            pidText.chop(8);
        bool ok = false;
        const qint64 pid = pidText.toLongLong(&ok);
        if (!ok || pid <= 0 || pid == QCoreApplication::applicationPid())
            continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue; // alive, or not ours to ask about
        QFile::remove(folder.filePath(name));
    }
}

} // namespace

namespace CatalogueBackup {

namespace {

// Writes the copy that fill makes at a temporary path beside target, syncs it and renames it over target.
CatalogueError writeVia(const QString &target,
                        const std::function<CatalogueError(const QString &partial)> &fill)
{
    const QString shownTarget = QDir::toNativeSeparators(target);
    // Through a symbolic link to the file it names; never over a device, a pipe or a write-protected file.
    QString refused;
    const std::optional<QString> replaced = AtomicFileWriter::replaceableTarget(target, &refused);
    if (!replaced)
        return CatalogueError::make(CatalogueError::Kind::Io,
                                    QCoreApplication::translate("CatalogueBackup", "cannot back up to %1: %2")
                                        .arg(shownTarget, refused));
    const QFileInfo targetInfo(*replaced);
    // Replacing a catalogue a window has open would send that window's later saves to the deleted file, and
    // its WAL frames over the new one.
    if (openInAnotherConnection(targetInfo.absoluteFilePath()))
        return CatalogueError::make(
            CatalogueError::Kind::Io,
            QCoreApplication::translate(
                "CatalogueBackup", "cannot back up to %1: a catalogue open in another window or program; "
                                   "close it there first, or back up to another file")
                .arg(shownTarget));
    if (!targetInfo.absoluteDir().exists())
        return CatalogueError::make(
            CatalogueError::Kind::FolderMissing,
            QCoreApplication::translate("CatalogueBackup",
                                        "cannot back up to %1: the folder %2 does not exist")
                .arg(shownTarget, QDir::toNativeSeparators(targetInfo.absolutePath())));

    const QString partial =
        targetInfo.absoluteFilePath() + QStringLiteral(".partial-%1").arg(QCoreApplication::applicationPid());
    const auto removePartial = [&partial] {
        for (const QString &suffix : {QString(), QStringLiteral("-journal")})
            QFile::remove(partial + suffix);
    };
    removePartial(); // VACUUM INTO refuses an existing file; a crashed run of this process id left it
    removeStalePartials(targetInfo);
    const auto fail = [&](CatalogueError error) {
        removePartial();
        return error;
    };

    if (CatalogueError error = fill(partial))
        return fail(error);
    if (!syncPath(partial, O_RDONLY))
        return fail(CatalogueError::make(
            CatalogueError::Kind::Io,
            QCoreApplication::translate("CatalogueBackup",
                                        "cannot back up to %1: the copy could not be synced to the disk")
                .arg(shownTarget)));
    // rename(2) replaces the target in one step; QFile::rename refuses an existing target.
    if (std::rename(QFile::encodeName(partial).constData(),
                    QFile::encodeName(targetInfo.absoluteFilePath()).constData()) != 0)
        return fail(CatalogueError::make(
            CatalogueError::Kind::Io,
            QCoreApplication::translate("CatalogueBackup",
                                        "cannot back up to %1: the copy could not be renamed into place")
                .arg(shownTarget)));
    syncPath(targetInfo.absolutePath(), O_RDONLY | O_DIRECTORY); // the rename itself survives a power cut
    return {};
}

// Copies every table of the SQLite file `copy` (built at the current schema) from source, row by row.
CatalogueError copyRows(QSqlDatabase source, QSqlDatabase copy, const QString &shownTarget)
{
    const auto failed = [&shownTarget](const QSqlQuery &query) {
        return SqliteFailure::toError(
            query.lastError(),
            QCoreApplication::translate("CatalogueBackup", "cannot back up to %1").arg(shownTarget));
    };
    QSqlQuery tables(copy);
    // The tables in the order they were made: a table a foreign key names comes before the one naming it.
    if (!tables.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")))
        return failed(tables);
    QStringList names;
    while (tables.next())
        names << tables.value(0).toString();
    tables.finish();
    for (const QString &table : std::as_const(names)) {
        QStringList columns;
        QSqlQuery info(copy);
        if (!info.exec(QStringLiteral("PRAGMA table_info(%1)").arg(table)))
            return failed(info);
        while (info.next())
            columns << info.value(1).toString();
        info.finish();
        // The rows a migration put in (the answered seed ids of version 4) give way to the catalogue's own.
        QSqlQuery clear(copy);
        if (!clear.exec(QStringLiteral("DELETE FROM %1").arg(table)))
            return failed(clear);
        // Table and column names come from the schema the copy was built with, never from the source.
        QSqlQuery read(source);
        read.setForwardOnly(true);
        if (!read.exec(QStringLiteral("SELECT %1 FROM %2").arg(columns.join(QStringLiteral(", ")), table)))
            return failed(read);
        QSqlQuery write(copy);
        QStringList marks;
        for (qsizetype i = 0; i < columns.size(); ++i)
            marks << QStringLiteral("?");
        write.prepare(QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)")
                          .arg(table, columns.join(QStringLiteral(", ")), marks.join(QStringLiteral(", "))));
        while (read.next()) {
            for (int i = 0; i < columns.size(); ++i)
                write.addBindValue(read.value(i));
            if (!write.exec())
                return failed(write);
        }
        if (read.lastError().isValid())
            return failed(read);
    }
    return {};
}

} // namespace

CatalogueError write(QSqlDatabase database, const QString &target)
{
    const QString shownTarget = QDir::toNativeSeparators(target);
    return writeVia(target, [&](const QString &partial) -> CatalogueError {
        QSqlQuery query(database);
        query.prepare(QStringLiteral("VACUUM INTO ?"));
        query.addBindValue(partial);
        if (!query.exec())
            return SqliteFailure::toError(
                query.lastError(),
                QCoreApplication::translate("CatalogueBackup", "cannot back up to %1").arg(shownTarget),
                partial);
        return {};
    });
}

CatalogueError copyToFile(QSqlDatabase source, const QString &target)
{
    const QString shownTarget = QDir::toNativeSeparators(target);
    QSqlError failure;
    const std::optional<CatalogueSchema::Stamp> stamp = CatalogueSchema::readStamp(source, &failure);
    if (!stamp)
        return SqliteFailure::toError(
            failure, QCoreApplication::translate("CatalogueBackup", "cannot back up to %1").arg(shownTarget));
    if (stamp->version != CatalogueSchema::kCurrentVersion)
        return CatalogueError::make(
            CatalogueError::Kind::Invalid,
            QCoreApplication::translate("CatalogueBackup",
                                        "cannot back up to %1: the catalogue has schema "
                                        "version %2 and this GPU Compare writes version %3")
                .arg(shownTarget)
                .arg(stamp->version)
                .arg(CatalogueSchema::kCurrentVersion));
    return writeVia(target, [&](const QString &partial) -> CatalogueError {
        static QAtomicInteger<quint64> counter;
        const QString name = QStringLiteral("gpucompare-backup-copy-%1").arg(counter.fetchAndAddRelaxed(1));
        CatalogueError error;
        {
            QSqlDatabase copy = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            copy.setDatabaseName(partial);
            if (!copy.open()) {
                error = CatalogueError::make(
                    CatalogueError::Kind::Io,
                    QCoreApplication::translate("CatalogueBackup", "cannot back up to %1: %2")
                        .arg(shownTarget, copy.lastError().text()));
            } else {
                // One read transaction on the server: the copy is one committed state, as VACUUM INTO's is.
                QSqlQuery begin(source);
                const bool server = CatalogueSchema::engineOf(source) == CatalogueSchema::Engine::PostgreSQL;
                if (!begin.exec(server ? QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                                       : QStringLiteral("BEGIN")))
                    error = SqliteFailure::toError(
                        begin.lastError(),
                        QCoreApplication::translate("CatalogueBackup", "cannot back up to %1")
                            .arg(shownTarget));
                if (!error)
                    error = CatalogueSchema::migrate(copy, 0);
                WriteTransaction transaction(copy);
                if (!error)
                    error = transaction.begin();
                if (!error)
                    error = copyRows(source, copy, shownTarget);
                if (!error)
                    error = transaction.commit();
                begin.exec(QStringLiteral("COMMIT"));
            }
            copy.close();
        }
        QSqlDatabase::removeDatabase(name);
        return error;
    });
}

QString migrationBackupPath(const QString &path, int fromVersion)
{
    const QString base = QFileInfo(path).absoluteFilePath() + QStringLiteral(".v%1-backup").arg(fromVersion);
    QString candidate = base;
    for (int n = 2; QFileInfo::exists(candidate); ++n)
        candidate = base + QStringLiteral("-%1").arg(n);
    return candidate;
}

} // namespace CatalogueBackup
