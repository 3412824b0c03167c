#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] measurements import FILE... [--gpu ID] [--model ID] [--gpus N] [--tp N]
// [--profile P] [--source TEXT] | list [--json] | remove ID: the user's own benchmark results (issue 41),
// read from the tools' result files (MeasurementFileReader) and kept in the catalogue.
CliCommand measurementsCommand();
