#include "ExportChartCommand.h"

#include "WorkloadOptions.h"

#include "BarChartWidget.h"
#include "ChartExporter.h"
#include "ChartKind.h"
#include "ComparisonPresenter.h"
#include "Estimator.h"
#include "RadarChartWidget.h"

#include <QCoreApplication>

#include <memory>

namespace {

struct ChartOptions
{
    QString chart;
    QString out;
    QString width = QStringLiteral("1600");
    QString height = QStringLiteral("1000");
    QString scale = QStringLiteral("1");
};

// Takes this command's own options out of arguments; the rest are workload options.
QStringList takeChartOptions(const QStringList &arguments, ChartOptions *options, QString *error)
{
    const QList<QPair<QString, QString *>> own{{QStringLiteral("--chart"), &options->chart},
                                                {QStringLiteral("--out"), &options->out},
                                                {QStringLiteral("--width"), &options->width},
                                                {QStringLiteral("--height"), &options->height},
                                                {QStringLiteral("--scale"), &options->scale}};
    QStringList rest;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        bool taken = false;
        for (const auto &[name, target] : own) {
            if (argument == name) {
                if (i + 1 >= arguments.size()) {
                    *error = QCoreApplication::translate("cli", "%1 needs a value").arg(name);
                    return {};
                }
                *target = arguments.at(++i);
                taken = true;
            } else if (argument.startsWith(name + u'=')) {
                *target = argument.mid(name.size() + 1);
                taken = true;
            }
        }
        if (!taken)
            rest << argument;
    }
    return rest;
}

int runExportChart(const QStringList &arguments, CliContext &context)
{
    auto fail = [&context](const QString &message) {
        context.err << "gpucompare: " << message << Qt::endl;
        return ExitCode::BadInput;
    };
    ChartOptions options;
    QString error;
    const QStringList workloadArguments = takeChartOptions(arguments, &options, &error);
    if (!error.isEmpty())
        return fail(error);
    const auto kind = ChartKinds::parse(options.chart);
    if (!kind)
        return fail(QCoreApplication::translate("cli", "--chart '%1': allowed %2")
                        .arg(options.chart, ChartKinds::ids().join(QStringLiteral(", "))));
    if (options.out.isEmpty())
        return fail(QCoreApplication::translate("cli", "--out FILE is required (.png, .svg or .pdf)"));
    const auto format = ChartExporter::formatForFileName(options.out);
    if (!format)
        return fail(QCoreApplication::translate("cli", "--out '%1': the name must end in .png, .svg or .pdf").arg(options.out));
    bool widthOk = false;
    bool heightOk = false;
    bool scaleOk = false;
    const int width = options.width.toInt(&widthOk);
    const int height = options.height.toInt(&heightOk);
    const double scale = options.scale.toDouble(&scaleOk);
    if (!widthOk || width < 200 || width > 8000)
        return fail(QCoreApplication::translate("cli", "--width '%1': allowed 200 to 8000").arg(options.width));
    if (!heightOk || height < 150 || height > 8000)
        return fail(QCoreApplication::translate("cli", "--height '%1': allowed 150 to 8000").arg(options.height));
    if (!scaleOk || scale < 0.25 || scale > 8.0)
        return fail(QCoreApplication::translate("cli", "--scale '%1': allowed 0.25 to 8").arg(options.scale));

    int exitCode = ExitCode::Ok;
    const auto request =
        WorkloadOptions::parse(QStringLiteral("export-chart"), workloadArguments, context, 1, false, &exitCode);
    if (!request)
        return exitCode;

    ComparisonInput input;
    input.gpus = request->gpus;
    input.estimates = Estimator::estimateAll(request->gpus, request->workload, request->parameters,
                                             &request->otherTaskParameters);
    input.workloadSummary = QStringLiteral("%1 · %2 · %3")
                                .arg(request->workload.model.name, Tasks::name(request->workload.task),
                                     request->parameters.profileName);
    const ComparisonPresentation presentation = ComparisonPresentation::build(input);

    std::unique_ptr<ChartView> chart;
    if (*kind == ChartKind::Radar)
        chart = std::make_unique<RadarChartWidget>();
    else
        chart = std::make_unique<BarChartWidget>();
    chart->setData(presentation.chart(*kind));

    ChartExporter::Options exportOptions;
    exportOptions.format = *format;
    exportOptions.size = QSize(width, height);
    exportOptions.scale = scale;
    if (!ChartExporter::exportChart(*chart, options.out, exportOptions, &error)) {
        context.err << "gpucompare: " << error << Qt::endl;
        return ExitCode::BadInput;
    }
    return ExitCode::Ok;
}

} // namespace

CliCommand exportChartCommand()
{
    CliCommand command{QStringLiteral("export-chart"),
                       QCoreApplication::translate("cli", "export-chart --chart KIND --gpu GPU,GPU[,...] [options] --out FILE "
                                                          "[--width N --height N --scale S]: save a chart (PNG, SVG, PDF)"),
                       runExportChart};
    command.drawsCharts = true;
    return command;
}
