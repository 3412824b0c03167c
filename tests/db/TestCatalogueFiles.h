#pragma once

#include "db/SeedCatalogue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

// Helpers shared by the catalogue tests: file bytes and databases built from SQL (a catalogue made from
// the seed: SeededCatalogue, tests/support).
namespace TestCatalogueFiles {

QByteArray readBytes(const QString &path);
void writeBytes(const QString &path, const QByteArray &bytes);

// Builds a database file by running the statements of an .sql fixture (tests/data), one per
// ';'-terminated group of lines; fails the test when a statement fails.
void buildFromSql(const QString &databasePath, const QString &sqlPath);

// Runs statements on the database file at databasePath (made when missing) through a connection of its
// own; fails the test when one fails.
void execOn(const QString &databasePath, const QStringList &statements);

// The statements that build an empty catalogue of schema version `version` as that version made it: the
// migrations up to it and its user_version (for the upgrade tests, which add rows and open it).
QStringList schemaUpTo(int version);

// The bundled seed (SeedCatalogue::load); fails the test (and returns an empty one) when it does not load.
SeedData loadSeed();

// `text` as an SQL string literal: 'it''s'.
QString sqlText(QString text);

} // namespace TestCatalogueFiles
