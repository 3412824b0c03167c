// Scenarios in the window (issue 20): Save and Open give back the GPUs, the workload and the Plan tab's
// inputs; a bad file changes nothing and says why; the title marks unsaved changes and closing asks; a
// dropped .gpuc opens; recent files; the config.json button's model reaches the estimate; Open Catalogue
// switches what everything is computed from. Messages are answered by a UserPrompt handler: no modal
// dialog waits for a click.
#include "app/window/AppSettings.h"
#include "app/window/CatalogueOpener.h"
#include "app/window/ScenarioController.h"
#include "app/window/UserPrompt.h"
#include "db/Catalogue.h"
#include "db/GpuField.h"
#include "db/SpecTableModel.h"
#include "tests/app/WindowFixture.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"
#include "widgets/catalogue/GpuPicker.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/plan/PlanInputs.h"
#include "widgets/plan/PlanTab.h"
#include "widgets/workload/WorkloadForm.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

namespace {

const QString kH100 = QStringLiteral("H100 SXM5 80GB");

class ScenarioWindowTest : public WindowFixture
{
protected:
    void SetUp() override
    {
        WindowFixture::SetUp();
        answerPrompts();
    }

    void reopenWindow()
    {
        openWindow();
        answerPrompts();
    }

    // Every message is recorded instead of shown; a question gets m_answer.
    void answerPrompts()
    {
        m_window->prompt()->setHandler([this](const UserPrompt::Message &message) {
            m_messages << message;
            return message.buttons.testFlag(m_answer) ? m_answer : QMessageBox::Ok;
        });
    }

    ScenarioController *scenarios() const { return m_window->scenarios(); }
    WorkloadForm *form() const { return m_window->workloadForm(); }
    PlanInputs *planInputs() const { return m_window->planTab()->inputs(); }

    // A question unlike the first start's: two GPUs, a 70B model served to 20 users in fp8 on 4 GPUs, and
    // plan inputs of its own.
    void setQuestion()
    {
        m_window->gpuPicker()->setChecked({QStringLiteral("h100_sxm5_80gb"), QStringLiteral("l40s_48gb")});
        WorkloadRequest values = form()->heldRequest();
        values.modelId = QStringLiteral("llama-3-70b");
        values.weightPrecision = Precision::Fp8;
        values.gpus = 4;
        values.concurrency = 20;
        values.tpotP90Ms = 60.0;
        form()->setRequest(values);
        PlanInputValues plan;
        plan.wholeCatalogue = true;
        plan.precisions = {QStringLiteral("bf16"), QStringLiteral("fp8")};
        plan.deadlineDays = 12.0;
        plan.maxGpus = 16;
        planInputs()->setValues(plan);
        settle();
    }

    struct Shown
    {
        QStringList gpuIds;
        WorkloadRequest request;
        PlanInputValues plan;
        QString path;
        QString title;
        bool operator==(const Shown &) const = default;
    };
    Shown shown() const
    {
        return {m_window->gpuPicker()->checkedIds(), form()->request(), planInputs()->values(),
                scenarios()->path(), m_window->windowTitle()};
    }

    QString file(const QString &name) const { return m_dir.filePath(name); }

    static bool write(const QString &path, const QByteArray &bytes)
    {
        QFile out(path);
        return out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size();
    }

    static QByteArray read(const QString &path)
    {
        QFile in(path);
        return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
    }

    QString allMessages() const
    {
        QString text;
        for (const UserPrompt::Message &message : m_messages)
            text += message.text + u'\n' + message.informativeText + u'\n' + message.detailedText + u'\n';
        return text;
    }

    QVector<UserPrompt::Message> m_messages;
    QMessageBox::StandardButton m_answer = QMessageBox::Cancel;
};

} // namespace

TEST_F(ScenarioWindowTest, SaveThenOpenGivesBackTheGpusTheWorkloadAndThePlanInputs)
{
    EXPECT_TRUE(scenarios()->path().isEmpty());
    setQuestion();
    const Shown saved = shown();
    const QString path = file(QStringLiteral("serve-70b.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(path)) << allMessages().toStdString();
    EXPECT_TRUE(m_messages.isEmpty());
    EXPECT_EQ(scenarios()->path(), path);
    EXPECT_TRUE(m_window->windowTitle().startsWith(QStringLiteral("serve-70b.gpuc")))
        << m_window->windowTitle().toStdString();
    EXPECT_FALSE(m_window->isWindowModified());

    // Another window, as after a restart, that shows something else.
    reopenWindow();
    m_window->gpuPicker()->setChecked({QStringLiteral("a100_sxm4_80gb")});
    form()->setRequest(WorkloadRequest());
    planInputs()->setValues(PlanInputValues());
    ASSERT_NE(shown().gpuIds, saved.gpuIds);

    ASSERT_TRUE(scenarios()->open(path)) << allMessages().toStdString();
    EXPECT_TRUE(m_messages.isEmpty()) << allMessages().toStdString(); // same catalogue: nothing changed
    Shown opened = shown();
    EXPECT_EQ(opened.gpuIds, saved.gpuIds);
    EXPECT_EQ(opened.request, saved.request);
    EXPECT_EQ(opened.plan, saved.plan);
    EXPECT_EQ(opened.path, path);
    EXPECT_EQ(form()->heldRequest().modelId, QStringLiteral("llama-3-70b"));
    EXPECT_EQ(form()->heldRequest().concurrency, 20);
    EXPECT_FALSE(m_window->isWindowModified());
    // The comparison shows the opened question at once.
    EXPECT_EQ(m_window->comparison()->presentation().table().columnTitles.size(), 2);

    // Saving what was opened gives the same bytes.
    const QByteArray first = read(path);
    ASSERT_TRUE(scenarios()->save());
    EXPECT_EQ(read(path), first);
}

TEST_F(ScenarioWindowTest, AnEditMarksTheTitleModifiedAndUndoingTheEditClearsTheMark)
{
    // Untitled: the settings keep the session, nothing is "modified".
    WorkloadRequest values = form()->heldRequest();
    values.batch = 7;
    form()->setRequest(values);
    EXPECT_FALSE(scenarios()->isModified());
    EXPECT_FALSE(m_window->isWindowModified());

    ASSERT_TRUE(scenarios()->saveAs(file(QStringLiteral("a.gpuc"))));
    EXPECT_FALSE(m_window->isWindowModified());
    values.batch = 8;
    form()->setRequest(values);
    EXPECT_TRUE(m_window->isWindowModified());
    values.batch = 7;
    form()->setRequest(values);
    EXPECT_FALSE(m_window->isWindowModified());

    m_window->gpuPicker()->setChecked({QStringLiteral("h100_sxm5_80gb")});
    EXPECT_TRUE(m_window->isWindowModified());
    m_window->gpuPicker()->setChecked(AppSettings::defaultGpuIds());
    EXPECT_FALSE(m_window->isWindowModified());

    QCheckBox *int4 = planInputs()->precisionBox(QStringLiteral("int4"));
    ASSERT_NE(int4, nullptr);
    int4->click();
    EXPECT_TRUE(m_window->isWindowModified());
    int4->click();
    EXPECT_FALSE(m_window->isWindowModified());
}

TEST_F(ScenarioWindowTest, ClosingWithUnsavedChangesAsksAndCancelKeepsTheWindow)
{
    m_window->show();
    const QString path = file(QStringLiteral("close.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(path));
    WorkloadRequest values = form()->heldRequest();
    values.gpus = 3;
    form()->setRequest(values);

    m_answer = QMessageBox::Cancel;
    EXPECT_FALSE(m_window->close());
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_EQ(m_messages.first().buttons, QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    EXPECT_TRUE(m_messages.first().text.contains(QStringLiteral("close.gpuc")))
        << m_messages.first().text.toStdString();
    EXPECT_TRUE(m_window->isVisible());

    // Save writes the file, then the window closes.
    m_answer = QMessageBox::Save;
    EXPECT_TRUE(m_window->close());
    reopenWindow();
    form()->setRequest(WorkloadRequest());
    ASSERT_TRUE(scenarios()->open(path));
    EXPECT_EQ(form()->heldRequest().gpus, 3);
}

TEST_F(ScenarioWindowTest, DiscardClosesAndAnUntitledSessionClosesWithoutAQuestion)
{
    m_window->show();
    ASSERT_TRUE(scenarios()->saveAs(file(QStringLiteral("discard.gpuc"))));
    m_window->gpuPicker()->setChecked({QStringLiteral("l4_24gb")});
    m_answer = QMessageBox::Discard;
    EXPECT_TRUE(m_window->close());
    EXPECT_EQ(m_messages.size(), 1);

    reopenWindow();
    m_window->show();
    m_window->gpuPicker()->setChecked({QStringLiteral("l4_24gb")});
    EXPECT_TRUE(m_window->close());
    EXPECT_EQ(m_messages.size(), 1) << "an untitled session is not asked about";
}

// A truncated file, a newer schema, a GPU or model the catalogue lacks: refused with a message that names
// the file and what is wrong; the window shows what it showed.
TEST_F(ScenarioWindowTest, ABadFileChangesNothingAndSaysWhy)
{
    setQuestion();
    const QString good = file(QStringLiteral("good.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(good));
    const QByteArray bytes = read(good);
    ASSERT_TRUE(bytes.contains("\"schema_version\"")) << bytes.left(300).toStdString();
    ASSERT_TRUE(bytes.contains("l40s_48gb"));

    struct Case
    {
        const char *name;
        QByteArray bytes;
        QString says; // in the message
    };
    const QByteArray newer = QString::fromUtf8(bytes)
                                 .replace(QRegularExpression(QStringLiteral("\"schema_version\"\\s*:\\s*1")),
                                          QStringLiteral("\"schema_version\": 99"))
                                 .toUtf8();
    QByteArray unknownGpu = bytes;
    unknownGpu.replace("l40s_48gb", "l99_made_up");
    QByteArray unknownModel = bytes;
    unknownModel.replace("\"llama-3-70b\"", "\"llama-9-999b\"");
    const Case cases[] = {
        {"truncated.gpuc", bytes.left(bytes.size() / 2), QString()},
        {"newer.gpuc", newer, QStringLiteral("99")},
        {"unknown-gpu.gpuc", unknownGpu, QStringLiteral("l99_made_up")},
        {"unknown-model.gpuc", unknownModel, QStringLiteral("llama-9-999b")},
        {"missing.gpuc", QByteArray(), QString()},
    };
    // Something else on show, and no file: every field of the state would notice a change.
    reopenWindow();
    m_window->gpuPicker()->setChecked({QStringLiteral("a100_sxm4_80gb")});
    const Shown before = shown();
    for (const Case &c : cases) {
        SCOPED_TRACE(c.name);
        const QString path = file(QString::fromLatin1(c.name));
        if (!c.bytes.isEmpty()) {
            ASSERT_TRUE(write(path, c.bytes));
        }
        m_messages.clear();
        EXPECT_FALSE(scenarios()->open(path));
        EXPECT_EQ(shown(), before);
        EXPECT_FALSE(m_window->isWindowModified());
        ASSERT_EQ(m_messages.size(), 1);
        EXPECT_EQ(m_messages.first().icon, QMessageBox::Warning);
        EXPECT_TRUE(m_messages.first().text.contains(path)) << m_messages.first().text.toStdString();
        EXPECT_FALSE(m_messages.first().informativeText.isEmpty());
        EXPECT_TRUE(m_messages.first().informativeText.contains(c.says))
            << m_messages.first().informativeText.toStdString();
    }
}

TEST_F(ScenarioWindowTest, OpeningAfterASpecEditListsTheChangedValues)
{
    setQuestion();
    const QString path = file(QStringLiteral("edited.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(path));
    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::MemoryBandwidthGBs, 3000.0));
    ASSERT_TRUE(m_window->catalogueTab()->save());

    ASSERT_TRUE(scenarios()->open(path));
    ASSERT_EQ(m_messages.size(), 1);
    const UserPrompt::Message &message = m_messages.first();
    EXPECT_EQ(message.icon, QMessageBox::Information);
    EXPECT_TRUE(message.text.contains(QStringLiteral("edited.gpuc"))) << message.text.toStdString();
    EXPECT_TRUE(message.informativeText.contains(QStringLiteral("current values")))
        << message.informativeText.toStdString();
    EXPECT_TRUE(message.detailedText.contains(kH100)) << message.detailedText.toStdString();
    EXPECT_TRUE(message.detailedText.contains(QStringLiteral("3,000"))) << message.detailedText.toStdString();
    // Opened all the same, on the catalogue's values.
    EXPECT_EQ(scenarios()->path(), path);
    EXPECT_EQ(shownValue(QStringLiteral("spec.bandwidth"), kH100), 3000.0);
}

TEST_F(ScenarioWindowTest, ApplyPutsTheRecordedValuesBackAsOneUndoableEdit)
{
    setQuestion();
    const QString path = file(QStringLiteral("colleague.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(path));
    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::MemoryBandwidthGBs, 3000.0));
    ASSERT_TRUE(m_window->catalogueTab()->save());
    settle();
    ASSERT_EQ(shownValue(QStringLiteral("spec.bandwidth"), kH100), 3000.0);

    m_answer = QMessageBox::Apply;
    ASSERT_TRUE(scenarios()->open(path));
    ASSERT_EQ(m_messages.size(), 1);
    // One edit on the stack, pending: the numbers follow once the catalogue is saved.
    EXPECT_EQ(m_session->editor()->undoStack()->count(), 1);
    ASSERT_TRUE(m_window->catalogueTab()->save());
    settle();
    EXPECT_EQ(shownValue(QStringLiteral("spec.bandwidth"), kH100), 3350.0);
}

TEST_F(ScenarioWindowTest, ADroppedScenarioFileOpens)
{
    setQuestion();
    const QString path = file(QStringLiteral("dropped.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(path));
    const Shown saved = shown();
    reopenWindow();
    m_window->gpuPicker()->setChecked({QStringLiteral("a100_sxm4_80gb")});

    QMimeData other;
    other.setUrls({QUrl::fromLocalFile(file(QStringLiteral("notes.txt")))});
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(m_window.get(), &refused);
    EXPECT_FALSE(refused.isAccepted());

    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QApplication::sendEvent(m_window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QSignalSpy opened(scenarios(), &ScenarioController::documentChanged);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &drop);
    EXPECT_TRUE(drop.isAccepted());
    ASSERT_TRUE(!opened.isEmpty() || opened.wait(5000)); // opened once the drop has finished
    EXPECT_EQ(shown(), saved);
}

TEST_F(ScenarioWindowTest, RecentFilesListTheNewestFirstAndDropOneThatIsGone)
{
    const QString first = file(QStringLiteral("first.gpuc"));
    const QString second = file(QStringLiteral("second.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(first));
    ASSERT_TRUE(scenarios()->saveAs(second));
    EXPECT_EQ(scenarios()->recentFiles(), (QStringList{second, first}));
    QMenu *menu = m_window->recentMenu();
    EXPECT_TRUE(menu->isEnabled());
    ASSERT_GE(menu->actions().size(), 2);
    EXPECT_TRUE(menu->actions().first()->text().contains(QStringLiteral("second.gpuc")));

    // Kept between runs.
    reopenWindow();
    EXPECT_EQ(scenarios()->recentFiles(), (QStringList{second, first}));
    ASSERT_TRUE(scenarios()->openRecent(first));
    EXPECT_EQ(scenarios()->recentFiles(), (QStringList{first, second}));

    ASSERT_TRUE(QFile::remove(second));
    EXPECT_FALSE(scenarios()->openRecent(second));
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().text.contains(second)) << m_messages.first().text.toStdString();
    EXPECT_EQ(scenarios()->recentFiles(), QStringList{first});
    EXPECT_EQ(scenarios()->path(), first);
}

TEST_F(ScenarioWindowTest, TheConfigJsonModelReachesTheEstimateAndIsNamedInTheForm)
{
    settle();
    const std::optional<double> presetMemory = shownValue(QStringLiteral("fit.memory"), kH100);
    ASSERT_TRUE(presetMemory.has_value());
    ASSERT_GT(*presetMemory, 10.0); // Llama-3 8B's weights alone are 16 GB

    // A 0.1 B-parameter model: a tenth of a gigabyte of weights.
    ASSERT_TRUE(QDir(m_dir.path()).mkpath(QStringLiteral("Tiny-Model")));
    const QString config = file(QStringLiteral("Tiny-Model/config.json"));
    ASSERT_TRUE(write(config, R"({"model_type": "llama", "num_hidden_layers": 4, "hidden_size": 512,
        "num_attention_heads": 8, "num_key_value_heads": 8, "intermediate_size": 1408,
        "vocab_size": 32000, "max_position_embeddings": 4096, "hidden_act": "silu"})"));
    form()->useModelConfig(config);
    settle();
    EXPECT_FALSE(form()->request().modelId.has_value());
    EXPECT_EQ(form()->request().modelConfigPath, config);
    EXPECT_TRUE(form()->fieldError(QStringLiteral("model")).isEmpty())
        << form()->fieldError(QStringLiteral("model")).toStdString();
    auto *model = qobject_cast<QComboBox *>(form()->editor(QStringLiteral("model")));
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->currentText(), QStringLiteral("Tiny-Model"));
    const std::optional<double> customMemory = shownValue(QStringLiteral("fit.memory"), kH100);
    ASSERT_TRUE(customMemory.has_value());
    EXPECT_LT(*customMemory, *presetMemory / 4.0);

    // Saved and opened with the scenario; a preset chosen meanwhile gives way to it.
    const QString path = file(QStringLiteral("custom.gpuc"));
    ASSERT_TRUE(scenarios()->saveAs(path)) << allMessages().toStdString();
    model->setCurrentIndex(model->findData(QStringLiteral("llama-3-70b")));
    EXPECT_TRUE(form()->request().modelId.has_value());
    EXPECT_TRUE(m_window->isWindowModified());
    m_answer = QMessageBox::Discard; // opening asks about the preset chosen since
    ASSERT_TRUE(scenarios()->open(path)) << allMessages().toStdString();
    EXPECT_EQ(m_messages.size(), 1);
    EXPECT_EQ(model->currentText(), QStringLiteral("Tiny-Model"));
    EXPECT_EQ(shownValue(QStringLiteral("fit.memory"), kH100), customMemory);

    // A config.json without hidden_size: the model field says what is missing, and the last estimate
    // stays, marked as not current.
    const QString broken = file(QStringLiteral("broken.json"));
    ASSERT_TRUE(write(broken, R"({"num_hidden_layers": 4, "num_attention_heads": 8})"));
    form()->useModelConfig(broken);
    settle();
    EXPECT_EQ(model->currentText(), QStringLiteral("broken"));
    EXPECT_TRUE(form()->fieldError(QStringLiteral("model")).contains(QStringLiteral("hidden_size")))
        << form()->fieldError(QStringLiteral("model")).toStdString();
    EXPECT_EQ(shownValue(QStringLiteral("fit.memory"), kH100), customMemory);
    EXPECT_TRUE(m_window->comparisonTable()->staleNote().contains(QStringLiteral("hidden_size")))
        << m_window->comparisonTable()->staleNote().toStdString();
}

TEST_F(ScenarioWindowTest, OpenCatalogueSwitchesWhatEverythingIsComputedFrom)
{
    // This catalogue gets an edit, saved; then one undone, so its undo stack holds a command to redo.
    const QString first = m_session->path();
    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("h100_sxm5_80gb"));
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::Fp16DenseTflops, 1000.0));
    ASSERT_TRUE(m_window->catalogueTab()->save());
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::Notes, QStringLiteral("undone")));
    m_session->editor()->undoStack()->undo();
    ASSERT_FALSE(m_session->specModel()->session()->hasUnsavedChanges());
    EXPECT_GT(m_session->editor()->undoStack()->count(), 0);
    settle();
    EXPECT_EQ(shownValue(QStringLiteral("spec.fp16"), kH100), 1000.0);

    const QString other = file(QStringLiteral("other.db"));
    ASSERT_FALSE(Catalogue::createFromSeed(other));
    ASSERT_TRUE(m_window->catalogueOpener()->open(other)) << allMessages().toStdString();
    EXPECT_TRUE(m_messages.isEmpty());
    EXPECT_EQ(m_session->path(), other);
    EXPECT_EQ(m_window->windowFilePath(), other);
    EXPECT_EQ(m_session->editor()->undoStack()->count(), 0); // its commands were for the other file
    const GpuEditSession *edits = m_session->specModel()->session();
    EXPECT_EQ(edits->gpuAt(edits->rowOf(QStringLiteral("h100_sxm5_80gb"))).fp16DenseTflops, 989.4);
    settle();
    EXPECT_EQ(shownValue(QStringLiteral("spec.fp16"), kH100), 989.4);

    // A damaged file: said, and the open catalogue stays.
    const QString damaged = file(QStringLiteral("damaged.db"));
    ASSERT_TRUE(write(damaged, QByteArray("SQLite format 3") + QByteArray(4096, 'x')));
    EXPECT_FALSE(m_window->catalogueOpener()->open(damaged));
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().text.contains(damaged)) << m_messages.first().text.toStdString();
    EXPECT_EQ(m_session->path(), other);
    settle();
    EXPECT_EQ(shownValue(QStringLiteral("spec.fp16"), kH100), 989.4);

    ASSERT_TRUE(m_window->catalogueOpener()->open(first));
    settle();
    EXPECT_EQ(shownValue(QStringLiteral("spec.fp16"), kH100), 1000.0);
}

TEST_F(ScenarioWindowTest, OpenCatalogueAsksAboutUnsavedEditsFirst)
{
    const QString other = file(QStringLiteral("other.db"));
    ASSERT_FALSE(Catalogue::createFromSeed(other));
    const int row = m_session->specModel()->session()->rowOf(QStringLiteral("l4_24gb"));
    ASSERT_TRUE(m_session->editor()->setValue(row, GpuField::Notes, QStringLiteral("unsaved")));
    m_window->show();
    // The Catalogue tab asks with its own message box.
    const auto answer = [](QMessageBox::StandardButton button) {
        QTimer::singleShot(0, [button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            ASSERT_NE(box, nullptr);
            box->button(button)->click();
        });
    };
    answer(QMessageBox::Cancel);
    EXPECT_FALSE(m_window->catalogueOpener()->open(other));
    EXPECT_NE(m_session->path(), other);
    EXPECT_TRUE(m_session->specModel()->session()->hasUnsavedChanges());

    answer(QMessageBox::Discard);
    EXPECT_TRUE(m_window->catalogueOpener()->open(other));
    EXPECT_EQ(m_session->path(), other);
    EXPECT_FALSE(m_session->specModel()->session()->hasUnsavedChanges());
}

// Export Report hands the window's scenario to ReportExporter: a file, or a message naming it and why not.
TEST_F(ScenarioWindowTest, ExportReportWritesTheFileOrSaysWhyNot)
{
    setQuestion();
    const QString report = file(QStringLiteral("report.html"));
    QSignalSpy status(scenarios(), &ScenarioController::statusMessage);
    if (scenarios()->exportReport(report)) {
        EXPECT_TRUE(QFileInfo(report).size() > 0);
        EXPECT_TRUE(m_messages.isEmpty()) << allMessages().toStdString();
        ASSERT_EQ(status.size(), 1);
        EXPECT_TRUE(status.first().first().toString().contains(report));
    } else {
        ASSERT_EQ(m_messages.size(), 1);
        EXPECT_TRUE(m_messages.first().text.contains(report)) << m_messages.first().text.toStdString();
        EXPECT_FALSE(m_messages.first().informativeText.isEmpty());
    }

    // A scenario that could not be opened again is not reported: its config.json is gone.
    m_messages.clear();
    form()->useModelConfig(file(QStringLiteral("gone/config.json")));
    const QString refused = file(QStringLiteral("refused.pdf"));
    EXPECT_FALSE(scenarios()->exportReport(refused));
    EXPECT_FALSE(QFileInfo::exists(refused));
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().informativeText.contains(QStringLiteral("config.json")))
        << m_messages.first().informativeText.toStdString();
}

TEST_F(ScenarioWindowTest, NoFileMenuItemIsDisabled)
{
    QMenu *fileMenu = nullptr;
    for (QAction *action : m_window->menuBar()->actions())
        if (action->menu() && action->text() == QStringLiteral("&File"))
            fileMenu = action->menu();
    ASSERT_NE(fileMenu, nullptr);
    for (QAction *action : fileMenu->actions()) {
        // The recent lists are disabled while empty, as everywhere.
        if (action->isSeparator() || action->menu() == m_window->recentMenu() ||
            (action->menu() && action->menu()->objectName() == QStringLiteral("recentTeamCatalogues")))
            continue;
        EXPECT_TRUE(action->isEnabled()) << action->text().toStdString();
    }
}
