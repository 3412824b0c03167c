#include "app/report/PdfReportWriter.h"

#include "app/report/ReportChartObject.h"
#include "app/report/ReportChartPainter.h"
#include "app/report/ReportLinks.h"
#include "widgets/common/ValueFormat.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextTable>

namespace {

// Laid out at 96 units per inch, as the charts are on screen and in export-chart, so that their point-sized
// text keeps its size against the chart.
constexpr int kDpi = 96;
constexpr double kMarginMm = 16.0;
constexpr double kFooterHeight = 30.0;  // at the foot of each page's text area, for the footer line
constexpr double kChartMargin = 8.0;    // above and below a chart
constexpr double kHeadingHeight = 48.0; // a section's heading, with its margins

const QColor kMuted(0x55, 0x55, 0x55);
const QColor kRule(0xb0, 0xb0, 0xb0);
const QColor kShade(0xec, 0xec, 0xec);
const QColor kBest(0xd6, 0xef, 0xe6);

// Writes the content into a document with a cursor, block by block.
class DocumentBuilder
{
public:
    DocumentBuilder(QTextDocument &document, const QSizeF &page)
        : m_cursor(&document)
        , m_page(page)
    {
        m_body.setFontPointSize(9.0);
        m_small.setFontPointSize(7.5);
        m_muted = m_small;
        m_muted.setForeground(kMuted);
        // One edit: laid out once at the end, not again after every cell (seconds for the comparison table).
        m_cursor.beginEditBlock();
    }

    void finish() { m_cursor.endEditBlock(); }

    void title(const ReportContent &content)
    {
        QTextCharFormat format = m_body;
        format.setFontPointSize(16.0);
        format.setFontWeight(QFont::Bold);
        startBlock(QTextBlockFormat(), format);
        m_cursor.insertText(content.title, format);
        for (const QString &line : content.subtitle) {
            QTextBlockFormat block;
            block.setTopMargin(2.0);
            QTextCharFormat text = m_body;
            text.setForeground(kMuted);
            startBlock(block, text);
            m_cursor.insertText(line, text);
        }
    }

    void section(const ReportSection &section)
    {
        QTextBlockFormat block;
        block.setTopMargin(14.0);
        block.setBottomMargin(4.0);
        if (section.newPage)
            block.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCharFormat format = m_body;
        format.setFontPointSize(12.5);
        format.setFontWeight(QFont::Bold);
        startBlock(block, format);
        m_cursor.insertText(section.title, format);
        m_chartSpace = m_page.height() - kHeadingHeight;
        for (const ReportBlock &b : section.blocks)
            add(b);
    }

private:
    void add(const ReportBlock &block)
    {
        switch (block.kind) {
        case ReportBlock::Kind::Paragraph:
            paragraph(block.label, block.text);
            break;
        case ReportBlock::Kind::Bullets:
            for (const QString &item : block.items)
                bullet(item);
            break;
        case ReportBlock::Kind::Table:
            table(block.table, m_small);
            break;
        case ReportBlock::Kind::Chart:
            chart(block.chart);
            break;
        case ReportBlock::Kind::Math:
            math(block.label, block.terms);
            break;
        }
    }

    void startBlock(const QTextBlockFormat &block, const QTextCharFormat &format)
    {
        if (m_first) {
            m_cursor.setBlockFormat(block);
            m_cursor.setBlockCharFormat(format);
            m_first = false;
            return;
        }
        m_cursor.insertBlock(block, format);
    }

    void paragraph(const QString &label, const QString &text)
    {
        QTextBlockFormat block;
        block.setTopMargin(label.isEmpty() || !text.isEmpty() ? 3.0 : 8.0);
        startBlock(block, m_body);
        if (!label.isEmpty()) {
            QTextCharFormat bold = m_body;
            bold.setFontWeight(QFont::Bold);
            m_cursor.insertText(text.isEmpty() ? label : PdfReportWriter::tr("%1: ").arg(label), bold);
        }
        insertLinked(text, m_body);
    }

    void bullet(const QString &text)
    {
        QTextBlockFormat block;
        block.setLeftMargin(14.0);
        block.setTextIndent(-9.0); // the bullet hangs; wrapped lines align with the text
        block.setTopMargin(1.0);
        startBlock(block, m_body);
        m_cursor.insertText(QStringLiteral("• "), m_body);
        insertLinked(text, m_body);
    }

    // URLs as links, so a reader can follow a source.
    void insertLinked(const QString &text, const QTextCharFormat &format)
    {
        for (const ReportLinks::Part &part : ReportLinks::split(text)) {
            if (!part.isLink) {
                m_cursor.insertText(part.text, format);
                continue;
            }
            QTextCharFormat link = format;
            link.setAnchor(true);
            link.setAnchorHref(part.text);
            link.setForeground(QColor(0x1a, 0x4f, 0x9c));
            m_cursor.insertText(part.text, link);
        }
    }

    void table(const ReportTable &data, const QTextCharFormat &text)
    {
        const int columns = static_cast<int>(data.header.size());
        if (columns == 0)
            return;
        startBlock(QTextBlockFormat(), m_body);
        QTextTableFormat format;
        format.setBorder(0.5);
        format.setBorderBrush(kRule);
        format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
        format.setBorderCollapse(true);
        format.setCellPadding(2.0);
        format.setCellSpacing(0.0);
        format.setHeaderRowCount(1);
        format.setWidth(QTextLength(QTextLength::PercentageLength, 100));
        // The first column names the row and takes what it needs; the others share the rest.
        QVector<QTextLength> widths;
        const double first = columns > 6 ? 22.0 : 30.0;
        for (int c = 0; c < columns; ++c)
            widths << QTextLength(QTextLength::PercentageLength, c < data.widths.size() ? data.widths.at(c)
                                                                 : c == 0               ? first
                                                                          : (100.0 - first) / (columns - 1));
        format.setColumnWidthConstraints(widths);
        QTextTable *table = m_cursor.insertTable(static_cast<int>(data.rows.size()) + 1, columns, format);

        QTextCharFormat bold = text;
        bold.setFontWeight(QFont::Bold);
        for (int c = 0; c < columns; ++c)
            fillCell(table, 0, c, data.header.at(c), bold, data.rightAligned.value(c), kShade);
        for (int r = 0; r < data.rows.size(); ++r) {
            const ReportTable::Row &row = data.rows.at(r);
            if (row.section) {
                table->mergeCells(r + 1, 0, 1, columns);
                fillCell(table, r + 1, 0, row.cells.value(0), bold, false, kShade);
                continue;
            }
            for (int c = 0; c < columns; ++c) {
                const bool best = row.emphasised.value(c);
                fillCell(table, r + 1, c, row.cells.value(c), best ? bold : text, data.rightAligned.value(c),
                         best ? kBest : QColor());
            }
        }
        m_cursor.movePosition(QTextCursor::End);
    }

    static void fillCell(QTextTable *table, int row, int column, const QString &text,
                         const QTextCharFormat &format, bool right, const QColor &background)
    {
        QTextTableCell cell = table->cellAt(row, column);
        if (background.isValid()) {
            QTextTableCellFormat cellFormat = cell.format().toTableCellFormat();
            cellFormat.setBackground(background);
            cell.setFormat(cellFormat);
        }
        QTextCursor cursor = cell.firstCursorPosition();
        QTextBlockFormat block;
        block.setAlignment(right ? Qt::AlignRight : Qt::AlignLeft);
        cursor.setBlockFormat(block);
        cursor.insertText(text, format);
    }

    void chart(const ReportChart &chart)
    {
        QTextBlockFormat block;
        block.setAlignment(Qt::AlignHCenter);
        block.setTopMargin(kChartMargin);
        block.setBottomMargin(kChartMargin);
        // The charts follow their heading, as many to a page as fit whole: a chart is one line of the
        // document, which the layout would let run over the foot of a page.
        const double height =
            ReportChartPainter::size(chart, qFloor(m_page.width())).height() + 2 * kChartMargin;
        if (height > m_chartSpace) {
            block.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            m_chartSpace = m_page.height();
        }
        m_chartSpace -= height;
        startBlock(block, m_body);
        m_cursor.insertText(QString(QChar::ObjectReplacementCharacter),
                            ReportChartObject::format(m_charts++));
    }

    void math(const QString &label, const QVector<MathTermView> &terms)
    {
        QTextBlockFormat block;
        block.setTopMargin(8.0);
        QTextCharFormat bold = m_body;
        bold.setFontWeight(QFont::Bold);
        startBlock(block, bold);
        m_cursor.insertText(label, bold);
        // Without a border: the terms read as lines of a calculation, as in the Math panel.
        startBlock(QTextBlockFormat(), m_small);
        QTextTableFormat format;
        format.setBorder(0.0);
        format.setCellPadding(1.5);
        format.setCellSpacing(0.0);
        format.setWidth(QTextLength(QTextLength::PercentageLength, 100));
        format.setColumnWidthConstraints({QTextLength(QTextLength::PercentageLength, 24),
                                          QTextLength(QTextLength::PercentageLength, 58),
                                          QTextLength(QTextLength::PercentageLength, 18)});
        QTextTable *table = m_cursor.insertTable(static_cast<int>(terms.size()), 3, format);
        QTextCharFormat name = m_small;
        name.setFontWeight(QFont::DemiBold);
        for (int r = 0; r < terms.size(); ++r) {
            const MathTermView &term = terms.at(r);
            fillCell(table, r, 0, term.name, name, false, QColor());
            QStringList formula;
            if (!term.formula.isEmpty())
                formula << term.formula;
            if (!term.substituted.isEmpty() && term.substituted != term.formula)
                formula << term.substituted;
            fillCell(table, r, 1, formula.join(QStringLiteral(" = ")), m_muted, false, QColor());
            fillCell(table, r, 2, term.value ? ValueFormat::withUnit(*term.value, term.unit) : QString(),
                     name, true, QColor());
        }
        m_cursor.movePosition(QTextCursor::End);
    }

    QTextCursor m_cursor;
    QSizeF m_page;
    double m_chartSpace = 0.0; // what is left of the page below the last chart (the charts start a page)
    bool m_first = true;
    int m_charts = 0; // the next chart's index: the charts in the order of the content
    QTextCharFormat m_body;
    QTextCharFormat m_small;
    QTextCharFormat m_muted;
};

QVector<ReportChart> chartsOf(const ReportContent &content)
{
    QVector<ReportChart> charts;
    for (const ReportSection &section : content.sections)
        for (const ReportBlock &block : section.blocks)
            if (block.kind == ReportBlock::Kind::Chart)
                charts << block.chart;
    return charts;
}

} // namespace

QString PdfReportWriter::footer(const ReportContent &content, int page, int pages)
{
    return tr("GPU Compare %1 · %2 · page %3 of %4").arg(content.version, content.date).arg(page).arg(pages);
}

QByteArray PdfReportWriter::render(const ReportContent &content)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(kDpi);
    writer.setTitle(content.title);
    writer.setCreator(tr("GPU Compare %1").arg(content.version));
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                     QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                                     QPageLayout::Millimeter));
    const QRectF area = writer.pageLayout().paintRectPixels(kDpi);
    const QSizeF page(area.width(), area.height() - kFooterHeight);

    QTextDocument document;
    document.setUseDesignMetrics(true); // positions from the font's design, not hinted for a screen
    document.documentLayout()->setPaintDevice(&writer);
    document.setDocumentMargin(0.0);
    QFont font = QGuiApplication::font();
    font.setPointSizeF(9.0);
    // Qt shapes text without ligatures when letters are spaced: "fi" stays two letters, so that a search
    // of the PDF (and pdftotext) finds "fits" and a source's "config.json".
    font.setLetterSpacing(QFont::AbsoluteSpacing, 0.05);
    document.setDefaultFont(font);
    document.setPageSize(page);

    ReportChartObject charts(chartsOf(content), qFloor(page.width()));
    document.documentLayout()->registerHandler(ReportChartObject::kObjectType, &charts);
    DocumentBuilder builder(document, page);
    builder.title(content);
    for (const ReportSection &section : content.sections)
        builder.section(section);
    builder.finish();

    QPainter painter;
    if (!painter.begin(&writer))
        return {};
    const int pages = document.pageCount();
    QFont footerFont = font;
    footerFont.setPointSizeF(7.5);
    for (int p = 0; p < pages; ++p) {
        if (p > 0)
            writer.newPage();
        painter.save();
        const QRectF clip(0.0, p * page.height(), page.width(), page.height());
        painter.translate(0.0, -clip.top());
        painter.setClipRect(clip);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = clip;
        context.palette.setColor(QPalette::Text, Qt::black);
        document.documentLayout()->draw(&painter, context);
        painter.restore();

        painter.setFont(footerFont);
        painter.setPen(kMuted);
        const QRectF foot(0.0, page.height(), page.width(), kFooterHeight);
        painter.drawLine(QLineF(foot.topLeft() + QPointF(0, 8), foot.topRight() + QPointF(0, 8)));
        painter.drawText(foot.adjusted(0, 10, 0, 0), Qt::AlignRight | Qt::AlignVCenter,
                         footer(content, p + 1, pages));
    }
    painter.end();
    return buffer.data();
}
