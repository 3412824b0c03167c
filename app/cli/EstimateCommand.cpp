#include "EstimateCommand.h"

#include "EstimateOutput.h"
#include "WorkloadOptions.h"

#include <Estimator.h>

#include <QCoreApplication>

int runEstimates(const QString &command, const QStringList &arguments, CliContext &context, int minimumGpus,
                 bool requireModelAndTask, EstimateTextWriter writeText)
{
    int exitCode = ExitCode::Ok;
    const auto request =
        WorkloadOptions::parse(command, arguments, context, minimumGpus, requireModelAndTask, &exitCode);
    if (!request)
        return exitCode;
    const QVector<Estimate> estimates = Estimator::estimateAll(request->gpus, request->workload, request->parameters,
                                                               &request->otherTaskParameters);
    if (request->json)
        EstimateOutput::writeJson(context.out, estimates);
    else
        writeText(context.out, estimates, request->showMath);
    return ExitCode::Ok;
}

CliCommand estimateCommand()
{
    return {QStringLiteral("estimate"),
            QCoreApplication::translate("cli", "estimate --gpu GPU[,GPU...] --model MODEL --task TASK [options] [--json]: memory, speed, cost, verdicts"),
            [](const QStringList &arguments, CliContext &context) {
                return runEstimates(QStringLiteral("estimate"), arguments, context, 1, true,
                                    EstimateOutput::writeDetails);
            }};
}
