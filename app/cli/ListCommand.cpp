#include "ListCommand.h"

#include "CliCatalogue.h"
#include "CliHelp.h"

#include <GpuField.h>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <Quantity.h>

namespace {

QJsonValue jsonNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QString padded(const QString &text, qsizetype width)
{
    return text.leftJustified(width, u' ');
}

int runList(const QStringList &arguments, CliContext &context)
{
    bool json = false;
    if (!CliHelp::readJsonFlag(QStringLiteral("list"), arguments, context, &json))
        return ExitCode::BadInput;
    const std::optional<CatalogueSnapshot> snapshot = loadCatalogueForCli(context);
    if (!snapshot)
        return ExitCode::Failure;

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
            gpus.append(object);
        }
        QJsonObject document;
        document.insert(QStringLiteral("count"), static_cast<int>(snapshot->gpus.size()));
        document.insert(QStringLiteral("gpus"), gpus);
        document.insert(QStringLiteral("read_only"), snapshot->readOnly);
        context.out << QString::fromUtf8(QJsonDocument(document).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }

    // As wide as the longest id and a space (rtx_pro_6000_server_96gb), at least 20.
    qsizetype idWidth = 20;
    for (const GpuSpec &gpu : snapshot->gpus)
        idWidth = std::max(idWidth, gpu.gpuId.size() + 1);
    context.out << padded(QStringLiteral("GPU id"), idWidth) << padded(QStringLiteral("Name"), 40)
                << padded(QStringLiteral("Memory"), 18) << padded(QStringLiteral("Bandwidth"), 12)
                << padded(QStringLiteral("FP16/BF16 dense"), 17) << QStringLiteral("TDP") << Qt::endl;
    for (const GpuSpec &gpu : snapshot->gpus) {
        context.out << padded(gpu.gpuId, idWidth) << padded(gpu.displayName().left(39), 40)
                    << padded(Quantity::format(gpu.memoryGb, QStringLiteral("GB")) + u' ' +
                                  gpu.memoryType.section(u' ', 0, 0),
                              18)
                    << padded(Quantity::format(gpu.memoryBandwidthGBs, QStringLiteral("GB/s")), 12)
                    << padded(Quantity::format(gpu.fp16DenseTflops, QStringLiteral("TFLOPS")), 17)
                    << Quantity::format(gpu.tdpW, QStringLiteral("W")) << Qt::endl;
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
                       QStringLiteral("list [--json]: the GPUs of the catalogue with their headline specs"), runList};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] list [--json]"),
            QCoreApplication::translate("cli", "The GPUs of the catalogue with their headline specs (dense "
                                               "tensor figures); the ids --gpu takes."),
            {QCommandLineOption(QStringList{QStringLiteral("json")},
                                QCoreApplication::translate("cli", "Print one JSON document instead of the "
                                                                   "table."))});
    };
    return command;
}
