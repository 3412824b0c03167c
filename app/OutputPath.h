#pragma once

#include <QString>

// Output files the program writes where the user says (--screenshot, export, report, export-chart).
namespace OutputPath {

// Why a file cannot be written at path (no such folder, a read-only folder or file, a folder of that
// name), found before any work is done: bad input, exit code 2. Empty when it can be tried; a write that
// then fails (a full disk) is the program failing, exit code 1. In English: both front doors check before
// a translation is loaded.
QString unwritableReason(const QString &path);

} // namespace OutputPath
