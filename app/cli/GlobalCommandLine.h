#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

// The options that come before a subcommand: --db, --screenshot, --window-size, --help, --version.
// Everything from the first positional argument on belongs to the subcommand, except a scenario file
// (`gpucompare FILE.gpuc`): the window opens with it.
struct GlobalCommandLine
{
    enum class Action
    {
        OpenWindow,
        RunCommand,
        ShowHelp,
        ShowVersion,
        Error
    };

    Action action = Action::OpenWindow;
    QString databasePath;   // --db FILE
    QString screenshotPath; // --screenshot FILE
    QSize windowSize;       // --window-size WIDTHxHEIGHT (logical pixels); invalid when not given
    QString scenarioPath;   // FILE.gpuc, for OpenWindow
    QString command;        // subcommand name, for RunCommand
    QStringList commandArguments;
    QString errorMessage; // for Error: one line naming the bad value and what is allowed
    QString helpText;

    static GlobalCommandLine parse(const QStringList &arguments);
};
