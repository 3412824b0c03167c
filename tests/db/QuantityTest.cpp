#include "db/Quantity.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

TEST(Quantity, MissingValueIsNotApplicableNeverZero)
{
    EXPECT_EQ(Quantity::format(std::nullopt, QStringLiteral("TFLOPS")), QStringLiteral("n/a"));
    EXPECT_EQ(Quantity::format(std::numeric_limits<double>::quiet_NaN(), QStringLiteral("GB")),
              QStringLiteral("n/a"));
    EXPECT_EQ(Quantity::format(0.0, QStringLiteral("TFLOPS")), QStringLiteral("0 TFLOPS"));
}

TEST(Quantity, DatasheetValuesKeepTheirDigitsAndUnit)
{
    // H100 SXM5 FP16 dense (whitepaper), bandwidth, and A100 FP64 tensor.
    EXPECT_EQ(Quantity::format(989.4, QStringLiteral("TFLOPS")), QStringLiteral("989.4 TFLOPS"));
    EXPECT_EQ(Quantity::format(3350.0, QStringLiteral("GB/s")), QStringLiteral("3350 GB/s"));
    EXPECT_EQ(Quantity::format(19.5, QStringLiteral("TFLOPS")), QStringLiteral("19.5 TFLOPS"));
    EXPECT_EQ(Quantity::format(80.0, QStringLiteral("GB")), QStringLiteral("80 GB"));
    EXPECT_EQ(Quantity::format(1.0737, QStringLiteral("GB"), 2), QStringLiteral("1.07 GB"));
}
