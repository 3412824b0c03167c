#include "db/CatalogueExporter.h"

#include "db/AtomicFileWriter.h"
#include "db/CsvWriter.h"
#include "db/GpuField.h"
#include "db/MeasuredRunJson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace CatalogueExporter {

QByteArray toCsv(const QVector<GpuSpec> &gpus)
{
    QString text;
    QStringList header;
    for (const GpuField &field : GpuFields::all())
        header << CsvWriter::field(field.name());
    text += CsvWriter::line(header);
    for (const GpuSpec &gpu : gpus) {
        QStringList cells;
        for (const GpuField &field : GpuFields::all()) {
            const QString value = GpuFields::toText(gpu, field);
            cells << (field.type == GpuField::Type::Text ? CsvWriter::textField(value)
                                                         : CsvWriter::field(value));
        }
        text += CsvWriter::line(cells);
    }
    return text.toUtf8();
}

namespace {

// The user's measurement files, each with its runs; row ids are left out (they describe one file).
QJsonArray measurementsJson(const QVector<MeasurementFile> &files, const QVector<StoredMeasuredRun> &runs)
{
    QJsonArray result;
    for (const MeasurementFile &file : files) {
        QJsonArray fileRuns;
        for (const StoredMeasuredRun &run : runs) {
            if (run.fileId != file.rowId)
                continue;
            QJsonObject object{{QStringLiteral("gpu_id"), run.gpuId},
                               {QStringLiteral("model_id"), run.modelId},
                               {QStringLiteral("gpu_count"), run.gpuCount},
                               {QStringLiteral("profile_id"), run.profileId},
                               {QStringLiteral("run"), MeasuredRunJson::toJson(run.run)}};
            object.insert(QStringLiteral("tensor_parallel"), run.tensorParallel
                                                                 ? QJsonValue(*run.tensorParallel)
                                                                 : QJsonValue(QJsonValue::Null));
            fileRuns.append(object);
        }
        result.append(QJsonObject{{QStringLiteral("file_name"), file.fileName},
                                  {QStringLiteral("sha256"), file.sha256},
                                  {QStringLiteral("format"), file.format},
                                  {QStringLiteral("imported_at"), file.importedAt},
                                  {QStringLiteral("source"), file.source},
                                  {QStringLiteral("runs"), fileRuns}});
    }
    return result;
}

} // namespace

QByteArray toJson(const QVector<GpuSpec> &gpus, const QVector<MeasurementFile> &measurementFiles,
                  const QVector<StoredMeasuredRun> &measuredRuns)
{
    QJsonArray rows;
    for (const GpuSpec &gpu : gpus) {
        QJsonObject object;
        for (const GpuField &field : GpuFields::all()) {
            const QVariant value = GpuFields::value(gpu, field);
            if (field.type == GpuField::Type::Text)
                object.insert(field.name(), value.toString());
            else if (value.isNull())
                object.insert(field.name(), QJsonValue::Null);
            else if (field.type == GpuField::Type::Integer)
                object.insert(field.name(), value.toInt());
            else
                object.insert(field.name(), value.toDouble());
        }
        rows.append(object);
    }
    QJsonObject document;
    document.insert(QStringLiteral("format"), QStringLiteral("gpucompare-catalogue"));
    document.insert(QStringLiteral("version"), 1);
    document.insert(QStringLiteral("gpus"), rows);
    if (!measurementFiles.isEmpty())
        document.insert(QStringLiteral("measurements"), measurementsJson(measurementFiles, measuredRuns));
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

std::optional<Format> formatForPath(const QString &path)
{
    if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive))
        return Format::Csv;
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        return Format::Json;
    return std::nullopt;
}

CatalogueError exportToFile(const QVector<GpuSpec> &gpus, const QString &path,
                            const QVector<MeasurementFile> &measurementFiles,
                            const QVector<StoredMeasuredRun> &measuredRuns)
{
    const std::optional<Format> format = formatForPath(path);
    if (!format)
        return CatalogueError::make(
            CatalogueError::Kind::Invalid,
            QCoreApplication::translate("CatalogueExporter",
                                        "cannot export to %1: the file name must end in .csv or .json")
                .arg(path));
    return AtomicFileWriter::write(
        path, *format == Format::Csv ? toCsv(gpus) : toJson(gpus, measurementFiles, measuredRuns));
}

} // namespace CatalogueExporter
