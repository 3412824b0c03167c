#include "CliCommand.h"

#include "CompareCommand.h"
#include "EstimateCommand.h"
#include "ExportChartCommand.h"
#include "ExportCommand.h"
#include "ImportCommand.h"
#include "ListCommand.h"
#include "ShowCommand.h"

namespace CliCommands {

const QVector<CliCommand> &all()
{
    static const QVector<CliCommand> commands{listCommand(), showCommand(), importCommand(), exportCommand(),
                                                 estimateCommand(), compareCommand(), exportChartCommand()};
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
