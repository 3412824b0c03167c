#include "db/WriteTransaction.h"

#include "db/SqliteFailure.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

namespace {

// Open WriteTransactions per connection name, on this thread (a connection belongs to one thread).
QHash<QString, int> &openDepth()
{
    thread_local QHash<QString, int> depth;
    return depth;
}

// Writes the open transaction of each connection (by name, on this thread) made to rows it writes again.
QHash<QString, qint64> &rewrites()
{
    thread_local QHash<QString, qint64> counts;
    return counts;
}

// This session's inserts, updates and deletes of the catalogue's tables, counted by the server.
QString changeCount()
{
    return QStringLiteral(
        "(SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) FROM pg_stat_xact_user_tables)");
}

// Who saved: this process, told apart from another on this or another machine.
const QString &processToken()
{
    static const QString token = QStringLiteral("%1-%2")
                                     .arg(QCoreApplication::applicationPid())
                                     .arg(QDateTime::currentMSecsSinceEpoch());
    return token;
}

bool onServer(const QSqlDatabase &database)
{
    return database.driverName() == QLatin1String("QPSQL");
}

} // namespace

WriteTransaction::ChangeNotice WriteTransaction::readChangeNotice(const QString &payload)
{
    const QStringList parts = payload.split(u' ');
    return ChangeNotice{parts.value(0).toInt(), parts.value(1) == processToken()};
}

bool WriteTransaction::reopenServerConnection(QSqlDatabase &database)
{
    QSqlDriver *driver = database.driver();
    const QStringList listening = driver ? driver->subscribedToNotifications() : QStringList();
    database.close();
    if (!database.open())
        return false;
    for (const QString &channel : listening)
        database.driver()->subscribeToNotification(channel);
    return true;
}

void WriteTransaction::countRewrites(const QSqlDatabase &database, int rows)
{
    rewrites()[database.connectionName()] += rows;
}

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
    const QString beginSql =
        onServer(m_database) ? QStringLiteral("BEGIN") : QStringLiteral("BEGIN IMMEDIATE");
    bool begun = query.exec(depth > 0 ? QStringLiteral("SAVEPOINT ") + savepoint : beginSql);
    if (!begun && depth == 0 && onServer(m_database) &&
        SqliteFailure::causeOf(query.lastError()) == SqliteFailure::Cause::Disconnected &&
        reopenServerConnection(m_database)) {
        query = QSqlQuery(m_database);
        begun = query.exec(beginSql);
    }
    if (!begun)
        return SqliteFailure::toError(
            query.lastError(),
            QCoreApplication::translate("WriteTransaction", "cannot start a write transaction"),
            m_database.databaseName());
    if (depth > 0)
        m_savepoint = savepoint;
    // The server's count of this session's writes so far: what commit() finds more was this transaction's
    // (the counts are only flushed between transactions, so they only grow within one).
    if (depth == 0 && onServer(m_database) && query.exec(QStringLiteral("SELECT %1").arg(changeCount())) &&
        query.next())
        m_changesBefore = query.value(0).toLongLong();
    if (depth == 0)
        rewrites()[m_database.connectionName()] = 0;
    ++depth;
    m_active = true;
    return {};
}

CatalogueError WriteTransaction::commit()
{
    if (!m_active)
        return {};
    QSqlQuery query(m_database);
    // What this transaction changed: the rows the server counts it wrote (pg_stat_xact_user_tables), less
    // the writes its statements said were to rows written again, so the NOTIFY names the rows a teammate
    // will find changed without each write counting its rows.
    const bool notify = m_savepoint.isEmpty() && onServer(m_database);
    const qint64 rewritten = rewrites().value(m_database.connectionName());
    if (notify &&
        !query.exec(QStringLiteral("SELECT pg_notify('%1', changed::text || ' %2') FROM (SELECT %3 - %4 "
                                   "AS changed) AS counts WHERE changed > 0")
                        .arg(QLatin1String(kChangeChannel), processToken(), changeCount())
                        .arg(m_changesBefore + rewritten))) {
        CatalogueError error = SqliteFailure::toError(
            query.lastError(), QCoreApplication::translate("WriteTransaction", "cannot save"));
        rollback();
        return error;
    }
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
