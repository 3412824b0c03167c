#include "db/MeasurementRepository.h"

#include "db/MeasuredRunJson.h"
#include "db/RepositorySupport.h"
#include "db/WriteTransaction.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

namespace {

using RepositorySupport::text;

QVariant optionalInt(const std::optional<int> &value)
{
    return value ? QVariant(*value) : QVariant(QMetaType(QMetaType::Int));
}

const QString kFileColumns =
    QStringLiteral("id, file_name, sha256, format, imported_at, source, run_count FROM measurement_files");

MeasurementFile fileFrom(const QSqlQuery &query)
{
    MeasurementFile file;
    file.rowId = query.value(0).toLongLong();
    file.fileName = query.value(1).toString();
    file.sha256 = query.value(2).toString();
    file.format = query.value(3).toString();
    file.importedAt = query.value(4).toString();
    file.source = query.value(5).toString();
    file.runCount = query.value(6).toInt();
    return file;
}

CatalogueError duplicateError(const MeasurementFile &earlier, const QString &fileName)
{
    return CatalogueError::make(
        CatalogueError::Kind::Duplicate,
        QCoreApplication::translate("MeasurementRepository",
                                    "%1 was already imported on %2 (as %3, import %4)")
            .arg(fileName, earlier.importedAt, earlier.fileName)
            .arg(earlier.rowId));
}

} // namespace

MeasurementRepository::MeasurementRepository(QSqlDatabase database, bool readOnly)
    : m_database(std::move(database))
    , m_readOnly(readOnly)
{}

QVector<MeasurementFile> MeasurementRepository::files(CatalogueError *error) const
{
    QVector<MeasurementFile> result;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT ") + kFileColumns + QStringLiteral(" ORDER BY id"))) {
        if (error)
            *error = RepositorySupport::sqlError(query, QStringLiteral("cannot read the measurement files"));
        return result;
    }
    while (query.next())
        result.append(fileFrom(query));
    return result;
}

QVector<StoredMeasuredRun> MeasurementRepository::runs(CatalogueError *error) const
{
    QVector<StoredMeasuredRun> result;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT id, file_id, gpu_id, model_id, gpu_count, tensor_parallel, "
                                   "profile_id, run_json FROM measured_runs ORDER BY file_id, id"))) {
        if (error)
            *error = RepositorySupport::sqlError(query, QStringLiteral("cannot read the measured runs"));
        return result;
    }
    while (query.next()) {
        StoredMeasuredRun run;
        run.rowId = query.value(0).toLongLong();
        run.fileId = query.value(1).toLongLong();
        run.gpuId = query.value(2).toString();
        run.modelId = query.value(3).toString();
        run.gpuCount = query.value(4).toInt();
        if (!query.value(5).isNull())
            run.tensorParallel = query.value(5).toInt();
        run.profileId = query.value(6).toString();
        // A run this version cannot read (a newer GPU Compare's format key) keeps its row and conditions
        // with an empty run: one odd row must not keep the catalogue from opening.
        const std::optional<MeasuredRun> parsed =
            MeasuredRunJson::fromJson(QJsonDocument::fromJson(query.value(7).toString().toUtf8()).object());
        if (parsed)
            run.run = *parsed;
        result.append(run);
    }
    return result;
}

std::optional<MeasurementFile> MeasurementRepository::findBySha256(const QString &sha256,
                                                                   CatalogueError *error) const
{
    QSqlQuery query(m_database);
    query.prepare(QStringLiteral("SELECT ") + kFileColumns + QStringLiteral(" WHERE sha256 = ?"));
    query.addBindValue(sha256.toLower());
    if (!query.exec()) {
        if (error)
            *error = RepositorySupport::sqlError(query, QStringLiteral("cannot read the measurement files"));
        return std::nullopt;
    }
    if (!query.next())
        return std::nullopt;
    return fileFrom(query);
}

CatalogueError MeasurementRepository::insertAll(QVector<FileImport> &imports, bool skipDuplicates,
                                                int *skipped)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    if (skipped)
        *skipped = 0;
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    QVector<FileImport> saved;
    QSqlQuery fileQuery(m_database);
    fileQuery.prepare(QStringLiteral("INSERT INTO measurement_files (file_name, sha256, format, imported_at, "
                                     "source, run_count) VALUES (?, ?, ?, ?, ?, ?)"));
    QSqlQuery runQuery(m_database);
    runQuery.prepare(QStringLiteral("INSERT INTO measured_runs (file_id, gpu_id, model_id, gpu_count, "
                                    "tensor_parallel, profile_id, run_json) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    for (FileImport import : imports) {
        import.file.sha256 = import.file.sha256.toLower();
        CatalogueError readError;
        // Inside the transaction: a file another process imported a moment ago is seen here.
        if (const std::optional<MeasurementFile> earlier = findBySha256(import.file.sha256, &readError)) {
            if (!skipDuplicates)
                return duplicateError(*earlier, import.file.fileName);
            if (skipped)
                ++*skipped;
            continue;
        }
        if (readError)
            return readError;
        import.file.runCount = static_cast<int>(import.runs.size());
        for (const QVariant &value :
             {text(import.file.fileName), text(import.file.sha256), text(import.file.format),
              text(import.file.importedAt), text(import.file.source), QVariant(import.file.runCount)})
            fileQuery.addBindValue(value);
        if (!fileQuery.exec()) {
            if (skipDuplicates || !fileQuery.lastError().text().contains(QStringLiteral("UNIQUE")))
                return RepositorySupport::sqlError(
                    fileQuery,
                    QStringLiteral("cannot add the measurement file %1").arg(import.file.fileName));
            // The same bytes twice in one import.
            return CatalogueError::make(
                CatalogueError::Kind::Duplicate,
                QCoreApplication::translate("MeasurementRepository",
                                            "%1 is the same file as another of this import")
                    .arg(import.file.fileName));
        }
        import.file.rowId = fileQuery.lastInsertId().toLongLong();
        for (StoredMeasuredRun &run : import.runs) {
            run.fileId = import.file.rowId;
            for (const QVariant &value :
                 {QVariant(run.fileId), text(run.gpuId), text(run.modelId), QVariant(run.gpuCount),
                  optionalInt(run.tensorParallel), text(run.profileId),
                  QVariant(QString::fromUtf8(
                      QJsonDocument(MeasuredRunJson::toJson(run.run)).toJson(QJsonDocument::Compact)))})
                runQuery.addBindValue(value);
            if (!runQuery.exec())
                return RepositorySupport::sqlError(
                    runQuery, QStringLiteral("cannot add a run of %1").arg(import.file.fileName));
            run.rowId = runQuery.lastInsertId().toLongLong();
        }
        saved.append(import);
    }
    if (CatalogueError error = transaction.commit())
        return error;
    imports = saved;
    return {};
}

CatalogueError MeasurementRepository::removeFile(qint64 fileId)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    QSqlQuery query(m_database);
    // Both deletes, though the schema cascades: the runs go even on a connection without foreign keys.
    query.prepare(QStringLiteral("DELETE FROM measured_runs WHERE file_id = ?"));
    query.addBindValue(fileId);
    if (!query.exec())
        return RepositorySupport::sqlError(query,
                                           QStringLiteral("cannot remove measurement import %1").arg(fileId));
    query.prepare(QStringLiteral("DELETE FROM measurement_files WHERE id = ?"));
    query.addBindValue(fileId);
    if (!query.exec())
        return RepositorySupport::sqlError(query,
                                           QStringLiteral("cannot remove measurement import %1").arg(fileId));
    if (query.numRowsAffected() != 1)
        return CatalogueError::make(
            CatalogueError::Kind::NotFound,
            QCoreApplication::translate("MeasurementRepository",
                                        "no measurement import with id %1 (see measurements list)")
                .arg(fileId));
    return transaction.commit();
}
