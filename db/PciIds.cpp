#include "db/PciIds.h"

#include <QCoreApplication>
#include <QStringList>

namespace {

// Four hexadecimal digits, the width lspci and sysfs use for both halves.
std::optional<quint16> hex16(QStringView text)
{
    if (text.size() != 4)
        return std::nullopt;
    bool ok = false;
    const uint value = text.toUInt(&ok, 16);
    return ok ? std::optional<quint16>(quint16(value)) : std::nullopt;
}

std::optional<PciIds::Id> parseOne(QStringView item)
{
    const qsizetype colon = item.indexOf(u':');
    if (colon < 0)
        return std::nullopt;
    const std::optional<quint16> vendor = hex16(item.left(colon));
    const std::optional<quint16> device = hex16(item.mid(colon + 1));
    if (!vendor || !device)
        return std::nullopt;
    return PciIds::Id{*vendor, *device};
}

} // namespace

namespace PciIds {

std::optional<QVector<Id>> parse(const QString &text)
{
    QVector<Id> ids;
    if (text.trimmed().isEmpty())
        return ids;
    for (const QString &item : text.split(u',')) {
        const std::optional<Id> id = parseOne(QStringView(item).trimmed());
        if (!id)
            return std::nullopt;
        ids << *id;
    }
    return ids;
}

QString problem(const QString &text)
{
    if (parse(text))
        return {};
    return QCoreApplication::translate("GpuField",
                                       "must be PCI vendor:device ids in hexadecimal, such as 10de:2330, "
                                       "separated by commas (got '%1')")
        .arg(text.left(80));
}

} // namespace PciIds
