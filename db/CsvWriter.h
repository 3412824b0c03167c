#pragma once

#include <QString>
#include <QStringList>

// Writes RFC 4180 CSV (CRLF line ends, quotes only where needed).
namespace CsvWriter {

// One field, quoted when it holds a comma, quote, line break or leading/trailing space.
QString field(const QString &value);

// One text cell, protected against spreadsheet formula injection (CWE-1236): a value starting with
// = + - @ tab, CR or ' gets a leading apostrophe, which CSV import removes again.
QString textField(const QString &value);

// Undoes textField's apostrophe on import.
QString unprotectText(const QString &value);

// Joins already escaped fields into one CRLF-terminated line.
QString line(const QStringList &escapedFields);

} // namespace CsvWriter
