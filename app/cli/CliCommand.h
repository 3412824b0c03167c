#pragma once

#include "CliContext.h"

#include <QStringList>
#include <QVector>

#include <functional>

// One headless subcommand: `gpucompare [--db FILE] NAME ARGS...`. Each command lives in its own
// file and is listed in CliCommand.cpp.
struct CliCommand
{
    QString name;
    QString synopsis; // one line for --help
    std::function<int(const QStringList &arguments, CliContext &context)> run;
    bool drawsCharts = false; // needs a QApplication (offscreen when there is no display)
};

namespace CliCommands {
const QVector<CliCommand> &all();
const CliCommand *find(const QString &name);
QStringList names();
} // namespace CliCommands
