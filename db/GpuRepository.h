#pragma once

#include "db/CatalogueError.h"
#include "db/GpuField.h"
#include "db/GpuSpec.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVector>
#include <optional>

// The gpus table. Values go through bound parameters only. Every write runs in one transaction;
// update() and remove() are optimistic: they match the row's id AND the revision it was read at, so
// a row another process changed or deleted since is a Conflict error, never a silent overwrite.
class GpuRepository
{
public:
    enum class OnExisting
    {
        Update,
        Skip
    };

    struct SaveReport
    {
        int inserted = 0;
        int updated = 0;
        int skipped = 0;
    };

    GpuRepository(QSqlDatabase database, bool readOnly);

    QVector<GpuSpec> list(CatalogueError *error = nullptr) const;
    std::optional<GpuSpec> find(const QString &gpuId, CatalogueError *error = nullptr) const;
    int count(CatalogueError *error = nullptr) const;

    // Inserts gpu (its gpu_id must be new) and sets gpu.rowId and gpu.revision.
    CatalogueError insert(GpuSpec &gpu);
    // Saves gpu over the row gpu.rowId if it is still at gpu.revision; bumps gpu.revision and marks the
    // row as changed by the user.
    CatalogueError update(GpuSpec &gpu);
    CatalogueError remove(const GpuSpec &gpu);

    // Saves several rows in one transaction: all of them or none. Rows with rowId 0 are inserted,
    // others updated (optimistically). On success the rows' rowId and revision are updated.
    CatalogueError saveAll(QVector<GpuSpec> &gpus);
    // One save of the Catalogue tab: the deletions (revision-checked), then the updates and inserts of
    // upserts, in one transaction: all of it or nothing. On success upserts get their new ids and revisions.
    // An update that changes a GPU's gpu_id (Rename GPU…) moves its benchmarks to the new id in the same
    // transaction: measurements follow their GPU, never left naming an id nothing has.
    CatalogueError saveChanges(const QVector<GpuSpec> &deletions, QVector<GpuSpec> &upserts);

    // Import: rows whose gpu_id exists are updated (keeping the existing row id, whatever its
    // revision) or skipped; the others are inserted. One transaction. An update changes only the fields
    // given[i] names (ImportPlan::overlay over the row as it is inside the transaction, so a save by
    // another window just before is kept); a shorter (or empty) given means every field.
    CatalogueError merge(const QVector<GpuSpec> &gpus, const QVector<GpuFieldSet> &given,
                         OnExisting onExisting, SaveReport *report = nullptr);

private:
    // One insert or update in its own transaction.
    CatalogueError writeOne(GpuSpec &gpu, CatalogueError (GpuRepository::*write)(GpuSpec &));
    CatalogueError writeInsert(GpuSpec &gpu);
    CatalogueError writeUpdate(GpuSpec &gpu);
    CatalogueError writeDelete(const GpuSpec &gpu);
    CatalogueError checkWritable() const;
    // A GPU whose gpu_id a save changes, and the benchmarks (by row id) it takes to the new one.
    struct BenchmarkMove
    {
        qint64 gpuRowId = 0;
        QVector<qint64> benchmarkRowIds;
        QString gpuId; // the new one
    };
    CatalogueError findBenchmarkMoves(const QVector<GpuSpec> &upserts, QVector<BenchmarkMove> *moves);
    CatalogueError freeRenamedIds(const QVector<BenchmarkMove> &moves);
    CatalogueError moveBenchmarks(const QVector<BenchmarkMove> &moves);

    QSqlQuery &preparedQuery(std::optional<QSqlQuery> &cache, const QString &sql);

    QSqlDatabase m_database;
    bool m_readOnly = false;
    // Prepared once per repository: a 50-column statement costs more to prepare than to run.
    std::optional<QSqlQuery> m_insertQuery;
    std::optional<QSqlQuery> m_updateQuery;
};
