// The Catalogue tab at scale: 10,000 GPUs in the spec table behind its filter proxy. One filter keystroke
// (the proxy refilters every row over every column, then the visible rows repaint) and one full sort by a
// numeric column. Offscreen, window shown. Budget (issue 8): a keystroke in at most 16 ms.

#include "db/Catalogue.h"
#include "db/GpuField.h"
#include "db/SpecTableModel.h"
#include "tests/benchmarks/SyntheticCatalogue.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"
#include "widgets/catalogue/SpecTableView.h"

#include <QApplication>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <benchmark/benchmark.h>

namespace {

struct Tab
{
    SpecTableModel model;
    CatalogueEditor editor{&model};
    CatalogueTab tab;

    Tab()
    {
        model.session()->setGpus(SyntheticCatalogue::gpus());
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
    // Alternate between two prefixes, as typing and deleting a character does (the second time, the
    // visible texts are already laid out).
    const QString texts[] = {QStringLiteral("card 12"), QStringLiteral("card 1")};
    int i = 0;
    for (auto _ : state) {
        t.tab.filterEdit()->setText(texts[i++ % 2]);
        t.tab.view()->viewport()->repaint();
    }
    state.SetLabel("10,000 GPUs, 50 columns");
}
BENCHMARK(BM_FilterKeystroke)->Unit(benchmark::kMillisecond);

// The same, each keystroke bringing rows the previous ones did not show ("card 11" ... "card 99", the
// filter as typing different numbers leaves it): every visible cell's text is new to the delegates'
// cache of laid-out texts, so this is the keystroke as typed, the budget's figure.
void BM_FilterKeystrokeNewRows(benchmark::State &state)
{
    Tab t;
    int i = 0;
    for (auto _ : state) {
        t.tab.filterEdit()->setText(QStringLiteral("card %1").arg(11 + i++ % 89));
        t.tab.view()->viewport()->repaint();
    }
    state.SetLabel("10,000 GPUs, 50 columns, new rows each time");
}
BENCHMARK(BM_FilterKeystrokeNewRows)->Unit(benchmark::kMillisecond);

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

// Issue 8: open a 10,000-GPU catalogue file and show it in the Catalogue tab: open (probe, quick_check),
// read every row into the model, build the tab, show it and paint its first frame (one forced repaint of
// the table after the window is exposed, so the figure is an upper bound).
void BM_OpenCatalogueAndShowTable(benchmark::State &state)
{
    const QString &path = SyntheticCatalogue::largeCataloguePath();
    for (auto _ : state) {
        auto catalogue = Catalogue::open(path, nullptr);
        SpecTableModel model;
        model.session()->setCatalogue(catalogue.get());
        CatalogueEditor editor(&model);
        CatalogueTab tab;
        tab.setEditor(&editor);
        tab.resize(1280, 800);
        tab.show();
        if (!QTest::qWaitForWindowExposed(&tab))
            state.SkipWithError("the tab was not exposed");
        tab.view()->viewport()->repaint();
        if (model.rowCount() != SyntheticCatalogue::kGpuCount)
            state.SkipWithError("wrong row count");
    }
    state.SetLabel("10,000 GPUs: open + read all rows + Catalogue tab shown and painted");
}
BENCHMARK(BM_OpenCatalogueAndShowTable)->Unit(benchmark::kMillisecond);

} // namespace
