#include "widgets/charts/ParetoChartWidget.h"

#include "widgets/charts/ChartAxes.h"
#include "widgets/charts/ChartPalette.h"
#include "widgets/charts/ChartTextFit.h"
#include "widgets/charts/ChartView.h"
#include "widgets/charts/PlotRender.h"
#include "widgets/common/ValueFormat.h"

#include <QEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <qcustomplot.h>

namespace {

constexpr double kMargin = 1.35;    // log-axis room around the data, as a factor
constexpr double kPickRadius = 8.0; // pixels from a point that still pick it
constexpr int kPointSize = 7;
constexpr int kRingSize = 13;
constexpr int kMostTicks = 12; // beyond, many decades: powers of ten only

// Past the palette's eight colours a series repeats a colour; its marker's shape tells the rounds apart
// (20 GPU types: discs, then squares, then diamonds).
QCPScatterStyle::ScatterShape shapeAt(int series)
{
    static const QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssDisc, QCPScatterStyle::ssSquare,
                                                           QCPScatterStyle::ssDiamond,
                                                           QCPScatterStyle::ssTriangle};
    return shapes[(series / 8) % 4];
}

bool plottable(const ParetoPoint &point)
{
    return point.x > 0.0 && point.y > 0.0 && std::isfinite(point.x) && std::isfinite(point.y);
}

} // namespace

ParetoChartWidget::ParetoChartWidget(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_title(new QCPTextElement(m_plot, QString(), ChartAxes::font(this, ChartView::kTitlePointSize, true)))
    , m_footnote(new QCPTextElement(m_plot, QString(), ChartAxes::font(this, ChartView::kFootnotePointSize)))
{
    setObjectName(QStringLiteral("paretoChart"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Cost against latency"));
    m_plot->setMinimumSize(320, 200);
    m_plot->setLocale(locale());

    // Title on top, the plot with the legend at its right.
    QCPLayoutGrid *grid = m_plot->plotLayout();
    QCPAxisRect *rect = m_plot->axisRect();
    rect->insetLayout()->take(m_plot->legend);
    grid->insertRow(0);
    grid->addElement(0, 0, m_title);
    m_title->setMargins(QMargins(4, 6, 4, 2));
    // Under the plot: the GPU types that have no point (no price, nothing fits), named, not silently gone.
    grid->addElement(2, 0, m_footnote);
    m_footnote->setMargins(QMargins(4, 2, 4, 6));
    m_footnote->setTextFlags(Qt::AlignLeft);
    auto *side = new QCPLayoutGrid;
    grid->addElement(1, 1, side);
    side->addElement(0, 0, m_plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(m_plot));
    side->setRowStretchFactor(0, 0.001);
    side->setRowStretchFactor(1, 1.0);
    grid->setColumnStretchFactor(1, 0.001);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(ChartAxes::font(this, ChartView::kLabelPointSize));
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setMargins(QMargins(8, 6, 10, 6));

    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTickLabelFont(ChartAxes::font(this, ChartView::kLabelPointSize));
        axis->setLabelFont(ChartAxes::font(this, ChartView::kLabelPointSize));
        axis->grid()->setVisible(true);
        axis->setSubTicks(false);
    }

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mousePress, this, &ParetoChartWidget::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ParetoChartWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::afterLayout, this, &ParetoChartWidget::placeLabels);
    rebuild();
}

ParetoChartWidget::~ParetoChartWidget() = default;

void ParetoChartWidget::setData(const ParetoChartData &data)
{
    if (data == m_data)
        return;
    m_data = data;
    rebuild();
}

void ParetoChartWidget::rebuild()
{
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->legend->clearItems();
    m_meetGraphs.clear();
    m_missGraphs.clear();
    m_labels.clear();
    m_labelLines.clear();
    m_labelPoints.clear();
    m_target = nullptr;
    m_targetLabel = nullptr;
    m_empty = nullptr;

    m_title->setText(m_data.title);
    m_title->setVisible(!m_data.title.isEmpty());
    wrapFootnote(width());
    m_footnote->setVisible(!m_data.footnote.isEmpty());
    m_plot->setAccessibleDescription(m_data.title);
    m_plot->xAxis->setLabel(m_data.xAxisLabel);
    m_plot->yAxis->setLabel(m_data.yAxisLabel);

    double xLow = qInf(), xHigh = 0.0, yLow = qInf(), yHigh = 0.0;
    auto include = [&](double x, double y) {
        xLow = std::min(xLow, x);
        xHigh = std::max(xHigh, x);
        yLow = std::min(yLow, y);
        yHigh = std::max(yHigh, y);
    };

    QVector<QPair<double, double>> front;
    for (int s = 0; s < m_data.series.size(); ++s) {
        const ParetoSeries &series = m_data.series.at(s);
        QCPGraph *meet = m_plot->addGraph();
        QCPGraph *miss = m_plot->addGraph();
        meet->setName(series.name);
        miss->removeFromLegend();
        for (QCPGraph *graph : {meet, miss}) {
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setSelectable(QCP::stNone);
        }
        for (int p = 0; p < series.points.size(); ++p) {
            const ParetoPoint &point = series.points.at(p);
            if (!plottable(point))
                continue;
            include(point.x, point.y);
            (point.meetsTarget ? meet : miss)->addData(point.x, point.y);
            if (point.onFront)
                front.append({point.x, point.y});
            if (point.chosen && !series.chosenLabel.isEmpty()) {
                auto *label = new QCPItemText(m_plot);
                label->setSelectable(false);
                label->setText(series.chosenLabel);
                label->setFont(ChartAxes::font(this, ChartView::kFootnotePointSize, true));
                label->setPadding(QMargins(3, 1, 3, 1));
                label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
                label->position->setType(QCPItemPosition::ptAbsolute);
                auto *line = new QCPItemLine(m_plot);
                line->setSelectable(false);
                // Over the points and the front's rings, which are drawn later on the main layer.
                label->setLayer(QStringLiteral("axes"));
                line->setLayer(QStringLiteral("axes"));
                for (QCPItemPosition *end : {line->start, line->end})
                    end->setType(QCPItemPosition::ptAbsolute);
                m_labels << label;
                m_labelLines << line;
                m_labelPoints << qMakePair(s, p);
            }
        }
        m_meetGraphs << meet;
        m_missGraphs << miss;
    }
    std::sort(front.begin(), front.end());

    m_frontLine = m_plot->addGraph();
    m_frontLine->setName(m_data.frontLabel);
    m_frontLine->setLineStyle(QCPGraph::lsStepLeft);
    m_frontLine->setSelectable(QCP::stNone);
    for (const auto &point : std::as_const(front))
        m_frontLine->addData(point.first, point.second);
    if (front.isEmpty() || m_data.frontLabel.isEmpty())
        m_frontLine->removeFromLegend();

    m_missLegend = m_plot->addGraph();
    m_missLegend->setName(m_data.missesLabel);
    m_missLegend->setLineStyle(QCPGraph::lsNone);
    m_missLegend->setSelectable(QCP::stNone);
    const bool anyMiss = std::any_of(m_missGraphs.cbegin(), m_missGraphs.cend(),
                                     [](const QCPGraph *graph) { return graph->dataCount() > 0; });
    if (!anyMiss || m_data.missesLabel.isEmpty())
        m_missLegend->removeFromLegend();

    if (m_data.xTarget && *m_data.xTarget > 0.0) {
        include(*m_data.xTarget, std::isfinite(yLow) ? yLow : 1.0);
        m_target = new QCPItemStraightLine(m_plot);
        m_target->setSelectable(false);
        m_target->point1->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_target->point2->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_target->point1->setCoords(*m_data.xTarget, 0.0);
        m_target->point2->setCoords(*m_data.xTarget, 1.0);
        m_targetLabel = new QCPItemText(m_plot);
        m_targetLabel->setSelectable(false);
        m_targetLabel->setText(m_data.xTargetLabel);
        m_targetLabel->setFont(ChartAxes::font(this, ChartView::kFootnotePointSize));
        m_targetLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_targetLabel->position->setCoords(*m_data.xTarget, 0.0);
        m_targetLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        m_targetLabel->setPadding(QMargins(2, 2, 4, 2));
    }

    if (!std::isfinite(xLow) || xHigh <= 0.0) {
        xLow = 1.0;
        xHigh = 10.0;
    }
    if (!std::isfinite(yLow) || yHigh <= 0.0) {
        yLow = 1.0;
        yHigh = 10.0;
    }
    const double xFrom = xLow / kMargin, xTo = std::max(xHigh * kMargin, xFrom * 4.0);
    const double yFrom = yLow / kMargin, yTo = std::max(yHigh * kMargin * 1.15, yFrom * 4.0);
    m_plot->xAxis->setRange(xFrom, xTo);
    m_plot->yAxis->setRange(yFrom, yTo);
    m_plot->xAxis->setTicker(ChartAxes::logTicks(xFrom, xTo, locale(), kMostTicks));
    m_plot->yAxis->setTicker(ChartAxes::logTicks(yFrom, yTo, locale(), kMostTicks));

    if (m_data.pointCount() == 0 && !m_data.emptyText.isEmpty()) {
        m_empty = new QCPItemText(m_plot);
        m_empty->setSelectable(false);
        m_empty->setText(m_data.emptyText);
        m_empty->setFont(ChartAxes::font(this, ChartView::kLabelPointSize));
        m_empty->position->setType(QCPItemPosition::ptAxisRectRatio);
        m_empty->position->setCoords(0.5, 0.5);
        m_empty->setPositionAlignment(Qt::AlignCenter);
    }
    applyColors(ChartColors::fromPalette(palette()));
    m_plot->replot();
}

void ParetoChartWidget::applyColors(const ChartColors &colors) const
{
    m_plot->setBackground(QBrush(colors.background));
    for (QCPAxis *axis : m_plot->axisRect()->axes()) {
        axis->setBasePen(QPen(colors.axis, 0));
        axis->setTickPen(QPen(colors.axis, 0));
        axis->setSubTickPen(QPen(colors.axis, 0));
        axis->setTickLabelColor(colors.text);
        axis->setLabelColor(colors.text);
        axis->grid()->setPen(QPen(colors.grid, 0, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    m_plot->legend->setBrush(QBrush(colors.background));
    m_plot->legend->setTextColor(colors.text);
    m_title->setTextColor(colors.text);
    m_footnote->setTextColor(colors.mutedText);

    for (int s = 0; s < m_meetGraphs.size(); ++s) {
        const QColor color = colors.visibleSeriesColor(ChartPalette::colorAt(s));
        m_meetGraphs.at(s)->setPen(QPen(color));
        // Filled where the point meets the target, hollow where it misses, in the series' own shape.
        const QCPScatterStyle::ScatterShape shape = shapeAt(s);
        m_meetGraphs.at(s)->setScatterStyle(
            QCPScatterStyle(shape, QPen(color, 1.5), QBrush(color), kPointSize));
        m_missGraphs.at(s)->setPen(QPen(color));
        m_missGraphs.at(s)->setScatterStyle(
            QCPScatterStyle(shape == QCPScatterStyle::ssDisc ? QCPScatterStyle::ssCircle : shape,
                            QPen(color, 1.5), QBrush(colors.background), kPointSize));
    }
    if (m_frontLine) {
        m_frontLine->setPen(QPen(colors.text, 1.5, Qt::DashLine));
        m_frontLine->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(colors.text, 1.5), Qt::NoBrush, kRingSize));
    }
    if (m_missLegend) {
        m_missLegend->setPen(QPen(colors.mutedText));
        m_missLegend->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(colors.mutedText, 1.5),
                                                      QBrush(colors.background), kPointSize));
    }
    QColor labelBackground = colors.background;
    labelBackground.setAlpha(220);
    for (int i = 0; i < m_labels.size(); ++i) {
        const int s = m_labelPoints.at(i).first;
        m_labels.at(i)->setColor(colors.text);
        m_labels.at(i)->setBrush(QBrush(labelBackground));
        m_labels.at(i)->setPen(QPen(colors.visibleSeriesColor(ChartPalette::colorAt(s)), 1.0));
        m_labelLines.at(i)->setPen(QPen(colors.mutedText, 1.0));
    }
    if (m_target)
        m_target->setPen(QPen(colors.text, 1.2, Qt::DashLine));
    if (m_targetLabel)
        m_targetLabel->setColor(colors.text);
    if (m_empty)
        m_empty->setColor(colors.mutedText);
}

void ParetoChartWidget::placeLabels()
{
    // Each label beside its point: to the right, above, below or to the left, the first place inside the
    // plot that covers no label placed before (labels of the lower points first); else moved down until it
    // is clear. A thin line joins a label that had to move away to its point.
    const QRectF area = QRectF(m_plot->axisRect()->rect()).adjusted(2, 2, -2, -2);
    QVector<int> order(m_labels.size());
    std::iota(order.begin(), order.end(), 0);
    QVector<QPointF> anchors(m_labels.size());
    for (int i = 0; i < m_labels.size(); ++i) {
        const auto [s, p] = m_labelPoints.at(i);
        const ParetoPoint &point = m_data.series.at(s).points.at(p);
        anchors[i] = QPointF(m_plot->xAxis->coordToPixel(point.x), m_plot->yAxis->coordToPixel(point.y));
    }
    std::sort(order.begin(), order.end(), [&](int a, int b) { return anchors[a].y() > anchors[b].y(); });
    QVector<QRectF> placed;
    const auto clear = [&](const QRectF &box) {
        return area.contains(box) &&
               std::none_of(placed.cbegin(), placed.cend(),
                            [&box](const QRectF &other) { return other.intersects(box); });
    };
    for (int i : std::as_const(order)) {
        QCPItemText *label = m_labels.at(i);
        const QFontMetricsF metrics(label->font());
        const QMarginsF padding = label->padding();
        const QSizeF size(metrics.horizontalAdvance(label->text()) + padding.left() + padding.right() + 2,
                          metrics.height() + padding.top() + padding.bottom() + 2);
        const QPointF a = anchors.at(i);
        const double w = size.width(), h = size.height(), gap = kRingSize / 2.0 + 3.0;
        const QVector<QPointF> corners{{a.x() + gap, a.y() - h / 2},       {a.x() + gap, a.y() - h - gap},
                                       {a.x() + gap, a.y() + gap},         {a.x() - gap - w, a.y() - h / 2},
                                       {a.x() - gap - w, a.y() - h - gap}, {a.x() - gap - w, a.y() + gap},
                                       {a.x() - w / 2, a.y() - h - gap},   {a.x() - w / 2, a.y() + gap}};
        QRectF box(corners.first(), size);
        bool found = false;
        for (const QPointF &corner : corners) {
            if (clear(QRectF(corner, size))) {
                box = QRectF(corner, size);
                found = true;
                break;
            }
        }
        if (!found) {
            // Inside the plot, then down (or up at the bottom) past the labels in the way.
            box.moveLeft(std::clamp(box.left(), area.left(), std::max(area.left(), area.right() - w)));
            box.moveTop(std::clamp(box.top(), area.top(), std::max(area.top(), area.bottom() - h)));
            for (int tries = 0; tries < 2 * placed.size() + 1 && !clear(box); ++tries) {
                const auto hit = std::find_if(placed.cbegin(), placed.cend(),
                                              [&box](const QRectF &other) { return other.intersects(box); });
                if (hit == placed.cend())
                    break;
                if (hit->top() - h - 2 >= area.top())
                    box.moveBottom(hit->top() - 2);
                else
                    box.moveTop(hit->bottom() + 2);
            }
        }
        placed << box;
        label->position->setCoords(box.topLeft());
        QCPItemLine *line = m_labelLines.at(i);
        const QPointF nearest(std::clamp(a.x(), box.left(), box.right()),
                              std::clamp(a.y(), box.top(), box.bottom()));
        line->start->setCoords(a);
        line->end->setCoords(nearest);
        line->setVisible(QLineF(a, nearest).length() > gap + 4.0);
    }
}

QPair<int, int> ParetoChartWidget::pointAt(const QPoint &pos) const
{
    const QPointF plotPos = m_plot->mapFrom(this, pos);
    double nearest = kPickRadius;
    QPair<int, int> found{-1, -1};
    for (int s = 0; s < m_data.series.size(); ++s) {
        const QVector<ParetoPoint> &points = m_data.series.at(s).points;
        for (int p = 0; p < points.size(); ++p) {
            if (!plottable(points.at(p)))
                continue;
            const QPointF pixel(m_plot->xAxis->coordToPixel(points.at(p).x),
                                m_plot->yAxis->coordToPixel(points.at(p).y));
            const double distance = QLineF(pixel, plotPos).length();
            if (distance <= nearest) {
                nearest = distance;
                found = {s, p};
            }
        }
    }
    return found;
}

QPoint ParetoChartWidget::pixelOf(int series, int point) const
{
    const ParetoPoint &p = m_data.series.at(series).points.at(point);
    const QPointF pixel(m_plot->xAxis->coordToPixel(p.x), m_plot->yAxis->coordToPixel(p.y));
    return m_plot->mapTo(this, pixel.toPoint());
}

QString ParetoChartWidget::toolTipAt(const QPoint &pos) const
{
    const auto [s, p] = pointAt(pos);
    return s < 0 ? QString() : m_data.series.at(s).points.at(p).toolTip;
}

void ParetoChartWidget::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const auto [s, p] = pointAt(m_plot->mapTo(this, event->position().toPoint()));
    if (s >= 0)
        emit pointClicked(m_data.series.at(s).id, m_data.series.at(s).points.at(p).candidate);
}

void ParetoChartWidget::onMouseMove(QMouseEvent *event)
{
    const QString text = toolTipAt(m_plot->mapTo(this, event->position().toPoint()));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void ParetoChartWidget::renderChart(QPainter &painter, const QSize &size) const
{
    PlotRender::toPainter(
        m_plot, painter, size,
        [this, &size] {
            applyColors(ChartColors::light());
            wrapFootnote(size.width());
        },
        [this] {
            applyColors(ChartColors::fromPalette(palette()));
            wrapFootnote(width());
        });
}

void ParetoChartWidget::wrapFootnote(int totalWidth) const
{
    // In lines of at most two thirds of the chart's width: one long line would widen the plot's column of
    // the layout and squeeze the legend beside it.
    m_footnote->setText(
        ChartTextFit::wrapped(m_data.footnote, m_footnote->font(), std::max(240, totalWidth * 2 / 3)));
}

void ParetoChartWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyColors(ChartColors::fromPalette(palette()));
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}
