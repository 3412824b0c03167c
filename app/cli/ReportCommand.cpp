#include "app/cli/ReportCommand.h"

#include "app/OutputPath.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "app/report/ReportExporter.h"
#include "app/scenario/ScenarioCatalogue.h"
#include "app/scenario/ScenarioFile.h"
#include "db/MessageText.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

QCommandLineOption outOption()
{
    return QCommandLineOption(QStringList{QStringLiteral("out")},
                              tr("The report to write: .pdf or .html (one self-contained file), by the "
                                 "extension; replaced atomically. Required."),
                              QStringLiteral("FILE"));
}

QString usage()
{
    return QStringLiteral("[--db FILE] report SCENARIO.gpuc --out REPORT.pdf|REPORT.html");
}

QString description()
{
    return tr("Writes the report of a saved scenario, as Export Report does in the window: the question, the "
              "answer per task with the verdicts' reasons, the comparison table, the charts, the plan when "
              "the workload has a target, the math of the headline numbers, every spec's source and the "
              "estimator profile with its measured accuracy, computed on the catalogue (--db, else the "
              "default one); values that changed since the scenario was saved are listed.");
}

int runReport(const QStringList &arguments, CliContext &context)
{
    const auto fail = [&context](const QString &message) {
        context.err << CliHelp::programName() << ": report: " << message << Qt::endl;
        return ExitCode::BadInput;
    };
    QCommandLineParser parser;
    const QCommandLineOption out = outOption();
    parser.addOption(out);
    if (!parser.parse(QStringList{CliHelp::programName()} + arguments))
        return fail(parser.errorText());
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return fail(tr("the scenario file is missing: report SCENARIO.gpuc --out REPORT.pdf|REPORT.html"));
    if (positional.size() > 1)
        return fail(tr("unexpected argument '%1': one scenario file per report")
                        .arg(MessageText::cut(positional.at(1))));
    const QString outPath = parser.value(out);
    if (outPath.isEmpty())
        return fail(tr("--out FILE is required (.pdf or .html)"));
    if (!ReportExporter::formatForPath(outPath))
        return fail(tr("--out '%1': the name must end in .pdf or .html").arg(MessageText::cut(outPath)));
    // A path that cannot be written is the user's to fix (2); a write that fails there, the disk's (1).
    if (const QString reason = OutputPath::unwritableReason(outPath); !reason.isEmpty())
        return fail(
            QCoreApplication::translate("AtomicFileWriter", "cannot write %1: %2").arg(outPath, reason));

    QString error;
    const std::optional<Scenario> scenario = ScenarioFile::load(positional.first(), &error);
    if (!scenario)
        return fail(error);
    const std::optional<CatalogueSnapshot> catalogue = loadCatalogueForCli(context);
    if (!catalogue)
        return ExitCode::Failure;
    const QStringList problems = ScenarioCatalogue::problems(*scenario, *catalogue);
    if (!problems.isEmpty())
        return fail(problems.join(QStringLiteral("; ")));
    if (!ReportExporter::write(*scenario, *catalogue, outPath, &error)) {
        // The name and the folder were checked above: what fails now is the disk or the PDF writer.
        context.err << CliHelp::programName() << ": report: " << error << Qt::endl;
        return ExitCode::Failure;
    }
    context.out << tr("wrote %1").arg(QDir::toNativeSeparators(outPath)) << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand reportCommand()
{
    CliCommand command{QStringLiteral("report"),
                       tr("report SCENARIO.gpuc --out REPORT.pdf|REPORT.html: the scenario's report, as "
                          "Export Report writes it"),
                       runReport};
    command.drawsCharts = true;
    command.help = [] {
        return CliHelp::commandText(usage(), description(), {outOption()},
                                    {{QStringLiteral("SCENARIO.gpuc"),
                                      tr("A scenario saved by the window (File > Save Scenario).")}});
    };
    return command;
}
