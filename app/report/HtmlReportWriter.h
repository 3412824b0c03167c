#pragma once

#include "app/report/ReportContent.h"

#include <QByteArray>
#include <QCoreApplication>

// A report as one self-contained HTML file (UTF-8): styles inline, every chart an SVG inside the file as a
// data: URI (vectors, nothing fetched from anywhere), sources as links. Printed from a browser, every page
// carries the app's version, the date and "page N of M" (CSS paged media).
class HtmlReportWriter
{
    Q_DECLARE_TR_FUNCTIONS(HtmlReportWriter)
public:
    static QByteArray render(const ReportContent &content);
};
