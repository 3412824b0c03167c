#pragma once

#include "db/CatalogueError.h"

#include <QSqlDatabase>

// One write transaction: BEGIN IMMEDIATE (takes the write lock up front, so a concurrent writer is a
// clean "busy" error instead of a deadlocked upgrade), COMMIT, and ROLLBACK on destruction unless
// committed. Qt's own transaction() is a deferred BEGIN and never rolls back for you.
// On PostgreSQL (a team catalogue) it is a plain BEGIN: rows are locked as they are written, and a
// row another client saved meanwhile fails the revision check. A session the server ended while it was
// idle is opened again and the BEGIN retried once (nothing was written yet); one ended inside the
// transaction fails it, rolled back whole by the server. Its COMMIT tells the other clients:
// a NOTIFY on kChangeChannel whose payload is how many rows the transaction inserted, updated or
// deleted and which process saved them (delivered only if the commit succeeds; readChangeNotice). The
// server counts every row written (pg_stat_xact_user_tables); a statement that writes a row the same save
// writes again (a rename's temporary id) says so with countRewrites, so one edited row counts 1.
class WriteTransaction
{
public:
    static constexpr const char *kChangeChannel = "gpucompare_catalogue_changed";
    struct ChangeNotice
    {
        int rows = 0;
        bool fromThisProcess = false; // this program saved them (on any of its connections)
    };
    static ChangeNotice readChangeNotice(const QString &payload);
    // A team catalogue's connection the server ended (restarted, pg_terminate_backend): closed and opened
    // again under the same name, listening again on what it listened to. false when it cannot reconnect.
    static bool reopenServerConnection(QSqlDatabase &database);
    // rows writes of the transaction open on database were to rows that it writes again: the notice
    // leaves them out.
    static void countRewrites(const QSqlDatabase &database, int rows);

    explicit WriteTransaction(QSqlDatabase database);
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;

    CatalogueError begin();
    CatalogueError commit();
    void rollback();

private:
    QSqlDatabase m_database;
    bool m_active = false;
    QString m_savepoint;        // set when nested in an open WriteTransaction of the same connection
    qint64 m_changesBefore = 0; // PostgreSQL: the session's write count when the transaction began
};
