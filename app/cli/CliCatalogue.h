#pragma once

#include "app/cli/CliContext.h"
#include "db/Catalogue.h"
#include "db/CatalogueSnapshot.h"

#include <memory>
#include <optional>

// What a command does when --db names no file.
enum class IfCatalogueMissing
{
    CreateFromSeed, // a new catalogue from the bundled seed, and a line on stderr that says so
    Fail,           // backup: there is nothing to copy
};

// Opens the catalogue a headless command works on: --db FILE (created from the bundled seed when
// it does not exist yet, in a folder that exists), or the user's default catalogue in
// AppDataLocation. On failure it prints one clear line on stderr and returns null / nullopt. A new
// file (a mistyped --db) and an upgraded older catalogue (and where its backup is) are said on stderr.
std::unique_ptr<Catalogue>
openCatalogueForCli(CliContext &context, IfCatalogueMissing ifMissing = IfCatalogueMissing::CreateFromSeed);

// The catalogue as plain values, for commands that only read (estimate, compare, list, show): all of it, or
// only what `parts` names.
std::optional<CatalogueSnapshot> loadCatalogueForCli(CliContext &context,
                                                     Catalogue::Parts parts = Catalogue::Parts::All);

// The catalogue for a command about the GPUs that `queries` name: those GPUs alone (with the presets,
// profiles and their benchmarks) when every query is a gpu_id as stored, else all of it, so that a name
// in another case and the close matches of a mistyped one are found as before.
std::optional<CatalogueSnapshot> loadCatalogueForGpus(CliContext &context, const QStringList &queries);
