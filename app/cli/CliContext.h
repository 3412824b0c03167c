#pragma once

#include <CatalogueError.h>
#include <QString>
#include <QTextStream>

// What every headless command receives: the catalogue path chosen by --db (empty = the default
// catalogue) and the streams it writes to. Output goes to stdout only; messages to stderr.
struct CliContext
{
    QString databasePath;
    QTextStream &out;
    QTextStream &err;
};

// Exit codes shared by all commands.
namespace ExitCode {
constexpr int Ok = 0;
constexpr int Failure = 1;   // the command ran but could not do its work (I/O, database)
constexpr int BadInput = 2;  // bad arguments, unknown GPU or model, unwritable output path

// The exit code of a failed write or database step. The disk, the system or SQLite failing (a full disk,
// a read or write refused, another program holding the file, out of memory) is the command failing to do
// its work, never the user's input; a missing folder or a read-only file found before writing is.
constexpr int forError(CatalogueError::Kind kind)
{
    return kind == CatalogueError::Kind::Io || kind == CatalogueError::Kind::Sql ? Failure : BadInput;
}
} // namespace ExitCode
