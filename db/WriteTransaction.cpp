#include "WriteTransaction.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

WriteTransaction::WriteTransaction(QSqlDatabase database)
    : m_database(std::move(database))
{}

WriteTransaction::~WriteTransaction()
{
    rollback();
}

CatalogueError WriteTransaction::begin()
{
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return CatalogueError::make(
            CatalogueError::Kind::Sql,
            QCoreApplication::translate("WriteTransaction", "cannot start a write transaction: %1")
                .arg(query.lastError().text()));
    m_active = true;
    return {};
}

CatalogueError WriteTransaction::commit()
{
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("COMMIT"))) {
        const QString reason = query.lastError().text();
        rollback();
        return CatalogueError::make(
            CatalogueError::Kind::Sql,
            QCoreApplication::translate("WriteTransaction", "cannot save: %1").arg(reason));
    }
    m_active = false;
    return {};
}

void WriteTransaction::rollback()
{
    if (!m_active)
        return;
    QSqlQuery query(m_database);
    query.exec(QStringLiteral("ROLLBACK"));
    m_active = false;
}
