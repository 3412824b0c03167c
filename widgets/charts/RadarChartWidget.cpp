#include "widgets/charts/RadarChartWidget.h"

#include "widgets/charts/ChartPalette.h"
#include "widgets/common/ValueFormat.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

constexpr int kMargin = 12;
constexpr int kSwatch = 12;      // legend sample height
constexpr int kSampleWidth = 24; // legend sample width: long enough to show a dash pattern
constexpr int kLegendGap = 6;
constexpr int kLabelOffset = 8;
constexpr double kRings[] = {0.25, 0.5, 0.75, 1.0};
constexpr double kHitRadius = 8.0;
constexpr double kMinRadius = 10.0;

QFont chartFont(const QFont &base, int pointSize, bool bold = false)
{
    QFont font = base;
    font.setPointSize(pointSize);
    font.setBold(bold);
    return font;
}

QColor seriesColor(const ChartSeries &series, int index)
{
    return series.color.isValid() ? series.color : ChartPalette::colorAt(index);
}

double clamp01(double value)
{
    return std::isfinite(value) ? std::clamp(value, 0.0, 1.0) : 0.0;
}

} // namespace

struct RadarChartWidget::Layout
{
    QFont titleFont;
    QFont subtitleFont;
    QFont labelFont;
    QFont footnoteFont;
    QRectF titleRect;
    QRectF subtitleRect;
    QRectF footnoteRect;
    QRectF legendRect;
    QVector<QRectF> legendRows;
    QPointF center;
    double radius = 0.0;
    QVector<QRectF> axisLabelRects;
    QVector<int> axisLabelFlags;

    double angle(int axis, int count) const
    {
        // First axis straight up, then clockwise.
        return -std::numbers::pi / 2 + 2 * std::numbers::pi * axis / std::max(count, 1);
    }
    QPointF point(int axis, int count, double value) const
    {
        const double a = angle(axis, count);
        return center + QPointF(std::cos(a), std::sin(a)) * (radius * value);
    }
};

RadarChartWidget::RadarChartWidget(QWidget *parent)
    : ChartView(parent)
{
    setAccessibleName(tr("Radar chart"));
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setMouseTracking(true);
}

RadarChartWidget::~RadarChartWidget() = default;

void RadarChartWidget::applyData()
{
    setAccessibleDescription(data().title);
    update();
}

QString RadarChartWidget::legendText(int series) const
{
    const ChartData &chart = data();
    const ChartSeries &s = chart.series.at(series);
    QStringList missing;
    for (int c = 0; c < chart.categories.size(); ++c)
        if (c >= s.values.size() || !s.values.at(c))
            missing << chart.categories.at(c);
    if (missing.isEmpty())
        return s.name;
    return tr("%1 (n/a: %2)").arg(s.name, missing.join(QStringLiteral(", ")));
}

QStringList RadarChartWidget::legendTexts() const
{
    QStringList texts;
    for (int s = 0; s < data().series.size(); ++s)
        texts << legendText(s);
    return texts;
}

RadarChartWidget::Layout RadarChartWidget::layoutFor(const QSize &size, const QPaintDevice *device) const
{
    const ChartData &chart = data();
    Layout layout;
    layout.titleFont = chartFont(font(), kTitlePointSize, true);
    layout.subtitleFont = chartFont(font(), kLabelPointSize);
    layout.labelFont = chartFont(font(), kLabelPointSize, true);
    layout.footnoteFont = chartFont(font(), kFootnotePointSize);
    // Measure with the target device's resolution so screen, image, SVG and PDF lay out alike.
    const QFontMetricsF titleMetrics(layout.titleFont, device);
    const QFontMetricsF subtitleMetrics(layout.subtitleFont, device);
    const QFontMetricsF labelMetrics(layout.labelFont, device);
    const QFontMetricsF footnoteMetrics(layout.footnoteFont, device);

    QRectF area = QRectF(QPointF(0, 0), QSizeF(size)).adjusted(kMargin, kMargin, -kMargin, -kMargin);
    if (!chart.title.isEmpty()) {
        layout.titleRect = QRectF(area.left(), area.top(), area.width(), titleMetrics.height());
        area.setTop(layout.titleRect.bottom() + 2);
    }
    if (!chart.valueAxisLabel.isEmpty()) {
        layout.subtitleRect = QRectF(area.left(), area.top(), area.width(), subtitleMetrics.height());
        area.setTop(layout.subtitleRect.bottom() + 4);
    }
    if (!chart.footnote.isEmpty()) {
        const double h = footnoteMetrics.boundingRect(area, Qt::TextWordWrap, chart.footnote).height();
        layout.footnoteRect = QRectF(area.left(), area.bottom() - h, area.width(), h);
        area.setBottom(layout.footnoteRect.top() - 4);
    }

    // Legend at the right, rows top-aligned with the plot.
    double legendWidth = 0;
    const QStringList texts = legendTexts();
    const double maxLegendText = area.width() * 0.35;
    for (const QString &text : texts)
        legendWidth = std::max(legendWidth, std::min(subtitleMetrics.horizontalAdvance(text), maxLegendText));
    if (!texts.isEmpty()) {
        legendWidth += kSampleWidth + kLegendGap;
        double y = area.top() + kMargin;
        for (const QString &text : texts) {
            const double h = std::max<double>(
                kSwatch, subtitleMetrics
                             .boundingRect(QRectF(0, 0, legendWidth - kSampleWidth - kLegendGap, 10000),
                                           Qt::TextWordWrap, text)
                             .height());
            layout.legendRows << QRectF(area.right() - legendWidth, y, legendWidth, h);
            y += h + kLegendGap;
        }
        layout.legendRect = QRectF(area.right() - legendWidth, area.top(), legendWidth, y - area.top());
        area.setRight(area.right() - legendWidth - 2 * kMargin);
    }

    // The largest radius at which every axis label still fits in the plot area (bisection).
    const int count = static_cast<int>(chart.categories.size());
    layout.center = area.center();
    QVector<QSizeF> labelSizes;
    for (const QString &category : chart.categories)
        labelSizes << labelMetrics.size(0, category);
    auto placeLabels = [&](double r) {
        layout.radius = r;
        layout.axisLabelRects.clear();
        layout.axisLabelFlags.clear();
        bool fits = true;
        for (int c = 0; c < count; ++c) {
            const QSizeF textSize = labelSizes.at(c);
            const double a = layout.angle(c, count);
            const QPointF anchor = layout.center + QPointF(std::cos(a), std::sin(a)) * (r + kLabelOffset);
            QRectF rect(QPointF(0, 0), textSize);
            int flags = 0;
            if (std::cos(a) > 0.3) {
                rect.moveLeft(anchor.x());
                flags |= Qt::AlignLeft;
            } else if (std::cos(a) < -0.3) {
                rect.moveRight(anchor.x());
                flags |= Qt::AlignRight;
            } else {
                rect.moveLeft(anchor.x() - textSize.width() / 2);
                flags |= Qt::AlignHCenter;
            }
            if (std::sin(a) > 0.3)
                rect.moveTop(anchor.y());
            else if (std::sin(a) < -0.3)
                rect.moveBottom(anchor.y());
            else
                rect.moveTop(anchor.y() - textSize.height() / 2);
            layout.axisLabelRects << rect;
            layout.axisLabelFlags << (flags | Qt::AlignVCenter);
            fits = fits && area.contains(rect);
        }
        return fits;
    };
    double low = kMinRadius;
    double high = std::max(kMinRadius, std::min(area.width(), area.height()) / 2);
    if (placeLabels(high)) {
        low = high;
    } else {
        while (high - low > 0.5) {
            const double mid = (low + high) / 2;
            (placeLabels(mid) ? low : high) = mid;
        }
    }
    placeLabels(low);
    return layout;
}

void RadarChartWidget::renderChart(QPainter &painter, const QSize &size) const
{
    paintChart(painter, size, ChartColors::light());
}

void RadarChartWidget::paintChart(QPainter &painter, const QSize &size, const ChartColors &colors) const
{
    const ChartData &chart = data();
    const Layout layout = layoutFor(size, painter.device());
    const int count = static_cast<int>(chart.categories.size());
    const QColor &text = colors.text;
    const QColor &muted = colors.mutedText;
    const QColor &grid = colors.grid;

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), colors.background);

    if (!layout.titleRect.isEmpty()) {
        painter.setFont(layout.titleFont);
        painter.setPen(text);
        painter.drawText(layout.titleRect, Qt::AlignHCenter | Qt::AlignVCenter, chart.title);
    }
    if (!layout.subtitleRect.isEmpty()) {
        painter.setFont(layout.subtitleFont);
        painter.setPen(muted);
        painter.drawText(layout.subtitleRect, Qt::AlignHCenter | Qt::AlignVCenter, chart.valueAxisLabel);
    }

    // Web: rings at quarter steps and one spoke per axis.
    if (count >= 1) {
        painter.setBrush(Qt::NoBrush);
        for (double ring : kRings) {
            QPolygonF polygon;
            for (int c = 0; c < count; ++c)
                polygon << layout.point(c, count, ring);
            painter.setPen(QPen(grid, ring == 1.0 ? 1.5 : 1.0, ring == 1.0 ? Qt::SolidLine : Qt::DashLine));
            if (count >= 3)
                painter.drawPolygon(polygon);
        }
        painter.setPen(QPen(grid, 1.0));
        for (int c = 0; c < count; ++c)
            painter.drawLine(layout.center, layout.point(c, count, 1.0));

        // Ring values along the first spoke; the outer ring's "1" would collide with the first axis label.
        painter.setFont(layout.footnoteFont);
        painter.setPen(muted);
        for (double ring : kRings) {
            if (ring == 1.0)
                continue;
            const QPointF p = layout.point(0, count, ring);
            painter.drawText(QRectF(p.x() + 4, p.y() - 16, 60, 16), Qt::AlignLeft | Qt::AlignBottom,
                             ValueFormat::number(ring));
        }

        painter.setFont(layout.labelFont);
        painter.setPen(text);
        for (int c = 0; c < count; ++c)
            painter.drawText(layout.axisLabelRects.at(c), layout.axisLabelFlags.at(c),
                             chart.categories.at(c));
    }

    // One polygon per series.
    const int fillAlpha = chart.series.size() <= 5 ? 40 : chart.series.size() <= 10 ? 20 : 0;
    for (int s = 0; s < chart.series.size(); ++s) {
        const ChartSeries &series = chart.series.at(s);
        const QColor color = colors.visibleSeriesColor(seriesColor(series, s));
        QVector<std::optional<QPointF>> points;
        bool complete = true;
        for (int c = 0; c < count; ++c) {
            if (c < series.values.size() && series.values.at(c))
                points << layout.point(c, count, clamp01(*series.values.at(c)));
            else {
                points << std::nullopt;
                complete = false;
            }
        }
        // Fills fade as series multiply; past ten only outlines stay readable.
        QColor fill = color;
        fill.setAlpha(fillAlpha);
        painter.setPen(QPen(color, 2.0, ChartPalette::penStyleAt(s)));
        if (complete && count >= 3) {
            QPolygonF polygon;
            for (const auto &p : points)
                polygon << *p;
            painter.setBrush(fillAlpha > 0 ? QBrush(fill) : QBrush(Qt::NoBrush));
            painter.drawPolygon(polygon);
        } else {
            for (int c = 0; c < count && count >= 2; ++c) {
                const auto &a = points.at(c);
                const auto &b = points.at((c + 1) % count);
                if (a && b)
                    painter.drawLine(*a, *b);
            }
        }
        painter.setBrush(color);
        painter.setPen(QPen(colors.background, 1.0));
        for (const auto &p : points)
            if (p)
                painter.drawEllipse(*p, 3.5, 3.5);
    }

    // Legend.
    painter.setFont(layout.subtitleFont);
    for (int s = 0; s < chart.series.size() && s < layout.legendRows.size(); ++s) {
        const QRectF row = layout.legendRows.at(s);
        const QColor color = colors.visibleSeriesColor(seriesColor(chart.series.at(s), s));
        // A line sample in the series' colour and dash pattern, over a light swatch of its fill.
        QColor fill = color;
        fill.setAlpha(60);
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawRect(QRectF(row.left(), row.top() + 2, kSampleWidth, kSwatch));
        painter.setPen(QPen(color, 2.5, ChartPalette::penStyleAt(s), Qt::FlatCap));
        painter.drawLine(QPointF(row.left(), row.top() + 2 + kSwatch / 2.0),
                         QPointF(row.left() + kSampleWidth, row.top() + 2 + kSwatch / 2.0));
        painter.setPen(text);
        painter.drawText(row.adjusted(kSampleWidth + kLegendGap, 0, 0, 0),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, legendText(s));
    }

    if (!layout.footnoteRect.isEmpty()) {
        painter.setFont(layout.footnoteFont);
        painter.setPen(muted);
        painter.drawText(layout.footnoteRect, Qt::AlignLeft | Qt::TextWordWrap, chart.footnote);
    }
    painter.restore();
}

void RadarChartWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintChart(painter, size(), screenColors());
}

QPointF RadarChartWidget::center() const
{
    return layoutFor(size(), this).center;
}

double RadarChartWidget::radius() const
{
    return layoutFor(size(), this).radius;
}

std::optional<QPointF> RadarChartWidget::vertexPosition(int series, int axis) const
{
    const ChartData &chart = data();
    if (series < 0 || series >= chart.series.size() || axis < 0 || axis >= chart.categories.size())
        return std::nullopt;
    const auto &values = chart.series.at(series).values;
    if (axis >= values.size() || !values.at(axis))
        return std::nullopt;
    return layoutFor(size(), this)
        .point(axis, static_cast<int>(chart.categories.size()), clamp01(*values.at(axis)));
}

std::optional<ChartPoint> RadarChartWidget::pointAt(const QPoint &pos) const
{
    const ChartData &chart = data();
    const Layout layout = layoutFor(size(), this);
    const int count = static_cast<int>(chart.categories.size());
    double best = kHitRadius;
    std::optional<ChartPoint> nearest;
    for (int s = 0; s < chart.series.size(); ++s) {
        const auto &values = chart.series.at(s).values;
        for (int c = 0; c < count && c < values.size(); ++c) {
            if (!values.at(c))
                continue;
            const QPointF d = layout.point(c, count, clamp01(*values.at(c))) - QPointF(pos);
            const double distance = std::hypot(d.x(), d.y());
            if (distance <= best) {
                best = distance;
                nearest = ChartPoint{s, c};
            }
        }
    }
    return nearest;
}

QString RadarChartWidget::toolTipAt(const QPoint &pos) const
{
    const ChartData &chart = data();
    const std::optional<ChartPoint> point = pointAt(pos);
    if (!point)
        return {};
    const ChartSeries &series = chart.series.at(point->series);
    return tr("%1\n%2: %3")
        .arg(series.name, chart.categories.at(point->category),
             ValueFormat::withUnit(series.values.at(point->category).value_or(0.0), chart.unit));
}

void RadarChartWidget::mouseMoveEvent(QMouseEvent *event)
{
    hoverAt(event->position().toPoint());
    ChartView::mouseMoveEvent(event);
}

void RadarChartWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        clickAt(event->position().toPoint());
    ChartView::mouseReleaseEvent(event);
}

bool RadarChartWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return ChartView::event(event);
}
