#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] export FILE: writes the catalogue's GPUs as CSV or JSON (from the extension),
// replacing FILE atomically.
CliCommand exportCommand();
