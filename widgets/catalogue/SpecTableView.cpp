#include "widgets/catalogue/SpecTableView.h"

#include "widgets/catalogue/SpecItemDelegate.h"

#include <QHeaderView>
#include <QMenu>
#include <QScrollBar>
#include <algorithm>
#include <cstdlib>

namespace {

// Fitting a column measures the rows in view and others up to this many (wider texts further down are
// elided, with the whole value in the tooltip), and makes no column wider than kMaxFittedWidth.
constexpr int kFitSampleRows = 40;
constexpr int kMaxFittedWidth = 320;

} // namespace

void GuardedTableView::setSpecDelegate(SpecItemDelegate *delegate)
{
    m_delegate = delegate;
    setItemDelegate(delegate);
}

void GuardedTableView::commitData(QWidget *editor)
{
    if (m_delegate && !m_delegate->acceptsValueOf(editor))
        return; // refused: said why, the editor stays
    QTableView::commitData(editor);
}

void GuardedTableView::closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint)
{
    if (hint != QAbstractItemDelegate::RevertModelCache && m_delegate && !m_delegate->acceptsValueOf(editor))
        return;
    QTableView::closeEditor(editor, hint);
}

SpecTableView::SpecTableView(QWidget *parent)
    : GuardedTableView(parent)
    , m_frozen(new GuardedTableView(this))
{
    m_frozen->setObjectName(QStringLiteral("frozenIdentityColumn"));
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollMode(ScrollPerPixel);
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->setAlternatingRowColors(true);
    m_frozen->setSortingEnabled(true);
    // Typing into a cell edits it, as in a spreadsheet.
    setEditTriggers(DoubleClicked | EditKeyPressed | AnyKeyPressed);
    m_frozen->setEditTriggers(editTriggers());
    setSelectionBehavior(SelectItems);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setSectionsMovable(true);
    horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(horizontalHeader(), &QHeaderView::customContextMenuRequested, this,
            &SpecTableView::showColumnMenu);
    horizontalHeader()->setResizeContentsPrecision(kFitSampleRows);
    connect(horizontalHeader(), &QHeaderView::sectionCountChanged, this, [this](int before, int now) {
        if (before > 0 || now == 0)
            return;
        if (!m_pendingColumnState.isEmpty())
            horizontalHeader()->restoreState(std::exchange(m_pendingColumnState, {}));
        else if (isVisible() && !m_columnsSet)
            fitColumns();
    });
    viewport()->stackUnder(m_frozen);
    setHorizontalScrollMode(ScrollPerPixel);
    setVerticalScrollMode(ScrollPerPixel);

    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical == 0) {
            m_frozen->setColumnWidth(0, size);
            updateFrozenGeometry();
        }
    });
    connect(m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(horizontalHeader(), &QHeaderView::sectionMoved, this, &SpecTableView::keepIdentityFirst);
    connect(horizontalScrollBar(), &QAbstractSlider::valueChanged, this, &SpecTableView::snapToColumnEdge);
    // One sort order for both views.
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, m_frozen->horizontalHeader(),
            [this](int section, Qt::SortOrder order) {
                const QSignalBlocker block(m_frozen->horizontalHeader());
                m_frozen->horizontalHeader()->setSortIndicator(section, order);
            });
    connect(m_frozen->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this](int section, Qt::SortOrder order) { sortByColumn(section, order); });
}

void SpecTableView::setModel(QAbstractItemModel *model)
{
    GuardedTableView::setModel(model);
    m_frozen->setModel(model);
    m_frozen->setSelectionModel(selectionModel());
    m_frozen->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    const auto hideAllButIdentity = [this] {
        for (int column = 1; column < m_frozen->model()->columnCount(); ++column)
            m_frozen->setColumnHidden(column, true);
        m_frozen->setColumnWidth(0, columnWidth(0));
    };
    hideAllButIdentity();
    connect(model, &QAbstractItemModel::modelReset, this, hideAllButIdentity);
    updateFrozenGeometry();
}

void SpecTableView::setSpecDelegates(SpecItemDelegate *main, SpecItemDelegate *frozen)
{
    GuardedTableView::setSpecDelegate(main);
    m_frozen->setSpecDelegate(frozen);
}

void SpecTableView::keepIdentityFirst()
{
    QHeaderView *header = horizontalHeader();
    if (header->visualIndex(0) != 0) {
        const QSignalBlocker block(header);
        header->moveSection(header->visualIndex(0), 0);
    }
}

void SpecTableView::resizeEvent(QResizeEvent *event)
{
    GuardedTableView::resizeEvent(event);
    updateFrozenGeometry();
}

void SpecTableView::updateGeometries()
{
    GuardedTableView::updateGeometries();
    // The last stop where a column starts at the frozen edge may lie past Qt's end of the range.
    const QVector<int> edges = columnEdges();
    QScrollBar *bar = horizontalScrollBar();
    const auto last = std::lower_bound(edges.cbegin(), edges.cend(), bar->maximum());
    if (bar->maximum() > 0 && last != edges.cend() && *last != bar->maximum())
        bar->setMaximum(*last);
    updateFrozenGeometry();
}

QVector<int> SpecTableView::columnEdges() const
{
    QVector<int> edges{0};
    const QHeaderView *header = horizontalHeader();
    int edge = 0;
    for (int visual = 1; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (logical <= 0 || header->isSectionHidden(logical))
            continue;
        edge += header->sectionSize(logical);
        edges << edge;
    }
    return edges;
}

void SpecTableView::snapToColumnEdge(int value)
{
    if (value <= 0)
        return;
    const QVector<int> edges = columnEdges();
    int nearest = 0;
    for (const int edge : edges)
        if (std::abs(edge - value) < std::abs(nearest - value))
            nearest = edge;
    if (nearest != value)
        horizontalScrollBar()->setValue(nearest);
}

QModelIndex SpecTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    const QModelIndex current = GuardedTableView::moveCursor(cursorAction, modifiers);
    // Moving left must not hide the cell under the frozen column.
    if (cursorAction == MoveLeft && current.column() > 0 &&
        visualRect(current).topLeft().x() < m_frozen->columnWidth(0))
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + visualRect(current).topLeft().x() -
                                        m_frozen->columnWidth(0));
    return current;
}

void SpecTableView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    if (index.column() > 0) {
        GuardedTableView::scrollTo(index, hint);
    } else if (index.isValid()) {
        // The frozen column is always in view: scroll only to the row, keeping the horizontal position.
        const int firstUnfrozen = columnAt(m_frozen->columnWidth(0) + 1);
        GuardedTableView::scrollTo(model()->index(index.row(), qMax(firstUnfrozen, 0)), hint);
    }
}

void SpecTableView::updateFrozenGeometry()
{
    if (!m_frozen->model())
        return;
    const int x = (verticalHeader()->isVisible() ? verticalHeader()->width() : 0) + frameWidth();
    if (m_frozen->verticalHeader()->defaultSectionSize() != verticalHeader()->defaultSectionSize())
        m_frozen->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    m_frozen->setGeometry(x, frameWidth(), columnWidth(0),
                          viewport()->height() + horizontalHeader()->height());
    m_frozen->verticalScrollBar()->setValue(verticalScrollBar()->value());
}

void SpecTableView::fitColumns()
{
    resizeColumnsToContents();
    for (int column = 0; column < horizontalHeader()->count(); ++column)
        if (columnWidth(column) > kMaxFittedWidth)
            setColumnWidth(column, kMaxFittedWidth);
    m_columnsSet = true;
}

void SpecTableView::showEvent(QShowEvent *event)
{
    // Fitted when first seen, with the style and fonts the window has by then.
    if (!m_columnsSet && horizontalHeader()->count() > 0)
        fitColumns();
    GuardedTableView::showEvent(event);
}

QByteArray SpecTableView::columnState() const
{
    if (!m_pendingColumnState.isEmpty())
        return m_pendingColumnState;
    return horizontalHeader()->count() > 0 ? horizontalHeader()->saveState() : QByteArray();
}

bool SpecTableView::restoreColumnState(const QByteArray &state)
{
    if (state.isEmpty())
        return false;
    // The user's widths: showing the view must not fit the columns over them.
    if (horizontalHeader()->count() == 0) {
        m_pendingColumnState = state;
        m_columnsSet = true;
        return true;
    }
    m_columnsSet = horizontalHeader()->restoreState(state) || m_columnsSet;
    return m_columnsSet;
}

void SpecTableView::showColumnMenu(const QPoint &at)
{
    QHeaderView *header = horizontalHeader();
    QMenu menu(this);
    for (int column = 1; model() && column < model()->columnCount(); ++column) {
        QAction *action = menu.addAction(model()->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!header->isSectionHidden(column));
        connect(action, &QAction::toggled, this,
                [header, column](bool shown) { header->setSectionHidden(column, !shown); });
    }
    menu.exec(header->mapToGlobal(at));
}
