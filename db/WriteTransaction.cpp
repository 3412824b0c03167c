#include "WriteTransaction.h"

#include "SqliteFailure.h"

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
        return SqliteFailure::toError(
            query.lastError(),
            QCoreApplication::translate("WriteTransaction", "cannot start a write transaction"),
            m_database.databaseName());
    m_active = true;
    return {};
}

CatalogueError WriteTransaction::commit()
{
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("COMMIT"))) {
        // A full disk is said as such ("cannot save: the disk is full (...)"), not as SQLite's words.
        CatalogueError error = SqliteFailure::toError(
            query.lastError(), QCoreApplication::translate("WriteTransaction", "cannot save"),
            m_database.databaseName());
        rollback();
        return error;
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
