// Cost of showing new numbers in the comparison views: set the data, then paint the widget, for 5 and 20
// GPUs. Runs on the offscreen platform (widgets shown and exposed, so repaint() really paints into the
// backing store); figures are CPU time of the GUI thread.

#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/ChartExporter.h"
#include "widgets/charts/RadarChartWidget.h"
#include "widgets/compare/ComparisonTable.h"

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
        row.betterWhen = r % 3 == 0 ? QuantityBetter::Lower : QuantityBetter::Higher;
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

std::unique_ptr<ChartView> exportedChart(int kind)
{
    std::unique_ptr<ChartView> chart;
    if (kind == 0) {
        chart = std::make_unique<BarChartWidget>();
        chart->setData(barData(5, 0));
    } else {
        chart = std::make_unique<RadarChartWidget>();
        chart->setData(radarData(5, 0));
    }
    return chart;
}

// A chart exported at 1600x1000 at scale 2 (3200x2000 pixels), whole and in its two steps: drawing it
// (GUI thread) and encoding and writing it (ChartFileWriter runs this on a worker thread in the window).
void BM_ExportPng1600x1000At2x(benchmark::State &state)
{
    QTemporaryDir dir;
    const std::unique_ptr<ChartView> chart = exportedChart(static_cast<int>(state.range(0)));
    const QString file = dir.filePath(QStringLiteral("chart.png"));
    const ChartExporter::Options options{ChartExporter::Format::Png, {1600, 1000}, 2.0};
    const auto step = static_cast<int>(state.range(1)); // 0 whole, 1 draw, 2 encode and write
    const std::optional<ChartExporter::Drawing> drawn = ChartExporter::draw(*chart, file, options);
    if (!drawn)
        state.SkipWithError("drawing failed");
    for (auto _ : state) {
        const bool done = step == 0   ? ChartExporter::exportChart(*chart, file, options)
                          : step == 1 ? ChartExporter::draw(*chart, file, options).has_value()
                                      : ChartExporter::write(*drawn);
        if (!done)
            state.SkipWithError("export failed");
    }
    state.SetLabel(std::string(state.range(0) == 0 ? "bar, 5 GPUs, " : "radar, 5 GPUs, ") +
                   (step == 0   ? "whole"
                    : step == 1 ? "draw"
                                : "encode + write"));
}
BENCHMARK(BM_ExportPng1600x1000At2x)
    ->ArgsProduct({{0, 1}, {0, 1, 2}})
    ->ArgNames({"radar", "step"})
    ->Unit(benchmark::kMillisecond);

// A window-sized frame (the comparison table at 20 GPUs, 1280x800) encoded as PNG by Qt's writer, as
// gpucompare --screenshot does on its writer thread.
void BM_EncodeFramePng(benchmark::State &state)
{
    ComparisonTable table;
    table.resize(kWidth, kHeight);
    table.setComparison(tableData(20, 0));
    const QImage frame = table.grab().toImage();
    qsizetype bytes = 0;
    for (auto _ : state) {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QImageWriter(&buffer, "png").write(frame);
        bytes = png.size();
        benchmark::DoNotOptimize(png.data());
    }
    state.counters["file_KB"] = double(bytes) / 1000.0;
}
BENCHMARK(BM_EncodeFramePng)->Unit(benchmark::kMillisecond);

} // namespace
