#pragma once

#include "db/CatalogueError.h"
#include "db/StoredMeasurement.h"

#include <QSqlDatabase>
#include <QVector>
#include <optional>

// The user's imported measurements: the tables measurement_files and measured_runs. Same rules as the
// other repositories: bound parameters, every write in one transaction (all the files of an import or
// none), a read-only catalogue refuses with RepositorySupport::readOnlyError().
class MeasurementRepository
{
public:
    MeasurementRepository(QSqlDatabase database, bool readOnly);

    // One file with its runs, as an import writes it; ids are set by insertAll.
    struct FileImport
    {
        MeasurementFile file;
        QVector<StoredMeasuredRun> runs;
    };

    QVector<MeasurementFile> files(CatalogueError *error = nullptr) const;  // ordered by id
    QVector<StoredMeasuredRun> runs(CatalogueError *error = nullptr) const; // by file id, then id
    std::optional<MeasurementFile> findBySha256(const QString &sha256, CatalogueError *error = nullptr) const;

    // Adds every file with its runs in one transaction, or nothing. A file whose SHA-256 the catalogue
    // already has is refused (Kind::Duplicate) with a message naming that import and when it was made;
    // with skipDuplicates it is left out instead (a catalogue import) and *skipped counts it.
    CatalogueError insertAll(QVector<FileImport> &imports, bool skipDuplicates = false,
                             int *skipped = nullptr);
    // Removes one imported file and its runs; an unknown id is Kind::NotFound.
    CatalogueError removeFile(qint64 fileId);

private:
    QSqlDatabase m_database;
    bool m_readOnly = false;
};
