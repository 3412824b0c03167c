#include "app/cli/TextTable.h"

#include <QVector>
#include <algorithm>

namespace TextTable {

void write(QTextStream &out, const QStringList &header, const QList<QStringList> &rows,
           const QList<int> &rightAlignedColumns)
{
    QVector<qsizetype> widths(header.size(), 0);
    const auto measure = [&widths](const QStringList &cells) {
        for (qsizetype column = 0; column < std::min(cells.size(), widths.size()); ++column)
            widths[column] = std::max(widths[column], cells[column].size());
    };
    measure(header);
    for (const QStringList &row : rows)
        measure(row);
    const auto line = [&](const QStringList &cells) {
        QString text;
        for (qsizetype column = 0; column < widths.size(); ++column) {
            const QString cell = cells.value(column);
            if (column > 0)
                text += QStringLiteral("  ");
            text += rightAlignedColumns.contains(int(column)) ? cell.rightJustified(widths[column])
                                                              : cell.leftJustified(widths[column]);
        }
        while (text.endsWith(u' '))
            text.chop(1);
        out << text << '\n';
    };
    line(header);
    for (const QStringList &row : rows)
        line(row);
}

} // namespace TextTable
