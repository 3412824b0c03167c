// The answer strip, the charts and the verdicts in the window: a GPU name in the strip, a bar, a radar
// point or a verdict reason selects the number in the Compare table and shows its math, as a click on
// the table cell does.

#include "tests/app/WindowFixture.h"
#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/ChartsPanel.h"
#include "widgets/charts/RadarChartWidget.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/compare/AnswerStrip.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/compare/MathPanel.h"
#include "widgets/compare/VerdictPanel.h"

#include <QLabel>
#include <QTabWidget>
#include <QTest>
#include <qcustomplot.h>

namespace {

const AnswerPart *linkTo(const AnswerLine &line, const QString &rowId)
{
    for (const AnswerPart &part : line.parts)
        if (part.isLink() && part.rowId == rowId)
            return &part;
    return nullptr;
}

} // namespace

class AnswerStripWindowTest : public WindowFixture
{
protected:
    void SetUp() override
    {
        WindowFixture::SetUp();
        m_window->resize(1600, 900);
        m_window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(m_window.get()));
        settle();
    }

    ComparisonTable *table() const { return m_window->comparisonTable(); }
    QString columnTitle(int column) const { return table()->comparison().columnTitles.value(column); }

    // The Charts tab in front with the chart of this kind, laid out.
    ChartView *showChart(const QString &kind)
    {
        m_window->tabs()->setCurrentWidget(m_window->chartsPanel());
        m_window->chartsPanel()->setCurrentKind(kind);
        QCoreApplication::processEvents();
        return m_window->chartsPanel()->currentView();
    }
};

TEST_F(AnswerStripWindowTest, TheStripAnswersOnTopAndItsNamesSelectTheirCells)
{
    AnswerStrip *strip = table()->answerStrip();
    ASSERT_TRUE(strip->isVisible());
    // Above the table, the answer first.
    EXPECT_LT(strip->geometry().bottom(), table()->view()->geometry().top() + 1);
    ASSERT_EQ(strip->answers().size(), 2);
    const AnswerLine &line = strip->answers().first();
    EXPECT_EQ(line.title, QStringLiteral("Inference"));
    EXPECT_EQ(strip->lineLabel(0)->toolTip(),
              m_window->comparison()->presentation().table().rows.isEmpty() ? QString() : line.detail);

    // The fastest GPU's name: its end-to-end throughput cell, and that number's math.
    const AnswerPart *fastest = linkTo(line, QStringLiteral("infer.throughput"));
    ASSERT_NE(fastest, nullptr);
    emit strip->lineLabel(0)->linkActivated(AnswerStrip::href(*fastest));
    EXPECT_EQ(table()->selectedColumn(), fastest->column);
    EXPECT_EQ(table()->selectedRowId(), QStringLiteral("infer.throughput"));
    EXPECT_EQ(columnTitle(fastest->column), fastest->text);
    EXPECT_EQ(m_window->mathPanel()->title(),
              QStringLiteral("End-to-end output, all GPUs, ") + fastest->text);
    EXPECT_FALSE(m_window->mathPanel()->terms().isEmpty());

    // The cheapest: its cost cell.
    const AnswerPart *cheapest = linkTo(line, QStringLiteral("cost.per-million"));
    ASSERT_NE(cheapest, nullptr);
    emit strip->lineLabel(0)->linkActivated(AnswerStrip::href(*cheapest));
    EXPECT_EQ(table()->selectedColumn(), cheapest->column);
    EXPECT_EQ(m_window->mathPanel()->title(),
              QStringLiteral("GPU cost per million output tokens, ") + cheapest->text);

    // A name of the other task's line: the same quantity in that GPU's column.
    const AnswerPart *other = linkTo(strip->answers().at(1), QString());
    ASSERT_NE(other, nullptr);
    emit strip->lineLabel(1)->linkActivated(AnswerStrip::href(*other));
    EXPECT_EQ(table()->selectedColumn(), other->column);
    EXPECT_EQ(table()->selectedRowId(), QStringLiteral("cost.per-million"));
}

TEST_F(AnswerStripWindowTest, ClickingABarShowsThatGpusNumberAndItsMath)
{
    auto *chart = qobject_cast<BarChartWidget *>(showChart(QStringLiteral("throughput")));
    ASSERT_NE(chart, nullptr);
    chart->plot()->replot();
    // The second GPU's end-to-end bar (series 1, category 1), clicked in its middle.
    QCPBars *bars = chart->bars().at(1);
    ASSERT_EQ(bars->dataCount(), 2);
    const auto point = bars->data()->at(1);
    const QPoint pos(qRound(chart->plot()->xAxis->coordToPixel(point->key)),
                     qRound(chart->plot()->yAxis->coordToPixel(point->value / 2)));
    QTest::mouseClick(chart->plot(), Qt::LeftButton, Qt::NoModifier, pos);
    EXPECT_EQ(table()->selectedRowId(), QStringLiteral("infer.throughput"));
    EXPECT_EQ(table()->selectedColumn(), 1);
    EXPECT_EQ(m_window->mathPanel()->title(),
              QStringLiteral("End-to-end output, all GPUs, ") + columnTitle(1));
    // The decode bar of the fourth GPU.
    const auto decode = chart->bars().at(3)->data()->at(0);
    QTest::mouseClick(chart->plot(), Qt::LeftButton, Qt::NoModifier,
                      QPoint(qRound(chart->plot()->xAxis->coordToPixel(decode->key)),
                             qRound(chart->plot()->yAxis->coordToPixel(decode->value / 2))));
    EXPECT_EQ(m_window->mathPanel()->title(), QStringLiteral("Decode, all GPUs, ") + columnTitle(3));
    // Away from the bars: nothing changes.
    QTest::mouseClick(chart->plot(), Qt::LeftButton, Qt::NoModifier, QPoint(3, 3));
    EXPECT_EQ(m_window->mathPanel()->title(), QStringLiteral("Decode, all GPUs, ") + columnTitle(3));
}

TEST_F(AnswerStripWindowTest, ClickingARadarPointShowsTheDatasheetFigureBehindIt)
{
    auto *radar = qobject_cast<RadarChartWidget *>(showChart(QStringLiteral("radar")));
    ASSERT_NE(radar, nullptr);
    const std::optional<QPointF> vertex = radar->vertexPosition(2, 1); // third GPU, memory axis
    ASSERT_TRUE(vertex.has_value());
    QTest::mouseClick(radar, Qt::LeftButton, Qt::NoModifier, vertex->toPoint());
    EXPECT_EQ(table()->selectedRowId(), QStringLiteral("spec.memory"));
    EXPECT_EQ(table()->selectedColumn(), 2);
    EXPECT_EQ(m_window->mathPanel()->title(), QStringLiteral("Memory, ") + columnTitle(2));
    ASSERT_FALSE(m_window->mathPanel()->terms().isEmpty());
    EXPECT_EQ(m_window->mathPanel()->terms().first().formula, QStringLiteral("datasheet value"));
}

TEST_F(AnswerStripWindowTest, ClickingAVerdictReasonShowsTheNumberItNames)
{
    VerdictPanel *verdicts = m_window->verdictPanel();
    // The inference workload's first reason of the second GPU: "fits: ... GB of ... GB per GPU".
    auto *reasons = qobject_cast<WrappedLabel *>(verdicts->reasonLabel(1, VerdictPanel::Task::Inference));
    ASSERT_NE(reasons, nullptr);
    ASSERT_TRUE(
        verdicts->reasonTexts(1, VerdictPanel::Task::Inference).first().startsWith(QStringLiteral("fits: ")));
    ASSERT_GT(reasons->height(), 0);
    const QPoint first(reasons->contentsRect().left() + 4, reasons->contentsRect().top() + 2);
    ASSERT_EQ(reasons->paragraphAt(first), 0);
    QTest::mouseClick(reasons, Qt::LeftButton, Qt::NoModifier, first);
    EXPECT_EQ(table()->selectedRowId(), QStringLiteral("fit.memory"));
    EXPECT_EQ(table()->selectedColumn(), 1);
    EXPECT_EQ(m_window->mathPanel()->title(), QStringLiteral("Memory needed per GPU, ") + columnTitle(1));

    // The training verdict judged another recipe, whose memory the table does not show: its fit reason
    // selects nothing.
    auto *training = qobject_cast<WrappedLabel *>(verdicts->reasonLabel(1, VerdictPanel::Task::Training));
    ASSERT_NE(training, nullptr);
    QTest::mouseClick(training, Qt::LeftButton, Qt::NoModifier,
                      QPoint(training->contentsRect().left() + 4, training->contentsRect().top() + 2));
    EXPECT_EQ(m_window->mathPanel()->title(), QStringLiteral("Memory needed per GPU, ") + columnTitle(1));
}
