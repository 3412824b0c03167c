#pragma once

#include "CatalogueError.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>

// Replaces a file atomically: the data goes to a temporary file next to it (QSaveFile), every write is
// checked for its full length and flushed before the rename. On Qt 6.4 a short write on a full disk
// is otherwise committed as success (QTBUG-75077), so a failed or short write here cancels and
// leaves the previous file byte for byte as it was.
namespace AtomicFileWriter {

CatalogueError write(const QString &path, const QByteArray &data);

// Writes all of data to device in chunks, false on any error or short write (exposed for tests).
bool writeAll(QIODevice &device, const QByteArray &data);

} // namespace AtomicFileWriter
