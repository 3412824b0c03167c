#include "db/SystemGpu.h"

GpuSpec gpuInSystem(GpuSpec gpu, const SystemSpec &system)
{
    gpu.gpusPerNode = system.gpusPerNode;
    // The systems table's kinds in the names GpuSpec::interconnectKind uses (docs/catalogue.md).
    QString kind;
    if (system.scaleUpKind == QLatin1String("nvswitch"))
        kind = QStringLiteral("nvlink-switch");
    else if (system.scaleUpKind == QLatin1String("nvlink-bridge") ||
             system.scaleUpKind == QLatin1String("infinity-fabric"))
        kind = system.scaleUpKind;
    else if (system.scaleUpKind == QLatin1String("pcie"))
        kind = QStringLiteral("none"); // GPUs talk over PCIe: no link of their own
    if (!kind.isEmpty())
        gpu.interconnectKind = kind;
    if (system.scaleUpGBsPerGpu && *system.scaleUpGBsPerGpu > 0.0) {
        if (system.scaleUpKind == QLatin1String("pcie"))
            gpu.pcieGBs = system.scaleUpGBsPerGpu;
        else if (!kind.isEmpty())
            gpu.interconnectGBs = system.scaleUpGBsPerGpu;
    }
    return gpu;
}
