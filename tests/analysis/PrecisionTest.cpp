#include "app/analysis/Precision.h"

#include <gtest/gtest.h>

TEST(Precision, BytesPerValueOfPlainFormats)
{
    EXPECT_DOUBLE_EQ(Precisions::bytesPerValue(Precision::Fp32), 4.0);
    EXPECT_DOUBLE_EQ(Precisions::bytesPerValue(Precision::Bf16), 2.0);
    EXPECT_DOUBLE_EQ(Precisions::bytesPerValue(Precision::Fp8), 1.0);
    EXPECT_DOUBLE_EQ(Precisions::bytesPerValue(Precision::Int4), 0.5);
}

TEST(Precision, GgufFormatsCountTheirBlockScales)
{
    // q8_0: 32 x int8 + fp16 scale = 34 bytes per 32 weights; q4_0: 16 + 2 = 18 bytes per 32.
    EXPECT_DOUBLE_EQ(Precisions::bitsPerValue(Precision::GgufQ8_0), 34.0 * 8 / 32);
    EXPECT_DOUBLE_EQ(Precisions::bitsPerValue(Precision::GgufQ4_0), 18.0 * 8 / 32);
    EXPECT_DOUBLE_EQ(Precisions::bitsPerValue(Precision::GgufQ4_K_M), 4.85);
}

TEST(Precision, ParsesEveryNameItPrintsAndRejectsOthers)
{
    for (const QString &name : Precisions::allNames()) {
        const auto parsed = Precisions::parse(name);
        ASSERT_TRUE(parsed.has_value()) << name.toStdString();
        EXPECT_EQ(Precisions::name(*parsed), name);
    }
    EXPECT_EQ(Precisions::parse(QStringLiteral(" BF16 ")), Precision::Bf16);
    EXPECT_FALSE(Precisions::parse(QStringLiteral("fp12")).has_value());
    EXPECT_FALSE(Precisions::parse(QString()).has_value());
}
