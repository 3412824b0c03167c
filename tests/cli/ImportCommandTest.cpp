// gpucompare import as a user or a script runs it: a file with some of the columns changes only those,
// empty cells are named before they empty values, and text and numbers a catalogue cannot hold are
// refused with where they are.

#include "tests/cli/GpuCompareProcess.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

class ImportCommand : public ::testing::Test
{
protected:
    ProcessResult run(QStringList arguments)
    {
        return runGpuCompare(
            QStringList{QStringLiteral("--db"), m_dir.filePath(QStringLiteral("catalogue.db"))} + arguments);
    }
    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        return path;
    }
    ProcessResult importUpdating(const QString &path)
    {
        return run(
            {QStringLiteral("import"), path, QStringLiteral("--on-conflict"), QStringLiteral("update")});
    }
    QJsonObject show(const QString &gpuId)
    {
        const ProcessResult result = run({QStringLiteral("show"), gpuId, QStringLiteral("--json")});
        EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
        return QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("gpu")).toObject();
    }

    QTemporaryDir m_dir;
};

const QString kH100 = QStringLiteral("h100_sxm5_80gb");

} // namespace

TEST_F(ImportCommand, APartialCsvChangesOnlyTheColumnsItHas)
{
    const QJsonObject before = show(kH100);
    ASSERT_FALSE(before.value(QStringLiteral("sources")).toString().isEmpty());
    const QString path = write(QStringLiteral("prices.csv"), "gpu_id,vendor,product,usd_per_gpu_hour\r\n"
                                                             "h100_sxm5_80gb,NVIDIA,H100,3.25\r\n");
    const ProcessResult result = importUpdating(path);
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("1 updated"))) << result.out.toStdString();
    EXPECT_FALSE(result.err.contains(QStringLiteral("empt"))) << result.err.toStdString();

    const QJsonObject after = show(kH100);
    EXPECT_EQ(after.value(QStringLiteral("usd_per_gpu_hour")).toDouble(), 3.25);
    for (const char *kept :
         {"fp16_dense_tflops", "memory_bandwidth_gbs", "tdp_w", "sources", "memory_gb", "variant", "notes"})
        EXPECT_EQ(after.value(QLatin1String(kept)), before.value(QLatin1String(kept))) << kept;
}

TEST_F(ImportCommand, AJsonObjectWithoutAKeyKeepsThatValue)
{
    const QJsonObject before = show(kH100);
    const QString path = write(QStringLiteral("partial.json"),
                               R"({"format":"gpucompare-catalogue","version":1,"gpus":[
                                   {"gpu_id":"h100_sxm5_80gb","vendor":"NVIDIA","product":"H100","tdp_w":650}]})");
    const ProcessResult result = importUpdating(path);
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QJsonObject after = show(kH100);
    EXPECT_EQ(after.value(QStringLiteral("tdp_w")).toDouble(), 650.0);
    EXPECT_EQ(after.value(QStringLiteral("fp16_dense_tflops")),
              before.value(QStringLiteral("fp16_dense_tflops")));
    EXPECT_EQ(after.value(QStringLiteral("sources")), before.value(QStringLiteral("sources")));
}

TEST_F(ImportCommand, EmptyCellsThatEmptyValuesAreNamed)
{
    const QString path = write(QStringLiteral("blank.csv"), "gpu_id,vendor,product,tdp_w,sources\r\n"
                                                            "h100_sxm5_80gb,NVIDIA,H100,,\r\n");
    const ProcessResult result = importUpdating(path);
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("empties 2 value")))
        << result.err.toStdString(); // "value(s)" until the .ts has the plural
    EXPECT_TRUE(result.err.contains(QStringLiteral("h100_sxm5_80gb (tdp_w, sources)")))
        << result.err.toStdString();
    EXPECT_TRUE(show(kH100).value(QStringLiteral("tdp_w")).isNull()) << "the user's file asked for it";
}

TEST_F(ImportCommand, ControlCharactersAndBrokenUnicodeAreRefusedWithWhereTheyAre)
{
    const struct
    {
        const char *json;
        const char *says;
    } cases[] = {
        {R"({"gpu_id":"x1","vendor":"V","product":"P","notes":"a\u0000b"})", "control character U+0000"},
        {R"({"gpu_id":"x1","vendor":"V","product":"P","notes":"a\ud800b"})", "unpaired surrogate U+D800"},
        {R"({"gpu_id":"x1","vendor":"V\u001b[31m","product":"P"})", "control character U+001B"},
    };
    for (const auto &bad : cases) {
        const QString path = write(QStringLiteral("bad.json"), QByteArray("[") + bad.json + "]");
        const ProcessResult result = importUpdating(path);
        EXPECT_EQ(result.exitCode, 2) << bad.json;
        EXPECT_TRUE(result.err.contains(QLatin1String(bad.says))) << result.err.toStdString();
        EXPECT_TRUE(result.err.contains(QStringLiteral("$[0]."))) << result.err.toStdString();
    }
    const QString csv = write(QStringLiteral("bad.csv"), "gpu_id,vendor,product,notes\nx1,V,P,\"a\x07\"\n");
    const ProcessResult result = importUpdating(csv);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.err.contains(QStringLiteral("line 2, field notes"))) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("U+0007"))) << result.err.toStdString();
    EXPECT_EQ(run({QStringLiteral("show"), QStringLiteral("x1")}).exitCode, 2) << "nothing was imported";
}

TEST_F(ImportCommand, ImplausibleNumbersAreRefusedWithTheRange)
{
    const QString path =
        write(QStringLiteral("tiny.csv"), "gpu_id,vendor,product,fp16_dense_tflops\r\nx1,V,P,1e-300\r\n");
    const ProcessResult result = importUpdating(path);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.err.contains(QStringLiteral("line 2, field fp16_dense_tflops")))
        << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("0 or between 0.001 and 500000 TFLOPS")))
        << result.err.toStdString();
}

// Text from a file reaches the terminal with its control characters escaped (issue 40): an OSC sequence in
// a CSV header (set the title, ring the bell) and a CSI one (clear the screen) are printed as \x1b... and
// \u009b, not sent to the terminal; the message still names the column.
TEST_F(ImportCommand, ControlCharactersFromAFileAreEscapedOnTheTerminal)
{
    const QString path =
        write(QStringLiteral("evil.csv"), "gpu_id,vendor,product,\x1b]0;pwned\x07\x1b[2J\xc2\x9b"
                                          "2J\r\nh100_sxm5_80gb,NVIDIA,H100,1\r\n");
    const ProcessResult result = importUpdating(path);
    EXPECT_EQ(result.exitCode, 2) << result.err.toStdString();
    EXPECT_FALSE(result.err.contains(QChar(0x1b))) << result.err.toStdString();
    EXPECT_FALSE(result.err.contains(QChar(0x07)));
    EXPECT_FALSE(result.err.contains(QChar(0x9b)));
    EXPECT_TRUE(result.err.contains(QStringLiteral("\\x1b]0;pwned\\x07\\x1b[2J\\u009b2J")))
        << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(QStringLiteral("unknown column"))) << result.err.toStdString();
}
