#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] import FILE [--on-conflict update|skip]: adds the GPUs of a CSV or JSON
// export to the catalogue, all or nothing.
CliCommand importCommand();
