#include "widgets/charts/ChartExporter.h"

#include "tests/db/FileSizeLimit.h"
#include "tests/widgets/ChartTestData.h"
#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/ChartFileWriter.h"
#include "widgets/charts/RadarChartWidget.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <csignal>
#include <gtest/gtest.h>
#include <sys/resource.h>

namespace {

QByteArray readAll(const QString &fileName)
{
    QFile file(fileName);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 5)
        for (int x = 0; x < image.width(); x += 5)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

// Each test runs on both charts behind the ChartView interface.
class ChartExporterTest : public ::testing::TestWithParam<bool>
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        if (GetParam()) {
            m_chart = std::make_unique<RadarChartWidget>();
            m_chart->setData(ChartTestData::seedRadar());
        } else {
            m_chart = std::make_unique<BarChartWidget>();
            m_chart->setData(ChartTestData::seedCompute());
        }
        m_chart->resize(800, 500);
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    std::unique_ptr<ChartView> m_chart;
};

} // namespace

TEST(ChartExporterFormat, FollowsTheFileExtension)
{
    EXPECT_EQ(ChartExporter::formatForFileName(QStringLiteral("a/chart.PNG")), ChartExporter::Format::Png);
    EXPECT_EQ(ChartExporter::formatForFileName(QStringLiteral("chart.svg")), ChartExporter::Format::Svg);
    EXPECT_EQ(ChartExporter::formatForFileName(QStringLiteral("chart.pdf")), ChartExporter::Format::Pdf);
    EXPECT_FALSE(ChartExporter::formatForFileName(QStringLiteral("chart.jpg")));
    EXPECT_FALSE(ChartExporter::formatForFileName(QStringLiteral("chart")));
}

TEST_P(ChartExporterTest, PngHasTheRequestedPixelSizeAndIsNotBlank)
{
    const QString file = path(QStringLiteral("chart.png"));
    QString error;
    ASSERT_TRUE(
        ChartExporter::exportChart(*m_chart, file, {ChartExporter::Format::Png, {1600, 1000}, 2.0}, &error))
        << error.toStdString();
    const QImage image(file);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(3200, 2000));
    EXPECT_GT(distinctColours(image), 20);
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 192.0, 0.5); // 96 dpi at scale 2
}

TEST_P(ChartExporterTest, SvgParsesAndHoldsPathsAndText)
{
    const QString file = path(QStringLiteral("chart.svg"));
    QString error;
    ASSERT_TRUE(
        ChartExporter::exportChart(*m_chart, file, {ChartExporter::Format::Svg, {1600, 1000}, 1.0}, &error))
        << error.toStdString();
    const QByteArray svg = readAll(file);
    EXPECT_TRUE(svg.startsWith("<?xml"));
    EXPECT_TRUE(svg.contains("<svg"));
    EXPECT_TRUE(svg.contains("<path") || svg.contains("<polygon") || svg.contains("<polyline"));
    EXPECT_TRUE(svg.contains("<text"));
    EXPECT_TRUE(svg.contains("H100 SXM5")); // the legend is text, not pixels
    QSvgRenderer renderer(svg);
    ASSERT_TRUE(renderer.isValid());
    EXPECT_EQ(renderer.viewBox(), QRect(0, 0, 1600, 1000));
    QImage image(800, 500, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter);
    painter.end();
    EXPECT_GT(distinctColours(image), 10);
}

TEST_P(ChartExporterTest, PdfIsAPdfOfTheRequestedPageSize)
{
    const QString file = path(QStringLiteral("chart.pdf"));
    QString error;
    ASSERT_TRUE(
        ChartExporter::exportChart(*m_chart, file, {ChartExporter::Format::Pdf, {1600, 1000}, 1.0}, &error))
        << error.toStdString();
    const QByteArray pdf = readAll(file);
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_GT(pdf.size(), 2000);
    EXPECT_TRUE(pdf.trimmed().endsWith("%%EOF"));
    // 1600x1000 logical pixels at 96 dpi is a 1200x750 pt page.
    EXPECT_TRUE(pdf.contains("/MediaBox [0 0 1200.000000 750.000000]")) << pdf.left(2000).toStdString();
}

TEST_P(ChartExporterTest, FailedWriteIsAMessageAndLeavesThePreviousFileUntouched)
{
    const QString file = path(QStringLiteral("chart.png"));
    {
        QFile previous(file);
        ASSERT_TRUE(previous.open(QIODevice::WriteOnly));
        previous.write("previous export");
    }
    QString error;
    // An impossible size fails before anything is written.
    EXPECT_FALSE(
        ChartExporter::exportChart(*m_chart, file, {ChartExporter::Format::Png, {0, 1000}, 1.0}, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(
        ChartExporter::exportChart(*m_chart, file, {ChartExporter::Format::Png, {20000, 100}, 1.0}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("16384"))) << error.toStdString();
    EXPECT_EQ(readAll(file), QByteArray("previous export"));

    // A folder that does not exist: a message naming the file, no crash.
    const QString missing = path(QStringLiteral("no/such/folder/chart.svg"));
    error.clear();
    EXPECT_FALSE(
        ChartExporter::exportChart(*m_chart, missing, {ChartExporter::Format::Svg, {800, 500}, 1.0}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("chart.svg"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(missing));
}

TEST_P(ChartExporterTest, ExportReplacesAPreviousFileAtomically)
{
    const QString file = path(QStringLiteral("chart.png"));
    ASSERT_TRUE(ChartExporter::exportChart(*m_chart, file, {ChartExporter::Format::Png, {400, 300}, 1.0}));
    ASSERT_TRUE(ChartExporter::exportChart(*m_chart, file, {ChartExporter::Format::Png, {600, 400}, 1.5}));
    EXPECT_EQ(QImage(file).size(), QSize(900, 600));
    EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("chart.png")});
}

// The disk has room for all but the last byte: the last bytes fail when the file is flushed and closed,
// which Qt 6.4's QSaveFile committed as success, leaving a truncated chart no viewer opens.
TEST_P(ChartExporterTest, AFullDiskFailsTheExportAndKeepsThePreviousFile)
{
    for (const ChartExporter::Format format : {ChartExporter::Format::Png, ChartExporter::Format::Pdf}) {
        const QString extension = ChartExporter::fileExtension(format);
        const ChartExporter::Options options{format, {800, 500}, 1.0};
        const QString sizing = path(QStringLiteral("sizing.") + extension);
        ASSERT_TRUE(ChartExporter::exportChart(*m_chart, sizing, options));
        const qint64 size = QFileInfo(sizing).size();
        ASSERT_GT(size, 1000);

        const QString file = path(QStringLiteral("chart.") + extension);
        const QByteArray previous = "the previous export, which must survive";
        {
            QFile old(file);
            ASSERT_TRUE(old.open(QIODevice::WriteOnly));
            old.write(previous);
        }
        QString error;
        bool exported = false;
        {
            FileSizeLimit limit(static_cast<rlim_t>(size - 1));
            exported = ChartExporter::exportChart(*m_chart, file, options, &error);
        }
        EXPECT_FALSE(exported) << extension.toStdString() << ": a truncated file was kept as the export";
        EXPECT_TRUE(error.contains(QStringLiteral("chart.") + extension)) << error.toStdString();
        EXPECT_FALSE(error.contains(QStringLiteral("Unknown error"))) << error.toStdString();
        EXPECT_EQ(readAll(file), previous) << extension.toStdString();
    }
    EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files).size(), 4) << "no temporary file is left behind";
}

// The window's export: drawn on the GUI thread, encoded and written by ChartFileWriter on a worker.
TEST_P(ChartExporterTest, WrittenOnAWorkerThreadTheFileIsTheSameAsWrittenAtOnce)
{
    const ChartExporter::Options options{ChartExporter::Format::Png, {800, 500}, 2.0};
    const QString atOnce = path(QStringLiteral("at-once.png"));
    ASSERT_TRUE(ChartExporter::exportChart(*m_chart, atOnce, options));

    const QString file = path(QStringLiteral("chart.png"));
    std::optional<ChartExporter::Drawing> drawing = ChartExporter::draw(*m_chart, file, options);
    ASSERT_TRUE(drawing);
    ChartFileWriter writer;
    QSignalSpy finished(&writer, &ChartFileWriter::finished);
    writer.start(std::move(*drawing));
    ASSERT_TRUE(finished.wait(30000));
    EXPECT_EQ(finished.first().first().toString(), QString());
    EXPECT_EQ(writer.fileName(), file);
    EXPECT_EQ(QImage(file), QImage(atOnce));
    EXPECT_EQ(QImage(file).size(), QSize(1600, 1000));
}

TEST_P(ChartExporterTest, AWorkerThreadsFailedWriteComesBackAsAMessageNamingTheFile)
{
    const QString missing = path(QStringLiteral("no/such/folder/chart.png"));
    std::optional<ChartExporter::Drawing> drawing =
        ChartExporter::draw(*m_chart, missing, {ChartExporter::Format::Png, {400, 300}, 1.0});
    ASSERT_TRUE(drawing);
    ChartFileWriter writer;
    QSignalSpy finished(&writer, &ChartFileWriter::finished);
    writer.start(std::move(*drawing));
    ASSERT_TRUE(finished.wait(30000));
    const QString error = finished.first().first().toString();
    EXPECT_TRUE(error.contains(QStringLiteral("chart.png"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(missing));
}

INSTANTIATE_TEST_SUITE_P(BarAndRadar, ChartExporterTest, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool> &param) {
                             return param.param ? std::string("Radar") : std::string("Bar");
                         });
