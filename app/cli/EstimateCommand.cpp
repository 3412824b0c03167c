#include "app/cli/EstimateCommand.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/PairRanges.h"
#include "app/analysis/WorkloadResolver.h"
#include "app/cli/EstimateOutput.h"
#include "app/comparison/AnswerSummary.h"

#include <QCoreApplication>

namespace {

WorkloadOptions::Command estimateOptions()
{
    return {
        QStringLiteral("estimate"), QStringLiteral("--gpu GPU[,GPU...] --model MODEL --task TASK [options]"),
        QCoreApplication::translate("cli", "Memory, fit, speed, cost and the training and inference "
                                           "verdicts of a workload on each GPU, with the math behind them."),
        1, true};
}

} // namespace

int runEstimates(const WorkloadOptions::Command &command, const QStringList &arguments, CliContext &context,
                 EstimateTextWriter writeText)
{
    WorkloadOptions options(command);
    int exitCode = ExitCode::Ok;
    if (!options.parse(arguments, context, &exitCode))
        return exitCode;
    const auto parsed = options.resolve(context, &exitCode);
    if (!parsed)
        return exitCode;
    const QVector<Estimate> estimates = Estimator::estimateAll(parsed->gpus, parsed->resolved);
    // compare answers the question as the window's strip does (AnswerSummary): the same picks, in words.
    QVector<AnswerLine> answer;
    QVector<PairRatio> pairs;
    if (command.name == QLatin1String("compare")) {
        pairs = PairRanges::all(estimates);
        ComparisonInput input;
        input.gpus = parsed->gpus;
        input.estimates = estimates;
        const Workload &workload = *parsed->resolved.workload;
        input.workloadSummary = WorkloadResolver::recipe(workload, parsed->resolved.parameters);
        input.traffic = workload.traffic;
        answer = AnswerSummary::build(input);
    }
    if (parsed->json)
        EstimateOutput::writeJson(context.out, estimates, answer, pairs);
    else {
        writeText(context.out, estimates, parsed->showMath);
        EstimateOutput::writeAnswer(context.out, answer);
        EstimateOutput::writePairs(context.out, estimates, pairs);
    }
    return ExitCode::Ok;
}

CliCommand estimateCommand()
{
    CliCommand command{
        QStringLiteral("estimate"),
        QCoreApplication::translate("cli", "estimate --gpu GPU[,GPU...] --model MODEL --task TASK "
                                           "[options] [--json]: memory, speed, cost, verdicts"),
        [](const QStringList &arguments, CliContext &context) {
            return runEstimates(estimateOptions(), arguments, context, EstimateOutput::writeDetails);
        }};
    command.help = [] { return WorkloadOptions(estimateOptions()).helpText(); };
    return command;
}
