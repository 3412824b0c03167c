#pragma once

#include <Catalogue.h>
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <memory>

// Helpers shared by the catalogue tests: temporary catalogues and file bytes.
namespace TestCatalogueFiles {

// A new catalogue built from the bundled seed at dir/name; fails the test when it cannot be made.
std::unique_ptr<Catalogue> createSeeded(const QTemporaryDir &dir,
                                        const QString &name = QStringLiteral("catalogue.db"));

QByteArray readBytes(const QString &path);
void writeBytes(const QString &path, const QByteArray &bytes);

// Builds a database file by running the statements of an .sql fixture (tests/data), one per
// ';'-terminated group of lines; fails the test when a statement fails.
void buildFromSql(const QString &databasePath, const QString &sqlPath);

// Runs statements on the database file at databasePath (made when missing) through a connection of its
// own; fails the test when one fails.
void execOn(const QString &databasePath, const QStringList &statements);

} // namespace TestCatalogueFiles
