#pragma once

#include "db/CatalogueError.h"
#include "db/GpuField.h"
#include "db/GpuRepository.h"
#include "db/GpuSpec.h"
#include "db/MeasurementRepository.h"

#include <QByteArray>
#include <QVector>
#include <functional>
#include <optional>

class Catalogue;

// Reads what CatalogueExporter writes (CSV or JSON) and imports it all or nothing: the whole file is
// parsed and validated before anything is written, then saved in one transaction. A problem names
// where it is: "line 7, field memory_gb: must not be negative (got -80)" or
// "$.gpus[3].memory_gb: must be a number".
struct ImportProblem
{
    QString location; // "line 7" or "$.gpus[3]"
    QString field;    // the field key, "" when the problem is not about one field
    QString reason;
    bool cancelled = false; // the progress callback asked to stop

    QString text() const;
};

namespace CatalogueImporter {

// Told how many rows of how many are parsed, every few hundred rows; returning false cancels the parse
// (the result is then nullopt with problem->cancelled set). May be called from a worker thread.
using Progress = std::function<bool(qsizetype done, qsizetype total)>;

// given, when not null, receives for each GPU the fields the file gives: a CSV's columns, a JSON
// object's keys. A field the file lacks reads as missing in the GpuSpec; an import leaves it as it is.
std::optional<QVector<GpuSpec>> parseCsv(const QByteArray &bytes, ImportProblem *problem,
                                         const Progress &progress = {},
                                         QVector<GpuFieldSet> *given = nullptr);
std::optional<QVector<GpuSpec>> parseJson(const QByteArray &bytes, ImportProblem *problem,
                                          const Progress &progress = {},
                                          QVector<GpuFieldSet> *given = nullptr);
// The "measurements" of a JSON export (files with their runs); an empty list when the key is absent.
std::optional<QVector<MeasurementRepository::FileImport>> parseJsonMeasurements(const QByteArray &bytes,
                                                                                ImportProblem *problem);

// Format from the file name (.csv / .json).
std::optional<QVector<GpuSpec>> parseFile(const QString &path, ImportProblem *problem,
                                          const Progress &progress = {},
                                          QVector<GpuFieldSet> *given = nullptr);

// Parses path and merges its GPUs into the catalogue in one transaction. Rows whose gpu_id exists are
// updated or skipped as onExisting says; an update changes only the fields the file gives (ImportPlan).
// Imported rows are marked as changed by the user. A parse problem is returned as Kind::Invalid with the
// located text. emptying, when not null, receives ImportPlan::emptyingWarning() of an update ("" if none).
// A JSON file's measurement files join the same transaction; one the catalogue has (same SHA-256) is
// skipped. measurements, when not null, receives how many files were added and skipped.
struct MeasurementsReport
{
    int added = 0;
    int skipped = 0;
};
CatalogueError importFile(const Catalogue &catalogue, const QString &path,
                          GpuRepository::OnExisting onExisting, GpuRepository::SaveReport *report = nullptr,
                          QString *emptying = nullptr, MeasurementsReport *measurements = nullptr);

} // namespace CatalogueImporter
