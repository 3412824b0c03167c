#pragma once

#include <QString>
#include <QVector>
#include <optional>

// The PCI vendor:device ids a GPU's boards report (/sys/bus/pci/devices/*/{vendor,device}, `lspci -n`).
// The catalogue keeps them as text, "10de:2330" or a comma-separated list when one product ships under
// several device ids, so the user can read and edit them in the table like any other cell.
namespace PciIds {

struct Id
{
    quint16 vendor = 0;
    quint16 device = 0;
    bool operator==(const Id &other) const { return vendor == other.vendor && device == other.device; }
};

// Why text is not a list of vendor:device ids ("" when it is, or when it is empty).
QString problem(const QString &text);

// The ids of text; nullopt when problem() refuses it. Case and spaces around the commas do not matter.
std::optional<QVector<Id>> parse(const QString &text);

} // namespace PciIds
