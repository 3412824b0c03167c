// gpucompare measurements import / list / remove as a user or a script runs them, on the real example
// files of tests/data/measurements: options fill what a file lacks, what neither gives is named (exit 2),
// and a refused import leaves the catalogue file byte for byte as it was.

#include "tests/cli/GpuCompareProcess.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

QString dataPath(const char *name)
{
    return QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/measurements/") + QString::fromLatin1(name);
}

class MeasurementsCommand : public ::testing::Test
{
protected:
    void SetUp() override
    {
        // A catalogue made once from the seed: every test starts from an existing file.
        const ProcessResult made = run({QStringLiteral("list"), QStringLiteral("--json")});
        ASSERT_EQ(made.exitCode, 0) << made.err.toStdString();
    }
    QString database() const { return m_dir.filePath(QStringLiteral("catalogue.db")); }
    ProcessResult run(const QStringList &arguments)
    {
        return runGpuCompare(QStringList{QStringLiteral("--db"), database()} + arguments);
    }
    ProcessResult import(const QStringList &arguments)
    {
        return run(QStringList{QStringLiteral("measurements"), QStringLiteral("import")} + arguments);
    }
    QJsonObject listJson()
    {
        const ProcessResult result =
            run({QStringLiteral("measurements"), QStringLiteral("list"), QStringLiteral("--json")});
        EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(result.out.toUtf8(), &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << result.out.toStdString();
        return document.object();
    }
    // The refusal changed nothing: the file's bytes are those from before.
    void expectRefusedUnchanged(const QStringList &arguments, const char *expected)
    {
        const QByteArray before = TestCatalogueFiles::readBytes(database());
        const ProcessResult result = import(arguments);
        EXPECT_EQ(result.exitCode, 2) << result.err.toStdString();
        EXPECT_TRUE(result.out.isEmpty()) << result.out.toStdString();
        EXPECT_TRUE(result.err.contains(QLatin1String(expected))) << result.err.toStdString();
        EXPECT_TRUE(result.err.contains(QStringLiteral("nothing was imported"))) << result.err.toStdString();
        EXPECT_EQ(result.err.count(u'\n'), 1) << result.err.toStdString();
        EXPECT_EQ(TestCatalogueFiles::readBytes(database()), before);
    }

    QTemporaryDir m_dir;
};

} // namespace

TEST_F(MeasurementsCommand, EveryExampleFileImportsWithOptionsFillingItsGaps)
{
    struct Case
    {
        const char *file;
        QStringList options;
        int runs;
        const char *gpu;
        const char *model;
    };
    const QString h100 = QStringLiteral("h100_sxm5_80gb");
    const Case cases[] = {
        {"vllm-bench-serve.json",
         {QStringLiteral("--gpu"), h100, QStringLiteral("--gpus"), QStringLiteral("1")},
         1,
         "h100_sxm5_80gb",
         "llama-3.1-8b"},
        {"sglang-bench-serving.jsonl",
         {QStringLiteral("--gpu=") + h100, QStringLiteral("--model=llama-3.1-8b"), QStringLiteral("--gpus=2"),
          QStringLiteral("--tp=2")},
         2,
         "h100_sxm5_80gb",
         "llama-3.1-8b"},
        {"aiperf-profile-export.json",
         {QStringLiteral("--gpu"), QStringLiteral("l40s_48gb"), QStringLiteral("--gpus"),
          QStringLiteral("1")},
         1,
         "l40s_48gb",
         "qwen3-8b"},
        {"llama-bench.json",
         {QStringLiteral("--gpu"), QStringLiteral("rtx_4090_24gb"), QStringLiteral("--gpus"),
          QStringLiteral("1")},
         2,
         "rtx_4090_24gb",
         "qwen2.5-7b"},
        {"llama-bench.csv",
         {QStringLiteral("--gpu"), QStringLiteral("rtx_4090_24gb"), QStringLiteral("--gpus"),
          QStringLiteral("1")},
         2,
         "rtx_4090_24gb",
         "qwen2.5-7b"},
        {"template.csv",
         {QStringLiteral("--source"), QStringLiteral("our lab")},
         2,
         "h100_sxm5_80gb",
         nullptr},
    };
    int files = 0;
    for (const Case &c : cases) {
        const ProcessResult result = import(QStringList{dataPath(c.file)} + c.options);
        ASSERT_EQ(result.exitCode, 0) << c.file << ": " << result.err.toStdString();
        EXPECT_TRUE(result.out.startsWith(QStringLiteral("imported ") + QLatin1String(c.file)))
            << result.out.toStdString();
        ++files;
        const QJsonArray listed = listJson().value(QStringLiteral("files")).toArray();
        ASSERT_EQ(listed.size(), files);
        const QJsonObject file = listed.last().toObject();
        EXPECT_EQ(file.value(QStringLiteral("file_name")).toString(), QLatin1String(c.file));
        const QJsonArray runs = file.value(QStringLiteral("runs")).toArray();
        ASSERT_EQ(runs.size(), c.runs) << c.file;
        EXPECT_EQ(runs.first().toObject().value(QStringLiteral("gpu_id")).toString(), QLatin1String(c.gpu))
            << c.file;
        if (c.model) {
            EXPECT_EQ(runs.first().toObject().value(QStringLiteral("model_id")).toString(),
                      QLatin1String(c.model))
                << c.file;
        }
    }
    // The template states everything itself: its training row is 8 GPUs of Llama 3.1 70B under Megatron.
    const QJsonObject templateFile = listJson().value(QStringLiteral("files")).toArray().last().toObject();
    EXPECT_EQ(templateFile.value(QStringLiteral("source")).toString(), QStringLiteral("our lab"));
    const QJsonObject training = templateFile.value(QStringLiteral("runs")).toArray().at(1).toObject();
    EXPECT_EQ(training.value(QStringLiteral("gpu_count")).toInt(), 8);
    EXPECT_EQ(training.value(QStringLiteral("model_id")).toString(), QStringLiteral("llama-3.1-70b"));
    EXPECT_EQ(training.value(QStringLiteral("profile_id")).toString(), QStringLiteral("megatron"));
    EXPECT_EQ(training.value(QStringLiteral("training_tokens_per_s_per_gpu")).toDouble(), 1450.0);
}

TEST_F(MeasurementsCommand, MissingConditionsAreNamedAndNothingIsWritten)
{
    // llama-bench names an RTX 4080, not in the catalogue: --gpu is needed, and the count too.
    expectRefusedUnchanged({dataPath("vllm-bench-serve.json")}, "missing gpu (--gpu), gpu count (--gpus) for "
                                                                "vllm-bench-serve.json");
    expectRefusedUnchanged({dataPath("sglang-bench-serving.jsonl"), QStringLiteral("--gpu"),
                            QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--gpus"), QStringLiteral("1")},
                           "missing model (--model)");
    // One file lacking a condition refuses the good one beside it too.
    expectRefusedUnchanged({dataPath("template.csv"), dataPath("vllm-bench-serve.json")},
                           "for vllm-bench-serve.json");
    EXPECT_EQ(listJson().value(QStringLiteral("count")).toInt(), 0);
}

TEST_F(MeasurementsCommand, UnmatchedNamesAndBadOptionsAreNamedBack)
{
    expectRefusedUnchanged({dataPath("llama-bench.json"), QStringLiteral("--gpus"), QStringLiteral("1")},
                           "the GPU 'NVIDIA GeForce RTX 4080' is not one of the catalogue's; give --gpu ID");
    expectRefusedUnchanged({dataPath("vllm-bench-serve.json"), QStringLiteral("--gpu"),
                            QStringLiteral("h100"), QStringLiteral("--gpus"), QStringLiteral("1")},
                           "unknown GPU 'h100' for --gpu");
    expectRefusedUnchanged({dataPath("template.csv"), QStringLiteral("--gpus"), QStringLiteral("4")},
                           "the file says 1 GPUs, --gpus says 4");
    const QString unknown = m_dir.filePath(QStringLiteral("notes.txt"));
    TestCatalogueFiles::writeBytes(unknown, "hello\n");
    expectRefusedUnchanged({unknown, QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb")}, "notes.txt");
    const ProcessResult badCount =
        import({dataPath("template.csv"), QStringLiteral("--gpus"), QStringLiteral("0")});
    EXPECT_EQ(badCount.exitCode, 2);
    EXPECT_TRUE(badCount.err.contains(QStringLiteral("--gpus must be a whole number")))
        << badCount.err.toStdString();
}

TEST_F(MeasurementsCommand, ADuplicateFileIsRefusedNamingTheEarlierImport)
{
    const QStringList options{QStringLiteral("--gpu"), QStringLiteral("rtx_4090_24gb"),
                              QStringLiteral("--gpus"), QStringLiteral("1")};
    const ProcessResult first = import(QStringList{dataPath("llama-bench.csv")} + options);
    ASSERT_EQ(first.exitCode, 0) << first.err.toStdString();
    const QString imported = listJson()
                                 .value(QStringLiteral("files"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QStringLiteral("imported_at"))
                                 .toString();
    ASSERT_FALSE(imported.isEmpty());
    // The same bytes under another name, after a new file: neither goes in.
    const QString copy = m_dir.filePath(QStringLiteral("copy.csv"));
    TestCatalogueFiles::writeBytes(copy, TestCatalogueFiles::readBytes(dataPath("llama-bench.csv")));
    const QByteArray before = TestCatalogueFiles::readBytes(database());
    const ProcessResult again = import(QStringList{dataPath("llama-bench.json"), copy} + options);
    EXPECT_EQ(again.exitCode, 2) << again.err.toStdString();
    EXPECT_TRUE(again.err.contains(QStringLiteral("copy.csv was already imported on ") + imported))
        << again.err.toStdString();
    EXPECT_TRUE(again.err.contains(QStringLiteral("as llama-bench.csv"))) << again.err.toStdString();
    EXPECT_EQ(TestCatalogueFiles::readBytes(database()), before);
    EXPECT_EQ(listJson().value(QStringLiteral("count")).toInt(), 1);
}

TEST_F(MeasurementsCommand, ListShowsTheHeadlineFiguresAndRemoveTakesAFileWithItsRuns)
{
    const ProcessResult empty = run({QStringLiteral("measurements"), QStringLiteral("list")});
    EXPECT_EQ(empty.exitCode, 0);
    EXPECT_TRUE(empty.out.startsWith(QStringLiteral("no measurements imported"))) << empty.out.toStdString();

    ASSERT_EQ(import({dataPath("template.csv")}).exitCode, 0);
    ASSERT_EQ(import({dataPath("llama-bench.json"), QStringLiteral("--gpu"), QStringLiteral("rtx_4090_24gb"),
                      QStringLiteral("--gpus"), QStringLiteral("1")})
                  .exitCode,
              0);
    const ProcessResult table = run({QStringLiteral("measurements"), QStringLiteral("list")});
    ASSERT_EQ(table.exitCode, 0) << table.err.toStdString();
    for (const char *expected :
         {"TTFT 182.5 ms", "TPOT 11.8 ms", "2650 tok/s", "1450 tok/s/GPU", "MFU 41%", "pp512", "tg128", "t/s",
          "llama-bench.json", "rtx_4090_24gb", "2 file(s), 4 run(s)."})
        EXPECT_TRUE(table.out.contains(QLatin1String(expected))) << expected << "\n"
                                                                 << table.out.toStdString();

    const QJsonObject document = listJson();
    ASSERT_EQ(document.value(QStringLiteral("count")).toInt(), 2);
    const QJsonObject serving = document.value(QStringLiteral("files"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QStringLiteral("runs"))
                                    .toArray()
                                    .at(0)
                                    .toObject();
    EXPECT_EQ(serving.value(QStringLiteral("ttft_median_ms")).toDouble(), 182.5);
    EXPECT_EQ(serving.value(QStringLiteral("output_tokens_per_s")).toDouble(), 2650.0);
    const qint64 llamaId = document.value(QStringLiteral("files"))
                               .toArray()
                               .at(1)
                               .toObject()
                               .value(QStringLiteral("id"))
                               .toInteger();

    const ProcessResult removed =
        run({QStringLiteral("measurements"), QStringLiteral("remove"), QString::number(llamaId)});
    ASSERT_EQ(removed.exitCode, 0) << removed.err.toStdString();
    EXPECT_TRUE(removed.out.contains(QStringLiteral("llama-bench.json"))) << removed.out.toStdString();
    const QJsonArray left = listJson().value(QStringLiteral("files")).toArray();
    ASSERT_EQ(left.size(), 1);
    EXPECT_EQ(left.first().toObject().value(QStringLiteral("file_name")).toString(),
              QStringLiteral("template.csv"));

    const ProcessResult unknown =
        run({QStringLiteral("measurements"), QStringLiteral("remove"), QString::number(llamaId)});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("no measurement import with id")))
        << unknown.err.toStdString();
    const ProcessResult notANumber =
        run({QStringLiteral("measurements"), QStringLiteral("remove"), QStringLiteral("x")});
    EXPECT_EQ(notANumber.exitCode, 2);
}

TEST_F(MeasurementsCommand, ExportImportAndBackupKeepThem)
{
    ASSERT_EQ(import({dataPath("template.csv")}).exitCode, 0);
    const QString exported = m_dir.filePath(QStringLiteral("catalogue.json"));
    const ProcessResult exporting = run({QStringLiteral("export"), exported});
    ASSERT_EQ(exporting.exitCode, 0) << exporting.err.toStdString();
    const QString backup = m_dir.filePath(QStringLiteral("backup.db"));
    ASSERT_EQ(run({QStringLiteral("backup"), backup}).exitCode, 0);

    const QString other = m_dir.filePath(QStringLiteral("other.db"));
    const ProcessResult importing =
        runGpuCompare({QStringLiteral("--db"), other, QStringLiteral("import"), exported});
    ASSERT_EQ(importing.exitCode, 0) << importing.err.toStdString();
    EXPECT_TRUE(importing.out.contains(QStringLiteral("measurement files: 1 added")))
        << importing.out.toStdString();
    for (const QString &path : {other, backup}) {
        const ProcessResult listed =
            runGpuCompare({QStringLiteral("--db"), path, QStringLiteral("measurements"),
                           QStringLiteral("list"), QStringLiteral("--json")});
        ASSERT_EQ(listed.exitCode, 0) << listed.err.toStdString();
        const QJsonObject document = QJsonDocument::fromJson(listed.out.toUtf8()).object();
        const QJsonArray files = document.value(QStringLiteral("files")).toArray();
        ASSERT_EQ(files.size(), 1) << path.toStdString();
        EXPECT_EQ(files.first().toObject().value(QStringLiteral("runs")).toArray().size(), 2);
    }
}

TEST_F(MeasurementsCommand, ARunTheEstimatorCannotExpressIsNamedAndNothingIsWritten)
{
    // A serving run without its lengths: nothing to estimate it with, so nothing to compare or fit.
    const QString path = m_dir.filePath(QStringLiteral("no-lengths.csv"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("gpu,gpus,model,task,engine,concurrency,ttft_median_ms\n"
               "h100_sxm5_80gb,1,llama-3.1-8b,inference-serving,vllm,8,120\n");
    file.close();
    expectRefusedUnchanged({path}, "no-lengths.csv, run 2: the estimator cannot express it: the run does not "
                                   "give its mean prompt and output lengths");
}

// Issue 59/60: --model is the user's word on what ran (a vLLM result whose file names another model): it
// overrides the file's model, with a note; --precision fills the precision a file leaves out (an FP8 run
// was stored as bf16), and a file stating another precision is refused.
TEST_F(MeasurementsCommand, ModelOverridesTheFilesWithANoteAndPrecisionFillsWhatTheFileLeavesOut)
{
    const ProcessResult imported =
        import({dataPath("vllm-bench-serve.json"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                QStringLiteral("--gpus"), QStringLiteral("1"), QStringLiteral("--model"),
                QStringLiteral("llama-3-8b"), QStringLiteral("--precision"), QStringLiteral("FP8")});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();
    EXPECT_TRUE(imported.out.contains(
        QStringLiteral("note: vllm-bench-serve.json: the file names model 'meta-llama/Llama-3.1-8B-Instruct' "
                       "(preset llama-3.1-8b); --model llama-3-8b taken")))
        << imported.out.toStdString();
    const QJsonObject run = listJson()
                                .value(QStringLiteral("files"))
                                .toArray()
                                .first()
                                .toObject()
                                .value(QStringLiteral("runs"))
                                .toArray()
                                .first()
                                .toObject();
    EXPECT_EQ(run.value(QStringLiteral("model_id")).toString(), QStringLiteral("llama-3-8b"));
    EXPECT_EQ(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("precision")).toString(),
              QStringLiteral("fp8"));

    expectRefusedUnchanged({dataPath("template.csv"), QStringLiteral("--precision"), QStringLiteral("fp8")},
                           "the file says precision bf16, --precision says fp8");
    const ProcessResult unknown =
        import({dataPath("template.csv"), QStringLiteral("--precision"), QStringLiteral("fp9")});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("--precision 'fp9': allowed")))
        << unknown.err.toStdString();
}
