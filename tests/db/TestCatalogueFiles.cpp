#include "tests/db/TestCatalogueFiles.h"

#include "db/CatalogueSchema.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <gtest/gtest.h>

namespace TestCatalogueFiles {

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

void buildFromSql(const QString &databasePath, const QString &sqlPath)
{
    QFile file(sqlPath);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << sqlPath.toStdString();
    QString statement;
    QStringList statements;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(u'\n')) {
        if (line.startsWith(QStringLiteral("--")) || line.trimmed().isEmpty())
            continue;
        statement += line + u'\n';
        if (line.trimmed().endsWith(u';')) {
            statements << statement;
            statement.clear();
        }
    }
    execOn(databasePath, statements);
}

void execOn(const QString &databasePath, const QStringList &statements)
{
    const QString name = QStringLiteral("statement-runner");
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        database.setDatabaseName(databasePath);
        ASSERT_TRUE(database.open());
        QSqlQuery query(database);
        for (const QString &sql : statements)
            ASSERT_TRUE(query.exec(sql)) << sql.toStdString() << query.lastError().text().toStdString();
        database.close();
    }
    QSqlDatabase::removeDatabase(name);
}

QStringList schemaUpTo(int version)
{
    QStringList statements;
    for (int step = 1; step <= version; ++step)
        statements += CatalogueSchema::migrationStatements(step);
    statements << QStringLiteral("PRAGMA user_version = %1").arg(version);
    return statements;
}

SeedData loadSeed()
{
    QString error;
    const std::optional<SeedData> data = SeedCatalogue::load(&error);
    EXPECT_TRUE(data) << error.toStdString();
    return data ? *data : SeedData();
}

QString sqlText(QString text)
{
    return u'\'' + text.replace(u'\'', QStringLiteral("''")) + u'\'';
}

} // namespace TestCatalogueFiles
