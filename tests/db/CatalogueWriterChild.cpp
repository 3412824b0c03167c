// A second process for the crash and concurrency tests. Modes:
//   catalogue_writer_child bulk DB N        adds N GPUs and rewrites every existing GPU's notes in one
//                                           saveAll transaction; prints "begin" before, "committed" after
//   catalogue_writer_child update DB GPU TEXT  sets GPU's notes to TEXT (optimistic update)

#include "db/Catalogue.h"
#include "db/GpuRepository.h"

#include <QCoreApplication>
#include <QSqlQuery>
#include <QTextStream>
#include <cstdio>

namespace {

int bulk(const Catalogue &catalogue, int count)
{
    // A tiny page cache makes SQLite spill pages into the WAL while the transaction runs, so a kill
    // lands in the middle of real file writes, not only before the first one.
    QSqlQuery(catalogue.connection()).exec(QStringLiteral("PRAGMA cache_size = 20"));
    GpuRepository repository = catalogue.gpus();
    QVector<GpuSpec> rows = repository.list();
    for (GpuSpec &gpu : rows)
        gpu.notes = QStringLiteral("bulk rewrite");
    for (int i = 0; i < count; ++i) {
        GpuSpec gpu;
        gpu.gpuId = QStringLiteral("bulk_%1").arg(i);
        gpu.vendor = QStringLiteral("Bulk");
        gpu.product = QStringLiteral("Row %1").arg(i);
        gpu.notes = QStringLiteral("bulk rewrite");
        gpu.memoryGb = 24 + i % 100;
        gpu.interconnectKind = QStringLiteral("none");
        rows.append(gpu);
    }
    std::puts("begin");
    std::fflush(stdout);
    if (CatalogueError error = repository.saveAll(rows)) {
        std::fprintf(stderr, "%s\n", qPrintable(error.message));
        return 1;
    }
    std::puts("committed");
    std::fflush(stdout);
    return 0;
}

int update(const Catalogue &catalogue, const QString &gpuId, const QString &text)
{
    GpuRepository repository = catalogue.gpus();
    std::optional<GpuSpec> gpu = repository.find(gpuId);
    if (!gpu)
        return 3;
    gpu->notes = text;
    if (CatalogueError error = repository.update(*gpu)) {
        std::fprintf(stderr, "%s\n", qPrintable(error.message));
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 3)
        return 2;
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue = Catalogue::open(arguments.at(2), &error);
    if (!catalogue) {
        std::fprintf(stderr, "%s\n", qPrintable(error.message));
        return 1;
    }
    if (arguments.at(1) == QStringLiteral("bulk") && arguments.size() == 4)
        return bulk(*catalogue, arguments.at(3).toInt());
    if (arguments.at(1) == QStringLiteral("update") && arguments.size() == 5)
        return update(*catalogue, arguments.at(3), arguments.at(4));
    return 2;
}
