// The window on a team catalogue: File ▸ Open Team Catalogue… takes the URL, the title names the catalogue,
// a teammate's save shows the "Catalogue changed" bar, Reload reads it again, a read-only login says so.

#include "app/window/CatalogueOpener.h"
#include "app/window/CatalogueSession.h"
#include "app/window/MainWindow.h"
#include "app/window/TeamChangeBar.h"
#include "app/window/UserPrompt.h"
#include "db/Catalogue.h"
#include "db/GpuRepository.h"
#include "db/WriteTransaction.h"
#include "tests/support/PostgresServer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

class TeamCatalogueWindow : public ::testing::Test
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
        m_session = std::make_unique<CatalogueSession>();
        ASSERT_TRUE(m_session->open(m_dir.filePath(QStringLiteral("catalogue.db"))));
        m_window = std::make_unique<MainWindow>(m_session.get());
        m_window->prompt()->setHandler([this](const UserPrompt::Message &message) {
            m_messages << message.text + u' ' + message.informativeText;
            return QMessageBox::Ok;
        });
        m_window->show();
    }

    // Waits for the event loop to deliver what the server sent (a notification).
    static void waitFor(const std::function<bool()> &condition)
    {
        QElapsedTimer timer;
        timer.start();
        while (!condition() && timer.elapsed() < 5000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<CatalogueSession> m_session;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages; // what the window told the user
};

} // namespace

TEST_F(TeamCatalogueWindow, OpenTeamCatalogueShowsItInTheTitleAndATeammatesSaveInABar)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString database = server->createDatabase();
    const QString url = server->url(database);
    m_window->catalogueOpener()->setPathChooser([&url](CatalogueOpener::FileChoice choice) {
        return choice == CatalogueOpener::FileChoice::TeamUrl ? url : QString();
    });
    m_window->catalogueOpener()->openTeamWithDialog();
    ASSERT_TRUE(m_session->isTeamCatalogue()) << m_session->lastError().message.toStdString();
    EXPECT_TRUE(m_window->windowTitle().contains(QStringLiteral("team catalogue postgresql://")))
        << m_window->windowTitle().toStdString();
    EXPECT_TRUE(m_window->windowTitle().contains(database)) << m_window->windowTitle().toStdString();
    EXPECT_FALSE(m_window->windowTitle().contains(QString::fromLatin1(PostgresServer::kAdminPassword)));
    EXPECT_FALSE(m_window->teamChangeBar()->isVisible());

    // A teammate in another program saves three rows (as its WriteTransaction does: the rows, then the
    // notice naming its own process): the bar says so.
    ASSERT_EQ(server->exec(database,
                           QStringLiteral("UPDATE gpus SET usd_per_gpu_hour = 0.5, revision = revision + 1 "
                                          "WHERE gpu_id IN ('h100_sxm5_80gb', 'a100_sxm4_80gb', 'l4_24gb')")),
              QString());
    ASSERT_EQ(server->exec(database, QStringLiteral("SELECT pg_notify('%1', '3 teammate-1')")
                                         .arg(QString::fromLatin1(WriteTransaction::kChangeChannel))),
              QString());
    waitFor([this] { return m_window->teamChangeBar()->isVisible(); });
    ASSERT_TRUE(m_window->teamChangeBar()->isVisible());
    EXPECT_EQ(m_window->teamChangeBar()->rows(), 3);
    EXPECT_TRUE(m_window->teamChangeBar()->text().contains(QStringLiteral("Catalogue changed: 3 rows")))
        << m_window->teamChangeBar()->text().toStdString();

    // Reload reads it again: the window's snapshot has the teammate's prices, and the bar goes.
    auto *reload = m_window->teamChangeBar()->findChild<QPushButton *>(QStringLiteral("teamChangeReload"));
    ASSERT_NE(reload, nullptr);
    reload->click();
    EXPECT_FALSE(m_window->teamChangeBar()->isVisible());
    const auto h100 =
        std::find_if(m_session->snapshot().gpus.cbegin(), m_session->snapshot().gpus.cend(),
                     [](const GpuSpec &gpu) { return gpu.gpuId == QStringLiteral("h100_sxm5_80gb"); });
    ASSERT_NE(h100, m_session->snapshot().gpus.cend());
    EXPECT_EQ(h100->usdPerGpuHour, 0.5);

    // A save of this program (any connection of it, here another Catalogue) shows no bar.
    CatalogueError error;
    std::unique_ptr<Catalogue> own = Catalogue::open(url, &error);
    ASSERT_TRUE(own) << error.message.toStdString();
    GpuSpec again = *own->gpus().find(QStringLiteral("l4_24gb"));
    again.usdPerGpuHour = 0.6;
    ASSERT_FALSE(own->gpus().update(again));
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 500)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    EXPECT_FALSE(m_window->teamChangeBar()->isVisible());
}

TEST_F(TeamCatalogueWindow, AWrongAddressLeavesTheOpenCatalogueAndSaysWhy)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString before = m_session->path();
    const QString url = server->url(server->createDatabase(), QString::fromLatin1(PostgresServer::kAdmin),
                                    QStringLiteral("not-the-password"));
    m_window->catalogueOpener()->setPathChooser([&url](CatalogueOpener::FileChoice) { return url; });
    m_window->catalogueOpener()->openTeamWithDialog();
    EXPECT_EQ(m_session->path(), before);
    EXPECT_FALSE(m_session->isTeamCatalogue());
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().contains(QStringLiteral("password authentication failed")))
        << m_messages.first().toStdString();
    EXPECT_FALSE(m_messages.first().contains(QStringLiteral("not-the-password")))
        << m_messages.first().toStdString();
}

TEST_F(TeamCatalogueWindow, ARecentTeamCatalogueReopensFromTheFileMenuWithoutItsPasswordStored)
{
    GPUCOMPARE_REQUIRE_POSTGRES(server);
    const QString file = m_session->path();
    const QString database = server->createDatabase();
    const QString url = server->url(database); // with the password in it
    auto *recent = m_window->findChild<QMenu *>(QStringLiteral("recentTeamCatalogues"));
    ASSERT_NE(recent, nullptr);
    EXPECT_FALSE(recent->isEnabled()); // nothing opened yet
    m_window->catalogueOpener()->setPathChooser([&url](CatalogueOpener::FileChoice choice) {
        return choice == CatalogueOpener::FileChoice::TeamUrl ? url : QString();
    });
    m_window->catalogueOpener()->openTeamWithDialog();
    ASSERT_TRUE(m_session->isTeamCatalogue()) << m_session->lastError().message.toStdString();
    QCoreApplication::processEvents();

    // One entry, the URL without its password; the password is nowhere in the settings.
    const QString shown = Catalogue::displayLocation(url);
    QList<QAction *> entries;
    for (QAction *action : recent->actions())
        if (!action->data().toString().isEmpty())
            entries << action;
    ASSERT_EQ(entries.size(), 1);
    EXPECT_TRUE(recent->isEnabled());
    EXPECT_EQ(entries.first()->data().toString(), shown);
    EXPECT_TRUE(entries.first()->text().contains(database)) << entries.first()->text().toStdString();
    EXPECT_FALSE(entries.first()->text().contains(QString::fromLatin1(PostgresServer::kAdminPassword)));
    QSettings settings;
    for (const QString &key : settings.allKeys()) {
        const QString stored = settings.value(key).toStringList().join(u' ');
        EXPECT_FALSE(stored.contains(QString::fromLatin1(PostgresServer::kAdminPassword)))
            << key.toStdString();
    }

    // Back to the file; the recent entry opens the team catalogue again as Open Team Catalogue… does,
    // the password from PGPASSWORD (or ~/.pgpass) as libpq finds it.
    ASSERT_TRUE(m_window->catalogueOpener()->open(file));
    EXPECT_FALSE(m_session->isTeamCatalogue());
    qputenv("PGPASSWORD", PostgresServer::kAdminPassword);
    entries.first()->trigger();
    qunsetenv("PGPASSWORD");
    QCoreApplication::processEvents();
    ASSERT_TRUE(m_session->isTeamCatalogue()) << m_session->lastError().message.toStdString();
    EXPECT_EQ(m_session->path(), shown);
    EXPECT_TRUE(m_window->windowTitle().contains(database)) << m_window->windowTitle().toStdString();

    // Without a password anywhere it is refused as from the dialog: one message, and the file stays open.
    ASSERT_TRUE(m_window->catalogueOpener()->open(file));
    QAction *again = nullptr;
    for (QAction *action : recent->actions())
        if (action->data().toString() == shown)
            again = action;
    ASSERT_NE(again, nullptr);
    m_messages.clear();
    again->trigger();
    QCoreApplication::processEvents();
    EXPECT_FALSE(m_session->isTeamCatalogue());
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_messages.first().contains(QStringLiteral("password"))) << m_messages.first().toStdString();
}
