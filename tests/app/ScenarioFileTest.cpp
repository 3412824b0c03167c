// Scenario files (.gpuc): what is saved reads back the same to the byte, a damaged or foreign file is
// refused with a message naming what is wrong, and a scenario opened on a changed catalogue lists the
// values that changed.
#include "app/scenario/ScenarioFile.h"

#include "app/scenario/ScenarioCatalogue.h"
#include "app/scenario/WorkloadRequestJson.h"
#include "tests/app/SeedSnapshotTest.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <gtest/gtest.h>

namespace {

class ScenarioFileTest : public SeedSnapshotTest
{
protected:
    // Chat serving on the seed article's five GPUs, with targets and one price changed for the plan.
    Scenario chatScenario() const
    {
        WorkloadRequest request;
        request.modelId = QStringLiteral("llama-3-8b");
        request.task = Task::Inference;
        request.weightPrecision = Precision::Fp8;
        request.concurrency = 50;
        request.inputTokens = 2048;
        request.outputTokens = 512;
        request.ttftP90Ms = 2000.0;
        request.tpotP90Ms = 50.0;
        request.usdPerKwh = 0.137;
        PlanInputValues plan;
        plan.precisions = {QStringLiteral("bf16"), QStringLiteral("fp8")};
        plan.prices.insert(QStringLiteral("h100_sxm5_80gb"), 2.39);
        plan.prices.insert(QStringLiteral("l4_24gb"), 0.71);
        return ScenarioCatalogue::capture(kGpus, request, plan, m_snapshot, QStringLiteral("/tmp/c.db"));
    }

    std::string loadError(const QByteArray &data) const
    {
        QString error;
        EXPECT_FALSE(ScenarioFile::fromJson(data, &error)) << data.toStdString();
        return error.toStdString();
    }

    const QStringList kGpus{QStringLiteral("h100_sxm5_80gb"), QStringLiteral("a100_sxm4_80gb"),
                            QStringLiteral("h200_sxm_141gb"), QStringLiteral("rtx_a6000_48gb"),
                            QStringLiteral("l40s_48gb")};
};

TEST_F(ScenarioFileTest, CaptureRecordsEveryNamedGpuAndTheModel)
{
    const Scenario scenario = chatScenario();
    ASSERT_TRUE(ScenarioCatalogue::problems(scenario, m_snapshot).isEmpty());
    // The five compared, then the one only priced for the plan.
    ASSERT_EQ(scenario.gpus.size(), 6);
    EXPECT_EQ(scenario.gpus.at(0).gpuId, QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(scenario.gpus.at(5).gpuId, QStringLiteral("l4_24gb"));
    ASSERT_TRUE(scenario.model);
    EXPECT_EQ(scenario.model->modelId, QStringLiteral("llama-3-8b"));
    EXPECT_TRUE(ScenarioCatalogue::changes(scenario, m_snapshot).isEmpty());
}

TEST_F(ScenarioFileTest, SaveOpenSaveGivesTheSameBytes)
{
    const Scenario scenario = chatScenario();
    const QString first = dir.filePath(QStringLiteral("chat.gpuc"));
    const QString second = dir.filePath(QStringLiteral("again.gpuc"));
    QString error;
    ASSERT_TRUE(ScenarioFile::save(scenario, first, &error)) << error.toStdString();
    const std::optional<Scenario> opened = ScenarioFile::load(first, &error);
    ASSERT_TRUE(opened) << error.toStdString();
    EXPECT_TRUE(opened->sameQuestion(scenario));
    EXPECT_EQ(opened->cataloguePath, scenario.cataloguePath);
    ASSERT_TRUE(ScenarioFile::save(*opened, second, &error)) << error.toStdString();

    QFile a(first), b(second);
    ASSERT_TRUE(a.open(QIODevice::ReadOnly));
    ASSERT_TRUE(b.open(QIODevice::ReadOnly));
    const QByteArray bytes = a.readAll();
    EXPECT_EQ(bytes, b.readAll());
    EXPECT_TRUE(bytes.contains("\"format\": \"gpucompare-scenario\"")) << bytes.left(200).toStdString();
    EXPECT_TRUE(bytes.contains("\"schema_version\": 1"));
    // The datasheet values travel with the question, with their sources.
    EXPECT_TRUE(bytes.contains("\"memory_bandwidth_gbs\": 3350")) << bytes.toStdString();
    EXPECT_TRUE(bytes.contains("nvidia.com"));
}

TEST_F(ScenarioFileTest, EveryWorkloadValueReadsBack)
{
    WorkloadRequest request;
    request.modelConfigPath = QStringLiteral("/models/config.json");
    request.task = Task::Qlora;
    request.weightPrecision = Precision::Int4;
    request.activationPrecision = Precision::Bf16;
    request.kvPrecision = Precision::Fp8;
    request.batch = 64;
    request.microBatch = 2;
    request.inputTokens = 1;
    request.outputTokens = 2;
    request.sequenceLength = 8192;
    request.gpus = 16;
    request.tensorParallel = 2;
    request.pipelineParallel = 2;
    request.globalBatch = 64;
    request.contextParallel = 1;
    request.expertParallel = 4;
    request.virtualStages = 2;
    request.gpusPerNode = 8;
    request.networkGbps = 400.0;
    request.zeroStage = 3;
    request.recompute = Recompute::Selective;
    request.optimizer = Optimizer::Adam8bit;
    request.loraRank = 16;
    request.profileId = QStringLiteral("vllm");
    request.usdPerGpuHour = 2.5;
    request.usdPerKwh = 0.1;
    request.utilisation = 0.6;
    request.ownYears = 3.5;
    request.trainTokens = 1e12;
    request.concurrency = 8;
    request.requestRate = 1.5;
    request.numRequests = 500;
    request.seed = 7;
    request.maxNumSeqs = 64;
    request.maxBatchedTokens = 8192;
    request.ttftP90Ms = 1000.0;
    request.tpotP90Ms = 30.0;
    const QJsonObject json = WorkloadRequestJson::toJson(request);
    EXPECT_EQ(json.value(QStringLiteral("precision")).toString(), QStringLiteral("int4"));
    EXPECT_EQ(json.value(QStringLiteral("seq_len")).toInt(), 8192);
    QString error;
    const std::optional<WorkloadRequest> back = WorkloadRequestJson::fromJson(json, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_TRUE(*back == request);
    EXPECT_TRUE(WorkloadRequestJson::toJson(WorkloadRequest()).isEmpty()); // unset values are left out
}

TEST_F(ScenarioFileTest, DamagedOrForeignFilesAreRefusedWithTheReason)
{
    const QByteArray good = ScenarioFile::toJson(chatScenario());
    // Truncated: the line where the JSON stops making sense.
    EXPECT_NE(loadError(good.left(good.size() / 2)).find("line "), std::string::npos);
    EXPECT_NE(loadError("").find("line 1"), std::string::npos);
    EXPECT_NE(loadError(R"({"gpus": []})").find("not a GPU Compare scenario"), std::string::npos);
    EXPECT_NE(loadError(QByteArray(good).replace("\"schema_version\": 1", "\"schema_version\": 7"))
                  .find("newer GPU Compare (scenario schema version 7"),
              std::string::npos);
    EXPECT_NE(loadError(QByteArray(good).replace("\"concurrency\": 50", "\"concurrency\": \"fifty\""))
                  .find("workload.concurrency: \"fifty\" is not a whole number"),
              std::string::npos);
    EXPECT_NE(loadError(QByteArray(good).replace("\"precision\": \"fp8\"", "\"precision\": \"fp7\""))
                  .find("workload.precision: \"fp7\""),
              std::string::npos);
    EXPECT_NE(
        loadError(QByteArray(good).replace("\"concurrency\": 50", "\"users\": 50")).find("workload.users"),
        std::string::npos);
    EXPECT_NE(loadError(QByteArray(good).replace("\"a100_sxm4_80gb\",", "\"a100\\u0000\","))
                  .find("gpus[1]: contains the control character"),
              std::string::npos);
    EXPECT_NE(
        loadError(QByteArray(good).replace("\"memory_bandwidth_gbs\": 3350", "\"memory_bandwidth_gbs\": -1"))
            .find("recorded.gpus[0].memory_bandwidth_gbs"),
        std::string::npos);
}

TEST_F(ScenarioFileTest, AFailedSaveLeavesThePreviousFile)
{
    const QString path = dir.filePath(QStringLiteral("kept.gpuc"));
    ASSERT_TRUE(ScenarioFile::save(chatScenario(), path));
    QString error;
    EXPECT_FALSE(
        ScenarioFile::save(chatScenario(), dir.filePath(QStringLiteral("no/such/folder/x.gpuc")), &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(ScenarioFile::load(dir.filePath(QStringLiteral("missing.gpuc")), &error));
    EXPECT_NE(error.toStdString().find("cannot read"), std::string::npos);
    EXPECT_TRUE(ScenarioFile::load(path));
}

TEST_F(ScenarioFileTest, AnUnknownGpuOrModelStopsTheOpening)
{
    Scenario scenario = chatScenario();
    scenario.gpuIds << QStringLiteral("h900_sxm9_1tb");
    scenario.workload.modelId = QStringLiteral("llama-9-1t");
    const QStringList problems = ScenarioCatalogue::problems(scenario, m_snapshot);
    ASSERT_EQ(problems.size(), 2);
    EXPECT_EQ(problems.at(0), QStringLiteral("The catalogue has no GPU \"h900_sxm9_1tb\"."));
    EXPECT_EQ(problems.at(1), QStringLiteral("The catalogue has no model preset \"llama-9-1t\"."));
}

// A value the window and the command line refuse ("concurrency": -5, tp 3 on 32 heads) stops the opening
// with its key, in the window and in `report` alike, instead of opening as another question (issue 40,
// item 7).
TEST_F(ScenarioFileTest, AWorkloadValueTheFormRefusesStopsTheOpening)
{
    Scenario scenario = chatScenario();
    scenario.workload.concurrency = -5;
    QStringList problems = ScenarioCatalogue::problems(scenario, m_snapshot);
    ASSERT_EQ(problems.size(), 1) << problems.join(u'\n').toStdString();
    EXPECT_TRUE(problems.first().startsWith(QStringLiteral("concurrency: ")))
        << problems.first().toStdString();
    EXPECT_TRUE(problems.first().contains(QStringLiteral("-5"))) << problems.first().toStdString();
    scenario = chatScenario();
    scenario.workload.tensorParallel = 3;
    scenario.workload.gpus = 3;
    problems = ScenarioCatalogue::problems(scenario, m_snapshot);
    ASSERT_FALSE(problems.isEmpty());
    EXPECT_TRUE(problems.first().startsWith(QStringLiteral("tp: "))) << problems.first().toStdString();
}

// A GPU named twice is refused with where (issue 40, item 10: 10,000 copies of one GPU ran `report` for
// over a minute).
TEST_F(ScenarioFileTest, AGpuNamedTwiceIsRefusedWithWhere)
{
    QJsonObject root = QJsonDocument::fromJson(ScenarioFile::toJson(chatScenario())).object();
    QJsonArray gpus = root.value(QStringLiteral("gpus")).toArray();
    gpus.insert(1, gpus.at(0));
    root.insert(QStringLiteral("gpus"), gpus);
    EXPECT_EQ(loadError(QJsonDocument(root).toJson()), "gpus[1]: \"h100_sxm5_80gb\" is already in the list");
}

TEST_F(ScenarioFileTest, OpenedOnAnEditedCatalogueItListsTheEdits)
{
    const Scenario scenario = chatScenario();
    CatalogueSnapshot edited = m_snapshot;
    for (GpuSpec &gpu : edited.gpus)
        if (gpu.gpuId == u"h100_sxm5_80gb") {
            gpu.memoryBandwidthGBs = 3000.0;
            gpu.usdPerGpuHour.reset();
        }
    const QVector<ScenarioCatalogue::Change> changes = ScenarioCatalogue::changes(scenario, edited);
    ASSERT_EQ(changes.size(), 2);
    const QStringList lines = ScenarioCatalogue::changeLines(changes);
    EXPECT_TRUE(lines.at(0).startsWith(QStringLiteral("H100 SXM5 80GB · "))) << lines.at(0).toStdString();
    EXPECT_TRUE(
        lines.join(u'\n').contains(QStringLiteral("Memory bandwidth: 3,350 GB/s when saved, 3,000 GB/s now")))
        << lines.join(u'\n').toStdString();
    EXPECT_TRUE(lines.join(u'\n').contains(QStringLiteral("when saved, n/a now")));

    // Putting the recorded values back changes that one GPU, in those two fields, and adds nothing.
    const ImportPlan back = ScenarioCatalogue::recordedValues(scenario, edited);
    EXPECT_TRUE(back.additions.isEmpty());
    ASSERT_EQ(back.changes.size(), 1);
    EXPECT_EQ(back.changes.at(0).after.gpuId, QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(back.changes.at(0).fields,
              (QStringList{QStringLiteral("memory_bandwidth_gbs"), QStringLiteral("usd_per_gpu_hour")}));
}

// Damage a user's disk or editor could do, at random places: every mutation is refused with a message
// or read as a scenario that saves back to a file reading the same (never a crash, never a silent loss).
TEST_F(ScenarioFileTest, MutatedFilesAreRefusedOrReadWhole)
{
    const QByteArray good = ScenarioFile::toJson(chatScenario());
    QRandomGenerator random(20);
    int refused = 0;
    for (int i = 0; i < 1500; ++i) {
        QByteArray bad = good;
        const int edits = 1 + random.bounded(3);
        for (int e = 0; e < edits; ++e) {
            const int at = random.bounded(static_cast<int>(bad.size()));
            switch (random.bounded(3)) {
            case 0:
                bad[at] = static_cast<char>(random.bounded(256));
                break;
            case 1:
                bad.remove(at, 1 + random.bounded(8));
                break;
            default:
                bad.insert(at, bad.mid(random.bounded(static_cast<int>(bad.size())), 1 + random.bounded(8)));
            }
        }
        QString error;
        const std::optional<Scenario> read = ScenarioFile::fromJson(bad, &error);
        if (!read) {
            ++refused;
            EXPECT_FALSE(error.isEmpty());
            continue;
        }
        const QByteArray saved = ScenarioFile::toJson(*read);
        const std::optional<Scenario> again = ScenarioFile::fromJson(saved, &error);
        ASSERT_TRUE(again) << error.toStdString() << "\n" << bad.toStdString();
        EXPECT_EQ(ScenarioFile::toJson(*again), saved);
    }
    EXPECT_GT(refused, 1000); // most damage is caught, not read as some other scenario
}

} // namespace

TEST_F(ScenarioFileTest, AGpuWhoseNotesHoldAnEmojiOpensAgain)
{
    Scenario scenario = chatScenario();
    ASSERT_FALSE(scenario.gpus.isEmpty());
    const QString notes = QString::fromUtf8("rented by the hour \xF0\x9F\x9A\x80, \xC3\xBCmlaut");
    scenario.gpus[0].notes = notes;
    QString error;
    const std::optional<Scenario> opened = ScenarioFile::fromJson(ScenarioFile::toJson(scenario), &error);
    ASSERT_TRUE(opened) << error.toStdString();
    EXPECT_EQ(opened->gpus[0].notes, notes);
    // A lone surrogate is still refused, naming where it is.
    scenario.gpus[0].notes = QString(QChar(0xD800));
    EXPECT_NE(loadError(ScenarioFile::toJson(scenario)).find("notes"), std::string::npos);
}

// A scenario saved before version 4 of the catalogue has no pci_ids or FP6 values: opened on a catalogue
// that has them, they are neither listed as changed nor emptied by "use the recorded values".
TEST_F(ScenarioFileTest, AFileWithoutTheNewerColumnsReportsNoChangeToThem)
{
    QJsonObject file = QJsonDocument::fromJson(ScenarioFile::toJson(chatScenario())).object();
    QJsonObject recorded = file.value(QStringLiteral("recorded")).toObject();
    QJsonArray gpus = recorded.value(QStringLiteral("gpus")).toArray();
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        QJsonObject gpu = gpus.at(i).toObject();
        gpu.remove(QStringLiteral("pci_ids"));
        gpu.remove(QStringLiteral("fp6_dense_tflops"));
        gpus.replace(i, gpu);
    }
    recorded.insert(QStringLiteral("gpus"), gpus);
    file.insert(QStringLiteral("recorded"), recorded);
    QString error;
    const std::optional<Scenario> old = ScenarioFile::fromJson(QJsonDocument(file).toJson(), &error);
    ASSERT_TRUE(old) << error.toStdString();

    CatalogueSnapshot now = m_snapshot;
    for (GpuSpec &gpu : now.gpus)
        if (gpu.gpuId == u"h100_sxm5_80gb") {
            gpu.pciIds = QStringLiteral("10de:2330");
            gpu.fp6DenseTflops = 1978.9;
            gpu.tdpW = 600.0; // a recorded column still reports its change
        }
    const QVector<ScenarioCatalogue::Change> changes = ScenarioCatalogue::changes(*old, now);
    ASSERT_EQ(changes.size(), 1) << ScenarioCatalogue::changeLines(changes).join(u'\n').toStdString();
    EXPECT_EQ(changes.at(0).field, QStringLiteral("TDP"));

    // Putting the recorded values back changes the TDP only: the newer columns are kept, not emptied.
    const ImportPlan back = ScenarioCatalogue::recordedValues(*old, now);
    ASSERT_EQ(back.changes.size(), 1);
    EXPECT_EQ(back.changes.at(0).fields, QStringList{QStringLiteral("tdp_w")});
    EXPECT_EQ(back.changes.at(0).after.pciIds, QStringLiteral("10de:2330"));
    EXPECT_EQ(back.changes.at(0).after.fp6DenseTflops, 1978.9);
}

TEST_F(ScenarioFileTest, TheProfileItNamesIsRecordedWithWhatItWasFittedOn)
{
    // A profile `gpucompare calibrate` made: its description and calibration name the runs.
    EfficiencyProfile mine;
    mine.profileId = QStringLiteral("my-vllm");
    mine.name = QStringLiteral("my-vllm");
    mine.description = QStringLiteral("fitted on 6 of your runs, \u00b12% (from vllm)");
    mine.calibration =
        QStringLiteral("gpucompare calibrate, from vllm on your measured runs 1, 2, 3, 4, 5, 6");
    mine.parametersJson = m_snapshot.findProfile(QStringLiteral("vllm"))->parametersJson;
    CatalogueSnapshot withMine = m_snapshot;
    withMine.profiles << mine;
    WorkloadRequest request;
    request.modelId = QStringLiteral("llama-3-8b");
    request.task = Task::Inference;
    request.profileId = QStringLiteral("my-vllm");
    const Scenario scenario =
        ScenarioCatalogue::capture(kGpus, request, {}, withMine, QStringLiteral("/tmp/c.db"));
    ASSERT_TRUE(scenario.profile);

    QString error;
    const std::optional<Scenario> opened = ScenarioFile::fromJson(ScenarioFile::toJson(scenario), &error);
    ASSERT_TRUE(opened) << error.toStdString();
    ASSERT_TRUE(opened->profile);
    EXPECT_EQ(opened->profile->profileId, mine.profileId);
    EXPECT_EQ(opened->profile->description, mine.description);
    EXPECT_EQ(opened->profile->calibration, mine.calibration);
    EXPECT_EQ(ScenarioFile::toJson(*opened), ScenarioFile::toJson(scenario));
}
