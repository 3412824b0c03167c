#pragma once

#include <QByteArray>
#include <QStringList>
#include <QVector>
#include <optional>

// RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; records end with CRLF,
// LF or CR; a UTF-8 BOM is skipped. Each record remembers the line it starts on, so importers can
// name it in errors. Input must be valid UTF-8.
struct CsvRecord
{
    int line = 0; // 1-based line of the file where the record starts
    QStringList fields;
};

namespace CsvReader {

constexpr qsizetype kMaxBytes = 64 * 1024 * 1024;
constexpr int kMaxFields = 1000;

// The records (blank lines skipped), or nullopt with "line N: reason" in *error.
std::optional<QVector<CsvRecord>> parse(const QByteArray &bytes, QString *error);

} // namespace CsvReader
