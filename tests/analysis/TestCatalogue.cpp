#include "tests/analysis/TestCatalogue.h"

#include "db/SeedCatalogue.h"

#include <gtest/gtest.h>

namespace TestCatalogue {

namespace {

GpuSpec base(const char *id, const char *product, const char *variant, const char *architecture)
{
    GpuSpec gpu;
    gpu.gpuId = QString::fromLatin1(id);
    gpu.vendor = QStringLiteral("NVIDIA");
    gpu.product = QString::fromLatin1(product);
    gpu.variant = QString::fromLatin1(variant);
    gpu.architecture = QString::fromLatin1(architecture);
    gpu.pcieGBs = 128.0;
    return gpu;
}

QString seed(const char *file)
{
    return QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/") + QString::fromLatin1(file);
}

} // namespace

GpuSpec h100Sxm()
{
    GpuSpec gpu = base("h100_sxm5_80gb", "H100", "SXM5 80GB", "Hopper");
    gpu.computeUnits = 132;
    gpu.boostClockMhz = 1980;
    gpu.fp32Tflops = 67;
    gpu.tf32DenseTflops = 494.7;
    gpu.fp16DenseTflops = 989.4;
    gpu.fp16SparseTflops = 1979;
    gpu.fp8DenseTflops = 1978.9;
    gpu.int8DenseTops = 1979;
    gpu.memoryGb = 80;
    gpu.memoryType = QStringLiteral("HBM3");
    gpu.memoryBandwidthGBs = 3350;
    gpu.achievableMatmulTflops = 794.5;
    gpu.achievableMemoryGBs = 2970;
    gpu.tdpW = 700;
    gpu.interconnectKind = QStringLiteral("nvlink-switch");
    gpu.interconnectGBs = 900;
    gpu.usdPerGpuHour = 2.99;
    return gpu;
}

GpuSpec h200Sxm()
{
    GpuSpec gpu = h100Sxm();
    gpu.gpuId = QStringLiteral("h200_sxm_141gb");
    gpu.product = QStringLiteral("H200");
    gpu.variant = QStringLiteral("SXM 141GB");
    gpu.memoryGb = 141;
    gpu.memoryType = QStringLiteral("HBM3e");
    gpu.memoryBandwidthGBs = 4800;
    gpu.achievableMatmulTflops = 794.5;
    gpu.achievableMemoryGBs = 4150;
    gpu.usdPerGpuHour = 3.79;
    return gpu;
}

GpuSpec a100Sxm80()
{
    GpuSpec gpu = base("a100_sxm4_80gb", "A100", "SXM4 80GB", "Ampere");
    gpu.computeUnits = 108;
    gpu.boostClockMhz = 1410;
    gpu.fp32Tflops = 19.5;
    gpu.tf32DenseTflops = 156;
    gpu.fp16DenseTflops = 312;
    gpu.fp16SparseTflops = 624;
    gpu.int8DenseTops = 624;
    gpu.memoryGb = 80;
    gpu.memoryType = QStringLiteral("HBM2e");
    gpu.memoryBandwidthGBs = 2039;
    gpu.achievableMatmulTflops = 271.2;
    gpu.achievableMemoryGBs = 1700;
    gpu.tdpW = 400;
    gpu.interconnectKind = QStringLiteral("nvlink-switch");
    gpu.interconnectGBs = 600;
    gpu.pcieGBs = 64;
    gpu.usdPerGpuHour = 1.79;
    return gpu;
}

GpuSpec l40s()
{
    GpuSpec gpu = base("l40s_48gb", "L40S", "48GB", "Ada Lovelace");
    gpu.fp32Tflops = 91.6;
    gpu.tf32DenseTflops = 183;
    gpu.fp16DenseTflops = 362.05;
    gpu.fp16SparseTflops = 733;
    gpu.fp8DenseTflops = 733;
    gpu.int8DenseTops = 733;
    gpu.memoryGb = 48;
    gpu.memoryType = QStringLiteral("GDDR6 (ECC)");
    gpu.memoryBandwidthGBs = 864;
    gpu.achievableMatmulTflops = 269.15;
    gpu.tdpW = 350;
    gpu.interconnectKind = QStringLiteral("none");
    gpu.pcieGBs = 64;
    gpu.usdPerGpuHour = 0.99;
    return gpu;
}

GpuSpec rtxA6000()
{
    GpuSpec gpu = base("rtx_a6000_48gb", "RTX A6000", "48GB", "Ampere");
    gpu.fp32Tflops = 38.7;
    gpu.tf32DenseTflops = 77.4;
    gpu.fp16DenseTflops = 154.8;
    gpu.fp16SparseTflops = 309.7;
    gpu.int8DenseTops = 309.7;
    gpu.memoryGb = 48;
    gpu.memoryType = QStringLiteral("GDDR6 (ECC)");
    gpu.memoryBandwidthGBs = 768;
    gpu.achievableMatmulTflops = 123.34;
    gpu.tdpW = 300;
    gpu.interconnectKind = QStringLiteral("nvlink-bridge");
    gpu.interconnectGBs = 112.5;
    gpu.pcieGBs = 64;
    gpu.usdPerGpuHour = 0.79;
    return gpu;
}

QVector<GpuSpec> fiveFromTheArticle()
{
    return {h100Sxm(), a100Sxm80(), h200Sxm(), rtxA6000(), l40s()};
}

GpuSpec seedGpu(const QString &gpuId)
{
    QString error;
    const std::optional<SeedData> data = SeedCatalogue::load(&error, seed(""));
    EXPECT_TRUE(data.has_value()) << error.toStdString();
    if (data)
        for (const GpuSpec &gpu : data->gpus)
            if (gpu.gpuId == gpuId)
                return gpu;
    ADD_FAILURE() << "no GPU " << gpuId.toStdString() << " in the seed";
    return {};
}

ModelSpec model(const QString &modelId)
{
    QString error;
    const auto models = SeedCatalogue::readModels(seed("models.json"), &error);
    EXPECT_TRUE(models.has_value()) << error.toStdString();
    if (models)
        for (const ModelSpec &m : *models)
            if (m.modelId == modelId)
                return m;
    ADD_FAILURE() << "no preset " << modelId.toStdString();
    return {};
}

EfficiencyParameters profile(const QString &profileId)
{
    QString error;
    const auto profiles = SeedCatalogue::readProfiles(seed("profiles.json"), &error);
    EXPECT_TRUE(profiles.has_value()) << error.toStdString();
    if (profiles)
        for (const EfficiencyProfile &p : *profiles)
            if (p.profileId == profileId) {
                const auto parameters = EfficiencyParameters::fromProfile(p, &error);
                EXPECT_TRUE(parameters.has_value()) << error.toStdString();
                if (parameters)
                    return *parameters;
            }
    ADD_FAILURE() << "no profile " << profileId.toStdString();
    return EfficiencyParameters::roofline();
}

CatalogueSnapshot snapshot()
{
    CatalogueSnapshot catalogue;
    catalogue.gpus = fiveFromTheArticle();
    QString error;
    const auto models = SeedCatalogue::readModels(seed("models.json"), &error);
    EXPECT_TRUE(models.has_value()) << error.toStdString();
    const auto profiles = SeedCatalogue::readProfiles(seed("profiles.json"), &error);
    EXPECT_TRUE(profiles.has_value()) << error.toStdString();
    catalogue.models = models.value_or(QVector<ModelSpec>());
    catalogue.profiles = profiles.value_or(QVector<EfficiencyProfile>());
    return catalogue;
}

const Estimate &find(const QVector<Estimate> &all, const QString &gpuId)
{
    for (const Estimate &e : all)
        if (e.gpuId == gpuId)
            return e;
    static Estimate none;
    ADD_FAILURE() << "no estimate for " << gpuId.toStdString();
    return none;
}

} // namespace TestCatalogue
