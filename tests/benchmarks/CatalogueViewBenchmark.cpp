// The Catalogue tab at scale: 10,000 GPUs in the spec table behind its filter proxy. One filter keystroke
// (the proxy refilters every row over every column, then the visible rows repaint) and one full sort by a
// numeric column. Offscreen, window shown. Budget (issue 8): a keystroke in at most 16 ms.

#include "CatalogueEditor.h"
#include "CatalogueTab.h"
#include "SpecTableView.h"
#include "GpuField.h"
#include "SpecTableModel.h"

#include <QApplication>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <benchmark/benchmark.h>

namespace {

constexpr int kGpuCount = 10000;

QVector<GpuSpec> syntheticGpus()
{
    QVector<GpuSpec> gpus;
    gpus.reserve(kGpuCount);
    for (int i = 0; i < kGpuCount; ++i) {
        GpuSpec gpu;
        gpu.gpuId = QStringLiteral("synthetic_%1").arg(i);
        gpu.vendor = i % 3 == 0 ? QStringLiteral("AMD") : QStringLiteral("NVIDIA");
        gpu.product = QStringLiteral("Card %1").arg(i);
        gpu.variant = QStringLiteral("%1GB").arg(16 + i % 256);
        gpu.architecture = i % 2 ? QStringLiteral("Hopper") : QStringLiteral("Ampere");
        gpu.fp16DenseTflops = 100.0 + (i % 1000) * 0.5;
        gpu.memoryGb = 16 + i % 256;
        gpu.memoryBandwidthGBs = 500.0 + i % 5000;
        gpu.sources = QStringLiteral("https://example.com/datasheet/%1").arg(i);
        gpus.append(gpu);
    }
    return gpus;
}

struct Tab
{
    SpecTableModel model;
    CatalogueEditor editor{&model};
    CatalogueTab tab;

    Tab()
    {
        model.setGpus(syntheticGpus());
        tab.setEditor(&editor);
        tab.resize(1280, 800);
        tab.show();
        if (!QTest::qWaitForWindowExposed(&tab))
            qWarning("the tab was not exposed; painting may be skipped");
    }
};

void BM_FilterKeystroke(benchmark::State &state)
{
    Tab t;
    // Alternate between two prefixes, as typing and deleting a character does.
    const QString texts[] = {QStringLiteral("card 12"), QStringLiteral("card 1")};
    int i = 0;
    for (auto _ : state) {
        t.tab.filterEdit()->setText(texts[i++ % 2]);
        t.tab.view()->viewport()->repaint();
    }
    state.SetLabel("10,000 GPUs, 50 columns");
}
BENCHMARK(BM_FilterKeystroke)->Unit(benchmark::kMillisecond);

void BM_SortByBandwidth(benchmark::State &state)
{
    Tab t;
    const int column = t.model.columnCount() > 30 ? 30 : 0;
    Qt::SortOrder order = Qt::AscendingOrder;
    for (auto _ : state) {
        t.tab.view()->sortByColumn(column, order);
        order = order == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder;
        t.tab.view()->viewport()->repaint();
    }
    state.SetLabel("10,000 GPUs, raw-value sort");
}
BENCHMARK(BM_SortByBandwidth)->Unit(benchmark::kMillisecond);

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
