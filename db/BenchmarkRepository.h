#pragma once

#include "db/Benchmark.h"
#include "db/CatalogueError.h"

#include <QSqlDatabase>
#include <QVector>

// The benchmarks table: measured results with their sources. Same rules as GpuRepository: bound
// parameters, one transaction per write, optimistic revision checks.
class BenchmarkRepository
{
public:
    BenchmarkRepository(QSqlDatabase database, bool readOnly);

    QVector<Benchmark> list(CatalogueError *error = nullptr) const;
    QVector<Benchmark> listForGpu(const QString &gpuId, CatalogueError *error = nullptr) const;
    CatalogueError insert(Benchmark &benchmark);
    CatalogueError insertAll(QVector<Benchmark> &benchmarks); // one transaction
    CatalogueError update(Benchmark &benchmark);
    CatalogueError remove(const Benchmark &benchmark);

private:
    QVector<Benchmark> select(const QString &where, const QVariantList &values, CatalogueError *error) const;

    QSqlDatabase m_database;
    bool m_readOnly = false;
};
