// list, show, import and export as a user or a script runs them.

#include "tests/cli/GpuCompareProcess.h"
#include "tests/db/FakeSysfs.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

QStringList withDb(const QTemporaryDir &dir, QStringList arguments)
{
    return QStringList{QStringLiteral("--db"), dir.filePath(QStringLiteral("catalogue.db"))} + arguments;
}

QJsonObject parseJson(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    return document.object();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

TEST(CatalogueCommands, ListJsonListsThe32SeedGpus)
{
    QTemporaryDir dir;
    const ProcessResult result =
        runGpuCompare(withDb(dir, {QStringLiteral("list"), QStringLiteral("--json")}));
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QJsonObject document = parseJson(result.out);
    EXPECT_EQ(document.value(QStringLiteral("count")).toInt(), seedGpuCount());
    EXPECT_EQ(document.value(QStringLiteral("gpus")).toArray().size(), seedGpuCount());
    EXPECT_TRUE(QFileInfo::exists(dir.filePath(QStringLiteral("catalogue.db"))))
        << "--db FILE is created from the seed";
}

TEST(CatalogueCommands, ShowH100GivesTheCheckedFiguresWithSources)
{
    QTemporaryDir dir;
    const ProcessResult result = runGpuCompare(
        withDb(dir, {QStringLiteral("show"), QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--json")}));
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QJsonObject gpu = parseJson(result.out).value(QStringLiteral("gpu")).toObject();
    EXPECT_EQ(gpu.value(QStringLiteral("fp16_dense_tflops")).toDouble(), 989.4);
    EXPECT_EQ(gpu.value(QStringLiteral("fp16_sparse_tflops")).toDouble(), 1979.0);
    EXPECT_EQ(gpu.value(QStringLiteral("memory_gb")).toDouble(), 80.0);
    EXPECT_EQ(gpu.value(QStringLiteral("memory_type")).toString(), QStringLiteral("HBM3"));
    EXPECT_EQ(gpu.value(QStringLiteral("memory_bandwidth_gbs")).toDouble(), 3350.0);
    EXPECT_TRUE(gpu.value(QStringLiteral("sources"))
                    .toString()
                    .contains(QStringLiteral("https://www.nvidia.com/en-us/data-center/h100/")));
    EXPECT_TRUE(gpu.value(QStringLiteral("fp4_dense_tflops")).isNull()) << "missing is null, never 0";
}

TEST(CatalogueCommands, ShowA6000GivesTheDenseFp16Figure)
{
    QTemporaryDir dir;
    const ProcessResult result =
        runGpuCompare(withDb(dir, {QStringLiteral("show"), QStringLiteral("rtx_a6000_48gb")}));
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("FP16/BF16 dense           154.8 TFLOPS")))
        << result.out.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("FP8 dense                 n/a")));
}

TEST(CatalogueCommands, AnUnknownGpuIsExit2WithCloseMatches)
{
    QTemporaryDir dir;
    const ProcessResult result = runGpuCompare(withDb(dir, {QStringLiteral("show"), QStringLiteral("h100")}));
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.out.isEmpty());
    EXPECT_TRUE(result.err.contains(QStringLiteral("unknown GPU 'h100'"))) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("h100_sxm5_80gb"))) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("h100_pcie_80gb")));
}

TEST(CatalogueCommands, ShowWithAnSqlInjectionIsJustAnUnknownGpu)
{
    QTemporaryDir dir;
    const ProcessResult result = runGpuCompare(
        withDb(dir, {QStringLiteral("show"), QStringLiteral("x' OR '1'='1'; DROP TABLE gpus; --")}));
    EXPECT_EQ(result.exitCode, 2);
    const ProcessResult list = runGpuCompare(withDb(dir, {QStringLiteral("list"), QStringLiteral("--json")}));
    EXPECT_EQ(parseJson(list.out).value(QStringLiteral("count")).toInt(), seedGpuCount());
}

TEST(CatalogueCommands, ExportThenImportIntoAnotherCatalogueIsExact)
{
    QTemporaryDir dir;
    for (const char *extension : {"csv", "json"}) {
        const QString first = dir.filePath(QStringLiteral("first.") + QLatin1String(extension));
        const QString second = dir.filePath(QStringLiteral("second.") + QLatin1String(extension));
        ProcessResult result = runGpuCompare(withDb(dir, {QStringLiteral("export"), first}));
        ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
        const QString other =
            dir.filePath(QStringLiteral("other-") + QLatin1String(extension) + QStringLiteral(".db"));
        result = runGpuCompare({QStringLiteral("--db"), other, QStringLiteral("import"), first,
                                QStringLiteral("--on-conflict"), QStringLiteral("update")});
        ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
        EXPECT_TRUE(result.out.contains(QStringLiteral("32 updated"))) << result.out.toStdString();
        result = runGpuCompare({QStringLiteral("--db"), other, QStringLiteral("export"), second});
        ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
        EXPECT_EQ(readFile(first), readFile(second)) << extension;
    }
}

TEST(CatalogueCommands, AFailedImportIsExit2NamesLineAndFieldAndChangesNothing)
{
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.csv"));
    QFile file(bad);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("gpu_id,vendor,product,memory_gb\r\nnew_one,Acme,Card,24\r\nnew_two,Acme,Card,-24\r\n");
    file.close();
    const ProcessResult result = runGpuCompare(withDb(dir, {QStringLiteral("import"), bad}));
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.err.contains(QStringLiteral("line 3, field memory_gb"))) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("nothing was changed")));
    const ProcessResult show =
        runGpuCompare(withDb(dir, {QStringLiteral("show"), QStringLiteral("new_one")}));
    EXPECT_EQ(show.exitCode, 2) << "the valid first row must not have been imported";
}

TEST(CatalogueCommands, BadArgumentsAreExit2)
{
    QTemporaryDir dir;
    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("export"), dir.filePath(QStringLiteral("out.txt"))}))
                  .exitCode,
              2);
    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("import")})).exitCode, 2);
    const ProcessResult conflict =
        runGpuCompare(withDb(dir, {QStringLiteral("import"), QStringLiteral("x.csv"),
                                   QStringLiteral("--on-conflict"), QStringLiteral("merge")}));
    EXPECT_EQ(conflict.exitCode, 2);
    EXPECT_TRUE(conflict.err.contains(QStringLiteral("update, skip")));
    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("list"), QStringLiteral("--yaml")})).exitCode, 2);
    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("show")})).exitCode, 2);
}

TEST(CatalogueCommands, AMissingDbFolderIsAnErrorAndNothingIsCreated)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no-such-folder/catalogue.db"));
    const ProcessResult result = runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("list")});
    EXPECT_NE(result.exitCode, 0);
    EXPECT_TRUE(result.err.contains(QStringLiteral("does not exist"))) << result.err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("no-such-folder"))));
}

TEST(CatalogueCommands, ADamagedDbIsReportedAndLeftAlone)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.db"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(4096, 'z'));
    file.close();
    const ProcessResult result = runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("list")});
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(result.err.contains(QStringLiteral("not a GPU Compare catalogue")))
        << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("--db NEW.db starts over"))) << result.err.toStdString();
    EXPECT_EQ(readFile(path), QByteArray(4096, 'z'));
}

namespace {

QJsonArray parseJsonArray(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    EXPECT_TRUE(document.isArray());
    return document.array();
}

QJsonObject findById(const QJsonArray &array, const QString &key, const QString &id)
{
    for (const QJsonValue &value : array)
        if (value.toObject().value(key).toString() == id)
            return value.toObject();
    return {};
}

} // namespace

TEST(CatalogueCommands, ModelsJsonListsThePresetsWithTheirShape)
{
    QTemporaryDir dir;
    const ProcessResult result =
        runGpuCompare(withDb(dir, {QStringLiteral("models"), QStringLiteral("--json")}));
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QJsonArray models = parseJsonArray(result.out);
    EXPECT_GE(models.size(), 10);
    const QJsonObject llama = findById(models, QStringLiteral("model_id"), QStringLiteral("llama-3-8b"));
    ASSERT_FALSE(llama.isEmpty()) << result.out.toStdString();
    EXPECT_EQ(llama.value(QStringLiteral("name")).toString(), QStringLiteral("Llama-3 8B"));
    EXPECT_EQ(llama.value(QStringLiteral("kind")).toString(), QStringLiteral("decoder"));
    // Meta-Llama-3-8B's config.json: 8.03e9 parameters, 32 layers of 4096, 32 heads, 8 KV heads, 8192
    // context.
    EXPECT_NEAR(llama.value(QStringLiteral("params_billions")).toDouble(), 8.03, 0.005);
    EXPECT_EQ(llama.value(QStringLiteral("layers")).toInt(), 32);
    EXPECT_EQ(llama.value(QStringLiteral("hidden_size")).toInt(), 4096);
    EXPECT_EQ(llama.value(QStringLiteral("heads")).toInt(), 32);
    EXPECT_EQ(llama.value(QStringLiteral("kv_heads")).toInt(), 8);
    EXPECT_EQ(llama.value(QStringLiteral("max_context")).toInt(), 8192);
    EXPECT_TRUE(llama.value(QStringLiteral("source")).toString().contains(QStringLiteral("huggingface.co")));
    // A CNN has no transformer shape: null, not 0.
    const QJsonObject resnet = findById(models, QStringLiteral("model_id"), QStringLiteral("resnet-50"));
    ASSERT_FALSE(resnet.isEmpty());
    EXPECT_TRUE(resnet.value(QStringLiteral("layers")).isNull());
    EXPECT_GT(resnet.value(QStringLiteral("params_billions")).toDouble(), 0.0);
}

TEST(CatalogueCommands, ProfilesJsonSaysWhichTaskEachIsTheDefaultFor)
{
    QTemporaryDir dir;
    const ProcessResult result =
        runGpuCompare(withDb(dir, {QStringLiteral("profiles"), QStringLiteral("--json")}));
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QJsonArray profiles = parseJsonArray(result.out);
    const auto defaultsOf = [&profiles](const char *id) {
        const QJsonObject profile = findById(profiles, QStringLiteral("profile_id"), QString::fromLatin1(id));
        EXPECT_FALSE(profile.isEmpty()) << id;
        EXPECT_FALSE(profile.value(QStringLiteral("name")).toString().isEmpty()) << id;
        EXPECT_FALSE(profile.value(QStringLiteral("description")).toString().isEmpty()) << id;
        QStringList defaults;
        for (const QJsonValue &value : profile.value(QStringLiteral("default_for")).toArray()) {
            const QJsonObject range = value.toObject();
            const QJsonValue to = range.value(QStringLiteral("max_gpus"));
            defaults << QStringLiteral("%1 %2-%3")
                            .arg(range.value(QStringLiteral("task")).toString())
                            .arg(range.value(QStringLiteral("min_gpus")).toInt())
                            .arg(to.isNull() ? QStringLiteral("any") : QString::number(to.toInt()));
        }
        return defaults;
    };
    EXPECT_EQ(defaultsOf("vllm"), QStringList{QStringLiteral("inference 1-any")});
    // For the default model, a decoder LLM: FSDP trains it on any count (a CNN on one GPU: PyTorch AMP).
    EXPECT_EQ(defaultsOf("pytorch-amp"),
              (QStringList{QStringLiteral("lora 1-any"), QStringLiteral("qlora 1-any")}));
    EXPECT_EQ(defaultsOf("fsdp"), QStringList{QStringLiteral("training 1-any")});
    EXPECT_TRUE(defaultsOf("megatron").isEmpty()) << "chosen, never a default";
    EXPECT_TRUE(defaultsOf("roofline").isEmpty());
}

TEST(CatalogueCommands, ModelsAndProfilesPrintOneTable)
{
    QTemporaryDir dir;
    const ProcessResult models = runGpuCompare(withDb(dir, {QStringLiteral("models")}));
    ASSERT_EQ(models.exitCode, 0) << models.err.toStdString();
    const QStringList lines = models.out.split(u'\n', Qt::SkipEmptyParts);
    ASSERT_GT(lines.size(), 2);
    EXPECT_TRUE(lines.first().startsWith(QStringLiteral("Model id"))) << lines.first().toStdString();
    // Aligned: the name column starts at the same place on every row.
    const qsizetype nameColumn = lines.first().indexOf(QStringLiteral("Name"));
    for (const QString &line : lines.mid(1, lines.size() - 2))
        EXPECT_EQ(line.at(nameColumn - 1), u' ') << line.toStdString();
    EXPECT_TRUE(models.out.contains(QStringLiteral("\nllama-3-8b ")));

    const ProcessResult profiles = runGpuCompare(withDb(dir, {QStringLiteral("profiles")}));
    ASSERT_EQ(profiles.exitCode, 0) << profiles.err.toStdString();
    EXPECT_TRUE(profiles.out.contains(QStringLiteral("\nvllm "))) << profiles.out.toStdString();
    EXPECT_TRUE(profiles.out.contains(QStringLiteral("\nfsdp "))) << profiles.out.toStdString();
    EXPECT_TRUE(profiles.out.contains(QStringLiteral("lora"))) << profiles.out.toStdString();

    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("models"), QStringLiteral("--yaml")})).exitCode, 2);
    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("profiles"), QStringLiteral("extra")})).exitCode, 2);
}

TEST(CatalogueCommands, BackupWritesACopyThatOpensAsTheSameCatalogue)
{
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("copy.db"));
    ASSERT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("list")})).exitCode, 0);
    const ProcessResult result = runGpuCompare(withDb(dir, {QStringLiteral("backup"), copy}));
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("backed up"))) << result.out.toStdString();
    EXPECT_TRUE(result.err.isEmpty()) << result.err.toStdString();
    const ProcessResult list =
        runGpuCompare({QStringLiteral("--db"), copy, QStringLiteral("list"), QStringLiteral("--json")});
    ASSERT_EQ(list.exitCode, 0) << list.err.toStdString();
    EXPECT_EQ(parseJson(list.out).value(QStringLiteral("count")).toInt(), seedGpuCount());
    EXPECT_TRUE(list.err.isEmpty()) << "the copy is a current catalogue: " << list.err.toStdString();
}

TEST(CatalogueCommands, BackupOfACatalogueThatIsNotThereCreatesNothing)
{
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("copy.db"));
    const ProcessResult result = runGpuCompare(withDb(dir, {QStringLiteral("backup"), copy}));
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_TRUE(result.err.contains(QStringLiteral("does not exist"))) << result.err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("catalogue.db"))));
    EXPECT_FALSE(QFileInfo::exists(copy));
}

TEST(CatalogueCommands, BackupNeedsExactlyOneFileAndHasHelp)
{
    QTemporaryDir dir;
    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("backup")})).exitCode, 2);
    EXPECT_EQ(
        runGpuCompare(withDb(dir, {QStringLiteral("backup"), QStringLiteral("a.db"), QStringLiteral("b.db")}))
            .exitCode,
        2);
    const ProcessResult help = runGpuCompare({QStringLiteral("backup"), QStringLiteral("--help")});
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(help.out.startsWith(QStringLiteral("Usage: gpucompare [--db FILE] backup FILE")))
        << help.out.toStdString();
    const ProcessResult global = runGpuCompare({QStringLiteral("--help")});
    EXPECT_TRUE(global.out.contains(QStringLiteral("\n  backup "))) << global.out.toStdString();
}

// list --here: the GPUs of the machine, read from a fake sysfs tree (GPUCOMPARE_SYSFS_ROOT).
TEST(CatalogueCommands, ListHereShowsTheMachinesGpusWithCounts)
{
    QTemporaryDir dir;
    FakeSysfs sysfs;
    sysfs.addIssueMachine();
    const QList<QPair<QString, QString>> environment{{QStringLiteral("GPUCOMPARE_SYSFS_ROOT"), sysfs.root()}};
    const ProcessResult text =
        runGpuCompare(withDb(dir, {QStringLiteral("list"), QStringLiteral("--here")}), 60000, environment);
    ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
    const QStringList lines = text.out.split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 5) << text.out.toStdString();
    EXPECT_TRUE(lines[0].startsWith(QStringLiteral("Count  GPU id"))) << lines[0].toStdString();
    const QString h100 = lines.filter(QStringLiteral("h100_sxm5_80gb")).value(0);
    const QString rtx4090 = lines.filter(QStringLiteral("rtx_4090_24gb")).value(0);
    EXPECT_TRUE(h100.startsWith(QStringLiteral("2 ×"))) << text.out.toStdString();
    EXPECT_TRUE(rtx4090.startsWith(QStringLiteral("1 ×"))) << text.out.toStdString();
    EXPECT_TRUE(lines[3].contains(sysfs.root() + QStringLiteral("/bus/pci/devices")))
        << lines[3].toStdString();
    EXPECT_EQ(lines[4], QStringLiteral("a GPU 10de:1eb8 not in the catalogue"));

    const ProcessResult json = runGpuCompare(
        withDb(dir, {QStringLiteral("list"), QStringLiteral("--here"), QStringLiteral("--json")}), 60000,
        environment);
    ASSERT_EQ(json.exitCode, 0) << json.err.toStdString();
    const QJsonObject document = parseJson(json.out);
    EXPECT_EQ(document.value(QStringLiteral("count")).toInt(), 2);
    QHash<QString, int> counts;
    for (const QJsonValue &gpu : document.value(QStringLiteral("gpus")).toArray())
        counts.insert(gpu[QStringLiteral("gpu_id")].toString(),
                      gpu[QStringLiteral("count_in_machine")].toInt());
    EXPECT_EQ(counts.value(QStringLiteral("h100_sxm5_80gb")), 2);
    EXPECT_EQ(counts.value(QStringLiteral("rtx_4090_24gb")), 1);
    const QJsonArray unknown = document.value(QStringLiteral("machine"))
                                   .toObject()
                                   .value(QStringLiteral("not_in_catalogue"))
                                   .toArray();
    ASSERT_EQ(unknown.size(), 1);
    EXPECT_EQ(unknown[0][QStringLiteral("pci_id")].toString(), QStringLiteral("10de:1eb8"));
}

TEST(CatalogueCommands, ListHereSaysSoWhenNoGpuIsFound)
{
    QTemporaryDir dir;
    // A machine whose PCI bus shows no GPU (only its host bridge): none found, said so.
    const QString empty = dir.filePath(QStringLiteral("sysfs"));
    const QString bridge = empty + QStringLiteral("/bus/pci/devices/0000:00:00.0");
    ASSERT_TRUE(QDir().mkpath(bridge));
    for (const auto &[name, value] : {std::pair{"class", "0x060000\n"}, std::pair{"vendor", "0x8086\n"},
                                      std::pair{"device", "0x1237\n"}}) {
        QFile attribute(bridge + u'/' + QLatin1String(name));
        ASSERT_TRUE(attribute.open(QIODevice::WriteOnly));
        attribute.write(value);
    }
    const ProcessResult result =
        runGpuCompare(withDb(dir, {QStringLiteral("list"), QStringLiteral("--here")}), 60000,
                      {{QStringLiteral("GPUCOMPARE_SYSFS_ROOT"), empty}});
    EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_EQ(result.out,
              QStringLiteral("no GPU of the catalogue found in this machine (read %1/bus/pci/devices)\n")
                  .arg(empty));
    EXPECT_TRUE(result.err.isEmpty() || result.err.contains(QStringLiteral("created a new catalogue")))
        << result.err.toStdString();

    // No PCI bus at all (a container without /sys): unknown, not none (issue 40).
    const QString missing = dir.filePath(QStringLiteral("no-sysfs"));
    const ProcessResult unknown =
        runGpuCompare(withDb(dir, {QStringLiteral("list"), QStringLiteral("--here")}), 60000,
                      {{QStringLiteral("GPUCOMPARE_SYSFS_ROOT"), missing}});
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_TRUE(unknown.out.isEmpty()) << unknown.out.toStdString();
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("cannot read %1/bus/pci/devices").arg(missing)))
        << unknown.err.toStdString();
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("unknown"))) << unknown.err.toStdString();

    const ProcessResult bad = runGpuCompare(withDb(dir, {QStringLiteral("list"), QStringLiteral("--there")}));
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_TRUE(bad.err.contains(
        QStringLiteral("unexpected argument '--there' (allowed: --here, --systems, --json)")))
        << bad.err.toStdString();
}

TEST(CatalogueCommands, UpdateCatalogueListsAndAddsTheNewerSeedRows)
{
    // A version-3 catalogue (tests/data/catalogue-v3.sql): the ten GPUs of issue 23 are new to it.
    QTemporaryDir dir;
    TestCatalogueFiles::buildFromSql(dir.filePath(QStringLiteral("catalogue.db")),
                                     QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v3.sql"));
    const ProcessResult listed =
        runGpuCompare(withDb(dir, {QStringLiteral("update-catalogue"), QStringLiteral("--list")}));
    ASSERT_EQ(listed.exitCode, 0) << listed.err.toStdString();
    EXPECT_TRUE(listed.out.contains(QStringLiteral("b300_sxm_288gb"))) << listed.out.toStdString();
    EXPECT_TRUE(listed.out.contains(QStringLiteral("gaudi3_128gb")));

    const ProcessResult typo =
        runGpuCompare(withDb(dir, {QStringLiteral("update-catalogue"), QStringLiteral("b300")}));
    EXPECT_EQ(typo.exitCode, 2);
    EXPECT_TRUE(typo.err.contains(QStringLiteral("did you mean b300_sxm_288gb"))) << typo.err.toStdString();

    const ProcessResult added =
        runGpuCompare(withDb(dir, {QStringLiteral("update-catalogue"), QStringLiteral("b300_sxm_288gb"),
                                   QStringLiteral("mi355x_288gb")}));
    ASSERT_EQ(added.exitCode, 0) << added.err.toStdString();
    const ProcessResult shown =
        runGpuCompare(withDb(dir, {QStringLiteral("show"), QStringLiteral("b300_sxm_288gb")}));
    EXPECT_EQ(shown.exitCode, 0) << shown.err.toStdString();
    const ProcessResult after = runGpuCompare(withDb(dir, {QStringLiteral("update-catalogue")}));
    EXPECT_FALSE(after.out.contains(QStringLiteral("b300_sxm_288gb"))) << after.out.toStdString();
    EXPECT_TRUE(after.out.contains(QStringLiteral("h20_96gb")));

    const ProcessResult all =
        runGpuCompare(withDb(dir, {QStringLiteral("update-catalogue"), QStringLiteral("--all")}));
    ASSERT_EQ(all.exitCode, 0) << all.err.toStdString();
    // --all added the new rows, not the fixture's seed GPUs the user deleted after they were added: those
    // come back only when named.
    const ProcessResult left = runGpuCompare(withDb(dir, {QStringLiteral("update-catalogue")}));
    EXPECT_FALSE(left.out.contains(QStringLiteral("h20_96gb"))) << left.out.toStdString();
    EXPECT_FALSE(left.out.contains(QStringLiteral(" new"))) << left.out.toStdString();
    // Columns as wide as the longest name (a system's, since version 9).
    EXPECT_TRUE(left.out.contains(
        QRegularExpression(QStringLiteral("h100_pcie_80gb +H100 PCIe 80GB +deleted since added"))))
        << left.out.toStdString();
    const ProcessResult named =
        runGpuCompare(withDb(dir, {QStringLiteral("update-catalogue"), QStringLiteral("h100_pcie_80gb")}));
    ASSERT_EQ(named.exitCode, 0) << named.err.toStdString();
    EXPECT_EQ(runGpuCompare(withDb(dir, {QStringLiteral("show"), QStringLiteral("h100_pcie_80gb")})).exitCode,
              0);
}
