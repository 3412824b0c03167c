#include "db/GpuRepository.h"

#include "db/GpuField.h"
#include "db/ImportPlan.h"
#include "db/SqliteFailure.h"
#include "db/WriteTransaction.h"

#include <QCoreApplication>
#include <QHash>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <algorithm>
#include <numeric>
#include <vector>

namespace {

using Kind = CatalogueError::Kind;

// Column names come from GpuFields (our constants), never from user input.
QString columnList()
{
    QStringList names;
    for (const GpuField &field : GpuFields::all())
        names << field.name();
    return names.join(QStringLiteral(", "));
}

// The statements are built once: an import writes row after row with the same statement, and building
// it per row would be a large part of the import's time.
const QString &selectSql()
{
    static const QString sql =
        QStringLiteral("SELECT id, revision, user_modified, ") + columnList() + QStringLiteral(" FROM gpus");
    return sql;
}

const QString &insertSql()
{
    static const QString sql = []() -> QString {
        QStringList placeholders;
        for (qsizetype i = 0; i < GpuFields::all().size(); ++i)
            placeholders << QStringLiteral("?");
        return QStringLiteral("INSERT INTO gpus (") + columnList() +
               QStringLiteral(", user_modified, revision) VALUES (") +
               placeholders.join(QStringLiteral(", ")) + QStringLiteral(", ?, 1)");
    }();
    return sql;
}

const QString &updateSql()
{
    static const QString sql = []() -> QString {
        QStringList assignments;
        for (const GpuField &field : GpuFields::all())
            assignments << field.name() + QStringLiteral(" = ?");
        return QStringLiteral("UPDATE gpus SET ") + assignments.join(QStringLiteral(", ")) +
               QStringLiteral(", user_modified = ?, revision = revision + 1 WHERE id = ? AND revision = ?");
    }();
    return sql;
}

// A null QString binds as SQL NULL; text columns are NOT NULL, so bind "" for missing text.
QVariant bindable(const GpuField &field, const GpuSpec &gpu)
{
    const QVariant value = GpuFields::value(gpu, field);
    if (field.type == GpuField::Type::Text)
        return value.toString().isNull() ? QVariant(QStringLiteral("")) : value;
    if (value.isNull())
        return QVariant(field.type == GpuField::Type::Integer ? QMetaType(QMetaType::Int)
                                                              : QMetaType(QMetaType::Double));
    return value;
}

void bindFields(QSqlQuery &query, const GpuSpec &gpu)
{
    for (const GpuField &field : GpuFields::all())
        query.addBindValue(bindable(field, gpu));
}

GpuSpec readRow(const QSqlQuery &query)
{
    GpuSpec gpu;
    gpu.rowId = query.value(0).toLongLong();
    gpu.revision = query.value(1).toInt();
    gpu.userModified = query.value(2).toInt() != 0;
    const QVector<GpuField> &fields = GpuFields::all();
    // Only what the table's CHECKs allow is checked, not the input ranges or TextCheck: a value refused
    // here would read as missing and be erased by the row's next save. NULL is missing.
    for (int i = 0; i < fields.size(); ++i)
        GpuFields::setStoredValue(gpu, fields[i], query.value(3 + i));
    return gpu;
}

CatalogueError sqlError(const QSqlQuery &query, const QString &what)
{
    if (SqliteFailure::isUniqueViolation(query.lastError()))
        return CatalogueError::make(
            Kind::Duplicate,
            what + QCoreApplication::translate("GpuRepository", ": a GPU with this gpu_id already exists"));
    return SqliteFailure::toError(query.lastError(), what); // a full disk says so
}

} // namespace

GpuRepository::GpuRepository(QSqlDatabase database, bool readOnly)
    : m_database(std::move(database))
    , m_readOnly(readOnly)
{}

CatalogueError GpuRepository::checkWritable() const
{
    if (m_readOnly)
        return CatalogueError::make(
            Kind::ReadOnly, QCoreApplication::translate("GpuRepository", "the catalogue is read-only"));
    return {};
}

QVector<GpuSpec> GpuRepository::list(CatalogueError *error) const
{
    QVector<GpuSpec> gpus;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    if (!query.exec(selectSql())) {
        if (error)
            *error = sqlError(query, QCoreApplication::translate("GpuRepository", "cannot read the GPUs"));
        return gpus;
    }
    while (query.next())
        gpus.append(readRow(query));
    // Sorted here, not by ORDER BY: SQLite's sorter copies every column of every row, and QString's order
    // is code-unit order whatever the file's text encoding.
    // Rows are mostly stored in order already; otherwise indices are sorted, not the large records.
    const auto before = [](const GpuSpec &a, const GpuSpec &b) {
        if (const int c = QString::compare(a.vendor, b.vendor))
            return c < 0;
        if (const int c = QString::compare(a.product, b.product))
            return c < 0;
        if (const int c = QString::compare(a.variant, b.variant))
            return c < 0;
        return a.gpuId < b.gpuId;
    };
    if (!std::is_sorted(gpus.cbegin(), gpus.cend(), before)) {
        std::vector<qsizetype> order(gpus.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(),
                  [&](qsizetype a, qsizetype b) { return before(gpus[a], gpus[b]); });
        QVector<GpuSpec> sorted;
        sorted.reserve(gpus.size());
        for (const qsizetype i : order)
            sorted.append(std::move(gpus[i]));
        gpus = std::move(sorted);
    }
    return gpus;
}

std::optional<GpuSpec> GpuRepository::find(const QString &gpuId, CatalogueError *error) const
{
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    query.prepare(selectSql() + QStringLiteral(" WHERE gpu_id = ?"));
    query.addBindValue(gpuId);
    if (!query.exec()) {
        if (error)
            *error = sqlError(query,
                              QCoreApplication::translate("GpuRepository", "cannot read GPU %1").arg(gpuId));
        return std::nullopt;
    }
    if (!query.next()) {
        if (error)
            *error = CatalogueError::make(
                Kind::NotFound,
                QCoreApplication::translate("GpuRepository", "no GPU with id '%1'").arg(gpuId));
        return std::nullopt;
    }
    return readRow(query);
}

int GpuRepository::count(CatalogueError *error) const
{
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SELECT count(*) FROM gpus")) || !query.next()) {
        if (error)
            *error = sqlError(query, QCoreApplication::translate("GpuRepository", "cannot count the GPUs"));
        return 0;
    }
    return query.value(0).toInt();
}

QSqlQuery &GpuRepository::preparedQuery(std::optional<QSqlQuery> &cache, const QString &sql)
{
    if (!cache) {
        cache.emplace(m_database);
        cache->prepare(sql);
    }
    return *cache;
}

CatalogueError GpuRepository::writeInsert(GpuSpec &gpu)
{
    // Input was checked where it came in (cell edit, import); a stored value outside the input ranges stays.
    const QString problem = GpuFields::storableAll(gpu);
    if (!problem.isEmpty())
        return CatalogueError::make(Kind::Invalid, QStringLiteral("GPU '%1': %2").arg(gpu.gpuId, problem));
    QSqlQuery &query = preparedQuery(m_insertQuery, insertSql());
    bindFields(query, gpu);
    query.addBindValue(gpu.userModified ? 1 : 0);
    if (!query.exec())
        return sqlError(query,
                        QCoreApplication::translate("GpuRepository", "cannot add GPU '%1'").arg(gpu.gpuId));
    gpu.rowId = query.lastInsertId().toLongLong();
    gpu.revision = 1;
    return {};
}

CatalogueError GpuRepository::writeUpdate(GpuSpec &gpu)
{
    // Input was checked where it came in (cell edit, import); a stored value outside the input ranges stays.
    const QString problem = GpuFields::storableAll(gpu);
    if (!problem.isEmpty())
        return CatalogueError::make(Kind::Invalid, QStringLiteral("GPU '%1': %2").arg(gpu.gpuId, problem));
    QSqlQuery &query = preparedQuery(m_updateQuery, updateSql());
    bindFields(query, gpu);
    query.addBindValue(1); // user_modified: the row now differs from the seed
    query.addBindValue(gpu.rowId);
    query.addBindValue(gpu.revision);
    if (!query.exec())
        return sqlError(query,
                        QCoreApplication::translate("GpuRepository", "cannot save GPU '%1'").arg(gpu.gpuId));
    if (query.numRowsAffected() != 1)
        return CatalogueError::make(
            Kind::Conflict,
            QCoreApplication::translate("GpuRepository",
                                        "GPU '%1' was changed or deleted by someone else since it was "
                                        "read; reload it and apply your change again")
                .arg(gpu.gpuId));
    gpu.revision += 1;
    gpu.userModified = true;
    return {};
}

CatalogueError GpuRepository::writeOne(GpuSpec &gpu, CatalogueError (GpuRepository::*write)(GpuSpec &))
{
    if (CatalogueError error = checkWritable())
        return error;
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    // Work on a copy: the caller's record changes (new row id, revision) only once the commit succeeded.
    GpuSpec saved = gpu;
    if (CatalogueError error = (this->*write)(saved))
        return error;
    if (CatalogueError error = transaction.commit())
        return error;
    gpu = saved;
    return {};
}

CatalogueError GpuRepository::insert(GpuSpec &gpu)
{
    return writeOne(gpu, &GpuRepository::writeInsert);
}

CatalogueError GpuRepository::update(GpuSpec &gpu)
{
    return writeOne(gpu, &GpuRepository::writeUpdate);
}

CatalogueError GpuRepository::writeDelete(const GpuSpec &gpu)
{
    QSqlQuery query(m_database);
    query.prepare(QStringLiteral("DELETE FROM gpus WHERE id = ? AND revision = ?"));
    query.addBindValue(gpu.rowId);
    query.addBindValue(gpu.revision);
    if (!query.exec())
        return sqlError(
            query, QCoreApplication::translate("GpuRepository", "cannot delete GPU '%1'").arg(gpu.gpuId));
    if (query.numRowsAffected() != 1)
        return CatalogueError::make(
            Kind::Conflict,
            QCoreApplication::translate("GpuRepository", "GPU '%1' was changed or deleted by someone else "
                                                         "since it was read; it was not deleted")
                .arg(gpu.gpuId));
    return {};
}

CatalogueError GpuRepository::remove(const GpuSpec &gpu)
{
    if (CatalogueError error = checkWritable())
        return error;
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    if (CatalogueError error = writeDelete(gpu))
        return error;
    return transaction.commit();
}

CatalogueError GpuRepository::saveAll(QVector<GpuSpec> &gpus)
{
    return saveChanges({}, gpus);
}

CatalogueError GpuRepository::saveChanges(const QVector<GpuSpec> &deletions, QVector<GpuSpec> &upserts)
{
    if (CatalogueError error = checkWritable())
        return error;
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    // Deletions first: a deleted GPU's id may be reused by an added one in the same save.
    for (const GpuSpec &gpu : deletions)
        if (CatalogueError error = writeDelete(gpu))
            return error; // the transaction rolls back: nothing is written
    // Read before the GPUs are written: which measurements each renamed GPU takes along.
    QVector<BenchmarkMove> moves;
    if (CatalogueError error = findBenchmarkMoves(upserts, &moves))
        return error;
    if (CatalogueError error = freeRenamedIds(moves))
        return error;
    QVector<GpuSpec> saved = upserts;
    for (GpuSpec &gpu : saved) {
        CatalogueError error = gpu.rowId == 0 ? writeInsert(gpu) : writeUpdate(gpu);
        if (error)
            return error;
    }
    if (CatalogueError error = moveBenchmarks(moves))
        return error;
    if (CatalogueError error = transaction.commit())
        return error;
    upserts = saved;
    return {};
}

CatalogueError GpuRepository::findBenchmarkMoves(const QVector<GpuSpec> &upserts,
                                                 QVector<BenchmarkMove> *moves)
{
    // Benchmarks name their GPU by its gpu_id text (no foreign key: a measurement may name a GPU the
    // catalogue lacks). Their row ids are collected for every renamed GPU before any is written, so that
    // two GPUs swapping ids take their own measurements, not each other's.
    QSqlQuery oldId(m_database);
    oldId.prepare(QStringLiteral("SELECT gpu_id FROM gpus WHERE id = ?"));
    QSqlQuery measured(m_database);
    measured.prepare(QStringLiteral("SELECT id FROM benchmarks WHERE gpu_id = ?"));
    for (const GpuSpec &gpu : upserts) {
        if (gpu.rowId == 0)
            continue;
        oldId.addBindValue(gpu.rowId);
        if (!oldId.exec())
            return sqlError(
                oldId, QCoreApplication::translate("GpuRepository", "cannot read GPU '%1'").arg(gpu.gpuId));
        const QString before = oldId.next() ? oldId.value(0).toString() : QString();
        oldId.finish();
        if (before.isEmpty() || before == gpu.gpuId)
            continue;
        measured.addBindValue(before);
        if (!measured.exec())
            return sqlError(
                measured, QCoreApplication::translate("GpuRepository", "cannot read the measurements of '%1'")
                              .arg(before));
        BenchmarkMove move{gpu.rowId, {}, gpu.gpuId};
        while (measured.next())
            move.benchmarkRowIds.append(measured.value(0).toLongLong());
        measured.finish();
        moves->append(move);
    }
    return {};
}

CatalogueError GpuRepository::freeRenamedIds(const QVector<BenchmarkMove> &moves)
{
    // gpu_id is UNIQUE: two GPUs swapping ids (a -> tmp, b -> a, tmp -> b in the table) would collide while
    // one is written and the other not yet. Each renamed row first takes an id no GPU can have ('#' is not
    // allowed in one), then its new id when it is written.
    QSqlQuery update(m_database);
    update.prepare(QStringLiteral("UPDATE gpus SET gpu_id = ? WHERE id = ?"));
    for (const BenchmarkMove &move : moves) {
        update.addBindValue(QStringLiteral("#renaming-%1").arg(move.gpuRowId));
        update.addBindValue(move.gpuRowId);
        if (!update.exec())
            return sqlError(
                update, QCoreApplication::translate("GpuRepository", "cannot save GPU '%1'").arg(move.gpuId));
    }
    // Each of these rows is written again with its new id: a teammate finds one row changed, not two.
    WriteTransaction::countRewrites(m_database, static_cast<int>(moves.size()));
    return {};
}

CatalogueError GpuRepository::moveBenchmarks(const QVector<BenchmarkMove> &moves)
{
    // Marked as the user's (and a new revision): a newer seed must not put the old id back on them.
    QSqlQuery update(m_database);
    update.prepare(QStringLiteral(
        "UPDATE benchmarks SET gpu_id = ?, user_modified = 1, revision = revision + 1 WHERE id = ?"));
    for (const BenchmarkMove &move : moves)
        for (const qint64 rowId : move.benchmarkRowIds) {
            update.addBindValue(move.gpuId);
            update.addBindValue(rowId);
            if (!update.exec())
                return sqlError(update, QCoreApplication::translate("GpuRepository",
                                                                    "cannot move the measurements to '%1'")
                                            .arg(move.gpuId));
        }
    return {};
}

CatalogueError GpuRepository::merge(const QVector<GpuSpec> &gpus, const QVector<GpuFieldSet> &given,
                                    OnExisting onExisting, SaveReport *report)
{
    if (CatalogueError error = checkWritable())
        return error;
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    // Read the existing rows inside the write transaction: an update overlays the file's fields on the row
    // as it is now, so nobody's save between reading and writing is lost.
    QHash<QString, GpuSpec> existing;
    {
        QSqlQuery query(m_database);
        query.setForwardOnly(true);
        if (!query.exec(selectSql()))
            return sqlError(query, QCoreApplication::translate("GpuRepository", "cannot read the GPUs"));
        while (query.next()) {
            GpuSpec row = readRow(query);
            existing.insert(row.gpuId, std::move(row));
        }
    }
    SaveReport counts;
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const auto found = existing.constFind(gpus.at(i).gpuId);
        if (found != existing.constEnd() && onExisting == OnExisting::Skip) {
            ++counts.skipped;
            continue;
        }
        CatalogueError error;
        if (found != existing.constEnd()) {
            GpuSpec gpu =
                ImportPlan::overlay(*found, gpus.at(i), i < given.size() ? given.at(i) : GpuFieldSet().set());
            error = writeUpdate(gpu); // overlay keeps the row's id and revision
            ++counts.updated;
        } else {
            GpuSpec gpu = gpus.at(i);
            gpu.rowId = 0;
            error = writeInsert(gpu);
            ++counts.inserted;
        }
        if (error)
            return error;
    }
    if (CatalogueError error = transaction.commit())
        return error;
    if (report)
        *report = counts;
    return {};
}
