#pragma once

#include "db/CatalogueError.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>
#include <optional>

class QFileDevice;
class QSaveFile;

// Every file the app writes (catalogue exports, scenarios, reports, charts, screenshots) is made whole
// in memory and replaced here atomically: the data goes to a temporary file next to it (QSaveFile),
// every write is checked for its full length, then flushed and committed, each checked. On Qt 6.4 a
// short write or a failed final flush on a full disk is otherwise committed as success (QTBUG-75077),
// so a failure here cancels and leaves the previous file byte for byte as it was.
namespace AtomicFileWriter {

CatalogueError write(const QString &path, const QByteArray &data);

// The same through a save file the caller made (not yet open): tests pass one that fails as a full
// disk does, so the failure path runs on every machine.
CatalogueError write(QSaveFile &file, const QByteArray &data);

// The file a write meant for path replaces, or why it may not replace what is there: a symbolic link is
// followed (the file it points to is replaced, the link stays); a device, a FIFO or a socket is never
// replaced by a regular file, nor a write-protected file (no write bit: root may rename over it, the user
// said it should not change). nullopt with *reason when refused.
std::optional<QString> replaceableTarget(const QString &path, QString *reason);

// Writes all of data to device in chunks, retrying short writes; false on an error or a write that
// makes no progress (exposed for tests).
bool writeAll(QIODevice &device, const QByteArray &data);

// Why a write to file failed, in words a user acts on: "the disk is full" for ENOSPC rather than the
// system's text, and never an empty or "Unknown error" reason.
QString failureReason(const QFileDevice &file);

} // namespace AtomicFileWriter
