#pragma once

#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

// A fake sysfs tree for the tests of this machine's GPUs: bus/pci/devices/<address>/{vendor,device,class}
// under a temporary folder, the files written as the kernel writes them ("0x10de\n").
class FakeSysfs
{
public:
    QString root() const { return m_dir.path(); }

    // vendor, device: "10de", "2330"; pciClass: "030200" (3D controller), "020000" (Ethernet).
    void addDevice(const QString &address, const char *vendor, const char *device, const char *pciClass)
    {
        const QString folder = m_dir.filePath(QStringLiteral("bus/pci/devices/") + address);
        QDir().mkpath(folder);
        write(folder + QStringLiteral("/vendor"), vendor);
        write(folder + QStringLiteral("/device"), device);
        write(folder + QStringLiteral("/class"), pciClass);
    }

    // The machine of the issue: two H100 SXM5, an RTX 4090 (with its HDMI audio function), a NIC, an
    // NVIDIA board no catalogue row names (a T4) and a BMC's VGA.
    void addIssueMachine()
    {
        addDevice(QStringLiteral("0000:01:00.0"), "10de", "2330", "030200");
        addDevice(QStringLiteral("0000:02:00.0"), "10de", "2330", "030200");
        addDevice(QStringLiteral("0000:03:00.0"), "10de", "2684", "030000");
        addDevice(QStringLiteral("0000:03:00.1"), "10de", "22ba", "040300");
        addDevice(QStringLiteral("0000:04:00.0"), "10de", "2330", "020000"); // an id on a NIC: not a GPU
        addDevice(QStringLiteral("0000:05:00.0"), "10de", "1eb8", "030200");
        addDevice(QStringLiteral("0000:06:00.0"), "1a03", "2000", "030000");
    }

private:
    static void write(const QString &path, const char *hex)
    {
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(QByteArray("0x") + hex + '\n');
    }

    QTemporaryDir m_dir;
};
