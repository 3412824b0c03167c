#pragma once

#include "db/SystemSpec.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// resources/seed/systems.csv and a systems CSV the user imports or exports: one row a system, its columns
// named as the systems table's (SystemCsvParser::columns()). An empty cell is an unknown value (NULL);
// rail_optimized is yes, no or empty.
namespace SystemCsvParser {

const QStringList &columns();
// The rows, or nullopt with "line N, column C: reason" in *error (the first problem).
std::optional<QVector<SystemSpec>> parse(const QByteArray &csv, QString *error);
// The rows as CSV with a header line, parse()'s format: parse(write(s)) == s (row ids and revisions aside).
QByteArray write(const QVector<SystemSpec> &systems);

} // namespace SystemCsvParser
