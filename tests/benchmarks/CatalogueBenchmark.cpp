// Catalogue at scale: opening a 10,000-GPU catalogue and filling SpecTableModel, and importing a
// 10,000-row CSV. Figures in docs/catalogue.md. Measured, never asserted.

#include "db/Catalogue.h"
#include "db/CatalogueExporter.h"
#include "db/CatalogueImporter.h"
#include "db/GpuRepository.h"
#include "db/SpecTableModel.h"
#include "tests/benchmarks/SyntheticCatalogue.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>

namespace {

using SyntheticCatalogue::kGpuCount;
using SyntheticCatalogue::largeCataloguePath;

void BM_OpenCatalogueAndFillModel(benchmark::State &state)
{
    const QString path = largeCataloguePath();
    for (auto _ : state) {
        auto catalogue = Catalogue::open(path, nullptr);
        SpecTableModel model;
        model.session()->setCatalogue(catalogue.get());
        benchmark::DoNotOptimize(model.rowCount());
        if (model.rowCount() != kGpuCount)
            state.SkipWithError("wrong row count");
    }
    state.SetLabel("10,000 GPUs: open (probe + quick_check) + read all rows into SpecTableModel");
}
BENCHMARK(BM_OpenCatalogueAndFillModel)->Unit(benchmark::kMillisecond);

void BM_DisplayEveryCell(benchmark::State &state)
{
    auto catalogue = Catalogue::open(largeCataloguePath(), nullptr);
    SpecTableModel model;
    model.session()->setCatalogue(catalogue.get());
    for (auto _ : state) {
        qsizetype characters = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            for (int column = 0; column < model.columnCount(); ++column)
                characters += model.index(row, column).data().toString().size();
        benchmark::DoNotOptimize(characters);
    }
    state.SetLabel("10,000 rows x 50 columns, Qt::DisplayRole with units");
}
BENCHMARK(BM_DisplayEveryCell)->Unit(benchmark::kMillisecond);

void BM_ImportCsv10000Rows(benchmark::State &state)
{
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("large.csv"));
    CatalogueExporter::exportToFile(SyntheticCatalogue::gpus(), csv);
    int run = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const QString file = dir.filePath(QStringLiteral("target-%1.db").arg(run++));
        auto catalogue = Catalogue::open(
            file, Catalogue::Options{Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed},
            nullptr);
        state.ResumeTiming();
        GpuRepository::SaveReport report;
        const CatalogueError error =
            CatalogueImporter::importFile(*catalogue, csv, GpuRepository::OnExisting::Update, &report);
        if (error || report.inserted != kGpuCount)
            state.SkipWithError("import failed");
    }
    state.SetLabel("parse + validate + insert 10,000 new GPUs in one transaction");
}
BENCHMARK(BM_ImportCsv10000Rows)->Unit(benchmark::kMillisecond);

void BM_ExportCsv10000Rows(benchmark::State &state)
{
    QTemporaryDir dir;
    auto catalogue = Catalogue::open(largeCataloguePath(), nullptr);
    const QString csv = dir.filePath(QStringLiteral("export.csv"));
    for (auto _ : state) {
        const QVector<GpuSpec> gpus = catalogue->gpus().list();
        if (CatalogueExporter::exportToFile(gpus, csv))
            state.SkipWithError("export failed");
    }
    state.SetLabel("read 10,000 GPUs + atomic CSV write");
}
BENCHMARK(BM_ExportCsv10000Rows)->Unit(benchmark::kMillisecond);

} // namespace
