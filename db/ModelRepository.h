#pragma once

#include "db/CatalogueError.h"
#include "db/ModelSpec.h"

#include <QSqlDatabase>
#include <QVector>
#include <optional>

// The models table: one row per preset, its architecture stored as ModelSpecJson in config_json.
// Optimistic writes take the revision the caller read (revisionOf) and fail with Conflict when the
// row has changed since.
class ModelRepository
{
public:
    ModelRepository(QSqlDatabase database, bool readOnly);

    QVector<ModelSpec> list(CatalogueError *error = nullptr) const;
    std::optional<ModelSpec> find(const QString &modelId, CatalogueError *error = nullptr) const;
    int revisionOf(qint64 rowId) const; // 0 when the row does not exist

    CatalogueError insert(ModelSpec &model, bool userModified = true);
    CatalogueError insertAll(QVector<ModelSpec> &models, bool userModified); // one transaction
    CatalogueError update(const ModelSpec &model, int expectedRevision);
    CatalogueError remove(qint64 rowId, int expectedRevision);

private:
    QVector<ModelSpec> select(const QString &where, const QVariantList &values, CatalogueError *error) const;

    QSqlDatabase m_database;
    bool m_readOnly = false;
};
