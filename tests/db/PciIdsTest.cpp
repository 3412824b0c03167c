#include "db/PciIds.h"

#include "db/GpuField.h"

#include <gtest/gtest.h>

// The ids as lspci -n and sysfs print them: "10de:2330". A user pasting them from either, with capitals
// or spaces, gets them read; anything else is refused with an example of the form.
TEST(PciIds, ListsOfVendorDeviceIdsReadInAnyCase)
{
    const auto one = PciIds::parse(QStringLiteral("10de:2330"));
    ASSERT_TRUE(one);
    ASSERT_EQ(one->size(), 1);
    EXPECT_EQ(one->at(0), (PciIds::Id{0x10de, 0x2330}));

    const auto two = PciIds::parse(QStringLiteral(" 10DE:2321 ,10de:2322"));
    ASSERT_TRUE(two);
    EXPECT_EQ(*two, (QVector<PciIds::Id>{{0x10de, 0x2321}, {0x10de, 0x2322}}));

    EXPECT_TRUE(PciIds::parse(QString())->isEmpty()) << "empty: not given";
}

TEST(PciIds, OtherTextIsRefusedWithTheForm)
{
    for (const char *bad : {"10de", "10de:233", "10de:23300", "0x10de:0x2330", "10de:2330,", "10de-2330",
                            "zzzz:2330", "10de:2330;10de:2331"}) {
        EXPECT_FALSE(PciIds::parse(QString::fromLatin1(bad))) << bad;
        EXPECT_NE(PciIds::problem(QString::fromLatin1(bad)).indexOf(QStringLiteral("10de:2330")), -1) << bad;
    }
    // The catalogue's pci_ids cell refuses it through the same check.
    const GpuField &field = GpuFields::field(GpuField::PciIds);
    EXPECT_FALSE(GpuFields::validate(field, QStringLiteral("10de")).isEmpty());
    EXPECT_TRUE(GpuFields::validate(field, QStringLiteral("1002:74a1")).isEmpty());
}
