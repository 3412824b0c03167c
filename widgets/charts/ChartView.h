#pragma once

#include "widgets/charts/ChartColors.h"
#include "widgets/charts/ChartData.h"
#include "widgets/charts/ExportableChart.h"

#include <QImage>
#include <QWidget>

class QPainter;

// The chart interface the window and the exporter talk to. A chart takes prepared ChartData and can paint
// itself onto any QPainter (screen, image, SVG, PDF) at any logical size, independently of its on-screen
// size.
class ChartView : public QWidget, public ExportableChart
{
    Q_OBJECT
public:
    explicit ChartView(QWidget *parent = nullptr);
    ~ChartView() override;

    void setData(const ChartData &data);
    const ChartData &data() const { return m_data; }

    // ExportableChart: the export paints with ChartColors::light() whatever the widget's palette.
    QString chartTitle() const override { return m_data.title; }

    // The colours the chart shows on screen, from the widget's palette (light or dark theme).
    ChartColors screenColors() const { return ChartColors::fromPalette(palette()); }

    // The point under pos (widget coordinates), if any; charts without clickable points have none.
    virtual std::optional<ChartPoint> pointAt(const QPoint &pos) const;
    // The point has a link (ChartSeries::links): clicking it selects the number it shows.
    bool isClickable(const ChartPoint &point) const;

    // Font sizes shared by the charts (points), chosen to stay readable at 1280x800.
    static constexpr int kTitlePointSize = 12;
    static constexpr int kLabelPointSize = 10;
    static constexpr int kFootnotePointSize = 9;

signals:
    void dataChanged();
    // The user clicked a point that has a link (see isClickable()).
    void pointClicked(int series, int category);

protected:
    // Called by setData() after data() holds the new data.
    virtual void applyData() = 0;
    // Called when the palette changes (theme switch): re-colour from screenColors().
    virtual void applyScreenColors() { update(); }
    void changeEvent(QEvent *event) override;
    // For the charts' mouse handlers: emits pointClicked() for a clickable point at pos, shows the
    // pointing hand over one while hovering.
    void clickAt(const QPoint &pos);
    void hoverAt(const QPoint &pos);

private:
    ChartData m_data;
};
