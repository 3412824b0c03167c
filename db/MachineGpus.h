#pragma once

#include "db/GpuSpec.h"
#include "db/PciIds.h"

#include <QString>
#include <QStringList>
#include <QVector>

// The GPUs in this machine, read from sysfs (/sys/bus/pci/devices/*/{vendor,device,class}): no driver,
// no root rights and no vendor tool are needed, and a board whose driver failed to load is still seen.
// Only display controllers (PCI class 0x03: GeForce, RTX, Tesla/H100 "3D controllers", Instinct) and
// processing accelerators (0x12: Gaudi, some Instinct boards) count; NICs, NVSwitches and the audio
// function of a graphics board do not. A machine without sysfs (not Linux, a sandbox) has no devices:
// nothing is marked and nothing fails.
class MachineGpus
{
public:
    struct Device
    {
        QString address; // "0000:01:00.0"
        PciIds::Id id;
        quint32 pciClass = 0; // 0x030200
    };
    struct Found
    {
        QString gpuId;
        int count = 0;
    };
    struct Unclaimed
    {
        PciIds::Id id;
        int count = 0;
    };
    struct Matches
    {
        QVector<Found> found;         // catalogue GPUs in this machine, in catalogue order
        QVector<Unclaimed> unclaimed; // GPUs no catalogue row claims, by id, in the order seen
        int countOf(const QString &gpuId) const;
        QStringList gpuIds() const;
    };

    // sysfsRoot is where sysfs is mounted ("/sys"); tests point it at a fake tree holding
    // bus/pci/devices/<address>/{vendor,device,class}.
    explicit MachineGpus(const QString &sysfsRoot = defaultSysfsRoot());

    // $GPUCOMPARE_SYSFS_ROOT when set (tests of the window and the command line), else "/sys".
    static QString defaultSysfsRoot();

    // The folder read: <root>/bus/pci/devices.
    QString devicesPath() const;
    // Whether the PCI devices folder can be listed (a container without /sys has none: the machine's GPUs
    // are then unknown, not absent).
    bool readable() const;
    // Why this machine's GPUs cannot be known from the folder, "" when they can: it cannot be listed, it
    // is empty (every machine has a PCI host bridge, so an empty folder is a view that shows nothing), or
    // none of its devices' class can be read. Issue 60: such a machine was "no GPU found".
    QString whyUnknown() const;

    // The display controllers and processing accelerators, by address; empty when sysfs is unreadable.
    QVector<Device> devices() const;

    // Which catalogue GPUs the devices are, by their pci_ids, counted per GPU (a device two rows claim
    // counts for both). Devices no row claims are reported when their vendor is one the catalogue's
    // ids name (NVIDIA, AMD, Habana): a server's BMC VGA or a VM's virtual display is not a GPU to
    // compare.
    static Matches match(const QVector<Device> &devices, const QVector<GpuSpec> &gpus);

    // "10de:2330", as lspci -n and the catalogue write it.
    static QString idText(PciIds::Id id);

private:
    QString m_root;
};
