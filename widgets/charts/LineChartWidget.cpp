#include "widgets/charts/LineChartWidget.h"

#include "widgets/charts/ChartAxes.h"
#include "widgets/charts/ChartPalette.h"
#include "widgets/charts/ChartTextFit.h"
#include "widgets/charts/PlotRender.h"
#include "widgets/common/ValueFormat.h"

#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace {

constexpr double kMargin = 1.3;      // log-axis room around the data, as a factor
constexpr double kToolTipRadius = 8; // pixels from a point that still show its tooltip

} // namespace

LineChartWidget::LineChartWidget(QWidget *parent)
    : ChartView(parent)
    , m_plot(new QCustomPlot(this))
    , m_title(new QCPTextElement(m_plot, QString(), ChartAxes::font(this, kTitlePointSize, true)))
    , m_footnote(new QCPTextElement(m_plot, QString(), ChartAxes::font(this, kFootnotePointSize)))
    , m_panelGrid(new QCPLayoutGrid)
    , m_margins(new QCPMarginGroup(m_plot))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Line chart"));
    m_plot->setMinimumSize(320, 240);
    m_plot->setLocale(locale());

    // Layout: title on top, the panels with the legend at their right, footnote below.
    QCPLayoutGrid *grid = m_plot->plotLayout();
    QCPAxisRect *first = m_plot->axisRect();
    first->insetLayout()->take(m_plot->legend);
    grid->take(first);
    grid->addElement(0, 0, m_title);
    grid->addElement(1, 0, m_panelGrid);
    grid->addElement(2, 0, m_footnote);
    m_panelGrid->addElement(0, 0, first);
    m_panelGrid->setRowSpacing(12);
    first->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
    m_panels << first;

    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(ChartAxes::font(this, kLabelPointSize));
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setMargins(QMargins(8, 8, 20, 8));
    m_title->setMargins(QMargins(4, 10, 4, 4));
    m_footnote->setMargins(QMargins(4, 4, 4, 8));
    auto *side = new QCPLayoutGrid;
    grid->addElement(1, 1, side);
    side->addElement(0, 0, m_plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(m_plot));
    side->setRowStretchFactor(0, 0.001);
    side->setRowStretchFactor(1, 1.0);
    grid->setColumnStretchFactor(1, 0.001);

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &LineChartWidget::showToolTip);
    applyColors(screenColors());
}

LineChartWidget::~LineChartWidget() = default;

QList<QCPGraph *> LineChartWidget::graphs(int panel) const
{
    QList<QCPGraph *> result;
    if (panel < 0 || panel >= m_panels.size())
        return result;
    for (QCPGraph *graph : m_panels.at(panel)->graphs())
        result << graph;
    return result;
}

void LineChartWidget::setPanelCount(int count)
{
    while (m_panels.size() < count) {
        auto *panel = new QCPAxisRect(m_plot);
        m_panelGrid->addElement(static_cast<int>(m_panels.size()), 0, panel);
        panel->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
        m_panels << panel;
    }
    while (m_panels.size() > count)
        m_panelGrid->remove(m_panels.takeLast()); // deletes it with its axes
    m_panelGrid->simplify();
}

void LineChartWidget::setUpAxes(QCPAxisRect *panel, int index, int count) const
{
    const ChartData &chart = data();
    QCPAxis *x = panel->axis(QCPAxis::atBottom);
    QCPAxis *y = panel->axis(QCPAxis::atLeft);
    for (QCPAxis *axis : {x, y}) {
        axis->setTickLabelFont(ChartAxes::font(this, kLabelPointSize));
        axis->setLabelFont(ChartAxes::font(this, kLabelPointSize));
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setSubTicks(false);
    }
    if (chart.linearValueAxis)
        y->setScaleType(QCPAxis::stLinear);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < chart.xValues.size() && i < chart.categories.size(); ++i)
        ticker->addTick(chart.xValues.at(i), chart.categories.at(i));
    x->setTicker(ticker);
    x->setLabel(index == count - 1 ? chart.xAxisLabel : QString());
    x->grid()->setVisible(true);
    y->setLabel(chart.panelAxisLabels.value(index));
}

void LineChartWidget::applyData()
{
    const ChartData &chart = data();
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->legend->clearItems();
    m_referenceLines.clear();
    m_referenceLabels.clear();
    m_markerLines.clear();
    m_markerLabels.clear();
    m_title->setText(chart.title);
    m_title->setVisible(!chart.title.isEmpty());
    m_footnote->setVisible(!chart.footnote.isEmpty());
    ChartTextFit::fit(m_plot, m_footnote, chart, width());
    m_plot->setAccessibleDescription(chart.title);

    const int count = std::max<int>(1, static_cast<int>(chart.panelAxisLabels.size()));
    setPanelCount(count);
    double xLow = 1.0;
    double xHigh = 2.0;
    if (!chart.xValues.isEmpty()) {
        xLow = *std::min_element(chart.xValues.cbegin(), chart.xValues.cend());
        xHigh = std::max(xLow * 2.0, *std::max_element(chart.xValues.cbegin(), chart.xValues.cend()));
    }
    QVector<double> low(count, qInf());
    QVector<double> high(count, 0.0);
    auto include = [&](int panel, double value) {
        if (value > 0.0 && std::isfinite(value)) {
            low[panel] = std::min(low[panel], value);
            high[panel] = std::max(high[panel], value);
        }
    };

    QVector<int> seriesInPanel(count, 0);
    for (const ChartSeries &series : chart.series) {
        const int panel = std::clamp(series.panel, 0, count - 1);
        QCPAxisRect *rect = m_panels.at(panel);
        QCPGraph *graph = m_plot->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        graph->setName(series.name);
        graph->setProperty("seriesIndex", seriesInPanel[panel]++);
        graph->setSelectable(QCP::stNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
        for (int i = 0; i < chart.xValues.size() && i < series.values.size(); ++i) {
            // A missing value breaks the line rather than drawing it at zero.
            const std::optional<double> value = series.values.at(i);
            graph->addData(chart.xValues.at(i), value && *value > 0.0 ? *value : qQNaN());
            if (value)
                include(panel, *value);
        }
        if (panel != 0)
            graph->removeFromLegend();
    }
    for (const ChartReferenceLine &reference : chart.referenceLines) {
        if (reference.panel < 0 || reference.panel >= count || !(reference.value > 0.0))
            continue;
        QCPAxisRect *rect = m_panels.at(reference.panel);
        include(reference.panel, reference.value);
        auto *line = new QCPItemStraightLine(m_plot);
        line->setClipAxisRect(rect);
        line->setSelectable(false);
        for (QCPItemPosition *point : {line->point1, line->point2})
            point->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        line->point1->setCoords(xLow, reference.value);
        line->point2->setCoords(xHigh, reference.value);
        m_referenceLines << line;

        auto *label = new QCPItemText(m_plot);
        label->setClipAxisRect(rect);
        label->setSelectable(false);
        label->setFont(ChartAxes::font(this, kFootnotePointSize, true));
        label->setText(reference.label);
        label->position->setAxisRect(rect);
        label->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(0.01, reference.value);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(2, 0, 2, 2));
        m_referenceLabels << label;
    }

    for (int panel = 0; panel < count; ++panel) {
        QCPAxisRect *rect = m_panels.at(panel);
        setUpAxes(rect, panel, count);
        rect->axis(QCPAxis::atBottom)->setRange(xLow / kMargin, xHigh * kMargin);
        const double yLow = std::isfinite(low[panel]) ? low[panel] / kMargin : 1.0;
        const double yHigh = high[panel] > 0.0 ? high[panel] * kMargin : 10.0;
        if (chart.linearValueAxis) {
            auto ticker = QSharedPointer<QCPAxisTicker>::create();
            ticker->setTickCount(6);
            rect->axis(QCPAxis::atLeft)->setTicker(ticker);
            rect->axis(QCPAxis::atLeft)->setNumberFormat(QStringLiteral("gb"));
            rect->axis(QCPAxis::atLeft)->setRange(0.0, high[panel] > 0.0 ? high[panel] * 1.15 : 1.0);
        } else {
            rect->axis(QCPAxis::atLeft)->setRange(yLow, std::max(yHigh, yLow * 2.0));
            rect->axis(QCPAxis::atLeft)
                ->setTicker(ChartAxes::logTicks(yLow, std::max(yHigh, yLow * 2.0), locale()));
        }
        // Vertical markers (a node boundary): a dashed line across the panel, labelled in the top one.
        for (const ChartMarker &marker : chart.xMarkers) {
            if (!(marker.x > 0.0))
                continue;
            auto *line = new QCPItemStraightLine(m_plot);
            line->setClipAxisRect(rect);
            line->setSelectable(false);
            for (QCPItemPosition *point : {line->point1, line->point2}) {
                point->setAxisRect(rect);
                point->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
                point->setTypeY(QCPItemPosition::ptAxisRectRatio);
            }
            line->point1->setCoords(marker.x, 0.0);
            line->point2->setCoords(marker.x, 1.0);
            m_markerLines << line;
            if (panel != 0 || marker.label.isEmpty())
                continue;
            auto *label = new QCPItemText(m_plot);
            label->setClipAxisRect(rect);
            label->setSelectable(false);
            label->setFont(ChartAxes::font(this, kFootnotePointSize));
            label->setText(marker.label);
            label->position->setAxisRect(rect);
            label->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            label->position->setCoords(marker.x, 0.02);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            label->setPadding(QMargins(4, 0, 2, 0));
            m_markerLabels << label;
        }
    }
    applyColors(screenColors());
    m_plot->replot();
}

void LineChartWidget::applyScreenColors()
{
    applyColors(screenColors());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LineChartWidget::applyColors(const ChartColors &colors) const
{
    m_plot->setBackground(QBrush(colors.background));
    for (QCPAxisRect *panel : m_panels) {
        for (QCPAxis *axis : panel->axes()) {
            axis->setBasePen(QPen(colors.axis, 0));
            axis->setTickPen(QPen(colors.axis, 0));
            axis->setSubTickPen(QPen(colors.axis, 0));
            axis->setTickLabelColor(colors.text);
            axis->setLabelColor(colors.text);
            axis->grid()->setPen(QPen(colors.grid, 0, Qt::DotLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    m_plot->legend->setBrush(QBrush(colors.background));
    m_plot->legend->setTextColor(colors.text);
    m_title->setTextColor(colors.text);
    m_footnote->setTextColor(colors.mutedText);
    const ChartData &chart = data();
    for (int g = 0; g < m_plot->graphCount() && g < chart.series.size(); ++g) {
        QCPGraph *graph = m_plot->graph(g);
        const int index = graph->property("seriesIndex").toInt();
        const QColor series = chart.series.at(g).color;
        const QColor color =
            colors.visibleSeriesColor(series.isValid() ? series : ChartPalette::colorAt(index));
        graph->setPen(QPen(color, 2.0, ChartPalette::penStyleAt(index)));
        QCPScatterStyle scatter = graph->scatterStyle();
        scatter.setPen(QPen(color));
        scatter.setBrush(color);
        graph->setScatterStyle(scatter);
    }
    for (QCPItemStraightLine *line : m_referenceLines)
        line->setPen(QPen(colors.text, 1.5, Qt::DashLine));
    for (QCPItemText *label : m_referenceLabels)
        label->setColor(colors.text);
    for (QCPItemStraightLine *line : m_markerLines)
        line->setPen(QPen(colors.mutedText, 1.0, Qt::DashLine));
    for (QCPItemText *label : m_markerLabels)
        label->setColor(colors.mutedText);
}

QString LineChartWidget::toolTipAt(const QPoint &pos) const
{
    const ChartData &chart = data();
    const QPointF plotPos = m_plot->mapFrom(this, pos);
    double nearest = kToolTipRadius;
    QString text;
    for (int g = 0; g < m_plot->graphCount() && g < chart.series.size(); ++g) {
        const QCPGraph *graph = m_plot->graph(g);
        const ChartSeries &series = chart.series.at(g);
        for (int i = 0; i < chart.xValues.size() && i < series.values.size(); ++i) {
            if (!series.values.at(i))
                continue;
            const QPointF point(graph->keyAxis()->coordToPixel(chart.xValues.at(i)),
                                graph->valueAxis()->coordToPixel(*series.values.at(i)));
            const double distance = QLineF(point, plotPos).length();
            if (distance > nearest)
                continue;
            nearest = distance;
            text = tr("%1\n%2: %3\n%4: %5")
                       .arg(series.name, chart.xAxisLabel, chart.categories.value(i),
                            chart.panelAxisLabels.value(series.panel),
                            ValueFormat::number(*series.values.at(i)));
        }
    }
    return text;
}

void LineChartWidget::showToolTip(QMouseEvent *event)
{
    const QPoint pos = m_plot->mapTo(this, event->position().toPoint());
    const QString text = toolTipAt(pos);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void LineChartWidget::renderChart(QPainter &painter, const QSize &size) const
{
    PlotRender::toPainter(
        m_plot, painter, size,
        [&] {
            ChartTextFit::fit(m_plot, m_footnote, data(), size.width());
            applyColors(ChartColors::light());
        },
        [this] {
            applyColors(screenColors());
            ChartTextFit::fit(m_plot, m_footnote, data(), width());
        });
}

void LineChartWidget::resizeEvent(QResizeEvent *event)
{
    ChartView::resizeEvent(event);
    ChartTextFit::fit(m_plot, m_footnote, data(), width());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}
