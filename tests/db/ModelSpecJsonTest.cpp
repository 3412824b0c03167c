#include "db/ModelSpecJson.h"

#include <gtest/gtest.h>

namespace {

ModelSpec llama3_8b()
{
    // meta-llama/Meta-Llama-3-8B config.json
    ModelSpec model;
    model.modelId = QStringLiteral("llama-3-8b");
    model.name = QStringLiteral("Llama-3 8B");
    model.layers = 32;
    model.hiddenSize = 4096;
    model.heads = 32;
    model.kvHeads = 8;
    model.ffnSize = 14336;
    model.vocabSize = 128256;
    model.maxContext = 8192;
    return model;
}

} // namespace

TEST(ModelSpecJson, RoundTripKeepsEveryField)
{
    ModelSpec model = llama3_8b();
    model.paramsBillions = 8.03;
    model.kvLoraRank = 512;
    const auto back = ModelSpecJson::fromJson(ModelSpecJson::toJson(model));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(ModelSpecJson::toJson(*back), ModelSpecJson::toJson(model));
    EXPECT_EQ(back->kvHeads, 8);
    EXPECT_EQ(back->paramsBillions, 8.03);
    EXPECT_FALSE(back->gflopsPerSample.has_value());
}

TEST(ModelSpecJson, UsesHuggingFaceKeyNames)
{
    const QJsonObject object = ModelSpecJson::toJson(llama3_8b());
    EXPECT_EQ(object.value(QStringLiteral("num_key_value_heads")).toInt(), 8);
    EXPECT_EQ(object.value(QStringLiteral("intermediate_size")).toInt(), 14336);
}

TEST(ModelSpecJson, RejectsWrongTypesAndNamesTheKey)
{
    QJsonObject object = ModelSpecJson::toJson(llama3_8b());
    object.insert(QStringLiteral("num_hidden_layers"), -4);
    QString error;
    EXPECT_FALSE(ModelSpecJson::fromJson(object, &error).has_value());
    EXPECT_TRUE(error.startsWith(QStringLiteral("num_hidden_layers"))) << error.toStdString();

    object = ModelSpecJson::toJson(llama3_8b());
    object.insert(QStringLiteral("model_id"), QString());
    EXPECT_FALSE(ModelSpecJson::fromJson(object, &error).has_value());
    EXPECT_TRUE(error.startsWith(QStringLiteral("model_id")));
}

TEST(ModelSpecJson, TextThatIsNotCleanIsRefusedNamingTheField)
{
    QJsonObject object = ModelSpecJson::toJson(llama3_8b());
    object.insert(QStringLiteral("name"), QString(QStringLiteral("Llama") + QChar(0) + QStringLiteral("3")));
    QString error;
    EXPECT_FALSE(ModelSpecJson::fromJson(object, &error).has_value());
    EXPECT_TRUE(error.startsWith(QStringLiteral("name: "))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("U+0000"))) << error.toStdString();

    object = ModelSpecJson::toJson(llama3_8b());
    object.insert(QStringLiteral("notes"), QString(QChar(0xDC00)));
    EXPECT_FALSE(ModelSpecJson::fromJson(object, &error).has_value());
    EXPECT_TRUE(error.startsWith(QStringLiteral("notes: "))) << error.toStdString();

    object = ModelSpecJson::toJson(llama3_8b());
    object.insert(QStringLiteral("notes"), QString::fromUtf8("tuned \xF0\x9F\x9A\x80"));
    EXPECT_TRUE(ModelSpecJson::fromJson(object, &error).has_value()) << error.toStdString();
}
