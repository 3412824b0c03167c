#pragma once

#include "widgets/charts/ParetoChartData.h"
#include "widgets/plan/PlanViewData.h"

#include <QWidget>

class ParetoChartWidget;
class PlanInputs;
class PlanTableModel;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

// The Plan tab: what the plan is for (a line naming the form's values it uses, or what to set there), the
// plan's own inputs, the search's progress with Cancel, the results table (one row per GPU type, cheapest
// first) and the cost-latency chart. It shows what it is given; clicking a row or a point asks for that
// configuration.
class PlanTab : public QWidget
{
    Q_OBJECT
public:
    explicit PlanTab(QWidget *parent = nullptr);

    PlanInputs *inputs() const { return m_inputs; }
    QTableView *table() const { return m_table; }
    PlanTableModel *model() const { return m_model; }
    QProgressBar *progressBar() const { return m_progress; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *problemsLabel() const { return m_problems; }
    ParetoChartWidget *chart(); // made when first shown or asked for

    // The workload the plan is for, in one line; hint: what to set in the form for a plan (empty: nothing).
    void setSummary(const QString &summary, const QString &hint);
    void setProblems(const QStringList &problems); // each in words; empty hides them
    void setProgress(const PlanProgress &progress);
    const PlanProgress &progress() const { return m_progressState; }
    QString progressText() const;
    void setTable(const PlanTableData &table);
    void setChart(const ParetoChartData &chart);
    const ParetoChartData &chartData() const { return m_chartData; }

signals:
    void cancelRequested();
    void rowClicked(const QString &gpuId);
    void pointClicked(const QString &gpuId, int candidate);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override; // the table's width: fit its columns

private:
    void applyProblemColors();
    void updateSpans(); // a GPU type without a plan: its reason across the value columns
    void fitColumns();  // every column as wide as its contents; layout and settings give way first

    QLabel *m_summary;
    QLabel *m_problems;
    PlanInputs *m_inputs;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    PlanTableModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
    QSplitter *m_columns;
    QSplitter *m_results;
    QWidget *m_chartArea;
    ParetoChartWidget *m_chart = nullptr;
    ParetoChartData m_chartData;
    PlanProgress m_progressState;
    bool m_sized = false; // the splitters are given their first sizes when first shown
};
