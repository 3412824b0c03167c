#pragma once

#include "app/cli/CliContext.h"
#include "db/CatalogueSnapshot.h"
#include "db/SystemSpec.h"

#include <QJsonObject>

// How the command line prints systems (list --systems, show SYSTEM).
namespace SystemOutput {

// {"system_id", "name", "gpu_id", "gpus_per_node", "scale_up": {"gpus", "gbps_per_gpu", "kind"},
//  "scale_out": {"nics", "gbps_per_nic"}, "node_power_w", "price_usd", "usd_per_hour", "sources"}: unknown
// values are null. scale_up.gbps_per_gpu is GB/s bidirectional (as NVLink is quoted), scale_out.gbps_per_nic
// Gb/s (as NICs are); usd_per_hour is the whole system's (per GPU-hour x GPUs).
QJsonObject toJson(const SystemSpec &system);

// list --systems [--json]
int list(const CatalogueSnapshot &catalogue, bool json, CliContext &context);
// show SYSTEM [--json]: every value with its unit, then the sources and notes.
int show(const SystemSpec &system, bool json, CliContext &context);

} // namespace SystemOutput
