#pragma once

#include "db/CatalogueError.h"

#include <QSqlError>
#include <QString>

// What an SQLite failure means for the user. SQLite's own texts mislead: a full disk while it maps the
// shared-memory file reads "disk I/O error", and Qt appends "Unable to fetch row". The result code (Qt's
// nativeErrorCode) says what happened; only SQLITE_CORRUPT and SQLITE_NOTADB are about the file itself.
// A team catalogue's errors come from PostgreSQL, whose code is a five-character SQLSTATE ("23505"); they
// are read as the same causes, and a lost connection (the server stopped, or ended our session) is one more.
namespace SqliteFailure {

enum class Cause
{
    DiskFull,     // SQLITE_FULL, or an I/O error on a disk with no space left
    Io,           // SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM: the system refused a read or write
    Busy,         // SQLITE_BUSY, SQLITE_LOCKED: another process holds the file
    ReadOnly,     // SQLITE_READONLY
    Corrupt,      // SQLITE_CORRUPT: the file is damaged
    NotADatabase, // SQLITE_NOTADB
    OutOfMemory,  // SQLITE_NOMEM
    Disconnected, // PostgreSQL: the connection to the server was lost (its transaction is rolled back)
    TimedOut, // PostgreSQL: the statement ran past statement_timeout (cancelled, its transaction rolled back)
    Other,
};

// path: the file the failure concerns (to tell a full disk from another I/O error); may be empty.
Cause causeOf(const QSqlError &error, const QString &path = QString());

// A UNIQUE constraint refused the write (SQLite's words, or PostgreSQL's unique_violation).
bool isUniqueViolation(const QSqlError &error);

// "the disk is full", "a read or write failed", ... followed by SQLite's own words.
QString describe(const QSqlError &error, const QString &path = QString());

// Kind::Io for a full disk or a refused read or write, Kind::ReadOnly, Kind::Damaged only for a corrupt
// file, Kind::NotADatabase, else Kind::Sql; message is context + ": " + describe().
CatalogueError toError(const QSqlError &error, const QString &context, const QString &path = QString());

} // namespace SqliteFailure
