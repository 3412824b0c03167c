// estimate and compare as a user or a script runs them.

#include "db/Catalogue.h"
#include "tests/cli/GpuCompareProcess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <tuple>

namespace {

const QString kFiveGpus =
    QStringLiteral("h100_sxm5_80gb,a100_sxm4_80gb,l40s_48gb,rtx_a6000_48gb,h200_sxm_141gb");

class EstimateCommands : public ::testing::Test
{
protected:
    // The catalogue is there, as a user's is: a new one would add "created a new catalogue" to stderr.
    void SetUp() override
    {
        ASSERT_FALSE(Catalogue::createFromSeed(m_dir.filePath(QStringLiteral("catalogue.db"))));
    }

    ProcessResult run(const QStringList &arguments)
    {
        return runGpuCompare(
            QStringList{QStringLiteral("--db"), m_dir.filePath(QStringLiteral("catalogue.db"))} + arguments);
    }

    QJsonArray results(const QStringList &arguments)
    {
        const ProcessResult result = run(arguments + QStringList{QStringLiteral("--json")});
        EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
        EXPECT_FALSE(result.crashed);
        EXPECT_FALSE(result.out.contains(QStringLiteral("nan"), Qt::CaseInsensitive));
        EXPECT_FALSE(result.out.contains(QStringLiteral("inf,"), Qt::CaseInsensitive));
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(result.out.toUtf8(), &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
        return document.object().value(QStringLiteral("results")).toArray();
    }

    // Exit 2 and one line on stderr that contains every one of `mentioned`.
    void expectBadInput(const QStringList &arguments, const QStringList &mentioned)
    {
        const ProcessResult result = run(arguments);
        EXPECT_EQ(result.exitCode, 2) << arguments.join(u' ').toStdString();
        EXPECT_FALSE(result.crashed);
        EXPECT_TRUE(result.out.isEmpty()) << result.out.toStdString();
        EXPECT_EQ(result.err.trimmed().count(u'\n'), 0) << "one line: " << result.err.toStdString();
        for (const QString &text : mentioned)
            EXPECT_TRUE(result.err.contains(text))
                << text.toStdString() << " in " << result.err.toStdString();
    }
    void expectBadInput(const QStringList &arguments, const QString &mentioned)
    {
        expectBadInput(arguments, QStringList{mentioned});
    }

    QTemporaryDir m_dir;
};

QStringList keysOf(const QJsonObject &object)
{
    QStringList keys = object.keys();
    keys.sort();
    return keys;
}

} // namespace

TEST_F(EstimateCommands, InferenceJsonHasTheIssueKeysForEveryGpu)
{
    const QJsonArray all =
        results({QStringLiteral("estimate"), QStringLiteral("--gpu"), kFiveGpus, QStringLiteral("--model"),
                 QStringLiteral("llama-3-8b"), QStringLiteral("--task"), QStringLiteral("inference"),
                 QStringLiteral("--precision"), QStringLiteral("fp16"), QStringLiteral("--input-tokens"),
                 QStringLiteral("512")});
    ASSERT_EQ(all.size(), 5);
    for (const QJsonValue &value : all) {
        const QJsonObject e = value.toObject();
        for (const char *key : {"gpu", "gpus", "model", "task", "profile", "precision", "memory", "inference",
                                "training", "cost", "verdict", "math", "ranges", "no_range"})
            EXPECT_TRUE(e.contains(QString::fromLatin1(key))) << key;
        EXPECT_EQ(e.value(QStringLiteral("model")).toString(), QStringLiteral("llama-3-8b"));
        EXPECT_EQ(e.value(QStringLiteral("task")).toString(), QStringLiteral("inference"));
        EXPECT_EQ(e.value(QStringLiteral("profile")).toString(), QStringLiteral("vllm"));
        const QJsonObject memory = e.value(QStringLiteral("memory")).toObject();
        for (const char *key : {"per_gpu_gb", "capacity_gb", "fits", "min_gpus", "breakdown_gb"})
            EXPECT_TRUE(memory.contains(QString::fromLatin1(key))) << key;
        // Llama-3-8B at fp16: 8.03e9 x 2 bytes = 16.06 GB of weights on every card.
        EXPECT_NEAR(memory.value(QStringLiteral("breakdown_gb"))
                        .toObject()
                        .value(QStringLiteral("weights"))
                        .toDouble(),
                    16.06, 0.005);
        const QJsonObject inference = e.value(QStringLiteral("inference")).toObject();
        for (const char *key :
             {"requests_in_flight", "replicas", "batch_per_replica", "ttft_ms", "tpot_ms",
              "prefill_tokens_per_s", "decode_tokens_per_s", "throughput_tokens_per_s", "max_batch"})
            EXPECT_TRUE(inference.value(QString::fromLatin1(key)).isDouble()) << key;
        EXPECT_FALSE(inference.contains(QStringLiteral("batch")))
            << "now requests_in_flight and batch_per_replica";
        // The resolver's default: one request in flight, on the one replica of one GPU.
        EXPECT_EQ(inference.value(QStringLiteral("requests_in_flight")).toInt(), 1);
        EXPECT_EQ(inference.value(QStringLiteral("replicas")).toInt(), 1);
        EXPECT_EQ(inference.value(QStringLiteral("batch_per_replica")).toInt(), 1);
        // The definitions of the issue, batch 1, input 512 (given), output 256.
        const double ttft = inference.value(QStringLiteral("ttft_ms")).toDouble();
        const double tpot = inference.value(QStringLiteral("tpot_ms")).toDouble();
        EXPECT_NEAR(inference.value(QStringLiteral("decode_tokens_per_s")).toDouble(), 1000.0 / tpot,
                    1e-6 * 1000.0 / tpot);
        EXPECT_NEAR(inference.value(QStringLiteral("prefill_tokens_per_s")).toDouble(), 512.0 * 1000.0 / ttft,
                    1e-6 * 512e3 / ttft);
        const double throughput = 256.0 / ((ttft + 256.0 * tpot) / 1000.0);
        EXPECT_NEAR(inference.value(QStringLiteral("throughput_tokens_per_s")).toDouble(), throughput,
                    1e-6 * throughput);
        EXPECT_TRUE(e.value(QStringLiteral("training")).isNull());
        const QJsonObject cost = e.value(QStringLiteral("cost")).toObject();
        for (const char *key : {"usd_per_gpu_hour", "usd_per_million_tokens", "joules_per_token"})
            EXPECT_TRUE(cost.contains(QString::fromLatin1(key))) << key;
        const QJsonObject verdict = e.value(QStringLiteral("verdict")).toObject();
        for (const char *task : {"training", "inference"}) {
            const QJsonObject v = verdict.value(QString::fromLatin1(task)).toObject();
            EXPECT_TRUE(QStringList({QStringLiteral("recommended"), QStringLiteral("suitable"),
                                     QStringLiteral("limited"), QStringLiteral("unsuitable")})
                            .contains(v.value(QStringLiteral("level")).toString()));
            EXPECT_FALSE(v.value(QStringLiteral("reasons")).toArray().isEmpty());
            EXPECT_FALSE(v.value(QStringLiteral("recipe")).toString().isEmpty()) << task;
        }
        // The training verdict beside an inference estimate judges the training recipe, and says so.
        EXPECT_TRUE(verdict.value(QStringLiteral("training"))
                        .toObject()
                        .value(QStringLiteral("recipe"))
                        .toString()
                        .contains(QStringLiteral("training")));
        const QJsonArray math = e.value(QStringLiteral("math")).toArray();
        ASSERT_FALSE(math.isEmpty());
        // Each term names its typed id ("weights_per_gpu") next to its English name; the term of an
        // estimated number also its range, or why it has none.
        for (const QJsonValue &term : math) {
            QStringList keys = keysOf(term.toObject());
            keys.removeOne(QStringLiteral("range"));
            EXPECT_EQ(keys, (QStringList{QStringLiteral("formula"), QStringLiteral("id"),
                                         QStringLiteral("name"), QStringLiteral("substituted"),
                                         QStringLiteral("unit"), QStringLiteral("value")}));
            EXPECT_FALSE(term.toObject().value(QStringLiteral("id")).toString().isEmpty());
        }
    }
}

TEST_F(EstimateCommands, TrainingJsonHasTrainingAndNoInference)
{
    const QJsonArray all =
        results({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                 QStringLiteral("--model"), QStringLiteral("llama-2-70b"), QStringLiteral("--task"),
                 QStringLiteral("training"), QStringLiteral("--gpus"), QStringLiteral("8"),
                 QStringLiteral("--zero"), QStringLiteral("3"), QStringLiteral("--recompute"),
                 QStringLiteral("full"), QStringLiteral("--seq-len"), QStringLiteral("4096")});
    ASSERT_EQ(all.size(), 1);
    const QJsonObject e = all.first().toObject();
    EXPECT_TRUE(e.value(QStringLiteral("inference")).isNull());
    const QJsonObject training = e.value(QStringLiteral("training")).toObject();
    for (const char *key : {"step_time_s", "tokens_per_s", "samples_per_s", "mfu"})
        EXPECT_GT(training.value(QString::fromLatin1(key)).toDouble(), 0.0) << key;
    EXPECT_LT(training.value(QStringLiteral("mfu")).toDouble(), 1.0);
    EXPECT_EQ(e.value(QStringLiteral("gpus")).toInt(), 8);
    // The resolver's default global batch, 8 sequences per GPU, in micro-batches of 1 over the replicas.
    EXPECT_FALSE(training.contains(QStringLiteral("batch"))) << "now global_batch and its split";
    const int globalBatch = training.value(QStringLiteral("global_batch")).toInt();
    const int perReplica = training.value(QStringLiteral("sequences_per_replica")).toInt();
    const int microBatch = training.value(QStringLiteral("micro_batch")).toInt();
    const int dp = e.value(QStringLiteral("parallelism")).toObject().value(QStringLiteral("dp")).toInt();
    EXPECT_EQ(globalBatch, 64);
    EXPECT_EQ(microBatch, 1);
    ASSERT_GE(dp, 1);
    EXPECT_EQ(perReplica, (globalBatch + dp - 1) / dp);
    EXPECT_EQ(training.value(QStringLiteral("gradient_accumulation")).toInt(),
              (perReplica + microBatch - 1) / microBatch);
    // 16 bytes x 68.98e9 parameters / 8 GPUs (ZeRO-3) = 138 GB of states: more than 80 GB, so it does not
    // fit.
    EXPECT_FALSE(e.value(QStringLiteral("memory")).toObject().value(QStringLiteral("fits")).toBool());
}

TEST_F(EstimateCommands, GpusMeansNOfEachAndThroughputIsForAllOfThem)
{
    const QStringList base{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                           QStringLiteral("a100_sxm4_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b"),     QStringLiteral("--task"),
                           QStringLiteral("inference")};
    const double one = results(base)
                           .first()
                           .toObject()
                           .value(QStringLiteral("inference"))
                           .toObject()
                           .value(QStringLiteral("decode_tokens_per_s"))
                           .toDouble();
    // --batch is the requests in flight on the whole deployment: four GPUs serve four requests, one each.
    const QJsonObject four = results(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("4"),
                                                        QStringLiteral("--batch"), QStringLiteral("4")})
                                 .first()
                                 .toObject();
    EXPECT_EQ(four.value(QStringLiteral("gpus")).toInt(), 4);
    const QJsonObject inference = four.value(QStringLiteral("inference")).toObject();
    EXPECT_EQ(inference.value(QStringLiteral("requests_in_flight")).toInt(), 4);
    EXPECT_EQ(inference.value(QStringLiteral("replicas")).toInt(), 4);
    EXPECT_EQ(inference.value(QStringLiteral("batch_per_replica")).toInt(), 1);
    // The model fits on one card: four data-parallel replicas serve four times the tokens.
    EXPECT_NEAR(inference.value(QStringLiteral("decode_tokens_per_s")).toDouble(), 4.0 * one, 1e-6 * one);

    // One request on four GPUs is still one request: the other replicas idle, the tokens/s stay one card's.
    const QJsonObject idle =
        results(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("4")}).first().toObject();
    EXPECT_EQ(idle.value(QStringLiteral("inference"))
                  .toObject()
                  .value(QStringLiteral("requests_in_flight"))
                  .toInt(),
              1);
    EXPECT_NEAR(idle.value(QStringLiteral("inference"))
                    .toObject()
                    .value(QStringLiteral("decode_tokens_per_s"))
                    .toDouble(),
                one, 1e-6 * one);
}

TEST_F(EstimateCommands, CompareMarksTheBestAndPrintsVerdicts)
{
    const ProcessResult result =
        run({QStringLiteral("compare"), QStringLiteral("--gpu"), kFiveGpus, QStringLiteral("--model"),
             QStringLiteral("llama-3-8b"), QStringLiteral("--task"), QStringLiteral("lora")});
    EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
    for (const QString &gpu : kFiveGpus.split(u','))
        EXPECT_TRUE(result.out.contains(gpu));
    EXPECT_TRUE(result.out.contains(u'*'));
    EXPECT_TRUE(result.out.contains(QStringLiteral("training verdict")));
    // The seed article's claim, answered by the data.
    EXPECT_TRUE(result.out.contains(QStringLiteral("2:4 sparse 733 TFLOPS")));
}

TEST_F(EstimateCommands, CustomModelFromAConfigJson)
{
    const QString path = m_dir.filePath(QStringLiteral("config.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(
        R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
                   "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256, "hidden_act": "silu"})");
    file.close();
    const QJsonArray all =
        results({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("l40s_48gb"),
                 QStringLiteral("--model-config"), path, QStringLiteral("--task"),
                 QStringLiteral("inference"), QStringLiteral("--precision"), QStringLiteral("fp16")});
    ASSERT_EQ(all.size(), 1);
    EXPECT_NEAR(all.first()
                    .toObject()
                    .value(QStringLiteral("memory"))
                    .toObject()
                    .value(QStringLiteral("breakdown_gb"))
                    .toObject()
                    .value(QStringLiteral("weights"))
                    .toDouble(),
                16.06, 0.005);
}

TEST_F(EstimateCommands, BadInputIsExit2WithOneLineNamingTheValue)
{
    const QStringList base{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                           QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b"),     QStringLiteral("--task"),
                           QStringLiteral("inference")};
    // A number of the wrong range is the resolver's to refuse; the option and the value are named.
    expectBadInput(
        base + QStringList{QStringLiteral("--batch"), QStringLiteral("-4")},
        QStringList{QStringLiteral("--batch"), QStringLiteral("-4"), QStringLiteral("1 to 1000000")});
    expectBadInput(base + QStringList{QStringLiteral("--batch"), QStringLiteral("99999999999")},
                   QStringLiteral("--batch"));
    expectBadInput(
        base + QStringList{QStringLiteral("--batch"), QStringLiteral("many")},
        QStringList{QStringLiteral("--batch 'many'"), QStringLiteral("whole number"), QStringLiteral("max")});
    expectBadInput(base + QStringList{QStringLiteral("--batch"), QStringLiteral("lots")},
                   QStringList{QStringLiteral("--batch 'lots'")});
    expectBadInput(base + QStringList{QStringLiteral("--micro-batch"), QStringLiteral("1.5")},
                   QStringList{QStringLiteral("--micro-batch '1.5'"), QStringLiteral("whole number")});
    expectBadInput(base + QStringList{QStringLiteral("--recompute"), QStringLiteral("some")},
                   QStringList{QStringLiteral("--recompute 'some'"), QStringLiteral("selective")});
    expectBadInput(base + QStringList{QStringLiteral("--optimizer"), QStringLiteral("sgd")},
                   QStringList{QStringLiteral("--optimizer 'sgd'"), QStringLiteral("adam8bit")});
    expectBadInput(base + QStringList{QStringLiteral("--utilisation"), QStringLiteral("half")},
                   QStringList{QStringLiteral("--utilisation 'half'"), QStringLiteral("number")});
    expectBadInput(base + QStringList{QStringLiteral("--frobnicate")}, QStringLiteral("--frobnicate"));
    expectBadInput(base + QStringList{QStringLiteral("--batch")}, QStringLiteral("--batch"));
    expectBadInput(base + QStringList{QStringLiteral("--precision"), QStringLiteral("fp7")},
                   QStringLiteral("q4_k_m"));
    expectBadInput(base + QStringList{QStringLiteral("--kv-precision"), QStringLiteral("q4_k_m")},
                   QStringLiteral("allowed"));
    expectBadInput(base + QStringList{QStringLiteral("--usd-per-gpu-hour"), QStringLiteral("nan")},
                   QStringLiteral("--usd-per-gpu-hour"));
    expectBadInput(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("6"), QStringLiteral("--tp"),
                                      QStringLiteral("4")},
                   QStringLiteral("divide"));
    expectBadInput(base + QStringList{QStringLiteral("--profile"), QStringLiteral("fastest")},
                   QStringLiteral("tensorrt-llm"));
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100"),
                    QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                    QStringLiteral("inference")},
                   QStringLiteral("h100_sxm5_80gb"));
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--task"),
                    QStringLiteral("inference")},
                   QStringLiteral("llama-3-8b"));
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                    QStringLiteral("training"), QStringLiteral("--precision"), QStringLiteral("q4_k_m")},
                   QStringLiteral("qlora"));
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--model"), QStringLiteral("resnet-50"), QStringLiteral("--task"),
                    QStringLiteral("lora")},
                   QStringLiteral("LoRA"));
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                    QStringLiteral("pretraining")},
                   QStringLiteral("qlora"));
    expectBadInput(
        {QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
         QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
         QStringLiteral("dance")},
        QStringList{QStringLiteral("--task 'dance'"), QStringLiteral("inference, training, lora, qlora")});
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--model"), QStringLiteral("llama-3-8b")},
                   QStringLiteral("--task is required"));
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--task"), QStringLiteral("inference")},
                   QStringLiteral("--model"));
    expectBadInput({QStringLiteral("compare"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb")},
                   QStringLiteral("at least 2"));
}

TEST_F(EstimateCommands, AValueTheTaskDoesNotUseIsExit2NamingItsOption)
{
    const QStringList base{QStringLiteral("estimate"), QStringLiteral("--gpu"),
                           QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b")};
    const QString inference = QStringLiteral("inference");
    const QString training = QStringLiteral("training");
    for (const auto &[task, option, value] :
         {std::tuple{inference, QStringLiteral("--seq-len"), QStringLiteral("4096")},
          std::tuple{inference, QStringLiteral("--zero"), QStringLiteral("1")},
          std::tuple{inference, QStringLiteral("--micro-batch"), QStringLiteral("2")},
          std::tuple{inference, QStringLiteral("--recompute"), QStringLiteral("full")},
          std::tuple{training, QStringLiteral("--input-tokens"), QStringLiteral("512")},
          std::tuple{training, QStringLiteral("--kv-precision"), QStringLiteral("fp8")},
          std::tuple{training, QStringLiteral("--lora-rank"), QStringLiteral("8")}})
        expectBadInput(base + QStringList{QStringLiteral("--task"), task, option, value},
                       QStringList{QStringLiteral("estimate: ") + option + u':'});
}

TEST_F(EstimateCommands, AConfigJsonThatCannotBeReadIsNamedByItsOption)
{
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("l40s_48gb"),
                    QStringLiteral("--model-config"), m_dir.filePath(QStringLiteral("missing.json")),
                    QStringLiteral("--task"), QStringLiteral("inference")},
                   QStringList{QStringLiteral("--model-config:"), QStringLiteral("missing.json")});
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("l40s_48gb"),
                    QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--model-config"),
                    m_dir.filePath(QStringLiteral("config.json")), QStringLiteral("--task"),
                    QStringLiteral("inference")},
                   QStringLiteral("not both"));
}

TEST_F(EstimateCommands, TrainingSplitsTheGlobalBatchAsAsked)
{
    const QJsonObject e =
        results({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                 QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                 QStringLiteral("training"), QStringLiteral("--gpus"), QStringLiteral("2"),
                 QStringLiteral("--tp"), QStringLiteral("1"), QStringLiteral("--pp"), QStringLiteral("1"),
                 QStringLiteral("--zero"), QStringLiteral("3"), QStringLiteral("--batch"),
                 QStringLiteral("16"), QStringLiteral("--micro-batch"), QStringLiteral("2")})
            .first()
            .toObject();
    const QJsonObject training = e.value(QStringLiteral("training")).toObject();
    EXPECT_EQ(e.value(QStringLiteral("parallelism")).toObject().value(QStringLiteral("dp")).toInt(), 2);
    EXPECT_EQ(training.value(QStringLiteral("global_batch")).toInt(), 16);
    EXPECT_EQ(training.value(QStringLiteral("sequences_per_replica")).toInt(), 8);
    EXPECT_EQ(training.value(QStringLiteral("micro_batch")).toInt(), 2);
    EXPECT_EQ(training.value(QStringLiteral("gradient_accumulation")).toInt(), 4);
}

TEST_F(EstimateCommands, BatchMaxServesAsManyRequestsAsFit)
{
    const QJsonObject inference =
        results({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                 QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                 QStringLiteral("inference"), QStringLiteral("--batch"), QStringLiteral("max")})
            .first()
            .toObject()
            .value(QStringLiteral("inference"))
            .toObject();
    EXPECT_GT(inference.value(QStringLiteral("requests_in_flight")).toInt(), 1);
    EXPECT_LE(inference.value(QStringLiteral("requests_in_flight")).toInt(),
              inference.value(QStringLiteral("max_batch")).toInt());
}

TEST_F(EstimateCommands, TextNamesTheSplitOfTheBatchAndTheRecipeOfEachVerdict)
{
    const ProcessResult serving =
        run({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
             QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
             QStringLiteral("inference"), QStringLiteral("--gpus"), QStringLiteral("2"),
             QStringLiteral("--batch"), QStringLiteral("8")});
    ASSERT_EQ(serving.exitCode, 0) << serving.err.toStdString();
    EXPECT_TRUE(serving.out.contains(QStringLiteral("8 requests in flight (4 per replica x 2 replicas)")))
        << serving.out.toStdString();
    EXPECT_EQ(serving.out.count(QStringLiteral("    recipe: ")), 2) << serving.out.toStdString();

    const ProcessResult training =
        run({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
             QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
             QStringLiteral("training"), QStringLiteral("--gpus"), QStringLiteral("2"),
             QStringLiteral("--tp"), QStringLiteral("1"), QStringLiteral("--pp"), QStringLiteral("1"),
             QStringLiteral("--zero"), QStringLiteral("3"), QStringLiteral("--batch"), QStringLiteral("16"),
             QStringLiteral("--micro-batch"), QStringLiteral("2")});
    ASSERT_EQ(training.exitCode, 0) << training.err.toStdString();
    EXPECT_TRUE(training.out.contains(
        QStringLiteral("global batch 16 = micro-batch 2 x accumulation 4 x 2 dp replicas")))
        << training.out.toStdString();
}

TEST_F(EstimateCommands, CompareDefaultsToTheResolversModelAndTask)
{
    const QJsonArray all = results(
        {QStringLiteral("compare"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb,l40s_48gb")});
    ASSERT_EQ(all.size(), 2);
    for (const QJsonValue &value : all) {
        EXPECT_EQ(value.toObject().value(QStringLiteral("model")).toString(), QStringLiteral("llama-3-8b"));
        EXPECT_EQ(value.toObject().value(QStringLiteral("task")).toString(), QStringLiteral("inference"));
        EXPECT_EQ(value.toObject().value(QStringLiteral("profile")).toString(), QStringLiteral("vllm"));
    }
}

// The issue's case: Llama-3-8B inference on one H100. Its training verdict names the recipe it judged and
// a finite GPU count; `estimate --task training` (that recipe's defaults) gives the same count.
// The training verdict beside inference is judged on the fewest H100s that hold the training run; the recipe
// names the count, and `estimate --task training --gpus N` gives the same verdict.
TEST_F(EstimateCommands, TheCompanionTrainingVerdictAgreesWithEstimateTaskTraining)
{
    const QStringList base{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                           QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b"),     QStringLiteral("--task")};
    const QJsonObject inference = results(base + QStringList{QStringLiteral("inference")}).first().toObject();
    const QJsonObject beside =
        inference.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("training")).toObject();
    const QString recipe = beside.value(QStringLiteral("recipe")).toString();
    const QRegularExpressionMatch count = QRegularExpression(QStringLiteral("· (\\d+) GPUs ·")).match(recipe);
    ASSERT_TRUE(count.hasMatch()) << recipe.toStdString();
    const int gpus = count.captured(1).toInt();
    ASSERT_GT(gpus, 1);
    ASSERT_LE(gpus, 8);
    EXPECT_TRUE(recipe.contains(QStringLiteral("4,096-token sequences")));

    const QJsonObject training = results(base + QStringList{QStringLiteral("training"),
                                                            QStringLiteral("--gpus"), QString::number(gpus)})
                                     .first()
                                     .toObject();
    const QJsonObject own =
        training.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("training")).toObject();
    EXPECT_EQ(recipe, own.value(QStringLiteral("recipe")).toString());
    EXPECT_EQ(beside.value(QStringLiteral("reasons")), own.value(QStringLiteral("reasons")));
    EXPECT_EQ(beside.value(QStringLiteral("level")), own.value(QStringLiteral("level")));
}

// Issue 17's contract: with a traffic option the JSON result gains "serving" with these keys.
TEST_F(EstimateCommands, ServingJsonUnderLoadHasTheContractKeys)
{
    const QJsonArray all = results({QStringLiteral("estimate"),
                                    QStringLiteral("--gpu"),
                                    QStringLiteral("h100_sxm5_80gb"),
                                    QStringLiteral("--model"),
                                    QStringLiteral("llama-3.3-70b"),
                                    QStringLiteral("--task"),
                                    QStringLiteral("inference"),
                                    QStringLiteral("--precision"),
                                    QStringLiteral("fp8"),
                                    QStringLiteral("--gpus"),
                                    QStringLiteral("2"),
                                    QStringLiteral("--input-tokens"),
                                    QStringLiteral("5000"),
                                    QStringLiteral("--output-tokens"),
                                    QStringLiteral("500"),
                                    QStringLiteral("--concurrency"),
                                    QStringLiteral("50"),
                                    QStringLiteral("--ttft-p90-ms"),
                                    QStringLiteral("2000"),
                                    QStringLiteral("--tpot-p90-ms"),
                                    QStringLiteral("100")});
    ASSERT_EQ(all.size(), 1);
    const QJsonObject serving = all[0].toObject().value(QStringLiteral("serving")).toObject();
    for (const char *key : {"concurrency", "request_rate", "ttft_ms", "tpot_ms", "itl_ms", "e2e_ms",
                            "queue_ms", "output_tokens_per_s", "output_tokens_per_s_per_gpu",
                            "requests_per_s", "kv_cache_use", "meets_slo", "max_concurrency_within_slo"})
        EXPECT_TRUE(serving.contains(QLatin1String(key))) << key;
    EXPECT_EQ(serving.value(QStringLiteral("concurrency")).toInt(), 50);
    EXPECT_TRUE(serving.value(QStringLiteral("request_rate")).isNull());
    for (const char *latency : {"ttft_ms", "tpot_ms", "itl_ms", "e2e_ms", "queue_ms"}) {
        const QJsonObject stats = serving.value(QLatin1String(latency)).toObject();
        EXPECT_EQ(keysOf(stats), (QStringList{QStringLiteral("mean"), QStringLiteral("p50"),
                                              QStringLiteral("p90"), QStringLiteral("p99")}))
            << latency;
        EXPECT_LE(stats.value(QStringLiteral("p50")).toDouble(),
                  stats.value(QStringLiteral("p99")).toDouble());
    }
    const double throughput = serving.value(QStringLiteral("output_tokens_per_s")).toDouble();
    EXPECT_GT(throughput, 0.0);
    EXPECT_NEAR(serving.value(QStringLiteral("output_tokens_per_s_per_gpu")).toDouble(), throughput / 2.0,
                1e-6);
    EXPECT_TRUE(serving.value(QStringLiteral("meets_slo")).isBool());
    EXPECT_GE(serving.value(QStringLiteral("max_concurrency_within_slo")).toInt(), 1);
    // The cost follows the throughput under load: 2 GPUs x $/GPU-hour over the output tokens of an hour.
    const QJsonObject cost = all[0].toObject().value(QStringLiteral("cost")).toObject();
    EXPECT_NEAR(cost.value(QStringLiteral("usd_per_million_tokens")).toDouble(),
                2.0 * cost.value(QStringLiteral("usd_per_gpu_hour")).toDouble() / (throughput * 3600.0) * 1e6,
                1e-6);
}

TEST_F(EstimateCommands, StaticBatchAndOpenLoopAreSimulatedAndWithoutTrafficThereIsNoServing)
{
    const QStringList base{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                           QStringLiteral("a100_sxm4_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b"),     QStringLiteral("--task"),
                           QStringLiteral("inference")};
    const QJsonObject batch =
        results(base + QStringList{QStringLiteral("--concurrency"), QStringLiteral("8"),
                                   QStringLiteral("--num-requests"), QStringLiteral("8")})[0]
            .toObject()
            .value(QStringLiteral("serving"))
            .toObject();
    EXPECT_EQ(batch.value(QStringLiteral("num_requests")).toInt(), 8);
    EXPECT_EQ(batch.value(QStringLiteral("queue_ms")).toObject().value(QStringLiteral("p99")).toDouble(),
              0.0);
    const QJsonObject open =
        results(base + QStringList{QStringLiteral("--request-rate"), QStringLiteral("2.5"),
                                   QStringLiteral("--num-requests"), QStringLiteral("100"),
                                   QStringLiteral("--seed"), QStringLiteral("3")})[0]
            .toObject()
            .value(QStringLiteral("serving"))
            .toObject();
    EXPECT_DOUBLE_EQ(open.value(QStringLiteral("request_rate")).toDouble(), 2.5);
    EXPECT_TRUE(open.value(QStringLiteral("concurrency")).isNull());
    // Below capacity an open loop serves what arrives.
    EXPECT_NEAR(open.value(QStringLiteral("requests_per_s")).toDouble(), 2.5, 0.75);
    EXPECT_FALSE(results(base)[0].toObject().contains(QStringLiteral("serving")));
}

TEST_F(EstimateCommands, BadLoadIsExit2NamingTheOption)
{
    const QStringList base{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                           QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b"),     QStringLiteral("--task"),
                           QStringLiteral("inference")};
    expectBadInput(base + QStringList{QStringLiteral("--concurrency"), QStringLiteral("0")},
                   QStringList{QStringLiteral("--concurrency"), QStringLiteral("at least 1")});
    expectBadInput(base + QStringList{QStringLiteral("--concurrency"), QStringLiteral("-5")},
                   QStringList{QStringLiteral("--concurrency"), QStringLiteral("-5")});
    expectBadInput(base + QStringList{QStringLiteral("--request-rate"), QStringLiteral("2"),
                                      QStringLiteral("--num-requests"), QStringLiteral("0")},
                   QStringList{QStringLiteral("--num-requests"), QStringLiteral("0")});
    // A range is said at the option that is out of it, with that option's range (issue 40).
    expectBadInput(base + QStringList{QStringLiteral("--concurrency"), QStringLiteral("1e9")},
                   QStringList{QStringLiteral("--concurrency"), QStringLiteral("allowed 1 to 100000")});
    expectBadInput(base + QStringList{QStringLiteral("--concurrency"), QStringLiteral("4"),
                                      QStringLiteral("--num-requests"), QStringLiteral("1e12")},
                   QStringList{QStringLiteral("--num-requests '1e12'"), QStringLiteral("--help")});
    expectBadInput(base + QStringList{QStringLiteral("--request-rate"), QStringLiteral("fast")},
                   QStringList{QStringLiteral("--request-rate 'fast'"), QStringLiteral("number")});
    expectBadInput(base + QStringList{QStringLiteral("--request-rate"), QStringLiteral("2"),
                                      QStringLiteral("--concurrency"), QStringLiteral("4")},
                   QStringLiteral("--request-rate"));
    expectBadInput(
        base + QStringList{QStringLiteral("--ttft-p90-ms"), QStringLiteral("500")},
        QStringList{QStringLiteral("--ttft-p90-ms"), QStringLiteral("concurrent users or a request rate")});
    expectBadInput(base + QStringList{QStringLiteral("--concurrency"), QStringLiteral("4"),
                                      QStringLiteral("--tpot-p90-ms"), QStringLiteral("0")},
                   QStringLiteral("--tpot-p90-ms"));
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                    QStringLiteral("training"), QStringLiteral("--concurrency"), QStringLiteral("4")},
                   QStringList{QStringLiteral("--concurrency"), QStringLiteral("inference")});
}

TEST_F(EstimateCommands, TrainingAtScaleJsonHasTheContractKeys)
{
    // MPT-70B on 512 H100 as llm-foundry ran it (README line 75): FSDP, micro-batch 8, 2,048 tokens.
    const QJsonObject e = results({QStringLiteral("estimate"),
                                   QStringLiteral("--gpu"),
                                   QStringLiteral("h100_sxm5_80gb"),
                                   QStringLiteral("--model"),
                                   QStringLiteral("mpt-70b"),
                                   QStringLiteral("--task"),
                                   QStringLiteral("training"),
                                   QStringLiteral("--gpus"),
                                   QStringLiteral("512"),
                                   QStringLiteral("--global-batch"),
                                   QStringLiteral("4096"),
                                   QStringLiteral("--micro-batch"),
                                   QStringLiteral("8"),
                                   QStringLiteral("--seq-len"),
                                   QStringLiteral("2048"),
                                   QStringLiteral("--tp"),
                                   QStringLiteral("1"),
                                   QStringLiteral("--pp"),
                                   QStringLiteral("1"),
                                   QStringLiteral("--cp"),
                                   QStringLiteral("1"),
                                   QStringLiteral("--zero"),
                                   QStringLiteral("3"),
                                   QStringLiteral("--recompute"),
                                   QStringLiteral("full"),
                                   QStringLiteral("--gpus-per-node"),
                                   QStringLiteral("8"),
                                   QStringLiteral("--network-gbps"),
                                   QStringLiteral("400"),
                                   QStringLiteral("--profile"),
                                   QStringLiteral("fsdp"),
                                   QStringLiteral("--train-tokens"),
                                   QStringLiteral("1e12")})
                              .first()
                              .toObject();
    const QJsonObject training = e.value(QStringLiteral("training")).toObject();
    for (const char *key : {"step_time_s", "tokens_per_s", "tokens_per_s_per_gpu", "samples_per_s", "mfu",
                            "hfu", "budget_days", "budget_gpu_hours", "budget_usd"})
        EXPECT_GT(training.value(QString::fromLatin1(key)).toDouble(), 0.0) << key;
    EXPECT_EQ(training.value(QStringLiteral("grad_accum")).toInt(), 1); // 4096 / (512 x 8)
    EXPECT_EQ(training.value(QStringLiteral("nodes")).toInt(), 64);
    EXPECT_DOUBLE_EQ(training.value(QStringLiteral("network_gbps")).toDouble(), 400.0);
    EXPECT_NEAR(training.value(QStringLiteral("tokens_per_s_per_gpu")).toDouble() * 512,
                training.value(QStringLiteral("tokens_per_s")).toDouble(), 1e-6 * 512 * 1000);
    EXPECT_LE(training.value(QStringLiteral("mfu")).toDouble(),
              training.value(QStringLiteral("hfu")).toDouble());
    // The parts of the step add up to it.
    const QJsonObject parts = training.value(QStringLiteral("breakdown_s")).toObject();
    double sum = 0.0;
    for (const char *key : {"compute", "recompute", "model_parallel_comm", "data_parallel_comm",
                            "pipeline_bubble", "optimizer"}) {
        ASSERT_TRUE(parts.contains(QString::fromLatin1(key))) << key;
        sum += parts.value(QString::fromLatin1(key)).toDouble();
    }
    EXPECT_NEAR(sum, training.value(QStringLiteral("step_time_s")).toDouble(), 1e-9 * sum);
    EXPECT_GT(parts.value(QStringLiteral("recompute")).toDouble(), 0.0) << "full recomputation";
    EXPECT_EQ(parts.value(QStringLiteral("pipeline_bubble")).toDouble(), 0.0) << "no pipeline";
    // Days x 24 x GPUs = GPU-hours.
    EXPECT_NEAR(training.value(QStringLiteral("budget_days")).toDouble() * 24.0 * 512,
                training.value(QStringLiteral("budget_gpu_hours")).toDouble(),
                1e-6 * training.value(QStringLiteral("budget_gpu_hours")).toDouble());
}

TEST_F(EstimateCommands, WithoutALayoutTheEstimatorPicksAndShowsOne)
{
    // 70B on 64 H100 with Megatron: tensor parallel inside a node, the rest data parallel.
    const ProcessResult result =
        run({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
             QStringLiteral("--model"), QStringLiteral("llama-2-70b"), QStringLiteral("--task"),
             QStringLiteral("training"), QStringLiteral("--gpus"), QStringLiteral("64"),
             QStringLiteral("--global-batch"), QStringLiteral("512"), QStringLiteral("--seq-len"),
             QStringLiteral("4096"), QStringLiteral("--profile"), QStringLiteral("megatron")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("8 nodes of 8, network 400 Gb/s per GPU")))
        << result.out.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("step breakdown (s): compute")))
        << result.out.toStdString();
    const QJsonObject e =
        results({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                 QStringLiteral("--model"), QStringLiteral("llama-2-70b"), QStringLiteral("--task"),
                 QStringLiteral("training"), QStringLiteral("--gpus"), QStringLiteral("64"),
                 QStringLiteral("--global-batch"), QStringLiteral("512"), QStringLiteral("--seq-len"),
                 QStringLiteral("4096"), QStringLiteral("--profile"), QStringLiteral("megatron")})
            .first()
            .toObject();
    const QJsonObject split = e.value(QStringLiteral("parallelism")).toObject();
    const int tp = split.value(QStringLiteral("tp")).toInt();
    EXPECT_GE(tp, 2) << "70B does not fit one H100 without sharding";
    EXPECT_LE(tp, 8) << "tensor parallelism stays inside a node";
    EXPECT_EQ(tp * split.value(QStringLiteral("pp")).toInt() * split.value(QStringLiteral("dp")).toInt(), 64);
    EXPECT_TRUE(e.value(QStringLiteral("memory")).toObject().value(QStringLiteral("fits")).toBool());
}

TEST_F(EstimateCommands, BadTrainingLayoutIsExit2NamingTheOption)
{
    const QStringList base{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                           QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b"),     QStringLiteral("--task"),
                           QStringLiteral("training")};
    // 64 sequences over 8 replicas are 8 each: micro-batches of 3 do not divide them.
    expectBadInput(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--tp"),
                                      QStringLiteral("1"), QStringLiteral("--pp"), QStringLiteral("1"),
                                      QStringLiteral("--global-batch"), QStringLiteral("64"),
                                      QStringLiteral("--micro-batch"), QStringLiteral("3")},
                   {QStringLiteral("--micro-batch"), QStringLiteral("multiple of 24")});
    expectBadInput(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--tp"),
                                      QStringLiteral("4"), QStringLiteral("--pp"), QStringLiteral("2"),
                                      QStringLiteral("--cp"), QStringLiteral("2")},
                   {QStringLiteral("--gpus"), QStringLiteral("tp x pp x cp = 16")});
    // The experts split over the 4 GPUs of a pipeline stage (tp x cp x dp, Megatron's MoE folding): ep 8
    // cannot.
    expectBadInput(QStringList{QStringLiteral("estimate"), QStringLiteral("--gpu"),
                               QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                               QStringLiteral("mixtral-8x7b"), QStringLiteral("--task"),
                               QStringLiteral("training"), QStringLiteral("--gpus"), QStringLiteral("8"),
                               QStringLiteral("--pp"), QStringLiteral("2"), QStringLiteral("--tp"),
                               QStringLiteral("1"), QStringLiteral("--ep"), QStringLiteral("8")},
                   {QStringLiteral("--ep"), QStringLiteral("4 GPUs of a pipeline stage")});
    expectBadInput(base + QStringList{QStringLiteral("--ep"), QStringLiteral("2"), QStringLiteral("--gpus"),
                                      QStringLiteral("2")},
                   {QStringLiteral("--ep"), QStringLiteral("no experts")});
    expectBadInput(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--pp"),
                                      QStringLiteral("1"), QStringLiteral("--vpp"), QStringLiteral("2")},
                   {QStringLiteral("--vpp"), QStringLiteral("pp 2 or more")});
    // A network for a run that fits in one node, and one node only for a run that does not.
    expectBadInput(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("8"),
                                      QStringLiteral("--gpus-per-node"), QStringLiteral("8"),
                                      QStringLiteral("--network-gbps"), QStringLiteral("200")},
                   {QStringLiteral("--network-gbps"), QStringLiteral("one node")});
    expectBadInput(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("16"),
                                      QStringLiteral("--gpus-per-node"), QStringLiteral("8"),
                                      QStringLiteral("--network-gbps"), QStringLiteral("0")},
                   {QStringLiteral("--network-gbps"), QStringLiteral("2 nodes of 8")});
    expectBadInput(base + QStringList{QStringLiteral("--gpus-per-node"), QStringLiteral("0")},
                   {QStringLiteral("--gpus-per-node")});
    expectBadInput(base + QStringList{QStringLiteral("--global-batch"), QStringLiteral("64"),
                                      QStringLiteral("--batch"), QStringLiteral("64")},
                   {QStringLiteral("--global-batch")});
    // Serving uses the network too (issue 57: its groups beyond a node cross it), but not on one GPU.
    expectBadInput({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                    QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                    QStringLiteral("inference"), QStringLiteral("--network-gbps"), QStringLiteral("400")},
                   {QStringLiteral("--network-gbps"), QStringLiteral("one node")});
}

// A GPU just added with its memory but no bandwidth yet: estimate, --json and compare say what it needs
// for each number, and never print 0 for what cannot be known.
TEST_F(EstimateCommands, AGpuWithoutBandwidthSaysWhatItNeedsAndNeverZero)
{
    const QString csv = m_dir.filePath(QStringLiteral("new.csv"));
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(
        "gpu_id,vendor,product,memory_gb,fp16_dense_tflops,tdp_w\r\nnew_gpu,Acme,New GPU,80,989.4,700\r\n");
    file.close();
    const ProcessResult imported = run({QStringLiteral("import"), csv});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();

    const QStringList estimate{
        QStringLiteral("estimate"), QStringLiteral("--gpu"),      QStringLiteral("h100_sxm5_80gb,new_gpu"),
        QStringLiteral("--model"),  QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
        QStringLiteral("inference")};
    const QJsonArray all = results(estimate);
    ASSERT_EQ(all.size(), 2);
    const QJsonObject h100 = all.at(0).toObject();
    const QJsonObject added = all.at(1).toObject();
    EXPECT_TRUE(h100.value(QStringLiteral("missing")).toArray().isEmpty());
    EXPECT_EQ(added.value(QStringLiteral("missing")).toArray(),
              QJsonArray{QStringLiteral("memory_bandwidth_gbs")});
    // Memory fit needs only the memory size.
    const QJsonObject memory = added.value(QStringLiteral("memory")).toObject();
    EXPECT_NEAR(
        memory.value(QStringLiteral("per_gpu_gb")).toDouble(),
        h100.value(QStringLiteral("memory")).toObject().value(QStringLiteral("per_gpu_gb")).toDouble(), 1e-9);
    EXPECT_TRUE(memory.value(QStringLiteral("fits")).toBool());
    EXPECT_TRUE(added.value(QStringLiteral("inference")).isNull());
    EXPECT_TRUE(
        added.value(QStringLiteral("cost")).toObject().value(QStringLiteral("joules_per_token")).isNull());
    EXPECT_NE(added.value(QStringLiteral("verdict"))
                  .toObject()
                  .value(QStringLiteral("inference"))
                  .toObject()
                  .value(QStringLiteral("level")),
              QStringLiteral("recommended"));

    const ProcessResult text = run(estimate);
    ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
    EXPECT_TRUE(text.out.contains(QStringLiteral("speed and cost: needs memory bandwidth")))
        << text.out.toStdString();

    const ProcessResult compared =
        run({QStringLiteral("compare"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb,new_gpu"),
             QStringLiteral("--model"), QStringLiteral("llama-3-8b")});
    ASSERT_EQ(compared.exitCode, 0) << compared.err.toStdString();
    EXPECT_TRUE(compared.out.contains(QStringLiteral("needs spec"))) << compared.out.toStdString();
    EXPECT_TRUE(compared.out.contains(QStringLiteral("needs memory bandwidth")))
        << compared.out.toStdString();
    // No row stars the new GPU: its column (the last) never ends in '*'.
    for (const QString &line : compared.out.split(u'\n')) {
        if (line.contains(QStringLiteral("needs spec"))) {
            EXPECT_FALSE(line.trimmed().endsWith(u'*')) << line.toStdString();
        }
    }
}

// A GPU just added without its board power (TDP): speed and rental are estimated, the energy is not
// (0 J/token would be the best of the row); text, --json and compare say it needs the TDP.
TEST_F(EstimateCommands, AGpuWithoutBoardPowerHasNoEnergyAndIsNeverTheBestForIt)
{
    const QString csv = m_dir.filePath(QStringLiteral("new.csv"));
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("gpu_id,vendor,product,memory_gb,memory_bandwidth_gbs,fp16_dense_tflops\r\n"
               "new_gpu,Acme,New GPU,80,3350,989.4\r\n");
    file.close();
    const ProcessResult imported = run({QStringLiteral("import"), csv});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();

    for (const char *task : {"inference", "training"}) {
        const QStringList estimate{QStringLiteral("estimate"),
                                   QStringLiteral("--gpu"),
                                   QStringLiteral("h100_sxm5_80gb,new_gpu"),
                                   QStringLiteral("--model"),
                                   QStringLiteral("llama-3-8b"),
                                   QStringLiteral("--task"),
                                   QString::fromLatin1(task)};
        const QJsonArray all = results(estimate);
        ASSERT_EQ(all.size(), 2);
        const QJsonObject added = all.at(1).toObject();
        EXPECT_EQ(added.value(QStringLiteral("missing")).toArray(), QJsonArray{QStringLiteral("tdp_w")})
            << task;
        const QJsonObject cost = added.value(QStringLiteral("cost")).toObject();
        for (const char *key : {"joules_per_token", "power_w", "electricity_usd_per_million_tokens"})
            EXPECT_TRUE(cost.value(QLatin1String(key)).isNull()) << task << " " << key;
        if (QLatin1String(task) == QLatin1String("training")) {
            EXPECT_TRUE(added.value(QStringLiteral("training"))
                            .toObject()
                            .value(QStringLiteral("budget_energy_kwh"))
                            .isNull());
            EXPECT_FALSE(added.value(QStringLiteral("training"))
                             .toObject()
                             .value(QStringLiteral("tokens_per_s"))
                             .isNull());
        } else {
            EXPECT_FALSE(added.value(QStringLiteral("inference")).isNull()) << "speed needs no TDP";
        }

        const ProcessResult text = run(estimate);
        ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
        EXPECT_TRUE(text.out.contains(QStringLiteral("energy: needs board power (TDP)")))
            << text.out.toStdString();
        EXPECT_FALSE(text.out.contains(QStringLiteral(" 0.00 J/token"))) << text.out.toStdString();
        EXPECT_FALSE(text.out.contains(QStringLiteral(" 0.00 kWh"))) << text.out.toStdString();
    }

    const ProcessResult compared =
        run({QStringLiteral("compare"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb,new_gpu"),
             QStringLiteral("--model"), QStringLiteral("llama-3-8b")});
    ASSERT_EQ(compared.exitCode, 0) << compared.err.toStdString();
    EXPECT_TRUE(compared.out.contains(QStringLiteral("needs board power (TDP)")))
        << compared.out.toStdString();
    bool sawEnergy = false;
    for (const QString &line : compared.out.split(u'\n')) {
        if (line.startsWith(QStringLiteral("joules per token"))) {
            sawEnergy = true;
            EXPECT_TRUE(line.contains(QStringLiteral("needs spec"))) << line.toStdString();
            EXPECT_FALSE(line.trimmed().endsWith(u'*')) << line.toStdString();
        }
    }
    EXPECT_TRUE(sawEnergy) << compared.out.toStdString();
}

TEST_F(EstimateCommands, ParallelDegreesBeyondTheGpuBoundAreExit2WithTheBound)
{
    const QStringList base{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                           QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                           QStringLiteral("llama-3-8b"),     QStringLiteral("--task"),
                           QStringLiteral("inference")};
    expectBadInput(base + QStringList{QStringLiteral("--tp"), QStringLiteral("65536"), QStringLiteral("--pp"),
                                      QStringLiteral("65536")},
                   {QStringLiteral("--tp"), QStringLiteral("tp 65536 x pp 65536 = 4294967296 GPUs"),
                    QStringLiteral("allowed up to 65536 GPUs")});
    expectBadInput(base + QStringList{QStringLiteral("--gpus"), QStringLiteral("65536"),
                                      QStringLiteral("--tp"), QStringLiteral("65536"), QStringLiteral("--pp"),
                                      QStringLiteral("65536")},
                   {QStringLiteral("--tp"), QStringLiteral("4294967296")});
}

// Issue 23: the 2025 presets at their native formats, with the math shown.
TEST_F(EstimateCommands, GptOss120bAtMxfp4OnAB200ShowsThePerPartWeights)
{
    const ProcessResult result =
        run({QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("gpt-oss-120b"),
             QStringLiteral("--gpu"), QStringLiteral("b200_sxm_180gb"), QStringLiteral("--task"),
             QStringLiteral("inference"), QStringLiteral("--precision"), QStringLiteral("mxfp4"),
             QStringLiteral("--math")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("mxfp4"))) << result.out.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("non-expert params"))) << result.out.toStdString();
    EXPECT_FALSE(result.out.contains(QStringLiteral("at the fp8 rate"))) << "B200 runs MXFP4 natively";
}

TEST_F(EstimateCommands, Qwen3MoeTrainingWithExpertParallelismShowsTheSplit)
{
    const ProcessResult result =
        run({QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("qwen3-235b-a22b"),
             QStringLiteral("--gpu"), QStringLiteral("b200_sxm_180gb"), QStringLiteral("--task"),
             QStringLiteral("training"), QStringLiteral("--ep"), QStringLiteral("8"),
             QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("--math")});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("(ep 8)"))) << result.out.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("expert-parallel share"))) << result.out.toStdString();
}

// Issue 37: the requests' lengths and arrivals as the benchmark tools make them, named in the JSON, the
// math under load, and the dataset options refused at their option.
TEST_F(EstimateCommands, ADatasetOfLengthsIsSimulatedNamedAndExplained)
{
    const QStringList base{
        QStringLiteral("estimate"),  QStringLiteral("--gpu"),         QStringLiteral("h100_sxm5_80gb"),
        QStringLiteral("--model"),   QStringLiteral("llama-3.1-8b"),  QStringLiteral("--task"),
        QStringLiteral("inference"), QStringLiteral("--concurrency"), QStringLiteral("32")};
    const QJsonObject e =
        results(base + QStringList{QStringLiteral("--dataset"), QStringLiteral("sharegpt")})[0].toObject();
    const QJsonObject serving = e.value(QStringLiteral("serving")).toObject();
    EXPECT_EQ(serving.value(QStringLiteral("dataset")).toString(), QStringLiteral("sharegpt"));
    const QJsonObject ttft = serving.value(QStringLiteral("ttft_ms")).toObject();
    EXPECT_GT(ttft.value(QStringLiteral("p99")).toDouble(), ttft.value(QStringLiteral("p50")).toDouble());
    // Every number under load the targets judge carries a range.
    const QJsonObject ranges = e.value(QStringLiteral("ranges")).toObject();
    for (const char *path : {"serving.ttft_ms.p90", "serving.tpot_ms.p90", "serving.output_tokens_per_s"})
        EXPECT_EQ(ranges.value(QLatin1String(path)).toArray().size(), 2) << path;

    const ProcessResult math = run(base + QStringList{QStringLiteral("--dataset"), QStringLiteral("sharegpt"),
                                                      QStringLiteral("--math")});
    ASSERT_EQ(math.exitCode, 0) << math.err.toStdString();
    for (const char *term : {"mean request under load", "time outside the GPU per request",
                             "engine step at the mean running batch", "TTFT p90 under load",
                             "TPOT p90 under load", "output tokens per second under load"})
        EXPECT_TRUE(math.out.contains(QLatin1String(term))) << term;

    // Random lengths with no spread are the fixed lengths.
    const QJsonObject fixed = results(base)[0].toObject().value(QStringLiteral("serving")).toObject();
    const QJsonObject random =
        results(base + QStringList{QStringLiteral("--dataset"), QStringLiteral("random"),
                                   QStringLiteral("--random-range-ratio"), QStringLiteral("0")})[0]
            .toObject()
            .value(QStringLiteral("serving"))
            .toObject();
    EXPECT_EQ(fixed.value(QStringLiteral("ttft_ms")), random.value(QStringLiteral("ttft_ms")));
    EXPECT_EQ(fixed.value(QStringLiteral("output_tokens_per_s")),
              random.value(QStringLiteral("output_tokens_per_s")));
}

TEST_F(EstimateCommands, BadDatasetsAreExit2NamingTheOptionLineAndField)
{
    const QStringList base{
        QStringLiteral("estimate"),  QStringLiteral("--gpu"),         QStringLiteral("h100_sxm5_80gb"),
        QStringLiteral("--model"),   QStringLiteral("llama-3.1-8b"),  QStringLiteral("--task"),
        QStringLiteral("inference"), QStringLiteral("--concurrency"), QStringLiteral("8")};
    expectBadInput(base + QStringList{QStringLiteral("--dataset"), QStringLiteral("lmsys")},
                   QStringList{QStringLiteral("--dataset"), QStringLiteral("lmsys")});
    const QString empty = m_dir.filePath(QStringLiteral("empty.csv"));
    QFile(empty).open(QIODevice::WriteOnly);
    expectBadInput(base + QStringList{QStringLiteral("--dataset"), empty},
                   QStringList{QStringLiteral("--dataset"), QStringLiteral("empty.csv")});
    const QString bad = m_dir.filePath(QStringLiteral("bad.jsonl"));
    QFile file(bad);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"input_tokens\": 100, \"output_tokens\": 20}\n{\"input_tokens\": 100, \"output_tokens\": "
               "\"x\"}\n");
    file.close();
    expectBadInput(
        base + QStringList{QStringLiteral("--dataset"), bad},
        QStringList{QStringLiteral("--dataset"), QStringLiteral("line 2"), QStringLiteral("output_tokens")});
    expectBadInput(base + QStringList{QStringLiteral("--random-range-ratio"), QStringLiteral("0.5")},
                   QStringList{QStringLiteral("--random-range-ratio"), QStringLiteral("--dataset random")});
    expectBadInput(base + QStringList{QStringLiteral("--burstiness"), QStringLiteral("0.5")},
                   QStringList{QStringLiteral("--burstiness"), QStringLiteral("--request-rate")});
}

// Issue 38: Megatron's uneven first and last stages (--decoder-first/last-pipeline-num-layers) as options:
// Llama-3.1-405B's 126 layers on pp 16 with 7-layer first and last stages (the other 14 take 8 each) run,
// and stages that leave the others no layers are refused at their option.
TEST_F(EstimateCommands, UnevenFirstAndLastPipelineStagesAreOptions)
{
    const QStringList base{QStringLiteral("estimate"),
                           QStringLiteral("--gpu"),
                           QStringLiteral("h100_sxm5_80gb"),
                           QStringLiteral("--model"),
                           QStringLiteral("llama-3.1-405b"),
                           QStringLiteral("--task"),
                           QStringLiteral("training"),
                           QStringLiteral("--gpus"),
                           QStringLiteral("1024"),
                           QStringLiteral("--tp"),
                           QStringLiteral("8"),
                           QStringLiteral("--pp"),
                           QStringLiteral("16"),
                           QStringLiteral("--global-batch"),
                           QStringLiteral("2048")};
    const QJsonObject even = results(base)[0].toObject().value(QStringLiteral("training")).toObject();
    const QJsonObject uneven =
        results(base + QStringList{QStringLiteral("--pp-first-layers"), QStringLiteral("7"),
                                   QStringLiteral("--pp-last-layers"), QStringLiteral("7")})[0]
            .toObject()
            .value(QStringLiteral("training"))
            .toObject();
    // 126 / 16 rounds up to 8 layers on the heaviest stage either way: the same step.
    EXPECT_NEAR(uneven.value(QStringLiteral("step_time_s")).toDouble(),
                even.value(QStringLiteral("step_time_s")).toDouble(),
                1e-9 * even.value(QStringLiteral("step_time_s")).toDouble());
    const QJsonObject heavy =
        results(base + QStringList{QStringLiteral("--pp-first-layers"), QStringLiteral("14")})[0]
            .toObject()
            .value(QStringLiteral("training"))
            .toObject();
    // A 14-layer first stage is the heaviest: 14 / 8 of the even stage's compute.
    EXPECT_GT(heavy.value(QStringLiteral("step_time_s")).toDouble(),
              1.5 * even.value(QStringLiteral("step_time_s")).toDouble());
    expectBadInput(base + QStringList{QStringLiteral("--pp-first-layers"), QStringLiteral("120")},
                   QStringList{QStringLiteral("--pp-first-layers"), QStringLiteral("126 layers")});
    expectBadInput(base + QStringList{QStringLiteral("--pp-last-layers"), QStringLiteral("0")},
                   QStringLiteral("--pp-last-layers"));
}

// compare answers as the window's strip does: `--json` has a top-level "answer" whose picks are only GPUs
// that meet the targets (`serving.meets_slo`), and the text ends with the same lines.
TEST_F(EstimateCommands, CompareAnswersWithinTheTargets)
{
    const QStringList arguments{QStringLiteral("compare"),
                                QStringLiteral("--gpu"),
                                QStringLiteral("h100_sxm5_80gb,h200_sxm_141gb,b200_sxm_180gb"),
                                QStringLiteral("--model"),
                                QStringLiteral("llama-3.3-70b"),
                                QStringLiteral("--precision"),
                                QStringLiteral("fp8"),
                                QStringLiteral("--gpus"),
                                QStringLiteral("2"),
                                QStringLiteral("--concurrency"),
                                QStringLiteral("50"),
                                QStringLiteral("--ttft-p90-ms"),
                                QStringLiteral("2000"),
                                QStringLiteral("--tpot-p90-ms"),
                                QStringLiteral("50")};
    const ProcessResult json = run(arguments + QStringList{QStringLiteral("--json")});
    ASSERT_EQ(json.exitCode, 0) << json.err.toStdString();
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QSet<QString> meeting;
    for (const QJsonValue &value : root.value(QStringLiteral("results")).toArray()) {
        const QJsonObject serving = value.toObject().value(QStringLiteral("serving")).toObject();
        if (serving.value(QStringLiteral("meets_slo")).toBool())
            meeting << value.toObject().value(QStringLiteral("gpu")).toString();
    }
    const QJsonObject answer = root.value(QStringLiteral("answer")).toObject();
    const QJsonObject picks =
        answer.value(QStringLiteral("picks")).toObject().value(QStringLiteral("inference")).toObject();
    const QJsonArray fastest = picks.value(QStringLiteral("fastest")).toArray();
    ASSERT_FALSE(fastest.isEmpty()) << json.out.toStdString();
    for (const QString &key : {QStringLiteral("fastest"), QStringLiteral("cheapest")})
        for (const QJsonValue &id : picks.value(key).toArray())
            EXPECT_TRUE(meeting.contains(id.toString()))
                << key.toStdString() << " " << id.toString().toStdString();
    const QJsonArray lines = answer.value(QStringLiteral("lines")).toArray();
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines.at(0).toObject().value(QStringLiteral("task")).toString(), QStringLiteral("inference"));
    const QString first = lines.at(0).toObject().value(QStringLiteral("text")).toString();
    EXPECT_TRUE(first.contains(QStringLiteral("misses the targets"))) << first.toStdString();

    const ProcessResult text = run(arguments);
    ASSERT_EQ(text.exitCode, 0);
    EXPECT_TRUE(text.out.contains(QStringLiteral("answer:\n  Inference: ") + first))
        << text.out.toStdString();
}

// A mixture-of-experts training run as the command line states it: the expert parallelism searched when left
// out, the routing, the MTP modules and the FP8 recipe, by Megatron-LM's names or Megatron-Bridge's; MXFP8
// refused on Hopper and run on Blackwell, where auto picks it.
TEST_F(EstimateCommands, MoeTrainingTakesItsRoutingMtpAndFp8Recipe)
{
    const QStringList deepseek{QStringLiteral("estimate"),
                               QStringLiteral("--gpu"),
                               QStringLiteral("h100_sxm5_80gb,b200_sxm_180gb"),
                               QStringLiteral("--model"),
                               QStringLiteral("deepseek-v3"),
                               QStringLiteral("--task"),
                               QStringLiteral("training"),
                               QStringLiteral("--gpus"),
                               QStringLiteral("256"),
                               QStringLiteral("--seq-len"),
                               QStringLiteral("4096"),
                               QStringLiteral("--activation-precision"),
                               QStringLiteral("fp8")};
    const QJsonArray automatic = results(deepseek);
    ASSERT_EQ(automatic.size(), 2);
    for (const QJsonValue &value : automatic) {
        const QJsonObject e = value.toObject();
        EXPECT_GE(e.value(QStringLiteral("parallelism")).toObject().value(QStringLiteral("ep")).toInt(), 8)
            << "experts split as the recipes split them";
        EXPECT_EQ(e.value(QStringLiteral("profile")).toString(), QStringLiteral("megatron"));
    }
    EXPECT_EQ(automatic.at(0)
                  .toObject()
                  .value(QStringLiteral("training"))
                  .toObject()
                  .value(QStringLiteral("fp8_recipe")),
              QStringLiteral("tensorwise"));
    EXPECT_EQ(automatic.at(1)
                  .toObject()
                  .value(QStringLiteral("training"))
                  .toObject()
                  .value(QStringLiteral("fp8_recipe")),
              QStringLiteral("mxfp8"));

    const QJsonArray mx =
        results(deepseek + QStringList{QStringLiteral("--fp8-recipe"), QStringLiteral("fp8_mx")});
    ASSERT_EQ(mx.size(), 2);
    const QJsonObject h100 = mx.at(0).toObject();
    EXPECT_FALSE(h100.value(QStringLiteral("memory")).toObject().value(QStringLiteral("fits")).toBool());
    EXPECT_TRUE(QJsonDocument(h100).toJson().contains("MXFP8 needs tensor cores"));

    // Balanced routing and no MTP module: faster than the defaults, on the same layout.
    const QStringList fixed =
        deepseek + QStringList{QStringLiteral("--ep"), QStringLiteral("32"),   QStringLiteral("--pp"),
                               QStringLiteral("8"),    QStringLiteral("--tp"), QStringLiteral("1")};
    const double asRun = results(fixed)
                             .at(0)
                             .toObject()
                             .value(QStringLiteral("training"))
                             .toObject()
                             .value(QStringLiteral("tokens_per_s"))
                             .toDouble();
    const double balanced =
        results(fixed + QStringList{QStringLiteral("--moe-routing"), QStringLiteral("balanced"),
                                    QStringLiteral("--mtp-layers"), QStringLiteral("0")})
            .at(0)
            .toObject()
            .value(QStringLiteral("training"))
            .toObject()
            .value(QStringLiteral("tokens_per_s"))
            .toDouble();
    EXPECT_GT(balanced, asRun * 1.05);
    expectBadInput(fixed + QStringList{QStringLiteral("--moe-routing"), QStringLiteral("even")},
                   QStringLiteral("--moe-routing"));
    expectBadInput(fixed + QStringList{QStringLiteral("--mtp-layers"), QStringLiteral("99")},
                   QStringLiteral("--mtp-layers"));
    // LoRA loads no MTP weights (PEFT): none by default, and asking for them is refused.
    const QStringList lora{
        QStringLiteral("estimate"), QStringLiteral("--gpu"),       QStringLiteral("h100_sxm5_80gb"),
        QStringLiteral("--model"),  QStringLiteral("deepseek-v3"), QStringLiteral("--task"),
        QStringLiteral("lora"),     QStringLiteral("--gpus"),      QStringLiteral("64")};
    const ProcessResult loraText = run(lora);
    EXPECT_EQ(loraText.exitCode, 0) << loraText.err.toStdString();
    EXPECT_FALSE(loraText.out.contains(QStringLiteral("MTP"))) << loraText.out.toStdString();
    expectBadInput(lora + QStringList{QStringLiteral("--mtp-layers"), QStringLiteral("1")},
                   QStringLiteral("--mtp-layers"));
}
