#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/EngineProfiles.h"
#include "app/analysis/Estimator.h"
#include "app/analysis/HuggingFaceConfig.h"
#include "db/SeedCatalogue.h"
#include "tests/analysis/TestCatalogue.h"

#include <QJsonDocument>
#include <gtest/gtest.h>

TEST(Inputs, ValidationNamesTheBadValueAndWhatIsAllowed)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    EXPECT_TRUE(Estimator::validate(w).isEmpty());
    w.batch = -3;
    EXPECT_TRUE(Estimator::validate(w).startsWith(QStringLiteral("batch -3")))
        << Estimator::validate(w).toStdString();
    w.batch = 1;
    w.kvPrecision = Precision::GgufQ4_K_M;
    EXPECT_TRUE(Estimator::validate(w).contains(QStringLiteral("allowed")));
    w.kvPrecision = Precision::Bf16;
    w.task = Task::Training;
    w.weightPrecision = Precision::GgufQ4_K_M;
    EXPECT_TRUE(Estimator::validate(w).contains(QStringLiteral("qlora")));
    w.weightPrecision = Precision::Bf16;
    w.gpuCount = 6;
    w.tensorParallel = 4;
    EXPECT_TRUE(Estimator::validate(w).contains(QStringLiteral("divide")));
}

TEST(Inputs, EverySeedPresetAndProfileParses)
{
    QString error;
    const auto models = SeedCatalogue::readModels(
        QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/models.json"), &error);
    ASSERT_TRUE(models.has_value()) << error.toStdString();
    EXPECT_EQ(models->size(), 51);
    for (const ModelSpec &model : *models) {
        EXPECT_FALSE(model.source.isEmpty()) << model.modelId.toStdString();
        Workload w;
        w.model = model;
        EXPECT_TRUE(Estimator::validate(w).isEmpty()) << model.modelId.toStdString();
    }
    const auto profiles = SeedCatalogue::readProfiles(
        QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/profiles.json"), &error);
    ASSERT_TRUE(profiles.has_value()) << error.toStdString();
    QStringList ids;
    for (const EfficiencyProfile &profile : *profiles) {
        ids << profile.profileId;
        EXPECT_TRUE(EfficiencyParameters::fromProfile(profile, &error).has_value()) << error.toStdString();
        EXPECT_FALSE(profile.calibration.isEmpty());
    }
    EXPECT_EQ(ids,
              (QStringList{QStringLiteral("roofline"), QStringLiteral("llama.cpp"), QStringLiteral("vllm"),
                           QStringLiteral("vllm-0.10"), QStringLiteral("vllm-0.5"),
                           QStringLiteral("tensorrt-llm"), QStringLiteral("tensorrt-llm-0.x"),
                           QStringLiteral("pytorch-amp"), QStringLiteral("megatron"), QStringLiteral("fsdp"),
                           QStringLiteral("lmdeploy"), QStringLiteral("sglang")}));
}

TEST(Inputs, BadProfileParametersAreRejectedWithTheKey)
{
    QString error;
    const QJsonObject bad =
        QJsonDocument::fromJson(R"({"memory_efficiency": {"default": 0.7, "HBM": 0}})").object();
    EXPECT_FALSE(EfficiencyParameters::fromJson(bad, &error).has_value());
    EXPECT_TRUE(error.startsWith(QStringLiteral("memory_efficiency"))) << error.toStdString();
}

TEST(Inputs, PropertyTablePrefersArchitectureThenMemoryClass)
{
    const QJsonObject json =
        QJsonDocument::fromJson(R"({"compute_efficiency": {"default": 0.4, "Hopper": 0.2, "GDDR": 0.5}})")
            .object();
    const auto parameters = EfficiencyParameters::fromJson(json);
    ASSERT_TRUE(parameters.has_value());
    EXPECT_DOUBLE_EQ(ResolvedEfficiency::resolve(*parameters, TestCatalogue::h100Sxm(), {}).compute, 0.2);
    EXPECT_DOUBLE_EQ(ResolvedEfficiency::resolve(*parameters, TestCatalogue::l40s(), {}).compute, 0.5);
    EXPECT_DOUBLE_EQ(ResolvedEfficiency::resolve(*parameters, TestCatalogue::a100Sxm80(), {}).compute, 0.4);
}

// GPT-J's config.json uses GPT-2 names: n_layer 28, n_embd 4096, n_head 16, n_inner null.
TEST(Inputs, HuggingFaceConfigWithGptNames)
{
    const QJsonObject config =
        QJsonDocument::fromJson(R"({"model_type": "gptj", "n_layer": 28, "n_embd": 4096, "n_head": 16,
        "n_inner": null, "vocab_size": 50400, "n_positions": 2048, "activation_function": "gelu_new", "tie_word_embeddings": false})")
            .object();
    QString error;
    const auto model = HuggingFaceConfig::fromJson(config, QStringLiteral("gpt-j"), &error);
    ASSERT_TRUE(model.has_value()) << error.toStdString();
    EXPECT_EQ(model->layers, 28);
    EXPECT_EQ(model->ffnSize, 16384);
    EXPECT_EQ(model->kvHeads, 16);
    EXPECT_FALSE(model->gatedMlp);
    EXPECT_NEAR(ModelArchitecture::from(*model).totalParams / 1e9, 6.05, 0.03);
}

TEST(Inputs, HuggingFaceConfigWithLlamaNamesAndABadValue)
{
    QJsonObject config =
        QJsonDocument::fromJson(R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096,
        "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256,
        "hidden_act": "silu", "max_position_embeddings": 8192})")
            .object();
    const auto model = HuggingFaceConfig::fromJson(config, QStringLiteral("my-llama"));
    ASSERT_TRUE(model.has_value());
    EXPECT_TRUE(model->gatedMlp);
    EXPECT_NEAR(ModelArchitecture::from(*model).totalParams, 8'030'261'248.0, 1.0);
    config.insert(QStringLiteral("hidden_size"), -1);
    QString error;
    EXPECT_FALSE(HuggingFaceConfig::fromJson(config, QStringLiteral("bad"), &error).has_value());
    EXPECT_TRUE(error.startsWith(QStringLiteral("hidden_size")));
}

TEST(Inputs, EstimateAllFromCatalogueRecordsAndABadProfile)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    EfficiencyProfile profile;
    profile.profileId = QStringLiteral("mine");
    profile.parametersJson =
        QStringLiteral(R"({"memory_efficiency": 0.8, "compute_efficiency": {"default": 0.5}})");
    QString error;
    const QVector<Estimate> all =
        Estimator::estimateAll(TestCatalogue::fiveFromTheArticle(), w, profile, &error);
    ASSERT_EQ(all.size(), 5) << error.toStdString();
    EXPECT_EQ(all.constFirst().profileId, QStringLiteral("mine"));
    profile.parametersJson = QStringLiteral(R"({"memory_efficiency": "fast"})");
    EXPECT_TRUE(Estimator::estimateAll(TestCatalogue::fiveFromTheArticle(), w, profile, &error).isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("memory_efficiency"))) << error.toStdString();
}

// A measurement of an engine at a version is estimated with the profile fitted for that version (issue 55):
// the profiles name their engine and versions, and the 2024 engines keep theirs.
TEST(Inputs, EachEngineVersionMapsToItsProfile)
{
    QString error;
    const auto profiles = SeedCatalogue::readProfiles(
        QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/profiles.json"), &error);
    ASSERT_TRUE(profiles.has_value()) << error.toStdString();
    const auto profileOf = [&](const char *engine, const char *version) {
        return EngineProfiles::forEngine(*profiles, QLatin1String(engine), QLatin1String(version));
    };
    EXPECT_EQ(profileOf("vllm", "0.5.4"), QStringLiteral("vllm-0.5"));
    EXPECT_EQ(profileOf("vllm", "0.10.1"), QStringLiteral("vllm-0.10"));
    EXPECT_EQ(profileOf("vllm", "0.19.0"), QStringLiteral("vllm"));
    EXPECT_EQ(profileOf("vllm", ""), QStringLiteral("vllm")); // no version: today's
    EXPECT_EQ(profileOf("sglang", "v0.5.9-cu130"), QStringLiteral("sglang"));
    EXPECT_EQ(profileOf("trtllm", "1.1.0rc2.post2"), QStringLiteral("tensorrt-llm"));
    EXPECT_EQ(profileOf("TensorRT-LLM", "0.12.0"), QStringLiteral("tensorrt-llm-0.x"));
    EXPECT_EQ(profileOf("llama.cpp", "b4000"), QString());
    EXPECT_LT(EngineProfiles::compareVersions(QStringLiteral("0.9"), QStringLiteral("0.10")), 0);
}
