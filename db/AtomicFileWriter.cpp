#include "db/AtomicFileWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <cerrno>
#include <sys/stat.h>

namespace AtomicFileWriter {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("AtomicFileWriter", text);
}

CatalogueError ioError(const QString &message)
{
    return CatalogueError::make(CatalogueError::Kind::Io, message);
}

CatalogueError keptPrevious(const QString &path, const QString &reason)
{
    return ioError(tr("cannot write %1: %2; the previous file was kept").arg(path, reason));
}

// QIODevice's text when no error was set: English, or as a loaded Qt translation says it ("未知错误").
bool isUnknownError(const QString &system)
{
    // Qt's own message, looked up in Qt's catalogue; held in variables so that lupdate does not copy it
    // into ours.
    static const char *const context = "QIODevice";
    static const char *const text = "Unknown error";
    return system == QLatin1String(text) || system == QCoreApplication::translate(context, text);
}

} // namespace

bool writeAll(QIODevice &device, const QByteArray &data)
{
    // A short write is retried with the rest: on a disk that just filled up the next write fails, and
    // its error (ENOSPC) is the reason the user is told. No progress at all is a failure too.
    constexpr qint64 kChunk = 64 * 1024;
    qint64 offset = 0;
    while (offset < data.size()) {
        const qint64 length = std::min(kChunk, data.size() - offset);
        const qint64 written = device.write(data.constData() + offset, length);
        if (written <= 0)
            return false;
        offset += written;
    }
    return true;
}

QString failureReason(const QFileDevice &file)
{
    const QString system = file.errorString();
    if (system == qt_error_string(ENOSPC) || system == qt_error_string(EDQUOT))
        return tr("the disk is full (%1)").arg(system);
    if (system == qt_error_string(EFBIG))
        return tr("the file is larger than this disk or this process may write (%1)").arg(system);
    // QIODevice's default text, or none: the data did not all reach the disk, most often for lack of room.
    if (system.isEmpty() || isUnknownError(system))
        return tr("not all of it could be written (is the disk full?)");
    return system;
}

std::optional<QString> replaceableTarget(const QString &path, QString *reason)
{
    const QFileInfo info(path);
    const QString target = info.isSymLink() ? info.symLinkTarget() : info.absoluteFilePath();
    struct stat status;
    if (::stat(QFile::encodeName(target).constData(), &status) != 0)
        return target; // nothing there yet (or a dangling link's target): written new
    if (S_ISDIR(status.st_mode)) {
        *reason = tr("it is a folder");
        return std::nullopt;
    }
    if (!S_ISREG(status.st_mode)) {
        *reason = tr("it is not a regular file (a device, a pipe or a socket)");
        return std::nullopt;
    }
    if ((status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0) {
        *reason = tr("it is write-protected");
        return std::nullopt;
    }
    return target;
}

CatalogueError write(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    return write(file, data);
}

CatalogueError write(QSaveFile &file, const QByteArray &data)
{
    const QString path = QDir::toNativeSeparators(file.fileName());
    const QFileInfo target(file.fileName());
    if (!target.absoluteDir().exists())
        return ioError(tr("cannot write %1: the folder does not exist").arg(path));
    QString refused;
    if (!replaceableTarget(file.fileName(), &refused))
        return ioError(tr("cannot write %1: %2").arg(path, refused));
    if (!file.open(QIODevice::WriteOnly))
        return ioError(tr("cannot write %1: %2").arg(path, failureReason(file)));
    // flush() pushes out what QFileDevice buffered, so a failure of the last bytes is seen here and
    // not lost inside commit().
    if (!writeAll(file, data) || !file.flush()) {
        const QString reason = failureReason(file);
        file.cancelWriting();
        return keptPrevious(path, reason);
    }
    if (!file.commit())
        return keptPrevious(path, failureReason(file));
    return {};
}

} // namespace AtomicFileWriter
