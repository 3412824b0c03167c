// Cost of showing new numbers in the comparison views: set the data, then paint the widget, for 5 and 20
// GPUs. Runs on the offscreen platform (widgets shown and exposed, so repaint() really paints into the
// backing store); figures are CPU time of the GUI thread.

#include "BarChartWidget.h"
#include "ChartExporter.h"
#include "ComparisonTable.h"
#include "PngWriter.h"
#include "RadarChartWidget.h"

#include <QApplication>
#include <QBuffer>
#include <QImageWriter>
#include <QTemporaryDir>
#include <QTest>
#include <benchmark/benchmark.h>
#include <cmath>

namespace {

constexpr int kWidth = 1280;
constexpr int kHeight = 800;

ChartData barData(int gpus, int iteration)
{
    ChartData data;
    data.title = QStringLiteral("Dense tensor compute");
    data.valueAxisLabel = QStringLiteral("Dense tensor throughput (TFLOPS)");
    data.unit = QStringLiteral("TFLOPS");
    data.categories = {QStringLiteral("FP32"), QStringLiteral("TF32"), QStringLiteral("FP16/BF16"),
                       QStringLiteral("FP8")};
    for (int g = 0; g < gpus; ++g) {
        ChartSeries series;
        series.name = QStringLiteral("GPU %1").arg(g + 1);
        for (int c = 0; c < data.categories.size(); ++c)
            series.values << (c == 3 && g % 3 == 0 ? std::optional<double>()
                                                   : 100.0 + 37.0 * g + 211.0 * c + iteration % 7);
        data.series << series;
    }
    return data;
}

ChartData radarData(int gpus, int iteration)
{
    ChartData data;
    data.title = QStringLiteral("Normalised strengths");
    data.valueAxisLabel = QStringLiteral("Relative to the best GPU shown (1 = best)");
    data.categories = {QStringLiteral("Compute"),          QStringLiteral("Memory"),
                       QStringLiteral("Bandwidth"),        QStringLiteral("Interconnect"),
                       QStringLiteral("Power efficiency"), QStringLiteral("Price efficiency")};
    for (int g = 0; g < gpus; ++g) {
        ChartSeries series;
        series.name = QStringLiteral("GPU %1").arg(g + 1);
        for (int c = 0; c < data.categories.size(); ++c)
            series.values << std::fmod(0.13 * (g + 1) + 0.29 * c + 0.01 * (iteration % 5), 1.0);
        data.series << series;
    }
    return data;
}

ComparisonData tableData(int gpus, int iteration)
{
    ComparisonData data;
    for (int g = 0; g < gpus; ++g)
        data.columnTitles << QStringLiteral("GPU %1").arg(g + 1);
    const QStringList sections{QStringLiteral("Specs"), QStringLiteral("Memory"), QStringLiteral("Speed"),
                               QStringLiteral("Cost")};
    for (int r = 0; r < 24; ++r) {
        ComparisonRow row;
        row.id = QStringLiteral("row-%1").arg(r);
        row.section = sections.at(r / 6);
        row.label = QStringLiteral("Quantity %1").arg(r);
        row.unit = QStringLiteral("GB/s");
        row.betterWhen = r % 3 == 0 ? ComparisonRow::BetterWhen::Lower : ComparisonRow::BetterWhen::Higher;
        for (int g = 0; g < gpus; ++g) {
            row.values << (g % 7 == 3 ? std::optional<double>() : 10.0 * (g + 1) + r + iteration % 3);
            row.notes << (g % 5 == 0 ? QStringLiteral("measured: 1,234 tok/s") : QString());
        }
        data.rows << row;
    }
    return data;
}

void BM_BarChartSetDataAndRepaint(benchmark::State &state)
{
    BarChartWidget chart;
    chart.resize(kWidth, kHeight);
    chart.show();
    if (!QTest::qWaitForWindowExposed(&chart))
        state.SkipWithError("window not exposed");
    int i = 0;
    for (auto _ : state) {
        chart.setData(barData(static_cast<int>(state.range(0)), i++));
        chart.repaint();
    }
}
BENCHMARK(BM_BarChartSetDataAndRepaint)->Arg(5)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_RadarChartSetDataAndRepaint(benchmark::State &state)
{
    RadarChartWidget chart;
    chart.resize(kWidth, kHeight);
    chart.show();
    if (!QTest::qWaitForWindowExposed(&chart))
        state.SkipWithError("window not exposed");
    int i = 0;
    for (auto _ : state) {
        chart.setData(radarData(static_cast<int>(state.range(0)), i++));
        chart.repaint();
    }
}
BENCHMARK(BM_RadarChartSetDataAndRepaint)->Arg(5)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_ComparisonTableSetDataAndRepaint(benchmark::State &state)
{
    ComparisonTable table;
    table.resize(kWidth, kHeight);
    table.show();
    if (!QTest::qWaitForWindowExposed(&table))
        state.SkipWithError("window not exposed");
    int i = 0;
    for (auto _ : state) {
        table.setComparison(tableData(static_cast<int>(state.range(0)), i++));
        table.repaint();
    }
}
BENCHMARK(BM_ComparisonTableSetDataAndRepaint)->Arg(5)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_ExportPng1600x1000At2x(benchmark::State &state)
{
    QTemporaryDir dir;
    std::unique_ptr<ChartView> chart;
    if (state.range(0) == 0) {
        chart = std::make_unique<BarChartWidget>();
        chart->setData(barData(5, 0));
    } else {
        chart = std::make_unique<RadarChartWidget>();
        chart->setData(radarData(5, 0));
    }
    const QString file = dir.filePath(QStringLiteral("chart.png"));
    for (auto _ : state) {
        if (!ChartExporter::exportChart(*chart, file, {ChartExporter::Format::Png, {1600, 1000}, 2.0}))
            state.SkipWithError("export failed");
    }
    state.SetLabel(state.range(0) == 0 ? "bar, 5 GPUs" : "radar, 5 GPUs");
}
BENCHMARK(BM_ExportPng1600x1000At2x)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// A window-sized frame (the comparison table at 20 GPUs, 1280x800) encoded as PNG: Qt's writer against
// PngWriter in one strip and in one strip per core. Wall time, since PngWriter's strips run on threads.
void BM_EncodeFramePng(benchmark::State &state)
{
    ComparisonTable table;
    table.resize(kWidth, kHeight);
    table.setComparison(tableData(20, 0));
    const QImage frame = table.grab().toImage();
    qsizetype bytes = 0;
    for (auto _ : state) {
        QByteArray png;
        if (state.range(0) == 0) {
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            QImageWriter(&buffer, "png").write(frame);
        } else {
            png = PngWriter::encode(frame, state.range(0) == 1 ? 1 : PngWriter::defaultThreads());
        }
        bytes = png.size();
        benchmark::DoNotOptimize(png.data());
    }
    state.counters["file_KB"] = double(bytes) / 1000.0;
    state.SetLabel(state.range(0) == 0   ? "QImageWriter"
                   : state.range(0) == 1 ? "PngWriter, 1 strip"
                                         : "PngWriter, a strip per core");
}
BENCHMARK(BM_EncodeFramePng)->Arg(0)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
