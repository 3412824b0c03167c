#pragma once

#include "db/CatalogueError.h"
#include "db/GpuSpec.h"
#include "db/StoredMeasurement.h"

#include <QByteArray>
#include <QVector>

// Writes the GPUs of a catalogue as CSV or JSON, every GpuField in canonical units:
// - CSV: a header of field keys (gpu_id, vendor, ..., fp16_dense_tflops, ...), one row per GPU, empty
//   cell = missing, numbers in the shortest form that reads back to the same double, text cells
//   protected against spreadsheet formulas (see CsvWriter::textField);
// - JSON: {"format": "gpucompare-catalogue", "version": 1, "gpus": [{key: value or null, ...}],
//   "measurements": [...]}: the user's imported measurement files, each with its runs (a key readers of
//   version 1 that predate it ignore; absent when there are none). CSV holds the GPUs only.
// CatalogueImporter reads both back exactly. Row ids, revisions and user-modified marks are not
// exported: they describe one file, not the specs.
namespace CatalogueExporter {

enum class Format
{
    Csv,
    Json
};

QByteArray toCsv(const QVector<GpuSpec> &gpus);
QByteArray toJson(const QVector<GpuSpec> &gpus, const QVector<MeasurementFile> &measurementFiles = {},
                  const QVector<StoredMeasuredRun> &measuredRuns = {});

// Format from the extension (.csv or .json, any case); nullopt for anything else.
std::optional<Format> formatForPath(const QString &path);

// Writes the file atomically (AtomicFileWriter): a failure leaves any previous file unchanged.
CatalogueError exportToFile(const QVector<GpuSpec> &gpus, const QString &path,
                            const QVector<MeasurementFile> &measurementFiles = {},
                            const QVector<StoredMeasuredRun> &measuredRuns = {});

} // namespace CatalogueExporter
