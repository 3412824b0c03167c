// The user's measurements in the catalogue (issue 41): runs stored as JSON and read back exactly, files
// added all or nothing and recognised when imported twice, removed with their runs, kept by an upgrade
// from version 7, by a backup and by an export and import of the catalogue.

#include "db/CatalogueExporter.h"
#include "db/CatalogueImporter.h"
#include "db/CatalogueSchema.h"
#include "db/MeasuredRunJson.h"
#include "db/MeasurementFileReader.h"
#include "db/MeasurementImport.h"
#include "db/MeasurementRepository.h"
#include "tests/db/TestCatalogueFiles.h"
#include "tests/support/SeededCatalogue.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimeZone>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace {

QString dataPath(const char *name)
{
    return QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/measurements/") + QString::fromLatin1(name);
}

QByteArray compact(const MeasuredRun &run)
{
    return QJsonDocument(MeasuredRunJson::toJson(run)).toJson(QJsonDocument::Compact);
}

// A run with every field set, none to its default.
MeasuredRun everyField()
{
    MeasuredRun run;
    run.format = MeasuredRun::Format::SglangBenchServing;
    run.record = 3;
    run.tool = QStringLiteral("sglang.bench_serving");
    run.toolVersion = QStringLiteral("0.4.6");
    run.date = QStringLiteral("2025-06-01");
    run.modelName = QStringLiteral("meta-llama/Llama-3.1-8B-Instruct");
    run.gpuName = QStringLiteral("NVIDIA H100 80GB HBM3");
    run.gpuCount = 2;
    run.tensorParallel = 2;
    run.pipelineParallel = 1;
    run.dataParallel = 1;
    run.backend = QStringLiteral("sglang");
    run.engine = QStringLiteral("sglang");
    run.task = MeasuredRun::Task::InferenceServing;
    run.dataset = QStringLiteral("sharegpt");
    run.precision = QStringLiteral("fp8");
    run.inputTokens = 1024.5;
    run.outputTokens = 0.1 + 0.2;
    run.concurrency = 64;
    run.requestRate = std::numeric_limits<double>::infinity();
    run.numPrompts = 1000;
    run.source = QStringLiteral("our lab, \"rack 3\"");
    run.ttftMs = {10.0, 11.0, 12.0, 13.0};
    run.tpotMs = {1.0, 2.0, 3.0, 4.0};
    run.itlMs = {5.0, 6.0, 7.0, 8.0};
    run.e2eMs = {100.0, 200.0, 300.0, 400.0};
    run.outputTokensPerS = 2650.25;
    run.totalTokensPerS = 9000;
    run.requestsPerS = 3.5;
    run.completedRequests = 999;
    run.durationS = 285.7;
    run.llamaBench = {QStringLiteral("llama 8B Q4_K - Medium"),
                      QStringLiteral("CUDA"),
                      512,
                      128,
                      0,
                      2048,
                      512,
                      99,
                      5000.5,
                      150.25,
                      900.0,
                      1.5};
    run.training = {1450.0, 9.8, 0.41, 512, 8192};
    return run;
}

} // namespace

TEST(MeasuredRunJsonTest, EveryFieldRoundTrips)
{
    const MeasuredRun run = everyField();
    const QJsonObject json = MeasuredRunJson::toJson(run);
    EXPECT_EQ(json.value(QStringLiteral("request_rate")).toString(), QStringLiteral("inf"));
    QString error;
    const std::optional<MeasuredRun> back = MeasuredRunJson::fromJson(json, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(compact(*back), compact(run));
    EXPECT_EQ(back->format, run.format);
    EXPECT_EQ(back->task, run.task);
    EXPECT_EQ(back->record, 3);
    EXPECT_TRUE(std::isinf(*back->requestRate));
    EXPECT_EQ(back->outputTokens, 0.1 + 0.2);
    EXPECT_EQ(back->ttftMs.p99, 13.0);
    EXPECT_EQ(back->llamaBench.nGpuLayers, 99);
    EXPECT_EQ(back->llamaBench.stddevTokensPerS, 1.5);
    EXPECT_EQ(back->training.sequenceLength, 8192);
    EXPECT_EQ(back->source, run.source);
}

TEST(MeasuredRunJsonTest, AbsentValuesStayAbsentAndEveryExampleFileRoundTrips)
{
    const MeasuredRun empty;
    const QJsonObject json = MeasuredRunJson::toJson(empty);
    EXPECT_FALSE(json.contains(QStringLiteral("gpu_count"))); // unknown is never 0
    const std::optional<MeasuredRun> back = MeasuredRunJson::fromJson(json);
    ASSERT_TRUE(back);
    EXPECT_FALSE(back->gpuCount.has_value());
    EXPECT_FALSE(back->ttftMs.median.has_value());

    for (const char *name :
         {"vllm-bench-serve.json", "sglang-bench-serving.jsonl", "aiperf-profile-export.json",
          "llama-bench.json", "llama-bench.csv", "template.csv"}) {
        const MeasurementReadResult read = MeasurementFileReader::read(dataPath(name));
        ASSERT_TRUE(read.ok()) << read.error.toStdString();
        for (const MeasuredRun &run : read.runs) {
            const std::optional<MeasuredRun> again = MeasuredRunJson::fromJson(MeasuredRunJson::toJson(run));
            ASSERT_TRUE(again) << name;
            EXPECT_EQ(compact(*again), compact(run)) << name;
        }
    }
}

TEST(MeasuredRunJsonTest, WhatItDidNotWriteIsRefusedByField)
{
    QJsonObject json = MeasuredRunJson::toJson(everyField());
    json.insert(QStringLiteral("format"), QStringLiteral("excel"));
    QString error;
    EXPECT_FALSE(MeasuredRunJson::fromJson(json, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("format"))) << error.toStdString();

    json = MeasuredRunJson::toJson(everyField());
    QJsonObject ttft = json.value(QStringLiteral("ttft_ms")).toObject();
    ttft.insert(QStringLiteral("median"), QStringLiteral("fast"));
    json.insert(QStringLiteral("ttft_ms"), ttft);
    EXPECT_FALSE(MeasuredRunJson::fromJson(json, &error));
    EXPECT_EQ(error, QStringLiteral("ttft_ms.median: must be a number"));
}

namespace {

class MeasurementStore : public SeededCatalogueTest
{
protected:
    // The runs of the example files, resolved against the catalogue with options filling the gaps.
    MeasurementImportPlan prepare(const QStringList &names, const MeasurementImportOptions &options)
    {
        QStringList paths;
        for (const QString &name : names)
            paths << dataPath(name.toLatin1().constData());
        CatalogueError error;
        const std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
        EXPECT_TRUE(snapshot) << error.message.toStdString();
        return MeasurementImport::prepare(paths, options, snapshot ? *snapshot : CatalogueSnapshot(),
                                          QDateTime(QDate(2025, 6, 1), QTime(12, 30), QTimeZone::utc()));
    }
    MeasurementImportOptions vllmOptions()
    {
        MeasurementImportOptions options;
        options.gpuId = QStringLiteral("h100_sxm5_80gb");
        options.gpuCount = 1;
        options.source = QStringLiteral("lab A");
        return options;
    }
};

} // namespace

TEST_F(MeasurementStore, ImportedRunsReadBackWithTheirConditions)
{
    MeasurementImportPlan plan = prepare({QStringLiteral("vllm-bench-serve.json")}, vllmOptions());
    ASSERT_TRUE(plan.ok()) << plan.message().toStdString();
    ASSERT_FALSE(catalogue->measurements().insertAll(plan.files));
    ASSERT_EQ(plan.files.size(), 1);
    EXPECT_GT(plan.files.first().file.rowId, 0);

    CatalogueError error;
    const std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    ASSERT_EQ(snapshot->measurementFiles.size(), 1);
    const MeasurementFile &file = snapshot->measurementFiles.first();
    EXPECT_EQ(file.fileName, QStringLiteral("vllm-bench-serve.json"));
    EXPECT_EQ(file.format, QStringLiteral("vllm-bench-serve"));
    EXPECT_EQ(file.importedAt, QStringLiteral("2025-06-01T12:30:00Z"));
    EXPECT_EQ(file.source, QStringLiteral("lab A"));
    EXPECT_EQ(file.sha256,
              MeasurementImport::sha256Hex(TestCatalogueFiles::readBytes(dataPath("vllm-bench-serve.json"))));
    ASSERT_EQ(snapshot->measuredRuns.size(), 1);
    const StoredMeasuredRun &run = snapshot->measuredRuns.first();
    EXPECT_EQ(run.fileId, file.rowId);
    EXPECT_EQ(run.gpuId, QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(run.modelId, QStringLiteral("llama-3.1-8b")); // from the file's
                                                            // meta-llama/Llama-3.1-8B-Instruct
    EXPECT_EQ(run.profileId, QStringLiteral("vllm"));       // the file's engine
    EXPECT_EQ(compact(run.run), compact(plan.files.first().runs.first().run));

    // The parts that do not ask for them do not read them; the measurements part reads only them.
    const std::optional<CatalogueSnapshot> presets =
        catalogue->snapshot(&error, Catalogue::Parts::ModelsAndProfiles);
    ASSERT_TRUE(presets);
    EXPECT_TRUE(presets->measuredRuns.isEmpty());
    const std::optional<CatalogueSnapshot> measured =
        catalogue->snapshot(&error, Catalogue::Parts::Measurements);
    ASSERT_TRUE(measured);
    EXPECT_EQ(measured->measuredRuns.size(), 1);
    EXPECT_TRUE(measured->gpus.isEmpty());
    EXPECT_TRUE(measured->models.isEmpty());
}

TEST_F(MeasurementStore, TheSameFileTwiceIsRefusedNamingTheEarlierImport)
{
    MeasurementImportPlan first = prepare({QStringLiteral("vllm-bench-serve.json")}, vllmOptions());
    ASSERT_FALSE(catalogue->measurements().insertAll(first.files));
    MeasurementImportOptions options = vllmOptions();
    options.modelId = QStringLiteral("llama-3.1-8b");
    MeasurementImportPlan again = prepare(
        {QStringLiteral("sglang-bench-serving.jsonl"), QStringLiteral("vllm-bench-serve.json")}, options);
    ASSERT_TRUE(again.ok()) << again.message().toStdString();
    const CatalogueError error = catalogue->measurements().insertAll(again.files);
    ASSERT_EQ(error.kind, CatalogueError::Kind::Duplicate);
    EXPECT_TRUE(error.message.contains(QStringLiteral("2025-06-01T12:30:00Z")))
        << error.message.toStdString();
    EXPECT_TRUE(error.message.contains(QStringLiteral("vllm-bench-serve.json")))
        << error.message.toStdString();
    // All or nothing: the SGLang file before it was not added either.
    EXPECT_EQ(catalogue->measurements().files().size(), 1);
    EXPECT_EQ(catalogue->measurements().runs().size(), 1);
}

TEST_F(MeasurementStore, RemovingAFileRemovesItsRunsOnly)
{
    MeasurementImportOptions options = vllmOptions();
    options.modelId = QStringLiteral("llama-3.1-8b");
    MeasurementImportPlan plan = prepare(
        {QStringLiteral("vllm-bench-serve.json"), QStringLiteral("sglang-bench-serving.jsonl")}, options);
    ASSERT_TRUE(plan.ok()) << plan.message().toStdString();
    ASSERT_FALSE(catalogue->measurements().insertAll(plan.files));
    EXPECT_EQ(catalogue->measurements().runs().size(), 3); // 1 + 2 SGLang lines
    const qint64 sglang = plan.files.at(1).file.rowId;
    ASSERT_FALSE(catalogue->measurements().removeFile(sglang));
    const QVector<StoredMeasuredRun> left = catalogue->measurements().runs();
    ASSERT_EQ(left.size(), 1);
    EXPECT_EQ(left.first().fileId, plan.files.at(0).file.rowId);
    EXPECT_EQ(catalogue->measurements().removeFile(sglang).kind, CatalogueError::Kind::NotFound);
}

TEST_F(MeasurementStore, AReadOnlyCatalogueRefuses)
{
    CatalogueError error;
    auto readOnly =
        Catalogue::open(catalogue->path(), Catalogue::Options{Catalogue::Access::ReadOnly}, &error);
    ASSERT_TRUE(readOnly) << error.message.toStdString();
    MeasurementImportPlan plan = prepare({QStringLiteral("vllm-bench-serve.json")}, vllmOptions());
    EXPECT_EQ(readOnly->measurements().insertAll(plan.files).kind, CatalogueError::Kind::ReadOnly);
    EXPECT_EQ(readOnly->measurements().removeFile(1).kind, CatalogueError::Kind::ReadOnly);
}

TEST_F(MeasurementStore, ABackupKeepsThem)
{
    MeasurementImportPlan plan = prepare({QStringLiteral("vllm-bench-serve.json")}, vllmOptions());
    ASSERT_FALSE(catalogue->measurements().insertAll(plan.files));
    const QString target = dir.filePath(QStringLiteral("backup.db"));
    ASSERT_FALSE(catalogue->backUpTo(target));
    CatalogueError error;
    auto copy = Catalogue::open(target, &error);
    ASSERT_TRUE(copy) << error.message.toStdString();
    ASSERT_EQ(copy->measurements().files().size(), 1);
    const QVector<StoredMeasuredRun> runs = copy->measurements().runs();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(compact(runs.first().run), compact(plan.files.first().runs.first().run));
}

TEST_F(MeasurementStore, AnExportAndImportOfTheCatalogueCarriesThem)
{
    MeasurementImportOptions options = vllmOptions();
    options.modelId = QStringLiteral("llama-3.1-8b");
    options.tensorParallel = 1;
    MeasurementImportPlan plan = prepare(
        {QStringLiteral("vllm-bench-serve.json"), QStringLiteral("sglang-bench-serving.jsonl")}, options);
    ASSERT_TRUE(plan.ok()) << plan.message().toStdString();
    ASSERT_FALSE(catalogue->measurements().insertAll(plan.files));
    CatalogueError error;
    const std::optional<CatalogueSnapshot> before = catalogue->snapshot(&error);
    ASSERT_TRUE(before);

    const QString exported = dir.filePath(QStringLiteral("export.json"));
    ASSERT_FALSE(CatalogueExporter::exportToFile(before->gpus, exported, before->measurementFiles,
                                                 before->measuredRuns));
    std::unique_ptr<Catalogue> other = SeededCatalogue::create(dir, QStringLiteral("other.db"));
    ASSERT_TRUE(other);
    CatalogueImporter::MeasurementsReport report;
    ASSERT_FALSE(CatalogueImporter::importFile(*other, exported, GpuRepository::OnExisting::Skip, nullptr,
                                               nullptr, &report));
    EXPECT_EQ(report.added, 2);
    EXPECT_EQ(report.skipped, 0);
    const QVector<MeasurementFile> files = other->measurements().files();
    const QVector<StoredMeasuredRun> runs = other->measurements().runs();
    ASSERT_EQ(files.size(), 2);
    ASSERT_EQ(runs.size(), before->measuredRuns.size());
    for (qsizetype i = 0; i < files.size(); ++i) {
        EXPECT_EQ(files.at(i).fileName, before->measurementFiles.at(i).fileName);
        EXPECT_EQ(files.at(i).sha256, before->measurementFiles.at(i).sha256);
        EXPECT_EQ(files.at(i).importedAt, before->measurementFiles.at(i).importedAt);
        EXPECT_EQ(files.at(i).source, before->measurementFiles.at(i).source);
        EXPECT_EQ(files.at(i).runCount, before->measurementFiles.at(i).runCount);
    }
    for (qsizetype i = 0; i < runs.size(); ++i) {
        EXPECT_EQ(runs.at(i).gpuId, before->measuredRuns.at(i).gpuId);
        EXPECT_EQ(runs.at(i).modelId, before->measuredRuns.at(i).modelId);
        EXPECT_EQ(runs.at(i).gpuCount, before->measuredRuns.at(i).gpuCount);
        EXPECT_EQ(runs.at(i).tensorParallel, before->measuredRuns.at(i).tensorParallel);
        EXPECT_EQ(runs.at(i).profileId, before->measuredRuns.at(i).profileId);
        EXPECT_EQ(compact(runs.at(i).run), compact(before->measuredRuns.at(i).run));
    }
    // A second import of the same export adds nothing.
    ASSERT_FALSE(CatalogueImporter::importFile(*other, exported, GpuRepository::OnExisting::Skip, nullptr,
                                               nullptr, &report));
    EXPECT_EQ(report.added, 0);
    EXPECT_EQ(report.skipped, 2);
    EXPECT_EQ(other->measurements().files().size(), 2);
}

TEST_F(MeasurementStore, ABadMeasurementInAnExportChangesNothing)
{
    MeasurementImportPlan plan = prepare({QStringLiteral("vllm-bench-serve.json")}, vllmOptions());
    ASSERT_FALSE(catalogue->measurements().insertAll(plan.files));
    const std::optional<CatalogueSnapshot> before = catalogue->snapshot();
    ASSERT_TRUE(before);
    QJsonObject document =
        QJsonDocument::fromJson(
            CatalogueExporter::toJson(before->gpus, before->measurementFiles, before->measuredRuns))
            .object();
    QJsonArray measurements = document.value(QStringLiteral("measurements")).toArray();
    QJsonObject file = measurements.at(0).toObject();
    file.insert(QStringLiteral("sha256"), QStringLiteral("not-a-hash"));
    measurements.replace(0, file);
    document.insert(QStringLiteral("measurements"), measurements);
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    TestCatalogueFiles::writeBytes(path, QJsonDocument(document).toJson());

    std::unique_ptr<Catalogue> other = SeededCatalogue::create(dir, QStringLiteral("other.db"));
    ASSERT_TRUE(other);
    const QByteArray bytesBefore = TestCatalogueFiles::readBytes(other->path());
    const CatalogueError error = CatalogueImporter::importFile(
        *other, path, GpuRepository::OnExisting::Update, nullptr, nullptr, nullptr);
    ASSERT_EQ(error.kind, CatalogueError::Kind::Invalid);
    EXPECT_TRUE(error.message.contains(QStringLiteral("$.measurements[0]"))) << error.message.toStdString();
    EXPECT_TRUE(other->measurements().files().isEmpty());
    EXPECT_EQ(TestCatalogueFiles::readBytes(other->path()), bytesBefore);
}

TEST(MeasurementMigration, AVersion7CatalogueGainsTheTablesAndKeepsEverything)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v7.db"));
    QStringList statements = TestCatalogueFiles::schemaUpTo(7);
    statements << QStringLiteral(
                      "INSERT INTO gpus (gpu_id, vendor, product, memory_gb, revision, user_modified) "
                      "VALUES ('my_card', 'ACME', 'One', 24, 4, 1)")
               << QStringLiteral("INSERT INTO benchmarks (bench_id, gpu_id, value, source) "
                                 "VALUES ('b1', 'my_card', 42.5, 'me')");
    TestCatalogueFiles::execOn(path, statements);

    CatalogueError error;
    auto catalogue = Catalogue::open(path, &error);
    ASSERT_TRUE(catalogue) << error.message.toStdString();
    EXPECT_EQ(catalogue->schemaVersion(), CatalogueSchema::kCurrentVersion);
    EXPECT_EQ(catalogue->migratedFromVersion(), 7);
    EXPECT_TRUE(catalogue->integrityCheck().isEmpty());
    const std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
    ASSERT_TRUE(snapshot) << error.message.toStdString();
    ASSERT_EQ(snapshot->gpus.size(), 1);
    EXPECT_EQ(snapshot->gpus.first().revision, 4);
    EXPECT_EQ(snapshot->gpus.first().memoryGb, 24.0);
    ASSERT_EQ(snapshot->benchmarks.size(), 1);
    EXPECT_EQ(snapshot->benchmarks.first().value, 42.5);
    EXPECT_TRUE(snapshot->measurementFiles.isEmpty());

    // The new tables take an import.
    MeasurementRepository::FileImport import;
    import.file = {0,
                   QStringLiteral("mine.csv"),
                   QString(64, u'a'),
                   QStringLiteral("csv-template"),
                   QStringLiteral("2025-06-01T00:00:00Z"),
                   QString(),
                   1};
    StoredMeasuredRun run;
    run.gpuId = QStringLiteral("my_card");
    run.modelId = QStringLiteral("llama-3.1-8b");
    import.runs << run;
    QVector<MeasurementRepository::FileImport> imports{import};
    EXPECT_FALSE(catalogue->measurements().insertAll(imports));
    EXPECT_EQ(catalogue->measurements().runs().size(), 1);
}
