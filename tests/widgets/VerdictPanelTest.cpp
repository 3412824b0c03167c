#include "widgets/compare/VerdictPanel.h"

#include "tests/widgets/CompareTestData.h"
#include "widgets/compare/VerdictBadge.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QLabel>
#include <algorithm>
#include <gtest/gtest.h>

using Task = VerdictPanel::Task;

TEST(VerdictPanel, OneCardPerGpuWithBadgesAndReasons)
{
    VerdictPanel panel;
    panel.setVerdicts(CompareTestData::seedVerdicts());
    ASSERT_EQ(panel.cardCount(), 5);
    EXPECT_TRUE(panel.emptyText().isEmpty());

    // Badges carry a symbol and the level's name, never colour alone.
    EXPECT_EQ(panel.badgeText(0, Task::Training),
              VerdictPanel::levelSymbol(VerdictLevel::Recommended) + QStringLiteral(" Recommended"));
    EXPECT_TRUE(panel.badgeText(3, Task::Training).endsWith(QStringLiteral("Unsuitable")));
    EXPECT_TRUE(panel.badgeText(3, Task::Inference).endsWith(QStringLiteral("Limited")));
    EXPECT_TRUE(panel.badgeText(4, Task::Inference).endsWith(QStringLiteral("Suitable")));

    EXPECT_EQ(panel.reasonTexts(3, Task::Inference),
              (QStringList{QStringLiteral("768 GB/s limits decode to ~35 tokens/s"),
                           QStringLiteral("no NVLink across more than 2 cards")}));
    EXPECT_EQ(panel.reasonTexts(1, Task::Training),
              QStringList{QStringLiteral("141 GB fits larger models per GPU")});
}

TEST(VerdictPanel, CardsNameTheirGpuAndBadgesHaveAccessibleNames)
{
    VerdictPanel panel;
    panel.setVerdicts(CompareTestData::seedVerdicts());
    const QList<QLabel *> names = panel.findChildren<QLabel *>(QStringLiteral("gpuName"));
    ASSERT_EQ(names.size(), 5);
    EXPECT_EQ(names.at(2)->text(), QStringLiteral("A100 80GB SXM4"));
    const QList<QLabel *> badges = panel.findChildren<QLabel *>(QStringLiteral("inferenceBadge"));
    ASSERT_EQ(badges.size(), 5);
    EXPECT_EQ(badges.at(3)->accessibleName(), QStringLiteral("Inference: Limited"));
}

TEST(VerdictPanel, LevelsHaveDistinctTextsSymbolsAndColours)
{
    const QList<VerdictLevel> levels{VerdictLevel::Recommended, VerdictLevel::Suitable, VerdictLevel::Limited,
                                     VerdictLevel::Unsuitable};
    QSet<QString> texts;
    QSet<QString> symbols;
    QSet<QRgb> colours;
    for (VerdictLevel level : levels) {
        texts.insert(VerdictPanel::levelText(level));
        symbols.insert(VerdictPanel::levelSymbol(level));
        colours.insert(VerdictPanel::levelColor(level).rgb());
    }
    EXPECT_EQ(texts.size(), 4);
    EXPECT_EQ(symbols.size(), 4);
    EXPECT_EQ(colours.size(), 4);
}

TEST(VerdictPanel, ReplacingVerdictsReplacesCardsAndEmptyShowsAHint)
{
    VerdictPanel panel;
    panel.setVerdicts(CompareTestData::seedVerdicts());
    QVector<VerdictData> two = CompareTestData::seedVerdicts();
    two.resize(2);
    panel.setVerdicts(two);
    EXPECT_EQ(panel.cardCount(), 2);
    EXPECT_EQ(panel.findChildren<QLabel *>(QStringLiteral("gpuName")).size(), 2);
    panel.setVerdicts({});
    EXPECT_EQ(panel.cardCount(), 0);
    EXPECT_FALSE(panel.emptyText().isEmpty());
}

TEST(VerdictPanel, NoReasonsShowsNoReasonList)
{
    VerdictData verdict;
    verdict.gpuName = QStringLiteral("L4");
    verdict.training = VerdictLevel::Limited;
    verdict.inference = VerdictLevel::Suitable;
    verdict.inferenceReasons = {QStringLiteral("24 GB, 300 GB/s")};
    VerdictPanel panel;
    panel.setVerdicts({verdict});
    EXPECT_TRUE(panel.reasonTexts(0, Task::Training).isEmpty());
    EXPECT_EQ(panel.reasonTexts(0, Task::Inference), QStringList{QStringLiteral("24 GB, 300 GB/s")});
}

TEST(VerdictPanel, CopyVerdictsPutsEveryCardOnTheClipboard)
{
    VerdictPanel panel;
    panel.setVerdicts(CompareTestData::seedVerdicts());
    QAction *copy = nullptr;
    for (QAction *action : panel.actions())
        if (action->objectName() == QStringLiteral("copyVerdicts"))
            copy = action;
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(panel.contextMenuPolicy(), Qt::ActionsContextMenu);
    QGuiApplication::clipboard()->clear();
    copy->trigger();
    const QString text = QGuiApplication::clipboard()->text();
    EXPECT_TRUE(text.startsWith(QStringLiteral("H100 SXM5\n  Training: "))) << qPrintable(text);
    EXPECT_TRUE(text.contains(
        QStringLiteral("  Inference: Limited\n    \u2022 768 GB/s limits decode to ~35 tokens/s")))
        << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("A100 80GB SXM4"))) << qPrintable(text);
}

TEST(VerdictPanel, BadgesArePaintedInTheirLevelColour)
{
    VerdictPanel panel;
    panel.setVerdicts(CompareTestData::seedVerdicts());
    panel.resize(300, 900);
    const QList<QLabel *> badges = panel.findChildren<QLabel *>(QStringLiteral("trainingBadge"));
    ASSERT_EQ(badges.size(), 5);
    QLabel *recommended = badges.at(0);
    recommended->adjustSize();
    const QImage image = recommended->grab().toImage();
    ASSERT_FALSE(image.isNull());
    // A pixel inside the rounded corner radius, left of the text: the level's colour.
    EXPECT_EQ(image.pixelColor(4, image.height() / 2).rgb(),
              VerdictPanel::levelColor(VerdictLevel::Recommended).rgb());
    EXPECT_EQ(recommended->palette().color(QPalette::WindowText),
              VerdictPanel::levelTextColor(VerdictLevel::Recommended));
    EXPECT_TRUE(recommended->font().bold());
}

// A recompute refills the cards it has: every text, level, colour and reason list must be the new one,
// including a reason list that empties and one that comes back, and cards added after a shrink.
TEST(VerdictPanel, RefillingCardsShowsOnlyTheNewVerdicts)
{
    VerdictPanel panel;
    const QVector<VerdictData> seed = CompareTestData::seedVerdicts();
    panel.setVerdicts(seed);
    QVector<VerdictData> changed = seed;
    std::reverse(changed.begin(), changed.end());
    changed.resize(3);
    changed[0].trainingReasons.clear();
    changed[1].inference = VerdictLevel::Recommended;
    panel.setVerdicts(changed);
    ASSERT_EQ(panel.cardCount(), 3);
    for (int card = 0; card < 3; ++card) {
        const QLabel *name = panel.findChildren<QLabel *>(QStringLiteral("gpuName")).at(card);
        EXPECT_EQ(name->text(), changed[card].gpuName);
        EXPECT_EQ(panel.reasonTexts(card, Task::Training), changed[card].trainingReasons);
        EXPECT_EQ(panel.reasonTexts(card, Task::Inference), changed[card].inferenceReasons);
        EXPECT_TRUE(panel.badgeText(card, Task::Inference)
                        .endsWith(VerdictPanel::levelText(changed[card].inference)));
    }
    const QList<QLabel *> badges = panel.findChildren<QLabel *>(QStringLiteral("inferenceBadge"));
    EXPECT_EQ(badges.at(1)->palette().color(QPalette::WindowText),
              VerdictPanel::levelTextColor(VerdictLevel::Recommended));
    EXPECT_EQ(static_cast<const VerdictBadge *>(badges.at(1))->backgroundColor(),
              VerdictPanel::levelColor(VerdictLevel::Recommended));

    panel.setVerdicts(seed); // grows again; the emptied reason list comes back
    ASSERT_EQ(panel.cardCount(), 5);
    EXPECT_EQ(panel.reasonTexts(4, Task::Training), seed[4].trainingReasons);
    EXPECT_EQ(panel.reasonTexts(0, Task::Training), seed[0].trainingReasons);
    EXPECT_EQ(panel.verdictsAsText().count(QStringLiteral("\u2022")), [&] {
        qsizetype n = 0;
        for (const VerdictData &v : seed)
            n += v.trainingReasons.size() + v.inferenceReasons.size();
        return n;
    }());
}
