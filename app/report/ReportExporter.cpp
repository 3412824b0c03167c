#include "ReportExporter.h"

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

// Being written (issue 20): reports land in the next commit.
bool ReportExporter::write(const Scenario &, const CatalogueSnapshot &, const QString &path, QString *errorMessage)
{
    if (errorMessage)
        *errorMessage = tr("cannot write %1: reports are not written yet").arg(path);
    return false;
}
