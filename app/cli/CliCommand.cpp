#include "app/cli/CliCommand.h"

#include "app/cli/BackupCommand.h"
#include "app/cli/CalibrateCommand.h"
#include "app/cli/CompareCommand.h"
#include "app/cli/EstimateCommand.h"
#include "app/cli/ExportChartCommand.h"
#include "app/cli/ExportCommand.h"
#include "app/cli/ImportCommand.h"
#include "app/cli/ListCommand.h"
#include "app/cli/MeasurementsCommand.h"
#include "app/cli/ModelsCommand.h"
#include "app/cli/PlanCommand.h"
#include "app/cli/ProfilesCommand.h"
#include "app/cli/ReportCommand.h"
#include "app/cli/ShowCommand.h"
#include "app/cli/UpdateCatalogueCommand.h"

namespace CliCommands {

const QVector<CliCommand> &all()
{
    static const QVector<CliCommand> commands{listCommand(),
                                              showCommand(),
                                              modelsCommand(),
                                              profilesCommand(),
                                              importCommand(),
                                              exportCommand(),
                                              backupCommand(),
                                              estimateCommand(),
                                              compareCommand(),
                                              planCommand(),
                                              exportChartCommand(),
                                              reportCommand(),
                                              updateCatalogueCommand(),
                                              measurementsCommand(),
                                              calibrateCommand()};
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

bool asksForHelp(const QStringList &arguments)
{
    for (const QString &argument : arguments) {
        if (argument == QLatin1String("--"))
            return false;
        if (argument == QLatin1String("-h") || argument == QLatin1String("--help"))
            return true;
    }
    return false;
}

int run(const CliCommand &command, const QStringList &arguments, CliContext &context)
{
    // Decided here, before a command reads its arguments, so that every command answers --help the same
    // way, even next to arguments that would be wrong.
    if (command.help && asksForHelp(arguments)) {
        context.out << command.help();
        return ExitCode::Ok;
    }
    return command.run(arguments, context);
}

} // namespace CliCommands
