#include "db/MachineGpus.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

namespace {

// The PCI base classes of the devices that are GPUs or AI accelerators.
constexpr quint32 kDisplayController = 0x03;
constexpr quint32 kProcessingAccelerator = 0x12;

// A sysfs attribute such as "0x10de\n"; nullopt when missing or not hexadecimal.
std::optional<quint32> readHex(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QByteArray text = file.read(64).trimmed();
    if (text.startsWith("0x") || text.startsWith("0X"))
        text.remove(0, 2);
    bool ok = false;
    const quint32 value = text.toUInt(&ok, 16);
    return ok && !text.isEmpty() ? std::optional<quint32>(value) : std::nullopt;
}

uint keyOf(PciIds::Id id)
{
    return (uint(id.vendor) << 16) | id.device;
}

} // namespace

int MachineGpus::Matches::countOf(const QString &gpuId) const
{
    for (const Found &gpu : found)
        if (gpu.gpuId == gpuId)
            return gpu.count;
    return 0;
}

QStringList MachineGpus::Matches::gpuIds() const
{
    QStringList ids;
    for (const Found &gpu : found)
        ids << gpu.gpuId;
    return ids;
}

MachineGpus::MachineGpus(const QString &sysfsRoot)
    : m_root(sysfsRoot)
{}

QString MachineGpus::defaultSysfsRoot()
{
    const QString root = qEnvironmentVariable("GPUCOMPARE_SYSFS_ROOT");
    return root.isEmpty() ? QStringLiteral("/sys") : root;
}

QString MachineGpus::devicesPath() const
{
    return QDir(m_root).filePath(QStringLiteral("bus/pci/devices"));
}

bool MachineGpus::readable() const
{
    const QFileInfo folder(devicesPath());
    return folder.isDir() && folder.isReadable();
}

QString MachineGpus::whyUnknown() const
{
    if (!readable())
        return QCoreApplication::translate("MachineGpus", "cannot read %1").arg(devicesPath());
    const QDir folder(devicesPath());
    const QStringList entries = folder.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    if (entries.isEmpty())
        return QCoreApplication::translate("MachineGpus", "%1 lists no device at all").arg(devicesPath());
    for (const QString &address : entries)
        if (readHex(QDir(folder.filePath(address)).filePath(QStringLiteral("class"))))
            return {};
    return QCoreApplication::translate("MachineGpus",
                                       "the class of none of the %n device(s) in %1 can be read", nullptr,
                                       int(entries.size()))
        .arg(devicesPath());
}

QVector<MachineGpus::Device> MachineGpus::devices() const
{
    QVector<Device> found;
    const QDir folder(devicesPath());
    // The entries are symbolic links to the devices' folders; Dirs lists those too.
    for (const QString &address : folder.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir device(folder.filePath(address));
        // An SR-IOV virtual function of a board on this host (its physfn link names the board) is a slice
        // of a GPU already counted; inside a VM the function's board is not visible, and it counts there.
        if (QFileInfo(device.filePath(QStringLiteral("physfn"))).isSymLink())
            continue;
        const std::optional<quint32> pciClass = readHex(device.filePath(QStringLiteral("class")));
        if (!pciClass)
            continue;
        const quint32 baseClass = *pciClass >> 16;
        if (baseClass != kDisplayController && baseClass != kProcessingAccelerator)
            continue;
        const std::optional<quint32> vendor = readHex(device.filePath(QStringLiteral("vendor")));
        const std::optional<quint32> deviceId = readHex(device.filePath(QStringLiteral("device")));
        if (!vendor || !deviceId || *vendor > 0xffff || *deviceId > 0xffff)
            continue;
        found.append({address, PciIds::Id{quint16(*vendor), quint16(*deviceId)}, *pciClass});
    }
    return found;
}

MachineGpus::Matches MachineGpus::match(const QVector<Device> &devices, const QVector<GpuSpec> &gpus)
{
    QHash<uint, QVector<qsizetype>> claimants; // device id -> the catalogue rows naming it
    QSet<quint16> knownVendors;
    for (qsizetype row = 0; row < gpus.size(); ++row) {
        const std::optional<QVector<PciIds::Id>> ids = PciIds::parse(gpus[row].pciIds);
        if (!ids)
            continue; // the table refuses such text; an older file may still hold it
        for (const PciIds::Id &id : *ids) {
            QVector<qsizetype> &rows = claimants[keyOf(id)];
            if (!rows.contains(row))
                rows << row;
            knownVendors.insert(id.vendor);
        }
    }

    QVector<int> counts(gpus.size(), 0);
    Matches matches;
    for (const Device &device : devices) {
        const auto claimed = claimants.constFind(keyOf(device.id));
        if (claimed != claimants.cend()) {
            for (qsizetype row : *claimed)
                ++counts[row];
            continue;
        }
        if (!knownVendors.contains(device.id.vendor))
            continue;
        const auto same = std::find_if(matches.unclaimed.begin(), matches.unclaimed.end(),
                                       [&](const Unclaimed &other) { return other.id == device.id; });
        if (same != matches.unclaimed.end())
            ++same->count;
        else
            matches.unclaimed.append({device.id, 1});
    }
    for (qsizetype row = 0; row < gpus.size(); ++row)
        if (counts[row] > 0)
            matches.found.append({gpus[row].gpuId, counts[row]});
    return matches;
}

QString MachineGpus::idText(PciIds::Id id)
{
    return QStringLiteral("%1:%2")
        .arg(id.vendor, 4, 16, QLatin1Char('0'))
        .arg(id.device, 4, 16, QLatin1Char('0'));
}
