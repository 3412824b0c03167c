#pragma once

#include "db/Catalogue.h"

#include <QString>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <memory>

// A new catalogue built from the bundled seed in a temporary folder of its own, as a first run makes it:
// what most catalogue tests start from. The fields are public, as a test's own locals would be.
struct SeededCatalogue
{
    SeededCatalogue(); // a failure to make the catalogue fails the test; catalogue is then null

    // Another catalogue from the seed at dir/name, next to the first (the other side of an import, a
    // backup); null, and the test failed, when it cannot be made.
    static std::unique_ptr<Catalogue> create(const QTemporaryDir &dir, const QString &name);

    QTemporaryDir dir;
    std::unique_ptr<Catalogue> catalogue; // at dir/catalogue.db
};

// The fixture: a test on a seeded catalogue stops before its body when the catalogue cannot be made.
class SeededCatalogueTest : public ::testing::Test, public SeededCatalogue
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        ASSERT_TRUE(catalogue);
    }
};

// How many GPUs the bundled seed has (resources/seed/gpu-specs.csv, read by SeedCatalogue::load), so
// that tests counting a new catalogue's rows need no change when a GPU is added to the seed.
qsizetype seedGpuCount();
// How many measured runs the bundled seed has (every benchmarks-*.csv that SeedCatalogue::load reads).
qsizetype seedBenchmarkCount();
