#pragma once

#include "db/MeasuredRun.h"

#include <QString>
#include <optional>

// A measurement file the user imported (`measurements import`): the table measurement_files. The file
// itself is not kept, only its name, its SHA-256 (a second import of the same bytes is recognised) and
// the runs read from it.
struct MeasurementFile
{
    qint64 rowId = 0;
    QString fileName;   // without the folder
    QString sha256;     // lower-case hex of the file's bytes
    QString format;     // MeasuredRunJson::formatKey ("vllm-bench-serve")
    QString importedAt; // ISO 8601 UTC ("2025-06-01T12:00:00Z")
    QString source;     // the --source text: who measured, where ("" when not given)
    int runCount = 0;
};

// One run of an imported file with the conditions it was resolved to: the table measured_runs. The ids
// are the catalogue's (a GPU, a model preset, a profile); run keeps everything the file said, its own
// names included, as MeasuredRunJson writes it.
struct StoredMeasuredRun
{
    qint64 rowId = 0;
    qint64 fileId = 0;
    QString gpuId;
    QString modelId;
    int gpuCount = 1;
    std::optional<int> tensorParallel;
    QString profileId; // engine profile; "" when neither the file nor --profile names one of the catalogue
    MeasuredRun run;
};
