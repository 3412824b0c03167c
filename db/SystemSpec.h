#pragma once

#include <QString>
#include <QStringList>
#include <optional>

// One system of the catalogue: what is bought or rented (an HGX B200 server, a GB200 NVL72 rack, a PCIe
// server of 8 L40S, a workstation with two RTX 4090s), as opposed to the chip (GpuSpec). A value the vendor
// does not publish is std::nullopt (NULL, "n/a" on screen), never 0; `sources` and `notes` say which.
// Units: scale-up bandwidth in GB/s per GPU, bidirectional (as NVLink and Infinity Fabric are quoted, the
// same unit as GpuSpec::interconnectGBs); NIC speed in Gb/s (as NICs are quoted: 400 Gb/s).
struct SystemSpec
{
    qint64 rowId = 0; // INTEGER PRIMARY KEY of the systems table; 0 before the row is inserted

    QString systemId;    // stable id (CLI, scenarios): hgx_h100
    QString name;        // "NVIDIA DGX H100 / HGX H100 (8 GPUs)"
    QString gpuId;       // the GPU it holds: a gpu_id of the catalogue
    int gpusPerNode = 1; // GPUs in one system as sold (a GB200 NVL72 rack is one system of 72)

    // The scale-up domain: the GPUs that reach each other without the network.
    std::optional<int> scaleUpGpus;
    std::optional<double> scaleUpGBsPerGpu; // bidirectional, per GPU
    QString scaleUpKind;                    // nvswitch, nvlink-bridge, infinity-fabric, ethernet, pcie

    // The scale-out network (compute fabric; storage and management NICs are left out).
    std::optional<int> nicsPerNode;
    std::optional<double> nicGbps;
    std::optional<bool> railOptimized;

    std::optional<double> hostMemoryGb;
    QString hostLink; // pcie4, pcie5, nvlink-c2c
    std::optional<double> nodePowerW;

    // How many of it one plan may use: 1 for a machine sold alone (a workstation); unset: any number.
    std::optional<int> maxSystems;

    std::optional<double> priceUsd; // list price of one system
    QString priceDate;              // when that price was published (YYYY or YYYY-MM)
    std::optional<double> usdPerGpuHour;
    QString rentalDate;

    QString sources; // per value: "gpus_per_node, nics: <url>; price: <url>"
    QString notes;

    int revision = 0;
    bool userModified = false;

    // Scale-out Gb/s per GPU: nics x Gb/s per NIC over the system's GPUs; nullopt when either is unknown.
    std::optional<double> networkGbpsPerGpu() const
    {
        if (!nicsPerNode || !nicGbps || gpusPerNode < 1)
            return std::nullopt;
        return *nicsPerNode * *nicGbps / gpusPerNode;
    }
    bool operator==(const SystemSpec &) const = default;
};

namespace SystemKinds {
// The scale-up kinds a system may name, in the order --help and errors list them.
inline QStringList all()
{
    return {QStringLiteral("nvswitch"), QStringLiteral("nvlink-bridge"), QStringLiteral("infinity-fabric"),
            QStringLiteral("ethernet"), QStringLiteral("pcie")};
}
} // namespace SystemKinds

// The systems table's value columns in order (rowId, revision and user_modified aside): the CSV's header and
// every statement's column list, one list for both.
inline const QStringList &systemValueColumns()
{
    static const QStringList columns{
        QStringLiteral("system_id"),        QStringLiteral("name"),
        QStringLiteral("gpu_id"),           QStringLiteral("gpus_per_node"),
        QStringLiteral("scale_up_gpus"),    QStringLiteral("scale_up_gbs_per_gpu"),
        QStringLiteral("scale_up_kind"),    QStringLiteral("nics_per_node"),
        QStringLiteral("nic_gbps"),         QStringLiteral("rail_optimized"),
        QStringLiteral("host_memory_gb"),   QStringLiteral("host_link"),
        QStringLiteral("node_power_w"),     QStringLiteral("max_systems"),
        QStringLiteral("price_usd"),        QStringLiteral("price_date"),
        QStringLiteral("usd_per_gpu_hour"), QStringLiteral("rental_date"),
        QStringLiteral("sources"),          QStringLiteral("notes"),
    };
    return columns;
}
