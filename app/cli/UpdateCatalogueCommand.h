#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] update-catalogue [--list] [--all | ID...]: the GPUs and model presets this
// version's seed has and the catalogue lacks (SeedCatalogue::offerFor), listed or added as bundled rows.
// The window offers the same rows at start-up; existing rows, edited or not, are never touched.
CliCommand updateCatalogueCommand();
