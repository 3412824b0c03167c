#include "app/report/ReportExporter.h"

#include "app/report/HtmlReportWriter.h"
#include "app/report/PdfReportWriter.h"
#include "app/report/ReportBuilder.h"
#include "db/AtomicFileWriter.h"

#include <QDir>
#include <QFileInfo>

std::optional<ReportExporter::Format> ReportExporter::formatForPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"pdf")
        return Format::Pdf;
    if (suffix == u"html" || suffix == u"htm")
        return Format::Html;
    return std::nullopt;
}

bool ReportExporter::write(const Scenario &scenario, const CatalogueSnapshot &catalogue, const QString &path,
                           QString *errorMessage)
{
    const auto fail = [errorMessage](const QString &message) {
        if (errorMessage)
            *errorMessage = message;
        return false;
    };
    const QString name = QDir::toNativeSeparators(path);
    const std::optional<Format> format = formatForPath(path);
    if (!format)
        return fail(tr("cannot write %1: a report is a .pdf or an .html file").arg(name));

    const ReportContent content = ReportBuilder::build(scenario, catalogue, ReportBuilder::Options());
    // Made whole in memory, then written in one step: a failure leaves any previous file as it was.
    const QByteArray bytes =
        *format == Format::Pdf ? PdfReportWriter::render(content) : HtmlReportWriter::render(content);
    if (bytes.isEmpty())
        return fail(tr("cannot write %1: the PDF writer could not start").arg(name));
    const CatalogueError error = AtomicFileWriter::write(path, bytes);
    if (error)
        return fail(error.message);
    return true;
}
