#pragma once

#include <QList>
#include <QStringList>
#include <QTextStream>

// A plain-text table for the command line: each column as wide as its widest cell, two spaces between
// columns, numbers aligned on the right, no trailing spaces.
namespace TextTable {

void write(QTextStream &out, const QStringList &header, const QList<QStringList> &rows,
           const QList<int> &rightAlignedColumns = {});

} // namespace TextTable
