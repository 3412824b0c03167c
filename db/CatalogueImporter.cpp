#include "db/CatalogueImporter.h"

#include "db/BoundedFileRead.h"
#include "db/Catalogue.h"
#include "db/CatalogueExporter.h"
#include "db/CsvReader.h"
#include "db/CsvWriter.h"
#include "db/GpuField.h"
#include "db/ImportPlan.h"
#include "db/MeasuredRunBounds.h"
#include "db/MeasuredRunJson.h"
#include "db/WriteTransaction.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <cmath>

namespace {

constexpr qint64 kMaxFileBytes = BoundedFileRead::kCatalogueFile.bytes;

std::optional<QVector<GpuSpec>> failWith(ImportProblem *problem, const QString &location,
                                         const QString &field, const QString &reason)
{
    if (problem)
        *problem = ImportProblem{location, field, reason};
    return std::nullopt;
}

constexpr qsizetype kProgressEvery = 250;

// Reports progress every kProgressEvery rows; false when the caller cancelled.
bool keepGoing(const CatalogueImporter::Progress &progress, qsizetype done, qsizetype total,
               ImportProblem *problem)
{
    if (!progress || done % kProgressEvery != 0 || progress(done, total))
        return true;
    if (problem)
        *problem = ImportProblem{QString(), QString(), QStringLiteral("cancelled"), true};
    return false;
}

// Rejects a second GPU with the same id in one file: the user would not know which one wins.
bool checkUnique(QSet<QString> &seen, const GpuSpec &gpu)
{
    if (seen.contains(gpu.gpuId))
        return false;
    seen.insert(gpu.gpuId);
    return true;
}

QVariant jsonToVariant(const GpuField &field, const QJsonValue &value, QString *reason)
{
    if (value.isNull() || value.isUndefined())
        return {};
    if (field.type == GpuField::Type::Text) {
        if (!value.isString()) {
            *reason = QCoreApplication::translate("CatalogueImporter", "must be a string");
            return {};
        }
        // Qt's JSON reader drops one byte-order mark at the start of a string, so a value that began with
        // two lost one more on every export and import (the fuzzer's round trip). A mark is never meant in a
        // field: every leading one goes on the first read.
        const QString text = value.toString();
        qsizetype start = 0;
        while (start < text.size() && text.at(start) == QChar(QChar::ByteOrderMark))
            ++start;
        return text.mid(start);
    }
    if (!value.isDouble()) {
        *reason = QCoreApplication::translate("CatalogueImporter", "must be a number or null");
        return {};
    }
    return value.toDouble();
}

} // namespace

QString ImportProblem::text() const
{
    if (field.isEmpty())
        return location + QStringLiteral(": ") + reason;
    if (location.startsWith(u'$'))
        return location + u'.' + field + QStringLiteral(": ") + reason;
    return location + QCoreApplication::translate("CatalogueImporter", ", field ") + field +
           QStringLiteral(": ") + reason;
}

namespace CatalogueImporter {

std::optional<QVector<GpuSpec>> parseCsv(const QByteArray &bytes, ImportProblem *problem,
                                         const Progress &progress, QVector<GpuFieldSet> *given)
{
    QString csvError;
    const std::optional<QVector<CsvRecord>> records = CsvReader::parse(bytes, &csvError);
    if (!records) {
        const qsizetype colon = csvError.indexOf(u':');
        return failWith(problem, csvError.left(colon), QString(), csvError.mid(colon + 2));
    }
    if (records->isEmpty())
        return failWith(problem, QCoreApplication::translate("CatalogueImporter", "line 1"), QString(),
                        QCoreApplication::translate("CatalogueImporter", "the file is empty"));

    const CsvRecord &header = records->first();
    QVector<const GpuField *> columns;
    GpuFieldSet columnSet;
    QSet<QString> seenColumns;
    for (const QString &name : header.fields) {
        const GpuField *field = GpuFields::findByName(name.trimmed());
        if (!field)
            return failWith(
                problem, QCoreApplication::translate("CatalogueImporter", "line %1").arg(header.line),
                name.left(60),
                QCoreApplication::translate("CatalogueImporter",
                                            "unknown column (expected the columns of a GPU Compare export)"));
        if (seenColumns.contains(field->name()))
            return failWith(
                problem, QCoreApplication::translate("CatalogueImporter", "line %1").arg(header.line),
                field->name(), QCoreApplication::translate("CatalogueImporter", "the column appears twice"));
        seenColumns.insert(field->name());
        columns << field;
        columnSet.set(field->id);
    }
    for (const GpuField &field : GpuFields::all())
        if (field.required && !seenColumns.contains(field.name()))
            return failWith(
                problem, QCoreApplication::translate("CatalogueImporter", "line %1").arg(header.line),
                field.name(), QCoreApplication::translate("CatalogueImporter", "the column is missing"));

    QVector<GpuSpec> gpus;
    QSet<QString> ids;
    for (qsizetype i = 1; i < records->size(); ++i) {
        if (!keepGoing(progress, i - 1, records->size() - 1, problem))
            return std::nullopt;
        const CsvRecord &record = records->at(i);
        const QString location = QCoreApplication::translate("CatalogueImporter", "line %1").arg(record.line);
        if (record.fields.size() != columns.size())
            return failWith(problem, location, QString(),
                            QCoreApplication::translate("CatalogueImporter", "%1 fields, the header has %2")
                                .arg(record.fields.size())
                                .arg(columns.size()));
        GpuSpec gpu;
        for (qsizetype c = 0; c < columns.size(); ++c) {
            const GpuField &field = *columns.at(c);
            QString reason;
            QString cell = record.fields.at(c);
            if (field.type == GpuField::Type::Text)
                cell = CsvWriter::unprotectText(cell);
            const QVariant value = GpuFields::fromText(field, cell, &reason);
            if (!reason.isEmpty() || !GpuFields::setValue(gpu, field, value, &reason))
                return failWith(problem, location, field.name(), reason);
        }
        const GpuField *bad = nullptr;
        const QString invalid = GpuFields::validateAll(gpu, &bad);
        if (!invalid.isEmpty())
            return failWith(problem, location, bad->name(),
                            GpuFields::validate(*bad, GpuFields::value(gpu, *bad)));
        if (!checkUnique(ids, gpu))
            return failWith(problem, location, QStringLiteral("gpu_id"),
                            QCoreApplication::translate("CatalogueImporter", "'%1' appears twice in the file")
                                .arg(gpu.gpuId));
        gpu.userModified = true;
        gpus.append(gpu);
    }
    if (given)
        *given = QVector<GpuFieldSet>(gpus.size(), columnSet);
    return gpus;
}

std::optional<QVector<GpuSpec>> parseJson(const QByteArray &bytes, ImportProblem *problem,
                                          const Progress &progress, QVector<GpuFieldSet> *given)
{
    if (bytes.size() > kMaxFileBytes)
        return failWith(problem, QStringLiteral("$"), QString(),
                        BoundedFileRead::tooLargeMessage(BoundedFileRead::kCatalogueFile));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Name the line as well as the byte offset: people read files by line.
        const int line = static_cast<int>(bytes.left(parseError.offset).count('\n')) + 1;
        return failWith(problem,
                        QCoreApplication::translate("CatalogueImporter", "line %1 (offset %2)")
                            .arg(line)
                            .arg(parseError.offset),
                        QString(),
                        QCoreApplication::translate("CatalogueImporter", "invalid JSON: %1")
                            .arg(parseError.errorString()));
    }
    QJsonArray rows;
    QString rowsPath = QStringLiteral("$");
    if (document.isObject()) {
        const QJsonObject root = document.object();
        const QString format = root.value(QStringLiteral("format")).toString();
        if (format != QStringLiteral("gpucompare-catalogue"))
            return failWith(
                problem, QStringLiteral("$"), QStringLiteral("format"),
                QCoreApplication::translate("CatalogueImporter", "must be \"gpucompare-catalogue\""));
        const QJsonValue version = root.value(QStringLiteral("version"));
        if (!version.isDouble() || version.toDouble() != 1.0)
            return failWith(problem, QStringLiteral("$"), QStringLiteral("version"),
                            QCoreApplication::translate("CatalogueImporter",
                                                        "must be 1 (this GPU Compare reads version 1)"));
        if (!root.value(QStringLiteral("gpus")).isArray())
            return failWith(problem, QStringLiteral("$"), QStringLiteral("gpus"),
                            QCoreApplication::translate("CatalogueImporter", "must be an array"));
        rows = root.value(QStringLiteral("gpus")).toArray();
        rowsPath = QStringLiteral("$.gpus");
    } else if (document.isArray()) {
        rows = document.array();
    } else {
        return failWith(problem, QStringLiteral("$"), QString(),
                        QCoreApplication::translate("CatalogueImporter", "must be an object or an array"));
    }

    QVector<GpuSpec> gpus;
    QVector<GpuFieldSet> keys;
    QSet<QString> ids;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (!keepGoing(progress, i, rows.size(), problem))
            return std::nullopt;
        const QString location = rowsPath + QStringLiteral("[%1]").arg(i);
        if (!rows.at(i).isObject())
            return failWith(problem, location, QString(),
                            QCoreApplication::translate("CatalogueImporter", "must be an object"));
        const QJsonObject object = rows.at(i).toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            if (!GpuFields::findByName(it.key()))
                return failWith(problem, location, it.key().left(60),
                                QCoreApplication::translate("CatalogueImporter", "unknown field"));
        GpuSpec gpu;
        GpuFieldSet present;
        for (const GpuField &field : GpuFields::all()) {
            if (object.contains(field.name()))
                present.set(field.id);
            QString reason;
            const QVariant value = jsonToVariant(field, object.value(field.name()), &reason);
            if (!reason.isEmpty() || !GpuFields::setValue(gpu, field, value, &reason))
                return failWith(problem, location, field.name(), reason);
        }
        if (!checkUnique(ids, gpu))
            return failWith(problem, location, QStringLiteral("gpu_id"),
                            QCoreApplication::translate("CatalogueImporter", "'%1' appears twice in the file")
                                .arg(gpu.gpuId));
        gpu.userModified = true;
        gpus.append(gpu);
        keys.append(present);
    }
    if (given)
        *given = keys;
    return gpus;
}

std::optional<QVector<MeasurementRepository::FileImport>> parseJsonMeasurements(const QByteArray &bytes,
                                                                                ImportProblem *problem)
{
    using Files = QVector<MeasurementRepository::FileImport>;
    const auto failed = [problem](const QString &location, const QString &field,
                                  const QString &reason) -> std::optional<Files> {
        if (problem)
            *problem = ImportProblem{location, field, reason};
        return std::nullopt;
    };
    const QJsonDocument document = QJsonDocument::fromJson(bytes);
    const QJsonValue measurements = document.object().value(QStringLiteral("measurements"));
    if (measurements.isUndefined() || measurements.isNull())
        return Files{};
    if (!measurements.isArray())
        return failed(QStringLiteral("$"), QStringLiteral("measurements"),
                      QCoreApplication::translate("CatalogueImporter", "must be an array"));
    const QString mustBeText = QCoreApplication::translate("CatalogueImporter", "must be a string");
    Files files;
    const QJsonArray array = measurements.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString location = QStringLiteral("$.measurements[%1]").arg(i);
        const QJsonObject object = array.at(i).toObject();
        MeasurementRepository::FileImport import;
        const std::pair<const char *, QString *> texts[] = {{"file_name", &import.file.fileName},
                                                            {"sha256", &import.file.sha256},
                                                            {"format", &import.file.format},
                                                            {"imported_at", &import.file.importedAt},
                                                            {"source", &import.file.source}};
        for (const auto &[key, member] : texts) {
            const QJsonValue value = object.value(QLatin1String(key));
            if (!value.isString())
                return failed(location, QLatin1String(key), mustBeText);
            *member = value.toString();
        }
        if (import.file.fileName.isEmpty() || import.file.importedAt.isEmpty() ||
            !MeasuredRunJson::formatFromKey(import.file.format))
            return failed(location, QString(),
                          QCoreApplication::translate("CatalogueImporter",
                                                      "needs a file_name, imported_at and a known format"));
        if (import.file.sha256.size() != 64 ||
            QByteArray::fromHex(import.file.sha256.toLatin1()).size() != 32)
            return failed(location, QStringLiteral("sha256"),
                          QCoreApplication::translate("CatalogueImporter", "must be 64 hex digits"));
        const QJsonArray runs = object.value(QStringLiteral("runs")).toArray();
        if (runs.isEmpty())
            return failed(location, QStringLiteral("runs"),
                          QCoreApplication::translate("CatalogueImporter", "must be a non-empty array"));
        for (qsizetype r = 0; r < runs.size(); ++r) {
            const QString runLocation = location + QStringLiteral(".runs[%1]").arg(r);
            const QJsonObject runObject = runs.at(r).toObject();
            StoredMeasuredRun run;
            run.gpuId = runObject.value(QStringLiteral("gpu_id")).toString();
            run.modelId = runObject.value(QStringLiteral("model_id")).toString();
            run.profileId = runObject.value(QStringLiteral("profile_id")).toString();
            const QJsonValue gpuCount = runObject.value(QStringLiteral("gpu_count"));
            const QJsonValue tensorParallel = runObject.value(QStringLiteral("tensor_parallel"));
            if (run.gpuId.isEmpty() || run.modelId.isEmpty() || !gpuCount.isDouble() ||
                gpuCount.toInt() < 1 || gpuCount.toDouble() != gpuCount.toInt() ||
                (!tensorParallel.isNull() && !tensorParallel.isUndefined() &&
                 (!tensorParallel.isDouble() || tensorParallel.toInt() < 1)))
                return failed(
                    runLocation, QString(),
                    QCoreApplication::translate(
                        "CatalogueImporter",
                        "needs a gpu_id, a model_id, a gpu_count of at least 1 and a tensor_parallel "
                        "of at least 1 or null"));
            run.gpuCount = gpuCount.toInt();
            if (tensorParallel.isDouble())
                run.tensorParallel = tensorParallel.toInt();
            QString reason;
            const std::optional<MeasuredRun> parsed =
                MeasuredRunJson::fromJson(runObject.value(QStringLiteral("run")).toObject(), &reason);
            if (!parsed)
                return failed(runLocation + QStringLiteral(".run"), QString(), reason);
            if (const QString implausible = MeasuredRunBounds::problem(*parsed); !implausible.isEmpty())
                return failed(runLocation + QStringLiteral(".run"), QString(), implausible);
            run.run = *parsed;
            import.runs.append(run);
        }
        files.append(import);
    }
    return files;
}

namespace {

// The file read once (a FIFO cannot be read twice) and parsed; *read keeps its bytes.
std::optional<QVector<GpuSpec>> readAndParse(const QString &path, ImportProblem *problem,
                                             const Progress &progress, QVector<GpuFieldSet> *given,
                                             QByteArray *read)
{
    const std::optional<CatalogueExporter::Format> format = CatalogueExporter::formatForPath(path);
    if (!format)
        return failWith(
            problem, path, QString(),
            QCoreApplication::translate("CatalogueImporter", "the file name must end in .csv or .json"));
    // At most the limit plus one byte of anything (a FIFO, /dev/zero): its size is no guide.
    const BoundedFileRead::Result file = BoundedFileRead::read(path, BoundedFileRead::kCatalogueFile);
    if (!file.ok())
        return failWith(problem, path, QString(), file.error);
    if (read)
        *read = file.bytes;
    return *format == CatalogueExporter::Format::Csv ? parseCsv(file.bytes, problem, progress, given)
                                                     : parseJson(file.bytes, problem, progress, given);
}

} // namespace

std::optional<QVector<GpuSpec>> parseFile(const QString &path, ImportProblem *problem,
                                          const Progress &progress, QVector<GpuFieldSet> *given)
{
    return readAndParse(path, problem, progress, given, nullptr);
}

CatalogueError importFile(const Catalogue &catalogue, const QString &path,
                          GpuRepository::OnExisting onExisting, GpuRepository::SaveReport *report,
                          QString *emptying, MeasurementsReport *measurements)
{
    if (CatalogueError error = catalogue.checkWritable())
        return error;
    ImportProblem problem;
    QVector<GpuFieldSet> given;
    QByteArray bytes;
    const std::optional<QVector<GpuSpec>> gpus = readAndParse(path, &problem, {}, &given, &bytes);
    if (!gpus)
        return CatalogueError::make(CatalogueError::Kind::Invalid,
                                    path + QStringLiteral(": ") + problem.text());
    GpuRepository repository = catalogue.gpus();
    if (emptying && onExisting == GpuRepository::OnExisting::Update) {
        // Only the warning reads the rows out here; what is written is decided inside merge's transaction.
        CatalogueError readError;
        const QVector<GpuSpec> current = repository.list(&readError);
        if (readError)
            return readError;
        *emptying = ImportPlan::make(current, *gpus, given).emptyingWarning();
    } else if (emptying) {
        emptying->clear();
    }
    // The measurements a JSON export carries, parsed before anything is written.
    std::optional<QVector<MeasurementRepository::FileImport>> measurementFiles =
        QVector<MeasurementRepository::FileImport>{};
    if (CatalogueExporter::formatForPath(path) == CatalogueExporter::Format::Json) {
        measurementFiles = parseJsonMeasurements(bytes, &problem);
        if (!measurementFiles)
            return CatalogueError::make(CatalogueError::Kind::Invalid,
                                        path + QStringLiteral(": ") + problem.text());
    }
    // The GPUs and the measurements in one transaction: the file goes in whole or not at all.
    WriteTransaction transaction(catalogue.connection());
    if (CatalogueError error = transaction.begin())
        return error;
    // An existing GPU keeps the fields the file does not give: merge overlays the file on the rows it
    // reads inside its transaction.
    if (CatalogueError error = repository.merge(*gpus, given, onExisting, report))
        return error;
    int skipped = 0;
    // A file the catalogue has (the same SHA-256) is skipped: importing an export twice adds nothing.
    if (CatalogueError error = catalogue.measurements().insertAll(*measurementFiles, true, &skipped))
        return error;
    if (CatalogueError error = transaction.commit())
        return error;
    if (measurements)
        *measurements = MeasurementsReport{static_cast<int>(measurementFiles->size()), skipped};
    return {};
}

} // namespace CatalogueImporter
