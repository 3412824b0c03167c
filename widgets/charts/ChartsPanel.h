#pragma once

#include "widgets/charts/ChartData.h"

#include <QHash>
#include <QVector>
#include <QWidget>

class BarChartWidget;
class ChartView;
class LineChartWidget;
class QCheckBox;
class QComboBox;
class QPushButton;
class QStackedWidget;
class RadarChartWidget;
class StaleBanner;

// The Charts tab: a chooser of the prepared charts, the chart itself (grouped bars, the radar or lines,
// as each kind is marked), a "sparse figures" switch and an export button. It shows what it is given.
class ChartsPanel : public QWidget
{
    Q_OBJECT
public:
    struct Kind
    {
        QString id;    // "compute", "radar", ...
        QString title; // shown in the chooser
        bool radar = false;
        bool hasSparse = false; // the sparse switch applies to this chart
        bool lines = false;     // lines over a log-2 x axis in stacked panels (LineChartWidget)
    };

    explicit ChartsPanel(QWidget *parent = nullptr);

    void setKinds(const QVector<Kind> &kinds);
    void setChart(const QString &id, const ChartData &chart);
    // While a form field is invalid the charts keep their last valid data, dimmed under this note.
    void setStaleNote(const QString &note);
    QString staleNote() const;

    QString currentKind() const;
    void setCurrentKind(const QString &id);
    ChartView *currentView(); // up to date even while the panel is hidden (for export)

    bool showSparse() const;
    void setShowSparse(bool show);

    // The charts, given the current data first if it changed while the panel was hidden.
    BarChartWidget *barChart();
    RadarChartWidget *radarChart();
    LineChartWidget *lineChart();

signals:
    void currentKindChanged(const QString &id);
    void showSparseChanged(bool show);
    void exportRequested();
    // A bar or radar point with a link was clicked: series and category of the chart kind id.
    void pointClicked(const QString &kindId, int series, int category);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showCurrent();
    void showCurrentWhenVisible(); // now if on screen, else when shown or asked for
    void showCurrentIfStale();

    QVector<Kind> m_kinds;
    QHash<QString, ChartData> m_data;
    QComboBox *m_chooser;
    QCheckBox *m_sparse;
    QPushButton *m_export;
    QStackedWidget *m_stack;
    StaleBanner *m_staleNote;
    BarChartWidget *m_bars;
    RadarChartWidget *m_radar;
    LineChartWidget *m_lines;
    bool m_stale = true; // data or the chosen chart changed while hidden; nothing drawn yet
};
