#include "widgets/charts/BarChartWidget.h"

#include "widgets/charts/BarLegendItem.h"
#include "widgets/charts/ChartAxes.h"
#include "widgets/charts/ChartPalette.h"
#include "widgets/charts/ChartTextFit.h"
#include "widgets/charts/PlotRender.h"
#include "widgets/common/ValueFormat.h"

#include <QMap>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

namespace {

constexpr double kGroupWidth = 0.8; // share of a category slot covered by its bars
constexpr double kHeadroom = 1.15;  // value axis range above the tallest bar, room for its label
constexpr int kLabelGap = 2;        // pixels between neighbouring value labels

} // namespace

BarChartWidget::BarChartWidget(QWidget *parent)
    : ChartView(parent)
    , m_plot(new QCustomPlot(this))
    , m_title(new QCPTextElement(m_plot, QString(), ChartAxes::font(this, kTitlePointSize, true)))
    , m_footnote(new QCPTextElement(m_plot, QString(), ChartAxes::font(this, kFootnotePointSize)))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Bar chart"));
    m_plot->setMinimumSize(320, 240);

    // Layout: title on top, plot with the legend at its right, footnote below.
    QCPLayoutGrid *grid = m_plot->plotLayout();
    grid->insertRow(0);
    grid->addElement(0, 0, m_title);
    grid->addElement(2, 0, m_footnote);

    m_plot->setAutoAddPlottableToLegend(false); // applyData() adds a BarLegendItem per series
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(ChartAxes::font(this, kLabelPointSize));
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setMargins(QMargins(8, 8, 20, 8));
    m_title->setMargins(QMargins(4, 10, 4, 4));
    m_footnote->setMargins(QMargins(4, 4, 4, 8));
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto *side = new QCPLayoutGrid;
    grid->addElement(1, 1, side);
    side->addElement(0, 0, m_plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(m_plot));
    side->setRowStretchFactor(0, 0.001);
    side->setRowStretchFactor(1, 1.0);
    grid->setColumnStretchFactor(1, 0.001);

    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setTickLabelFont(ChartAxes::font(this, kLabelPointSize));
        axis->setLabelFont(ChartAxes::font(this, kLabelPointSize));
    }
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->xAxis->setTickLength(0, 4);
    m_plot->xAxis->setSubTicks(false);
    m_plot->yAxis->setNumberFormat(QStringLiteral("gb"));
    m_plot->setLocale(locale()); // tick labels group digits like the value labels

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &BarChartWidget::showToolTip);
    // A click on a bar selects the number it shows (pointClicked). QCustomPlot reports a click (press and
    // release without moving) on any plottable, selectable or not; which bar, or which part of a stacked
    // bar, comes from the same hit test as the tooltip.
    connect(m_plot, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable *, int, QMouseEvent *event) {
                if (event->button() == Qt::LeftButton)
                    clickAt(m_plot->mapTo(this, event->position().toPoint()));
            });
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (fitCategoryLabels()) {
            // The axis is taller or shorter now: laid out again before this replot draws (QCustomPlot::
            // updateLayout's phases), so the screen and an export draw the same from the same size.
            QCPLayoutGrid *plotLayout = m_plot->plotLayout();
            plotLayout->update(QCPLayoutElement::upPreparation);
            plotLayout->update(QCPLayoutElement::upMargins);
            plotLayout->update(QCPLayoutElement::upLayout);
        }
        updateValueLabelVisibility();
    });
    applyColors(screenColors());
}

BarChartWidget::~BarChartWidget() = default;

QList<QCPBars *> BarChartWidget::bars() const
{
    QList<QCPBars *> result;
    for (int i = 0; i < m_plot->plottableCount(); ++i)
        if (auto *bar = qobject_cast<QCPBars *>(m_plot->plottable(i)))
            result << bar;
    return result;
}

void BarChartWidget::setValueLabelsEnabled(bool enabled)
{
    m_valueLabelsEnabled = enabled;
    m_plot->replot();
}

void BarChartWidget::applyData()
{
    const ChartData &chart = data();
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_valueLabels.clear();
    m_missingLabels.clear();
    m_title->setText(chart.title);
    m_plot->setAccessibleDescription(chart.title);
    m_title->setVisible(!chart.title.isEmpty());
    m_footnote->setVisible(!chart.footnote.isEmpty());
    fitTextToWidth(width());

    const int seriesCount = static_cast<int>(chart.series.size());
    const int categoryCount = static_cast<int>(chart.categories.size());
    m_barWidth = chart.stacked || seriesCount == 0 ? kGroupWidth : kGroupWidth / seriesCount;

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int c = 0; c < categoryCount; ++c)
        ticker->addTick(c + 1, chart.categories.at(c));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(0.5, categoryCount + 0.5);
    m_plot->yAxis->setLabel(chart.valueAxisLabel);

    const QFont labelFont = ChartAxes::font(this, kFootnotePointSize);
    auto addLabel = [&](double key, double value, const QString &text) {
        auto *label = new QCPItemText(m_plot);
        label->setFont(labelFont);
        label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        label->setPadding(QMargins(0, 0, 0, 2));
        label->setSelectable(false);
        label->setText(text);
        label->position->setCoords(key, value);
        return label;
    };
    double maxValue = 0.0;
    if (chart.stacked) {
        // One bar per category, the series stacked in order; the total above the stack.
        QVector<double> totals(categoryCount, 0.0);
        QVector<bool> shown(categoryCount, false);
        for (const ChartSeries &series : chart.series)
            for (int c = 0; c < series.values.size() && c < categoryCount; ++c)
                shown[c] = shown[c] || series.values.at(c).has_value();
        QCPBars *below = nullptr;
        QList<QCPBars *> layers;
        for (const ChartSeries &series : chart.series) {
            auto *bar = new QCPBars(m_plot->xAxis, m_plot->yAxis);
            bar->setName(series.name);
            bar->setWidth(m_barWidth);
            bar->setSelectable(QCP::stNone);
            bar->setStackingGap(0);
            if (below)
                bar->moveAbove(below);
            for (int c = 0; c < categoryCount; ++c) {
                if (!shown.at(c))
                    continue;
                // A part missing from a shown bar adds nothing to it (never a gap in the stack).
                const double value = std::max(series.values.value(c).value_or(0.0), 0.0);
                bar->addData(c + 1, value);
                totals[c] += value;
            }
            below = bar;
            layers.prepend(bar);
        }
        for (QCPBars *bar : std::as_const(layers)) // the legend reads top to bottom, as the stack does
            m_plot->legend->addItem(new BarLegendItem(m_plot->legend, bar));
        for (int c = 0; c < categoryCount; ++c) {
            if (!shown.at(c)) {
                m_missingLabels << addLabel(c + 1, 0.0, tr("n/a"));
                continue;
            }
            maxValue = std::max(maxValue, totals.at(c));
            m_valueLabels << addLabel(c + 1, totals.at(c), ValueFormat::compact(totals.at(c)));
        }
    }
    for (int s = 0; s < seriesCount && !chart.stacked; ++s) {
        const ChartSeries &series = chart.series.at(s);
        auto *bar = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bar->setName(series.name);
        m_plot->legend->addItem(new BarLegendItem(m_plot->legend, bar));
        bar->setWidth(m_barWidth);
        bar->setSelectable(QCP::stNone);
        const double offset = (s - (seriesCount - 1) / 2.0) * m_barWidth;
        // The error bars follow the bars' data point by point; NaN where a value has no range.
        QVector<double> below;
        QVector<double> above;
        for (int c = 0; c < series.values.size() && c < categoryCount; ++c) {
            const double key = c + 1 + offset;
            if (!series.values.at(c)) {
                // Missing value: no bar (never a zero bar), and say so at the baseline.
                m_missingLabels << addLabel(key, 0.0, tr("n/a"));
                continue;
            }
            const double value = *series.values.at(c);
            bar->addData(key, value);
            const auto range = series.ranges.value(c);
            below << (range ? value - range->first : qQNaN());
            above << (range ? range->second - value : qQNaN());
            maxValue = std::max({maxValue, value, range ? range->second : value});
            // Above the error bar, where it has one.
            m_valueLabels << addLabel(key, std::max(range ? range->second : value, 0.0),
                                      ValueFormat::compact(value));
        }
        if (std::any_of(above.cbegin(), above.cend(), [](double e) { return !qIsNaN(e); })) {
            auto *errors = new QCPErrorBars(m_plot->xAxis, m_plot->yAxis);
            errors->removeFromLegend();
            errors->setSelectable(QCP::stNone);
            errors->setDataPlottable(bar);
            errors->setData(below, above);
            errors->setWhiskerWidth(8.0);
            errors->setSymbolGap(0.0); // a bar, not a marker: the line runs through its top
        }
    }
    m_plot->yAxis->setRange(0.0, maxValue > 0.0 ? maxValue * kHeadroom : 1.0);
    applyColors(screenColors());
    m_plot->replot();
}

void BarChartWidget::applyScreenColors()
{
    applyColors(screenColors());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BarChartWidget::applyColors(const ChartColors &colors) const
{
    m_plot->setBackground(QBrush(colors.background));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(colors.axis, 0));
        axis->setTickPen(QPen(colors.axis, 0));
        axis->setSubTickPen(QPen(colors.axis, 0));
        axis->setTickLabelColor(colors.text);
        axis->setLabelColor(colors.text);
    }
    m_plot->yAxis->grid()->setPen(QPen(colors.grid, 0, Qt::DotLine));
    m_plot->yAxis->grid()->setZeroLinePen(Qt::NoPen);
    for (int i = 0; i < m_plot->plottableCount(); ++i)
        if (auto *errors = qobject_cast<QCPErrorBars *>(m_plot->plottable(i)))
            errors->setPen(QPen(colors.text, 1.2));
    m_plot->legend->setBrush(QBrush(colors.background));
    m_plot->legend->setTextColor(colors.text);
    m_title->setTextColor(colors.text);
    m_footnote->setTextColor(colors.mutedText);
    for (QCPItemText *label : std::as_const(m_valueLabels))
        label->setColor(colors.text);
    for (QCPItemText *label : std::as_const(m_missingLabels))
        label->setColor(colors.mutedText);
    const QList<QCPBars *> all = bars();
    for (int s = 0; s < all.size() && s < data().series.size(); ++s) {
        const QColor series = data().series.at(s).color;
        const QColor color = colors.visibleSeriesColor(series.isValid() ? series : ChartPalette::colorAt(s));
        all.at(s)->setPen(QPen(color.darker(130)));
        all.at(s)->setBrush(QBrush(color, ChartPalette::brushStyleAt(s)));
    }
}

bool BarChartWidget::fitCategoryLabels()
{
    const QStringList &categories = data().categories;
    auto *ticker = dynamic_cast<QCPAxisTickerText *>(m_plot->xAxis->ticker().data());
    if (!ticker || categories.isEmpty())
        return false;
    const double slot = std::abs(m_plot->xAxis->coordToPixel(1.0) - m_plot->xAxis->coordToPixel(0.0));
    const QFontMetrics metrics(m_plot->xAxis->tickLabelFont());
    const int room = static_cast<int>(slot) - 2 * kLabelGap;
    QMap<double, QString> wrapped;
    bool slanted = false;
    for (int c = 0; c < categories.size(); ++c) {
        QStringList lines;
        for (const QString &word : categories.at(c).split(u' ', Qt::SkipEmptyParts)) {
            const QString joined = lines.isEmpty() ? word : lines.last() + u' ' + word;
            if (!lines.isEmpty() && metrics.horizontalAdvance(joined) <= room)
                lines.last() = joined;
            else
                lines << word;
            slanted = slanted || metrics.horizontalAdvance(word) > room;
        }
        wrapped.insert(c + 1, lines.join(u'\n'));
    }
    if (slanted) // a word wider than its slot: the names whole, on a slant
        for (int c = 0; c < categories.size(); ++c)
            wrapped.insert(c + 1, categories.at(c));
    const double rotation = slanted ? -30.0 : 0.0;
    if (wrapped == ticker->ticks() && m_plot->xAxis->tickLabelRotation() == rotation)
        return false;
    ticker->setTicks(wrapped);
    m_plot->xAxis->setTickLabelRotation(rotation);
    return true;
}

void BarChartWidget::updateValueLabelVisibility()
{
    // Value labels show while every label fits in its bar's slot; otherwise the tooltip carries the value.
    const double slot = std::abs(m_plot->xAxis->coordToPixel(m_barWidth) - m_plot->xAxis->coordToPixel(0.0));
    bool fit = m_valueLabelsEnabled;
    for (const QCPItemText *label : std::as_const(m_valueLabels)) {
        if (!fit)
            break;
        fit = QFontMetrics(label->font()).horizontalAdvance(label->text()) + kLabelGap <= slot;
    }
    for (QCPItemText *label : std::as_const(m_valueLabels))
        label->setVisible(fit);
    for (QCPItemText *label : std::as_const(m_missingLabels))
        label->setVisible(QFontMetrics(label->font()).horizontalAdvance(label->text()) + kLabelGap <= slot);
}

std::optional<ChartPoint> BarChartWidget::pointAt(const QPoint &pos) const
{
    const ChartData &chart = data();
    const QPoint plotPos = m_plot->mapFrom(this, pos);
    const QList<QCPBars *> all = bars();
    if (chart.stacked) {
        // The part under the pointer: walk up the stack of the bar's category.
        const int category = qRound(m_plot->xAxis->pixelToCoord(plotPos.x())) - 1;
        const double key = category + 1;
        const double half =
            std::abs(m_plot->xAxis->coordToPixel(key + m_barWidth / 2) - m_plot->xAxis->coordToPixel(key));
        if (category < 0 || category >= chart.categories.size() ||
            std::abs(plotPos.x() - m_plot->xAxis->coordToPixel(key)) > half)
            return std::nullopt;
        double base = 0.0;
        for (int s = 0; s < all.size() && s < chart.series.size(); ++s) {
            const auto it = all.at(s)->data()->findBegin(key - 0.25);
            if (it == all.at(s)->data()->constEnd() || std::abs(it->key - key) > 0.25)
                continue;
            const double top = base + it->value;
            if (it->value > 0.0 && plotPos.y() <= m_plot->yAxis->coordToPixel(base) &&
                plotPos.y() >= m_plot->yAxis->coordToPixel(top))
                return ChartPoint{s, category};
            base = top;
        }
        return std::nullopt;
    }
    for (int s = 0; s < all.size() && s < chart.series.size(); ++s) {
        for (auto it = all.at(s)->data()->constBegin(); it != all.at(s)->data()->constEnd(); ++it) {
            const double left = m_plot->xAxis->coordToPixel(it->key - m_barWidth / 2);
            const double right = m_plot->xAxis->coordToPixel(it->key + m_barWidth / 2);
            const double top = m_plot->yAxis->coordToPixel(std::max(it->value, 0.0));
            const double bottom = m_plot->yAxis->coordToPixel(std::min(it->value, 0.0));
            if (QRectF(QPointF(left, top), QPointF(right, bottom)).normalized().contains(plotPos))
                return ChartPoint{s,
                                  qRound(it->key - (s - (chart.series.size() - 1) / 2.0) * m_barWidth) - 1};
        }
    }
    return std::nullopt;
}

QString BarChartWidget::toolTipAt(const QPoint &pos) const
{
    const ChartData &chart = data();
    const std::optional<ChartPoint> point = pointAt(pos);
    if (!point)
        return {};
    const ChartSeries &series = chart.series.at(point->series);
    const double value = series.values.value(point->category).value_or(0.0);
    if (chart.stacked)
        return tr("%1\n%2: %3")
            .arg(chart.categories.value(point->category), series.name,
                 ValueFormat::withUnit(std::max(value, 0.0), chart.unit));
    return tr("%1\n%2: %3")
        .arg(series.name, chart.categories.value(point->category), ValueFormat::withUnit(value, chart.unit));
}

void BarChartWidget::showToolTip(QMouseEvent *event)
{
    const QPoint pos = m_plot->mapTo(this, event->position().toPoint());
    hoverAt(pos);
    const QString text = toolTipAt(pos);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void BarChartWidget::renderChart(QPainter &painter, const QSize &size) const
{
    PlotRender::toPainter(
        m_plot, painter, size,
        [&] {
            fitTextToWidth(size.width()); // legend share and footnote lines for the export's width
            applyColors(ChartColors::light());
        },
        [this] {
            applyColors(screenColors());
            fitTextToWidth(width());
        });
}

void BarChartWidget::resizeEvent(QResizeEvent *event)
{
    ChartView::resizeEvent(event);
    fitTextToWidth(width());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BarChartWidget::fitTextToWidth(int totalWidth) const
{
    ChartTextFit::fit(m_plot, m_footnote, data(), totalWidth);
}
