// ComparisonRun is the Compare tab without the tab (the report uses it): for the window's GPUs, form values
// and catalogue it gives the presentation the window shows, measured rows included, and for any number the
// math the Math panel shows when that number is selected.
#include "app/comparison/ComparisonRun.h"

#include "app/comparison/ChartKind.h"
#include "tests/app/SeedSnapshotTest.h"
#include "tests/app/WindowFixture.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/charts/ChartsPanel.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/compare/MathPanel.h"
#include "widgets/workload/WorkloadForm.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <string>
#include <vector>

namespace {

std::string valuesText(const QVector<std::optional<double>> &values)
{
    QStringList texts;
    for (const std::optional<double> &value : values)
        texts << (value ? QString::number(*value, 'g', 17) : QStringLiteral("n/a"));
    return texts.join(u' ').toStdString();
}

// Every field of every row, one line a row, so that a difference names the row.
std::vector<std::string> tableLines(const ComparisonData &table)
{
    std::vector<std::string> lines{table.columnTitles.join(u'|').toStdString()};
    for (const ComparisonRow &row : table.rows)
        lines.push_back(QStringList{row.id, row.section, row.label, row.unit,
                                    QString::number(int(row.betterWhen)), QStringList(row.notes).join(u'|'),
                                    row.detail}
                            .join(u'|')
                            .toStdString() +
                        " = " + valuesText(row.values));
    return lines;
}

std::vector<std::string> verdictLines(const QVector<VerdictData> &verdicts)
{
    std::vector<std::string> lines;
    for (const VerdictData &v : verdicts)
        lines.push_back(QStringList{v.gpuName, QString::number(int(v.training)), v.trainingReasons.join(u'|'),
                                    QString::number(int(v.inference)), v.inferenceReasons.join(u'|')}
                            .join(u'|')
                            .toStdString());
    return lines;
}

std::vector<std::string> chartLines(const ChartData &chart)
{
    std::vector<std::string> lines{QStringList{chart.title, chart.valueAxisLabel, chart.unit,
                                               chart.categories.join(u'|'), chart.footnote}
                                       .join(u'|')
                                       .toStdString()};
    for (const ChartSeries &series : chart.series)
        lines.push_back(series.name.toStdString() + " = " + valuesText(series.values));
    return lines;
}

std::vector<std::string> mathLines(const QString &title, const QVector<MathTermView> &terms)
{
    std::vector<std::string> lines{title.toStdString()};
    for (const MathTermView &term : terms)
        lines.push_back(
            QStringList{term.name, term.formula, term.substituted, term.unit}.join(u'|').toStdString() +
            " = " + valuesText({term.value}));
    return lines;
}

WorkloadRequest trainingValues()
{
    WorkloadRequest values;
    values.task = Task::Training;
    values.sequenceLength = 4096;
    values.gpus = 8;
    return values;
}

WorkloadRequest servingValues()
{
    WorkloadRequest values;
    values.modelId = QStringLiteral("llama-3.1-8b");
    values.inputTokens = 2000;
    values.outputTokens = 400;
    values.concurrency = 32;
    values.ttftP90Ms = 1000.0;
    values.tpotP90Ms = 40.0;
    return values;
}

} // namespace

TEST_F(WindowFixture, ComparisonRunPresentsWhatTheCompareTabShows)
{
    m_window->chartsPanel()->setShowSparse(true);
    for (const WorkloadRequest &values : {WorkloadRequest(), trainingValues(), servingValues()}) {
        SCOPED_TRACE(Tasks::name(values.task.value_or(Task::Inference)).toStdString() +
                     (values.concurrency ? " under load" : ""));
        m_window->workloadForm()->setRequest(values);
        settle();
        const ComparisonRun run(m_window->gpuPicker()->checkedIds(), m_window->workloadForm()->request(),
                                m_window->comparison()->catalogue(), m_window->chartsPanel()->showSparse());
        ASSERT_TRUE(run.workload().isValid());
        const ComparisonPresentation &shown = m_window->comparison()->presentation();
        EXPECT_EQ(tableLines(run.presentation().table()),
                  tableLines(m_window->comparisonTable()->comparison()));
        EXPECT_EQ(verdictLines(run.presentation().verdicts()), verdictLines(shown.verdicts()));
        EXPECT_EQ(run.presentation().trainingRecipe(), shown.trainingRecipe());
        EXPECT_EQ(run.presentation().inferenceRecipe(), shown.inferenceRecipe());
        for (const ChartKind kind : ChartKinds::all())
            EXPECT_EQ(chartLines(run.presentation().chart(kind)), chartLines(shown.chart(kind)))
                << ChartKinds::id(kind).toStdString();
    }
}

TEST_F(WindowFixture, ComparisonRunExplainsEachNumberAsTheMathPanelDoes)
{
    for (const WorkloadRequest &values : {WorkloadRequest(), trainingValues()}) {
        SCOPED_TRACE(Tasks::name(values.task.value_or(Task::Inference)).toStdString());
        m_window->workloadForm()->setRequest(values);
        settle();
        const ComparisonRun run(m_window->gpuPicker()->checkedIds(), m_window->workloadForm()->request(),
                                m_window->comparison()->catalogue(), m_window->chartsPanel()->showSparse());
        const ComparisonData &table = run.presentation().table();
        ASSERT_FALSE(table.rows.isEmpty());
        for (const ComparisonRow &row : table.rows) {
            for (int column = 0; column < table.columnTitles.size(); ++column) {
                ASSERT_TRUE(m_window->comparisonTable()->selectCell(row.id, column)) << row.id.toStdString();
                const MathPanel *panel = m_window->mathPanel();
                const ComparisonMath math = run.math(row.id, column);
                EXPECT_EQ(mathLines(math.title, math.terms), mathLines(panel->title(), panel->terms()))
                    << row.id.toStdString() << " column " << column;
            }
        }
    }
}

class ComparisonRunTest : public SeedSnapshotTest
{
};

TEST_F(ComparisonRunTest, ComparesTheCatalogueGpusAskedForWithTheirMeasurements)
{
    // The RTX 4090 has llama.cpp runs of the default model (Llama-3 8B) in the seed.
    const QStringList ids{QStringLiteral("rtx_4090_24gb"), QStringLiteral("no_such_gpu"),
                          QStringLiteral("h100_sxm5_80gb")};
    const ComparisonRun run(ids, WorkloadFormLayout::sent({}), m_snapshot, false);
    ASSERT_EQ(run.gpus().size(), 2);
    EXPECT_EQ(run.gpus().at(0).gpuId, ids.at(0));
    EXPECT_EQ(run.gpus().at(1).gpuId, ids.at(2));
    EXPECT_EQ(run.presentation().table().columnTitles.size(), 2);

    // The catalogue's benchmarks of this model add rows that a run without them lacks.
    const ComparisonRun unmeasured(ids, WorkloadFormLayout::sent({}), m_snapshot, false, BenchmarkMatcher());
    EXPECT_GT(run.presentation().table().rows.size(), unmeasured.presentation().table().rows.size());

    // A workload that cannot be estimated still compares the specs, and says why at its field.
    WorkloadRequest invalid;
    invalid.tensorParallel = 3;
    const ComparisonRun specsOnly(ids, WorkloadFormLayout::sent(invalid), m_snapshot, false);
    EXPECT_FALSE(specsOnly.workload().isValid());
    EXPECT_FALSE(specsOnly.workload().errors.isEmpty());
    EXPECT_FALSE(specsOnly.presentation().table().rows.isEmpty());
    EXPECT_TRUE(specsOnly.presentation().verdicts().isEmpty());
}

// Issue 56: a system picked in the form compares its GPU as it sits there (72 per NVLink domain in a
// GB200 NVL72 rack, the rack's list price over its GPUs), in place of the GPUs picked, as `estimate
// --system` does: the same request through ComparisonRun gives the window's table.
TEST_F(WindowFixture, ASystemPickedInTheFormComparesItsGpuAsItSitsThere)
{
    WorkloadRequest values;
    values.systemId = QStringLiteral("gb200_nvl72");
    m_window->workloadForm()->setRequest(values);
    settle();
    const WorkloadRequest held = m_window->workloadForm()->request();
    ASSERT_EQ(held.systemId, QStringLiteral("gb200_nvl72"));
    const ComparisonRun run(m_window->gpuPicker()->checkedIds(), held, m_window->comparison()->catalogue(),
                            m_window->chartsPanel()->showSparse());
    ASSERT_EQ(run.gpus().size(), 1);
    EXPECT_EQ(run.gpus().first().gpuId, QStringLiteral("gb200_nvl72_186gb"));
    EXPECT_EQ(run.gpus().first().gpusPerNode, 72);
    ASSERT_TRUE(run.gpus().first().priceUsd);
    EXPECT_NEAR(*run.gpus().first().priceUsd, 3.1e6 / 72.0, 1e-6);
    EXPECT_EQ(m_window->comparisonTable()->comparison().columnTitles.size(), 1);
    EXPECT_EQ(tableLines(run.presentation().table()), tableLines(m_window->comparisonTable()->comparison()));

    values.systemId.reset(); // back to the GPUs picked
    m_window->workloadForm()->setRequest(values);
    settle();
    EXPECT_GT(m_window->comparisonTable()->comparison().columnTitles.size(), 1);
}
