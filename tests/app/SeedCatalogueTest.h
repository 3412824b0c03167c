#pragma once

#include "Catalogue.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>

// A test on a fresh catalogue made from the bundled seed, in a temporary folder: m_snapshot is what the
// window and the command line read from it.
class SeedCatalogueTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        CatalogueError error;
        auto catalogue =
            Catalogue::open(m_dir.filePath(QStringLiteral("c.db")),
                            {Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed}, &error);
        ASSERT_TRUE(catalogue) << error.message.toStdString();
        m_snapshot = *catalogue->snapshot();
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

    QTemporaryDir m_dir;
    CatalogueSnapshot m_snapshot;
};
