#pragma once

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
} // namespace ExitCode
