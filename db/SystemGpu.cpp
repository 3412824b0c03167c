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
    // Priced as the system is sold and rented: its rate per GPU-hour, and its list price shared by its
    // GPUs (a rack's price includes its CPUs, switches and cooling, as an owner pays them). Power stays the
    // GPU's TDP: the node's rated input is a maximum, not what it draws.
    if (system.usdPerGpuHour) {
        gpu.usdPerGpuHour = system.usdPerGpuHour;
        gpu.usdPerGpuHourNote =
            QStringLiteral("%1's rental rate per GPU-hour (%2)")
                .arg(system.systemId,
                     system.rentalDate.isEmpty() ? QStringLiteral("undated") : system.rentalDate);
    }
    if (system.priceUsd && *system.priceUsd > 0.0 && system.gpusPerNode > 0) {
        gpu.priceUsd = *system.priceUsd / system.gpusPerNode;
        gpu.priceNote = QStringLiteral("%1's list price over its %2 GPUs (%3)")
                            .arg(system.systemId)
                            .arg(system.gpusPerNode)
                            .arg(system.priceDate.isEmpty() ? QStringLiteral("undated") : system.priceDate);
    }
    return gpu;
}
