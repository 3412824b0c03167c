#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/Workload.h"
#include "app/comparison/ChartKind.h"
#include "app/comparison/MeasuredEstimates.h"
#include "db/Benchmark.h"
#include "db/GpuSpec.h"
#include "widgets/charts/ChartData.h"
#include "widgets/compare/AnswerData.h"
#include "widgets/compare/ComparisonData.h"
#include "widgets/compare/MathTermView.h"
#include "widgets/compare/VerdictData.h"

#include <QCoreApplication>
#include <QHash>
#include <QVector>

// What the comparison shows, for the chosen GPUs and workload: the side-by-side table, the charts,
// the verdicts and the math behind every number. Built from catalogue records and estimates; the views
// render it as it is.
struct ComparisonInput
{
    QVector<GpuSpec> gpus;       // the chosen GPUs, in display order
    QVector<Estimate> estimates; // one per GPU, same order; empty when the workload is not valid
    QString workloadSummary;     // "Llama-3 8B, inference, bf16, batch 1, 1024 + 256 tokens, 1 GPU"
    QVector<Benchmark> measured; // catalogue measurements matching the workload (shown next to estimates)
    bool showSparse = false;     // add the sparse (2:4) tensor figures, labelled as such
    std::optional<ServingTraffic> traffic; // the load and its targets, when the estimates have serving
                                           // results
    // One per measured, same order: what each measured and the estimate for its own conditions; empty
    // when nobody compared them (each row then shows the measurement alone).
    QVector<MeasuredComparison> measuredEstimates;
};

class ComparisonPresentation
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonPresentation)
public:
    static ComparisonPresentation build(const ComparisonInput &input);

    const ComparisonData &table() const { return m_table; }
    const QVector<VerdictData> &verdicts() const { return m_verdicts; }
    // The answer strip's lines (AnswerSummary): one per task, from the same estimates.
    const QVector<AnswerLine> &answers() const { return m_answers; }
    // The workload each task's verdicts judged (the same for every GPU); empty without estimates.
    const QString &trainingRecipe() const { return m_trainingRecipe; }
    const QString &inferenceRecipe() const { return m_inferenceRecipe; }
    ChartData chart(ChartKind kind) const { return m_charts.value(kind); }

    // The terms behind the number in the table row rowId for GPU column gpuColumn. Estimates are made
    // without their math for speed; withMath is that GPU's estimate made again with it (see
    // needsEstimateMath()). A serving row (QuantityKind::Serving) shows the simulation's settings and
    // distribution.
    QString mathTitle(const QString &rowId, int gpuColumn) const;
    QVector<MathTermView> math(const QString &rowId, int gpuColumn, const Estimate *withMath = nullptr) const;
    static bool needsEstimateMath(const QString &rowId);
    // The math terms that explain the workload row rowId (those an estimate has are shown, in its order);
    // empty for the other rows: a datasheet row shows its source, a measured row every term.
    static QVector<MathTermId> mathTermsFor(const QString &rowId);
    // The mark before the estimate of a measured value far from it (the row's tooltip says why).
    static QString outlierMarker();
    // The heading of the datasheet rows, folded once a workload is estimated.
    static QString specSection();

private:
    void addSpecRows(const ComparisonInput &input);
    void addWorkloadRows(const ComparisonInput &input);
    void addServingRows(const ComparisonInput &input);
    void addTrainingRows(const ComparisonInput &input);
    static QString layoutText(const Parallelism &parallelism); // TP 2 x PP 4 x DP 8, CP 2
    static QString servingSection(const ServingResult &serving);
    QVector<MathTermView> servingMath(const QString &rowId, const Estimate &estimate) const;
    void addMeasuredRows(const ComparisonInput &input);
    void buildVerdicts(const ComparisonInput &input);
    // Per reason of a verdict, the table row that shows its number (VerdictData::trainingReasonRows);
    // judgedHere: the verdict judged the table's workload, not the other task's recipe.
    static QStringList reasonRows(const Verdict &verdict, const Estimate &estimate, bool judgedHere);

    ComparisonData m_table;
    QVector<VerdictData> m_verdicts;
    QVector<AnswerLine> m_answers;
    QString m_trainingRecipe;
    QString m_inferenceRecipe;
    QHash<ChartKind, ChartData> m_charts;
    QVector<GpuSpec> m_gpus;
    QVector<Estimate> m_estimates;
    QHash<QString, QString> m_specSources; // row id -> which catalogue field it shows
};
