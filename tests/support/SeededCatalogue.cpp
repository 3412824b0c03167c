#include "tests/support/SeededCatalogue.h"

#include "db/SeedCatalogue.h"

SeededCatalogue::SeededCatalogue()
    : catalogue(create(dir, QStringLiteral("catalogue.db")))
{}

std::unique_ptr<Catalogue> SeededCatalogue::create(const QTemporaryDir &dir, const QString &name)
{
    EXPECT_TRUE(dir.isValid()) << dir.errorString().toStdString();
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue = Catalogue::open(
        dir.filePath(name),
        Catalogue::Options{Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed}, &error);
    EXPECT_TRUE(catalogue) << error.message.toStdString();
    return catalogue;
}

namespace {

// The bundled seed, read once; empty (and the test failed) when it cannot be read.
const SeedData &bundledSeed()
{
    static const SeedData seed = [] {
        QString error;
        std::optional<SeedData> loaded = SeedCatalogue::load(&error);
        EXPECT_TRUE(loaded) << error.toStdString();
        return loaded.value_or(SeedData{});
    }();
    return seed;
}

} // namespace

qsizetype seedGpuCount()
{
    return bundledSeed().gpus.size();
}

qsizetype seedBenchmarkCount()
{
    return bundledSeed().benchmarks.size();
}
