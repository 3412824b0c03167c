#include "CompareCommand.h"

#include "EstimateOutput.h"
#include "WorkloadOptions.h"

#include <Estimator.h>
#include <QCoreApplication>

namespace {

int runCompare(const QStringList &arguments, CliContext &context)
{
    int exitCode = ExitCode::Ok;
    const auto request =
        WorkloadOptions::parse(QStringLiteral("compare"), arguments, context, 2, false, &exitCode);
    if (!request)
        return exitCode;
    const QVector<Estimate> estimates = Estimator::estimateAll(
        request->gpus, request->workload, request->parameters, &request->otherTaskParameters);
    if (request->json)
        EstimateOutput::writeJson(context.out, estimates);
    else
        EstimateOutput::writeComparison(context.out, estimates, request->showMath);
    return ExitCode::Ok;
}

} // namespace

CliCommand compareCommand()
{
    return {QStringLiteral("compare"),
            QCoreApplication::translate(
                "cli",
                "compare --gpu GPU,GPU[,...] [--model MODEL] [--task TASK] [options] [--json]: side by side"),
            runCompare};
}
