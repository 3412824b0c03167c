#include "widgets/compare/MathPanel.h"

#include <QApplication>
#include <QClipboard>
#include <QToolButton>
#include <gtest/gtest.h>

namespace {

QVector<MathTermView> kvCacheTerms()
{
    MathTermView bytes;
    bytes.name = QStringLiteral("KV cache");
    bytes.formula = QStringLiteral("2 · L · n_kv · d · bytes · tokens · batch");
    bytes.substituted = QStringLiteral("2 · 32 · 8 · 128 · 2 · 8192 · 1");
    bytes.value = 1.07;
    bytes.unit = QStringLiteral("GB");
    MathTermView note;
    note.name = QStringLiteral("Efficiency profile: llama.cpp single stream");
    return {bytes, note};
}

} // namespace

TEST(MathPanel, ShowsEveryTermWithFormulaSubstitutionAndValue)
{
    MathPanel panel;
    panel.setMath(QStringLiteral("Memory needed, H100 SXM5"), kvCacheTerms());
    EXPECT_EQ(panel.title(), QStringLiteral("Memory needed, H100 SXM5"));
    QString shown = panel.displayedText();
    shown.replace(QChar(0x00a0), u' '); // the document's plain text may turn no-break spaces into spaces
    EXPECT_TRUE(shown.contains(QStringLiteral("KV cache")));
    EXPECT_TRUE(shown.contains(QStringLiteral("2 · L · n_kv · d · bytes · tokens · batch")));
    EXPECT_TRUE(shown.contains(QStringLiteral("2 · 32 · 8 · 128 · 2 · 8192 · 1")));
    EXPECT_TRUE(shown.contains(QStringLiteral("1.07 GB"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("llama.cpp single stream")));
}

TEST(MathPanel, PlainTextIsOneLinePerTermAndCopyPutsItOnTheClipboard)
{
    MathPanel panel;
    panel.setMath(QStringLiteral("Memory needed"), kvCacheTerms());
    const QStringList lines = panel.toPlainText().split(u'\n');
    ASSERT_EQ(lines.size(), 3);
    EXPECT_EQ(lines.at(0), QStringLiteral("Memory needed"));
    EXPECT_EQ(lines.at(1), QStringLiteral("KV cache: 2 · L · n_kv · d · bytes · tokens · batch = "
                                          "2 · 32 · 8 · 128 · 2 · 8192 · 1 = 1.07\u00a0GB"));
    EXPECT_EQ(lines.at(2), QStringLiteral("Efficiency profile: llama.cpp single stream"));

    auto *copy = panel.findChild<QToolButton *>();
    ASSERT_TRUE(copy);
    EXPECT_TRUE(copy->isEnabled());
    copy->click();
    EXPECT_EQ(QApplication::clipboard()->text(), panel.toPlainText());
}

TEST(MathPanel, HtmlInTermsIsShownAsText)
{
    MathTermView term;
    term.name = QStringLiteral("<b>a</b> & b");
    term.formula = QStringLiteral("x < y");
    MathPanel panel;
    panel.setMath(QStringLiteral("t"), {term});
    EXPECT_TRUE(panel.displayedText().contains(QStringLiteral("<b>a</b> & b")));
    EXPECT_TRUE(panel.displayedText().contains(QStringLiteral("x < y")));
}

TEST(MathPanel, ClearShowsAHintAndDisablesCopy)
{
    MathPanel panel;
    panel.setMath(QStringLiteral("Memory needed"), kvCacheTerms());
    panel.clear();
    EXPECT_TRUE(panel.terms().isEmpty());
    EXPECT_TRUE(panel.displayedText().isEmpty());
    EXPECT_FALSE(panel.findChild<QToolButton *>()->isEnabled());
}
