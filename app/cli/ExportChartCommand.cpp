#include "app/cli/ExportChartCommand.h"

#include "app/OutputPath.h"
#include "app/analysis/Estimator.h"
#include "app/analysis/Planner.h"
#include "app/analysis/WorkloadResolver.h"
#include "app/cli/CliHelp.h"
#include "app/cli/WorkloadOptions.h"
#include "app/comparison/ChartKind.h"
#include "app/comparison/ComparisonCharts.h"
#include "app/comparison/ComparisonPresenter.h"
#include "app/comparison/LoadCurves.h"
#include "app/comparison/PlanPresenter.h"
#include "app/comparison/ScalingCurves.h"
#include "widgets/charts/ChartExporter.h"
#include "widgets/charts/ChartView.h"
#include "widgets/charts/ParetoChartWidget.h"

#include <QCoreApplication>
#include <memory>

namespace {

const QString kPareto = QStringLiteral("pareto");

// The planner's cost-against-latency (serving) or cost-against-time (training) chart for the named GPUs,
// as the Plan tab draws it; nothing, with the planner's reason, when it cannot plan.
std::optional<ParetoChartData> paretoChart(const ParsedWorkloadArguments &parsed, double deadlineDays,
                                           QString *error)
{
    PlanRequest request;
    request.workload = parsed.request;
    request.deadlineDays = deadlineDays;
    QVector<PlanPresenter::GpuType> types;
    for (const GpuSpec &gpu : parsed.gpus) {
        request.gpuIds << gpu.gpuId;
        types.append({gpu.gpuId, gpu.displayName()});
    }
    const QVector<PlanProblem> problems = Planner::check(request, parsed.catalogue);
    if (!problems.isEmpty()) {
        *error = PlanPresenter::problemTexts(problems).join(QStringLiteral("; "));
        return std::nullopt;
    }
    PlanPresenter presenter;
    presenter.start(request, types);
    presenter.finish(Planner::plan(request, parsed.catalogue));
    return presenter.chart();
}

// The workload options plus this command's own, on one parser: --help lists them all.
struct ChartCommandLine
{
    WorkloadOptions workload{WorkloadOptions::Command{
        QStringLiteral("export-chart"),
        QStringLiteral("--chart KIND --gpu GPU[,GPU...] --out FILE [options]"),
        QCoreApplication::translate("cli", "Draws the chart the window shows for that comparison and saves "
                                           "it as PNG, SVG or PDF, by the file name's extension; no display "
                                           "needed."),
        1, false}};
    QCommandLineOption chart{
        QStringList{QStringLiteral("chart")},
        QCoreApplication::translate("cli", "The chart: %1, or %2 (the Plan tab's cost against latency or "
                                           "time, every configuration the planner tried). Required.")
            .arg(ChartKinds::ids().join(QStringLiteral(", ")), kPareto),
        QStringLiteral("KIND")};
    QCommandLineOption deadlineDays{
        QStringList{QStringLiteral("deadline-days")},
        QCoreApplication::translate("cli", "With --chart %1 for training: the days the run may take.")
            .arg(kPareto),
        QStringLiteral("DAYS")};
    QCommandLineOption out{
        QStringList{QStringLiteral("out")},
        QCoreApplication::translate("cli", "The file to write: .png, .svg or .pdf. Required."),
        QStringLiteral("FILE")};
    QCommandLineOption width{QStringList{QStringLiteral("width")},
                             QCoreApplication::translate("cli", "Width, 200 to 8000. Default: 1600."),
                             QStringLiteral("N")};
    QCommandLineOption height{QStringList{QStringLiteral("height")},
                              QCoreApplication::translate("cli", "Height, 150 to 8000. Default: 1000."),
                              QStringLiteral("N")};
    QCommandLineOption scale{
        QStringList{QStringLiteral("scale")},
        QCoreApplication::translate("cli",
                                    "Pixels per unit of width and height in a PNG, 0.25 to 8. Default: 1."),
        QStringLiteral("S")};

    ChartCommandLine()
    {
        for (const QCommandLineOption *option : {&chart, &deadlineDays, &out, &width, &height, &scale})
            workload.addOption(*option);
    }

    QString valueOr(const QCommandLineOption &option, const QString &fallback) const
    {
        return workload.isSet(option) ? workload.value(option) : fallback;
    }
};

int runExportChart(const QStringList &arguments, CliContext &context)
{
    auto fail = [&context](const QString &message) {
        context.err << "gpucompare: export-chart: " << message << Qt::endl;
        return ExitCode::BadInput;
    };
    ChartCommandLine commandLine;
    int exitCode = ExitCode::Ok;
    if (!commandLine.workload.parse(arguments, context, &exitCode))
        return exitCode;
    // This command's own values first, so that a typo is reported before the catalogue is opened.
    const QString chartId = commandLine.workload.value(commandLine.chart);
    const auto kind = ChartKinds::parse(chartId);
    const bool pareto = chartId == kPareto;
    if (!kind && !pareto)
        return fail(QCoreApplication::translate("cli", "--chart '%1': allowed %2")
                        .arg(chartId, (ChartKinds::ids() << kPareto).join(QStringLiteral(", "))));
    double deadline = 0.0;
    if (commandLine.workload.isSet(commandLine.deadlineDays)) {
        const QString text = commandLine.workload.value(commandLine.deadlineDays);
        bool ok = false;
        deadline = text.toDouble(&ok);
        if (!pareto)
            return fail(
                QCoreApplication::translate("cli", "--deadline-days: only with --chart %1").arg(kPareto));
        if (!ok || !std::isfinite(deadline) || deadline <= 0.0 || deadline > 36500.0)
            return fail(
                QCoreApplication::translate("cli", "--deadline-days '%1': allowed more than 0 to 36500")
                    .arg(text));
    }
    const QString outPath = commandLine.workload.value(commandLine.out);
    if (outPath.isEmpty())
        return fail(QCoreApplication::translate("cli", "--out FILE is required (.png, .svg or .pdf)"));
    const auto format = ChartExporter::formatForFileName(outPath);
    if (!format)
        return fail(QCoreApplication::translate("cli", "--out '%1': the name must end in .png, .svg or .pdf")
                        .arg(outPath));
    // A path that cannot be written is the user's to fix (2); a write that fails there, the disk's (1).
    if (const QString reason = OutputPath::unwritableReason(outPath); !reason.isEmpty())
        return fail(
            QCoreApplication::translate("AtomicFileWriter", "cannot write %1: %2").arg(outPath, reason));
    const QString widthText = commandLine.valueOr(commandLine.width, QStringLiteral("1600"));
    const QString heightText = commandLine.valueOr(commandLine.height, QStringLiteral("1000"));
    const QString scaleText = commandLine.valueOr(commandLine.scale, QStringLiteral("1"));
    bool widthOk = false;
    bool heightOk = false;
    bool scaleOk = false;
    const int width = widthText.toInt(&widthOk);
    const int height = heightText.toInt(&heightOk);
    const double scale = scaleText.toDouble(&scaleOk);
    if (!widthOk || width < 200 || width > 8000)
        return fail(QCoreApplication::translate("cli", "--width '%1': allowed 200 to 8000").arg(widthText));
    if (!heightOk || height < 150 || height > 8000)
        return fail(QCoreApplication::translate("cli", "--height '%1': allowed 150 to 8000").arg(heightText));
    if (!scaleOk || scale < 0.25 || scale > 8.0)
        return fail(QCoreApplication::translate("cli", "--scale '%1': allowed 0.25 to 8").arg(scaleText));

    const auto parsed = commandLine.workload.resolve(context, &exitCode);
    if (!parsed)
        return exitCode;

    ChartExporter::Options exportOptions;
    exportOptions.format = *format;
    exportOptions.size = QSize(width, height);
    exportOptions.scale = scale;
    QString error;
    CatalogueError::Kind errorKind = CatalogueError::Kind::None;
    if (pareto) {
        const std::optional<ParetoChartData> data = paretoChart(*parsed, deadline, &error);
        if (!data)
            return fail(error);
        ParetoChartWidget paretoView;
        paretoView.setData(*data);
        if (!ChartExporter::exportChart(paretoView, outPath, exportOptions, &error, &errorKind)) {
            context.err << "gpucompare: " << error << Qt::endl;
            return ExitCode::forError(errorKind);
        }
        return ExitCode::Ok;
    }

    ComparisonInput input;
    input.gpus = parsed->gpus;
    input.estimates = Estimator::estimateAll(parsed->gpus, parsed->resolved);
    input.workloadSummary = WorkloadResolver::recipe(*parsed->resolved.workload, parsed->resolved.parameters);
    const ComparisonPresentation presentation = ComparisonPresentation::build(input);

    // The latency-under-load chart is simulated per user count and the scaling chart estimated per GPU
    // count (training only); the others come from the comparison.
    std::unique_ptr<ChartView> chart = ComparisonCharts::createView(*kind);
    const Workload &workload = *parsed->resolved.workload;
    if (*kind == ChartKind::Serving)
        chart->setData(
            LoadCurves::build({parsed->gpus, workload, parsed->resolved.parameters, input.workloadSummary}));
    else if (*kind == ChartKind::Scaling && Tasks::isTraining(workload.task))
        chart->setData(ScalingCurves::build(
            {parsed->gpus, workload, parsed->resolved.parameters, input.workloadSummary}));
    else
        chart->setData(presentation.chart(*kind));

    if (!ChartExporter::exportChart(*chart, outPath, exportOptions, &error, &errorKind)) {
        context.err << "gpucompare: " << error << Qt::endl;
        return ExitCode::forError(errorKind);
    }
    return ExitCode::Ok;
}

} // namespace

CliCommand exportChartCommand()
{
    CliCommand command{QStringLiteral("export-chart"),
                       QCoreApplication::translate("cli",
                                                   "export-chart --chart KIND --gpu GPU,GPU[,...] [options] "
                                                   "--out FILE [--width N --height N --scale S]: save a "
                                                   "chart (PNG, SVG, PDF)"),
                       runExportChart};
    command.drawsCharts = true;
    command.help = [] { return ChartCommandLine().workload.helpText(); };
    return command;
}
