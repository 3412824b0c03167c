#include "CliCommand.h"

#include "CompareCommand.h"
#include "EstimateCommand.h"
#include "ExportCommand.h"
#include "ImportCommand.h"
#include "ListCommand.h"
#include "ShowCommand.h"

namespace CliCommands {

const QVector<CliCommand> &all()
{
    // Commands are added here as the issues that own them land (list, show, import, export,
    // estimate, compare, export-chart).
    static const QVector<CliCommand> commands{listCommand(), showCommand(), importCommand(), exportCommand(),
                                                 estimateCommand(), compareCommand()};
    return commands;
}

const CliCommand *find(const QString &name)
{
    for (const CliCommand &command : all())
        if (command.name == name)
            return &command;
    return nullptr;
}

QStringList names()
{
    QStringList result;
    for (const CliCommand &command : all())
        result << command.name;
    return result;
}

} // namespace CliCommands
