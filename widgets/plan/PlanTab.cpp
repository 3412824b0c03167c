#include "widgets/plan/PlanTab.h"

#include "widgets/charts/ParetoChartWidget.h"
#include "widgets/common/ThemeColors.h"
#include "widgets/plan/PlanInputs.h"
#include "widgets/plan/PlanTableModel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

PlanTab::PlanTab(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel)
    , m_problems(new QLabel)
    , m_inputs(new PlanInputs)
    , m_progress(new QProgressBar)
    , m_cancel(new QPushButton(tr("Ca&ncel")))
    , m_model(new PlanTableModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView)
    , m_columns(new QSplitter(Qt::Horizontal))
    , m_results(new QSplitter(Qt::Vertical))
    , m_chartArea(new QWidget)
{
    setObjectName(QStringLiteral("planTab"));
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setObjectName(QStringLiteral("planProblems"));
    m_problems->setWordWrap(true);
    m_problems->hide();
    applyProblemColors();

    m_progress->setObjectName(QStringLiteral("planProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setAccessibleName(tr("Search progress"));
    m_cancel->setObjectName(QStringLiteral("planCancel"));
    m_cancel->setToolTip(tr("Stop the search; the GPU types done so far stay"));
    m_cancel->setEnabled(false);

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(PlanTableModel::RawValueRole);
    m_table->setObjectName(QStringLiteral("planTable"));
    m_table->setAccessibleName(tr("Plan per GPU type"));
    m_table->setModel(m_sorted);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->viewport()->installEventFilter(this);
    m_table->setToolTip(tr("Click a GPU type to load its configuration into the Compare tab"));

    auto *chartLayout = new QVBoxLayout(m_chartArea);
    chartLayout->setContentsMargins(0, 0, 0, 0);

    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(progressRow);
    m_results->addWidget(m_table);
    m_results->addWidget(m_chartArea);
    m_results->setStretchFactor(0, 0); // room the window gains goes to the chart
    m_results->setStretchFactor(1, 1);
    m_results->setChildrenCollapsible(false);
    rightLayout->addWidget(m_results, 1);

    m_columns->setObjectName(QStringLiteral("planColumns"));
    m_columns->addWidget(m_inputs);
    m_columns->addWidget(right);
    m_columns->setStretchFactor(0, 0);
    m_columns->setStretchFactor(1, 1);
    m_columns->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_summary);
    layout->addWidget(m_problems);
    layout->addWidget(m_columns, 1);

    connect(m_cancel, &QPushButton::clicked, this, &PlanTab::cancelRequested);
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const QString gpuId = index.data(PlanTableModel::GpuIdRole).toString();
        if (!gpuId.isEmpty())
            emit rowClicked(gpuId);
    });
    connect(m_sorted, &QAbstractItemModel::modelReset, this, &PlanTab::updateSpans);
    connect(m_sorted, &QAbstractItemModel::layoutChanged, this, &PlanTab::updateSpans);
    connect(m_sorted, &QAbstractItemModel::dataChanged, this, &PlanTab::updateSpans);
    connect(m_sorted, &QAbstractItemModel::rowsInserted, this, &PlanTab::updateSpans);
    setProgress({});
}

void PlanTab::fitColumns()
{
    // Long layouts and settings are cut short ("…", the tooltip has them whole) rather than pushing the
    // numbers out of sight.
    QHeaderView *header = m_table->horizontalHeader();
    const QAbstractItemView *view = m_table; // sizeHintForColumn() is public here, protected in QTableView
    QVector<int> widths(PlanTableModel::ColumnCount);
    int total = 0;
    for (int column = 0; column < widths.size(); ++column) {
        widths[column] = std::max(header->sectionSizeHint(column), view->sizeHintForColumn(column));
        total += widths.at(column);
    }
    const int available = m_table->viewport()->width();
    const int minimum = 8 * m_table->fontMetrics().averageCharWidth();
    for (int column : {PlanTableModel::SettingsColumn, PlanTableModel::LayoutColumn}) {
        const int over = total - available;
        if (over <= 0)
            break;
        const int cut = std::min(over, std::max(0, widths.at(column) - minimum));
        widths[column] -= cut;
        total -= cut;
    }
    for (int column = 0; column < widths.size(); ++column)
        header->resizeSection(column, widths.at(column));
}

bool PlanTab::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void PlanTab::updateSpans()
{
    m_table->clearSpans();
    for (int row = 0; row < m_sorted->rowCount(); ++row)
        if (!m_sorted->index(row, 0).data(PlanTableModel::ReasonRole).toString().isEmpty())
            m_table->setSpan(row, PlanTableModel::ReasonColumn, 1,
                             PlanTableModel::ColumnCount - PlanTableModel::ReasonColumn);
    fitColumns();
}

ParetoChartWidget *PlanTab::chart()
{
    if (!m_chart) {
        m_chart = new ParetoChartWidget;
        m_chartArea->layout()->addWidget(m_chart);
        m_chart->setData(m_chartData);
        connect(m_chart, &ParetoChartWidget::pointClicked, this, &PlanTab::pointClicked);
    }
    return m_chart;
}

void PlanTab::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    chart(); // the QCustomPlot is made when the tab is first shown, not at start-up
    if (!m_sized) {
        // The inputs as wide as they ask; the table tall enough for the header and six GPU types, the
        // chart the rest.
        m_sized = true;
        const int inputs = m_inputs->preferredWidth();
        m_columns->setSizes({inputs, std::max(400, m_columns->width() - inputs)});
        const int table = m_table->horizontalHeader()->sizeHint().height() +
                          6 * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth() +
                          m_table->horizontalScrollBar()->sizeHint().height();
        m_results->setSizes({table, std::max(200, m_results->height() - table)});
    }
    fitColumns();
}

void PlanTab::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyProblemColors();
}

void PlanTab::applyProblemColors()
{
    QPalette palette = m_problems->palette();
    palette.setColor(QPalette::WindowText, ThemeColors::error(this->palette()));
    m_problems->setPalette(palette);
}

void PlanTab::setSummary(const QString &summary, const QString &hint)
{
    m_summary->setText(hint.isEmpty() ? summary : summary + u'\n' + hint);
}

void PlanTab::setProblems(const QStringList &problems)
{
    m_problems->setText(problems.join(u'\n'));
    m_problems->setVisible(!problems.isEmpty());
}

QString PlanTab::progressText() const
{
    const PlanProgress &p = m_progressState;
    if (p.total == 0)
        return p.running ? tr("Starting…") : tr("No search");
    if (p.cancelled)
        return tr("Cancelled after %1 of %2 GPU types").arg(p.done).arg(p.total);
    if (p.running)
        return tr("%1 of %2 GPU types").arg(p.done).arg(p.total);
    return tr("Done: %1 GPU types, %2 configurations").arg(p.total).arg(QLocale().toString(p.searched));
}

void PlanTab::setProgress(const PlanProgress &progress)
{
    m_progressState = progress;
    m_progress->setRange(0, std::max(1, progress.total));
    m_progress->setValue(std::min(progress.done, std::max(1, progress.total)));
    m_progress->setFormat(progressText());
    m_cancel->setEnabled(progress.running);
}

void PlanTab::setTable(const PlanTableData &table)
{
    m_model->setPlan(table);
}

void PlanTab::setChart(const ParetoChartData &chart)
{
    m_chartData = chart;
    if (m_chart)
        m_chart->setData(chart);
}
