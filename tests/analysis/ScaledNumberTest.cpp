// Numbers as people type them, read the same at both front doors (the form and the command line).

#include "app/analysis/ScaledNumber.h"

#include <gtest/gtest.h>

namespace {

std::optional<double> read(const char *text, QString *problem = nullptr)
{
    return ScaledNumber::parse(QString::fromUtf8(text), QLocale::c(), problem);
}

} // namespace

TEST(ScaledNumber, SuffixesMeanTheirPowersOfTen)
{
    // "50M" was read as 50 billion tokens by the training budget (its unit was billions): 50 million it is.
    EXPECT_EQ(read("50M"), 50'000'000.0);
    EXPECT_EQ(read("1.5B"), 1'500'000'000.0);
    EXPECT_EQ(read("2G"), 2'000'000'000.0);
    EXPECT_EQ(read("2T"), 2'000'000'000'000.0);
    EXPECT_EQ(read("50k"), 50'000.0);
    EXPECT_EQ(read("50K"), 50'000.0);
    EXPECT_EQ(read(" 300 B "), 300'000'000'000.0);
    // Without a suffix: plain numbers, e-notation and well-placed group separators.
    EXPECT_EQ(read("2048"), 2048.0);
    EXPECT_EQ(read("2,048"), 2048.0);
    EXPECT_EQ(read("1e12"), 1e12);
    EXPECT_EQ(read("0.5"), 0.5);
}

TEST(ScaledNumber, RefusesWhatItCannotReadAndSaysWhy)
{
    for (const char *junk :
         {"50MB", "5e", "inf", "nan", "", "  ", "M", "1.5.0", "50m", "fifty", "1,5", "0x10"}) {
        QString problem;
        EXPECT_FALSE(read(junk, &problem)) << junk;
        // The reason names what was typed (when there was something) and the suffixes that are allowed.
        EXPECT_TRUE(problem.contains(QStringLiteral("M (million)"))) << junk << ": " << problem.toStdString();
        if (!QString::fromUtf8(junk).trimmed().isEmpty()) {
            EXPECT_TRUE(problem.contains(QString::fromUtf8(junk).trimmed())) << problem.toStdString();
        }
    }
}

TEST(ScaledNumber, WholeNumbersTakeSuffixesButNoFractions)
{
    QString problem;
    EXPECT_EQ(ScaledNumber::parseWhole(QStringLiteral("1.5k"), QLocale::c(), &problem), 1500);
    EXPECT_EQ(ScaledNumber::parseWhole(QStringLiteral("2M"), QLocale::c(), &problem), 2'000'000);
    EXPECT_FALSE(ScaledNumber::parseWhole(QStringLiteral("1.5"), QLocale::c(), &problem));
    EXPECT_EQ(problem, QStringLiteral("'1.5' is not a whole number"));
    EXPECT_FALSE(ScaledNumber::parseWhole(QStringLiteral("1.0005k"), QLocale::c(), &problem));
    EXPECT_FALSE(ScaledNumber::parseWhole(QStringLiteral("10000000T"), QLocale::c(), &problem)); // > 2^63
    EXPECT_TRUE(problem.contains(QStringLiteral("too large"))) << problem.toStdString();
}

TEST(ScaledNumber, FormatsLargeCountsWithTheSuffixThatReadsBack)
{
    const QLocale c = QLocale::c();
    EXPECT_EQ(ScaledNumber::format(50e6, c), QStringLiteral("50M"));
    EXPECT_EQ(ScaledNumber::format(1.5e9, c), QStringLiteral("1.5B"));
    EXPECT_EQ(ScaledNumber::format(15e9, c), QStringLiteral("15B"));
    EXPECT_EQ(ScaledNumber::format(2e12, c), QStringLiteral("2T"));
    EXPECT_EQ(ScaledNumber::format(2048, c), QStringLiteral("2048")); // below a million: as it is
    // More digits than three decimals of the suffix hold: the plain number, never a rounded one.
    EXPECT_EQ(ScaledNumber::format(1'234'567'891.0, c), QStringLiteral("1234567891"));
    for (double value : {50e6, 1.5e9, 15e9, 2e12, 1'234'567'891.0, 999'999.0})
        EXPECT_EQ(ScaledNumber::parse(ScaledNumber::format(value, c), c, nullptr), value) << value;
    // In a locale of its own: the decimal comma is the one read back.
    const QLocale german(QLocale::German, QLocale::Germany);
    EXPECT_EQ(ScaledNumber::format(1.5e9, german), QStringLiteral("1,5B"));
    EXPECT_EQ(ScaledNumber::parse(QStringLiteral("1,5B"), german, nullptr), 1.5e9);
}
