// Model configs from every way in (a local config.json, a models.json preset, a catalogue row) are
// checked against sane bounds; the estimator's products stay positive at the bounds.

#include "app/analysis/Estimator.h"
#include "app/analysis/HuggingFaceConfig.h"
#include "app/analysis/ModelArchitecture.h"
#include "db/Catalogue.h"
#include "db/ModelRepository.h"
#include "db/ModelSpecCheck.h"
#include "db/ModelSpecJson.h"
#include "tests/analysis/TestCatalogue.h"
#include "tests/support/SeededCatalogue.h"

#include <QTemporaryDir>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>

// A config.json's sizes are bounded, each refusal naming the field and the bound.
TEST(ModelBounds, AbsurdConfigsAreRefusedWithTheFieldAndTheBound)
{
    const ModelSpec llama = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    struct Case
    {
        const char *what;
        std::function<void(ModelSpec &)> change;
        QString expected;
    };
    const QVector<Case> cases{
        {"a billion layers", [](ModelSpec &m) { m.layers = 1000000000; },
         QStringLiteral("num_hidden_layers 1000000000: allowed 1 to 1024")},
        {"more heads than the hidden size", [](ModelSpec &m) { m.heads = m.hiddenSize + 1; },
         QStringLiteral("num_attention_heads 4097: allowed 1 to 4096")},
        {"more KV heads than heads", [](ModelSpec &m) { m.kvHeads = m.heads * 2; },
         QStringLiteral("num_key_value_heads 64: allowed 0 to 32")},
        {"no vocabulary", [](ModelSpec &m) { m.vocabSize = 0; },
         QStringLiteral("vocab_size 0: allowed 1 to")},
        {"experts per token without experts", [](ModelSpec &m) { m.activeExperts = 3; },
         QStringLiteral("num_experts_per_tok 3: needs num_local_experts")},
        {"more active experts than experts",
         [](ModelSpec &m) {
             m.experts = 8;
             m.activeExperts = 9;
         },
         QStringLiteral("num_experts_per_tok 9: allowed 0 to 8")},
    };
    EXPECT_TRUE(ModelSpecCheck::problem(llama).isEmpty()) << ModelSpecCheck::problem(llama).toStdString();
    for (const Case &c : cases) {
        ModelSpec model = llama;
        c.change(model);
        EXPECT_TRUE(ModelSpecCheck::problem(model).startsWith(c.expected))
            << c.what << ": " << ModelSpecCheck::problem(model).toStdString();
        // Every way in: a local config.json, a preset or a catalogue row (models.json's format).
        QString error;
        EXPECT_FALSE(
            HuggingFaceConfig::fromJson(ModelSpecJson::toJson(model), QStringLiteral("custom"), &error))
            << c.what;
        EXPECT_TRUE(error.contains(c.expected)) << c.what << ": " << error.toStdString();
        error.clear();
        EXPECT_FALSE(ModelSpecJson::fromJson(ModelSpecJson::toJson(model), &error)) << c.what;
        EXPECT_TRUE(error.contains(c.expected)) << c.what << ": " << error.toStdString();
    }
}

TEST(ModelBounds, EverySeedPresetIsWithinTheBounds)
{
    for (const ModelSpec &model : TestCatalogue::snapshot().models)
        EXPECT_TRUE(ModelSpecCheck::problem(model).isEmpty())
            << model.modelId.toStdString() << ": " << ModelSpecCheck::problem(model).toStdString();
}

// The largest model the bounds allow, with QLoRA: every memory figure positive and finite (products in
// 64 bits or doubles: int arithmetic wrapped to a negative memory before).
TEST(ModelBounds, TheLargestAllowedModelHasPositiveMemory)
{
    ModelSpec huge = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    huge.modelId = QStringLiteral("custom-huge");
    huge.layers = 1024;
    huge.hiddenSize = 262144;
    huge.heads = 16384;
    huge.kvHeads = 16384;
    huge.ffnSize = 4194304;
    huge.vocabSize = 4194304;
    huge.maxContext = 100000000;
    ASSERT_TRUE(ModelSpecCheck::problem(huge).isEmpty()) << ModelSpecCheck::problem(huge).toStdString();
    for (Task task : {Task::Qlora, Task::Lora, Task::Training, Task::Inference}) {
        Workload w;
        w.model = huge;
        w.task = task;
        w.weightPrecision = task == Task::Qlora ? Precision::Int4 : Precision::Bf16;
        w.batch = 8;
        w.microBatch = 1;
        w.gpuCount = 65536;
        w.inputTokens = 100000;
        w.sequenceLength = 100000;
        ASSERT_FALSE(Estimator::check(w)) << Estimator::check(w)->message.toStdString();
        const Estimate e = Estimator::estimate(TestCatalogue::h100Sxm(), w,
                                               TestCatalogue::profile(QStringLiteral("pytorch-amp")));
        const MemoryBreakdown &m = e.memory;
        for (double gb : {m.weightsGb, m.kvCacheGb, m.activationsGb, m.gradientsGb, m.optimizerGb,
                          m.adaptersGb, e.perGpuGb}) {
            EXPECT_TRUE(std::isfinite(gb)) << Tasks::name(task).toStdString();
            EXPECT_GE(gb, 0.0) << Tasks::name(task).toStdString();
        }
        EXPECT_GT(e.perGpuGb, 0.0) << Tasks::name(task).toStdString();
    }
}

// LoRA's adapter count is rank x layers x widths: in double, so even a config past the bounds (which
// are checked before any estimate) cannot wrap it to a negative memory.
TEST(ModelBounds, AdapterParametersDoNotWrap)
{
    ModelSpec model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    model.layers = 1000000000;
    const ModelArchitecture a = ModelArchitecture::from(model);
    EXPECT_GT(a.loraParams(16), 0.0);
    EXPECT_NEAR(a.loraParams(16) / a.loraParams(1), 16.0, 1e-9);
}

using ModelBoundsOnSeed = SeededCatalogueTest;

// A model added to the catalogue (the models table) is held to the same bounds.
TEST_F(ModelBoundsOnSeed, TheCatalogueRefusesAnAbsurdModel)
{
    ModelSpec model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    model.modelId = QStringLiteral("custom-absurd");
    model.vocabSize = 0;
    ModelRepository models = catalogue->models();
    const CatalogueError refused = models.insert(model);
    EXPECT_EQ(refused.kind, CatalogueError::Kind::Invalid);
    EXPECT_TRUE(refused.message.contains(QStringLiteral("vocab_size 0"))) << refused.message.toStdString();
    EXPECT_FALSE(models.find(QStringLiteral("custom-absurd")));
}

// A config.json that says its context is 0 tokens is refused at that key (issue 40); a config without the
// key is a model whose context is not known.
TEST(ModelBounds, AContextOfZeroTokensInAConfigIsRefused)
{
    QJsonObject config = ModelSpecJson::toJson(TestCatalogue::model(QStringLiteral("llama-3-8b")));
    config.insert(QStringLiteral("max_position_embeddings"), 0);
    QString error;
    EXPECT_FALSE(HuggingFaceConfig::fromJson(config, QStringLiteral("custom"), &error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("max_position_embeddings 0"))) << error.toStdString();
    config.remove(QStringLiteral("max_position_embeddings"));
    error.clear();
    const auto unknown = HuggingFaceConfig::fromJson(config, QStringLiteral("custom"), &error);
    ASSERT_TRUE(unknown) << error.toStdString();
    EXPECT_EQ(unknown->maxContext, 0);
}
