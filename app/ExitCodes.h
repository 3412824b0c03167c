#pragma once

#include "db/CatalogueError.h"

// The exit codes of the program, whether it ran a headless command or opened the window (a `--screenshot`
// run ends with the code of its write): scripts read them, so both front doors take them from here.
namespace ExitCode {
constexpr int Ok = 0;
constexpr int Failure = 1;  // the program ran but could not do its work (I/O, database)
constexpr int BadInput = 2; // bad arguments, unknown GPU or model, unwritable output path

// The exit code of a failed write or database step. The disk, the system or SQLite failing (a full disk,
// a read or write refused, another program holding the file, out of memory) is the program failing to do
// its work, never the user's input; a missing folder or a read-only file found before writing is.
constexpr int forError(CatalogueError::Kind kind)
{
    return kind == CatalogueError::Kind::Io || kind == CatalogueError::Kind::Sql ? Failure : BadInput;
}
} // namespace ExitCode
