#pragma once

#include "db/GpuSpec.h"

#include <QByteArray>
#include <QHash>
#include <QVector>
#include <optional>

// Reads the raw datasheet CSV (resources/seed/gpu-specs.csv: one row per GPU variant, values as the
// datasheets print them) into typed GpuSpec records in canonical units. The text cells are
// interpreted by fixed rules, and the original text is kept in a note wherever a rule had to pick:
//   "n/a", "", "not published ..."        -> missing (NULL), never 0
//   "304 CU", "~1965 (device-reported)"  -> the leading number
//   TDP "up to 700 (configurable)", "350-400 (...)" -> the configurable maximum (700, 400)
//   "PCIe Gen5 x16"                      -> pcieGeneration 5
//   gpus_per_node "8"                    -> gpusPerNode 8 (a whole number; reasons in gpu-specs-notes.md)
//   NVLink/NVSwitch/Infinity Fabric text -> interconnectKind none | nvlink-bridge | nvlink-switch |
//   infinity-fabric
// A cell no rule understands is an error naming its line and column: the seed must be read exactly.
namespace DatasheetCsvParser {

std::optional<QVector<GpuSpec>> parse(const QByteArray &csv, QString *error);

// Default rental prices (resources/seed/gpu-prices.csv: gpu_id, usd_per_gpu_hour, basis, source, and
// optionally purchase_usd, purchase_basis, purchase_source: a press estimate of the purchase price for a
// GPU whose vendor publishes no MSRP), merged into gpus by gpu_id. An unknown gpu_id or a bad price is an
// error.
bool applyPrices(QVector<GpuSpec> &gpus, const QByteArray &pricesCsv, QString *error);

// The boards' PCI ids (resources/seed/gpu-pci-ids.csv: gpu_id, pci_ids, source), merged into gpus by
// gpu_id so this machine's GPUs can be found. An unknown gpu_id or ids PciIds refuses is an error
// naming the line; an empty pci_ids cell is "not known" and leaves the GPU without ids.
bool applyPciIds(QVector<GpuSpec> &gpus, const QByteArray &pciIdsCsv, QString *error);

// The interconnect kind for a datasheet's NVLink/fabric text (exposed for tests).
QString interconnectKindFor(const QString &text);

} // namespace DatasheetCsvParser
