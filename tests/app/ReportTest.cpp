// Export Report as a reader relies on it: the PDF's text and the HTML hold the GPUs, the headline numbers as
// the window's comparison table shows them, a source's address and the page footer; the HTML is one file
// with its charts inside; a report lists what changed since the scenario was saved; a failed write names the
// file. Also the example scenario in the repository (resources/scenarios/seed-article.gpuc).
#include "app/analysis/Estimator.h"
#include "app/analysis/WorkloadResolver.h"
#include "app/comparison/ComparisonPresenter.h"
#include "app/report/ReportBuilder.h"
#include "app/report/ReportExporter.h"
#include "app/report/ReportLinks.h"
#include "app/scenario/ScenarioCatalogue.h"
#include "app/scenario/ScenarioFile.h"
#include "app/window/AppSettings.h"
#include "tests/app/SeedSnapshotTest.h"
#include "widgets/compare/ComparisonTableModel.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <gtest/gtest.h>

namespace {

const QString kSeedArticleScenario =
    QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/scenarios/seed-article.gpuc");

// The example: the seed article's five GPUs serving Llama-3.1 8B chat to 32 users (2,000-token prompts,
// 400-token answers) with p90 targets of 1 s to the first token and 40 ms per token, as the window's form
// holds it.
WorkloadRequest seedArticleWorkload()
{
    WorkloadRequest values;
    values.modelId = QStringLiteral("llama-3.1-8b");
    values.task = Task::Inference;
    values.inputTokens = 2000;
    values.outputTokens = 400;
    values.concurrency = 32;
    values.ttftP90Ms = 1000.0;
    values.tpotP90Ms = 40.0;
    return WorkloadFormLayout::sent(values);
}

PlanInputValues seedArticlePlan()
{
    PlanInputValues plan;
    plan.precisions = {QStringLiteral("bf16"), QStringLiteral("fp8")};
    return plan;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The PDF's text as a reader's search finds it (poppler's pdftotext).
QString pdfText(const QString &path)
{
    const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    EXPECT_FALSE(tool.isEmpty())
        << "pdftotext is missing: bash packaging/install-deps.sh installs poppler-utils";
    QProcess process;
    process.start(tool, {QStringLiteral("-enc"), QStringLiteral("UTF-8"), path, QStringLiteral("-")});
    EXPECT_TRUE(process.waitForFinished(60000));
    EXPECT_EQ(process.exitCode(), 0) << process.readAllStandardError().toStdString();
    return QString::fromUtf8(process.readAllStandardOutput());
}

class ReportTest : public SeedSnapshotTest
{
protected:
    Scenario seedArticle() const
    {
        return ScenarioCatalogue::capture(AppSettings::defaultGpuIds(), seedArticleWorkload(),
                                          seedArticlePlan(), m_snapshot, QString());
    }

    // The numbers a reader looks for, each as the window's comparison table shows it (without the best
    // value's star and the cell's note), from the presenter for the same request.
    QStringList headlineNumbers(const Scenario &scenario) const
    {
        const ResolvedWorkload resolved = WorkloadResolver::resolve(scenario.workload, m_snapshot);
        EXPECT_TRUE(resolved.isValid());
        ComparisonInput input;
        for (const QString &id : scenario.gpuIds)
            input.gpus << *m_snapshot.findGpu(id);
        input.estimates = Estimator::estimateAll(input.gpus, resolved);
        input.traffic = resolved.workload->traffic;
        const ComparisonPresentation presentation = ComparisonPresentation::build(input);
        ComparisonTableModel model;
        model.setComparison(presentation.table());
        QStringList numbers;
        for (const char *id : {"serve.ttft.p90", "serve.tpot.p90", "serve.throughput", "cost.per-million"}) {
            const int row = model.modelRowFor(QString::fromLatin1(id));
            EXPECT_GE(row, 0) << id;
            for (int column = 0; row >= 0 && column < input.gpus.size(); ++column) {
                QString text = model.displayText(row, ComparisonTableModel::modelColumnFor(column));
                text.remove(ComparisonTableModel::marker());
                numbers << text.trimmed().section(QStringLiteral(" ("), 0, 0);
            }
        }
        return numbers;
    }

    void expectTheAnswer(const QString &text, const Scenario &scenario)
    {
        for (const QString &id : scenario.gpuIds)
            EXPECT_TRUE(text.contains(m_snapshot.findGpu(id)->displayName())) << id.toStdString();
        for (const QString &number : headlineNumbers(scenario))
            EXPECT_TRUE(text.contains(number)) << number.toStdString();
        // A source's address, from the catalogue's sources of the first GPU.
        const QRegularExpressionMatch url = QRegularExpression(QStringLiteral("https://[^ ;]+"))
                                                .match(m_snapshot.findGpu(scenario.gpuIds.first())->sources);
        ASSERT_TRUE(url.hasMatch());
        EXPECT_TRUE(text.contains(url.captured())) << url.captured().toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("vLLM"))) << "the estimator profile";
        EXPECT_TRUE(text.contains(QStringLiteral("leaving each GPU out"))) << "its measured accuracy";
        EXPECT_TRUE(text.contains(QStringLiteral("Llama-3.1 8B")));
    }
};

} // namespace

// When a seed value of these GPUs or the model changes, write the example again:
// GPUCOMPARE_WRITE_SCENARIOS=1 build/dev/tests/app/app_tests --gtest_filter='*TheSeedArticleScenario*'
TEST_F(ReportTest, TheSeedArticleScenarioIsTheExampleAndOpensOnTheSeedCatalogue)
{
    if (!qEnvironmentVariableIsEmpty("GPUCOMPARE_WRITE_SCENARIOS")) {
        QString written;
        ASSERT_TRUE(ScenarioFile::save(seedArticle(), kSeedArticleScenario, &written))
            << written.toStdString();
    }
    const QByteArray bytes = readAll(kSeedArticleScenario);
    ASSERT_FALSE(bytes.isEmpty()) << kSeedArticleScenario.toStdString();
    QString error;
    const std::optional<Scenario> scenario = ScenarioFile::fromJson(bytes, &error);
    ASSERT_TRUE(scenario) << error.toStdString();
    EXPECT_EQ(scenario->gpuIds, AppSettings::defaultGpuIds());
    EXPECT_EQ(scenario->workload, seedArticleWorkload());
    EXPECT_EQ(scenario->plan, seedArticlePlan());
    EXPECT_TRUE(ScenarioCatalogue::problems(*scenario, m_snapshot).isEmpty());
    // Saved from the seed as it is: when a seed value changes, write the example again (above).
    EXPECT_TRUE(ScenarioCatalogue::changes(*scenario, m_snapshot).isEmpty())
        << ScenarioCatalogue::changeLines(ScenarioCatalogue::changes(*scenario, m_snapshot))
               .join(u'\n')
               .toStdString();
    EXPECT_EQ(ScenarioFile::toJson(*scenario), bytes) << "the file is what ScenarioFile writes";
}

TEST_F(ReportTest, PdfTextHoldsTheAnswerAsTheWindowShowsIt)
{
    const Scenario scenario = seedArticle();
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    ASSERT_TRUE(ReportExporter::write(scenario, m_snapshot, path, &error)) << error.toStdString();
    const QByteArray pdf = readAll(path);
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    const QString text = pdfText(path);
    expectTheAnswer(text, scenario);
    const QRegularExpressionMatch pages = QRegularExpression(QStringLiteral("page 1 of (\\d+)")).match(text);
    ASSERT_TRUE(pages.hasMatch()) << text.left(2000).toStdString();
    const int count = pages.captured(1).toInt();
    EXPECT_GE(count, 4);
    EXPECT_TRUE(text.contains(QStringLiteral("page %1 of %1").arg(count)));
    EXPECT_TRUE(text.contains(QCoreApplication::applicationVersion()));
    // The plan: the workload has traffic and targets, so the report says what to rent.
    EXPECT_TRUE(text.contains(QStringLiteral("The plan")));
}

TEST_F(ReportTest, HtmlIsOneFileWithItsChartsInside)
{
    const Scenario scenario = seedArticle();
    const QString path = dir.filePath(QStringLiteral("report.html"));
    QString error;
    ASSERT_TRUE(ReportExporter::write(scenario, m_snapshot, path, &error)) << error.toStdString();
    const QString html = QString::fromUtf8(readAll(path));
    expectTheAnswer(html, scenario);
    EXPECT_TRUE(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    EXPECT_TRUE(html.contains(QStringLiteral("counter(pages)"))) << "printed pages are numbered";

    // Every chart is an SVG inside the file; nothing is fetched from anywhere.
    const QString prefix = QStringLiteral("src=\"data:image/svg+xml;base64,");
    EXPECT_GE(html.count(prefix), 9)
        << "compute, memory, bandwidth, radar, fit, latency, throughput, cost, serving";
    const qsizetype start = html.indexOf(prefix) + prefix.size();
    const QByteArray svg =
        QByteArray::fromBase64(html.mid(start, html.indexOf(u'"', start) - start).toLatin1());
    EXPECT_TRUE(svg.contains("<svg")) << svg.left(300).toStdString();
    EXPECT_GT(svg.size(), 5000);
    EXPECT_EQ(html.count(QStringLiteral("src=")), html.count(prefix));
    EXPECT_FALSE(html.contains(QStringLiteral("src=\"http")));
    EXPECT_FALSE(html.contains(QStringLiteral("file://")));
    EXPECT_FALSE(html.contains(QStringLiteral("src=\"/")));
    EXPECT_FALSE(html.contains(QStringLiteral("<link")));
    EXPECT_FALSE(html.contains(dir.path()));
}

TEST_F(ReportTest, TheReportListsTheValuesThatChangedSinceTheScenarioWasSaved)
{
    const Scenario scenario = seedArticle();
    CatalogueSnapshot edited = m_snapshot;
    for (GpuSpec &gpu : edited.gpus)
        if (gpu.gpuId == QStringLiteral("h100_sxm5_80gb"))
            gpu.memoryBandwidthGBs = 3000.0;
    const ReportContent content = ReportBuilder::build(scenario, edited, {});
    const auto changes = std::find_if(content.sections.cbegin(), content.sections.cend(),
                                      [](const ReportSection &s) { return s.title.startsWith(u"Changes"); });
    ASSERT_NE(changes, content.sections.cend());
    QStringList lines;
    for (const ReportBlock &block : changes->blocks)
        lines += block.items;
    ASSERT_EQ(lines.size(), 1) << lines.join(u'\n').toStdString();
    EXPECT_TRUE(lines.first().contains(QStringLiteral("H100 SXM5 80GB"))) << lines.first().toStdString();
    EXPECT_TRUE(lines.first().contains(QStringLiteral("3,000"))) << lines.first().toStdString();

    // Unchanged, the section says so.
    const ReportContent same = ReportBuilder::build(scenario, m_snapshot, {});
    const auto none = std::find_if(same.sections.cbegin(), same.sections.cend(),
                                   [](const ReportSection &s) { return s.title.startsWith(u"Changes"); });
    ASSERT_NE(none, same.sections.cend());
    EXPECT_TRUE(none->blocks.first().text.startsWith(QStringLiteral("None")));
}

TEST_F(ReportTest, TrainingReportsItsStepCharts)
{
    WorkloadRequest training;
    training.modelId = QStringLiteral("llama-2-13b");
    training.task = Task::Training;
    training.gpus = 64;
    training.trainTokens = 1e12;
    const Scenario scenario = ScenarioCatalogue::capture(AppSettings::defaultGpuIds(), training,
                                                         PlanInputValues(), m_snapshot, QString());
    const ReportContent content = ReportBuilder::build(scenario, m_snapshot, {});
    QVector<ChartKind> kinds;
    QStringList titles;
    for (const ReportSection &section : content.sections) {
        titles << section.title;
        for (const ReportBlock &block : section.blocks)
            if (block.kind == ReportBlock::Kind::Chart)
                kinds << block.chart.kind;
    }
    EXPECT_TRUE(kinds.contains(ChartKind::Breakdown));
    EXPECT_TRUE(kinds.contains(ChartKind::Scaling));
    EXPECT_FALSE(kinds.contains(ChartKind::Serving));
    EXPECT_TRUE(titles.contains(QStringLiteral("The plan"))) << titles.join(u',').toStdString();
}

TEST_F(ReportTest, AFailedWriteNamesTheFileAndCreatesNothing)
{
    const QString missing = dir.filePath(QStringLiteral("no/such/folder/report.pdf"));
    QString error;
    EXPECT_FALSE(ReportExporter::write(seedArticle(), m_snapshot, missing, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("report.pdf"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(missing));

    const QString text = dir.filePath(QStringLiteral("report.txt"));
    EXPECT_FALSE(ReportExporter::write(seedArticle(), m_snapshot, text, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("report.txt"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(text));
}

TEST_F(ReportTest, AWorkloadThatCannotBeEstimatedStillReportsTheQuestionAndTheSpecs)
{
    WorkloadRequest request = seedArticleWorkload();
    request.inputTokens = -5;
    const Scenario scenario = ScenarioCatalogue::capture(AppSettings::defaultGpuIds(), request,
                                                         PlanInputValues(), m_snapshot, QString());
    const QString path = dir.filePath(QStringLiteral("report.html"));
    QString error;
    ASSERT_TRUE(ReportExporter::write(scenario, m_snapshot, path, &error)) << error.toStdString();
    const QString html = QString::fromUtf8(readAll(path));
    EXPECT_TRUE(html.contains(QStringLiteral("Workload not estimated")));
    EXPECT_TRUE(html.contains(QStringLiteral("H100 SXM5 80GB")));
    EXPECT_TRUE(html.contains(QStringLiteral("https://www.nvidia.com/")));
}

TEST(ReportLinksTest, AddressesEndAtSeparatorsAndAFullStop)
{
    const QVector<ReportLinks::Part> parts =
        ReportLinks::split(QStringLiteral("see https://a.example/x.pdf ; https://b.example/y (table 1). "
                                          "Also https://c.example/z."));
    QStringList links;
    QString text;
    for (const ReportLinks::Part &part : parts) {
        if (part.isLink)
            links << part.text;
        text += part.text;
    }
    EXPECT_EQ(links,
              (QStringList{QStringLiteral("https://a.example/x.pdf"), QStringLiteral("https://b.example/y"),
                           QStringLiteral("https://c.example/z")}));
    EXPECT_EQ(text, QStringLiteral("see https://a.example/x.pdf ; https://b.example/y (table 1). Also "
                                   "https://c.example/z."));
}
