#include "widgets/compare/FrozenColumnView.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>

FrozenColumnView::FrozenColumnView(QTableView *main)
    : QTableView(main)
    , m_main(main)
{
    setObjectName(QStringLiteral("frozenLabelColumn"));
    setModel(main->model());
    setSelectionModel(main->selectionModel());
    setItemDelegate(main->itemDelegate());
    setFocusPolicy(Qt::NoFocus); // the keyboard works in the main view; the selection is shared
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollMode(main->verticalScrollMode());
    setSelectionMode(main->selectionMode());
    setSelectionBehavior(main->selectionBehavior());
    setEditTriggers(NoEditTriggers);
    setShowGrid(main->showGrid());
    setWordWrap(main->wordWrap());
    setTextElideMode(main->textElideMode());
    setCornerButtonEnabled(false);
    setAccessibleName(main->accessibleName());
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    horizontalHeader()->setStretchLastSection(false);
    main->viewport()->stackUnder(this);

    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, main->verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(main->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(main->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical) {
        if (logical == 0)
            followColumns();
    });
    connect(main->horizontalHeader(), &QHeaderView::geometriesChanged, this, &FrozenColumnView::place);
    connect(model(), &QAbstractItemModel::modelReset, this, &FrozenColumnView::followColumns);
    connect(model(), &QAbstractItemModel::columnsInserted, this, &FrozenColumnView::followColumns);
    main->installEventFilter(this);
    followColumns();
}

void FrozenColumnView::followRows()
{
    const int rows = model()->rowCount();
    if (verticalHeader()->defaultSectionSize() != m_main->verticalHeader()->defaultSectionSize())
        verticalHeader()->setDefaultSectionSize(m_main->verticalHeader()->defaultSectionSize());
    clearSpans();
    for (int row = 0; row < rows; ++row) {
        if (isRowHidden(row) != m_main->isRowHidden(row))
            setRowHidden(row, m_main->isRowHidden(row));
        if (rowHeight(row) != m_main->rowHeight(row) && !m_main->isRowHidden(row))
            setRowHeight(row, m_main->rowHeight(row));
        if (m_main->columnSpan(row, 0) > 1)
            setSpan(row, 0, 1, m_main->columnSpan(row, 0));
    }
    verticalScrollBar()->setValue(m_main->verticalScrollBar()->value());
}

bool FrozenColumnView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_main && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest))
        place();
    return QTableView::eventFilter(watched, event);
}

void FrozenColumnView::followColumns()
{
    for (int column = 1; column < model()->columnCount(); ++column)
        if (!isColumnHidden(column))
            setColumnHidden(column, true);
    setColumnWidth(0, m_main->columnWidth(0));
    place();
}

void FrozenColumnView::place()
{
    const int frame = m_main->frameWidth();
    horizontalHeader()->setFixedHeight(m_main->horizontalHeader()->height());
    setGeometry(frame, frame, m_main->columnWidth(0),
                m_main->viewport()->height() + m_main->horizontalHeader()->height());
    verticalScrollBar()->setValue(m_main->verticalScrollBar()->value());
}
