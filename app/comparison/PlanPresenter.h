#pragma once

#include "app/analysis/Plan.h"
#include "app/analysis/WorkloadRequest.h"
#include "db/CatalogueSnapshot.h"
#include "widgets/charts/ParetoChartData.h"
#include "widgets/plan/PlanViewData.h"

#include <QCoreApplication>
#include <QVector>
#include <optional>

// Turns the planner's answers (Plan.h), as they arrive one GPU type at a time, into what the Plan tab shows:
// the results table (cheapest first, the GPU types that cannot meet the target with the reason, those not
// searched yet last) and the cost-latency chart (every configuration tried, the Pareto front over all of
// them, each GPU type's answer labelled). Also the line that says what the plan is for, and the prices.
class PlanPresenter
{
    Q_DECLARE_TR_FUNCTIONS(PlanPresenter)
public:
    struct GpuType
    {
        QString id;
        QString name;
    };

    // A new search of these GPU types (listed in this order until answered) for this request.
    void start(const PlanRequest &request, const QVector<GpuType> &gpus);
    void add(const GpuPlan &plan);         // one GPU type's answer
    void finish(const PlanResult &result); // the whole result, ranked by the planner
    void clear();

    Task task() const { return m_task; }
    bool isTraining() const { return Tasks::isTraining(m_task); }
    const QVector<GpuPlan> &plans() const { return m_plans; } // answered so far, ranked
    int searched() const;

    PlanTableData table() const;
    ParetoChartData chart() const;

    // A configuration: the GPU type's answer (index -1) or the index-th configuration it tried; null when
    // there is none.
    const PlanCandidate *candidate(const QString &gpuId, int index = -1) const;

    // What the plan is for, in one line, and what to set in the form when something is missing.
    struct Summary
    {
        QString text;
        QString hint;
    };
    static Summary summary(const PlanRequest &request, const CatalogueSnapshot &catalogue);
    // The question the Plan tab asks for the values the form holds (WorkloadForm::heldRequest(), or a
    // scenario's request), picked GPUs and plan inputs (the window and the report both ask it this way).
    static PlanRequest request(WorkloadRequest held, const QStringList &pickedIds,
                               const PlanInputValues &inputs, const CatalogueSnapshot &catalogue);
    // The default price of each GPU type: the form's $ / GPU-hour when set, else the catalogue's.
    static QVector<PlanPriceRow> priceRows(const QStringList &gpuIds, const CatalogueSnapshot &catalogue,
                                           std::optional<double> formPrice);
    static QStringList problemTexts(const QVector<PlanProblem> &problems);
    // The chosen configuration's label on the chart: "H100 SXM5 80GB × 4".
    static QString chosenLabel(const QString &gpuName, const PlanCandidate &candidate);

private:
    QString nameOf(const GpuPlan &plan) const;
    PlanTableRow rowFor(const GpuPlan &plan, int rank) const;
    QString pointToolTip(const QString &gpuName, const PlanCandidate &candidate) const;
    std::optional<double> xOf(const PlanCandidate &candidate) const;
    std::optional<double> yOf(const PlanCandidate &candidate) const;
    static int bestIndex(const GpuPlan &plan); // the answer's index in tried; -1 when it is not there

    Task m_task = Task::Inference;
    QVector<GpuType> m_gpus;
    QVector<GpuPlan> m_plans;
    std::optional<double> m_xTarget; // TTFT p90 target (serving) or the deadline (training)
    int m_finalSearched = -1;        // the planner's count once finished
};
