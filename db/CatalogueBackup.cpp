#include "db/CatalogueBackup.h"

#include "db/AtomicFileWriter.h"
#include "db/SqliteFailure.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
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

CatalogueError write(QSqlDatabase database, const QString &target)
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

    QSqlQuery query(database);
    query.prepare(QStringLiteral("VACUUM INTO ?"));
    query.addBindValue(partial);
    if (!query.exec())
        return fail(SqliteFailure::toError(
            query.lastError(),
            QCoreApplication::translate("CatalogueBackup", "cannot back up to %1").arg(shownTarget),
            partial));
    query.finish();
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

QString migrationBackupPath(const QString &path, int fromVersion)
{
    const QString base = QFileInfo(path).absoluteFilePath() + QStringLiteral(".v%1-backup").arg(fromVersion);
    QString candidate = base;
    for (int n = 2; QFileInfo::exists(candidate); ++n)
        candidate = base + QStringLiteral("-%1").arg(n);
    return candidate;
}

} // namespace CatalogueBackup
