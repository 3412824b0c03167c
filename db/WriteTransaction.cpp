#include "db/WriteTransaction.h"

#include "db/SqliteFailure.h"

#include <QCoreApplication>
#include <QHash>
#include <QSqlError>
#include <QSqlQuery>

namespace {

// Open WriteTransactions per connection name, on this thread (a connection belongs to one thread).
QHash<QString, int> &openDepth()
{
    thread_local QHash<QString, int> depth;
    return depth;
}

} // namespace

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
    int &depth = openDepth()[m_database.connectionName()];
    const QString savepoint = QStringLiteral("nested_%1").arg(depth);
    if (!query.exec(depth > 0 ? QStringLiteral("SAVEPOINT ") + savepoint : QStringLiteral("BEGIN IMMEDIATE")))
        return SqliteFailure::toError(
            query.lastError(),
            QCoreApplication::translate("WriteTransaction", "cannot start a write transaction"),
            m_database.databaseName());
    if (depth > 0)
        m_savepoint = savepoint;
    ++depth;
    m_active = true;
    return {};
}

CatalogueError WriteTransaction::commit()
{
    if (!m_active)
        return {};
    QSqlQuery query(m_database);
    if (!query.exec(m_savepoint.isEmpty() ? QStringLiteral("COMMIT")
                                          : QStringLiteral("RELEASE ") + m_savepoint)) {
        // A full disk is said as such ("cannot save: the disk is full (...)"), not as SQLite's words.
        CatalogueError error = SqliteFailure::toError(
            query.lastError(), QCoreApplication::translate("WriteTransaction", "cannot save"),
            m_database.databaseName());
        rollback();
        return error;
    }
    m_active = false;
    --openDepth()[m_database.connectionName()];
    return {};
}

void WriteTransaction::rollback()
{
    if (!m_active)
        return;
    QSqlQuery query(m_database);
    if (m_savepoint.isEmpty()) {
        query.exec(QStringLiteral("ROLLBACK"));
    } else {
        query.exec(QStringLiteral("ROLLBACK TO ") + m_savepoint);
        query.exec(QStringLiteral("RELEASE ") + m_savepoint);
    }
    m_active = false;
    --openDepth()[m_database.connectionName()];
}
