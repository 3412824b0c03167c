// The table of an estimate's output numbers (OutputQuantity): one identity per number, that the table,
// `estimate --json`, the ranges, the charts and the report all read.
#include "app/analysis/OutputQuantity.h"

#include "app/analysis/EstimateJson.h"
#include "app/analysis/Estimator.h"
#include "tests/analysis/TestCatalogue.h"

#include <QJsonObject>
#include <QSet>
#include <gtest/gtest.h>

namespace {

Estimate estimateOf(Task task)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-3-8b"));
    w.task = task;
    w.batch = 8;
    w.trainTokens = 1e9;
    return Estimator::estimate(TestCatalogue::h100Sxm(), w, TestCatalogue::profile(QStringLiteral("vllm")),
                               EstimateOptions{false});
}

// The JSON value at a dotted path, or undefined where a part is missing.
QJsonValue at(const QJsonObject &root, const QString &path)
{
    QJsonValue value(root);
    for (const QString &key : path.split(u'.'))
        value = value.toObject().value(key);
    return value;
}

} // namespace

TEST(OutputQuantity, TheTableListsEveryQuantityOnceInTheEnumsOrder)
{
    const QVector<OutputQuantityInfo> &all = OutputQuantities::all();
    QSet<QString> ids;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const OutputQuantityInfo &q = all.at(i);
        EXPECT_EQ(qsizetype(q.quantity), i) << q.rowId; // info() indexes by the enum
        EXPECT_FALSE(ids.contains(QLatin1String(q.rowId))) << q.rowId;
        ids.insert(QLatin1String(q.rowId));
        EXPECT_FALSE(OutputQuantities::label(q.quantity).isEmpty()) << q.rowId;
        EXPECT_NE(q.value, nullptr) << q.rowId;
        EXPECT_EQ(OutputQuantities::find(QLatin1String(q.rowId)), &q);
    }
    EXPECT_EQ(all.size(), qsizetype(OutputQuantity::ElectricityPerMillion) + 1);
    EXPECT_EQ(OutputQuantities::find(QStringLiteral("spec.fp16")), nullptr);
}

TEST(OutputQuantity, TheRowIdsAndPathsAreTheOnesSavedSettingsAndScriptsKnow)
{
    EXPECT_EQ(OutputQuantities::rowId(OutputQuantity::Ttft), QStringLiteral("infer.ttft"));
    EXPECT_EQ(OutputQuantities::jsonPath(OutputQuantity::Ttft), QStringLiteral("inference.ttft_ms"));
    EXPECT_EQ(OutputQuantities::jsonKey(OutputQuantity::Ttft), QStringLiteral("ttft_ms"));
    EXPECT_EQ(OutputQuantities::rowId(OutputQuantity::ServingTtftP90), QStringLiteral("serve.ttft.p90"));
    EXPECT_EQ(OutputQuantities::jsonPath(OutputQuantity::CostForBudget),
              QStringLiteral("training.budget_usd"));
    EXPECT_TRUE(OutputQuantities::isKind(QStringLiteral("serve.tpot.p50"), QuantityKind::Serving));
    EXPECT_TRUE(OutputQuantities::isKind(QStringLiteral("fit.peak"), QuantityKind::Fit));
    EXPECT_FALSE(OutputQuantities::isKind(QStringLiteral("spec.memory"), QuantityKind::Fit));
}

TEST(OutputQuantity, EveryJsonPathIsWhereEstimateJsonWritesTheNumber)
{
    Estimate inference = estimateOf(Task::Inference);
    inference.serving = ServingResult{}; // the writer writes every serving key, whatever the values
    const QJsonObject inferenceJson = EstimateJson::toJson(inference);
    const QJsonObject trainingJson = EstimateJson::toJson(estimateOf(Task::Training));
    for (const OutputQuantityInfo &q : OutputQuantities::all()) {
        const QString path = QLatin1String(q.jsonPath);
        if (path.isEmpty())
            continue;
        const QJsonObject &json =
            q.kind == QuantityKind::Training || path.startsWith(u"training.") ? trainingJson : inferenceJson;
        EXPECT_FALSE(at(json, path).isUndefined()) << q.rowId << " " << q.jsonPath;
    }
}

TEST(OutputQuantity, AValueInTheJsonUnitReadsAsTheJsonNumber)
{
    // Where the table shows the JSON's own unit, its value is the JSON's number.
    const Estimate training = estimateOf(Task::Training);
    const QJsonObject json = EstimateJson::toJson(training);
    for (OutputQuantity q :
         {OutputQuantity::StepTime, OutputQuantity::TrainingTokens, OutputQuantity::BudgetDays,
          OutputQuantity::BudgetGpuHours, OutputQuantity::MemoryPerGpu}) {
        const std::optional<double> value = OutputQuantities::info(q).value(training);
        ASSERT_TRUE(value.has_value()) << OutputQuantities::info(q).rowId;
        EXPECT_DOUBLE_EQ(*value, at(json, OutputQuantities::jsonPath(q)).toDouble())
            << OutputQuantities::info(q).rowId;
    }
    // MFU: a fraction in JSON, a percentage in the table.
    EXPECT_DOUBLE_EQ(*OutputQuantities::info(OutputQuantity::Mfu).value(training),
                     100.0 * at(json, QStringLiteral("training.mfu")).toDouble());
}
