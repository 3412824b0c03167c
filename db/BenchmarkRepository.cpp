#include "db/BenchmarkRepository.h"

#include "db/BenchmarkColumns.h"
#include "db/RepositorySupport.h"
#include "db/WriteTransaction.h"

#include <QSqlQuery>

namespace {

using RepositorySupport::text;

QStringList dataColumns()
{
    QStringList names;
    for (const BenchmarkTextColumn &column : kBenchmarkTextColumns)
        names << QString::fromLatin1(column.column);
    names << QStringLiteral("gpu_count") << QStringLiteral("value") << QStringLiteral("value_per_gpu");
    return names;
}

QVariantList dataValues(const Benchmark &benchmark)
{
    QVariantList values;
    for (const BenchmarkTextColumn &column : kBenchmarkTextColumns)
        values << text(benchmark.*column.member);
    values << benchmark.gpuCount << benchmark.value
           << (benchmark.valuePerGpu ? QVariant(*benchmark.valuePerGpu)
                                     : QVariant(QMetaType(QMetaType::Double)));
    return values;
}

QString placeholders(qsizetype count)
{
    QStringList marks;
    for (qsizetype i = 0; i < count; ++i)
        marks << QStringLiteral("?");
    return marks.join(QStringLiteral(", "));
}

QString insertSql()
{
    const QStringList columns = dataColumns();
    return QStringLiteral("INSERT INTO benchmarks (") + columns.join(QStringLiteral(", ")) +
           QStringLiteral(", user_modified) VALUES (") + placeholders(columns.size()) +
           QStringLiteral(", ?)");
}

} // namespace

BenchmarkRepository::BenchmarkRepository(QSqlDatabase database, bool readOnly)
    : m_database(std::move(database))
    , m_readOnly(readOnly)
{}

QVector<Benchmark> BenchmarkRepository::select(const QString &where, const QVariantList &values,
                                               CatalogueError *error) const
{
    QVector<Benchmark> result;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT id, revision, user_modified, ") +
                  dataColumns().join(QStringLiteral(", ")) + QStringLiteral(" FROM benchmarks ") + where +
                  QStringLiteral(" ORDER BY bench_id"));
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec()) {
        if (error)
            *error = RepositorySupport::sqlError(query, QStringLiteral("cannot read the benchmarks"));
        return result;
    }
    const int textCount = static_cast<int>(std::size(kBenchmarkTextColumns));
    while (query.next()) {
        Benchmark benchmark;
        benchmark.rowId = query.value(0).toLongLong();
        benchmark.revision = query.value(1).toInt();
        benchmark.userModified = query.value(2).toInt() != 0;
        for (int i = 0; i < textCount; ++i)
            benchmark.*kBenchmarkTextColumns[i].member = query.value(3 + i).toString();
        benchmark.gpuCount = query.value(3 + textCount).toInt();
        benchmark.value = query.value(4 + textCount).toDouble();
        const QVariant perGpu = query.value(5 + textCount);
        if (!perGpu.isNull())
            benchmark.valuePerGpu = perGpu.toDouble();
        result.append(benchmark);
    }
    return result;
}

QVector<Benchmark> BenchmarkRepository::list(CatalogueError *error) const
{
    return select(QString(), {}, error);
}

QVector<Benchmark> BenchmarkRepository::listForGpu(const QString &gpuId, CatalogueError *error) const
{
    return select(QStringLiteral("WHERE gpu_id = ?"), {gpuId}, error);
}

CatalogueError BenchmarkRepository::insert(Benchmark &benchmark)
{
    QVector<Benchmark> one{benchmark};
    CatalogueError error = insertAll(one);
    if (!error)
        benchmark = one.first();
    return error;
}

CatalogueError BenchmarkRepository::insertAll(QVector<Benchmark> &benchmarks)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    QVector<Benchmark> saved = benchmarks;
    QSqlQuery query(m_database);
    query.prepare(insertSql());
    for (Benchmark &benchmark : saved) {
        for (const QVariant &value : dataValues(benchmark))
            query.addBindValue(value);
        query.addBindValue(benchmark.userModified ? 1 : 0);
        if (!query.exec())
            return RepositorySupport::sqlError(
                query, QStringLiteral("cannot add benchmark '%1'").arg(benchmark.benchId));
        benchmark.rowId = query.lastInsertId().toLongLong();
        benchmark.revision = 1;
    }
    if (CatalogueError error = transaction.commit())
        return error;
    benchmarks = saved;
    return {};
}

CatalogueError BenchmarkRepository::update(Benchmark &benchmark)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    QStringList assignments;
    for (const QString &column : dataColumns())
        assignments << column + QStringLiteral(" = ?");
    QVariantList values = dataValues(benchmark);
    values << benchmark.rowId << benchmark.revision;
    CatalogueError error = RepositorySupport::execWrite(
        m_database,
        QStringLiteral("UPDATE benchmarks SET ") + assignments.join(QStringLiteral(", ")) +
            QStringLiteral(", user_modified = 1, revision = revision + 1 WHERE id = ? AND revision = ?"),
        values, QStringLiteral("benchmark '%1'").arg(benchmark.benchId), true);
    if (!error) {
        benchmark.revision += 1;
        benchmark.userModified = true;
    }
    return error;
}

CatalogueError BenchmarkRepository::remove(const Benchmark &benchmark)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    return RepositorySupport::execWrite(
        m_database, QStringLiteral("DELETE FROM benchmarks WHERE id = ? AND revision = ?"),
        {benchmark.rowId, benchmark.revision}, QStringLiteral("benchmark '%1'").arg(benchmark.benchId), true);
}
