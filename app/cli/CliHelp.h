#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>

// The --help text of gpucompare and of each command: our own usage line ("Usage: gpucompare [--db FILE]
// estimate ..."), then QCommandLineParser's description and option table. QCommandLineParser alone would
// name the program from QCoreApplication's arguments, which do not exist yet when the global help is
// built, and could not show the command after the program name.
namespace CliHelp {

// The program as users type it; every message starts with it too ("gpucompare: ...").
QString programName();

// "Usage: gpucompare USAGE", then everything parser.helpText() gives after its own usage line.
QString text(const QCommandLineParser &parser, const QString &usage);

// A positional argument of a command's usage ("GPU", "FILE") with its description.
struct Argument
{
    QString name;
    QString description;
};

// The help of a command that parses its arguments itself (list, show, import, export, models, profiles):
// usage line, description, its options and -h/--help.
QString commandText(const QString &usage, const QString &description,
                    const QList<QCommandLineOption> &options, const QList<Argument> &arguments = {});

// The -h/--help option every command lists.
QCommandLineOption helpOption();

} // namespace CliHelp

struct CliContext;

namespace CliHelp {

// Reads the arguments of a command whose only option is --json (list, models, profiles): true with *json
// set, or false after one line on stderr naming the unexpected argument.
bool readJsonFlag(const QString &command, const QStringList &arguments, CliContext &context, bool *json);

} // namespace CliHelp
