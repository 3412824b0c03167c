#include "tests/cli/GpuCompareProcess.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <set>

namespace {

const QString kFiveGpus =
    QStringLiteral("h100_sxm5_80gb,h200_sxm_141gb,a100_sxm4_80gb,rtx_a6000_48gb,l40s_48gb");

class ExportChart : public ::testing::Test
{
protected:
    ProcessResult exportChart(const QString &kind, const QString &file, const QStringList &extra = {})
    {
        QStringList arguments{QStringLiteral("--db"),
                              m_dir.filePath(QStringLiteral("catalogue.db")),
                              QStringLiteral("export-chart"),
                              QStringLiteral("--chart"),
                              kind,
                              QStringLiteral("--gpu"),
                              kFiveGpus,
                              QStringLiteral("--out"),
                              file};
        return runGpuCompare(arguments + extra);
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
};

int distinctColours(const QImage &image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 5)
        for (int x = 0; x < image.width(); x += 5)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

} // namespace

TEST_F(ExportChart, PngHasTheAskedPixelSizeAndIsNotBlank)
{
    const ProcessResult result =
        exportChart(QStringLiteral("compute"), path(QStringLiteral("compute.png")),
                    {QStringLiteral("--width"), QStringLiteral("800"), QStringLiteral("--height"),
                     QStringLiteral("500"), QStringLiteral("--scale"), QStringLiteral("2")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QImage image(path(QStringLiteral("compute.png")), "PNG");
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1600, 1000)); // 800 x 500 at scale 2
    EXPECT_GT(distinctColours(image), 8);       // five GPU colours, text, grid
}

TEST_F(ExportChart, EveryChartKindExportsHeadless)
{
    for (const char *kind : {"memory", "bandwidth", "radar", "fit", "latency", "throughput", "cost"}) {
        const QString file = path(QString::fromLatin1(kind) + QStringLiteral(".png"));
        const ProcessResult result = exportChart(QString::fromLatin1(kind), file);
        ASSERT_EQ(result.exitCode, 0) << kind << ": " << result.err.toStdString();
        const QImage image(file);
        ASSERT_FALSE(image.isNull()) << kind;
        EXPECT_GT(distinctColours(image), 5) << kind;
    }
}

TEST_F(ExportChart, SvgAndPdfAreValidFiles)
{
    ASSERT_EQ(exportChart(QStringLiteral("radar"), path(QStringLiteral("radar.svg"))).exitCode, 0);
    QFile svg(path(QStringLiteral("radar.svg")));
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    EXPECT_TRUE(svgText.startsWith("<?xml"));
    EXPECT_TRUE(svgText.contains("<svg"));
    EXPECT_TRUE(svgText.contains("H100 SXM5 80GB")); // the legend is text, not pixels

    ASSERT_EQ(exportChart(QStringLiteral("compute"), path(QStringLiteral("compute.pdf"))).exitCode, 0);
    QFile pdf(path(QStringLiteral("compute.pdf")));
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pdf.readAll();
    EXPECT_TRUE(pdfBytes.startsWith("%PDF-"));
    EXPECT_GT(pdfBytes.size(), 2000);
}

TEST_F(ExportChart, BadKindOrUnwritablePathIsExit2AndWritesNothing)
{
    ProcessResult result = exportChart(QStringLiteral("pie"), path(QStringLiteral("x.png")));
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.err.contains(QStringLiteral("radar")))
        << result.err.toStdString(); // names what is allowed
    EXPECT_FALSE(QFile::exists(path(QStringLiteral("x.png"))));

    result = exportChart(QStringLiteral("compute"), path(QStringLiteral("missing-folder/x.png")));
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_FALSE(result.err.isEmpty());

    result = exportChart(QStringLiteral("compute"), path(QStringLiteral("x.gif")));
    EXPECT_EQ(result.exitCode, 2);
}

// The latency-under-load chart is simulated per user count headless too, with the targets drawn and named.
TEST_F(ExportChart, ServingChartDrawsEveryGpuAndTheTargets)
{
    const QString file = path(QStringLiteral("serving.svg"));
    const ProcessResult result =
        exportChart(QStringLiteral("serving"), file,
                    {QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                     QStringLiteral("inference"), QStringLiteral("--concurrency"), QStringLiteral("16"),
                     QStringLiteral("--ttft-p90-ms"), QStringLiteral("1500"), QStringLiteral("--tpot-p90-ms"),
                     QStringLiteral("40")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    QFile svg(file);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(svg.readAll());
    for (const char *name :
         {"H100 SXM5 80GB", "A100 SXM4 80GB", "L40S 48GB", "RTX A6000 48GB", "H200 SXM 141GB"})
        EXPECT_TRUE(text.contains(QLatin1String(name))) << name;
    EXPECT_TRUE(text.contains(QStringLiteral("1,500"))) << "the TTFT target's label";
    EXPECT_TRUE(text.contains(QStringLiteral("Concurrent users")));
}

// The training charts headless: the step-time breakdown from the comparison, the scaling curves estimated
// per GPU count, with the parts, the GPUs and the node boundary named.
TEST_F(ExportChart, TrainingBreakdownAndScalingChartsExportHeadless)
{
    const QStringList training{QStringLiteral("--model"), QStringLiteral("mpt-13b"),
                               QStringLiteral("--task"),  QStringLiteral("training"),
                               QStringLiteral("--gpus"),  QStringLiteral("16")};
    const QString breakdown = path(QStringLiteral("breakdown.svg"));
    ProcessResult result = exportChart(QStringLiteral("breakdown"), breakdown, training);
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    QFile svg(breakdown);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(svg.readAll());
    for (const char *name : {"H100 SXM5 80GB", "Compute", "DP communication", "Optimizer", "Pipeline bubble"})
        EXPECT_TRUE(text.contains(QLatin1String(name))) << name;

    const QString scaling = path(QStringLiteral("scaling.svg"));
    result = exportChart(QStringLiteral("scaling"), scaling, training);
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    QFile scalingSvg(scaling);
    ASSERT_TRUE(scalingSvg.open(QIODevice::ReadOnly));
    text = QString::fromUtf8(scalingSvg.readAll());
    for (const char *name : {"H100 SXM5 80GB", "H200 SXM 141GB", "Tokens/s per GPU", "1 node = 8 GPUs"})
        EXPECT_TRUE(text.contains(QLatin1String(name))) << name;

    const QString png = path(QStringLiteral("scaling.png"));
    result = exportChart(QStringLiteral("scaling"), png, training);
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_GT(distinctColours(image), 5);
}

// Issue 39: the Plan tab's cost-against-latency chart from the command line, as the planner finds it for
// the named GPUs and the targets; its legend names the GPUs (SVG text), and a training plan needs its
// deadline, said by the planner.
TEST_F(ExportChart, TheParetoChartOfAServingPlanExports)
{
    const QStringList serving{QStringLiteral("--model"),       QStringLiteral("llama-3.1-8b"),
                              QStringLiteral("--task"),        QStringLiteral("inference"),
                              QStringLiteral("--concurrency"), QStringLiteral("32"),
                              QStringLiteral("--ttft-p90-ms"), QStringLiteral("1000"),
                              QStringLiteral("--tpot-p90-ms"), QStringLiteral("40")};
    const ProcessResult png =
        exportChart(QStringLiteral("pareto"), path(QStringLiteral("pareto.png")), serving);
    ASSERT_EQ(png.exitCode, 0) << png.err.toStdString();
    const QImage image(path(QStringLiteral("pareto.png")));
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1600, 1000));
    EXPECT_GT(distinctColours(image), 6);

    ASSERT_EQ(exportChart(QStringLiteral("pareto"), path(QStringLiteral("pareto.svg")), serving).exitCode, 0);
    QFile svg(path(QStringLiteral("pareto.svg")));
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    EXPECT_TRUE(text.contains("H100 SXM5 80GB"));
    EXPECT_TRUE(text.contains("TTFT p90"));

    const ProcessResult training =
        exportChart(QStringLiteral("pareto"), path(QStringLiteral("training.png")),
                    {QStringLiteral("--model"), QStringLiteral("mpt-13b"), QStringLiteral("--task"),
                     QStringLiteral("training"), QStringLiteral("--train-tokens"), QStringLiteral("1e10")});
    EXPECT_EQ(training.exitCode, 2);
    EXPECT_TRUE(training.err.contains(QStringLiteral("deadline"))) << training.err.toStdString();
    EXPECT_FALSE(QFile::exists(path(QStringLiteral("training.png"))));

    const ProcessResult misplaced = exportChart(QStringLiteral("memory"), path(QStringLiteral("m.png")),
                                                {QStringLiteral("--deadline-days"), QStringLiteral("3")});
    EXPECT_EQ(misplaced.exitCode, 2);
    EXPECT_TRUE(misplaced.err.contains(QStringLiteral("--deadline-days"))) << misplaced.err.toStdString();
}
