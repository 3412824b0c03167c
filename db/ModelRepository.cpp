#include "db/ModelRepository.h"

#include "db/ModelSpecCheck.h"
#include "db/ModelSpecJson.h"
#include "db/RepositorySupport.h"
#include "db/WriteTransaction.h"

#include <QJsonDocument>
#include <QSqlQuery>

namespace {

QString configJson(const ModelSpec &model)
{
    return QString::fromUtf8(QJsonDocument(ModelSpecJson::toJson(model)).toJson(QJsonDocument::Compact));
}

// A model out of ModelSpecCheck's bounds is refused before it is stored (reading refuses it too).
CatalogueError insane(const ModelSpec &model)
{
    const QString problem = ModelSpecCheck::problem(model);
    if (problem.isEmpty())
        return {};
    return CatalogueError::make(CatalogueError::Kind::Invalid,
                                QStringLiteral("model '%1': %2").arg(model.modelId, problem));
}

} // namespace

ModelRepository::ModelRepository(QSqlDatabase database, bool readOnly)
    : m_database(std::move(database))
    , m_readOnly(readOnly)
{}

QVector<ModelSpec> ModelRepository::select(const QString &where, const QVariantList &values,
                                           CatalogueError *error) const
{
    QVector<ModelSpec> result;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT id, model_id, config_json FROM models ") + where +
                  QStringLiteral(" ORDER BY name, model_id"));
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec()) {
        if (error)
            *error = RepositorySupport::sqlError(query, QStringLiteral("cannot read the models"));
        return result;
    }
    while (query.next()) {
        QString problem;
        const QJsonDocument document = QJsonDocument::fromJson(query.value(2).toString().toUtf8());
        std::optional<ModelSpec> model = ModelSpecJson::fromJson(document.object(), &problem);
        if (!model) {
            if (error)
                *error = CatalogueError::make(CatalogueError::Kind::Invalid,
                                              QStringLiteral("model '%1' in the catalogue is invalid: %2")
                                                  .arg(query.value(1).toString(), problem));
            return {};
        }
        model->rowId = query.value(0).toLongLong();
        result.append(*model);
    }
    return result;
}

QVector<ModelSpec> ModelRepository::list(CatalogueError *error) const
{
    return select(QString(), {}, error);
}

std::optional<ModelSpec> ModelRepository::find(const QString &modelId, CatalogueError *error) const
{
    const QVector<ModelSpec> found = select(QStringLiteral("WHERE model_id = ?"), {modelId}, error);
    if (found.isEmpty()) {
        if (error && !error->isError())
            *error = CatalogueError::make(CatalogueError::Kind::NotFound,
                                          QStringLiteral("no model with id '%1'").arg(modelId));
        return std::nullopt;
    }
    return found.first();
}

int ModelRepository::revisionOf(qint64 rowId) const
{
    QSqlQuery query(m_database);
    query.prepare(QStringLiteral("SELECT revision FROM models WHERE id = ?"));
    query.addBindValue(rowId);
    return query.exec() && query.next() ? query.value(0).toInt() : 0;
}

CatalogueError ModelRepository::insert(ModelSpec &model, bool userModified)
{
    QVector<ModelSpec> one{model};
    CatalogueError error = insertAll(one, userModified);
    if (!error)
        model = one.first();
    return error;
}

CatalogueError ModelRepository::insertAll(QVector<ModelSpec> &models, bool userModified)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    for (const ModelSpec &model : std::as_const(models))
        if (CatalogueError error = insane(model))
            return error;
    WriteTransaction transaction(m_database);
    if (CatalogueError error = transaction.begin())
        return error;
    QVector<ModelSpec> saved = models;
    QSqlQuery query(m_database);
    query.prepare(QStringLiteral(
        "INSERT INTO models (model_id, name, config_json, source, user_modified) VALUES (?, ?, ?, ?, ?)"));
    for (ModelSpec &model : saved) {
        query.addBindValue(RepositorySupport::text(model.modelId));
        query.addBindValue(RepositorySupport::text(model.name));
        query.addBindValue(configJson(model));
        query.addBindValue(RepositorySupport::text(model.source));
        query.addBindValue(userModified ? 1 : 0);
        if (!query.exec())
            return RepositorySupport::sqlError(query,
                                               QStringLiteral("cannot add model '%1'").arg(model.modelId));
        model.rowId = query.lastInsertId().toLongLong();
    }
    if (CatalogueError error = transaction.commit())
        return error;
    models = saved;
    return {};
}

CatalogueError ModelRepository::update(const ModelSpec &model, int expectedRevision)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    if (CatalogueError error = insane(model))
        return error;
    return RepositorySupport::execWrite(
        m_database,
        QStringLiteral(
            "UPDATE models SET model_id = ?, name = ?, config_json = ?, source = ?, user_modified = 1, "
            "revision = revision + 1 WHERE id = ? AND revision = ?"),
        {RepositorySupport::text(model.modelId), RepositorySupport::text(model.name), configJson(model),
         RepositorySupport::text(model.source), model.rowId, expectedRevision},
        QStringLiteral("model '%1'").arg(model.modelId), true);
}

CatalogueError ModelRepository::remove(qint64 rowId, int expectedRevision)
{
    if (m_readOnly)
        return RepositorySupport::readOnlyError();
    return RepositorySupport::execWrite(
        m_database, QStringLiteral("DELETE FROM models WHERE id = ? AND revision = ?"),
        {rowId, expectedRevision}, QStringLiteral("model %1").arg(rowId), true);
}
