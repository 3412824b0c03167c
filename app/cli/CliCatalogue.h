#pragma once

#include "CliContext.h"

#include <CatalogueSnapshot.h>
#include <memory>
#include <optional>

class Catalogue;

// Opens the catalogue a headless command works on: --db FILE (created from the bundled seed when
// it does not exist yet, in a folder that exists), or the user's default catalogue in
// AppDataLocation. On failure it prints one clear line on stderr and returns null / nullopt.
std::unique_ptr<Catalogue> openCatalogueForCli(CliContext &context);

// The whole catalogue as plain values, for commands that only read (estimate, compare, list, show).
std::optional<CatalogueSnapshot> loadCatalogueForCli(CliContext &context);
