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

qsizetype seedGpuCount()
{
    static const qsizetype count = [] {
        QString error;
        const std::optional<SeedData> seed = SeedCatalogue::load(&error);
        EXPECT_TRUE(seed) << error.toStdString();
        return seed ? seed->gpus.size() : qsizetype(-1);
    }();
    return count;
}
