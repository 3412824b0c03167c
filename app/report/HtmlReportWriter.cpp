#include "app/report/HtmlReportWriter.h"

#include "app/report/ReportChartPainter.h"
#include "app/report/ReportLinks.h"
#include "widgets/common/ValueFormat.h"

#include <QLocale>
#include <algorithm>

namespace {

// The charts' width in CSS pixels (96 per inch): as wide as the text of an A4 page.
constexpr int kChartWidth = 680;

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QString linked(const QString &text)
{
    QString html;
    for (const ReportLinks::Part &part : ReportLinks::split(text))
        html += part.isLink ? QStringLiteral("<a href=\"%1\">%1</a>").arg(escaped(part.text))
                            : escaped(part.text);
    return html;
}

// CSS strings: quotes and backslashes escaped, so that a version or a date cannot end the string.
QString cssString(const QString &text)
{
    QString quoted = text;
    quoted.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    return u'"' + quoted + u'"';
}

QString style(const ReportContent &content)
{
    // The page counters are for printing; on screen the same line closes the document. One translated line
    // with the page numbers as markers, so a language may put them where its grammar wants them.
    const QString line =
        HtmlReportWriter::tr("GPU Compare %1 · %2 · page %3 of %4")
            .arg(content.version, content.date, QStringLiteral("\u0001"), QStringLiteral("\u0002"));
    const qsizetype page = line.indexOf(u'\u0001');
    const qsizetype pages = line.indexOf(u'\u0002');
    const QString counters = page < pages
                                 ? cssString(line.left(page)) + QStringLiteral(" counter(page) ") +
                                       cssString(line.mid(page + 1, pages - page - 1)) +
                                       QStringLiteral(" counter(pages) ") + cssString(line.mid(pages + 1))
                                 : cssString(line.left(std::min(page, pages)));
    return QStringLiteral(
               "@page { size: A4; margin: 16mm 16mm 20mm 16mm;"
               " @bottom-right { content: %1; font: 8pt sans-serif; color: "
               "#555; } }\n"
               "body { font: 10pt/1.4 'DejaVu Sans', 'Segoe UI', Helvetica, Arial, sans-serif; color: #111;"
               " max-width: 760px; margin: 24px auto; padding: 0 16px; }\n"
               "h1 { font-size: 18pt; margin: 0 0 4px; }\n"
               "h2 { font-size: 13pt; margin: 28px 0 6px; border-bottom: 1px solid #bbb; padding-bottom: "
               "2px; }\n"
               "h3 { font-size: 10pt; margin: 12px 0 2px; }\n"
               ".subtitle { color: #555; margin: 0; }\n"
               "p { margin: 4px 0; }\n"
               "ul { margin: 2px 0 6px; padding-left: 20px; }\n"
               "table { border-collapse: collapse; width: 100%; font-size: 8pt; margin: 6px 0; }\n"
               "table.grid th, table.grid td { border: 0.5px solid #b0b0b0; padding: 2px 4px; "
               "vertical-align: top; }\n"
               "table.grid thead th, table.grid tr.section th { background: #ececec; text-align: left; }\n"
               "td.num, table.grid th.num { text-align: right; }\n"
               "td.best { background: #d6efe6; font-weight: bold; }\n"
               "table.terms td { padding: 1px 4px; vertical-align: top; }\n"
               "table.terms td.name, table.terms td.value { font-weight: 600; }\n"
               "table.terms td.formula { color: #555; }\n"
               "table.terms td.value { text-align: right; white-space: nowrap; }\n"
               "figure { margin: 10px 0; text-align: center; break-inside: avoid; }\n"
               "figure img { width: 100%; max-width: %3px; height: auto; }\n"
               ".math { break-inside: avoid; }\n"
               "section.new-page { break-before: page; }\n"
               "footer { margin-top: 32px; color: #555; font-size: 8pt; border-top: 1px solid #bbb; }\n"
               "@media print { body { margin: 0; max-width: none; } }\n")
        .arg(counters)
        .arg(kChartWidth);
}

QString tableHtml(const ReportTable &table)
{
    QString html = QStringLiteral("<table class=\"grid\">");
    for (const int width : table.widths)
        html += QStringLiteral("<col style=\"width: %1%\">").arg(width);
    html += QStringLiteral("<thead><tr>");
    const int columns = static_cast<int>(table.header.size());
    for (int c = 0; c < columns; ++c)
        html += QStringLiteral("<th%1>%2</th>")
                    .arg(table.rightAligned.value(c) ? QStringLiteral(" class=\"num\"") : QString(),
                         escaped(table.header.at(c)));
    html += QStringLiteral("</tr></thead><tbody>");
    for (const ReportTable::Row &row : table.rows) {
        if (row.section) {
            html += QStringLiteral("<tr class=\"section\"><th colspan=\"%1\">%2</th></tr>")
                        .arg(columns)
                        .arg(escaped(row.cells.value(0)));
            continue;
        }
        html += QStringLiteral("<tr>");
        for (int c = 0; c < columns; ++c) {
            QStringList classes;
            if (table.rightAligned.value(c))
                classes << QStringLiteral("num");
            if (row.emphasised.value(c))
                classes << QStringLiteral("best");
            html += QStringLiteral("<td%1>%2</td>")
                        .arg(classes.isEmpty() ? QString()
                                               : QStringLiteral(" class=\"%1\"").arg(classes.join(u' ')),
                             escaped(row.cells.value(c)));
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</tbody></table>\n");
}

QString mathHtml(const ReportBlock &block)
{
    QString html =
        QStringLiteral("<div class=\"math\"><h3>%1</h3><table class=\"terms\">").arg(escaped(block.label));
    for (const MathTermView &term : block.terms) {
        QStringList formula;
        if (!term.formula.isEmpty())
            formula << term.formula;
        if (!term.substituted.isEmpty() && term.substituted != term.formula)
            formula << term.substituted;
        html +=
            QStringLiteral(
                "<tr><td class=\"name\">%1</td><td class=\"formula\">%2</td><td class=\"value\">%3</td></tr>")
                .arg(escaped(term.name), escaped(formula.join(QStringLiteral(" = "))),
                     term.value ? escaped(ValueFormat::withUnit(*term.value, term.unit)) : QString());
    }
    return html + QStringLiteral("</table></div>\n");
}

QString chartHtml(const ReportChart &chart)
{
    const QSize size = ReportChartPainter::size(chart, kChartWidth);
    const QByteArray svg = ReportChartPainter::svg(chart, size);
    return QStringLiteral("<figure><img alt=\"%1\" width=\"%2\" height=\"%3\" "
                          "src=\"data:image/svg+xml;base64,%4\"></figure>\n")
        .arg(escaped(chart.data.title))
        .arg(size.width())
        .arg(size.height())
        .arg(QString::fromLatin1(svg.toBase64()));
}

QString blockHtml(const ReportBlock &block)
{
    switch (block.kind) {
    case ReportBlock::Kind::Paragraph:
        if (block.text.isEmpty())
            return QStringLiteral("<h3>%1</h3>\n").arg(escaped(block.label));
        if (block.label.isEmpty())
            return QStringLiteral("<p>%1</p>\n").arg(linked(block.text));
        return QStringLiteral("<p><strong>%1</strong> %2</p>\n")
            .arg(escaped(HtmlReportWriter::tr("%1:").arg(block.label)), linked(block.text));
    case ReportBlock::Kind::Bullets: {
        QString html = QStringLiteral("<ul>");
        for (const QString &item : block.items)
            html += QStringLiteral("<li>%1</li>").arg(linked(item));
        return html + QStringLiteral("</ul>\n");
    }
    case ReportBlock::Kind::Table:
        return tableHtml(block.table);
    case ReportBlock::Kind::Chart:
        return chartHtml(block.chart);
    case ReportBlock::Kind::Math:
        return mathHtml(block);
    }
    return {};
}

} // namespace

QByteArray HtmlReportWriter::render(const ReportContent &content)
{
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"generator\" content=\"GPU Compare %2\">\n<title>%3</title>\n"
                       "<style>\n%4</style>\n</head>\n<body>\n<header>\n<h1>%3</h1>\n")
            .arg(QLocale().bcp47Name(), escaped(content.version), escaped(content.title), style(content));
    for (const QString &line : content.subtitle)
        html += QStringLiteral("<p class=\"subtitle\">%1</p>\n").arg(escaped(line));
    html += QStringLiteral("</header>\n");
    for (const ReportSection &section : content.sections) {
        html += section.newPage ? QStringLiteral("<section class=\"new-page\">\n")
                                : QStringLiteral("<section>\n");
        html += QStringLiteral("<h2>%1</h2>\n").arg(escaped(section.title));
        for (const ReportBlock &block : section.blocks)
            html += blockHtml(block);
        html += QStringLiteral("</section>\n");
    }
    html += QStringLiteral("<footer><p>%1</p></footer>\n</body>\n</html>\n")
                .arg(escaped(tr("GPU Compare %1 · %2").arg(content.version, content.date)));
    return html.toUtf8();
}
