#pragma once

#include "CliCommand.h"

// gpucompare [--db FILE] list [--json]: every GPU of the catalogue with its headline specs.
CliCommand listCommand();
