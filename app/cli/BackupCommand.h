#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] backup TARGET: a consistent copy of the catalogue (SQLite's VACUUM INTO, never a
// plain copy of a live WAL file), replacing TARGET atomically.
CliCommand backupCommand();
