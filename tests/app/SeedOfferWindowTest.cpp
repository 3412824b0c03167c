// The window offers this version's GPUs and models to an older catalogue in a bar (not a modal dialog)
// and remembers the answer; a fresh catalogue shows no bar.

#include "app/window/SeedOfferBar.h"
#include "app/window/SeedOfferController.h"
#include "app/window/SeedOfferDialog.h"
#include "tests/app/WindowFixture.h"
#include "tests/db/TestCatalogueFiles.h"

#include <QAction>
#include <QDir>
#include <QPushButton>

namespace {

// A window on the version-3 fixture (tests/data/catalogue-v3.sql), upgraded on opening.
class SeedOfferWindow : public WindowFixture
{
protected:
    void openVersion3()
    {
        const QString path = m_dir.filePath(QStringLiteral("v3.db"));
        if (!QFileInfo::exists(path))
            TestCatalogueFiles::buildFromSql(
                path, QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/catalogue-v3.sql"));
        m_window.reset();
        m_session = std::make_unique<CatalogueSession>();
        ASSERT_TRUE(m_session->open(path)) << m_session->lastError().message.toStdString();
        m_window = std::make_unique<MainWindow>(m_session.get());
        m_window->show();
    }

    // Saves a picture of the window for a person to look at (GPUCOMPARE_SHOTS=folder), never a check.
    void saveShot(QWidget *widget, const QString &name)
    {
        const QString folder = qEnvironmentVariable("GPUCOMPARE_SHOTS");
        if (!folder.isEmpty())
            widget->grab().save(QDir(folder).filePath(name));
    }
};

} // namespace

TEST_F(SeedOfferWindow, AFreshCatalogueShowsNoBar)
{
    m_window->show();
    EXPECT_FALSE(m_window->seedOfferBar()->isVisible());
}

TEST_F(SeedOfferWindow, AnOlderCatalogueShowsTheBarAndTheAnswerIsKept)
{
    openVersion3();
    SeedOfferBar *bar = m_window->seedOfferBar();
    ASSERT_TRUE(bar->isVisible()) << "the bar shows in the window at start-up";
    EXPECT_TRUE(bar->text().startsWith(QStringLiteral("This version of GPU Compare knows 10 GPUs")))
        << bar->text().toStdString();
    EXPECT_TRUE(bar->text().contains(QStringLiteral("B300 SXM 288GB (HGX B300)")))
        << bar->text().toStdString();
    saveShot(m_window.get(), QStringLiteral("seed-offer-bar.png"));

    // Review…: the checklist comes with every offered row checked; the user keeps two GPUs.
    int offered = 0;
    m_window->seedOffer()->setReviewHandler([&offered](const SeedCatalogue::SeedOffer &offer) {
        offered = int(offer.gpus.size());
        SeedOfferDialog dialog(offer, QStringLiteral("test"));
        EXPECT_EQ(dialog.checkedGpuIds().size(), offer.gpus.size()) << "every row starts checked";
        return std::optional(SeedOfferController::Choice{
            {QStringLiteral("b300_sxm_288gb"), QStringLiteral("rtx_5090_32gb")}, {}});
    });
    bar->findChild<QPushButton *>(QStringLiteral("seedOfferReview"))->click();
    EXPECT_EQ(offered, 10);
    EXPECT_FALSE(bar->isVisible()) << "everything was answered";
    EXPECT_NE(m_session->snapshot().findGpu(QStringLiteral("b300_sxm_288gb")), nullptr)
        << "the comparison sees the added GPU at once";
    EXPECT_EQ(m_session->snapshot().findGpu(QStringLiteral("h20_96gb")), nullptr);

    // The next start asks nothing; the File menu action still lists the declined GPUs.
    openVersion3();
    EXPECT_FALSE(m_window->seedOfferBar()->isVisible());
    QStringList listed;
    m_window->seedOffer()->setReviewHandler([&listed](const SeedCatalogue::SeedOffer &offer) {
        for (const GpuSpec &gpu : offer.gpus)
            listed << gpu.gpuId;
        return std::optional<SeedOfferController::Choice>(); // cancelled
    });
    m_window->addFromSeedAction()->trigger();
    EXPECT_TRUE(listed.contains(QStringLiteral("h20_96gb")));
    EXPECT_FALSE(listed.contains(QStringLiteral("b300_sxm_288gb")));
}

TEST_F(SeedOfferWindow, NotNowHidesTheBarUntilTheNextStart)
{
    openVersion3();
    SeedOfferBar *bar = m_window->seedOfferBar();
    ASSERT_TRUE(bar->isVisible());
    bar->findChild<QPushButton *>(QStringLiteral("seedOfferNotNow"))->click();
    EXPECT_FALSE(bar->isVisible());
    openVersion3();
    EXPECT_TRUE(m_window->seedOfferBar()->isVisible()) << "not answered: asked again at the next start";
}

TEST_F(SeedOfferWindow, TheChecklistDialogListsEveryOfferedRow)
{
    openVersion3();
    const SeedCatalogue::SeedOffer offer = m_session->seedOffer(SeedCatalogue::OfferScope::Unanswered);
    SeedOfferDialog dialog(offer, QStringLiteral("These GPUs and models came with this version."));
    EXPECT_EQ(dialog.rowCount(), offer.gpus.size() + offer.models.size());
    dialog.show();
    saveShot(&dialog, QStringLiteral("seed-offer-dialog.png"));
    dialog.findChild<QPushButton *>(QStringLiteral("seedOfferDontAdd"))->click();
    EXPECT_TRUE(dialog.checkedGpuIds().isEmpty()) << "Don't Add declines every row";
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
}
