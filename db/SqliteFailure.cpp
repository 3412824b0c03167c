#include "db/SqliteFailure.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStorageInfo>
#include <QUrl>
#include <optional>

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

// SQLite's text without Qt's "Unable to fetch row" / "Unable to execute statement" tail; of PostgreSQL's,
// the first line without its "ERROR:  " (a DETAIL or HINT line follows it).
QString sqliteText(const QSqlError &error)
{
    QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    const QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    text = lines.isEmpty() ? QString() : lines.first().trimmed();
    for (const QLatin1String severity : {QLatin1String("ERROR:"), QLatin1String("FATAL:")})
        if (text.startsWith(severity))
            text = text.mid(severity.size()).trimmed();
    return text;
}

using SqliteFailure::Cause;

// PostgreSQL's SQLSTATE (five characters; SQLite's extended codes have at most four digits).
std::optional<Cause> postgreSqlCause(const QSqlError &error)
{
    const QString state = error.nativeErrorCode();
    const QString text = error.text();
    const bool lost = text.contains(QLatin1String("server closed the connection")) ||
                      text.contains(QLatin1String("no connection to the server")) ||
                      text.contains(QLatin1String("terminating connection")) ||
                      text.contains(QLatin1String("connection to server was lost"));
    if (state.size() != 5)
        return lost ? std::optional<Cause>(Cause::Disconnected) : std::nullopt;
    if (state.startsWith(QLatin1String("08")) || state.startsWith(QLatin1String("57P")) || lost)
        return Cause::Disconnected; // connection_exception, admin_shutdown, crash_shutdown, ...
    if (state == QLatin1String("57014"))
        return Cause::TimedOut; // query_canceled: statement_timeout (the only cancel this program sends)
    if (state == QLatin1String("53100"))
        return Cause::DiskFull;
    if (state == QLatin1String("53200"))
        return Cause::OutOfMemory;
    if (state == QLatin1String("42501") || state == QLatin1String("25006"))
        return Cause::ReadOnly; // insufficient_privilege, read_only_sql_transaction
    if (state == QLatin1String("40001") || state == QLatin1String("40P01") || state == QLatin1String("55P03"))
        return Cause::Busy; // serialization_failure, deadlock_detected, lock_not_available
    if (state.startsWith(QLatin1String("XX")))
        return Cause::Corrupt; // internal_error, data_corrupted, index_corrupted
    return Cause::Other;
}

} // namespace

namespace SqliteFailure {

bool isUniqueViolation(const QSqlError &error)
{
    return error.nativeErrorCode() == QLatin1String("23505") ||
           error.text().contains(QLatin1String("UNIQUE constraint failed"));
}

Cause causeOf(const QSqlError &error, const QString &path)
{
    if (const std::optional<Cause> cause = postgreSqlCause(error))
        return *cause;
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
    case Cause::Disconnected:
        what = QCoreApplication::translate(
            "SqliteFailure", "the connection to the server was lost; the server rolled back the unfinished "
                             "save, so nothing of it was written, and nothing that was saved before is lost");
        break;
    case Cause::TimedOut:
        // One line that says the wait is over and nothing is half done; the server's "canceling statement
        // due to statement timeout" adds nothing to it.
        return QCoreApplication::translate(
            "SqliteFailure", "the server did not finish within the time allowed (statement_timeout) and "
                             "cancelled it; nothing was changed, a save was rolled back whole");
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
    case Cause::Disconnected:
    case Cause::TimedOut:
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
