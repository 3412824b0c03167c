#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] list [--here] [--json]: every GPU of the catalogue with its headline specs;
// --here: only the GPUs found in this machine (MachineGpus), with how many of each.
CliCommand listCommand();
