#include "app/cli/ListCommand.h"

#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "app/cli/SystemOutput.h"
#include "db/GpuField.h"
#include "db/MachineGpus.h"
#include "db/MessageText.h"
#include "db/Quantity.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

QJsonValue jsonNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QString padded(const QString &text, qsizetype width)
{
    return text.leftJustified(width, u' ');
}

// The GPUs of this machine no catalogue row claims, by id, so the user can add them (pci_ids column).
void printNotInCatalogue(const MachineGpus::Matches &matches, CliContext &context)
{
    for (const MachineGpus::Unclaimed &device : matches.unclaimed) {
        const QString id = MachineGpus::idText(device.id);
        context.out << (device.count == 1
                            ? QCoreApplication::translate("cli", "a GPU %1 not in the catalogue").arg(id)
                            : QCoreApplication::translate("cli", "%1 GPUs %2 not in the catalogue")
                                  .arg(device.count)
                                  .arg(id))
                    << Qt::endl;
    }
}

int runList(const QStringList &arguments, CliContext &context)
{
    bool json = false;
    bool here = false;
    bool systems = false;
    for (const QString &argument : arguments) {
        if (argument == QLatin1String("--json")) {
            json = true;
        } else if (argument == QLatin1String("--systems")) {
            systems = true;
        } else if (argument == QLatin1String("--here")) {
            here = true;
        } else {
            context.err << CliHelp::programName() << ": "
                        << QCoreApplication::translate(
                               "cli", "list: unexpected argument '%1' (allowed: --here, --systems, --json)")
                               .arg(MessageText::cut(argument))
                        << Qt::endl;
            return ExitCode::BadInput;
        }
    }
    if (systems && here) {
        context.err << CliHelp::programName() << ": "
                    << QCoreApplication::translate("cli", "list: --systems and --here: choose one")
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    std::optional<CatalogueSnapshot> snapshot = loadCatalogueForCli(context);
    if (!snapshot)
        return ExitCode::Failure;
    if (systems)
        return SystemOutput::list(*snapshot, json, context);

    // --here: only the GPUs found in this machine, each with how many.
    const MachineGpus machine;
    MachineGpus::Matches matches;
    if (const QString why = here ? machine.whyUnknown() : QString(); !why.isEmpty()) {
        // Unknown is not none: without the PCI bus (a container without /sys) nothing can be said.
        context.err << QCoreApplication::translate("cli", "gpucompare: list --here: could not look: %1, so "
                                                          "this machine's GPUs are unknown (no PCI bus "
                                                          "visible: a container without /sys?)")
                           .arg(why)
                    << Qt::endl;
        return ExitCode::Failure;
    }
    if (here) {
        matches = MachineGpus::match(machine.devices(), snapshot->gpus);
        QVector<GpuSpec> found;
        for (const GpuSpec &gpu : snapshot->gpus)
            if (matches.countOf(gpu.gpuId) > 0)
                found << gpu;
        snapshot->gpus = found;
    }

    if (json) {
        QJsonArray gpus;
        for (const GpuSpec &gpu : snapshot->gpus) {
            QJsonObject object;
            object.insert(QStringLiteral("gpu_id"), gpu.gpuId);
            object.insert(QStringLiteral("name"), gpu.displayName());
            object.insert(QStringLiteral("vendor"), gpu.vendor);
            object.insert(QStringLiteral("architecture"), gpu.architecture);
            object.insert(QStringLiteral("memory_gb"), jsonNumber(gpu.memoryGb));
            object.insert(QStringLiteral("memory_type"), gpu.memoryType);
            object.insert(QStringLiteral("memory_bandwidth_gbs"), jsonNumber(gpu.memoryBandwidthGBs));
            object.insert(QStringLiteral("fp16_dense_tflops"), jsonNumber(gpu.fp16DenseTflops));
            object.insert(QStringLiteral("fp16_sparse_tflops"), jsonNumber(gpu.fp16SparseTflops));
            object.insert(QStringLiteral("fp8_dense_tflops"), jsonNumber(gpu.fp8DenseTflops));
            object.insert(QStringLiteral("tdp_w"), jsonNumber(gpu.tdpW));
            object.insert(QStringLiteral("interconnect_kind"), gpu.interconnectKind);
            object.insert(QStringLiteral("usd_per_gpu_hour"), jsonNumber(gpu.usdPerGpuHour));
            object.insert(QStringLiteral("user_modified"), gpu.userModified);
            object.insert(QStringLiteral("pci_ids"), gpu.pciIds);
            if (here)
                object.insert(QStringLiteral("count_in_machine"), matches.countOf(gpu.gpuId));
            gpus.append(object);
        }
        QJsonObject document;
        document.insert(QStringLiteral("count"), static_cast<int>(snapshot->gpus.size()));
        document.insert(QStringLiteral("gpus"), gpus);
        if (here) {
            QJsonArray unclaimed;
            for (const MachineGpus::Unclaimed &device : matches.unclaimed)
                unclaimed.append(QJsonObject{{QStringLiteral("pci_id"), MachineGpus::idText(device.id)},
                                             {QStringLiteral("count"), device.count}});
            document.insert(QStringLiteral("machine"),
                            QJsonObject{{QStringLiteral("read"), machine.devicesPath()},
                                        {QStringLiteral("not_in_catalogue"), unclaimed}});
        }
        document.insert(QStringLiteral("read_only"), snapshot->readOnly);
        context.out << QString::fromUtf8(QJsonDocument(document).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }

    if (here && snapshot->gpus.isEmpty()) {
        context.out << QCoreApplication::translate("cli",
                                                   "no GPU of the catalogue found in this machine (read %1)")
                           .arg(machine.devicesPath())
                    << Qt::endl;
        printNotInCatalogue(matches, context);
        return ExitCode::Ok;
    }
    // As wide as the longest id and a space (rtx_pro_6000_server_96gb), at least 20.
    qsizetype idWidth = 20;
    for (const GpuSpec &gpu : snapshot->gpus)
        idWidth = std::max(idWidth, gpu.gpuId.size() + 1);
    if (here)
        context.out << padded(QCoreApplication::translate("cli", "Count"), 7);
    context.out << padded(QStringLiteral("GPU id"), idWidth) << padded(QStringLiteral("Name"), 40)
                << padded(QStringLiteral("Memory"), 18) << padded(QStringLiteral("Bandwidth"), 12)
                << padded(QStringLiteral("FP16/BF16 dense"), 17) << QStringLiteral("TDP") << Qt::endl;
    for (const GpuSpec &gpu : snapshot->gpus) {
        if (here)
            context.out << padded(QStringLiteral("%1 \u00d7").arg(matches.countOf(gpu.gpuId)), 7);
        context.out << padded(gpu.gpuId, idWidth) << padded(gpu.displayName().left(39), 40)
                    << padded(Quantity::format(gpu.memoryGb, QStringLiteral("GB")) + u' ' +
                                  gpu.memoryType.section(u' ', 0, 0),
                              18)
                    << padded(Quantity::format(gpu.memoryBandwidthGBs, QStringLiteral("GB/s")), 12)
                    << padded(Quantity::format(gpu.fp16DenseTflops, QStringLiteral("TFLOPS")), 17)
                    << Quantity::format(gpu.tdpW, QStringLiteral("W")) << Qt::endl;
    }
    if (here) {
        int boards = 0;
        for (const MachineGpus::Found &gpu : matches.found)
            boards += gpu.count;
        context.out << QCoreApplication::translate(
                           "cli", "%n GPU(s) of the catalogue found in this machine (read %1).", nullptr,
                           boards)
                           .arg(machine.devicesPath())
                    << Qt::endl;
        printNotInCatalogue(matches, context);
        return ExitCode::Ok;
    }
    context.out << QCoreApplication::translate(
                       "cli",
                       "%1 GPUs. Tensor figures are dense; `show GPU` gives sparse figures and sources.")
                       .arg(snapshot->gpus.size())
                << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand listCommand()
{
    CliCommand command{QStringLiteral("list"),
                       QStringLiteral("list [--here | --systems] [--json]: the GPUs (or systems) of the "
                                      "catalogue with their headline specs"),
                       runList};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] list [--here | --systems] [--json]"),
            QCoreApplication::translate("cli", "The GPUs of the catalogue with their headline specs (dense "
                                               "tensor figures); the ids --gpu takes."),
            {QCommandLineOption(QStringList{QStringLiteral("here")},
                                QCoreApplication::translate("cli",
                                                            "Only the GPUs found in this machine, with how "
                                                            "many of each, by their PCI ids in "
                                                            "/sys/bus/pci/devices (no driver needed).")),
             QCommandLineOption(QStringList{QStringLiteral("systems")},
                                QCoreApplication::translate("cli",
                                                            "The systems instead: servers, racks and "
                                                            "workstations with their GPUs, scale-up "
                                                            "domain, network, power and prices (the ids "
                                                            "--system takes).")),
             QCommandLineOption(QStringList{QStringLiteral("json")},
                                QCoreApplication::translate("cli", "Print one JSON document instead of the "
                                                                   "table."))});
    };
    return command;
}
