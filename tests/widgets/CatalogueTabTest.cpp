#include "CatalogueTab.h"

#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTest>
#include <gtest/gtest.h>

namespace {

// name, architecture, FP16 dense (as the spec model displays it), raw value for sorting
QStandardItemModel *catalogue(QObject *parent)
{
    auto *model = new QStandardItemModel(0, 3, parent);
    const struct
    {
        const char *name;
        const char *architecture;
        double tflops;
    } rows[] = {{"H100 SXM5 80GB", "Hopper", 989.4}, {"A100 SXM4 80GB", "Ampere", 312.0}, {"L40S 48GB", "Ada Lovelace", 362.05}};
    for (const auto &row : rows) {
        auto *number = new QStandardItem(QStringLiteral("%1 TFLOPS").arg(row.tflops));
        number->setData(row.tflops, Qt::UserRole + 1);
        model->appendRow({new QStandardItem(QString::fromLatin1(row.name)),
                          new QStandardItem(QString::fromLatin1(row.architecture)), number});
    }
    return model;
}

} // namespace

TEST(CatalogueTab, TypingFiltersByTheSearchColumnsOnly)
{
    CatalogueTab tab;
    QStandardItemModel *model = catalogue(&tab);
    tab.setModel(model, Qt::UserRole + 1, {0, 1});
    QTest::keyClicks(tab.filterEdit(), QStringLiteral("hopper"));
    ASSERT_EQ(tab.proxy()->rowCount(), 1);
    EXPECT_EQ(tab.proxy()->index(0, 0).data().toString(), QStringLiteral("H100 SXM5 80GB"));

    // A number in a spec column is not a name: "989" matches nothing.
    tab.filterEdit()->clear();
    QTest::keyClicks(tab.filterEdit(), QStringLiteral("989"));
    EXPECT_EQ(tab.proxy()->rowCount(), 0);

    tab.filterEdit()->clear();
    EXPECT_EQ(tab.proxy()->rowCount(), 3);
}

TEST(CatalogueTab, SortsNumbersByRawValueNotByText)
{
    CatalogueTab tab;
    tab.setModel(catalogue(&tab), Qt::UserRole + 1, {0, 1});
    tab.proxy()->sort(2, Qt::DescendingOrder);
    // As text, "989.4" < "362.05" < "312" would not hold; by value the order is 989.4, 362.05, 312.
    EXPECT_EQ(tab.proxy()->index(0, 0).data().toString(), QStringLiteral("H100 SXM5 80GB"));
    EXPECT_EQ(tab.proxy()->index(1, 0).data().toString(), QStringLiteral("L40S 48GB"));
    EXPECT_EQ(tab.proxy()->index(2, 0).data().toString(), QStringLiteral("A100 SXM4 80GB"));
}
