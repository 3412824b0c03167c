#pragma once

#include "app/ExitCodes.h"

#include <QString>
#include <QTextStream>

// What every headless command receives: the catalogue path chosen by --db (empty = the default
// catalogue) and the streams it writes to. Output goes to stdout only; messages to stderr.
struct CliContext
{
    QString databasePath;
    QTextStream &out;
    QTextStream &err;
};
