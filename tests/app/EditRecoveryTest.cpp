// Unsaved catalogue edits survive SIGTERM (logout, shutdown): a child process with the window's real
// session and recovery classes is sent SIGTERM, its recovery file is offered at the next open, and
// Restore gives the edits back as unsaved, undoable edits.

#include "app/window/CatalogueRecovery.h"
#include "app/window/CatalogueSession.h"
#include "app/window/UserPrompt.h"
#include "db/EditRecoveryFile.h"
#include "widgets/catalogue/CatalogueEditor.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QUndoStack>
#include <gtest/gtest.h>
#include <memory>
#include <vector>

namespace {

// Starts a child on path that edits the notes of gpuId and waits; false (with why) when it made no edits.
::testing::AssertionResult startChildWithEdits(QProcess &child, const QString &path, const QString &gpuId)
{
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QStringLiteral(RECOVERY_CHILD), {path, gpuId});
    if (!child.waitForStarted())
        return ::testing::AssertionFailure() << "the child did not start";
    QByteArray output;
    while (!output.contains("ready") && child.state() == QProcess::Running && child.waitForReadyRead(30000))
        output += child.readAllStandardOutput();
    if (!output.contains("ready"))
        return ::testing::AssertionFailure() << "the child made no edits: exit " << child.exitCode();
    return ::testing::AssertionSuccess();
}

// Runs a child on path for each GPU of edited (each a window with unsaved edits of that GPU's notes),
// then ends them all with SIGTERM at once, as logout does; false (with why) when one did not exit by
// itself.
::testing::AssertionResult terminateChildrenWithEdits(const QString &path,
                                                      const QStringList &edited = {QStringLiteral("l4_24gb")})
{
    std::vector<std::unique_ptr<QProcess>> children;
    for (const QString &gpuId : edited) {
        children.push_back(std::make_unique<QProcess>());
        if (::testing::AssertionResult started = startChildWithEdits(*children.back(), path, gpuId); !started)
            return started;
    }
    for (const std::unique_ptr<QProcess> &child : children)
        child->terminate(); // SIGTERM
    for (const std::unique_ptr<QProcess> &child : children) {
        if (!child->waitForFinished(30000))
            return ::testing::AssertionFailure() << "SIGTERM did not end the child";
        if (child->exitStatus() != QProcess::NormalExit)
            return ::testing::AssertionFailure() << "the child was killed by the signal, not ended by itself";
    }
    return ::testing::AssertionSuccess();
}

struct Answered
{
    int asked = 0;
    UserPrompt::Message message;
};

} // namespace

TEST(EditRecovery, SigtermWritesUnsavedEditsThatTheNextOpenOffersAndRestores)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    ASSERT_TRUE(terminateChildrenWithEdits(path));
    const QStringList files = EditRecoveryFile::find(path);
    ASSERT_EQ(files.size(), 1) << "SIGTERM wrote the unsaved edits beside the catalogue";
    const QString recoveryPath = files.first();
    EXPECT_NE(recoveryPath, EditRecoveryFile::pathFor(path)) << "the child's file, not this process's";

    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    const SpecTableModel *model = session.specModel();
    const QString savedNotes =
        model->session()->gpuAt(model->session()->rowOf(QStringLiteral("l4_24gb"))).notes;
    EXPECT_NE(savedNotes, QStringLiteral("typed before logout")) << "the edits never reached the catalogue";
    EXPECT_GE(model->session()->rowOf(QStringLiteral("a10_24gb")), 0);

    UserPrompt prompt(nullptr);
    Answered answered;
    prompt.setHandler([&answered](const UserPrompt::Message &message) {
        ++answered.asked;
        answered.message = message;
        return QMessageBox::Apply; // Restore
    });
    CatalogueRecovery recovery(&session, nullptr, &prompt);
    ASSERT_TRUE(recovery.offer());
    ASSERT_EQ(answered.asked, 1);
    EXPECT_TRUE(answered.message.text.startsWith(QStringLiteral("Unsaved edits from ")))
        << answered.message.text.toStdString();
    EXPECT_EQ(answered.message.buttonTexts.value(QMessageBox::Apply), QStringLiteral("Restore"));
    EXPECT_TRUE(answered.message.buttons.testFlag(QMessageBox::Discard));

    EXPECT_EQ(model->session()->gpuAt(model->session()->rowOf(QStringLiteral("l4_24gb"))).notes,
              QStringLiteral("typed before logout"));
    EXPECT_GE(model->session()->rowOf(QStringLiteral("custom_gpu")), 0) << "the added GPU is back";
    EXPECT_LT(model->session()->rowOf(QStringLiteral("a10_24gb")), 0) << "the deleted GPU is deleted again";
    EXPECT_EQ(model->session()->unsavedRowCount(), 3) << "restored as unsaved edits";
    EXPECT_FALSE(QFile::exists(recoveryPath)) << "Restore removes the old process's file";
    // ... once this process's own file holds the restored edits: a crash before they are saved keeps them
    // (issue 40, item 3).
    const QString own = EditRecoveryFile::pathFor(path);
    ASSERT_TRUE(QFile::exists(own));
    const std::optional<EditRecoveryFile::Contents> kept = EditRecoveryFile::read(own);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->edits.size(), 3);

    QUndoStack *undo = session.editor()->undoStack();
    ASSERT_EQ(undo->count(), 1) << "one undoable command";
    undo->undo();
    EXPECT_FALSE(model->session()->hasUnsavedChanges());
    EXPECT_EQ(model->session()->gpuAt(model->session()->rowOf(QStringLiteral("l4_24gb"))).notes, savedNotes);
    undo->redo();
    EXPECT_EQ(model->session()->unsavedRowCount(), 3);
    ASSERT_TRUE(session.editor()->save().ok());
    EXPECT_FALSE(QFile::exists(own)) << "saved: the own file goes";
    EXPECT_FALSE(recovery.offer()) << "nothing offered twice";
}

TEST(EditRecovery, DiscardRemovesTheFileAndASaveRemovesAStaleOne)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    ASSERT_TRUE(terminateChildrenWithEdits(path));
    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    UserPrompt prompt(nullptr);
    prompt.setHandler([](const UserPrompt::Message &) { return QMessageBox::Discard; });
    CatalogueRecovery recovery(&session, nullptr, &prompt);
    EXPECT_FALSE(recovery.offer());
    EXPECT_TRUE(EditRecoveryFile::find(path).isEmpty()) << "Discard removes the file";
    EXPECT_FALSE(session.specModel()->session()->hasUnsavedChanges());

    // Written at the session's end, then the session went on and the edits were saved: the file is out
    // of date and goes.
    ASSERT_TRUE(session.editor()->setValue(session.specModel()->session()->rowOf(QStringLiteral("l4_24gb")),
                                           GpuField::Notes, QStringLiteral("kept")));
    ASSERT_TRUE(recovery.writeUnsaved());
    ASSERT_TRUE(QFile::exists(EditRecoveryFile::pathFor(path)));
    ASSERT_TRUE(session.editor()->save().ok());
    EXPECT_FALSE(QFile::exists(EditRecoveryFile::pathFor(path)));

    // ... or the window was closed as usual (the edits discarded when asked): it goes too.
    ASSERT_TRUE(session.editor()->setValue(session.specModel()->session()->rowOf(QStringLiteral("l4_24gb")),
                                           GpuField::Notes, QStringLiteral("discarded at close")));
    ASSERT_TRUE(recovery.writeUnsaved());
    ASSERT_TRUE(QFile::exists(EditRecoveryFile::pathFor(path)));
    recovery.windowClosed();
    EXPECT_FALSE(QFile::exists(EditRecoveryFile::pathFor(path)));
}

// Two windows on one catalogue ended together at logout: each keeps its own file, and both are offered.
TEST(EditRecovery, TwoProcessesEndedTogetherKeepTwoFilesAndBothAreOffered)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    ASSERT_TRUE(
        terminateChildrenWithEdits(path, {QStringLiteral("l4_24gb"), QStringLiteral("h100_sxm5_80gb")}));
    ASSERT_EQ(EditRecoveryFile::find(path).size(), 2) << "neither window replaced the other's file";

    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    UserPrompt prompt(nullptr);
    int asked = 0;
    prompt.setHandler([&asked](const UserPrompt::Message &) {
        ++asked;
        return QMessageBox::Apply;
    });
    CatalogueRecovery recovery(&session, nullptr, &prompt);
    ASSERT_TRUE(recovery.offer());
    EXPECT_EQ(asked, 2);
    const SpecTableModel *model = session.specModel();
    for (const QString &gpuId : {QStringLiteral("l4_24gb"), QStringLiteral("h100_sxm5_80gb")})
        EXPECT_EQ(model->session()->gpuAt(model->session()->rowOf(gpuId)).notes,
                  QStringLiteral("typed before logout"))
            << gpuId.toStdString();
    // Both old files are gone; this process's own holds both restored edits until they are saved.
    EXPECT_EQ(EditRecoveryFile::find(path), QStringList{EditRecoveryFile::pathFor(path)});
    const std::optional<EditRecoveryFile::Contents> own =
        EditRecoveryFile::read(EditRecoveryFile::pathFor(path));
    ASSERT_TRUE(own);
    EXPECT_EQ(own->edits.size(), model->session()->unsavedRowCount());
}

// A save in one window removes only the file that window wrote, never another process's still to be offered.
TEST(EditRecovery, ASaveKeepsAnotherProcesssFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    ASSERT_TRUE(terminateChildrenWithEdits(path));
    const QStringList others = EditRecoveryFile::find(path);
    ASSERT_EQ(others.size(), 1);

    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    UserPrompt prompt(nullptr);
    CatalogueRecovery recovery(&session, nullptr, &prompt); // not offered: another window has it open
    ASSERT_TRUE(
        session.editor()->setValue(session.specModel()->session()->rowOf(QStringLiteral("h100_sxm5_80gb")),
                                   GpuField::Notes, QStringLiteral("saved here")));
    ASSERT_TRUE(recovery.writeUnsaved()); // the session ending, then going on
    ASSERT_TRUE(QFile::exists(EditRecoveryFile::pathFor(path)));
    ASSERT_TRUE(session.editor()->save().ok());
    EXPECT_FALSE(QFile::exists(EditRecoveryFile::pathFor(path))) << "this process's file goes";
    EXPECT_EQ(EditRecoveryFile::find(path), others) << "the other process's file stays";
}

namespace {

// A recovery file as another process (id 1) would have left it.
QString writeOthersFile(const QString &path, const QVector<GpuEditSession::PendingEdit> &edits)
{
    const QString file = path + QStringLiteral(".recovery-1-0000abcd");
    EXPECT_FALSE(EditRecoveryFile::write(file, edits));
    return file;
}

GpuEditSession::PendingEdit notesEdit(const SpecTableModel *model, const QString &gpuId, const QString &notes)
{
    GpuEditSession::PendingEdit edit;
    edit.saved = model->session()->gpuAt(model->session()->rowOf(gpuId));
    edit.current = *edit.saved;
    edit.current->notes = notes;
    return edit;
}

} // namespace

// Restore puts back only the fields the ended process changed: one the file changed since (a CLI
// import, another window's save) is not reverted.
TEST(EditRecovery, RestoreKeepsFieldsTheCatalogueChangedSince)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    SpecTableModel *model = session.specModel();
    const QString file =
        writeOthersFile(path, {notesEdit(model, QStringLiteral("l4_24gb"), QStringLiteral("recovered"))});
    const int l4 = model->session()->rowOf(QStringLiteral("l4_24gb"));
    const QVariant tdp = GpuFields::value(model->session()->gpuAt(l4), GpuFields::field(GpuField::TdpW));
    ASSERT_TRUE(session.editor()->setValue(l4, GpuField::TdpW, tdp.toInt() + 5));
    ASSERT_TRUE(session.editor()->save().ok());

    UserPrompt prompt(nullptr);
    prompt.setHandler([](const UserPrompt::Message &) { return QMessageBox::Apply; });
    CatalogueRecovery recovery(&session, nullptr, &prompt);
    ASSERT_TRUE(recovery.offer());
    const GpuSpec restored = model->session()->gpuAt(model->session()->rowOf(QStringLiteral("l4_24gb")));
    EXPECT_EQ(restored.notes, QStringLiteral("recovered"));
    EXPECT_EQ(GpuFields::value(restored, GpuFields::field(GpuField::TdpW)).toInt(), tdp.toInt() + 5)
        << "the saved TDP stays";
    EXPECT_FALSE(QFile::exists(file));
}

// A recovered change the table refuses now (its new id taken since) is not dropped silently: Restore says
// so and the file stays; the other edits are restored.
TEST(EditRecovery, ARefusedRecoveredChangeKeepsTheFileAndSaysWhy)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    SpecTableModel *model = session.specModel();
    GpuEditSession::PendingEdit renamed = notesEdit(model, QStringLiteral("l4_24gb"), QString());
    renamed.current->notes = renamed.saved->notes;
    renamed.current->gpuId = QStringLiteral("custom_gpu");
    const QString file = writeOthersFile(
        path, {renamed, notesEdit(model, QStringLiteral("h100_sxm5_80gb"), QStringLiteral("recovered"))});
    ASSERT_GE(session.editor()->addNewGpu(), 0); // takes the id custom_gpu
    ASSERT_TRUE(session.editor()->save().ok());

    UserPrompt prompt(nullptr);
    QStringList texts;
    prompt.setHandler([&texts](const UserPrompt::Message &message) {
        texts << message.text + u' ' + message.informativeText;
        return QMessageBox::Apply;
    });
    CatalogueRecovery recovery(&session, nullptr, &prompt);
    recovery.offer();
    ASSERT_EQ(texts.size(), 2) << "the question, then why an edit was not restored";
    EXPECT_TRUE(texts.last().contains(QStringLiteral("custom_gpu"))) << texts.last().toStdString();
    EXPECT_TRUE(texts.last().contains(file)) << texts.last().toStdString();
    EXPECT_TRUE(QFile::exists(file)) << "the refused edit is kept";
    EXPECT_GE(model->session()->rowOf(QStringLiteral("l4_24gb")), 0);
    EXPECT_EQ(model->session()->gpuAt(model->session()->rowOf(QStringLiteral("h100_sxm5_80gb"))).notes,
              QStringLiteral("recovered"));
}
