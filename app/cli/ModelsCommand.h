#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] models [--json]: the catalogue's model presets with their size and architecture,
// the ids --model takes.
CliCommand modelsCommand();
