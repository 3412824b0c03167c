// Unsaved catalogue edits survive SIGTERM (logout, shutdown): a child process with the window's real
// session and recovery classes is sent SIGTERM, its recovery file is offered at the next open, and
// Restore gives the edits back as unsaved, undoable edits.

#include "CatalogueEditor.h"
#include "CatalogueRecovery.h"
#include "CatalogueSession.h"
#include "EditRecoveryFile.h"
#include "UserPrompt.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QUndoStack>
#include <gtest/gtest.h>

namespace {

// Runs the child on path, waits for its edits, ends it with SIGTERM; false (with why) when it did not
// exit by itself.
::testing::AssertionResult terminateChildWithEdits(const QString &path)
{
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QStringLiteral(RECOVERY_CHILD), {path});
    if (!child.waitForStarted())
        return ::testing::AssertionFailure() << "the child did not start";
    QByteArray output;
    while (!output.contains("ready") && child.state() == QProcess::Running && child.waitForReadyRead(30000))
        output += child.readAllStandardOutput();
    if (!output.contains("ready"))
        return ::testing::AssertionFailure() << "the child made no edits: exit " << child.exitCode();
    child.terminate(); // SIGTERM
    if (!child.waitForFinished(30000))
        return ::testing::AssertionFailure() << "SIGTERM did not end the child";
    if (child.exitStatus() != QProcess::NormalExit)
        return ::testing::AssertionFailure() << "the child was killed by the signal, not ended by itself";
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
    ASSERT_TRUE(terminateChildWithEdits(path));
    const QString recoveryPath = EditRecoveryFile::pathFor(path);
    ASSERT_TRUE(QFile::exists(recoveryPath)) << "SIGTERM wrote the unsaved edits beside the catalogue";

    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    const SpecTableModel *model = session.specModel();
    const QString savedNotes = model->gpuAt(model->rowOf(QStringLiteral("l4_24gb"))).notes;
    EXPECT_NE(savedNotes, QStringLiteral("typed before logout")) << "the edits never reached the catalogue";
    EXPECT_GE(model->rowOf(QStringLiteral("a10_24gb")), 0);

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

    EXPECT_EQ(model->gpuAt(model->rowOf(QStringLiteral("l4_24gb"))).notes,
              QStringLiteral("typed before logout"));
    EXPECT_GE(model->rowOf(QStringLiteral("custom_gpu")), 0) << "the added GPU is back";
    EXPECT_LT(model->rowOf(QStringLiteral("a10_24gb")), 0) << "the deleted GPU is deleted again";
    EXPECT_EQ(model->unsavedRowCount(), 3) << "restored as unsaved edits";
    EXPECT_FALSE(QFile::exists(recoveryPath)) << "Restore removes the file";

    QUndoStack *undo = session.editor()->undoStack();
    ASSERT_EQ(undo->count(), 1) << "one undoable command";
    undo->undo();
    EXPECT_FALSE(model->hasUnsavedChanges());
    EXPECT_EQ(model->gpuAt(model->rowOf(QStringLiteral("l4_24gb"))).notes, savedNotes);
    undo->redo();
    EXPECT_EQ(model->unsavedRowCount(), 3);
    ASSERT_TRUE(session.editor()->save().ok());
    EXPECT_FALSE(recovery.offer()) << "nothing offered twice";
}

TEST(EditRecovery, DiscardRemovesTheFileAndASaveRemovesAStaleOne)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalogue.gpudb"));
    ASSERT_TRUE(terminateChildWithEdits(path));
    CatalogueSession session;
    ASSERT_TRUE(session.open(path));
    UserPrompt prompt(nullptr);
    prompt.setHandler([](const UserPrompt::Message &) { return QMessageBox::Discard; });
    CatalogueRecovery recovery(&session, nullptr, &prompt);
    EXPECT_FALSE(recovery.offer());
    EXPECT_FALSE(QFile::exists(EditRecoveryFile::pathFor(path)));
    EXPECT_FALSE(session.specModel()->hasUnsavedChanges());

    // Written at the session's end, then the session went on and the edits were saved: the file is out
    // of date and goes.
    ASSERT_TRUE(session.editor()->setValue(session.specModel()->rowOf(QStringLiteral("l4_24gb")),
                                           GpuField::Notes, QStringLiteral("kept")));
    ASSERT_TRUE(recovery.writeUnsaved());
    ASSERT_TRUE(QFile::exists(EditRecoveryFile::pathFor(path)));
    ASSERT_TRUE(session.editor()->save().ok());
    EXPECT_FALSE(QFile::exists(EditRecoveryFile::pathFor(path)));

    // ... or the window was closed as usual (the edits discarded when asked): it goes too.
    ASSERT_TRUE(session.editor()->setValue(session.specModel()->rowOf(QStringLiteral("l4_24gb")),
                                           GpuField::Notes, QStringLiteral("discarded at close")));
    ASSERT_TRUE(recovery.writeUnsaved());
    ASSERT_TRUE(QFile::exists(EditRecoveryFile::pathFor(path)));
    recovery.windowClosed();
    EXPECT_FALSE(QFile::exists(EditRecoveryFile::pathFor(path)));
}
