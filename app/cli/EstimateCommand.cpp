#include "EstimateCommand.h"

#include "EstimateOutput.h"
#include "WorkloadOptions.h"

#include <Estimator.h>
#include <QCoreApplication>

namespace {

int runEstimate(const QStringList &arguments, CliContext &context)
{
    int exitCode = ExitCode::Ok;
    const auto request =
        WorkloadOptions::parse(QStringLiteral("estimate"), arguments, context, 1, true, &exitCode);
    if (!request)
        return exitCode;
    const QVector<Estimate> estimates = Estimator::estimateAll(
        request->gpus, request->workload, request->parameters, &request->otherTaskParameters);
    if (request->json)
        EstimateOutput::writeJson(context.out, estimates);
    else
        EstimateOutput::writeDetails(context.out, estimates, request->showMath);
    return ExitCode::Ok;
}

} // namespace

CliCommand estimateCommand()
{
    return {QStringLiteral("estimate"),
            QCoreApplication::translate("cli", "estimate --gpu GPU[,GPU...] --model MODEL --task TASK "
                                               "[options] [--json]: memory, speed, cost, verdicts"),
            runEstimate};
}
