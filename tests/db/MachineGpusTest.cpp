// This machine's GPUs (issue 23): the boards' PCI ids in the seed, in catalogues upgraded to schema 4
// and in the table, and the GPUs found in a (fake) sysfs tree matched to the catalogue by them.

#include "db/MachineGpus.h"

#include "db/CatalogueExporter.h"
#include "db/CatalogueImporter.h"
#include "db/CatalogueSchema.h"
#include "db/DatasheetCsvParser.h"
#include "db/GpuField.h"
#include "db/SeedCatalogue.h"
#include "db/SpecTableModel.h"
#include "tests/db/FakeSysfs.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QFile>
#include <QHash>
#include <gtest/gtest.h>

namespace {

QVector<GpuSpec> seedGpus()
{
    QString error;
    const std::optional<SeedData> seed = SeedCatalogue::load(&error);
    EXPECT_TRUE(seed) << error.toStdString();
    return seed ? seed->gpus : QVector<GpuSpec>();
}

std::string ids(const MachineGpus::Matches &matches)
{
    QStringList parts;
    for (const MachineGpus::Found &gpu : matches.found)
        parts << QStringLiteral("%1 x%2").arg(gpu.gpuId).arg(gpu.count);
    for (const MachineGpus::Unclaimed &device : matches.unclaimed)
        parts << QStringLiteral("unclaimed %1 x%2").arg(MachineGpus::idText(device.id)).arg(device.count);
    return parts.join(QStringLiteral(", ")).toStdString();
}

} // namespace

TEST(MachineGpus, AnH100PairAndAnRtx4090AreFoundAndCounted)
{
    FakeSysfs sysfs;
    sysfs.addIssueMachine();
    const MachineGpus machine(sysfs.root());
    const MachineGpus::Matches matches = MachineGpus::match(machine.devices(), seedGpus());

    ASSERT_EQ(matches.found.size(), 2) << ids(matches);
    EXPECT_EQ(matches.countOf(QStringLiteral("h100_sxm5_80gb")), 2) << "the NIC with an H100's id is no GPU";
    EXPECT_EQ(matches.countOf(QStringLiteral("rtx_4090_24gb")), 1) << "its HDMI audio function is no GPU";
    EXPECT_EQ(matches.countOf(QStringLiteral("h100_pcie_80gb")), 0);
    EXPECT_EQ(matches.gpuIds(),
              (QStringList{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("rtx_4090_24gb")}))
        << "in catalogue order";

    // The NVIDIA board no row names is reported by its id; the BMC's VGA (ASPEED 1a03) is not a GPU to
    // compare and is left out.
    ASSERT_EQ(matches.unclaimed.size(), 1) << ids(matches);
    EXPECT_EQ(MachineGpus::idText(matches.unclaimed.first().id), QStringLiteral("10de:1eb8"));
    EXPECT_EQ(matches.unclaimed.first().count, 1);
}

TEST(MachineGpus, OnlyDisplayControllersAndProcessingAcceleratorsAreRead)
{
    FakeSysfs sysfs;
    sysfs.addIssueMachine();
    sysfs.addDevice(QStringLiteral("0000:07:00.0"), "1002", "74a1", "120000"); // MI300X: accelerator class
    sysfs.addDevice(QStringLiteral("0000:08:00.0"), "zz", "2330", "030200");   // unreadable: skipped
    sysfs.addDevice(QStringLiteral("0000:09:00.0"), "10de", "2330", "");       // no class: skipped
    const MachineGpus machine(sysfs.root());
    const QVector<MachineGpus::Device> devices = machine.devices();
    QStringList addresses;
    for (const MachineGpus::Device &device : devices)
        addresses << device.address;
    EXPECT_EQ(addresses, (QStringList{QStringLiteral("0000:01:00.0"), QStringLiteral("0000:02:00.0"),
                                      QStringLiteral("0000:03:00.0"), QStringLiteral("0000:05:00.0"),
                                      QStringLiteral("0000:06:00.0"), QStringLiteral("0000:07:00.0")}));
    EXPECT_EQ(devices.first().pciClass, 0x030200u);
    EXPECT_EQ(devices.first().id, (PciIds::Id{0x10de, 0x2330}));
    EXPECT_EQ(MachineGpus::match(devices, seedGpus()).countOf(QStringLiteral("mi300x_192gb")), 1);
    EXPECT_EQ(machine.devicesPath(), sysfs.root() + QStringLiteral("/bus/pci/devices"));
}

// A host with SR-IOV on: the MI300X's virtual functions (74b5, each with a physfn link to the board) are
// slices of the one board, not more boards. In a VM only the function is visible, and it counts.
TEST(MachineGpus, VirtualFunctionsOfABoardOnThisHostAreNotCountedAgain)
{
    FakeSysfs sysfs;
    sysfs.addDevice(QStringLiteral("0000:07:00.0"), "1002", "74a1", "120000");
    for (const char *vf : {"0000:07:02.0", "0000:07:02.1"}) {
        const QString address = QString::fromLatin1(vf);
        sysfs.addDevice(address, "1002", "74b5", "120000");
        ASSERT_TRUE(QFile::link(sysfs.root() + QStringLiteral("/bus/pci/devices/0000:07:00.0"),
                                sysfs.root() + QStringLiteral("/bus/pci/devices/") + address +
                                    QStringLiteral("/physfn")));
    }
    EXPECT_EQ(MachineGpus::match(MachineGpus(sysfs.root()).devices(), seedGpus())
                  .countOf(QStringLiteral("mi300x_192gb")),
              1);

    FakeSysfs guest;
    guest.addDevice(QStringLiteral("0000:00:05.0"), "1002", "74b5", "120000");
    EXPECT_EQ(MachineGpus::match(MachineGpus(guest.root()).devices(), seedGpus())
                  .countOf(QStringLiteral("mi300x_192gb")),
              1);
}

TEST(MachineGpus, NoSysfsMeansNoMarkAndNoError)
{
    const MachineGpus missing(QStringLiteral("/nonexistent/gpucompare-test-sysfs"));
    EXPECT_TRUE(missing.devices().isEmpty());
    const MachineGpus::Matches matches = MachineGpus::match(missing.devices(), seedGpus());
    EXPECT_TRUE(matches.found.isEmpty());
    EXPECT_TRUE(matches.unclaimed.isEmpty());
    EXPECT_EQ(matches.countOf(QStringLiteral("h100_sxm5_80gb")), 0);

    FakeSysfs empty; // sysfs without PCI devices (a container)
    EXPECT_TRUE(MachineGpus(empty.root()).devices().isEmpty());
}

TEST(MachineGpus, TheRootComesFromTheEnvironmentElseSys)
{
    const QByteArray saved = qgetenv("GPUCOMPARE_SYSFS_ROOT");
    qputenv("GPUCOMPARE_SYSFS_ROOT", "/tmp/fake-sys");
    EXPECT_EQ(MachineGpus::defaultSysfsRoot(), QStringLiteral("/tmp/fake-sys"));
    EXPECT_EQ(MachineGpus().devicesPath(), QStringLiteral("/tmp/fake-sys/bus/pci/devices"));
    qunsetenv("GPUCOMPARE_SYSFS_ROOT");
    EXPECT_EQ(MachineGpus::defaultSysfsRoot(), QStringLiteral("/sys"));
    if (!saved.isNull())
        qputenv("GPUCOMPARE_SYSFS_ROOT", saved);
}

TEST(MachineGpus, RowsNamingTheSameBoardBothCountAndBadTextIsIgnored)
{
    GpuSpec seedH100;
    seedH100.gpuId = QStringLiteral("h100_sxm5_80gb");
    seedH100.pciIds = QStringLiteral("10de:2330");
    GpuSpec myCopy = seedH100;
    myCopy.gpuId = QStringLiteral("my_h100_tuned");
    myCopy.pciIds = QStringLiteral("10DE:2330, 10de:2331");
    GpuSpec broken;
    broken.gpuId = QStringLiteral("broken");
    broken.pciIds = QStringLiteral("10de-2684"); // written outside the app: not read, not fatal

    const QVector<MachineGpus::Device> devices{{QStringLiteral("0000:01:00.0"), {0x10de, 0x2330}, 0x030200},
                                               {QStringLiteral("0000:02:00.0"), {0x10de, 0x2684}, 0x030000}};
    const MachineGpus::Matches matches = MachineGpus::match(devices, {seedH100, myCopy, broken});
    EXPECT_EQ(matches.countOf(QStringLiteral("h100_sxm5_80gb")), 1);
    EXPECT_EQ(matches.countOf(QStringLiteral("my_h100_tuned")), 1);
    EXPECT_EQ(matches.countOf(QStringLiteral("broken")), 0);
    ASSERT_EQ(matches.unclaimed.size(), 1) << ids(matches);
    EXPECT_EQ(MachineGpus::idText(matches.unclaimed.first().id), QStringLiteral("10de:2684"));
}

// The seed: every GPU has the ids of resources/seed/gpu-pci-ids.csv (pci.ids and NVIDIA's driver
// table, cited there), and no board id belongs to two seed GPUs.
TEST(PciIdsSeed, EverySeedGpuHasItsBoardsIdsAndNoIdIsShared)
{
    const QVector<GpuSpec> gpus = seedGpus();
    ASSERT_FALSE(gpus.isEmpty());
    QHash<QString, QString> owner;
    for (const GpuSpec &gpu : gpus) {
        const auto parsed = PciIds::parse(gpu.pciIds);
        ASSERT_TRUE(parsed) << gpu.gpuId.toStdString();
        EXPECT_FALSE(parsed->isEmpty()) << gpu.gpuId.toStdString() << " has no PCI id";
        for (const PciIds::Id &id : *parsed) {
            const QString text = MachineGpus::idText(id);
            EXPECT_FALSE(owner.contains(text))
                << text.toStdString() << " is claimed by " << owner.value(text).toStdString() << " and "
                << gpu.gpuId.toStdString();
            owner.insert(text, gpu.gpuId);
        }
    }
    // pci.ids 2023.04.10: 2330 "GH100[H100 SXM5 80GB]", 2684 "AD102 [GeForce RTX 4090]".
    EXPECT_EQ(owner.value(QStringLiteral("10de:2330")), QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(owner.value(QStringLiteral("10de:2684")), QStringLiteral("rtx_4090_24gb"));
    // pci.ids 2026.05.24: 2335 "GH100 [H200 SXM 141GB]", 74a1 "Aqua Vanjaram [Instinct MI300X]".
    EXPECT_EQ(owner.value(QStringLiteral("10de:2335")), QStringLiteral("h200_sxm_141gb"));
    EXPECT_EQ(owner.value(QStringLiteral("1002:74a1")), QStringLiteral("mi300x_192gb"));
}

TEST(PciIdsSeed, TheIdsFileRefusesAnUnknownGpuOrBadIdsWithItsLine)
{
    QVector<GpuSpec> gpus = seedGpus();
    QString error;
    EXPECT_FALSE(DatasheetCsvParser::applyPciIds(
        gpus, "gpu_id,pci_ids,source\nh100_sxm5_80gb,10de:2330,x\nh900_sxm_1tb,10de:9999,x\n", &error));
    EXPECT_EQ(error, QStringLiteral("line 3, column gpu_id: 'h900_sxm_1tb' is not in the datasheet"));

    EXPECT_FALSE(
        DatasheetCsvParser::applyPciIds(gpus, "gpu_id,pci_ids,source\nh100_sxm5_80gb,10de-2330,x\n", &error));
    EXPECT_EQ(error, QStringLiteral("line 2, column pci_ids: must be PCI vendor:device ids in hexadecimal, "
                                    "such as 10de:2330, separated by commas (got '10de-2330')"));

    EXPECT_FALSE(DatasheetCsvParser::applyPciIds(gpus, "gpu_id,pci_ids\nh100_sxm5_80gb,10de:2330\n", &error));
    EXPECT_EQ(error, QStringLiteral("line 1: the column 'source' is missing"));
    EXPECT_EQ(gpus.first().pciIds, QStringLiteral("10de:2330")) << "a refused file changes nothing";

    // An empty cell is "not known"; the ids are kept as written.
    ASSERT_TRUE(DatasheetCsvParser::applyPciIds(
        gpus, "gpu_id,pci_ids,source\nh100_sxm5_80gb,,none found\nl4_24gb,10DE:27B8,x\n", &error))
        << error.toStdString();
    for (const GpuSpec &gpu : gpus) {
        if (gpu.gpuId == QStringLiteral("h100_sxm5_80gb")) {
            EXPECT_TRUE(gpu.pciIds.isEmpty());
        }
        if (gpu.gpuId == QStringLiteral("l4_24gb")) {
            EXPECT_EQ(gpu.pciIds, QStringLiteral("10DE:27B8"));
        }
    }
}

TEST(PciIdsSeed, ASeedWhoseIdsFileNamesAnUnknownGpuFailsToLoad)
{
    QTemporaryDir dir;
    const QString seedDir = QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed");
    for (const char *name : {"gpu-specs.csv", "gpu-prices.csv", "benchmarks-calibration.csv"})
        ASSERT_TRUE(QFile::copy(seedDir + u'/' + QLatin1String(name), dir.filePath(QLatin1String(name))));
    QByteArray ids = TestCatalogueFiles::readBytes(seedDir + QStringLiteral("/gpu-pci-ids.csv"));
    const int line = ids.count('\n') + 1;
    ids += "h900_sxm_1tb,10de:9999,pci.ids\n";
    TestCatalogueFiles::writeBytes(dir.filePath(QStringLiteral("gpu-pci-ids.csv")), ids);
    QString error;
    EXPECT_FALSE(SeedCatalogue::load(&error, dir.path()));
    EXPECT_EQ(error, QStringLiteral("the bundled seed is broken: gpu-pci-ids.csv: line %1, column gpu_id: "
                                    "'h900_sxm_1tb' is not in the datasheet")
                         .arg(line));
}

// Version 4 gives every row with a seed GPU's id its boards' ids, edited or not, frozen in CatalogueSchema
// like the version-3 values; the user's own rows stay without ("not known").
TEST(PciIdsSeed, AVersion3CatalogueGainsTheIdsForItsSeedGpusEditedOrNot)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v3.db"));
    QStringList statements = CatalogueSchema::migrationStatements(1) +
                             CatalogueSchema::migrationStatements(2) +
                             CatalogueSchema::migrationStatements(3);
    statements << QStringLiteral("PRAGMA user_version = 3");
    // The GPUs of the version-3 seed: the newer ones reach an old catalogue only when the user adds them.
    const QStringList newerThanVersion3{QStringLiteral("b300_sxm_288gb"),
                                        QStringLiteral("gb200_nvl72_186gb"),
                                        QStringLiteral("gb300_nvl72_288gb"),
                                        QStringLiteral("rtx_pro_6000_server_96gb"),
                                        QStringLiteral("rtx_pro_6000_ws_96gb"),
                                        QStringLiteral("rtx_5090_32gb"),
                                        QStringLiteral("h20_96gb"),
                                        QStringLiteral("l20_48gb"),
                                        QStringLiteral("mi355x_288gb"),
                                        QStringLiteral("gaudi3_128gb")};
    QVector<GpuSpec> seed = seedGpus();
    seed.removeIf([&](const GpuSpec &gpu) { return newerThanVersion3.contains(gpu.gpuId); });
    ASSERT_EQ(seed.size(), CatalogueSchema::seedIdsOfVersion3(CatalogueSchema::SeedKind::Gpu).size());
    for (const GpuSpec &gpu : seed)
        statements << QStringLiteral("INSERT INTO gpus (gpu_id, vendor, product, user_modified) "
                                     "VALUES ('%1', 'v', 'p', %2)")
                          .arg(gpu.gpuId)
                          .arg(gpu.gpuId == QStringLiteral("l4_24gb") ? 1 : 0);
    statements << QStringLiteral("INSERT INTO gpus (gpu_id, vendor, product, user_modified) "
                                 "VALUES ('my_lab_card', 'v', 'p', 0)");
    TestCatalogueFiles::execOn(path, statements);

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("h100_sxm5_80gb"))->pciIds, QStringLiteral("10de:2330"));
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("rtx_4090_24gb"))->pciIds, QStringLiteral("10de:2684"));
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("l4_24gb"))->pciIds, QStringLiteral("10de:27b8"))
        << "an edited seed GPU is still that GPU";
    EXPECT_TRUE(catalogue->gpus().find(QStringLiteral("my_lab_card"))->pciIds.isEmpty());
    for (const GpuSpec &gpu : seed) {
        if (gpu.gpuId == QStringLiteral("l4_24gb"))
            continue;
        EXPECT_EQ(catalogue->gpus().find(gpu.gpuId)->pciIds, gpu.pciIds)
            << gpu.gpuId.toStdString()
            << ": the frozen version-4 step and resources/seed/gpu-pci-ids.csv disagree; a seed change "
               "needs a new migration to reach existing catalogues";
    }
}

using PciIdsSeedOnSeed = SeededCatalogueTest;

TEST_F(PciIdsSeedOnSeed, TheTableEditsTheIdsAndRefusesBadTextWithTheReason)
{
    SpecTableModel model;
    ASSERT_FALSE(model.session()->setCatalogue(catalogue.get()));
    EXPECT_EQ(model.headerData(GpuField::PciIds, Qt::Horizontal).toString(), QStringLiteral("PCI ids"));
    const QModelIndex l4 = model.index(model.session()->rowOf(QStringLiteral("l4_24gb")), GpuField::PciIds);
    EXPECT_EQ(l4.data(Qt::DisplayRole).toString(), QStringLiteral("10de:27b8"));

    EXPECT_FALSE(model.session()->setValue(l4.row(), l4.column(), QStringLiteral("10de-27b8")));
    EXPECT_EQ(model.session()->lastError(),
              QStringLiteral("PCI ids: must be PCI vendor:device ids in hexadecimal, such as "
                             "10de:2330, separated by commas (got '10de-27b8')"));
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("l4_24gb"))->pciIds, QStringLiteral("10de:27b8"))
        << "nothing lost";

    ASSERT_TRUE(model.session()->setValue(l4.row(), l4.column(), QStringLiteral("10de:27b8, 10de:27b6")));
    ASSERT_TRUE(model.session()->save().ok());
    EXPECT_EQ(catalogue->gpus().find(QStringLiteral("l4_24gb"))->pciIds,
              QStringLiteral("10de:27b8, 10de:27b6"));

    // And through a CSV export and import, as another catalogue would receive them.
    const QString csv = dir.filePath(QStringLiteral("export.csv"));
    ASSERT_FALSE(CatalogueExporter::exportToFile(catalogue->gpus().list(), csv));
    ImportProblem problem;
    const auto imported = CatalogueImporter::parseFile(csv, &problem);
    ASSERT_TRUE(imported) << problem.text().toStdString();
    const auto l4Row = std::find_if(imported->begin(), imported->end(), [](const GpuSpec &gpu) {
        return gpu.gpuId == QStringLiteral("l4_24gb");
    });
    ASSERT_NE(l4Row, imported->end());
    EXPECT_EQ(l4Row->pciIds, QStringLiteral("10de:27b8, 10de:27b6"));
}
