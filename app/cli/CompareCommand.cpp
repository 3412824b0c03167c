#include "CompareCommand.h"

#include "EstimateCommand.h"
#include "EstimateOutput.h"

#include <QCoreApplication>

CliCommand compareCommand()
{
    return {QStringLiteral("compare"),
            QCoreApplication::translate(
                "cli",
                "compare --gpu GPU,GPU[,...] [--model MODEL] [--task TASK] [options] [--json]: side by side"),
            [](const QStringList &arguments, CliContext &context) {
                // At least two GPUs; the model and task default to Llama-3 8B inference.
                return runEstimates(QStringLiteral("compare"), arguments, context, 2, false,
                                    EstimateOutput::writeComparison);
            }};
}
