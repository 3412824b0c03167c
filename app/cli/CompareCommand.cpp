#include "app/cli/CompareCommand.h"

#include "app/cli/EstimateCommand.h"
#include "app/cli/EstimateOutput.h"

#include <QCoreApplication>

namespace {

WorkloadOptions::Command compareOptions()
{
    // At least two GPUs; the model and task default through the resolver (Llama-3 8B inference).
    return {QStringLiteral("compare"), QStringLiteral("--gpu GPU,GPU[,...] [options]"),
            QCoreApplication::translate("cli", "The same estimates side by side, the best value of each row "
                                               "marked, and the verdicts."),
            2, false};
}

} // namespace

CliCommand compareCommand()
{
    CliCommand command{
        QStringLiteral("compare"),
        QCoreApplication::translate(
            "cli",
            "compare --gpu GPU,GPU[,...] [--model MODEL] [--task TASK] [options] [--json]: side by side"),
        [](const QStringList &arguments, CliContext &context) {
            return runEstimates(compareOptions(), arguments, context, EstimateOutput::writeComparison);
        }};
    command.help = [] { return WorkloadOptions(compareOptions()).helpText(); };
    return command;
}
