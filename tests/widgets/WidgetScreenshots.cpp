#include "db/Catalogue.h"
#include "db/SeedCatalogue.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"
#include "widgets/catalogue/SpecSpinBox.h"
#include "widgets/catalogue/SpecTableView.h"

#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
// Saves a screenshot of each view filled with the seed article's five GPUs, for looking at them:
//   widgets_screenshots OUTPUT_DIR
// Not a test: run by hand (offscreen) when a view's look changes.

#include "tests/widgets/ChartTestData.h"
#include "tests/widgets/CompareTestData.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/charts/BarChartWidget.h"
#include "widgets/charts/ChartExporter.h"
#include "widgets/charts/RadarChartWidget.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/compare/MathPanel.h"
#include "widgets/compare/VerdictPanel.h"

#include <QApplication>
#include <QDir>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

namespace {

bool save(QWidget &widget, const QString &dir, const QString &name)
{
    widget.show();
    QApplication::processEvents();
    const QString file = QDir(dir).filePath(name + QStringLiteral(".png"));
    const bool ok = widget.grab().save(file);
    QTextStream(stdout) << (ok ? "wrote " : "FAILED ") << file << Qt::endl;
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/tmp/widgets-shots");
    QDir().mkpath(dir);
    bool ok = true;

    BarChartWidget bars;
    bars.resize(900, 560);
    bars.setData(ChartTestData::seedCompute());
    ok &= save(bars, dir, QStringLiteral("bar-compute"));

    BarChartWidget memory;
    memory.resize(900, 560);
    memory.setData(ChartTestData::seedMemoryAndBandwidth());
    ok &= save(memory, dir, QStringLiteral("bar-memory"));

    // Compute per precision at 1280x800: four groups of five bars, FP8 missing on Ampere.
    ChartData precisions = ChartTestData::seedCompute();
    precisions.title = QStringLiteral("Compute per precision");
    precisions.valueAxisLabel = QStringLiteral("Dense throughput (TFLOPS)");
    precisions.categories = {QStringLiteral("FP32 (vector)"), QStringLiteral("TF32 tensor"),
                             QStringLiteral("FP16/BF16 tensor"), QStringLiteral("FP8 tensor")};
    const QVector<QVector<std::optional<double>>> perGpu{{67.0, 494.7, 989.4, 1978.9},
                                                         {67.0, 494.7, 989.4, 1978.9},
                                                         {19.5, 156.0, 312.0, std::nullopt},
                                                         {38.7, 77.4, 154.8, std::nullopt},
                                                         {91.6, 183.0, 362.05, 733.0}};
    for (int s = 0; s < precisions.series.size(); ++s)
        precisions.series[s].values = perGpu.at(s);
    BarChartWidget perPrecision;
    perPrecision.resize(1280, 800);
    perPrecision.setData(precisions);
    ok &= save(perPrecision, dir, QStringLiteral("bar-precisions-1280x800"));

    RadarChartWidget radar;
    radar.resize(900, 560);
    radar.setData(ChartTestData::seedRadar());
    ok &= save(radar, dir, QStringLiteral("radar"));

    for (ChartView *chart : {static_cast<ChartView *>(&bars), static_cast<ChartView *>(&radar)}) {
        const QString base = QDir(dir).filePath(chart == &bars ? QStringLiteral("export-bar")
                                                               : QStringLiteral("export-radar"));
        for (auto format :
             {ChartExporter::Format::Png, ChartExporter::Format::Svg, ChartExporter::Format::Pdf}) {
            QString error;
            const QString file = base + u'.' + ChartExporter::fileExtension(format);
            if (!ChartExporter::exportChart(*chart, file, {format, {1600, 1000}, 2.0}, &error)) {
                QTextStream(stdout) << error << Qt::endl;
                ok = false;
            }
        }
        // How the SVG reads back: rendered to a PNG next to it.
        QSvgRenderer svg(base + QStringLiteral(".svg"));
        QImage image(1600, 1000, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        svg.render(&painter);
        painter.end();
        ok &= image.save(base + QStringLiteral("-svg.png"));
    }
    // Twenty GPUs at 1280x800: the palette repeats with hatched bars and dashed outlines.
    ChartData many = ChartTestData::seedCompute();
    ChartData manyRadar = ChartTestData::seedRadar();
    many.categories = {QStringLiteral("FP16/BF16"), QStringLiteral("FP8")};
    many.series.clear();
    manyRadar.series.clear();
    for (int g = 0; g < 20; ++g) {
        const QString name = QStringLiteral("GPU %1 (example)").arg(g + 1);
        many.series.append(
            {name, {150.0 + 45.0 * g, g % 4 == 0 ? std::optional<double>() : 300.0 + 90.0 * g}, {}});
        QVector<std::optional<double>> values;
        for (int c = 0; c < 6; ++c)
            values << 0.1 + 0.9 * (((g + 1) * (c + 3)) % 11) / 10.0;
        manyRadar.series.append({name, values, {}});
    }
    BarChartWidget manyBars;
    manyBars.resize(1280, 800);
    manyBars.setData(many);
    ok &= save(manyBars, dir, QStringLiteral("bar-20-gpus"));
    RadarChartWidget manyRadarChart;
    manyRadarChart.resize(1280, 800);
    manyRadarChart.setData(manyRadar);
    ok &= save(manyRadarChart, dir, QStringLiteral("radar-20-gpus"));

    ComparisonTable table;
    table.resize(1100, 440);
    table.setComparison(CompareTestData::seedComparison());
    table.selectCell(QStringLiteral("memory"), 1);
    ok &= save(table, dir, QStringLiteral("comparison-table"));

    VerdictPanel verdicts;
    verdicts.resize(380, 760);
    verdicts.setVerdicts(CompareTestData::seedVerdicts());
    ok &= save(verdicts, dir, QStringLiteral("verdict-panel"));

    MathPanel math;
    math.resize(460, 320);
    MathTermView weights{QStringLiteral("Weights"), QStringLiteral("params \u00b7 bytes per parameter"),
                         QStringLiteral("8.03e9 \u00b7 2"), 16.06, QStringLiteral("GB")};
    MathTermView kv{QStringLiteral("KV cache"),
                    QStringLiteral("2 \u00b7 L \u00b7 n_kv \u00b7 d \u00b7 bytes \u00b7 tokens \u00b7 batch"),
                    QStringLiteral("2 \u00b7 32 \u00b7 8 \u00b7 128 \u00b7 2 \u00b7 8192 \u00b7 1"), 1.07,
                    QStringLiteral("GB")};
    MathTermView total{QStringLiteral("Memory needed"),
                       QStringLiteral("weights + KV cache + activations + overhead"),
                       QStringLiteral("16.06 + 1.07 + 0.52 + 1.0"), 18.65, QStringLiteral("GB")};
    math.setMath(QStringLiteral("Memory needed, H100 SXM5 (Llama 3 8B, fp16, batch 1)"),
                 {weights, kv, total});
    ok &= save(math, dir, QStringLiteral("math-panel"));

    GpuPicker picker;
    picker.resize(340, 520);
    auto gpu = [](const char *id, const char *name, const char *vendor, const char *arch,
                  const char *detail) {
        return GpuPickerEntry{QString::fromUtf8(id), QString::fromUtf8(name), QString::fromUtf8(vendor),
                              QString::fromUtf8(arch), QString::fromUtf8(detail)};
    };
    picker.setGpus({
        gpu("h100-sxm5", "H100 SXM5", "NVIDIA", "Hopper", "80 GB HBM3, 3,350 GB/s"),
        gpu("h100-pcie", "H100 PCIe", "NVIDIA", "Hopper", "80 GB HBM2e, 2,000 GB/s"),
        gpu("h200-sxm", "H200 SXM", "NVIDIA", "Hopper", "141 GB HBM3e, 4,800 GB/s"),
        gpu("a100-80gb-sxm4", "A100 80GB SXM4", "NVIDIA", "Ampere", "80 GB HBM2e, 2,039 GB/s"),
        gpu("a100-40gb-pcie", "A100 40GB PCIe", "NVIDIA", "Ampere", "40 GB HBM2, 1,555 GB/s"),
        gpu("rtx-a6000", "RTX A6000", "NVIDIA", "Ampere", "48 GB GDDR6, 768 GB/s"),
        gpu("l40s", "L40S", "NVIDIA", "Ada Lovelace", "48 GB GDDR6, 864 GB/s"),
        gpu("l4", "L4", "NVIDIA", "Ada Lovelace", "24 GB GDDR6, 300 GB/s"),
        gpu("rtx-4090", "RTX 4090", "NVIDIA", "Ada Lovelace", "24 GB GDDR6X, 1,008 GB/s"),
        gpu("b200", "B200", "NVIDIA", "Blackwell", "180 GB HBM3e, 8,000 GB/s"),
        gpu("mi300x", "MI300X", "AMD", "CDNA 3", "192 GB HBM3, 5,300 GB/s"),
        gpu("mi325x", "MI325X", "AMD", "CDNA 3", "256 GB HBM3e, 6,000 GB/s"),
    });
    picker.setChecked({QStringLiteral("h100-sxm5"), QStringLiteral("h200-sxm"),
                       QStringLiteral("a100-80gb-sxm4"), QStringLiteral("rtx-a6000"),
                       QStringLiteral("l40s")});
    ok &= save(picker, dir, QStringLiteral("gpu-picker"));
    picker.setFilterText(QStringLiteral("hbm3"));
    ok &= save(picker, dir, QStringLiteral("gpu-picker-filtered"));

    // The Catalogue tab over the bundled seed, with two unsaved edits and a refused value in an open editor.
    QTemporaryDir catalogueDir;
    const QString cataloguePath = catalogueDir.filePath(QStringLiteral("catalogue.db"));
    std::unique_ptr<Catalogue> catalogue;
    if (!Catalogue::createFromSeed(cataloguePath))
        catalogue = Catalogue::open(cataloguePath, nullptr);
    if (catalogue) {
        SpecTableModel specs;
        specs.session()->setCatalogue(catalogue.get());
        QString seedError;
        specs.setBundled(SeedCatalogue::load(&seedError)->gpus);
        CatalogueEditor editor(&specs);
        CatalogueTab tab;
        tab.setEditor(&editor);
        tab.resize(1280, 560);
        tab.show();
        editor.setValue(specs.session()->rowOf(QStringLiteral("h100_sxm5_80gb")), GpuField::UsdPerGpuHour,
                        2.49);
        editor.setValue(specs.session()->rowOf(QStringLiteral("l40s_48gb")), GpuField::TdpW, 325.0);
        // One in view next to the open editor: its cell shows both marks.
        editor.setValue(specs.session()->rowOf(QStringLiteral("a100_sxm4_80gb")),
                        GpuField::MemoryBandwidthGBs, 2100.0);
        const QModelIndex memoryCell = tab.proxy()->mapFromSource(tab.proxy()->sourceModel()->index(
            specs.session()->rowOf(QStringLiteral("a100_sxm4_80gb")), GpuField::MemoryGb));
        tab.view()->setCurrentIndex(memoryCell);
        tab.view()->edit(memoryCell);
        QApplication::processEvents();
        if (auto *spin = qobject_cast<SpecSpinBox *>(tab.view()->indexWidget(memoryCell))) {
            spin->setText(QStringLiteral("-80"));
            QTest::keyClick(spin, Qt::Key_Return);
        }
        tab.view()->scrollTo(memoryCell, QAbstractItemView::PositionAtCenter);
        QApplication::processEvents();
        ok &= save(tab, dir, QStringLiteral("catalogue-tab-editing"));
        // The same on a dark palette (the colours of the window's dark theme): the edit marks follow it.
        QPalette dark(QColor(0x2d, 0x2d, 0x30));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x20));
        dark.setColor(QPalette::AlternateBase, QColor(0x27, 0x27, 0x2a));
        dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3d));
        for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            dark.setColor(role, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Link, QColor(0x6c, 0xb8, 0xff));
        tab.setPalette(dark);
        ok &= save(tab, dir, QStringLiteral("catalogue-tab-editing-dark"));
    }

    return ok ? 0 : 1;
}
