#include "db/MeasurementImport.h"

#include "db/BoundedFileRead.h"
#include "db/GpuLookup.h"
#include "db/MeasuredRunJson.h"
#include "db/MeasurementFileReader.h"
#include "db/MessageText.h"
#include "db/ModelNameMatch.h"
#include "db/TextMatch.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFileInfo>
#include <QSet>

namespace {

QString candidatesText(const QStringList &candidates)
{
    return candidates.isEmpty() ? QString()
                                : QStringLiteral(" (") +
                                      QCoreApplication::translate("MeasurementImport", "close: %1")
                                          .arg(candidates.join(QStringLiteral(", "))) +
                                      QStringLiteral(")");
}

// Where a run is, for messages: "template.csv, run 2" (only when the file holds several).
QString runPlace(const QString &fileName, const MeasuredRun &run, qsizetype runs)
{
    return runs > 1 ? QCoreApplication::translate("MeasurementImport", "%1, record %2")
                          .arg(fileName)
                          .arg(run.record)
                    : fileName;
}

} // namespace

QString MeasurementImportPlan::message() const
{
    if (!error.isEmpty())
        return error;
    if (missing.isEmpty())
        return {};
    return QCoreApplication::translate("MeasurementImport",
                                       "missing %1 for %2: neither the file nor an option gives it")
        .arg(missing.join(QStringLiteral(", ")), missingFiles.join(QStringLiteral(", ")));
}

namespace MeasurementImport {

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QString gpuIdForName(const QVector<GpuSpec> &gpus, const QString &nameInFile)
{
    const QString wanted = TextMatch::normalized(nameInFile);
    if (wanted.isEmpty())
        return {};
    QStringList found;
    for (const GpuSpec &gpu : gpus) {
        if (wanted == TextMatch::normalized(gpu.gpuId) ||
            wanted == TextMatch::normalized(gpu.displayName()) ||
            wanted == TextMatch::normalized(gpu.vendor + u' ' + gpu.displayName()))
            found << gpu.gpuId;
    }
    return found.size() == 1 ? found.first() : QString();
}

MeasurementImportPlan prepare(const QStringList &paths, const MeasurementImportOptions &options,
                              const CatalogueSnapshot &catalogue, const QDateTime &now)
{
    MeasurementImportPlan plan;
    const auto fail = [&plan](const QString &error) {
        plan.error = error;
        plan.files.clear();
        return plan;
    };
    // The options first: a mistyped --gpu is said once, not per run.
    if (!options.gpuId.isEmpty() && !GpuLookup::find(catalogue.gpus, options.gpuId))
        return fail(QCoreApplication::translate("MeasurementImport", "unknown GPU '%1' for --gpu")
                        .arg(MessageText::cut(options.gpuId)) +
                    candidatesText(GpuLookup::closeMatches(catalogue.gpus, options.gpuId)));
    if (!options.modelId.isEmpty() && !catalogue.findModel(options.modelId)) {
        const ModelNameMatchResult match =
            ModelNameMatch(ModelNameMatch::presetsFrom(catalogue.models)).match(options.modelId);
        return fail(QCoreApplication::translate("MeasurementImport", "unknown model preset '%1' for --model")
                        .arg(MessageText::cut(options.modelId)) +
                    candidatesText(match.matched() ? QStringList{match.presetId} : match.candidates));
    }
    if (!options.profileId.isEmpty() && !catalogue.findProfile(options.profileId)) {
        QStringList ids;
        for (const EfficiencyProfile &profile : catalogue.profiles)
            ids << profile.profileId;
        return fail(QCoreApplication::translate("MeasurementImport",
                                                "unknown profile '%1' for --profile (profiles: %2)")
                        .arg(MessageText::cut(options.profileId), ids.join(QStringLiteral(", "))));
    }
    if ((options.gpuCount && *options.gpuCount < 1) ||
        (options.tensorParallel && *options.tensorParallel < 1))
        return fail(QCoreApplication::translate("MeasurementImport",
                                                "--gpus and --tp must be whole numbers of at least 1"));
    const QString optionGpu =
        options.gpuId.isEmpty() ? QString() : GpuLookup::find(catalogue.gpus, options.gpuId)->gpuId;
    const QString optionModel =
        options.modelId.isEmpty() ? QString() : catalogue.findModel(options.modelId)->modelId;
    const QString optionProfile =
        options.profileId.isEmpty() ? QString() : catalogue.findProfile(options.profileId)->profileId;

    const ModelNameMatch models(ModelNameMatch::presetsFrom(catalogue.models));
    QSet<QString> hashes;
    QStringList missing;
    for (const QString &path : paths) {
        const QString fileName = MessageText::cut(QFileInfo(path).fileName());
        // At most the limit plus one byte of anything (a FIFO, /dev/zero), the file read once.
        const BoundedFileRead::Result file = BoundedFileRead::read(path, BoundedFileRead::kMeasurementFile);
        if (!file.ok())
            return fail(QStringLiteral("%1: %2").arg(fileName, file.error));
        const QByteArray &bytes = file.bytes;
        const MeasurementReadResult read = MeasurementFileReader::read(bytes, fileName);
        if (!read.ok())
            return fail(read.error);
        MeasurementRepository::FileImport import;
        import.file.fileName = QFileInfo(path).fileName(); // whole: fileName is cut for messages
        import.file.sha256 = sha256Hex(bytes);
        if (hashes.contains(import.file.sha256))
            return fail(
                QCoreApplication::translate(
                    "MeasurementImport", "%1 is given twice (the same bytes as another file of this import)")
                    .arg(fileName));
        hashes.insert(import.file.sha256);
        import.file.format = MeasuredRunJson::formatKey(read.runs.first().format);
        import.file.importedAt = now.toUTC().toString(Qt::ISODate);
        import.file.source = options.source;
        import.file.runCount = static_cast<int>(read.runs.size());

        QStringList fileMissing;
        for (const MeasuredRun &run : read.runs) {
            const QString place = runPlace(fileName, run, read.runs.size());
            StoredMeasuredRun stored;
            stored.run = run;
            // The GPU.
            const QString fileGpu = gpuIdForName(catalogue.gpus, run.gpuName);
            if (!run.gpuName.isEmpty() && fileGpu.isEmpty() && optionGpu.isEmpty())
                return fail(
                    QCoreApplication::translate(
                        "MeasurementImport", "%1: the GPU '%2' is not one of the catalogue's; give --gpu ID")
                        .arg(place, run.gpuName) +
                    candidatesText(GpuLookup::closeMatches(catalogue.gpus, run.gpuName)));
            if (!fileGpu.isEmpty() && !optionGpu.isEmpty() && fileGpu != optionGpu)
                return fail(QCoreApplication::translate("MeasurementImport",
                                                        "%1: the file says GPU %2, --gpu says %3")
                                .arg(place, fileGpu, optionGpu));
            stored.gpuId = optionGpu.isEmpty() ? fileGpu : optionGpu;
            if (stored.gpuId.isEmpty() && !fileMissing.contains(QStringLiteral("gpu (--gpu)")))
                fileMissing << QStringLiteral("gpu (--gpu)");
            // The model.
            QString fileModel;
            if (!run.modelName.isEmpty()) {
                const ModelNameMatchResult match = models.match(run.modelName);
                fileModel = match.presetId;
                if (!match.matched() && optionModel.isEmpty())
                    return fail(
                        QCoreApplication::translate("MeasurementImport",
                                                    "%1: the model '%2' matches no preset; give --model ID")
                            .arg(place, run.modelName) +
                        candidatesText(match.candidates));
            }
            // --model is the user's word on what ran: it wins over the file's name, said once a file.
            if (!run.modelName.isEmpty() && !optionModel.isEmpty() && fileModel != optionModel) {
                const QString note =
                    fileModel.isEmpty()
                        ? QCoreApplication::translate("MeasurementImport",
                                                      "%1: the file names model '%2'; --model %3 taken")
                              .arg(fileName, run.modelName, optionModel)
                        : QCoreApplication::translate(
                              "MeasurementImport",
                              "%1: the file names model '%2' (preset %3); --model %4 taken")
                              .arg(fileName, run.modelName, fileModel, optionModel);
                if (!plan.notes.contains(note))
                    plan.notes << note;
            }
            stored.modelId = optionModel.isEmpty() ? fileModel : optionModel;
            if (stored.modelId.isEmpty() && !fileMissing.contains(QStringLiteral("model (--model)")))
                fileMissing << QStringLiteral("model (--model)");
            // How many GPUs, and tensor parallel.
            if (run.gpuCount && options.gpuCount && *run.gpuCount != *options.gpuCount)
                return fail(QCoreApplication::translate("MeasurementImport",
                                                        "%1: the file says %2 GPUs, --gpus says %3")
                                .arg(place)
                                .arg(*run.gpuCount)
                                .arg(*options.gpuCount));
            if (run.tensorParallel && options.tensorParallel &&
                *run.tensorParallel != *options.tensorParallel)
                return fail(QCoreApplication::translate("MeasurementImport",
                                                        "%1: the file says tensor parallel %2, --tp says %3")
                                .arg(place)
                                .arg(*run.tensorParallel)
                                .arg(*options.tensorParallel));
            const std::optional<int> gpuCount = run.gpuCount ? run.gpuCount : options.gpuCount;
            stored.tensorParallel = run.tensorParallel ? run.tensorParallel : options.tensorParallel;
            if (!gpuCount && !fileMissing.contains(QStringLiteral("gpu count (--gpus)")))
                fileMissing << QStringLiteral("gpu count (--gpus)");
            stored.gpuCount = gpuCount.value_or(1);
            if (gpuCount && stored.tensorParallel && *stored.tensorParallel > *gpuCount)
                return fail(
                    QCoreApplication::translate(
                        "MeasurementImport", "%1: tensor parallel %2 needs at least %2 GPUs, the run has %3")
                        .arg(place)
                        .arg(*stored.tensorParallel)
                        .arg(*gpuCount));
            // The precision.
            if (!options.precision.isEmpty()) {
                if (!run.precision.isEmpty() &&
                    TextMatch::normalized(run.precision) != TextMatch::normalized(options.precision))
                    return fail(
                        QCoreApplication::translate("MeasurementImport",
                                                    "%1: the file says precision %2, --precision says %3")
                            .arg(place, run.precision, options.precision));
                stored.run.precision = options.precision;
            }
            // The profile.
            stored.profileId = optionProfile;
            if (stored.profileId.isEmpty() && !run.engine.isEmpty())
                if (const EfficiencyProfile *profile = catalogue.findProfile(run.engine))
                    stored.profileId = profile->profileId;
            import.runs.append(stored);
        }
        if (!fileMissing.isEmpty()) {
            plan.missingFiles << fileName;
            for (const QString &field : std::as_const(fileMissing))
                if (!missing.contains(field))
                    missing << field;
        }
        plan.files.append(import);
    }
    // In a fixed order, whatever order the files lacked them in.
    for (const char *field : {"gpu (--gpu)", "model (--model)", "gpu count (--gpus)"})
        if (missing.contains(QLatin1String(field)))
            plan.missing << QLatin1String(field);
    if (!plan.missing.isEmpty())
        plan.files.clear();
    return plan;
}

} // namespace MeasurementImport
