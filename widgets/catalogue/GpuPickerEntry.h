#pragma once

#include <QString>

// One GPU the picker offers, prepared by a controller from the catalogue.
struct GpuPickerEntry
{
    QString id;           // stable catalogue id, e.g. "h100-sxm5"
    QString name;         // "H100 SXM5"
    QString vendor;       // "NVIDIA"
    QString architecture; // "Hopper"
    QString detail;       // "80 GB HBM3 · 3,350 GB/s"
    // Boards of this GPU found in this machine (MachineGpus); 0: none, or not known.
    int inThisMachine = 0;
};
