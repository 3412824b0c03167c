#pragma once

#include "tests/support/SeededCatalogue.h"

// A test on a fresh catalogue made from the bundled seed, in a temporary folder: m_snapshot is what the
// window and the command line read from it.
class SeedSnapshotTest : public SeededCatalogueTest
{
protected:
    void SetUp() override
    {
        SeededCatalogueTest::SetUp();
        if (HasFatalFailure())
            return;
        CatalogueError error;
        std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
        ASSERT_TRUE(snapshot) << error.message.toStdString();
        m_snapshot = std::move(*snapshot);
    }

    // The seed GPUs with these ids, in this order; fails the test when one is missing.
    QVector<GpuSpec> seedGpus(std::initializer_list<const char *> ids) const
    {
        QVector<GpuSpec> gpus;
        for (const char *id : ids) {
            const GpuSpec *gpu = m_snapshot.findGpu(QString::fromLatin1(id));
            EXPECT_TRUE(gpu) << id;
            if (gpu)
                gpus << *gpu;
        }
        return gpus;
    }

    CatalogueSnapshot m_snapshot;
};
