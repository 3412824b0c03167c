#include "widgets/charts/ChartsPanel.h"

#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/LineChartWidget.h"
#include "widgets/charts/RadarChartWidget.h"
#include "widgets/common/StaleBanner.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

ChartsPanel::ChartsPanel(QWidget *parent)
    : QWidget(parent)
    , m_chooser(new QComboBox)
    , m_sparse(new QCheckBox(tr("Show &sparse figures")))
    , m_export(new QPushButton(tr("&Export…")))
    , m_stack(new QStackedWidget)
    , m_staleNote(new StaleBanner(m_stack))
    , m_bars(new BarChartWidget)
    , m_radar(new RadarChartWidget)
    , m_lines(new LineChartWidget)
{
    setObjectName(QStringLiteral("chartsPanel"));
    m_chooser->setObjectName(QStringLiteral("chartChooser"));
    m_chooser->setAccessibleName(tr("Chart"));
    m_sparse->setObjectName(QStringLiteral("showSparse"));
    m_sparse->setToolTip(
        tr("Add the 2:4 structured-sparse tensor figures, labelled, next to the dense ones"));
    m_export->setObjectName(QStringLiteral("exportChart"));
    m_export->setToolTip(tr("Save this chart as PNG, SVG or PDF"));

    auto *label = new QLabel(tr("C&hart:"));
    label->setBuddy(m_chooser);
    auto *bar = new QHBoxLayout;
    bar->addWidget(label);
    bar->addWidget(m_chooser, 1);
    bar->addWidget(m_sparse);
    bar->addStretch(2);
    bar->addWidget(m_export);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(bar);
    layout->addWidget(m_staleNote);
    layout->addWidget(m_stack, 1);
    m_stack->addWidget(m_bars);
    m_stack->addWidget(m_radar);
    m_stack->addWidget(m_lines);
    // The lines have no clickable points.
    for (ChartView *view : {static_cast<ChartView *>(m_bars), static_cast<ChartView *>(m_radar)})
        connect(view, &ChartView::pointClicked, this,
                [this](int series, int category) { emit pointClicked(currentKind(), series, category); });

    connect(m_chooser, &QComboBox::currentIndexChanged, this, [this] {
        showCurrentWhenVisible();
        emit currentKindChanged(currentKind());
    });
    connect(m_sparse, &QCheckBox::toggled, this, &ChartsPanel::showSparseChanged);
    connect(m_export, &QPushButton::clicked, this, &ChartsPanel::exportRequested);
}

void ChartsPanel::setKinds(const QVector<Kind> &kinds)
{
    const QString current = currentKind();
    m_kinds = kinds;
    const QSignalBlocker blocker(m_chooser);
    m_chooser->clear();
    for (const Kind &kind : kinds)
        m_chooser->addItem(kind.title, kind.id);
    const int index = m_chooser->findData(current);
    m_chooser->setCurrentIndex(index >= 0 ? index : 0);
    showCurrentWhenVisible();
}

void ChartsPanel::setStaleNote(const QString &note)
{
    m_staleNote->setNote(note);
}

QString ChartsPanel::staleNote() const
{
    return m_staleNote->isStale() ? m_staleNote->text() : QString();
}

void ChartsPanel::setChart(const QString &id, const ChartData &chart)
{
    m_data.insert(id, chart);
    if (id == currentKind())
        showCurrentWhenVisible();
}

void ChartsPanel::showCurrentWhenVisible()
{
    // A hidden panel (another tab is in front) draws when it is shown or asked for, not on every
    // recompute.
    if (isVisible())
        showCurrent();
    else
        m_stale = true;
}

void ChartsPanel::showCurrentIfStale()
{
    if (m_stale)
        showCurrent();
}

void ChartsPanel::showEvent(QShowEvent *event)
{
    showCurrentIfStale();
    QWidget::showEvent(event);
}

QString ChartsPanel::currentKind() const
{
    return m_chooser->currentData().toString();
}

void ChartsPanel::setCurrentKind(const QString &id)
{
    const int index = m_chooser->findData(id);
    if (index >= 0)
        m_chooser->setCurrentIndex(index);
}

ChartView *ChartsPanel::currentView()
{
    showCurrentIfStale();
    return qobject_cast<ChartView *>(m_stack->currentWidget());
}

BarChartWidget *ChartsPanel::barChart()
{
    showCurrentIfStale();
    return m_bars;
}

RadarChartWidget *ChartsPanel::radarChart()
{
    showCurrentIfStale();
    return m_radar;
}

LineChartWidget *ChartsPanel::lineChart()
{
    showCurrentIfStale();
    return m_lines;
}

bool ChartsPanel::showSparse() const
{
    return m_sparse->isChecked();
}

void ChartsPanel::setShowSparse(bool show)
{
    m_sparse->setChecked(show);
}

void ChartsPanel::showCurrent()
{
    const QString id = currentKind();
    const auto kind =
        std::find_if(m_kinds.cbegin(), m_kinds.cend(), [&id](const Kind &k) { return k.id == id; });
    ChartView *view = m_bars;
    if (kind != m_kinds.cend() && kind->radar)
        view = m_radar;
    else if (kind != m_kinds.cend() && kind->lines)
        view = m_lines;
    m_sparse->setEnabled(kind != m_kinds.cend() && kind->hasSparse);
    view->setData(m_data.value(id));
    m_stack->setCurrentWidget(view);
    m_stale = false;
}
