// A catalogue written by the previous version (tests/data/catalogue-v1.sql, frozen) opens, is
// migrated in place, and keeps every row and the user's edits.

#include <Catalogue.h>
#include <CatalogueSchema.h>
#include <GpuRepository.h>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

// Builds a database file by running the statements of an .sql fixture, one per ';'-terminated line group.
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
    const QString name = QStringLiteral("fixture-builder");
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

} // namespace

TEST(Migration, AVersion1CatalogueIsUpgradedKeepingItsRows)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v1.sql"));

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_FALSE(catalogue->isReadOnly());
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);

    QSqlQuery query(catalogue->connection());
    ASSERT_TRUE(query.exec(QStringLiteral("PRAGMA user_version")) && query.next());
    EXPECT_EQ(query.value(0).toInt(), CatalogueSchema::kCurrentVersion);
    EXPECT_TRUE(catalogue->integrityCheck().isEmpty());

    const auto snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    ASSERT_EQ(snapshot->gpus.size(), 2);
    EXPECT_TRUE(snapshot->models.isEmpty()); // the new tables exist, empty
    EXPECT_TRUE(snapshot->profiles.isEmpty());
    ASSERT_EQ(snapshot->benchmarks.size(), 1);
    EXPECT_EQ(snapshot->benchmarks.first().value, 150.5);

    const GpuSpec *h100 = snapshot->findGpu(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_NE(h100, nullptr);
    EXPECT_EQ(h100->fp16DenseTflops, 989.4);
    EXPECT_FALSE(h100->usdPerGpuHour.has_value()); // a new column starts missing, not 0

    const GpuSpec *mine = snapshot->findGpu(QStringLiteral("my_lab_card"));
    ASSERT_NE(mine, nullptr);
    EXPECT_TRUE(mine->userModified);
    EXPECT_EQ(mine->revision, 3);
    EXPECT_FALSE(mine->fp64Tflops.has_value());

    // The upgraded file is an ordinary catalogue: writes work.
    GpuSpec edited = *mine;
    edited.usdPerGpuHour = 0.5;
    GpuRepository repository = catalogue->gpus();
    EXPECT_FALSE(repository.update(edited)) << "update after migration";
}

TEST(Migration, EachStepIsOneTransaction)
{
    // A migration whose statement fails leaves the file at the old version with the old tables.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.db"));
    buildFromSql(path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v1.sql"));
    {
        // Sabotage: a table named like the one version 2 creates.
        QSqlDatabase database =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("sabotage"));
        database.setDatabaseName(path);
        ASSERT_TRUE(database.open());
        QSqlQuery query(database);
        ASSERT_TRUE(query.exec(QStringLiteral("CREATE TABLE models (x TEXT)")));
        database.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("sabotage"));

    CatalogueError error;
    EXPECT_FALSE(Catalogue::open(path, &error));
    EXPECT_TRUE(error.message.contains(QStringLiteral("version 2"))) << error.message.toStdString();

    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
        database.setDatabaseName(path);
        ASSERT_TRUE(database.open());
        QSqlQuery query(database);
        ASSERT_TRUE(query.exec(QStringLiteral("PRAGMA user_version")) && query.next());
        EXPECT_EQ(query.value(0).toInt(), 1);
        // The first statement of the step (a new column) was rolled back with the rest.
        EXPECT_FALSE(query.exec(QStringLiteral("SELECT usd_per_gpu_hour FROM gpus")));
        database.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
}
