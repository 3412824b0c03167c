#pragma once

#include "app/comparison/ChartKind.h"
#include "widgets/charts/ChartData.h"
#include "widgets/compare/MathTermView.h"

#include <QString>
#include <QStringList>
#include <QVector>

// What a report says, as plain data (ReportBuilder makes it, HtmlReportWriter and PdfReportWriter lay it
// out): sections of typed blocks, every text already translated and every number already formatted as
// the window shows it, so that both files read the same.

struct ReportTable
{
    struct Row
    {
        QStringList cells;
        QVector<bool> emphasised; // per cell: bold (the best value of a comparison row)
        bool section = false;     // a heading line: cells[0] across the table
    };
    QStringList header;
    QVector<bool> rightAligned; // per column: numbers
    QVector<int> widths;        // per column, in % of the width; empty: the first wider, the rest equal
    QVector<Row> rows;
};

struct ReportChart
{
    ChartKind kind = ChartKind::Compute; // which view draws it (bars, radar, lines)
    ChartData data;
};

struct ReportBlock
{
    enum class Kind
    {
        Paragraph, // label (bold, may be empty) then text
        Bullets,   // items, one per line
        Table,
        Chart,
        Math, // label: what the terms explain ("Time to first token, H100 SXM5 80GB")
    };
    Kind kind = Kind::Paragraph;
    QString label;
    QString text;
    QStringList items;
    ReportTable table;
    ReportChart chart;
    QVector<MathTermView> terms;

    static ReportBlock paragraph(const QString &text, const QString &label = QString())
    {
        ReportBlock block;
        block.label = label;
        block.text = text;
        return block;
    }
    static ReportBlock bullets(const QStringList &items)
    {
        ReportBlock block;
        block.kind = Kind::Bullets;
        block.items = items;
        return block;
    }
};

struct ReportSection
{
    QString title;
    QVector<ReportBlock> blocks;
    bool newPage = false; // printed: starts a page (a long table, the charts)
};

struct ReportContent
{
    QString title;        // "GPU Compare report"
    QStringList subtitle; // what was compared, when, by which version
    QVector<ReportSection> sections;
    QString date;    // formatted for the reader: "4 December 2026"
    QString version; // QCoreApplication::applicationVersion()
};
