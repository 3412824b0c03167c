#pragma once

#include "app/cli/CliContext.h"

#include <QStringList>
#include <QVector>
#include <functional>

// One headless subcommand: `gpucompare [--db FILE] NAME ARGS...`. Each command lives in its own
// file and is listed in CliCommand.cpp.
struct CliCommand
{
    QString name;
    QString synopsis; // one line for gpucompare --help
    std::function<int(const QStringList &arguments, CliContext &context)> run;
    bool drawsCharts = false; // needs a QApplication (offscreen when there is no display)
    // `gpucompare NAME --help`: the usage, every option and its default. Built only when asked.
    std::function<QString()> help = nullptr;
};

namespace CliCommands {
const QVector<CliCommand> &all();
const CliCommand *find(const QString &name);
QStringList names();
// Whether the arguments ask for the command's help: -h or --help before any "--".
bool asksForHelp(const QStringList &arguments);
// Runs the command, or prints its help when the arguments ask for it.
int run(const CliCommand &command, const QStringList &arguments, CliContext &context);
} // namespace CliCommands
