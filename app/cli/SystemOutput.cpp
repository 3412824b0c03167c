#include "app/cli/SystemOutput.h"

#include "app/ExitCodes.h"
#include "db/Quantity.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

template <typename T> QJsonValue orNull(const std::optional<T> &value)
{
    return value ? QJsonValue(double(*value)) : QJsonValue(QJsonValue::Null);
}

QString text(const std::optional<double> &value, const QString &unit)
{
    return Quantity::format(value, unit);
}

QString text(const std::optional<int> &value)
{
    return value ? QString::number(*value) : QStringLiteral("n/a");
}

std::optional<double> perSystemHour(const SystemSpec &system)
{
    if (!system.usdPerGpuHour)
        return std::nullopt;
    return *system.usdPerGpuHour * system.gpusPerNode;
}

} // namespace

namespace SystemOutput {

QJsonObject toJson(const SystemSpec &s)
{
    return QJsonObject{
        {QStringLiteral("system_id"), s.systemId},
        {QStringLiteral("name"), s.name},
        {QStringLiteral("gpu_id"), s.gpuId},
        {QStringLiteral("gpus_per_node"), s.gpusPerNode},
        {QStringLiteral("scale_up"),
         QJsonObject{{QStringLiteral("gpus"), orNull(s.scaleUpGpus)},
                     {QStringLiteral("gbps_per_gpu"), orNull(s.scaleUpGBsPerGpu)},
                     {QStringLiteral("kind"),
                      s.scaleUpKind.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s.scaleUpKind)}}},
        {QStringLiteral("scale_out"), QJsonObject{{QStringLiteral("nics"), orNull(s.nicsPerNode)},
                                                  {QStringLiteral("gbps_per_nic"), orNull(s.nicGbps)}}},
        {QStringLiteral("node_power_w"), orNull(s.nodePowerW)},
        {QStringLiteral("price_usd"), orNull(s.priceUsd)},
        {QStringLiteral("usd_per_hour"), orNull(perSystemHour(s))},
        {QStringLiteral("sources"), s.sources},
    };
}

int list(const CatalogueSnapshot &catalogue, bool json, CliContext &context)
{
    if (json) {
        QJsonArray systems;
        for (const SystemSpec &system : catalogue.systems)
            systems.append(toJson(system));
        context.out << QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("systems"), systems}}).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }
    qsizetype idWidth = 20;
    for (const SystemSpec &system : catalogue.systems)
        idWidth = std::max(idWidth, system.systemId.size() + 1);
    context.out << QStringLiteral("System id").leftJustified(idWidth)
                << QStringLiteral("GPUs").leftJustified(6) << QStringLiteral("GPU").leftJustified(26)
                << QStringLiteral("Scale-up").leftJustified(30) << QStringLiteral("Scale-out") << Qt::endl;
    for (const SystemSpec &s : catalogue.systems) {
        const QString scaleUp =
            QStringLiteral("%1 x %2 %3")
                .arg(text(s.scaleUpGpus), text(s.scaleUpGBsPerGpu, QStringLiteral("GB/s")), s.scaleUpKind);
        const QString scaleOut = s.nicsPerNode && s.nicGbps
                                     ? QStringLiteral("%1 x %2 Gb/s").arg(*s.nicsPerNode).arg(*s.nicGbps)
                                     : QStringLiteral("n/a");
        context.out << s.systemId.leftJustified(idWidth) << QString::number(s.gpusPerNode).leftJustified(6)
                    << s.gpuId.leftJustified(26) << scaleUp.leftJustified(30) << scaleOut << Qt::endl;
    }
    context.out << QCoreApplication::translate("cli",
                                               "%n system(s). `show SYSTEM` gives every value and its "
                                               "sources; --system SYSTEM estimates on one.",
                                               nullptr, int(catalogue.systems.size()))
                << Qt::endl;
    return ExitCode::Ok;
}

int show(const SystemSpec &s, bool json, CliContext &context)
{
    if (json) {
        QJsonObject object = toJson(s);
        object.insert(QStringLiteral("notes"), s.notes);
        context.out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }
    const auto row = [&context](const QString &label, const QString &value) {
        context.out << label.leftJustified(30) << value << Qt::endl;
    };
    const auto tr = [](const char *text) { return QCoreApplication::translate("cli", text); };
    context.out << QStringLiteral("%1 (%2)").arg(s.name, s.systemId) << Qt::endl;
    row(tr("GPU"), s.gpuId);
    row(tr("GPUs per system"), QString::number(s.gpusPerNode));
    row(tr("Scale-up domain"), QStringLiteral("%1 GPUs, %2 per GPU, %3")
                                   .arg(text(s.scaleUpGpus), text(s.scaleUpGBsPerGpu, QStringLiteral("GB/s")),
                                        s.scaleUpKind.isEmpty() ? QStringLiteral("n/a") : s.scaleUpKind));
    row(tr("Scale-out NICs"), s.nicsPerNode && s.nicGbps
                                  ? QStringLiteral("%1 x %2 Gb/s").arg(*s.nicsPerNode).arg(*s.nicGbps)
                                  : QStringLiteral("n/a"));
    row(tr("Network per GPU"), text(s.networkGbpsPerGpu(), QStringLiteral("Gb/s")));
    row(tr("Rail-optimised"), !s.railOptimized   ? QStringLiteral("n/a")
                              : *s.railOptimized ? tr("yes")
                                                 : tr("no"));
    row(tr("Host memory"), text(s.hostMemoryGb, QStringLiteral("GB")));
    row(tr("Host link"), s.hostLink.isEmpty() ? QStringLiteral("n/a") : s.hostLink);
    row(tr("Power"), text(s.nodePowerW, QStringLiteral("W")));
    row(tr("Most systems in a plan"), s.maxSystems ? QString::number(*s.maxSystems) : tr("any number"));
    row(tr("List price"), text(s.priceUsd, QStringLiteral("USD")) +
                              (s.priceDate.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.priceDate)));
    row(tr("Rental"), text(s.usdPerGpuHour, QStringLiteral("USD/GPU-hour")) +
                          (s.rentalDate.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.rentalDate)));
    row(tr("Sources"), s.sources);
    row(tr("Notes"), s.notes);
    return ExitCode::Ok;
}

} // namespace SystemOutput
