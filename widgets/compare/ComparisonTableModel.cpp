#include "widgets/compare/ComparisonTableModel.h"

#include "widgets/common/ValueFormat.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <cmath>

namespace {

bool nearlyEqual(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

QVector<bool> bestOf(const ComparisonRow &row, int columns)
{
    QVector<bool> best(columns, false);
    if (row.betterWhen == QuantityBetter::None)
        return best;
    std::optional<double> winner;
    int present = 0;
    for (int c = 0; c < columns && c < row.values.size(); ++c) {
        const auto &value = row.values.at(c);
        if (!value || !std::isfinite(*value))
            continue;
        ++present;
        if (!winner || (row.betterWhen == QuantityBetter::Higher ? *value > *winner : *value < *winner))
            winner = *value;
    }
    if (present < 2)
        return best; // nothing to compare against
    int winners = 0;
    for (int c = 0; c < columns && c < row.values.size(); ++c) {
        best[c] =
            row.values.at(c) && std::isfinite(*row.values.at(c)) && nearlyEqual(*row.values.at(c), *winner);
        winners += best[c] ? 1 : 0;
    }
    if (winners == present)
        best.fill(false); // all equal: no GPU stands out
    return best;
}

// Translucent backgrounds tint whatever base the theme has, so the table's default text stays readable
// on a light and on a dark palette (an opaque light grey or green would put light text on light).
QBrush sectionBrush()
{
    return QBrush(QColor(0x80, 0x80, 0x80, 48));
}

// A tooltip as rich text, which QToolTip word-wraps (plain text it shows on one line, and sources and doubts
// run to hundreds of characters, off the screen). Its lines are kept.
QString wrappedToolTip(const QString &text)
{
    return QStringLiteral("<qt>") + text.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")) +
           QStringLiteral("</qt>");
}

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

QString ComparisonTableModel::marker()
{
    return QStringLiteral("\u2605"); // ★
}

bool ComparisonTableModel::setComparison(const ComparisonData &data)
{
    const int columns = static_cast<int>(data.columnTitles.size());
    QVector<Line> lines;
    QVector<QVector<bool>> best;
    QString section;
    for (int r = 0; r < data.rows.size(); ++r) {
        const ComparisonRow &row = data.rows.at(r);
        if (!row.section.isEmpty() && (r == 0 || row.section != section))
            lines.append(Line{-1, row.section});
        section = row.section;
        lines.append(Line{r, QString()});
        best.append(bestOf(row, columns));
    }
    QVector<QStringList> texts;
    texts.reserve(lines.size());
    for (const Line &line : std::as_const(lines)) {
        QStringList cells;
        if (line.dataRow < 0) {
            cells << line.section;
        } else {
            const ComparisonRow &row = data.rows.at(line.dataRow);
            cells << (row.unit.isEmpty() ? row.label : tr("%1 (%2)").arg(row.label, row.unit));
            for (int c = 0; c < columns; ++c) {
                const QString text = valueText(row, c);
                cells << (best.at(line.dataRow).value(c) ? marker() + u' ' + text : text);
            }
        }
        texts << cells;
    }

    // The same rows and GPUs (a workload change): only the cells whose text changed are reported, so a
    // view repaints those, not the whole table. A cell's text carries everything it shows that can change
    // (the number, "n/a", the best-value star that comes with bold and the tint).
    const bool sameShape = lines == m_lines && data.columnTitles == m_data.columnTitles;
    if (!sameShape)
        beginResetModel();
    m_data = data;
    m_lines = std::move(lines);
    m_best = std::move(best);
    std::swap(m_texts, texts); // texts: the previous ones now
    if (!sameShape) {
        endResetModel();
        return true;
    }
    for (int row = 0; row < m_texts.size(); ++row) {
        int first = -1;
        int last = -1;
        for (int column = 0; column < m_texts.at(row).size(); ++column) {
            if (m_texts.at(row).at(column) != texts.at(row).value(column)) {
                first = first < 0 ? column : first;
                last = column;
            }
        }
        if (first >= 0)
            emit dataChanged(index(row, first), index(row, last));
    }
    return false;
}

const QString &ComparisonTableModel::displayText(int modelRow, int modelColumn) const
{
    static const QString none;
    if (modelRow < 0 || modelRow >= m_texts.size())
        return none;
    const QStringList &texts = m_texts.at(modelRow);
    return modelColumn >= 0 && modelColumn < texts.size() ? texts.at(modelColumn) : none;
}

bool ComparisonTableModel::isBest(int modelRow, int modelColumn) const
{
    const int r = dataRowAt(modelRow);
    return r >= 0 && modelColumn >= FirstValueColumn && m_best.at(r).value(gpuColumnAt(modelColumn));
}

QString ComparisonTableModel::toTabSeparatedText() const
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < columnCount(); ++c)
        header << headerData(c, Qt::Horizontal).toString();
    lines << header.join(u'\t');
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < columnCount(); ++c)
            cells << index(r, c).data().toString();
        while (!cells.isEmpty() && cells.last().isEmpty())
            cells.removeLast();
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

int ComparisonTableModel::dataRowAt(int modelRow) const
{
    return modelRow >= 0 && modelRow < m_lines.size() ? m_lines.at(modelRow).dataRow : -1;
}

int ComparisonTableModel::modelRowFor(const QString &rowId) const
{
    for (int line = 0; line < m_lines.size(); ++line) {
        const int r = m_lines.at(line).dataRow;
        if (r >= 0 && m_data.rows.at(r).id == rowId)
            return line;
    }
    return -1;
}

int ComparisonTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_lines.size());
}

int ComparisonTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_data.columnTitles.size()) + FirstValueColumn;
}

Qt::ItemFlags ComparisonTableModel::flags(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    if (m_lines.at(index.row()).dataRow < 0)
        return Qt::ItemIsEnabled;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= columnCount())
            return {};
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return section == LabelColumn ? tr("Quantity (unit)")
                                          : m_data.columnTitles.at(gpuColumnAt(section));
        if (role == Qt::TextAlignmentRole)
            return int((section == LabelColumn ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
        return {};
    }
    if (section < 0 || section >= rowCount())
        return {};
    if (role == Qt::DisplayRole) {
        const int r = m_lines.at(section).dataRow;
        return r < 0 ? m_lines.at(section).section : m_data.rows.at(r).label;
    }
    return {};
}

bool ComparisonTableModel::isFolded(const QString &section) const
{
    return m_foldChoices.value(section, m_data.foldedSections.contains(section));
}

void ComparisonTableModel::setFolded(const QString &section, bool folded)
{
    m_foldChoices.insert(section, folded);
    for (int row = 0; row < m_lines.size(); ++row)
        if (m_lines.at(row).dataRow < 0 && m_lines.at(row).section == section)
            emit dataChanged(index(row, LabelColumn), index(row, LabelColumn));
}

QString ComparisonTableModel::sectionOf(int modelRow) const
{
    for (int row = std::min(modelRow, int(m_lines.size()) - 1); row >= 0; --row)
        if (m_lines.at(row).dataRow < 0)
            return m_lines.at(row).section;
    return {};
}

QString ComparisonTableModel::headingText(const QString &section) const
{
    if (!isFolded(section))
        return section;
    int rows = 0;
    for (const ComparisonRow &row : m_data.rows)
        rows += row.section == section ? 1 : 0;
    return tr("\u25b8 %1: %n row(s) folded, click to show", nullptr, rows).arg(section); // ▸
}

QVariant ComparisonTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Line &line = m_lines.at(index.row());
    if (role == IsSectionRole)
        return line.dataRow < 0;
    if (line.dataRow < 0) {
        if (index.column() != LabelColumn)
            return role == Qt::BackgroundRole ? QVariant(sectionBrush()) : QVariant();
        switch (role) {
        case Qt::DisplayRole:
        case Qt::AccessibleTextRole:
            return headingText(line.section);
        case Qt::FontRole: {
            QFont font;
            font.setBold(true);
            return font;
        }
        case Qt::BackgroundRole:
            return sectionBrush();
        default:
            return {};
        }
    }
    const ComparisonRow &row = m_data.rows.at(line.dataRow);
    if (role == RowIdRole)
        return row.id;
    if (role == UnitRole)
        return row.unit;
    // A label's accessible text is what it shows, "label (unit)", formatted once in setComparison.
    if (role == Qt::DisplayRole || (role == Qt::AccessibleTextRole && index.column() == LabelColumn))
        return displayText(index.row(), index.column());
    if (index.column() == LabelColumn)
        return labelData(row, role);
    return valueData(line.dataRow, gpuColumnAt(index.column()), role);
}

QVariant ComparisonTableModel::labelData(const ComparisonRow &row, int role) const
{
    switch (role) {
    case Qt::ToolTipRole: {
        QString tip = row.label;
        if (row.betterWhen == QuantityBetter::Higher)
            tip = tr("%1: higher is better").arg(row.label);
        else if (row.betterWhen == QuantityBetter::Lower)
            tip = tr("%1: lower is better").arg(row.label);
        return wrappedToolTip(row.detail.isEmpty() ? tip : tip + u'\n' + row.detail);
    }
    default:
        return {};
    }
}

QString ComparisonTableModel::valueText(const ComparisonRow &row, int gpuColumn) const
{
    const auto value = row.values.value(gpuColumn);
    if (!value && !row.missing.value(gpuColumn).isEmpty())
        return row.missing.value(gpuColumn);
    QString text = value ? ValueFormat::number(*value) : tr("n/a");
    const QString note = row.notes.value(gpuColumn);
    if (!note.isEmpty())
        text = tr("%1 (%2)").arg(text, note);
    return text;
}

QVariant ComparisonTableModel::valueData(int dataRow, int gpuColumn, int role) const
{
    const ComparisonRow &row = m_data.rows.at(dataRow);
    const auto value = row.values.value(gpuColumn);
    const bool best = m_best.at(dataRow).value(gpuColumn);
    const QString note = row.notes.value(gpuColumn);
    switch (role) {
    case Qt::ToolTipRole: {
        QStringList lines;
        const QString gpu = m_data.columnTitles.value(gpuColumn);
        const QString missing = row.missing.value(gpuColumn);
        lines << tr("%1, %2: %3")
                     .arg(gpu, row.label,
                          value               ? ValueFormat::withUnit(*value, row.unit)
                          : missing.isEmpty() ? tr("not available")
                                              : tr("%1 (not in the catalogue)").arg(missing));
        if (best)
            lines << (row.betterWhen == QuantityBetter::Lower ? tr("Best in this row (lowest)")
                                                              : tr("Best in this row (highest)"));
        if (!note.isEmpty())
            lines << note;
        if (!row.cellDetails.value(gpuColumn).isEmpty())
            lines << row.cellDetails.value(gpuColumn);
        return wrappedToolTip(lines.join(u'\n'));
    }
    case Qt::AccessibleTextRole:
        if (!value && !row.missing.value(gpuColumn).isEmpty())
            return row.missing.value(gpuColumn);
        return value ? ValueFormat::withUnit(*value, row.unit) : tr("not available");
    case Qt::AccessibleDescriptionRole: {
        QStringList parts;
        if (best)
            parts << tr("best value in this row");
        if (!note.isEmpty())
            parts << note;
        return parts.join(QStringLiteral("; "));
    }
    case Qt::FontRole:
        if (best) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        // The palette's placeholder colour: readable on a light and on a dark base.
        return value ? QVariant() : QVariant(QGuiApplication::palette().brush(QPalette::PlaceholderText));
    case Qt::BackgroundRole:
        return best ? QVariant(QBrush(QColor(0x00, 0x9e, 0x73, 56))) : QVariant(); // see sectionBrush()
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case RawValueRole:
        return value ? QVariant(*value) : QVariant();
    case IsBestRole:
        return best;
    case NoteRole:
        return note;
    default:
        return {};
    }
}
