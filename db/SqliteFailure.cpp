#include "db/SqliteFailure.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStorageInfo>
#include <QUrl>

namespace {

// SQLite's primary result codes (sqlite3.h); extended codes keep them in the low byte.
constexpr int kPerm = 3;
constexpr int kBusy = 5;
constexpr int kLocked = 6;
constexpr int kNoMem = 7;
constexpr int kReadOnly = 8;
constexpr int kIoErr = 10;
constexpr int kCorrupt = 11;
constexpr int kFull = 13;
constexpr int kCantOpen = 14;
constexpr int kNotADb = 26;

// Less than this left for us on the file's disk: an I/O error there is the disk being full (SQLite
// writes pages of at most 64 KiB; its shared-memory file grows by 32 KiB).
constexpr qint64 kNearlyFullBytes = 256 * 1024;

bool diskIsFull(const QString &path)
{
    if (path.isEmpty())
        return false;
    // A connection's databaseName() is the file: URI the catalogue opens it with.
    const QFileInfo file(path.startsWith(QLatin1String("file:")) ? QUrl(path).toLocalFile() : path);
    const QStorageInfo storage(file.exists() ? file.absoluteFilePath() : file.absolutePath());
    return storage.isValid() && storage.bytesAvailable() >= 0 && storage.bytesAvailable() < kNearlyFullBytes;
}

// SQLite's text without Qt's "Unable to fetch row" / "Unable to execute statement" tail.
QString sqliteText(const QSqlError &error)
{
    return error.databaseText().isEmpty() ? error.text() : error.databaseText();
}

} // namespace

namespace SqliteFailure {

Cause causeOf(const QSqlError &error, const QString &path)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok) & 0xff;
    if (!ok) {
        // Errors Qt makes itself carry no code; SQLite's words are all there is.
        const QString text = error.text();
        if (text.contains(QLatin1String("disk is full")))
            return Cause::DiskFull;
        if (text.contains(QLatin1String("not a database")))
            return Cause::NotADatabase;
        if (text.contains(QLatin1String("malformed")))
            return Cause::Corrupt;
        if (text.contains(QLatin1String("disk I/O error")) || text.contains(QLatin1String("unable to open")))
            return diskIsFull(path) ? Cause::DiskFull : Cause::Io;
        return Cause::Other;
    }
    switch (code) {
    case kFull:
        return Cause::DiskFull;
    case kIoErr:
    case kCantOpen:
    case kPerm:
        return diskIsFull(path) ? Cause::DiskFull : Cause::Io;
    case kBusy:
    case kLocked:
        return Cause::Busy;
    case kReadOnly:
        return Cause::ReadOnly;
    case kCorrupt:
        return Cause::Corrupt;
    case kNotADb:
        return Cause::NotADatabase;
    case kNoMem:
        return Cause::OutOfMemory;
    default:
        return Cause::Other;
    }
}

QString describe(const QSqlError &error, const QString &path)
{
    const QString words = sqliteText(error);
    QString what;
    switch (causeOf(error, path)) {
    case Cause::DiskFull:
        what = QCoreApplication::translate("SqliteFailure", "the disk is full");
        break;
    case Cause::Io:
        what = QCoreApplication::translate("SqliteFailure", "the system refused a read or write");
        break;
    case Cause::Busy:
        what = QCoreApplication::translate("SqliteFailure", "another program is using the catalogue");
        break;
    case Cause::ReadOnly:
        what = QCoreApplication::translate("SqliteFailure", "the file cannot be written");
        break;
    case Cause::OutOfMemory:
        what = QCoreApplication::translate("SqliteFailure", "out of memory");
        break;
    case Cause::Corrupt:
    case Cause::NotADatabase:
    case Cause::Other:
        return words;
    }
    return words.isEmpty() ? what : what + QStringLiteral(" (") + words + u')';
}

CatalogueError toError(const QSqlError &error, const QString &context, const QString &path)
{
    CatalogueError::Kind kind = CatalogueError::Kind::Sql;
    switch (causeOf(error, path)) {
    case Cause::DiskFull:
    case Cause::Io:
        kind = CatalogueError::Kind::Io;
        break;
    case Cause::Busy:
    case Cause::OutOfMemory:
        break;
    case Cause::ReadOnly:
        kind = CatalogueError::Kind::ReadOnly;
        break;
    case Cause::Corrupt:
        kind = CatalogueError::Kind::Damaged;
        break;
    case Cause::NotADatabase:
        kind = CatalogueError::Kind::NotADatabase;
        break;
    case Cause::Other:
        break;
    }
    const QString description = describe(error, path);
    return CatalogueError::make(kind, context.isEmpty() ? description
                                                        : context + QStringLiteral(": ") + description);
}

} // namespace SqliteFailure
