#pragma once

#include "db/GpuSpec.h"
#include "db/SystemSpec.h"

// The GPU as it sits in a system: the system's GPUs per node and scale-up link replace the chip's own
// (an NVL72 rack joins 72 GPUs, a PCIe server of H100 NVL bridges them in pairs), so every estimate that
// reads the GpuSpec places its groups on the system's domain. A value the system does not give keeps the
// GPU's. Its rental rate and its list price (shared by its GPUs) replace the GPU's prices, so an owned
// cost is the system's. The scale-up kind "ethernet" (Gaudi 3's RoCE ports) has no link model yet: the GPU's
// is kept.
GpuSpec gpuInSystem(GpuSpec gpu, const SystemSpec &system);
