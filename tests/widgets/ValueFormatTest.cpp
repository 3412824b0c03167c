#include "widgets/common/ValueFormat.h"

#include <gtest/gtest.h>
#include <limits>

TEST(ValueFormat, NumberKeepsTwoDecimalsBelowAThousandWithoutTrailingZeros)
{
    const QLocale c = QLocale::c();
    EXPECT_EQ(ValueFormat::number(989.4, c), QStringLiteral("989.4"));
    EXPECT_EQ(ValueFormat::number(362.05, c), QStringLiteral("362.05"));
    EXPECT_EQ(ValueFormat::number(80.0, c), QStringLiteral("80"));
    EXPECT_EQ(ValueFormat::number(0.0, c), QStringLiteral("0"));
    // A small amount is never rounded to nothing (issue 59: "Electricity per million tokens 0").
    EXPECT_EQ(ValueFormat::number(0.0042, c), QStringLiteral("0.0042"));
    EXPECT_EQ(ValueFormat::number(0.004, c), QStringLiteral("0.004"));
    EXPECT_EQ(ValueFormat::compact(0.0096, c), QStringLiteral("0.0096"));
    EXPECT_EQ(ValueFormat::number(0.012, c), QStringLiteral("0.01"));
    EXPECT_EQ(ValueFormat::number(-0.001, c), QStringLiteral("-0.001"));
    EXPECT_EQ(ValueFormat::number(-0.0, c), QStringLiteral("0")); // never "-0"
    EXPECT_EQ(ValueFormat::compact(-0.0001, c), QStringLiteral("-0.0001"));
    EXPECT_EQ(ValueFormat::number(1978.9, c), QStringLiteral("1979"));
    EXPECT_EQ(ValueFormat::number(1.4e12, c), QStringLiteral("1.4e+12"));
}

TEST(ValueFormat, FollowsTheLocale)
{
    const QLocale us(QLocale::English, QLocale::UnitedStates);
    const QLocale de(QLocale::German, QLocale::Germany);
    EXPECT_EQ(ValueFormat::number(4800.0, us), QStringLiteral("4,800"));
    EXPECT_EQ(ValueFormat::number(4800.0, de), QStringLiteral("4.800"));
    EXPECT_EQ(ValueFormat::number(989.4, de), QStringLiteral("989,4"));
    EXPECT_EQ(ValueFormat::withUnit(3350.0, QStringLiteral("GB/s"), us), QStringLiteral("3,350\u00a0GB/s"));
    EXPECT_EQ(ValueFormat::withUnit(48.0, QString(), us), QStringLiteral("48"));
}

TEST(ValueFormat, CompactKeepsThreeSignificantDigitsForChartLabels)
{
    const QLocale c = QLocale::c();
    EXPECT_EQ(ValueFormat::compact(989.4, c), QStringLiteral("989"));
    EXPECT_EQ(ValueFormat::compact(77.44, c), QStringLiteral("77.4"));
    EXPECT_EQ(ValueFormat::compact(1.234, c), QStringLiteral("1.23"));
    EXPECT_EQ(ValueFormat::compact(19.5, c), QStringLiteral("19.5"));
    EXPECT_EQ(ValueFormat::compact(1978.9, c), QStringLiteral("1979"));
    EXPECT_EQ(ValueFormat::compact(std::numeric_limits<double>::quiet_NaN(), c), QStringLiteral("nan"));
}
