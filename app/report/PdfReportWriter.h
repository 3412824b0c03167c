#pragma once

#include "app/report/ReportContent.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

// A report as an A4 PDF: its text, tables and charts (vectors, drawn by the chart views) laid out as one
// QTextDocument over pages, a table's header repeated on each page it spans, and at the foot of every page
// the app's version, the date and "page N of M". Text stays text: a PDF reader can search and copy it.
class PdfReportWriter
{
    Q_DECLARE_TR_FUNCTIONS(PdfReportWriter)
public:
    // The PDF's bytes; empty when the PDF writer cannot start.
    static QByteArray render(const ReportContent &content);

    // What the foot of a page says: "GPU Compare 1.2.0 · 4 December 2026 · page 2 of 9".
    static QString footer(const ReportContent &content, int page, int pages);
};
