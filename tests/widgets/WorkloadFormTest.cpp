#include "widgets/workload/WorkloadForm.h"

#include "app/analysis/WorkloadDefaults.h"
#include "tests/widgets/WorkloadTestData.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <QComboBox>
#include <QCoreApplication>
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

// What a new form sends for this task: the default model, and the numbers it always sends at their defaults.
WorkloadRequest newFormRequest(Task task)
{
    WorkloadRequest r;
    r.modelId = QStringLiteral("llama-3-8b");
    r.task = task;
    r.gpus = WorkloadDefaults::kGpus;
    r.usdPerKwh = WorkloadDefaults::kUsdPerKwh;
    if (Tasks::isTraining(task)) {
        r.sequenceLength = WorkloadDefaults::kSequenceLength;
        r.trainTokens = WorkloadDefaults::kTrainTokens;
    } else {
        r.inputTokens = WorkloadDefaults::kInputTokens;
        r.outputTokens = WorkloadDefaults::kOutputTokens;
    }
    return r;
}

} // namespace

TEST(WorkloadForm, ANewFormSendsTheDefaultModelAndNumbers)
{
    WorkloadForm form;
    fillChoices(form);
    EXPECT_EQ(form.request(), newFormRequest(Task::Inference));
    // Training's fields, greyed out, show their defaults too (not their editors' minimum).
    EXPECT_EQ(form.heldRequest().sequenceLength, WorkloadDefaults::kSequenceLength);
    EXPECT_EQ(form.heldRequest().trainTokens, WorkloadDefaults::kTrainTokens);
    EXPECT_EQ(form.heldRequest().networkGbps, WorkloadDefaults::kNetworkGbps);
    EXPECT_EQ(form.heldRequest().virtualStages, std::nullopt);
}

TEST(WorkloadForm, TheRequestRoundTripsThroughTheEditors)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadRequest wanted;
    wanted.modelId = QStringLiteral("llama-2-70b");
    wanted.task = Task::Training;
    wanted.weightPrecision = Precision::Fp8;
    wanted.batch = 32;
    wanted.sequenceLength = 8192;
    wanted.gpus = 16;
    wanted.tensorParallel = 8;
    wanted.pipelineParallel = 2;
    wanted.zeroStage = 3;
    wanted.recompute = Recompute::Full;
    wanted.profileId = QStringLiteral("vllm");
    wanted.usdPerGpuHour = 2.49;
    wanted.usdPerKwh = 0.2;
    wanted.trainTokens = 15e9;
    form.setRequest(wanted);
    EXPECT_EQ(form.request(), wanted);
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
    EXPECT_EQ(form.request().batch, 64);
    EXPECT_GE(changed.count(), 1);
}

TEST(WorkloadForm, CataloguePriceMeansNoOverride)
{
    WorkloadForm form;
    fillChoices(form);
    EXPECT_FALSE(form.request().usdPerGpuHour.has_value());
    auto *price = form.editor(QStringLiteral("usdPerGpuHour"));
    ASSERT_NE(price, nullptr);
    EXPECT_EQ(price->property("specialValueText").toString(), QStringLiteral("catalogue"));
}

TEST(WorkloadForm, TrainingFieldsAreEnabledOnlyForTrainingTasks)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadRequest values;
    values.task = Task::Inference;
    form.setRequest(values);
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
    form.setRequest(WorkloadRequest{});
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
    WorkloadRequest training;
    training.task = Task::Training;
    form.setRequest(training);
    QWidget *budget = form.editor(QStringLiteral("trainTokens"));
    // The field counted billions ("50" + "M" refused = 50 B tokens): it now counts tokens.
    typeText(budget, QStringLiteral("50M"));
    EXPECT_EQ(form.request().trainTokens, 50'000'000.0);
    EXPECT_TRUE(form.fieldError(QStringLiteral("trainTokens")).isEmpty());
    typeText(budget, QStringLiteral("1.5B"));
    EXPECT_EQ(form.request().trainTokens, 1.5e9);
    typeText(budget, QStringLiteral("2T"));
    EXPECT_EQ(form.request().trainTokens, 2e12);
    // Shown back with its suffix, as typed.
    EXPECT_EQ(budget->findChild<QLineEdit *>()->text(), QStringLiteral("2T tokens"));
    // Whole-number fields take suffixes too.
    typeText(form.editor(QStringLiteral("sequenceLength")), QStringLiteral("8k"));
    EXPECT_EQ(form.request().sequenceLength, 8000);
}

TEST(WorkloadForm, ANumberItCannotReadIsRefusedAtItsFieldAndKept)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadRequest training;
    training.task = Task::Training;
    training.trainTokens = 300e9;
    form.setRequest(training);
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
    EXPECT_EQ(form.request().trainTokens, 50'000'000.0);
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
    EXPECT_EQ(form.request().trainTokens, 5e9);

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

// A field left to the task's recipe stays unset in the request and says which value the recipe gives.
TEST(WorkloadForm, RecipeChoicesAreUnsetAndNameTheValueTheyStandFor)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadRequest values;
    values.task = Task::Qlora;
    form.setRequest(values);
    form.setRecipeDefaults({{QStringLiteral("weightPrecision"), QStringLiteral("int4 (NF4)")},
                            {QStringLiteral("recompute"), QStringLiteral("full")},
                            {QStringLiteral("zeroStage"), QStringLiteral("0")},
                            {QStringLiteral("batch"), QStringLiteral("8 sequences")}});
    EXPECT_FALSE(form.request().weightPrecision.has_value());
    EXPECT_FALSE(form.request().recompute.has_value());
    EXPECT_FALSE(form.request().zeroStage.has_value());
    EXPECT_FALSE(form.request().batch.has_value());
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
    WorkloadRequest values;
    values.task = Task::Inference;
    values.weightPrecision = Precision::Fp8;
    values.kvPrecision = Precision::Fp8;
    form.setRequest(values);
    EXPECT_EQ(form.request().weightPrecision, Precision::Fp8) << "set by a scenario: kept";

    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("training")));
    EXPECT_FALSE(form.request().weightPrecision.has_value());
    EXPECT_FALSE(form.heldRequest().kvPrecision.has_value()) << "greyed out, and reset too";
    form.setRecipeDefaults({{QStringLiteral("weightPrecision"), QStringLiteral("bf16")}});
    auto *weights = qobject_cast<QComboBox *>(form.editor(QStringLiteral("weightPrecision")));
    EXPECT_EQ(weights->currentText(), QStringLiteral("recipe: bf16"));

    // A precision chosen under the new task stays while the task does.
    weights->setCurrentIndex(weights->findData(QStringLiteral("fp8")));
    EXPECT_EQ(form.request().weightPrecision, Precision::Fp8);
    form.editor(QStringLiteral("gpus"))->setFocus();
    qobject_cast<QSpinBox *>(form.editor(QStringLiteral("gpus")))->setValue(8);
    EXPECT_EQ(form.request().weightPrecision, Precision::Fp8);
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
    EXPECT_EQ(form.request().batch, 0) << "the request's \"as many as fit\"";
    EXPECT_EQ(batch->text(), QStringLiteral("max"));

    WorkloadRequest values;
    values.batch = 0;
    form.setRequest(values);
    EXPECT_EQ(batch->text(), QStringLiteral("max"));
    values.batch.reset();
    form.setRequest(values);
    EXPECT_EQ(batch->text(), QStringLiteral("recipe"));
    EXPECT_FALSE(form.request().batch.has_value());
    values.batch = 12;
    form.setRequest(values);
    EXPECT_EQ(form.request().batch, 12);
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
    WorkloadRequest wanted = newFormRequest(Task::Inference);
    wanted.concurrency = 50;
    wanted.ttftP90Ms = 2000.0;
    wanted.tpotP90Ms = 60.0;
    form.setRequest(wanted);
    EXPECT_EQ(form.request(), wanted);

    wanted.concurrency.reset();
    wanted.requestRate = 2.5;
    form.setRequest(wanted);
    EXPECT_EQ(form.request(), wanted);
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
    EXPECT_EQ(form.request().concurrency, 32);
    EXPECT_FALSE(form.request().requestRate.has_value());
    rate->setValue(1.5);
    EXPECT_FALSE(form.request().concurrency.has_value());
    EXPECT_EQ(form.request().requestRate, 1.5);
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
    EXPECT_EQ(form.heldRequest().concurrency, 50); // kept, greyed out, for when the task comes back
    EXPECT_FALSE(form.request().concurrency.has_value());
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
    WorkloadRequest wanted = newFormRequest(Task::Training);
    wanted.modelId = QStringLiteral("llama-2-70b");
    wanted.gpus = 64;
    wanted.microBatch = 2;
    wanted.virtualStages = 4;
    wanted.contextParallel = 2;
    wanted.expertParallel = 8;
    wanted.gpusPerNode = 4;
    wanted.networkGbps = 200.0;
    form.setRequest(wanted);
    EXPECT_EQ(form.request(), wanted);
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
    EXPECT_EQ(form.request().networkGbps, 800.0);
    network->setCurrentIndex(network->findData(QStringLiteral("0")));
    EXPECT_EQ(form.request().networkGbps, 0.0);
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
    EXPECT_EQ(form.heldRequest().contextParallel, 2); // kept for when the task comes back
    EXPECT_FALSE(form.request().contextParallel.has_value());
    // ... and sent with the serving request (the resolver asks for tp equal to it), not dropped as it was
    // while only training sent it; a dense model keeps it greyed out and does not send it.
    auto *expert = qobject_cast<QSpinBox *>(form.editor(QStringLiteral("expertParallel")));
    ASSERT_NE(expert, nullptr);
    expert->setValue(2);
    EXPECT_EQ(form.request().expertParallel, 2);
    model->setCurrentIndex(model->findData(QStringLiteral("llama-3-8b")));
    EXPECT_FALSE(form.request().expertParallel.has_value());
    EXPECT_EQ(form.heldRequest().expertParallel, 2);
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
    WorkloadRequest values = newFormRequest(Task::Lora);
    values.activationPrecision = Precision::Fp8;
    values.optimizer = Optimizer::Adam8bit;
    values.loraRank = 32;
    values.ownYears = 3.0;
    form.setRequest(values);
    EXPECT_EQ(form.request(), values);
    for (const char *key : {"activationPrecision", "optimizer", "loraRank"}) {
        EXPECT_TRUE(form.editor(QLatin1String(key))->isVisible()) << key;
        EXPECT_TRUE(form.editor(QLatin1String(key))->isEnabled()) << key;
    }

    auto *task = qobject_cast<QComboBox *>(form.editor(QStringLiteral("task")));
    task->setCurrentIndex(task->findData(QStringLiteral("training")));
    EXPECT_FALSE(form.request().activationPrecision.has_value()) << "reset to the new task's recipe";
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
    EXPECT_EQ(form.request().ownYears, 3.0);
}

// A request (as a scenario or the planner gives one) goes into the form and comes back the same; the values
// the task does not use stay as the form had them, greyed out (once WorkloadMapperTest's
// FormValuesFromARequestGiveTheSameRequestBack, when a mapper converted the form's own values both ways).
TEST(WorkloadForm, ARequestComesBackTheSameAndKeepsTheOtherTasksValues)
{
    WorkloadForm form;
    fillChoices(form);
    form.setModelChoices({{QStringLiteral("llama-3.3-70b"), QStringLiteral("Llama-3.3 70B")},
                          {QStringLiteral("mpt-13b"), QStringLiteral("MPT 13B")}});
    WorkloadRequest before = newFormRequest(Task::Training);
    before.modelId = QStringLiteral("mpt-13b");
    before.sequenceLength = 8192; // a training value, greyed out under inference
    before.microBatch = 4;
    form.setRequest(before);

    const WorkloadRequest serving = WorkloadTestData::plannersServingRequest();
    form.setRequest(serving);
    EXPECT_EQ(form.request(), serving);
    EXPECT_EQ(form.heldRequest().sequenceLength, 8192);
    EXPECT_EQ(form.heldRequest().microBatch, 4);

    WorkloadRequest training;
    training.modelId = QStringLiteral("mpt-13b");
    training.task = Task::Training;
    training.weightPrecision = Precision::Bf16;
    training.sequenceLength = 2048;
    training.gpus = 64;
    training.tensorParallel = 2;
    training.pipelineParallel = 1;
    training.microBatch = 2;
    training.zeroStage = 1;
    training.recompute = Recompute::Selective;
    training.trainTokens = 1e12;
    training.networkGbps = 200.0;
    training.usdPerKwh = WorkloadDefaults::kUsdPerKwh;
    form.setRequest(training);
    EXPECT_EQ(form.request(), training);
    EXPECT_EQ(form.heldRequest().concurrency, 50)
        << "the load stays in the form for when inference comes back";
    EXPECT_EQ(qobject_cast<QComboBox *>(form.editor(QStringLiteral("networkGbps")))->currentData().toString(),
              QStringLiteral("200"));

    // And every request a new form sends, for each task: form -> request -> form -> request.
    for (Task task : {Task::Inference, Task::Training, Task::Lora, Task::Qlora}) {
        WorkloadForm fresh;
        fillChoices(fresh);
        WorkloadRequest r;
        r.task = task;
        fresh.setRequest(r);
        const WorkloadRequest sent = fresh.request();
        EXPECT_EQ(sent, newFormRequest(task)) << Tasks::name(task).toStdString();
        fresh.setRequest(sent);
        EXPECT_EQ(fresh.request(), sent) << Tasks::name(task).toStdString();
        // What the form sends is what the layout table says it sends of what it holds.
        EXPECT_EQ(WorkloadFormLayout::sent(fresh.heldRequest()), sent) << Tasks::name(task).toStdString();
    }
}

// Every number row of the layout table has its spin box, named by the field's key, with the row's range
// (or the field table's maximum), its caption and its help; and what a value typed in it becomes in the
// request.
TEST(WorkloadForm, EachNumberRowOfTheLayoutTableMakesItsEditor)
{
    WorkloadForm form;
    fillChoices(form);
    for (const WorkloadFormRow &row : WorkloadFormLayout::rows()) {
        const QString key = WorkloadFields::key(row.field);
        QWidget *editor = form.editor(key);
        ASSERT_NE(editor, nullptr) << key.toStdString();
        EXPECT_EQ(form.caption(key), QCoreApplication::translate("WorkloadForm", row.caption).remove(u'&'));
        if (row.help) {
            EXPECT_TRUE(form.help(key).contains(QCoreApplication::translate("WorkloadForm", row.help)))
                << key.toStdString();
        }
        if (row.editor != FormEditor::Number)
            continue;
        const double maximum = row.maximum != 0.0 ? row.maximum : WorkloadFields::range(row.field).maximum;
        if (auto *whole = qobject_cast<QSpinBox *>(editor)) {
            EXPECT_EQ(whole->minimum(), int(row.minimum)) << key.toStdString();
            EXPECT_EQ(whole->maximum(), int(maximum)) << key.toStdString();
        } else {
            auto *decimal = qobject_cast<QDoubleSpinBox *>(editor);
            ASSERT_NE(decimal, nullptr) << key.toStdString();
            EXPECT_EQ(decimal->minimum(), row.minimum) << key.toStdString();
            EXPECT_EQ(decimal->maximum(), maximum) << key.toStdString();
        }
    }
    // A value in a row's editor is its request member; its minimum without a default leaves it out.
    auto *users = qobject_cast<QSpinBox *>(form.editor(QStringLiteral("concurrency")));
    users->setValue(12);
    EXPECT_EQ(form.request().concurrency, 12);
    users->setValue(0);
    EXPECT_FALSE(form.request().concurrency.has_value());
    auto *gpus = qobject_cast<QSpinBox *>(form.editor(QStringLiteral("gpus")));
    gpus->setValue(1);
    EXPECT_EQ(form.request().gpus, 1) << "a row with a default is always sent";
}

// A network that is not a number is refused at its field, as the form's own input error; the request then
// leaves the network out.
TEST(WorkloadForm, ANetworkThatIsNotANumberIsAnInputError)
{
    WorkloadForm form;
    fillChoices(form);
    WorkloadRequest training = newFormRequest(Task::Training);
    training.gpus = 64;
    form.setRequest(training);
    auto *network = qobject_cast<QComboBox *>(form.editor(QStringLiteral("networkGbps")));
    network->setEditText(QStringLiteral("fast"));
    ASSERT_EQ(form.inputErrors().size(), 1);
    EXPECT_EQ(form.inputErrors().constFirst().field, WorkloadField::NetworkGbps);
    EXPECT_TRUE(form.fieldError(QStringLiteral("networkGbps")).contains(QStringLiteral("'fast'")));
    EXPECT_FALSE(form.request().networkGbps.has_value());
    network->setEditText(QStringLiteral("800 Gb/s"));
    EXPECT_TRUE(form.inputErrors().isEmpty());
    EXPECT_EQ(form.request().networkGbps, 800.0);
}
