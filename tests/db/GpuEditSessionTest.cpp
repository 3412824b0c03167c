// GpuEditSession on its own, with no table model over it: the unit of work the Catalogue tab's model,
// the undo commands and the recovery file share.

#include "db/GpuEditSession.h"

#include "db/SeedCatalogue.h"

#include <QSignalSpy>
#include <gtest/gtest.h>

TEST(GpuEditSession, HoldsEditsPendingAndListsThemWithoutAModel)
{
    GpuEditSession session;
    QString error;
    session.setGpus(SeedCatalogue::load(&error)->gpus);
    const int l4 = session.rowOf(QStringLiteral("l4_24gb"));
    ASSERT_GE(l4, 0);
    QSignalSpy changed(&session, &GpuEditSession::rowsChanged);
    QSignalSpy unsaved(&session, &GpuEditSession::unsavedChangesChanged);

    ASSERT_TRUE(session.setValue(l4, GpuField::TdpW, 75.0));
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.first().at(0).toInt(), l4);
    EXPECT_EQ(unsaved.count(), 1);
    EXPECT_TRUE(session.cellUnsaved(l4, GpuFields::field(GpuField::TdpW)));
    EXPECT_FALSE(session.cellUnsaved(l4, GpuFields::field(GpuField::MemoryGb)));
    const QVector<GpuEditSession::PendingEdit> edits = session.pendingEdits();
    ASSERT_EQ(edits.size(), 1);
    EXPECT_EQ(edits.first().saved->tdpW, 72.0); // the seed: NVIDIA L4 datasheet, 72 W
    EXPECT_EQ(edits.first().current->tdpW, 75.0);

    session.revert();
    EXPECT_FALSE(session.hasUnsavedChanges());
    EXPECT_EQ(session.gpuAt(session.rowOf(QStringLiteral("l4_24gb"))).tdpW, 72.0);
}

TEST(GpuEditSession, TellsAModelBeforeAndAfterEachRowComesAndGoes)
{
    GpuEditSession session;
    QString error;
    session.setGpus(SeedCatalogue::load(&error)->gpus);
    QVector<QString> order;
    QObject::connect(&session, &GpuEditSession::rowAboutToBeInserted, [&](int row) {
        order << QStringLiteral("before insert %1 of %2").arg(row).arg(session.rowCount());
    });
    QObject::connect(&session, &GpuEditSession::rowInserted, [&](int row) {
        order << QStringLiteral("inserted %1 of %2").arg(row).arg(session.rowCount());
    });
    QObject::connect(&session, &GpuEditSession::rowAboutToBeRemoved, [&](int row) {
        order << QStringLiteral("before remove %1 of %2").arg(row).arg(session.rowCount());
    });
    QObject::connect(&session, &GpuEditSession::rowRemoved, [&](int row) {
        order << QStringLiteral("removed %1 of %2").arg(row).arg(session.rowCount());
    });
    const int count = session.rowCount();
    GpuSpec gpu = session.gpuAt(0);
    gpu.gpuId = QStringLiteral("aaa_first_of_all");
    gpu.vendor = QStringLiteral("AAA"); // sorts first
    const quint64 key = session.addGpu(gpu);
    ASSERT_NE(key, 0u) << session.lastError().toStdString();
    ASSERT_TRUE(session.takeRow(session.rowOfKey(key)));
    EXPECT_EQ(order, (QVector<QString>{QStringLiteral("before insert 0 of %1").arg(count),
                                       QStringLiteral("inserted 0 of %1").arg(count + 1),
                                       QStringLiteral("before remove 0 of %1").arg(count + 1),
                                       QStringLiteral("removed 0 of %1").arg(count)}));
    EXPECT_FALSE(session.hasUnsavedChanges()); // added, then taken away before any save
}
