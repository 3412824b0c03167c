#pragma once

#include "db/CatalogueError.h"

#include <QSqlDatabase>

// One write transaction: BEGIN IMMEDIATE (takes the write lock up front, so a concurrent writer is a
// clean "busy" error instead of a deadlocked upgrade), COMMIT, and ROLLBACK on destruction unless
// committed. Qt's own transaction() is a deferred BEGIN and never rolls back for you.
class WriteTransaction
{
public:
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
    QString m_savepoint; // set when nested in an open WriteTransaction of the same connection
};
