#include "widgets/compare/ComparisonTable.h"

#include "widgets/common/StaleBanner.h"
#include "widgets/compare/AnswerStrip.h"
#include "widgets/compare/ComparisonItemDelegate.h"
#include "widgets/compare/ComparisonTableModel.h"
#include "widgets/compare/FrozenColumnView.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

ComparisonTable::ComparisonTable(QWidget *parent)
    : QWidget(parent)
    , m_model(new ComparisonTableModel(this))
    , m_answers(new AnswerStrip(this))
    , m_view(new QTableView(this))
    , m_delegate(new ComparisonItemDelegate(this))
    , m_stale(new StaleBanner(m_view, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_stale); // above the answers: they are the last valid result too
    layout->addWidget(m_answers);
    layout->addWidget(m_view);
    connect(m_answers, &AnswerStrip::linkActivated, this, [this](int gpuColumn, const QString &rowId) {
        if (rowId.isEmpty() || !selectCell(rowId, gpuColumn))
            selectColumn(gpuColumn);
    });

    m_view->setModel(m_model);
    m_view->setItemDelegate(m_delegate);
    m_view->setShowGrid(false); // the delegate draws it, faster (ComparisonItemDelegate)
    m_view->setAccessibleName(tr("Comparison table"));
    m_view->setAccessibleDescription(
        tr("One column per GPU; the best value of each row is starred and bold"));
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->setCornerButtonEnabled(false);
    m_view->verticalHeader()->setVisible(false);
    // Rows are single lines: a fixed height spares the view asking every cell for its size hint on each
    // recompute (which was a third of a recompute's cost).
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 4);
    m_view->setTextElideMode(Qt::ElideNone); // long labels wrap (ComparisonItemDelegate)
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(false);

    auto *copy = new QAction(tr("&Copy Table"), m_view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &ComparisonTable::copyTable);
    m_view->addAction(copy);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { onCurrentChanged(current); });
    // The labels stay in view when the GPU columns scroll sideways; a heading folds from either view.
    m_labels = new FrozenColumnView(m_view);
    for (QTableView *view : {m_view, static_cast<QTableView *>(m_labels)})
        connect(view, &QTableView::clicked, this, [this](const QModelIndex &index) {
            if (index.isValid() && m_model->isSection(index.row()))
                toggleFold(index.row());
        });
}

bool ComparisonTable::isFolded(const QString &section) const
{
    return m_model->isFolded(section);
}

void ComparisonTable::setFolded(const QString &section, bool folded)
{
    m_model->setFolded(section, folded);
    applyFolds();
}

void ComparisonTable::toggleFold(int modelRow)
{
    const QString section = m_model->sectionOf(modelRow);
    setFolded(section, !m_model->isFolded(section));
}

void ComparisonTable::applyFolds()
{
    QString section;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->isSection(row)) {
            section = m_model->sectionOf(row);
            m_view->setRowHidden(row, false);
            continue;
        }
        const bool hidden = m_model->isFolded(section);
        if (m_view->isRowHidden(row) != hidden)
            m_view->setRowHidden(row, hidden);
    }
    m_labels->followRows();
}

ComparisonTable::~ComparisonTable() = default;

void ComparisonTable::setStaleNote(const QString &note)
{
    m_stale->setNote(note);
}

QString ComparisonTable::staleNote() const
{
    return m_stale->isStale() ? m_stale->text() : QString();
}

const ComparisonData &ComparisonTable::comparison() const
{
    return m_model->comparison();
}

void ComparisonTable::setComparison(const ComparisonData &comparison)
{
    // Keep the selected quantity and GPU across recomputes when they still exist.
    const QString rowId = selectedRowId();
    const int column = selectedColumn();
    const bool reset = m_model->setComparison(comparison);
    if (reset) // new rows or GPUs; otherwise the headings did not move
        applySpans();
    applyFolds();
    // Measuring the texts lays them out (the delegate's cache): worth it only for a table on screen. A
    // hidden one (the Charts tab in front) measures when it is shown.
    m_columnsStale = true;
    if (isVisible())
        fitColumnsToText();
    if (!rowId.isEmpty() && column >= 0 && column < comparison.columnTitles.size() &&
        m_model->modelRowFor(rowId) >= 0) {
        if (reset)
            selectCell(rowId, column); // selecting it again reports it (cellSelected)
        else
            emit cellSelected(rowId, column); // still selected, with a new value: the math is shown again
    }
}

void ComparisonTable::showEvent(QShowEvent *event)
{
    if (m_columnsStale)
        fitColumnsToText();
    QWidget::showEvent(event);
}

void ComparisonTable::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_textWidths.isEmpty())
        spreadColumns();
}

void ComparisonTable::fitColumnsToText()
{
    m_columnsStale = false;
    // Measures the cell texts directly (bold for the best value) instead of resizeColumnsToContents(),
    // which lays out every cell through the delegate. Widths come from the delegate's cache of laid-out
    // texts, which the paint then reuses.
    const QFont plain = m_view->font();
    QFont bold = plain;
    bold.setBold(true);
    const int padding = 2 * m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 6;
    m_textWidths.clear();
    m_headerWidths.clear();
    m_headingWidth = 0;
    for (int column = 0; column < m_model->columnCount(); ++column) {
        qreal widest = QFontMetrics(m_view->horizontalHeader()->font())
                           .horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString());
        m_headerWidths << static_cast<int>(std::ceil(widest)) + padding; // a GPU's name is never cut
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->isSection(row)) {
                // Headings span the whole table, but the label column shows them over the GPU columns
                // when these scroll (FrozenColumnView): it is never narrower than a heading.
                if (column == ComparisonTableModel::LabelColumn)
                    m_headingWidth =
                        std::max(m_headingWidth, static_cast<int>(std::ceil(m_delegate->textWidth(
                                                     m_model->displayText(row, column), bold))) +
                                                     padding);
                continue;
            }
            widest = std::max(widest, m_delegate->textWidth(m_model->displayText(row, column),
                                                            m_model->isBest(row, column) ? bold : plain));
        }
        m_textWidths << static_cast<int>(std::ceil(widest)) + padding;
    }
    spreadColumns();
}

void ComparisonTable::spreadColumns()
{
    if (m_textWidths.isEmpty())
        return;
    const int available = m_view->viewport()->width();
    const int averageChar = QFontMetrics(m_view->font()).averageCharWidth();
    QVector<int> values = m_textWidths.mid(ComparisonTableModel::FirstValueColumn);
    const int label = m_textWidths.at(ComparisonTableModel::LabelColumn);
    // The label column keeps a quarter of the view and 12 characters when the GPU columns want more than
    // the rest: its labels wrap, and stay in view when the GPU columns scroll (FrozenColumnView).
    const int labelFloor = std::min(std::max(label, m_headingWidth),
                                    std::max({available / 4, averageChar * 12, m_headingWidth}));
    // The GPU columns narrowed alike, the widest first, until they fit beside that floor, but none below
    // 13 characters (a number with its star) nor below their GPU's name: the values wider than their column
    // wrap.
    const int budget = available - labelFloor;
    const int columnFloor = averageChar * 13;
    QVector<int> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    int cap = sorted.isEmpty() ? 0 : sorted.last();
    int below = 0; // the columns narrower than the cap, together
    for (int i = 0; i < sorted.size(); ++i) {
        const int share = (budget - below) / static_cast<int>(sorted.size() - i);
        if (sorted.at(i) > share) {
            cap = std::max(share, columnFloor);
            break;
        }
        below += sorted.at(i);
    }
    int wanted = 0;
    for (int i = 0; i < values.size(); ++i) {
        values[i] = std::max(std::min(values.at(i), cap),
                             m_headerWidths.value(ComparisonTableModel::FirstValueColumn + i));
        wanted += values.at(i);
    }
    const int labelWidth = std::clamp(available - wanted, labelFloor, std::max(label, labelFloor));
    m_view->setColumnWidth(ComparisonTableModel::LabelColumn, labelWidth);
    // What is left over goes to the GPU columns, evenly: the table uses the width it has.
    const int spare =
        values.isEmpty() ? 0 : std::max(0, available - labelWidth - wanted) / static_cast<int>(values.size());
    for (int i = 0; i < values.size(); ++i)
        m_view->setColumnWidth(ComparisonTableModel::FirstValueColumn + i, values.at(i) + spare);
    fitRowHeights();
}

int ComparisonTable::cellLines(int row, int column, const QFont &font) const
{
    const int padding = 2 * m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 3;
    const int width = m_view->columnWidth(column) - padding;
    const QString &text = m_model->displayText(row, column);
    if (m_delegate->textWidth(text, font) <= width)
        return 1;
    const QFontMetrics metrics(font);
    const QRect wrapped =
        metrics.boundingRect(QRect(0, 0, std::max(1, width), 100000), Qt::TextWordWrap | Qt::AlignLeft, text);
    return std::max(1, (wrapped.height() + metrics.lineSpacing() - 1) / metrics.lineSpacing());
}

int ComparisonTable::labelLines(int row) const
{
    if (m_model->isSection(row))
        return 1;
    return cellLines(row, ComparisonTableModel::LabelColumn, m_view->font());
}

int ComparisonTable::lines(int row) const
{
    if (m_model->isSection(row))
        return 1;
    QFont bold = m_view->font();
    bold.setBold(true);
    int most = labelLines(row);
    for (int column = ComparisonTableModel::FirstValueColumn; column < m_model->columnCount(); ++column)
        most = std::max(most, cellLines(row, column, m_model->isBest(row, column) ? bold : m_view->font()));
    return most;
}

void ComparisonTable::fitRowHeights()
{
    // Rows are one line unless a label or value wraps: the fixed default spares the view asking every cell
    // for its size hint; only the wrapped rows are measured.
    const int lineSpacing = QFontMetrics(m_view->font()).lineSpacing();
    const int single = m_view->verticalHeader()->defaultSectionSize();
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const int rowLines = lines(row);
        const int height = rowLines > 1 ? rowLines * lineSpacing + 4 : single;
        if (m_view->rowHeight(row) != height)
            m_view->setRowHeight(row, height);
    }
    m_labels->followRows();
}

void ComparisonTable::copyTable() const
{
    if (QClipboard *clipboard = QApplication::clipboard())
        clipboard->setText(m_model->toTabSeparatedText());
}

void ComparisonTable::applySpans()
{
    m_view->clearSpans();
    const int columns = m_model->columnCount();
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (m_model->dataRowAt(row) < 0 && columns > 1)
            m_view->setSpan(row, 0, 1, columns);
}

bool ComparisonTable::selectCell(const QString &rowId, int gpuColumn)
{
    const int row = m_model->modelRowFor(rowId);
    if (row < 0 || gpuColumn < 0 || gpuColumn >= m_model->comparison().columnTitles.size())
        return false;
    if (m_view->isRowHidden(row)) // a number asked for is shown: its section opens
        setFolded(m_model->sectionOf(row), false);
    const QModelIndex index = m_model->index(row, ComparisonTableModel::modelColumnFor(gpuColumn));
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
    m_view->scrollTo(index);
    return true;
}

void ComparisonTable::selectColumn(int gpuColumn)
{
    if (gpuColumn < 0 || gpuColumn >= m_model->comparison().columnTitles.size())
        return;
    const QString rowId = selectedRowId();
    if (!rowId.isEmpty() && selectCell(rowId, gpuColumn))
        return;
    // No quantity chosen: the whole column, without a current cell (no math to show for a column).
    const int column = ComparisonTableModel::modelColumnFor(gpuColumn);
    const QModelIndex top = m_model->index(0, column);
    const QModelIndex bottom = m_model->index(m_model->rowCount() - 1, column);
    m_view->selectionModel()->select(QItemSelection(top, bottom), QItemSelectionModel::ClearAndSelect);
    m_view->scrollTo(top);
}

QString ComparisonTable::selectedRowId() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    if (!current.isValid() || current.column() < ComparisonTableModel::FirstValueColumn)
        return {};
    return current.data(ComparisonTableModel::RowIdRole).toString();
}

int ComparisonTable::selectedColumn() const
{
    return selectedRowId().isEmpty()
               ? -1
               : ComparisonTableModel::gpuColumnAt(m_view->selectionModel()->currentIndex().column());
}

void ComparisonTable::onCurrentChanged(const QModelIndex &current)
{
    const QString rowId = current.isValid() && current.column() >= ComparisonTableModel::FirstValueColumn
                              ? current.data(ComparisonTableModel::RowIdRole).toString()
                              : QString();
    if (rowId.isEmpty())
        emit selectionCleared();
    else
        emit cellSelected(rowId, ComparisonTableModel::gpuColumnAt(current.column()));
}
