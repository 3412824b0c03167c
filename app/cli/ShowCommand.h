#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] show GPU [--json]: every spec of one GPU with units and sources, and the
// measured benchmarks the catalogue holds for it.
CliCommand showCommand();
