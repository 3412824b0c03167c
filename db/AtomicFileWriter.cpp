#include "AtomicFileWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace AtomicFileWriter {

bool writeAll(QIODevice &device, const QByteArray &data)
{
    constexpr qint64 kChunk = 64 * 1024;
    qint64 offset = 0;
    while (offset < data.size()) {
        const qint64 length = std::min(kChunk, data.size() - offset);
        const qint64 written = device.write(data.constData() + offset, length);
        if (written != length)
            return false;
        offset += written;
    }
    return true;
}

CatalogueError write(const QString &path, const QByteArray &data)
{
    const QFileInfo target(path);
    if (!target.absoluteDir().exists())
        return CatalogueError::make(
            CatalogueError::Kind::Io,
            QCoreApplication::translate("AtomicFileWriter", "cannot write %1: the folder does not exist")
                .arg(path));
    if (target.isDir())
        return CatalogueError::make(
            CatalogueError::Kind::Io,
            QCoreApplication::translate("AtomicFileWriter", "cannot write %1: it is a folder").arg(path));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return CatalogueError::make(CatalogueError::Kind::Io,
                                    QCoreApplication::translate("AtomicFileWriter", "cannot write %1: %2")
                                        .arg(path, file.errorString()));
    if (!writeAll(file, data) || !file.flush()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return CatalogueError::make(
            CatalogueError::Kind::Io,
            QCoreApplication::translate("AtomicFileWriter", "cannot write %1: %2; the previous file was kept")
                .arg(path, reason));
    }
    if (!file.commit())
        return CatalogueError::make(
            CatalogueError::Kind::Io,
            QCoreApplication::translate("AtomicFileWriter", "cannot write %1: %2; the previous file was kept")
                .arg(path, file.errorString()));
    return {};
}

} // namespace AtomicFileWriter
