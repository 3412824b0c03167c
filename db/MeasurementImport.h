#pragma once

#include "db/CatalogueSnapshot.h"
#include "db/MeasurementRepository.h"

#include <QDateTime>
#include <QStringList>
#include <algorithm>
#include <optional>

// What the user says about measurement files on the command line (or, later, in the window): the
// conditions the files do not state. Empty / nullopt: not given.
struct MeasurementImportOptions
{
    QString gpuId;
    QString modelId;
    QString profileId;
    QString source;
    QString precision; // the weights' precision of runs whose file does not state it ("fp8")
    std::optional<int> gpuCount;
    std::optional<int> tensorParallel;
};

// Files read and every run resolved to the catalogue's ids, ready for MeasurementRepository::insertAll,
// or why not: error (one line) or the required conditions neither the files nor the options give.
struct MeasurementImportPlan
{
    QVector<MeasurementRepository::FileImport> files;
    QString error;            // a file that cannot be read, a name matching nothing, a contradiction
    QStringList missing;      // "gpu (--gpu)", "model (--model)", "gpu count (--gpus)"
    QStringList missingFiles; // the files that lack them
    QStringList notes;        // what an option overrode: "vllm.json: the file names model X; --model Y taken"

    bool ok() const { return error.isEmpty() && missing.isEmpty(); }
    // Whether the condition of this option ("--gpu", "--model", "--gpus") is missing.
    bool lacks(const QString &option) const
    {
        const QString tail = u'(' + option + u')';
        return std::any_of(missing.cbegin(), missing.cend(),
                           [&tail](const QString &m) { return m.endsWith(tail); });
    }
    // The one line to show when !ok().
    QString message() const;
};

// Reads measurement files (MeasurementFileReader) and resolves each run's conditions against a catalogue:
// - the GPU: --gpu, else the file's GPU name when it is one of the catalogue's GPUs (its id, or its name
//   with or without the vendor, ignoring case, spaces, '-' and '_');
// - the model: --model, else the file's model name matched to a preset (ModelNameMatch); a name that
//   matches nothing is named back with the close presets. --model overrides the model a file names (a
//   fine-tune served under its base's name, a path the matcher reads as another preset), with a note;
// - the precision: the file's, else --precision; a file stating another is refused;
// - the GPU count: the file's, else --gpus; tensor parallel: the file's, else --tp (optional);
// - the profile: --profile, else the file's engine when the catalogue has a profile of that id, else none.
// Other than the model, what the file states and an option contradicts is refused, never overridden.
// Touches no database.
namespace MeasurementImport {

MeasurementImportPlan prepare(const QStringList &paths, const MeasurementImportOptions &options,
                              const CatalogueSnapshot &catalogue,
                              const QDateTime &now = QDateTime::currentDateTimeUtc());

// The catalogue GPU a benchmark file's GPU name names ("NVIDIA H100 80GB HBM3", "h100-sxm5-80gb"), or "".
QString gpuIdForName(const QVector<GpuSpec> &gpus, const QString &nameInFile);

// Lower-case hex SHA-256.
QString sha256Hex(const QByteArray &bytes);

} // namespace MeasurementImport
