#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] profiles [--json]: the catalogue's efficiency profiles, the ids --profile takes,
// and the tasks each is the default for.
CliCommand profilesCommand();
