#include "widgets/workload/WorkloadForm.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <gtest/gtest.h>

namespace {

void fillChoices(WorkloadForm &form)
{
    form.setModelChoices({{QStringLiteral("llama-3-8b"), QStringLiteral("Llama-3 8B")},
                          {QStringLiteral("llama-2-70b"), QStringLiteral("Llama-2 70B")}});
    form.setProfileChoices({{QStringLiteral("vllm"), QStringLiteral("vLLM")}});
    form.setPrecisionChoices({QStringLiteral("bf16"), QStringLiteral("fp8"), QStringLiteral("q4_k_m")},
                             {QStringLiteral("bf16"), QStringLiteral("fp8")});
}

} // namespace

TEST(WorkloadForm, ValuesRoundTripThroughTheEditors)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadFormValues wanted;
    wanted.modelId = QStringLiteral("llama-2-70b");
    wanted.task = QStringLiteral("training");
    wanted.weightPrecision = QStringLiteral("fp8");
    wanted.batch = 32;
    wanted.sequenceLength = 8192;
    wanted.gpus = 16;
    wanted.tensorParallel = 8;
    wanted.pipelineParallel = 2;
    wanted.zeroStage = 3;
    wanted.recompute = QStringLiteral("full");
    wanted.profileId = QStringLiteral("vllm");
    wanted.usdPerGpuHour = 2.49;
    wanted.usdPerKwh = 0.2;
    wanted.trainTokensBillions = 15.0;
    form.setValues(wanted);
    EXPECT_EQ(form.values(), wanted);
}

TEST(WorkloadForm, TypingABatchSizeEmitsAChangeWithTheNewValue)
{
    WorkloadForm form;
    fillChoices(form);
    QSignalSpy changed(&form, &WorkloadForm::valuesChanged);
    auto *batch = qobject_cast<QSpinBox *>(form.editor(QStringLiteral("batch")));
    ASSERT_NE(batch, nullptr);
    // Type into the spin box like a user: select its text, then type.
    auto *text = batch->findChild<QLineEdit *>();
    ASSERT_NE(text, nullptr);
    text->selectAll();
    QTest::keyClicks(text, QStringLiteral("64"));
    EXPECT_EQ(form.values().batch, 64);
    EXPECT_GE(changed.count(), 1);
}

TEST(WorkloadForm, CataloguePriceMeansNoOverride)
{
    WorkloadForm form;
    fillChoices(form);
    EXPECT_FALSE(form.values().usdPerGpuHour.has_value());
    auto *price = form.editor(QStringLiteral("usdPerGpuHour"));
    ASSERT_NE(price, nullptr);
    EXPECT_EQ(price->property("specialValueText").toString(), QStringLiteral("catalogue"));
}

TEST(WorkloadForm, TrainingFieldsAreEnabledOnlyForTrainingTasks)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadFormValues values;
    values.task = QStringLiteral("inference");
    form.setValues(values);
    EXPECT_FALSE(form.editor(QStringLiteral("sequenceLength"))->isEnabled());
    EXPECT_FALSE(form.editor(QStringLiteral("zeroStage"))->isEnabled());
    EXPECT_TRUE(form.editor(QStringLiteral("outputTokens"))->isEnabled());

    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("qlora")));
    EXPECT_TRUE(form.editor(QStringLiteral("sequenceLength"))->isEnabled());
    EXPECT_TRUE(form.editor(QStringLiteral("zeroStage"))->isEnabled());
    EXPECT_FALSE(form.editor(QStringLiteral("outputTokens"))->isEnabled());
}

TEST(WorkloadForm, ErrorsAreShownAtTheirFieldWithTheReasonAndCleared)
{
    WorkloadForm form;
    fillChoices(form);
    const QString reason = QStringLiteral("tensor × pipeline parallel (16) must divide the GPU count (8)");
    form.setFieldErrors({{WorkloadField::TensorParallel, reason}});
    EXPECT_EQ(form.fieldError(QStringLiteral("tensorParallel")), reason);
    // The reason first in the tooltip, and the field's help still under it.
    const QString help = form.help(QStringLiteral("tensorParallel"));
    EXPECT_FALSE(help.isEmpty());
    EXPECT_EQ(form.editor(QStringLiteral("tensorParallel"))->toolTip().section(u'\n', 0, 0), reason);
    EXPECT_TRUE(form.editor(QStringLiteral("tensorParallel"))->toolTip().contains(help));
    EXPECT_TRUE(form.editor(QStringLiteral("tensorParallel"))->property("invalid").toBool());
    EXPECT_TRUE(form.fieldError(QStringLiteral("batch")).isEmpty());

    form.setFieldErrors({});
    EXPECT_TRUE(form.fieldError(QStringLiteral("tensorParallel")).isEmpty());
    EXPECT_FALSE(form.editor(QStringLiteral("tensorParallel"))->property("invalid").toBool());
    EXPECT_FALSE(form.editor(QStringLiteral("tensorParallel"))->toolTip().contains(reason));
    EXPECT_TRUE(form.editor(QStringLiteral("tensorParallel"))->toolTip().contains(help));
}

TEST(WorkloadForm, HelpTooltipsOutliveEveryRecompute)
{
    // The window calls setFieldErrors() after every recompute; it used to put the (empty) reason in every
    // tooltip, so the help was gone after the first keystroke.
    WorkloadForm form;
    fillChoices(form);
    form.setValues(WorkloadFormValues{});
    for (const char *field : {"batch", "concurrency", "tensorParallel", "trainTokens", "usdPerGpuHour",
                              "networkGbps", "gpusPerNode", "microBatch"}) {
        const QString key = QString::fromUtf8(field);
        const QString tip = form.editor(key)->toolTip();
        EXPECT_FALSE(form.help(key).isEmpty()) << field;
        form.setFieldErrors({});
        form.setFieldErrors({});
        EXPECT_EQ(form.editor(key)->toolTip(), tip) << field;
        EXPECT_TRUE(tip.contains(form.help(key))) << field;
    }
    // A number field's tooltip says what the suffixes mean.
    EXPECT_TRUE(
        form.editor(QStringLiteral("trainTokens"))->toolTip().contains(QStringLiteral("M (million)")));
}

namespace {

void typeText(QWidget *editor, const QString &text)
{
    auto *line = editor->findChild<QLineEdit *>();
    ASSERT_NE(line, nullptr);
    line->selectAll();
    QTest::keyClicks(line, text);
}

} // namespace

TEST(WorkloadForm, TheTrainingBudgetReads50MAs50MillionTokens)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadFormValues training;
    training.task = QStringLiteral("training");
    form.setValues(training);
    QWidget *budget = form.editor(QStringLiteral("trainTokens"));
    // The field counted billions ("50" + "M" refused = 50 B tokens): it now counts tokens.
    typeText(budget, QStringLiteral("50M"));
    EXPECT_EQ(form.values().trainTokensBillions * 1e9, 50'000'000.0);
    EXPECT_TRUE(form.fieldError(QStringLiteral("trainTokens")).isEmpty());
    typeText(budget, QStringLiteral("1.5B"));
    EXPECT_EQ(form.values().trainTokensBillions, 1.5);
    typeText(budget, QStringLiteral("2T"));
    EXPECT_EQ(form.values().trainTokensBillions, 2000.0);
    // Shown back with its suffix, as typed.
    EXPECT_EQ(budget->findChild<QLineEdit *>()->text(), QStringLiteral("2T tokens"));
    // Whole-number fields take suffixes too.
    typeText(form.editor(QStringLiteral("sequenceLength")), QStringLiteral("8k"));
    EXPECT_EQ(form.values().sequenceLength, 8000);
}

TEST(WorkloadForm, ANumberItCannotReadIsRefusedAtItsFieldAndKept)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadFormValues training;
    training.task = QStringLiteral("training");
    training.trainTokensBillions = 300.0;
    form.setValues(training);
    form.show();
    QSignalSpy changed(&form, &WorkloadForm::valuesChanged);
    QWidget *budget = form.editor(QStringLiteral("trainTokens"));
    budget->setFocus();
    typeText(budget, QStringLiteral("50MB"));
    // Refused with the reason at the field; the value is still the last valid one (50M, typed on the way),
    // and the form says so.
    EXPECT_TRUE(
        form.fieldError(QStringLiteral("trainTokens")).contains(QStringLiteral("'50MB' is not a number")))
        << form.fieldError(QStringLiteral("trainTokens")).toStdString();
    EXPECT_TRUE(budget->property("invalid").toBool());
    EXPECT_EQ(form.values().trainTokensBillions, 0.05);
    ASSERT_EQ(form.inputErrors().size(), 1);
    EXPECT_EQ(form.inputErrors().constFirst().field, WorkloadField::TrainTokens);
    EXPECT_GT(changed.count(), 0); // the window hears of it and marks its result
    // Enter and leaving the field keep the text and its reason (Qt would put 50M back without a word).
    QTest::keyClick(budget->findChild<QLineEdit *>(), Qt::Key_Return);
    form.editor(QStringLiteral("gpus"))->setFocus();
    EXPECT_EQ(budget->findChild<QLineEdit *>()->text(), QStringLiteral("50MB tokens"));
    EXPECT_FALSE(form.fieldError(QStringLiteral("trainTokens")).isEmpty());
    // A resolver error elsewhere does not hide it.
    form.setFieldErrors({{WorkloadField::Gpus, QStringLiteral("too many")}});
    EXPECT_FALSE(form.fieldError(QStringLiteral("trainTokens")).isEmpty());

    typeText(budget, QStringLiteral("5e"));
    EXPECT_TRUE(form.fieldError(QStringLiteral("trainTokens")).contains(QStringLiteral("'5e'")));
    typeText(budget, QStringLiteral("5e9"));
    EXPECT_TRUE(form.fieldError(QStringLiteral("trainTokens")).isEmpty());
    EXPECT_TRUE(form.inputErrors().isEmpty());
    EXPECT_EQ(form.values().trainTokensBillions, 5.0);

    // Out of a field's range: refused with the range.
    typeText(form.editor(QStringLiteral("sequenceLength")), QStringLiteral("20M"));
    EXPECT_TRUE(form.fieldError(QStringLiteral("sequenceLength")).contains(QStringLiteral("outside")))
        << form.fieldError(QStringLiteral("sequenceLength")).toStdString();
}

TEST(WorkloadForm, EveryEditorHasAnAccessibleName)
{
    WorkloadForm form;
    for (const char *field : {"model",       "task",           "weightPrecision",  "kvPrecision",
                              "batch",       "inputTokens",    "outputTokens",     "sequenceLength",
                              "gpus",        "tensorParallel", "pipelineParallel", "zeroStage",
                              "recompute",   "profile",        "usdPerGpuHour",    "usdPerKwh",
                              "trainTokens", "concurrency",    "requestRate",      "ttftP90Ms",
                              "tpotP90Ms"}) {
        QWidget *editor = form.editor(QString::fromLatin1(field));
        ASSERT_NE(editor, nullptr) << field;
        EXPECT_FALSE(editor->accessibleName().isEmpty()) << field;
        EXPECT_FALSE(editor->accessibleName().contains(u'&')) << field;
    }
}

// A field left to the task's recipe stays unset in the values and says which value the recipe gives.
TEST(WorkloadForm, RecipeChoicesAreUnsetAndNameTheValueTheyStandFor)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadFormValues values;
    values.task = QStringLiteral("qlora");
    form.setValues(values);
    form.setRecipeDefaults({{QStringLiteral("weightPrecision"), QStringLiteral("int4 (NF4)")},
                            {QStringLiteral("recompute"), QStringLiteral("full")},
                            {QStringLiteral("zeroStage"), QStringLiteral("0")},
                            {QStringLiteral("batch"), QStringLiteral("8 sequences")}});
    EXPECT_TRUE(form.values().weightPrecision.isEmpty());
    EXPECT_TRUE(form.values().recompute.isEmpty());
    EXPECT_FALSE(form.values().zeroStage.has_value());
    EXPECT_EQ(form.values().batch, 0);
    auto *weights = qobject_cast<QComboBox *>(form.editor(QStringLiteral("weightPrecision")));
    ASSERT_NE(weights, nullptr);
    EXPECT_TRUE(weights->currentText().contains(QStringLiteral("int4 (NF4)")))
        << weights->currentText().toStdString();
    auto *batch = qobject_cast<QSpinBox *>(form.editor(QStringLiteral("batch")));
    ASSERT_NE(batch, nullptr);
    EXPECT_TRUE(batch->text().contains(QStringLiteral("8 sequences"))) << batch->text().toStdString();
}

// Issue 39: fp8 picked for serving carried silently into full training. A task the user switches to takes its
// own recipe's precisions, and the choice says which; values a scenario sets keep theirs.
TEST(WorkloadForm, ATaskChangeResetsThePrecisionsToTheNewTasksRecipe)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadFormValues values;
    values.task = QStringLiteral("inference");
    values.weightPrecision = QStringLiteral("fp8");
    values.kvPrecision = QStringLiteral("fp8");
    form.setValues(values);
    EXPECT_EQ(form.values().weightPrecision, QStringLiteral("fp8")) << "set by a scenario: kept";

    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("training")));
    EXPECT_TRUE(form.values().weightPrecision.isEmpty()) << form.values().weightPrecision.toStdString();
    EXPECT_TRUE(form.values().kvPrecision.isEmpty());
    form.setRecipeDefaults({{QStringLiteral("weightPrecision"), QStringLiteral("bf16")}});
    auto *weights = qobject_cast<QComboBox *>(form.editor(QStringLiteral("weightPrecision")));
    EXPECT_EQ(weights->currentText(), QStringLiteral("recipe: bf16"));

    // A precision chosen under the new task stays while the task does.
    weights->setCurrentIndex(weights->findData(QStringLiteral("fp8")));
    EXPECT_EQ(form.values().weightPrecision, QStringLiteral("fp8"));
    form.editor(QStringLiteral("gpus"))->setFocus();
    qobject_cast<QSpinBox *>(form.editor(QStringLiteral("gpus")))->setValue(8);
    EXPECT_EQ(form.values().weightPrecision, QStringLiteral("fp8"));
}

// Window = CLI: "max" requests in flight (as many as fit, the command line's --batch max) is typed, shown and
// round-tripped; 0 stays the recipe's.
TEST(WorkloadForm, MaxRequestsInFlightIsAValueOfTheBatch)
{
    WorkloadForm form;
    fillChoices(form);
    auto *batch = qobject_cast<QSpinBox *>(form.editor(QStringLiteral("batch")));
    ASSERT_NE(batch, nullptr);
    batch->setFocus();
    batch->selectAll();
    QTest::keyClicks(batch, QStringLiteral("MAX"));
    QTest::keyClick(batch, Qt::Key_Return);
    EXPECT_EQ(form.values().batch, WorkloadFormValues::kMaxBatch);
    EXPECT_EQ(batch->text(), QStringLiteral("max"));

    WorkloadFormValues values;
    values.batch = WorkloadFormValues::kMaxBatch;
    form.setValues(values);
    EXPECT_EQ(batch->text(), QStringLiteral("max"));
    values.batch = 0;
    form.setValues(values);
    EXPECT_EQ(batch->text(), QStringLiteral("recipe"));
    values.batch = 12;
    form.setValues(values);
    EXPECT_EQ(form.values().batch, 12);
}

// One number, named for what it counts: requests in flight on all GPUs, or the global batch.
TEST(WorkloadForm, TheBatchIsNamedForWhatItCountsUnderEachTask)
{
    WorkloadForm form;
    fillChoices(form);
    const auto caption = [&form] {
        for (QLabel *label : form.findChildren<QLabel *>())
            if (label->buddy() == form.editor(QStringLiteral("batch")))
                return label->text().remove(u'&');
        return QString();
    };
    EXPECT_EQ(caption(), QStringLiteral("Requests in flight"));
    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("training")));
    EXPECT_EQ(caption(), QStringLiteral("Global batch (sequences)"));
}

TEST(WorkloadForm, LoadAndTargetsRoundTripThroughTheEditors)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadFormValues wanted;
    wanted.concurrency = 50;
    wanted.ttftP90TargetMs = 2000.0;
    wanted.tpotP90TargetMs = 60.0;
    form.setValues(wanted);
    EXPECT_EQ(form.values(), wanted);

    wanted.concurrency = 0;
    wanted.requestRate = 2.5;
    form.setValues(wanted);
    EXPECT_EQ(form.values(), wanted);
}

// Users and a rate describe the same load two ways: choosing one clears the other.
TEST(WorkloadForm, ChoosingUsersClearsTheRateAndBack)
{
    WorkloadForm form;
    fillChoices(form);
    auto *users = qobject_cast<QSpinBox *>(form.editor(QStringLiteral("concurrency")));
    auto *rate = qobject_cast<QDoubleSpinBox *>(form.editor(QStringLiteral("requestRate")));
    ASSERT_NE(users, nullptr);
    ASSERT_NE(rate, nullptr);
    EXPECT_EQ(users->text(), QStringLiteral("none"));

    rate->setValue(4.0);
    users->setValue(32);
    EXPECT_EQ(form.values().concurrency, 32);
    EXPECT_EQ(form.values().requestRate, 0.0);
    rate->setValue(1.5);
    EXPECT_EQ(form.values().concurrency, 0);
    EXPECT_EQ(form.values().requestRate, 1.5);
}

// Targets judge a load: they are offered once a load is set, and the load only for inference.
TEST(WorkloadForm, TargetsNeedALoadAndTheLoadNeedsInference)
{
    WorkloadForm form;
    fillChoices(form);
    QWidget *users = form.editor(QStringLiteral("concurrency"));
    QWidget *ttft = form.editor(QStringLiteral("ttftP90Ms"));
    QWidget *tpot = form.editor(QStringLiteral("tpotP90Ms"));
    EXPECT_TRUE(users->isEnabled());
    EXPECT_FALSE(ttft->isEnabled());
    EXPECT_FALSE(tpot->isEnabled());

    qobject_cast<QSpinBox *>(users)->setValue(50);
    EXPECT_TRUE(ttft->isEnabled());
    EXPECT_TRUE(tpot->isEnabled());

    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("lora")));
    EXPECT_FALSE(users->isEnabled());
    EXPECT_FALSE(form.editor(QStringLiteral("requestRate"))->isEnabled());
    EXPECT_FALSE(ttft->isEnabled());
    EXPECT_EQ(form.values().concurrency, 50); // kept, greyed out, for when the task comes back
}

TEST(WorkloadForm, AResolverErrorAboutTheLoadIsShownAtItsField)
{
    WorkloadForm form;
    fillChoices(form);
    const QString reason = QStringLiteral("TTFT p90 target 100 ms: below the 465 ms a single request takes");
    form.setFieldErrors({{WorkloadField::TtftP90, reason}});
    EXPECT_EQ(form.fieldError(QStringLiteral("ttftP90Ms")), reason);
    EXPECT_TRUE(form.editor(QStringLiteral("ttftP90Ms"))->property("invalid").toBool());
    EXPECT_TRUE(form.fieldError(QStringLiteral("concurrency")).isEmpty());
}

// Training at scale: a row of its own, shown for training tasks only, its values round-tripping through
// the editors, the network a preset or a typed value, expert parallelism offered only for models with
// experts.
TEST(WorkloadForm, TrainingAtScaleFieldsRoundTripAndShowOnlyForTraining)
{
    WorkloadForm form;
    fillChoices(form);
    form.setExpertModels({QStringLiteral("llama-2-70b")}); // as if it had experts
    form.show();
    WorkloadFormValues wanted;
    wanted.modelId = QStringLiteral("llama-2-70b");
    wanted.task = QStringLiteral("training");
    wanted.gpus = 64;
    wanted.microBatch = 2;
    wanted.virtualStages = 4;
    wanted.contextParallel = 2;
    wanted.expertParallel = 8;
    wanted.gpusPerNode = 4;
    wanted.networkGbps = QStringLiteral("200");
    form.setValues(wanted);
    EXPECT_EQ(form.values(), wanted);
    const QStringList keys{QStringLiteral("microBatch"),      QStringLiteral("virtualStages"),
                           QStringLiteral("contextParallel"), QStringLiteral("expertParallel"),
                           QStringLiteral("gpusPerNode"),     QStringLiteral("networkGbps")};
    for (const QString &key : keys) {
        ASSERT_NE(form.editor(key), nullptr) << key.toStdString();
        EXPECT_TRUE(form.editor(key)->isVisible()) << key.toStdString();
        EXPECT_TRUE(form.editor(key)->isEnabled()) << key.toStdString();
    }
    EXPECT_FALSE(form.editor(QStringLiteral("concurrency"))->isVisible());

    // A typed network, then a preset again.
    auto *network = qobject_cast<QComboBox *>(form.editor(QStringLiteral("networkGbps")));
    ASSERT_NE(network, nullptr);
    ASSERT_TRUE(network->isEditable());
    network->setEditText(QStringLiteral("800"));
    EXPECT_EQ(form.values().networkGbps, QStringLiteral("800"));
    network->setCurrentIndex(network->findData(QStringLiteral("0")));
    EXPECT_EQ(form.values().networkGbps, QStringLiteral("0"));
    EXPECT_EQ(network->currentText(), QStringLiteral("One node only"));

    // A dense model: no experts to split.
    auto *model = qobject_cast<QComboBox *>(form.editor(QStringLiteral("model")));
    model->setCurrentIndex(model->findData(QStringLiteral("llama-3-8b")));
    EXPECT_FALSE(form.editor(QStringLiteral("expertParallel"))->isEnabled());
    EXPECT_TRUE(form.editor(QStringLiteral("contextParallel"))->isEnabled());

    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("inference")));
    for (const QString &key : keys) // a dense model: nothing of this row for serving
        EXPECT_FALSE(form.editor(key)->isVisible()) << key.toStdString();
    EXPECT_TRUE(form.editor(QStringLiteral("concurrency"))->isVisible());
    // Expert parallelism is serving's too (vLLM --enable-expert-parallel), for a model with experts.
    model->setCurrentIndex(model->findData(QStringLiteral("llama-2-70b")));
    EXPECT_TRUE(form.editor(QStringLiteral("expertParallel"))->isVisible());
    EXPECT_TRUE(form.editor(QStringLiteral("expertParallel"))->isEnabled());
    EXPECT_FALSE(form.editor(QStringLiteral("contextParallel"))->isVisible());
    EXPECT_EQ(form.values().contextParallel, 2); // kept for when the task comes back
}

TEST(WorkloadForm, ATrainingErrorIsShownAtItsField)
{
    WorkloadForm form;
    fillChoices(form);
    const QString reason = QStringLiteral("vpp 2 interleaves pipeline stages: it needs pp 2 or more");
    form.setFieldErrors({{WorkloadField::VirtualStages, reason}});
    EXPECT_EQ(form.fieldError(QStringLiteral("virtualStages")), reason);
    EXPECT_TRUE(form.editor(QStringLiteral("virtualStages"))->property("invalid").toBool());
}

// Training's recipe in the window as on the command line (--activation-precision, --optimizer,
// --lora-rank): shown for the training tasks only, the rank for LoRA and QLoRA only, each with its recipe
// choice; a task change resets the math precision with the others.
TEST(WorkloadForm, TrainingRecipeFieldsFollowTheTask)
{
    WorkloadForm form;
    fillChoices(form);
    form.resize(1600, 300);
    form.show();
    WorkloadFormValues values;
    values.task = QStringLiteral("lora");
    values.activationPrecision = QStringLiteral("fp8");
    values.optimizer = QStringLiteral("adam8bit");
    values.loraRank = 32;
    values.ownYears = 3.0;
    form.setValues(values);
    EXPECT_EQ(form.values(), values);
    for (const char *key : {"activationPrecision", "optimizer", "loraRank"}) {
        EXPECT_TRUE(form.editor(QLatin1String(key))->isVisible()) << key;
        EXPECT_TRUE(form.editor(QLatin1String(key))->isEnabled()) << key;
    }

    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("training")));
    EXPECT_TRUE(form.values().activationPrecision.isEmpty()) << "reset to the new task's recipe";
    EXPECT_FALSE(form.editor(QStringLiteral("loraRank"))->isEnabled()) << "full training has no adapters";
    EXPECT_TRUE(form.editor(QStringLiteral("optimizer"))->isEnabled());
    form.setRecipeDefaults({{QStringLiteral("optimizer"), QStringLiteral("adam")},
                            {QStringLiteral("loraRank"), QStringLiteral("16")}});
    EXPECT_EQ(qobject_cast<QComboBox *>(form.editor(QStringLiteral("optimizer")))->itemText(0),
              QStringLiteral("recipe: adam"));

    task->setCurrentIndex(task->findData(QStringLiteral("inference")));
    for (const char *key : {"activationPrecision", "optimizer", "loraRank"})
        EXPECT_FALSE(form.editor(QLatin1String(key))->isVisible()) << key;
    EXPECT_TRUE(form.editor(QStringLiteral("ownYears"))->isEnabled()) << "owned cards serve too";
    EXPECT_EQ(form.values().ownYears, 3.0);
}
