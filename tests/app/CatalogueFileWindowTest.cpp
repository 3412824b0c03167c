// The catalogue file's life in the window: a damaged file, a mistyped path, Back Up Catalogue…, errors of
// menu actions while another tab is shown, the Preferences key.

#include "app/window/CatalogueOpener.h"
#include "app/window/CatalogueSession.h"
#include "app/window/MainWindow.h"
#include "app/window/UserPrompt.h"
#include "db/Catalogue.h"
#include "db/GpuField.h"
#include "db/SpecTableModel.h"
#include "tests/db/SmallDisk.h"
#include "tests/support/SeededCatalogue.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"

#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <memory>

namespace {

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

// A window on the catalogue at path, opened as main() opens it, with message boxes answered by answer.
class CatalogueFileWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                           m_dir.filePath(QStringLiteral("settings")));
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           m_dir.filePath(QStringLiteral("settings")));
        QSettings().clear();
    }

    void openWindow(const QString &catalogue)
    {
        m_session = std::make_unique<CatalogueSession>();
        m_session->open(catalogue); // a failure is the window's to say
        m_window = std::make_unique<MainWindow>(m_session.get());
        m_window->prompt()->setHandler([this](const UserPrompt::Message &message) {
            m_messages << message;
            return m_answers.isEmpty() ? QMessageBox::Close : m_answers.takeFirst();
        });
        m_window->catalogueOpener()->setPathChooser([this](CatalogueOpener::FileChoice) {
            return m_chosenPaths.isEmpty() ? QString() : m_chosenPaths.takeFirst();
        });
    }

    QTemporaryDir m_dir;
    std::unique_ptr<CatalogueSession> m_session;
    std::unique_ptr<MainWindow> m_window;
    QList<UserPrompt::Message> m_messages;
    QList<QMessageBox::StandardButton> m_answers;
    QStringList m_chosenPaths;
};

} // namespace

TEST_F(CatalogueFileWindow, ADamagedCatalogueSaysSoAndOffersANewOneInAnotherFile)
{
    const QString damaged = m_dir.filePath(QStringLiteral("catalogue.db"));
    ASSERT_FALSE(Catalogue::createFromSeed(damaged));
    QByteArray bytes = readBytes(damaged);
    bytes.truncate(bytes.size() / 2);
    writeBytes(damaged, bytes);
    const QString fresh = m_dir.filePath(QStringLiteral("fresh.db"));
    m_answers = {QMessageBox::Save};
    m_chosenPaths = {fresh};

    openWindow(damaged);
    ASSERT_FALSE(m_session->isOpen());
    const bool damagedKind = m_session->lastError().kind == CatalogueError::Kind::Damaged ||
                             m_session->lastError().kind == CatalogueError::Kind::NotADatabase;
    EXPECT_TRUE(damagedKind) << m_session->lastError().message.toStdString();
    m_window->show();
    QCoreApplication::processEvents(); // the window is up: the message comes

    ASSERT_EQ(m_messages.size(), 1);
    const UserPrompt::Message &offer = m_messages.first();
    EXPECT_TRUE(offer.text.contains(QStringLiteral("is damaged")) ||
                offer.text.contains(QStringLiteral("is not a GPU Compare catalogue")))
        << offer.text.toStdString();
    EXPECT_TRUE(offer.text.contains(damaged)) << offer.text.toStdString();
    EXPECT_TRUE(offer.informativeText.contains(QStringLiteral("The file was not changed.")))
        << offer.informativeText.toStdString();
    EXPECT_TRUE(offer.buttons.testFlag(QMessageBox::Open));
    EXPECT_TRUE(offer.buttons.testFlag(QMessageBox::Save));
    EXPECT_EQ(offer.buttonTexts.value(QMessageBox::Open), QStringLiteral("Open Another…"));
    EXPECT_EQ(offer.buttonTexts.value(QMessageBox::Save), QStringLiteral("Start New…"));

    // Start New…: a catalogue from the bundled data at the chosen path, open in the window.
    ASSERT_TRUE(m_session->isOpen()) << m_session->lastError().message.toStdString();
    EXPECT_EQ(m_session->path(), QFileInfo(fresh).absoluteFilePath());
    EXPECT_EQ(m_session->snapshot().gpus.size(), seedGpuCount());
    EXPECT_TRUE(m_window->catalogueTab()->message().isEmpty())
        << m_window->catalogueTab()->message().toStdString();
    EXPECT_EQ(readBytes(damaged), bytes) << "the damaged file is left as it was";
}

TEST_F(CatalogueFileWindow, ClosingTheOfferLeavesTheWindowEmptyAndOpenAnotherOpensOne)
{
    const QString damaged = m_dir.filePath(QStringLiteral("catalogue.db"));
    writeBytes(damaged, QByteArray(4096, 'x'));
    const QString other = m_dir.filePath(QStringLiteral("other.db"));
    ASSERT_FALSE(Catalogue::createFromSeed(other));

    m_answers = {QMessageBox::Close};
    openWindow(damaged);
    QCoreApplication::processEvents();
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_FALSE(m_session->isOpen());
    EXPECT_TRUE(m_window->catalogueTab()->message().contains(QStringLiteral("not changed")))
        << m_window->catalogueTab()->message().toStdString();

    m_answers = {QMessageBox::Open};
    m_chosenPaths = {other};
    m_window->catalogueOpener()->offerAnother();
    ASSERT_TRUE(m_session->isOpen()) << m_session->lastError().message.toStdString();
    EXPECT_EQ(m_session->path(), QFileInfo(other).absoluteFilePath());
    EXPECT_EQ(readBytes(damaged), QByteArray(4096, 'x'));
}

TEST_F(CatalogueFileWindow, AMistypedCatalogueSaysInTheStatusBarThatItWasCreated)
{
    const QString mistyped = m_dir.filePath(QStringLiteral("catalgoue.db"));
    openWindow(mistyped);
    ASSERT_TRUE(m_session->isOpen());
    EXPECT_EQ(m_window->statusBar()->currentMessage(),
              QStringLiteral("Created a new catalogue at %1 (no file was there)").arg(mistyped));
}

TEST_F(CatalogueFileWindow, BackUpCatalogueWritesACopyAndSaysWhyWhenItCannot)
{
    openWindow(m_dir.filePath(QStringLiteral("catalogue.db")));
    ASSERT_TRUE(m_session->isOpen());
    const QString copy = m_dir.filePath(QStringLiteral("copy.db"));
    m_chosenPaths = {copy};
    m_window->backUpCatalogueAction()->trigger();
    EXPECT_TRUE(m_messages.isEmpty());
    CatalogueError error;
    auto backup = Catalogue::open(copy, &error);
    ASSERT_TRUE(backup) << error.message.toStdString();
    EXPECT_EQ(backup->snapshot()->gpus.size(), seedGpuCount());
    EXPECT_TRUE(m_window->statusBar()->currentMessage().contains(QStringLiteral("Backed up")));

    m_chosenPaths = {m_dir.filePath(QStringLiteral("no/such/folder/copy.db"))};
    m_window->backUpCatalogueAction()->trigger();
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().text.contains(QStringLiteral("not backed up")))
        << m_messages.first().text.toStdString();
    EXPECT_TRUE(m_messages.first().informativeText.contains(QStringLiteral("does not exist")));
}

TEST_F(CatalogueFileWindow, ASaveThatFailsWhileAnotherTabIsShownIsAMessageBox)
{
    SmallDisk disk(8 * 1024 * 1024); // room for the seeded catalogue (about 2.9 MB) and more
    if (!disk.isMounted())
        GTEST_SKIP() << "mounting a small tmpfs needs root";
    openWindow(disk.filePath(QStringLiteral("catalogue.db")));
    ASSERT_TRUE(m_session->isOpen());
    m_window->show();
    m_window->tabs()->setCurrentIndex(0); // Compare
    for (int i = 0; i < m_session->specModel()->rowCount(); ++i)
        ASSERT_TRUE(m_session->editor()->setValue(i, GpuField::Notes, QString(3000, u'n')));
    disk.fill();

    m_window->catalogueTab()->saveAction()->trigger(); // Edit > Save, from the Compare tab
    QCoreApplication::processEvents();                 // the action is over: the box comes
    ASSERT_EQ(m_messages.size(), 1) << "one failure, one box";
    EXPECT_TRUE(m_messages.first().text.contains(QStringLiteral("Nothing was saved")))
        << m_messages.first().text.toStdString();
    EXPECT_TRUE(m_messages.first().text.contains(QStringLiteral("the disk is full")))
        << m_messages.first().text.toStdString();

    // On the Catalogue tab the message shows there, without a box.
    m_window->tabs()->setCurrentWidget(m_window->catalogueTab());
    m_window->catalogueTab()->saveAction()->trigger();
    QCoreApplication::processEvents();
    EXPECT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_window->catalogueTab()->message().contains(QStringLiteral("the disk is full")));
    disk.makeRoom();
    m_window.reset();
    m_session.reset();
}

TEST_F(CatalogueFileWindow, PreferencesHasAShortcut)
{
    openWindow(m_dir.filePath(QStringLiteral("catalogue.db")));
    EXPECT_FALSE(m_window->preferencesAction()->shortcut().isEmpty());
#ifndef Q_OS_MACOS
    EXPECT_EQ(m_window->preferencesAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
#endif
}
