#include "tests/benchmarks/SyntheticCatalogue.h"

#include "db/Catalogue.h"
#include "db/GpuRepository.h"

#include <QTemporaryDir>

namespace SyntheticCatalogue {

GpuSpec gpu(int i)
{
    GpuSpec gpu;
    gpu.gpuId = QStringLiteral("synthetic_%1").arg(i);
    gpu.vendor = i % 3 == 0 ? QStringLiteral("AMD") : QStringLiteral("NVIDIA");
    gpu.product = QStringLiteral("Card %1").arg(i);
    gpu.variant = QStringLiteral("%1GB").arg(16 + i % 256);
    gpu.architecture = i % 2 ? QStringLiteral("Hopper") : QStringLiteral("Ampere");
    gpu.releaseYear = 2020 + i % 6;
    gpu.fp32Tflops = 10.0 + i % 90;
    gpu.fp16DenseTflops = 100.0 + (i % 1000) * 0.5;
    gpu.fp16SparseTflops = 2 * *gpu.fp16DenseTflops;
    gpu.memoryGb = 16 + i % 256;
    gpu.memoryType = QStringLiteral("HBM3");
    gpu.memoryBandwidthGBs = 500.0 + i % 5000;
    gpu.tdpW = 300 + i % 700;
    gpu.interconnectKind = QStringLiteral("none");
    gpu.sources = QStringLiteral("https://example.com/datasheet/%1").arg(i);
    gpu.notes = QStringLiteral("synthetic row for the benchmark");
    return gpu;
}

QVector<GpuSpec> gpus(int count)
{
    QVector<GpuSpec> list;
    list.reserve(count);
    for (int i = 0; i < count; ++i)
        list.append(gpu(i));
    return list;
}

const QString &largeCataloguePath()
{
    static QTemporaryDir dir;
    static const QString path = [] {
        const QString file = dir.filePath(QStringLiteral("large.db"));
        auto catalogue = Catalogue::open(
            file, Catalogue::Options{Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed},
            nullptr);
        QVector<GpuSpec> extra = gpus(kGpuCount - catalogue->gpus().count());
        catalogue->gpus().saveAll(extra);
        return file;
    }();
    return path;
}

} // namespace SyntheticCatalogue
